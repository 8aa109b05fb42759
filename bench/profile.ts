// Where does the binary's time go on /zip/{zip}.json? Runs the server from source under
// `bun --cpu-prof --cpu-prof-md`, drives it with the same wrk + rotating-ZIP script as
// bench/run for BENCH_DURATION seconds, stops it, and prints the top of the profile.
// Usage: bun bench/profile.ts [path-kind: zip|zip304|state]   (writes bench/profile/)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort, readZips, rotatingLua, wrk, DONE_LUA } from "./bench.ts";

const ROOT = resolve(import.meta.dir, "..");
const OUT = join(ROOT, "bench/profile");
const kind = process.argv[2] ?? "zip";
const seconds = Number(process.env.BENCH_DURATION ?? 10);
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const port = await freePort();
const proc = Bun.spawn(
  // The build's base URL, as bench/run: the shipped path (bodies from the snapshot, coded bodies from the build).
  ["bun", "--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${OUT}`, "apps/server/src/cli.ts", "--port", String(port), "--base-url", "http://localhost:8080", "--quiet"],
  { cwd: ROOT, stdout: "ignore", stderr: "inherit" },
);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await Bun.sleep(100);
}
const zips = readZips(join(ROOT, "data/zips.csv"), 5000);
const paths = zips.map((z) => `/zip/${z}.json`);
let etags: string[] | undefined;
if (kind === "zip304") etags = await Promise.all(paths.map(async (p) => (await fetch(base + p)).headers.get("etag") ?? ""));
const script = join(OUT, "wrk.lua");
writeFileSync(script, kind === "state" ? DONE_LUA : rotatingLua(paths, etags));
const url = kind === "state" ? `${base}/state/CA.json` : `${base}/`;
await wrk(url, script, kind === "state" ? ["Accept-Encoding: br"] : [], 2);
const r = await wrk(url, script, kind === "state" ? ["Accept-Encoding: br"] : [], seconds);
console.log(`${kind}: ${Math.round(r.rps)} req/s, p50 ${(r.p50_us / 1000).toFixed(2)} ms, p99 ${(r.p99_us / 1000).toFixed(2)} ms (under the profiler)`);
proc.kill("SIGTERM");
await proc.exited;
const md = readdirSync(OUT).find((f) => f.endsWith(".md"));
if (md) console.log(readFileSync(join(OUT, md), "utf8").split("\n").slice(0, 80).join("\n"));
else console.log(`no markdown profile in ${OUT}: ${readdirSync(OUT).join(", ")}`);

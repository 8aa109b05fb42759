// Point lookups (issue 12): `bun bench/location.ts` after `bun run build`.
// 1. The RSS the boundaries add: the binary on the embedded data, and on a copy of data/ whose
//    manifest lists no boundary file (so nothing is loaded), each asked one location and sampled
//    BENCH_SETTLE (30) s after start, idle: the start-up's compression workers make RSS swing by 150 MB in the first seconds.
// 2. GET /location.json for the 5,000 points of bench/points.csv (2020 block-group population
//    centres drawn by population, bench/points.ts), rotated by wrk (1 thread, 50 connections); req/s and p99.
// bench/run measures the same in its rounds (RSS before and after the first location request);
// this script adds the comparison with a manifest that lists no boundary file.
// Env: BENCH_DURATION (10 s), BENCH_CONNECTIONS (50). Prints a Markdown table; the machine may be
// shared, so the load average is printed next to the numbers.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { rotatingLua, wrk } from "./bench.ts";
import { locationPaths } from "./points.ts";

const ROOT = resolve(import.meta.dir, "..");
const BIN = resolve(ROOT, process.env.BENCH_BIN ?? "dist/school-districts");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SETTLE = Number(process.env.BENCH_SETTLE ?? 30);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssKiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

async function start(args: string[]): Promise<{ proc: Bun.Subprocess; port: number }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn([BIN, "--port", String(port), "--host", "127.0.0.1", "--quiet", ...args], { stdout: "ignore", stderr: "ignore" });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { proc, port };
    } catch {}
    await sleep(100);
  }
  proc.kill();
  throw new Error("the binary did not start");
}

async function main() {
  const load = loadavg().map((l) => l.toFixed(2)).join(" ");
  // 1. RSS with and without boundaries.
  const plain = mkdtempSync(join(tmpdir(), "bench-noboundaries-"));
  cpSync(join(ROOT, "data"), plain, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(plain, "manifest.json"), "utf8"));
  delete manifest.files["boundaries.topojson"];
  delete manifest.boundaries;
  writeFileSync(join(plain, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  rmSync(join(plain, "boundaries.topojson"));
  const rss: Record<string, number> = {};
  for (const [name, args] of [["with boundaries", ["--data", join(ROOT, "data")]], ["without", ["--data", plain]]] as const) {
    const { proc, port } = await start([...args]);
    // The boundaries are indexed on the first location request: ask one, then let it settle.
    await fetch(`http://127.0.0.1:${port}/location.json?lat=45.7833&lon=-108.5007`);
    await sleep(SETTLE * 1000);
    rss[name] = rssKiB(proc.pid);
    proc.kill("SIGTERM");
    await proc.exited;
  }
  rmSync(plain, { recursive: true, force: true });

  // 2. Throughput of point lookups on the embedded data.
  const paths = locationPaths();
  const { proc, port } = await start([]);
  const base = `http://127.0.0.1:${port}`;
  let ok = 0;
  for (const p of paths.slice(0, 200)) ok += (await fetch(base + p)).status === 200 ? 1 : 0;
  const dir = mkdtempSync(join(tmpdir(), "bench-location-"));
  const script = join(dir, "points.lua");
  writeFileSync(script, rotatingLua(paths, undefined));
  await wrk(`${base}/`, script, [], 2, proc.pid); // warm-up
  const r = await wrk(`${base}/`, script, [], DURATION, proc.pid);
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });

  const mib = (k: number) => (k / 1024).toFixed(1);
  console.log(`Point lookups (bench/location.ts), load average at start ${load}\n`);
  console.log("| measure | value |\n|---|---:|");
  console.log(`| RSS ${SETTLE} s after start, with boundaries | ${mib(rss["with boundaries"]!)} MiB |`);
  console.log(`| RSS ${SETTLE} s after start, manifest without boundaries | ${mib(rss.without!)} MiB |`);
  console.log(`| RSS the boundaries add (budget 40 MiB) | ${mib(rss["with boundaries"]! - rss.without!)} MiB |`);
  console.log(`| points (bench/points.csv), of the first 200 answered 200 | ${paths.length}, ${ok} |`);
  console.log(`| /location.json req/s (${DURATION} s, ${process.env.BENCH_CONNECTIONS ?? 50} connections) | ${r.rps.toFixed(0)} |`);
  console.log(`| p50 / p99 latency | ${(r.p50_us / 1000).toFixed(2)} ms / ${(r.p99_us / 1000).toFixed(2)} ms |`);
  console.log(`| server CPU per request | ${r.cpu_us_per_req.toFixed(1)} µs |`);
  console.log(`| errors, non-2xx/3xx | ${r.errors}, ${r.non2xx3xx} |`);
}

await main();

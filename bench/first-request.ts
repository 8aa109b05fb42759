/**
 * The first requests after start-up (ops 43 #3): a town typed into the search box and the first page
 * with a map each build an index the first time (the town search's, the boundaries and ZIP outlines).
 * Per binary, `runs` fresh processes, alternating: the time from exec to the first 200 of /healthz,
 * the slowest /healthz in the 3 s after it (polled every 50 ms: is the process free to answer while
 * it warms?), VmRSS at the end of those 3 s, then the time of the first and second town search
 * (`/zip?zip=Evanston%2C%20IL`) and of the first and second ZIP page with a map (`/zip/60201`,
 * `/zip/60202`), of the first location answer after them (`/location.json?lat=42.05&lon=-87.69`: its
 * index is made on first use, from the boundaries the map page read), and VmRSS after them. Times are wall-clock on a possibly busy machine: compare
 * the binaries of one run, not runs of different days.
 *
 * Usage: bun bench/first-request.ts [runs=5] [binary...]   (default: dist/school-districts)
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "../packages/testing/src/free-port.ts";

const runs = Number(process.argv[2] ?? 5);
const binaries = process.argv.length > 3 ? process.argv.slice(3) : [resolve(import.meta.dirname, "../dist/school-districts")];

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Wall-clock ms of one GET, the body read. */
async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: "manual" });
  await res.arrayBuffer();
  // Every measured address answers 200: a redirect or an error would be timed as if it were the work.
  if (res.status !== 200) throw new Error(`${url}: ${res.status}, not 200`);
  return performance.now() - t0;
}

interface Run {
  ready: number;
  slowestHealth: number;
  rssStart: number;
  search1: number;
  search2: number;
  map1: number;
  map2: number;
  location1: number;
  rssAfter: number;
}

async function once(binary: string): Promise<Run> {
  const port = await freePort();
  const env = { ...process.env };
  delete env.PORT;
  delete env.HOST;
  delete env.BASE_URL;
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const proc = spawn(binary, ["--port", String(port), "--host", "127.0.0.1", "--quiet", "--base-url", "http://localhost:8080"], { stdio: "ignore", env });
  let ready = NaN;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then(
      async (r) => (await r.arrayBuffer(), r.status === 200),
      () => false,
    );
    if (ok) {
      ready = performance.now() - t0;
      break;
    }
    if (performance.now() - t0 > 60_000) throw new Error("no answer within 60 s");
    await Bun.sleep(2);
  }
  const readyAt = performance.now();
  let slowestHealth = 0;
  while (performance.now() - readyAt < 3000) {
    slowestHealth = Math.max(slowestHealth, await timed(`${base}/healthz`));
    await Bun.sleep(50);
  }
  const rssStart = rssMb(proc.pid!);
  const search = `${base}/zip?zip=Evanston%2C%20IL`;
  const search1 = await timed(search);
  const search2 = await timed(search);
  const map1 = await timed(`${base}/zip/60201`);
  const map2 = await timed(`${base}/zip/60202`);
  const location1 = await timed(`${base}/location.json?lat=42.05&lon=-87.69`);
  await Bun.sleep(500);
  const rssAfter = rssMb(proc.pid!);
  proc.kill("SIGTERM");
  await new Promise((r) => proc.on("exit", r));
  return { ready, slowestHealth, rssStart, search1, search2, map1, map2, location1, rssAfter };
}

/** The median: the middle value, or the mean of the two middle ones for an even count (4 runs). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;

console.log(`${runs} runs per binary, alternating; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
const results = new Map<string, Run[]>(binaries.map((b) => [b, []]));
for (let i = 0; i < runs; i++) for (const binary of binaries) results.get(binary)!.push(await once(binary));
console.log("| binary | exec -> first /healthz 200, ms | slowest /healthz in the 3 s after, ms | RSS 3 s after the first /healthz 200, MB | first town search, ms | second, ms | first map page, ms | second, ms | then the first location, ms | RSS after them, MB |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const [binary, rs] of results) {
  const col = (k: keyof Run) => range(rs.map((r) => r[k]));
  console.log(`| ${binary} | ${col("ready")} | ${col("slowestHealth")} | ${col("rssStart")} | ${col("search1")} | ${col("search2")} | ${col("map1")} | ${col("map2")} | ${col("location1")} | ${col("rssAfter")} |`);
}
console.log(`load average after: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);

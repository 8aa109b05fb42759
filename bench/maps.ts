// What the page maps (issue 12) cost a running binary: its RSS after start-up, after the
// first ZIP page (which decodes the boundaries and ZIP outlines), and after N distinct ZIP
// and district pages (each drawn on request; at most PAGE_CACHE kept); and the server's own
// time per page, from its access log (`ms`), so the client's time on a busy machine is left out.
// Run it against two binaries to compare: RSS swings with start-up compression and the
// machine's load, so compare in one run, with the load average written next to the numbers.
// Usage: bun bench/maps.ts [binary ...]   (default dist/school-districts; MAPS_PAGES=2000)
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readZips } from "./bench.ts";

const ROOT = resolve(import.meta.dir, "..");
const binaries = process.argv.slice(2).length ? process.argv.slice(2) : [join(ROOT, "dist/school-districts")];
const pages = Number(process.env.MAPS_PAGES ?? 2000);
const zips = readZips(join(ROOT, "data/zips.csv"), pages);
const leaids = readFileSync(join(ROOT, "data/districts.csv"), "utf8").split("\n").slice(1, pages + 1).map((l) => l.slice(0, 7)).filter((l) => /^\d{7}$/.test(l));
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

async function fetchAll(base: string, paths: string[]): Promise<void> {
  for (const p of paths) await (await fetch(base + p, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer();
}

console.log(`load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}; ${zips.length} ZIP pages, ${leaids.length} district pages`);
for (const bin of binaries) {
  const proc = Bun.spawn([bin, "--port", "0"], { stdout: "pipe", stderr: "pipe" });
  const reader = proc.stderr.getReader();
  let port = "";
  while (!port) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${bin} exited before listening`);
    port = /127\.0\.0\.1:(\d+)/.exec(new TextDecoder().decode(value))?.[1] ?? "";
  }
  const base = `http://127.0.0.1:${port}`;
  await Bun.sleep(8000); // start-up compression and its collection
  const start = rss(proc.pid);
  await fetchAll(base, ["/zip/90210"]);
  const afterFirst = rss(proc.pid);
  await fetchAll(base, zips.map((zip) => `/zip/${zip}`));
  const afterZips = rss(proc.pid);
  await fetchAll(base, leaids.map((l) => `/district/${l}`));
  const afterDistricts = rss(proc.pid);
  proc.kill("SIGTERM");
  await proc.exited;
  const log = (await new Response(proc.stdout).text()).split("\n").filter(Boolean).map((l) => JSON.parse(l) as { path: string; ms: number });
  const first = log.find((l) => l.path === "/zip/90210")!.ms;
  const zipMs = log.filter((l) => /^\/zip\/\d{5}$/.test(l.path)).slice(1).map((l) => l.ms);
  const districtMs = log.filter((l) => /^\/district\/\d{7}$/.test(l.path)).map((l) => l.ms);
  console.log(
    `${bin}: RSS ${start.toFixed(0)} MiB after start-up, ${afterFirst.toFixed(0)} after the first ZIP page (${first.toFixed(0)} ms), ` +
      `${afterZips.toFixed(0)} after ${zips.length} ZIP pages (median ${median(zipMs).toFixed(2)} ms each), ` +
      `${afterDistricts.toFixed(0)} after ${leaids.length} district pages (median ${median(districtMs).toFixed(2)} ms each)`,
  );
}

// Benchmark driver: the compiled binary (A) against nginx serving `school-districts export` (B).
// Started by bench/run, which installs wrk + nginx-light and builds the binary first.
// Everything listens on 127.0.0.1 only; every loop is bounded in count and time.
import { chmodSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync, rmSync, readdirSync, statSync } from "node:fs";
import { tmpdir, cpus, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { freePort } from "../packages/testing/src/free-port.ts";
import { createHash } from "node:crypto";
import { locationPaths } from "./points.ts";

export const ROOT = resolve(import.meta.dir, "..");
export const BIN = resolve(ROOT, process.env.BENCH_BIN ?? "dist/school-districts");
const ROUNDS = int("BENCH_ROUNDS", 3);
const DURATION = int("BENCH_DURATION", 10);
const CONNECTIONS = int("BENCH_CONNECTIONS", 50);
export const ZIP_COUNT = int("BENCH_ZIPS", 5000);
const DISTRICT_COUNT = int("BENCH_DISTRICTS", 2000);
/** Processes per server: the binary's --workers and nginx's worker_processes. */
const WORKERS = int("BENCH_WORKERS", 1);
const PIN = (process.env.BENCH_PIN ?? "1") !== "0" && cpus().length >= 2 && !!Bun.which("taskset");
export const SERVER_CPU = "0";
const WRK_CPU = "1";
// The same base URL for the export and the binary, so their bodies (page_url, url) are byte-identical.
export const BASE_URL = "http://localhost:8080";
/** BENCH_OUT: relative to the repository, or absolute. */
const OUT_MD = resolve(ROOT, process.env.BENCH_OUT ?? "bench/results.md");
const OUT_JSON = OUT_MD.replace(/\.md$/, ".json");

function int(name: string, dflt: number): number {
  const v = process.env[name];
  if (!v) return dflt;
  const n = Number.parseInt(v, 10);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}
const log = (...a: unknown[]) => console.error("bench:", ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- helpers
export { freePort };

export function readZips(csvPath: string, max: number): string[] {
  const text = readFileSync(csvPath, "utf8");
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  if (lines.length === 0) throw new Error(`${csvPath} is empty`);
  const header = lines[0]!.split(",").map((h) => h.replace(/^"|"$/g, "").trim().toLowerCase());
  let col = header.indexOf("zip");
  let start = 1;
  if (col < 0) {
    col = 0;
    if (/^"?\d{5}"?$/.test(header[0] ?? "")) start = 0; // no header row
  }
  const all: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const cell = (lines[i]!.split(",")[col] ?? "").replace(/^"|"$/g, "").trim();
    if (/^\d{5}$/.test(cell)) all.push(cell);
  }
  if (all.length === 0) throw new Error(`no ZIPs found in ${csvPath}`);
  if (all.length <= max) return all;
  // evenly spaced sample, so every state appears
  const out: string[] = [];
  const step = all.length / max;
  for (let i = 0; i < max; i++) out.push(all[Math.floor(i * step)]!);
  return out;
}

export function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function rssKiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}
function childPids(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      const c = readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim();
      if (c) out.push(...c.split(/\s+/).map(Number));
    }
  } catch {
    /* gone */
  }
  return out;
}
/** CPU time (user + system) of a process in microseconds, from /proc/<pid>/stat. */
function cpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1e6) / CLK_TCK; // utime, stime
  } catch {
    return 0;
  }
}
const CLK_TCK = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;
/** CPU time of a process and its children (nginx: master + worker). */
function treeCpuUs(pid: number): number {
  return cpuUs(pid) + childPids(pid).reduce((s, p) => s + cpuUs(p), 0);
}

/** RSS of a process and its children (nginx: master + worker). */
function treeRssKiB(pid: number): number {
  return rssKiB(pid) + childPids(pid).reduce((s, p) => s + rssKiB(p), 0);
}

function sh(cmd: string[], opts: { allowFail?: boolean } = {}): string {
  const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  const out = r.stdout.toString() + r.stderr.toString();
  if (!r.success && !opts.allowFail) throw new Error(`${cmd.join(" ")} failed (${r.exitCode}): ${out.slice(0, 2000)}`);
  return out;
}

export async function waitReady(url: string, proc: Bun.Subprocess, t0: number, limitMs = 30_000): Promise<number> {
  if (process.env.BENCH_DEBUG) log(`waiting for ${url} (pid ${proc.pid})`);
  for (let i = 0; i < 100_000; i++) {
    if (proc.exitCode !== null) throw new Error(`${url}: process exited with ${proc.exitCode} before answering`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await r.arrayBuffer();
      if (r.status === 200) return performance.now() - t0;
      if (process.env.BENCH_DEBUG) log(`${url}: ${r.status}`);
    } catch (e) {
      if (process.env.BENCH_DEBUG) log(String(e));
    }
    if (performance.now() - t0 > limitMs) throw new Error(`${url}: not ready after ${limitMs} ms`);
    await sleep(2);
  }
  throw new Error(`${url}: not ready`);
}

export async function stop(proc: Bun.Subprocess, sig: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill(sig);
  const done = await Promise.race([proc.exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) {
    proc.kill("SIGKILL");
    await proc.exited;
  }
}

// ---------------------------------------------------------------- targets
type Target = {
  name: "binary" | "nginx";
  port: number;
  start(): Promise<{ proc: Bun.Subprocess; startupMs: number }>;
};

export function pinned(cmd: string[], cpu: string): string[] {
  return PIN ? ["taskset", "-c", cpu, ...cmd] : cmd;
}

function binaryTarget(port: number, readyPath: string): Target {
  return {
    name: "binary",
    port,
    async start() {
      const t0 = performance.now();
      const proc = Bun.spawn(pinned([BIN, "--port", String(port), "--host", "127.0.0.1", "--base-url", BASE_URL, "--quiet", ...(WORKERS > 1 ? ["--workers", String(WORKERS)] : [])], SERVER_CPU), {
        stdout: "ignore",
        stderr: "inherit",
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
      });
      const startupMs = await waitReady(`http://127.0.0.1:${port}${readyPath}`, proc, t0).catch(async (e) => {
        await stop(proc);
        throw e;
      });
      return { proc, startupMs };
    },
  };
}

function nginxConfig(tree: string, work: string, port: number): string {
  for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(work, d), { recursive: true });
  return `# generated by bench/bench.ts
worker_processes ${WORKERS};
daemon off;
master_process on;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 4096; multi_accept on; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 10000000;
  open_file_cache max=200000 inactive=120s;
  open_file_cache_valid 120s;
  open_file_cache_min_uses 1;
  open_file_cache_errors on;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  types { application/json json; text/csv csv; text/html html; application/yaml yaml; }
  default_type application/octet-stream;
  charset utf-8;
  charset_types application/json text/csv;
  etag on;
  gzip off;
  gzip_static on;
  # nginx-light has no brotli module: serve the exported .br file for the same URL.
  map $http_accept_encoding $br_suffix { default ""; "~*(^|[\\s,])br\\s*(,|;\\s*q=(1|0?\\.0*[1-9])|$)" ".br"; }
  map $uri $br_encoding { default ""; "~\\.br$" "br"; }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    root ${tree};
    add_header Access-Control-Allow-Origin "*" always;
    add_header Access-Control-Expose-Headers "ETag";
    add_header Cache-Control "public, max-age=86400, stale-while-revalidate=604800";
    add_header Vary "Accept-Encoding";
    add_header Content-Encoding $br_encoding;
    location ~ \\.json$ {
      types { application/json json br; }
      try_files $uri$br_suffix $uri =404;
    }
    location / {
      try_files $uri $uri.html $uri/index.html =404;
    }
  }
}
`;
}

function nginxTarget(port: number, tree: string, work: string, readyPath: string): Target {
  const conf = join(work, "nginx.conf");
  writeFileSync(conf, nginxConfig(tree, work, port));
  const nginx = Bun.which("nginx") ?? "/usr/sbin/nginx";
  sh([nginx, "-t", "-q", "-c", conf, "-p", work]);
  return {
    name: "nginx",
    port,
    async start() {
      const t0 = performance.now();
      const proc = Bun.spawn(pinned([nginx, "-c", conf, "-p", work], SERVER_CPU), { stdout: "ignore", stderr: "inherit" });
      const startupMs = await waitReady(`http://127.0.0.1:${port}${readyPath}`, proc, t0).catch(async (e) => {
        await stop(proc);
        throw e;
      });
      return { proc, startupMs };
    },
  };
}

/** The exported tree's root: the folder holding index.json (the export may nest it). */
function findTreeRoot(dir: string, depth = 0): string | undefined {
  if (existsSync(join(dir, "index.json")) && existsSync(join(dir, "zip"))) return dir;
  if (depth >= 2) return undefined;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) {
      const r = findTreeRoot(p, depth + 1);
      if (r) return r;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- wrk
export type WrkResult = {
  requests: number;
  duration_us: number;
  bytes: number;
  errors: number;
  non2xx3xx: number;
  p50_us: number;
  p99_us: number;
  rps: number;
  bytes_per_s: number;
  /** the server's CPU time (user + system) per request, µs: robust to a busy machine, unlike req/s */
  cpu_us_per_req: number;
};

export const DONE_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH_JSON {\\"requests\\":%d,\\"duration_us\\":%d,\\"bytes\\":%d,\\"errors\\":%d,\\"non2xx3xx\\":%d,\\"p50_us\\":%d,\\"p99_us\\":%d}\\n",
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;

/**
 * An evenly spaced sample of at most `max` district ids (the first column,
 * `leaid`) of data/districts.csv, so every state appears.
 *
 * @example
 * readLeaids("data/districts.csv", 2000) // ["0100001", ...]
 */
export function readLeaids(csvPath: string, max: number): string[] {
  const all = readFileSync(csvPath, "utf8")
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.slice(0, line.indexOf(",")))
    .filter((l) => /^\d{7}$/.test(l));
  if (all.length === 0) throw new Error(`no district ids found in ${csvPath}`);
  if (all.length <= max) return all;
  const step = all.length / max;
  return Array.from({ length: max }, (_, i) => all[Math.floor(i * step)]!);
}

export function rotatingLua(paths: string[], etags: string[] | undefined): string {
  const q = (s: string) => JSON.stringify(s); // JSON strings are valid Lua strings for ASCII
  return `-- generated by bench/bench.ts: rotate over ${paths.length} real paths
local paths = {${paths.map(q).join(",")}}
local etags = ${etags ? `{${etags.map(q).join(",")}}` : "nil"}
local reqs = {}
local i = 0
init = function(args)
  for k, p in ipairs(paths) do
    local h = {}
    if etags then h["If-None-Match"] = etags[k] end
    reqs[k] = wrk.format("GET", p, h)
  end
  i = math.random(#reqs)
end
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
${DONE_LUA}`;
}

export async function wrk(url: string, script: string, headers: string[], seconds: number, serverPid?: number): Promise<WrkResult> {
  const cpu0 = serverPid ? treeCpuUs(serverPid) : 0;
  const cmd = pinned(
    ["wrk", "-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, ...headers.flatMap((h) => ["-H", h]), url],
    WRK_CPU,
  );
  const p = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const killer = setTimeout(() => p.kill("SIGKILL"), (seconds + 60) * 1000);
  const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  await p.exited;
  clearTimeout(killer);
  const m = /BENCH_JSON (\{.*\})/.exec(out);
  if (!m) throw new Error(`wrk gave no result for ${url}:\n${out}\n${err}`);
  const j = JSON.parse(m[1]!) as Omit<WrkResult, "rps" | "bytes_per_s" | "cpu_us_per_req">;
  const secs = j.duration_us / 1e6;
  const cpu = serverPid ? treeCpuUs(serverPid) - cpu0 : Number.NaN;
  return { ...j, rps: j.requests / secs, bytes_per_s: j.bytes / secs, cpu_us_per_req: cpu / Math.max(1, j.requests) };
}

// ---------------------------------------------------------------- scenarios
type Probe = { paths: string[]; etags: string[]; hashes: string[] };

/** Fetch every candidate path once (identity encoding, as wrk sends it): keep the 200s, record ETags. */
async function probe(port: number, paths: string[]): Promise<Map<string, { etag: string; hash: string }>> {
  const out = new Map<string, { etag: string; hash: string }>();
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      const r = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { "Accept-Encoding": "identity" }, signal: AbortSignal.timeout(10_000) });
      const body = new Uint8Array(await r.arrayBuffer());
      const etag = r.headers.get("etag");
      if (r.status === 200 && etag) out.set(p, { etag, hash: createHash("sha1").update(body).digest("hex") });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return out;
}

async function check(port: number, path: string, headers: Record<string, string>, want: { status: number; encoding?: string }): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { headers, decompress: false, signal: AbortSignal.timeout(10_000) } as RequestInit);
  const len = (await r.arrayBuffer()).byteLength;
  const enc = r.headers.get("content-encoding") ?? "";
  if (r.status !== want.status || (want.encoding !== undefined && enc !== want.encoding))
    throw new Error(`${port}${path} ${JSON.stringify(headers)}: got ${r.status} encoding "${enc}", want ${want.status} "${want.encoding ?? ""}"`);
  return `${r.status} ${enc || "identity"} ${len} B, ETag ${r.headers.get("etag")}, Cache-Control ${r.headers.get("cache-control")}, ACAO ${r.headers.get("access-control-allow-origin")}`;
}

type RoundResult = {
  target: string;
  round: number;
  startup_ms: number;
  rss_start_kib: number;
  rss_after_kib: number;
  zip: WrkResult;
  zip304: WrkResult;
  /** /district/{leaid}.json rotating over real districts. */
  district: WrkResult;
  stateBr: WrkResult;
  bulkBr: WrkResult;
  /** Binary only (no nginx equivalent): RSS just before and 2 s after the first location request, which indexes the boundaries. */
  rss_before_location_kib?: number;
  rss_after_first_location_kib?: number;
  /** Time of that first /location.json request (it waits for the index). */
  first_location_ms?: number;
  /** /location.json rotating over bench/points.csv. */
  location?: WrkResult;
  rss_after_location_load_kib?: number;
};

// ---------------------------------------------------------------- main
let loadStart = "";
/** Status counts of one pass over bench/points.csv on the binary, before the rounds. */
let locationStatuses = "";
async function main() {
  // Made first, so that a path that cannot be written fails before the run, not after it.
  mkdirSync(dirname(OUT_MD), { recursive: true });
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`bun run build\` first`);
  loadStart = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const zipsCsv = resolve(ROOT, process.env.BENCH_ZIPS_CSV ?? "data/zips.csv");
  const zips = readZips(zipsCsv, ZIP_COUNT);
  log(`${zips.length} ZIPs from data/zips.csv`);
  const leaids = readLeaids(resolve(ROOT, "data/districts.csv"), DISTRICT_COUNT);
  log(`${leaids.length} districts from data/districts.csv`);
  const districtPaths = leaids.map((l) => `/district/${l}.json`);
  const points = locationPaths();
  log(`${points.length} points from bench/points.csv`);

  const work = mkdtempSync(join(tmpdir(), "sd-bench-"));
  chmodSync(work, 0o755); // nginx's worker runs as an unprivileged user and must read the tree
  const exportDir = join(work, "export");
  try {
    log(`exporting the static tree to ${exportDir}`);
    const t0 = performance.now();
    sh([BIN, "export", exportDir, "--base-url", BASE_URL, "--quiet"]);
    const exportMs = performance.now() - t0;
    const tree = findTreeRoot(exportDir);
    if (!tree) throw new Error(`export wrote no index.json + zip/ under ${exportDir}: ${readdirSync(exportDir).join(", ")}`);

    const readyPath = `/zip/${zips[0]}.json`;
    const targets: Target[] = [
      binaryTarget(await freePort(), readyPath),
      nginxTarget(await freePort(), tree, join(work, "nginx"), readyPath),
    ];

    // Probe both once: the ZIPs both serve with 200, their ETags, and whether the bodies agree.
    const probes = new Map<string, Probe>();
    const districtProbes = new Map<string, string[]>();
    const checks: string[] = [];
    let bodyMismatch = 0;
    {
      const found = new Map<string, Map<string, { etag: string; hash: string }>>();
      for (const t of targets) {
        const { proc } = await t.start();
        try {
          found.set(t.name, await probe(t.port, zips.map((z) => `/zip/${z}.json`)));
          const districts = await probe(t.port, districtPaths);
          districtProbes.set(t.name, districtPaths.filter((p) => districts.has(p)));
          const zp = `/zip/${zips[0]}.json`;
          const etag = found.get(t.name)!.get(zp)?.etag ?? '"none"';
          checks.push(`${t.name} GET ${zp}: ${await check(t.port, zp, {}, { status: 200 })}`);
          checks.push(`${t.name} GET ${zp} If-None-Match: ${await check(t.port, zp, { "If-None-Match": etag }, { status: 304 })}`);
          for (const p of ["/state/CA.json", "/bulk/all-districts.json"])
            checks.push(`${t.name} GET ${p} br: ${await check(t.port, p, { "Accept-Encoding": "br" }, { status: 200, encoding: "br" })}`);
          if (t.name === "binary") {
            const statuses = new Map<number, number>();
            for (const p of points) {
              const r = await fetch(`http://127.0.0.1:${t.port}${p}`, { signal: AbortSignal.timeout(30_000) });
              await r.arrayBuffer();
              statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            }
            locationStatuses = [...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n.toLocaleString("en-US")} × ${s}`).join(", ");
            log(`points: ${locationStatuses}`);
          }
        } finally {
          await stop(proc);
        }
      }
      const a = found.get("binary")!;
      const b = found.get("nginx")!;
      const common = zips.map((z) => `/zip/${z}.json`).filter((p) => a.has(p) && b.has(p));
      if (common.length === 0) throw new Error("no ZIP answered 200 on both servers");
      for (const p of common) if (a.get(p)!.hash !== b.get(p)!.hash) bodyMismatch++;
      for (const [name, m] of found)
        probes.set(name, { paths: common, etags: common.map((p) => m.get(p)!.etag), hashes: common.map((p) => m.get(p)!.hash) });
      log(`${common.length} ZIPs answer 200 on both (binary ${a.size}, nginx ${b.size}); ${bodyMismatch} bodies differ`);
      const both = districtProbes.get("binary")!.filter((p) => districtProbes.get("nginx")!.includes(p));
      if (both.length === 0) throw new Error("no district answered 200 on both servers");
      districtProbes.set("both", both);
      log(`${both.length} of ${districtPaths.length} districts answer 200 on both`);
    }

    const scripts = new Map<string, { plain: string; inm: string; district: string }>();
    const districtScript = join(work, "district.lua");
    writeFileSync(districtScript, rotatingLua(districtProbes.get("both")!, undefined));
    const locationScript = join(work, "location.lua");
    writeFileSync(locationScript, rotatingLua(points, undefined));
    const doneScript = join(work, "done.lua");
    writeFileSync(doneScript, DONE_LUA);
    for (const t of targets) {
      const pr = probes.get(t.name)!;
      const plain = join(work, `${t.name}-zip.lua`);
      const inm = join(work, `${t.name}-zip-inm.lua`);
      writeFileSync(plain, rotatingLua(pr.paths, undefined));
      writeFileSync(inm, rotatingLua(pr.paths, pr.etags));
      scripts.set(t.name, { plain, inm, district: districtScript });
    }

    const results: RoundResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        log(`round ${round}/${ROUNDS}: ${t.name}`);
        const { proc, startupMs } = await t.start();
        try {
          await sleep(500);
          const rssStart = t.name === "nginx" || WORKERS > 1 ? treeRssKiB(proc.pid) : rssKiB(proc.pid);
          const base = `http://127.0.0.1:${t.port}`;
          const s = scripts.get(t.name)!;
          await wrk(`${base}/`, s.plain, [], Math.min(2, DURATION)); // warm-up
          const zip = await wrk(`${base}/`, s.plain, [], DURATION, proc.pid);
          const zip304 = await wrk(`${base}/`, s.inm, [], DURATION, proc.pid);
          const district = await wrk(`${base}/`, s.district, [], DURATION, proc.pid);
          const stateBr = await wrk(`${base}/state/CA.json`, doneScript, ["Accept-Encoding: br"], DURATION, proc.pid);
          const bulkBr = await wrk(`${base}/bulk/all-districts.json`, doneScript, ["Accept-Encoding: br"], DURATION, proc.pid);
          const rssAfter = t.name === "nginx" || WORKERS > 1 ? treeRssKiB(proc.pid) : rssKiB(proc.pid);
          if (proc.exitCode !== null) throw new Error(`${t.name} exited during the load (${proc.exitCode})`);
          const r: RoundResult = { target: t.name, round, startup_ms: startupMs, rss_start_kib: rssStart, rss_after_kib: rssAfter, zip, zip304, district, stateBr, bulkBr };
          if (t.name === "binary") {
            // Point lookups last, so the figures above are those of a server that never indexed the boundaries.
            await sleep(1000);
            r.rss_before_location_kib = WORKERS > 1 ? treeRssKiB(proc.pid) : rssKiB(proc.pid);
            const t0 = performance.now();
            const first = await fetch(`${base}${points[0]}`, { signal: AbortSignal.timeout(60_000) });
            await first.arrayBuffer();
            r.first_location_ms = performance.now() - t0;
            await sleep(2000);
            r.rss_after_first_location_kib = WORKERS > 1 ? treeRssKiB(proc.pid) : rssKiB(proc.pid);
            await wrk(`${base}/`, locationScript, [], Math.min(2, DURATION)); // warm-up (with --workers, indexes the others)
            r.location = await wrk(`${base}/`, locationScript, [], DURATION, proc.pid);
            r.rss_after_location_load_kib = WORKERS > 1 ? treeRssKiB(proc.pid) : rssKiB(proc.pid);
            if (proc.exitCode !== null) throw new Error(`binary exited during the point lookups (${proc.exitCode})`);
            log(
              `  points: ${r.location.rps.toFixed(0)} req/s p99 ${(r.location.p99_us / 1000).toFixed(2)} ms, first ${r.first_location_ms.toFixed(0)} ms,` +
                ` RSS ${r.rss_before_location_kib}->${r.rss_after_first_location_kib}->${r.rss_after_location_load_kib} KiB`,
            );
          }
          results.push(r);
          log(
            `  ${t.name}: start ${startupMs.toFixed(1)} ms, zip ${zip.rps.toFixed(0)} req/s p99 ${(zip.p99_us / 1000).toFixed(2)} ms,` +
              ` 304 ${zip304.rps.toFixed(0)} req/s, district ${district.rps.toFixed(0)} req/s, CA br ${(stateBr.bytes_per_s / 1e6).toFixed(1)} MB/s,` +
              ` bulk br ${(bulkBr.bytes_per_s / 1e6).toFixed(1)} MB/s, RSS ${rssStart}->${rssAfter} KiB`,
          );
        } finally {
          await stop(proc);
        }
      }
    }

    const md = report(results, { points: points.length, zips: probes.get("binary")!.paths.length, districts: districtProbes.get("both")!.length, bodyMismatch, checks, exportMs, tree });
    writeFileSync(OUT_MD, md);
    writeFileSync(OUT_JSON, JSON.stringify({ date: new Date().toISOString(), results }, null, 2) + "\n");
    log(`wrote ${OUT_MD}`);
    process.stdout.write(md);
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
    else log(`kept ${work}`);
  }
}

// ---------------------------------------------------------------- report
function report(
  results: RoundResult[],
  info: { points: number; zips: number; districts: number; bodyMismatch: number; checks: string[]; exportMs: number; tree: string },
): string {
  const by = (name: string) => results.filter((r) => r.target === name);
  const A = by("binary");
  const B = by("nginx");
  type Row = { label: string; get: (r: RoundResult) => number; fmt: (n: number) => string; better: "higher" | "lower" };
  const ms = (n: number) => n.toFixed(2);
  const k = (n: number) => Math.round(n).toLocaleString("en-US");
  const mb = (n: number) => (n / 1e6).toFixed(1);
  const mib = (n: number) => (n / 1024).toFixed(1);
  const rows: Row[] = [
    { label: "/zip/{zip}.json requests/s", get: (r) => r.zip.rps, fmt: k, better: "higher" },
    { label: "/zip/{zip}.json p50 latency (ms)", get: (r) => r.zip.p50_us / 1000, fmt: ms, better: "lower" },
    { label: "/zip/{zip}.json p99 latency (ms)", get: (r) => r.zip.p99_us / 1000, fmt: ms, better: "lower" },
    { label: "/zip/{zip}.json server CPU per request (µs)", get: (r) => r.zip.cpu_us_per_req, fmt: (n) => n.toFixed(1), better: "lower" },
    { label: "/zip/{zip}.json If-None-Match (304) requests/s", get: (r) => r.zip304.rps, fmt: k, better: "higher" },
    { label: "/zip/{zip}.json If-None-Match (304) p50 (ms)", get: (r) => r.zip304.p50_us / 1000, fmt: ms, better: "lower" },
    { label: "/zip/{zip}.json If-None-Match (304) p99 (ms)", get: (r) => r.zip304.p99_us / 1000, fmt: ms, better: "lower" },
    { label: "/zip/{zip}.json If-None-Match (304) server CPU per request (µs)", get: (r) => r.zip304.cpu_us_per_req, fmt: (n) => n.toFixed(1), better: "lower" },
    { label: "/district/{leaid}.json requests/s", get: (r) => r.district.rps, fmt: k, better: "higher" },
    { label: "/district/{leaid}.json p50 latency (ms)", get: (r) => r.district.p50_us / 1000, fmt: ms, better: "lower" },
    { label: "/district/{leaid}.json p99 latency (ms)", get: (r) => r.district.p99_us / 1000, fmt: ms, better: "lower" },
    { label: "/district/{leaid}.json server CPU per request (µs)", get: (r) => r.district.cpu_us_per_req, fmt: (n) => n.toFixed(1), better: "lower" },
    { label: "/state/CA.json br, MB/s", get: (r) => r.stateBr.bytes_per_s, fmt: mb, better: "higher" },
    { label: "/state/CA.json br requests/s", get: (r) => r.stateBr.rps, fmt: k, better: "higher" },
    { label: "/bulk/all-districts.json br, MB/s", get: (r) => r.bulkBr.bytes_per_s, fmt: mb, better: "higher" },
    { label: "/bulk/all-districts.json br requests/s", get: (r) => r.bulkBr.rps, fmt: k, better: "higher" },
    { label: "/bulk/all-districts.json br server CPU per request (µs)", get: (r) => r.bulkBr.cpu_us_per_req, fmt: (n) => n.toFixed(1), better: "lower" },
    { label: "start-up to first answer (ms)", get: (r) => r.startup_ms, fmt: ms, better: "lower" },
    { label: "RSS after start (MiB)", get: (r) => r.rss_start_kib, fmt: mib, better: "lower" },
    { label: "RSS after the load (MiB)", get: (r) => r.rss_after_kib, fmt: mib, better: "lower" },
  ];
  const errs = results.map((r) => [r.zip, r.zip304, r.district, r.stateBr, r.bulkBr].reduce((s, w) => s + w.errors + w.non2xx3xx, 0)).reduce((a, b) => a + b, 0);
  const cpu = (/model name\s*:\s*(.*)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? "unknown").trim();
  const nginxV = sh(["nginx", "-v"], { allowFail: true }).trim();
  const wrkV = sh(["wrk", "-v"], { allowFail: true }).split("\n")[0]!.replace(/\s*Copyright.*/, "").trim();
  const dirty = sh(["git", "-C", ROOT, "status", "--porcelain", "--", "apps", "packages", "data"], { allowFail: true }).trim();
  const commit = sh(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], { allowFail: true }).trim() + (dirty ? " (with uncommitted changes in apps/packages/data)" : "");
  const medA = (r: Row) => median(A.map(r.get));
  const medB = (r: Row) => median(B.map(r.get));
  const lines: string[] = [];
  lines.push("# Benchmark: binary vs nginx on the static export", "");
  lines.push(`- Date: ${new Date().toISOString()}`);
  lines.push(`- Command: \`bench/run\` (BENCH_ROUNDS=${ROUNDS} BENCH_DURATION=${DURATION} BENCH_CONNECTIONS=${CONNECTIONS} BENCH_ZIPS=${ZIP_COUNT} BENCH_PIN=${PIN ? 1 : 0} BENCH_WORKERS=${WORKERS}), commit ${commit}`);
  lines.push(`- Machine: ${cpus().length} CPUs (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${sh(["uname", "-sr"], { allowFail: true }).trim()}`);
  lines.push(`- Versions: bun ${Bun.version}, ${nginxV.replace("nginx version: ", "")}, ${wrkV}`);
  lines.push(
    `- Setup: both on 127.0.0.1; ${PIN ? `each server pinned to CPU ${SERVER_CPU}, wrk pinned to CPU ${WRK_CPU}` : "no CPU pinning"}; ` +
      `wrk 1 thread, ${CONNECTIONS} connections, ${DURATION} s per scenario after a 2 s warm-up; rounds alternate binary, nginx (A B) ${ROUNDS} times, ` +
      `each server freshly started per round. Processes per server: ${WORKERS} (binary \`--workers ${WORKERS}\`, nginx \`worker_processes ${WORKERS}\`; CPU and RSS summed over them). nginx: sendfile, open_file_cache, etag, gzip_static, same CORS/Cache-Control/Vary headers; ` +
      `nginx-light has no brotli module, so a map + try_files serves the exported \`.br\` file with \`Content-Encoding: br\`.`,
  );
  lines.push(`- /zip/{zip}.json rotates over ${info.zips.toLocaleString("en-US")} real ZIPs from data/zips.csv (a Lua script; the 304 run sends each server's own ETag for each ZIP). Bodies that differ between binary and export: ${info.bodyMismatch}.`);
  lines.push(`- /district/{leaid}.json rotates over ${info.districts.toLocaleString("en-US")} real districts from data/districts.csv (BENCH_DISTRICTS=${DISTRICT_COUNT}, evenly spaced).`);
  lines.push(`- Export (\`school-districts export\`) took ${(info.exportMs / 1000).toFixed(1)} s. Socket/status errors over all runs: ${errs}.`);
  lines.push(`- RSS: VmRSS from /proc; for nginx master + workers summed (and the binary's processes with BENCH_WORKERS > 1).`);
  lines.push(
    `- Load average (1/5/15 min) at the start: ${loadStart}; at the end: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} ` +
      `(the machine is shared with other work: figures vary between rounds, hence the medians).`,
  );
  lines.push("");
  lines.push(`| metric | binary (median) | nginx (median) | binary/nginx | binary rounds | nginx rounds |`);
  lines.push(`|---|---:|---:|---:|---|---|`);
  for (const r of rows) {
    const a = medA(r);
    const b = medB(r);
    lines.push(`| ${r.label} | ${r.fmt(a)} | ${r.fmt(b)} | ${(a / b).toFixed(2)} | ${A.map((x) => r.fmt(r.get(x))).join(", ")} | ${B.map((x) => r.fmt(r.get(x))).join(", ")} |`);
  }
  // Rows by label, not by position: rows were added over time.
  const row = (label: string) => rows.find((r) => r.label === label) ?? (() => { throw new Error(`no row ${label}`); })();
  const ratio = (label: string) => medA(row(label)) / medB(row(label));
  const verdict = (ok: boolean) => (ok ? "met" : "not met");
  const zipRps = ratio("/zip/{zip}.json requests/s");
  const zipP99 = ratio("/zip/{zip}.json p99 latency (ms)");
  const inm = ratio("/zip/{zip}.json If-None-Match (304) requests/s");
  const ca = ratio("/state/CA.json br, MB/s");
  const bulk = ratio("/bulk/all-districts.json br, MB/s");
  const rssStart = medA(row("RSS after start (MiB)")) / 1024;
  const rssLoad = medA(row("RSS after the load (MiB)")) / 1024;
  const startup = medA(row("start-up to first answer (ms)"));
  lines.push("");
  lines.push("Targets of issue 15 (medians of this run):", "");
  lines.push(`- /zip requests/s >= 1.0x nginx: **${verdict(zipRps >= 1)}** (${zipRps.toFixed(2)}x)`);
  lines.push(`- /zip p99 <= 1.5x nginx: **${verdict(zipP99 <= 1.5)}** (${zipP99.toFixed(2)}x)`);
  lines.push(`- 304 requests/s >= 0.9x nginx: **${verdict(inm >= 0.9)}** (${inm.toFixed(2)}x)`);
  lines.push(`- /state/CA.json br >= 1.0x: **${verdict(ca >= 1)}** (${ca.toFixed(2)}x)`);
  lines.push(`- bulk br >= 1.0x: **${verdict(bulk >= 1)}** (${bulk.toFixed(2)}x)`);
  lines.push(`- RSS after start < 100 MiB: **${verdict(rssStart < 100 * WORKERS)}** (${rssStart.toFixed(1)} MiB${WORKERS > 1 ? ` for ${WORKERS} processes` : ""})`);
  lines.push(`- RSS after the load < 120 MiB: **${verdict(rssLoad < 120 * WORKERS)}** (${rssLoad.toFixed(1)} MiB)`);
  lines.push(`- start-up (here: exec to the first 200 of a record, polled every 2 ms) <= 150 ms: **${verdict(startup <= 150)}** (${startup.toFixed(0)} ms; bench/startup.ts is the reference measurement)`);
  lines.push(...pointLookups(A, info.points));
  lines.push("", "Sanity checks before the run:", "", ...info.checks.map((c) => `- ${c}`), "");
  return lines.join("\n");
}

/** The point-lookup section (issue 12): binary only, absolute figures, since nginx has no equivalent. */
function pointLookups(A: RoundResult[], points: number): string[] {
  const rounds = A.filter((r) => r.location);
  if (rounds.length === 0) return [];
  type Row = { label: string; get: (r: RoundResult) => number; fmt: (n: number) => string };
  const mib = (n: number) => (n / 1024).toFixed(1);
  const ms = (n: number) => n.toFixed(2);
  const rows: Row[] = [
    { label: "/location.json requests/s", get: (r) => r.location!.rps, fmt: (n) => Math.round(n).toLocaleString("en-US") },
    { label: "/location.json p50 latency (ms)", get: (r) => r.location!.p50_us / 1000, fmt: ms },
    { label: "/location.json p99 latency (ms)", get: (r) => r.location!.p99_us / 1000, fmt: ms },
    { label: "/location.json server CPU per request (µs)", get: (r) => r.location!.cpu_us_per_req, fmt: (n) => n.toFixed(1) },
    { label: "first /location.json request, which indexes the boundaries (ms)", get: (r) => r.first_location_ms!, fmt: ms },
    { label: "RSS just before the first location request (MiB)", get: (r) => r.rss_before_location_kib!, fmt: mib },
    { label: "RSS 2 s after it (MiB)", get: (r) => r.rss_after_first_location_kib!, fmt: mib },
    { label: "RSS the boundaries add (MiB)", get: (r) => r.rss_after_first_location_kib! - r.rss_before_location_kib!, fmt: mib },
    { label: "RSS after the point-lookup load (MiB)", get: (r) => r.rss_after_location_load_kib!, fmt: mib },
    { label: "RSS added since before the first location request, after the load (MiB)", get: (r) => r.rss_after_location_load_kib! - r.rss_before_location_kib!, fmt: mib },
  ];
  const errs = rounds.reduce((s, r) => s + r.location!.errors, 0);
  const non2xx = rounds.map((r) => `${((100 * r.location!.non2xx3xx) / Math.max(1, r.location!.requests)).toFixed(1)} %`).join(", ");
  const added = median(rounds.map((r) => r.rss_after_first_location_kib! - r.rss_before_location_kib!)) / 1024;
  const lines = ["", "## Point lookups (issue 12)", ""];
  lines.push(
    `Binary only, in the same rounds (after its other scenarios, so the figures above are those of a server that had not indexed the boundaries): ` +
      `\`/location.json\` rotating over the ${points.toLocaleString("en-US")} points of \`bench/points.csv\` (2020 block-group population centres drawn by population with a fixed seed, \`bun bench/points.ts\`; Puerto Rico left out, it has no boundaries). ` +
      `nginx has no equivalent, so these are absolute figures: read them with the load average above. ` +
      `One pass over the points before the rounds answered ${locationStatuses} (a 404 is a centre that falls in no drawn district: a coastline cut by the simplification, water, a boundary not drawn; data/BOUNDARIES.md). ` +
      `wrk socket errors over the rounds: ${errs}; share of non-2xx answers (the 404s) per round: ${non2xx}.`,
  );
  lines.push("", "| metric | median | rounds |", "|---|---:|---|");
  for (const r of rows) lines.push(`| ${r.label} | ${r.fmt(median(rounds.map(r.get)))} | ${rounds.map((x) => r.fmt(r.get(x))).join(", ")} |`);
  lines.push("", `- RSS the boundaries add <= 40 MiB (issue 12): **${added <= 40 * WORKERS ? "met" : "not met"}** (${added.toFixed(1)} MiB, median)`);
  return lines;
}

if (import.meta.main) {
  const hardLimit = setTimeout(() => {
    log("giving up after 30 minutes");
    process.exit(2);
  }, 30 * 60_000);
  hardLimit.unref();
  main().then(
    () => process.exit(0),
    (e) => {
      console.error("bench: failed:", e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}

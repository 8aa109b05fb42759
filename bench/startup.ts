/**
 * Start-up of the compiled binary: time from exec to the first served request
 * (GET /healthz answered 200, polled every 2 ms), the CPU time (user + system,
 * from /proc/<pid>/stat) the process had used by then (steadier than the time
 * on a busy machine), resident memory after start,
 * (3 s after start) and binary size. Two configurations: the build's base URL
 * (large bodies precompressed at build time) and another base URL (the same
 * snapshot with the URL replaced; large bodies compressed in the background
 * after start-up, requests for them wait).
 *
 * Usage: bun bench/startup.ts [runs=7] [build]   ("build": the build's base URL only)
 */
import { spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { freePort } from "../packages/testing/src/free-port.ts";
import { resolve } from "node:path";

const BINARY = resolve(import.meta.dirname, "../dist/school-districts");
const runs = Number(process.argv[2] ?? 7);
const onlyBuild = process.argv[3] === "build";

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU time (user + system) used so far by a process, ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

async function once(args: string[]): Promise<{ ms: number; cpu: number; rss: number }> {
  const port = await freePort();
  const env = { ...process.env };
  delete env.PORT;
  delete env.HOST;
  delete env.BASE_URL;
  const t0 = performance.now();
  const proc = spawn(BINARY, ["--port", String(port), "--quiet", ...args], { stdio: "ignore", env });
  let ms = NaN;
  let cpu = NaN;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) {
        await res.arrayBuffer();
        ms = performance.now() - t0;
        cpu = cpuMs(proc.pid!);
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 30_000) throw new Error("no answer within 30 s");
    await Bun.sleep(2);
  }
  await Bun.sleep(3000); // large bodies of a non-build base URL finish compressing in the background
  const rss = rssMb(proc.pid!);
  proc.kill("SIGTERM");
  await new Promise((r) => proc.on("exit", r));
  return { ms, cpu, rss };
}

function summary(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(0)}, min ${s[0]!.toFixed(0)}, max ${s[s.length - 1]!.toFixed(0)}`;
}

console.log(`binary ${BINARY}: ${(statSync(BINARY).size / 1e6).toFixed(1)} MB; ${runs} runs each; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
for (const [name, args] of [
  ["build's base URL", ["--base-url", "http://localhost:8080"]],
  ["other base URL", ["--base-url", "https://schools.example.org"]],
  ["--data folder (parsed and rendered)", ["--base-url", "http://localhost:8080", "--data", resolve(import.meta.dirname, "../data")]],
] as const) {
  if (onlyBuild && name !== "build's base URL") continue;
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once([...args]));
  console.log(
    `${name}: exec -> first 200 in ms: ${summary(results.map((r) => r.ms))}; CPU (user + sys) by then in ms: ${summary(results.map((r) => r.cpu))}; RSS after start MB: ${summary(results.map((r) => r.rss))}`,
  );
}

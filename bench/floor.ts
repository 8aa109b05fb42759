/**
 * The floor under the binary's `/zip/{zip}.json` figure (issue 15): the binary against a bare
 * `Bun.serve` answering the same record bodies (5,000 by default), with the same headers, from a Map (no
 * application code but one lookup), measured like `bench/run` (server pinned to CPU 0, wrk to
 * CPU 1, one worker, 50 connections, rotating paths, a 2 s warm-up, each server freshly
 * started per round, rounds alternating). Three servers:
 *
 * - `binary`: `dist/school-districts --quiet` with the build's base URL (as `bench/run` starts it);
 * - `bare`: the Map lookup, `new Response(bytes, { headers })`;
 * - `bare+inm`: the same, reading `If-None-Match` first (what any server that answers 304s
 *   must do: reading a request header makes Bun build the request's Headers), and answering
 *   a match with a 304 and the binary's own 304 headers (`notModifiedHeaders`, representation.ts), made once per body.
 *
 * Two loads: the records, and the same with each record's ETag in `If-None-Match` (304s;
 * binary and `bare+inm` only).
 *
 * Bare Bun is what any JavaScript handler on this runtime can reach at best; `bench/run` gives
 * nginx's figure on the same bodies. The bodies are taken from the binary itself (identity,
 * the build's base URL), so all three send the same bytes and headers.
 *
 * Usage: bun bench/floor.ts [rounds=3] [seconds=5]   (after `bun run build`; wrk as bench/run installs it)
 * `BENCH_BIN` and `BENCH_ZIPS` as for `bench/run`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { notModifiedHeaders } from "../apps/server/src/representation.ts";
import { BASE_URL, BIN, freePort, median, pinned, readZips, ROOT, rotatingLua, SERVER_CPU, stop, waitReady, wrk, ZIP_COUNT, type WrkResult } from "./bench.ts";

type Stored = Record<string, { body: string; headers: Record<string, string> }>;

/** `bun bench/floor.ts serve <port> <bodies.json> <bare|bare+inm>`: the bare server, run as its own process. */
async function serveBare(port: number, file: string, mode: string): Promise<void> {
  const stored = (await Bun.file(file).json()) as Stored;
  const encoder = new TextEncoder();
  const bodies = new Map(
    Object.entries(stored).map(([path, v]) => [
      path,
      { bytes: encoder.encode(v.body), headers: v.headers, etag: v.headers.etag, notModified: notModifiedHeaders(v.headers.etag!, v.headers["last-modified"]!) },
    ]),
  );
  const readInm = mode === "bare+inm";
  Bun.serve({
    port,
    hostname: "127.0.0.1",
    fetch(req) {
      const url = req.url;
      const found = bodies.get(url.slice(url.indexOf("/", url.indexOf("//") + 2)));
      if (found === undefined) return new Response("not found", { status: 404 });
      if (readInm && req.headers.get("if-none-match") === found.etag) return new Response(null, { status: 304, headers: found.notModified });
      return new Response(found.bytes, { headers: found.headers });
    },
  });
}

/** The record bodies and headers (BENCH_ZIPS, 5,000) (less Date and Content-Length, which Bun sets) as the binary sends them. */
async function bodiesFromBinary(paths: string[]): Promise<Stored> {
  const port = await freePort();
  const proc = Bun.spawn([BIN, "--port", String(port), "--quiet", "--base-url", BASE_URL], { stdout: "ignore", stderr: "inherit" });
  try {
    await waitReady(`http://127.0.0.1:${port}/healthz`, proc, performance.now(), 60_000);
    const stored: Stored = {};
    for (const path of paths) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (res.status !== 200) {
        await res.arrayBuffer();
        continue;
      }
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (name !== "date" && name !== "content-length") headers[name] = value;
      });
      stored[path] = { body: await res.text(), headers };
    }
    return stored;
  } finally {
    await stop(proc);
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 3);
  const seconds = Number(process.argv[3] ?? 5);
  if (!(rounds >= 1 && seconds >= 1)) throw new Error("usage: bun bench/floor.ts [rounds>=1] [seconds>=1]");
  const work = mkdtempSync(join(tmpdir(), "sd-floor-"));
  try {
    const zips = readZips(resolve(ROOT, "data/zips.csv"), ZIP_COUNT);
    const stored = await bodiesFromBinary(zips.map((zip) => `/zip/${zip}.json`));
    const paths = Object.keys(stored);
    const bodiesFile = join(work, "bodies.json");
    const script = join(work, "zip.lua");
    writeFileSync(bodiesFile, JSON.stringify(stored));
    writeFileSync(script, rotatingLua(paths, undefined));
    const script304 = join(work, "zip-304.lua");
    writeFileSync(script304, rotatingLua(paths, paths.map((path) => stored[path]!.headers.etag!)));
    console.error(`floor: ${paths.length} record bodies from the binary; ${rounds} rounds of ${seconds} s`);
    const servers: Record<string, (port: number) => string[]> = {
      binary: (port) => [BIN, "--port", String(port), "--quiet", "--base-url", BASE_URL],
      bare: (port) => [process.execPath, import.meta.path, "serve", String(port), bodiesFile, "bare"],
      "bare+inm": (port) => [process.execPath, import.meta.path, "serve", String(port), bodiesFile, "bare+inm"],
    };
    const results: Record<string, { rps: number; p99: number; cpu: number }[]> = {};
    const record = (key: string, r: WrkResult) => {
      if (r.errors > 0) throw new Error(`${key}: ${r.errors} socket errors`);
      (results[key] ??= []).push({ rps: r.rps, p99: r.p99_us / 1000, cpu: r.cpu_us_per_req });
      console.error(`floor: ${key}: ${Math.round(r.rps)} req/s, p99 ${(r.p99_us / 1000).toFixed(2)} ms, ${r.cpu_us_per_req.toFixed(2)} µs CPU per request`);
    };
    for (let round = 1; round <= rounds; round++) {
      for (const [name, command] of Object.entries(servers)) {
        const port = await freePort();
        const proc = Bun.spawn(pinned(command(port), SERVER_CPU), { stdout: "ignore", stderr: "inherit" });
        try {
          await waitReady(`http://127.0.0.1:${port}${paths[0]}`, proc, performance.now(), 60_000);
          await wrk(`http://127.0.0.1:${port}/`, script, [], 2); // warm-up
          const records = await wrk(`http://127.0.0.1:${port}/`, script, [], seconds, proc.pid);
          if (records.non2xx3xx > 0) throw new Error(`${name}: ${records.non2xx3xx} answers other than 200`);
          record(`records, ${name}`, records);
          if (name === "bare") continue; // it does not read If-None-Match
          const revalidations = await wrk(`http://127.0.0.1:${port}/`, script304, [], seconds, proc.pid);
          // wrk counts a 304 as a 3xx: only 2xx/3xx pass; a 200 here would be a missed revalidation.
          if (revalidations.bytes / Math.max(1, revalidations.requests) > 600) throw new Error(`${name}: revalidations answered with bodies`);
          record(`304s, ${name}`, revalidations);
        } finally {
          await stop(proc);
        }
      }
    }
    const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
    const lines = [
      `Medians of ${rounds} rounds of ${seconds} s (bun ${Bun.version}, load average at the end ${load}):`,
      "",
      "| load, server | req/s | vs binary | p99 | server CPU per request |",
      "|---|---:|---:|---:|---:|",
      // The records first, then the 304s (a stable sort keeps the servers' order).
      ...Object.entries(results)
        .sort(([a], [b]) => Number(a.startsWith("304")) - Number(b.startsWith("304")))
        .map(([key, rs]) => {
          const rps = median(rs.map((r) => r.rps));
          const binary = median(results[`${key.split(",")[0]}, binary`]!.map((r) => r.rps));
          return `| ${key} | ${Math.round(rps).toLocaleString("en-US")} | ${(rps / binary).toFixed(2)} | ${median(rs.map((r) => r.p99)).toFixed(2)} ms | ${median(rs.map((r) => r.cpu)).toFixed(2)} µs |`;
        }),
    ];
    console.log(lines.join("\n"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  if (process.argv[2] === "serve") await serveBare(Number(process.argv[3]), process.argv[4]!, process.argv[5]!);
  else await main();
}

/**
 * Load: 200 concurrent keep-alive connections send 4,000 requests over a mix of
 * paths, encodings, HEAD, 304s and errors; every answer must equal the one the
 * same request got alone before the burst. Memory after the burst stays within
 * 1.5x of the memory after those single requests (what is built on first use is
 * in by then), and no descriptors leak. No timing assertions.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_MS, KeepAlive, openFiles, pool, rssKiB, sampleLeaids, sampleZips, sleep, startService, type HttpAnswer, type Service } from "./harness.ts";

const CONNECTIONS = 200;
const REQUESTS = 4000;

type Spec = { method: "GET" | "HEAD"; path: string; headers: Record<string, string> };
type Expected = { status: number; etag: string | undefined; encoding: string | undefined; length: number; sha1: string };

const sha1 = (b: Buffer) => createHash("sha1").update(b).digest("hex");
const summary = (a: HttpAnswer): Expected => ({
  status: a.status,
  etag: a.headers.etag,
  encoding: a.headers["content-encoding"],
  length: a.body.length,
  sha1: sha1(a.body),
});

let svc: Service;
let rssStart = 0;
let fdsStart = 0;

beforeAll(async () => {
  svc = await startService();
  await sleep(500);
  rssStart = rssKiB(svc.pid);
  fdsStart = openFiles(svc.pid).length;
}, 90_000);
afterAll(async () => {
  await svc?.stop();
});

describe("a burst of 4,000 requests on 200 connections", () => {
  it("answers every request exactly as it answers it alone, and memory stays within 1.5x of what one of each took", async () => {
    expect(rssStart, "VmRSS of the service after start").toBeGreaterThan(0);
    const zips = sampleZips(150);
    const specs: Spec[] = [];
    for (const [i, zip] of zips.entries()) {
      specs.push({ method: "GET", path: `/zip/${zip}.json`, headers: {} });
      if (i % 3 === 0) specs.push({ method: "GET", path: `/zip/${zip}/districts.json`, headers: { "Accept-Encoding": "gzip" } });
      if (i % 5 === 0) specs.push({ method: "GET", path: `/zip/${zip}`, headers: { "Accept-Encoding": "br" } });
      if (i % 7 === 0) specs.push({ method: "HEAD", path: `/zip/${zip}.json`, headers: {} });
    }
    for (const st of ["CA", "TX", "NY", "WY", "DC", "PR", "GU"]) specs.push({ method: "GET", path: `/state/${st}.json`, headers: { "Accept-Encoding": "br, gzip" } });
    for (const [i, leaid] of sampleLeaids(60).entries()) {
      specs.push({ method: "GET", path: `/district/${leaid}.json`, headers: i % 2 ? { "Accept-Encoding": "gzip" } : {} });
      if (i % 4 === 0) specs.push({ method: "GET", path: `/district/${leaid}`, headers: { "Accept-Encoding": "br" } });
    }
    for (const st of ["CA", "VT", "GU"]) specs.push({ method: "GET", path: `/state/${st}/districts.json`, headers: { "Accept-Encoding": "br" } });
    specs.push({ method: "GET", path: "/state/TX", headers: {} });
    specs.push({ method: "GET", path: "/bulk/districts.csv", headers: { "Accept-Encoding": "gzip" } });
    specs.push({ method: "GET", path: "/district/0000000.json", headers: {} }); // 404
    specs.push({ method: "GET", path: "/index.json", headers: { "Accept-Encoding": "gzip" } });
    specs.push({ method: "GET", path: "/bulk/all-districts.json", headers: { "Accept-Encoding": "br" } });
    specs.push({ method: "GET", path: "/bulk/all-districts.csv", headers: { "Accept-Encoding": "gzip" } });
    specs.push({ method: "GET", path: "/openapi.json", headers: {} });
    specs.push({ method: "GET", path: "/", headers: {} });
    specs.push({ method: "GET", path: "/healthz", headers: {} });
    specs.push({ method: "GET", path: "/zip/00000.json", headers: {} }); // 404 (not a ZIP in any build)
    specs.push({ method: "GET", path: "/zip/abcde.json", headers: {} }); // 400
    specs.push({ method: "GET", path: "/state/ca.json", headers: {} }); // 400
    specs.push({ method: "GET", path: "/nope", headers: {} }); // 404

    // The answers each request gets alone, sequentially, on one connection.
    const expected = new Map<number, Expected>();
    const solo = new KeepAlive(svc.port);
    try {
      for (const [i, s] of specs.entries()) expected.set(i, summary(await solo.request(s.method, s.path, s.headers)));
    } finally {
      solo.close();
    }
    // The memory to compare with: after every request was answered once, so that what the
    // service builds on first use (the page maps' boundary index and ZIP outlines, ~90 MB, and
    // the bodies it decodes and keeps) is in; the burst must not add half of it again.
    const rssWarm = rssKiB(svc.pid);
    // Conditional requests with the ETags just seen give 304.
    const base = specs.length;
    for (let i = 0; i < base; i += 4) {
      const e = expected.get(i)!;
      if (e.status === 200 && e.etag) {
        specs.push({ method: "GET", path: specs[i]!.path, headers: { ...specs[i]!.headers, "If-None-Match": e.etag } });
        expected.set(specs.length - 1, { status: 304, etag: e.etag, encoding: undefined, length: 0, sha1: sha1(Buffer.alloc(0)) });
      }
    }
    expect(expected.get(0)!.status).toBe(200);

    // The burst: 200 connections, 20 requests each, interleaved over the specs.
    const perConn = REQUESTS / CONNECTIONS;
    const mismatches: string[] = [];
    let answered = 0;
    const conns = Array.from({ length: CONNECTIONS }, () => new KeepAlive(svc.port));
    try {
      await pool(conns, CONNECTIONS, async (conn, c) => {
        for (let k = 0; k < perConn; k++) {
          const i = (c * 7919 + k * 104729) % specs.length;
          const s = specs[i]!;
          let got: Expected;
          try {
            got = summary(await conn.request(s.method, s.path, s.headers, 60_000));
          } catch (e) {
            mismatches.push(`${s.method} ${s.path}: ${(e as Error).message}`);
            return;
          }
          answered++;
          const want = expected.get(i)!;
          if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${s.method} ${s.path} ${JSON.stringify(s.headers)}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
        }
      });
    } finally {
      for (const c of conns) c.close();
    }
    expect(mismatches.slice(0, 10), `${mismatches.length} wrong answers`).toEqual([]);
    expect(answered).toBe(REQUESTS);
    expect(svc.proc.exitCode, svc.stderr()).toBeNull();

    await sleep(1000);
    const rssAfter = rssKiB(svc.pid);
    console.log(`reliability/load: VmRSS ${rssStart} kB after start, ${rssWarm} kB after each request once, ${rssAfter} kB after ${REQUESTS} requests on ${CONNECTIONS} connections`);
    expect(rssAfter, `VmRSS ${rssAfter} kB after the burst vs ${rssWarm} kB after each request once`).toBeLessThanOrEqual(rssWarm * 1.5);
  }, 180_000);

  it("closes the burst's descriptors", async () => {
    // The sockets of the burst are closed by the clients; give the server a moment.
    let fds = openFiles(svc.pid).length;
    for (let i = 0; i < 50 && fds > fdsStart + 10; i++) {
      await sleep(100);
      fds = openFiles(svc.pid).length;
    }
    expect(fds, `open descriptors: ${fdsStart} after start, ${fds} after the burst`).toBeLessThanOrEqual(fdsStart + 10);
  }, 180_000);

  it("still answers normally", async () => {
    const r = await fetch(`${svc.base}/zip/90210.json`, { signal: AbortSignal.timeout(HANG_MS) });
    expect(r.status).toBe(200);
  }, 180_000);
});

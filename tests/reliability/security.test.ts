/**
 * Security: HTML pages carry nosniff and a restrictive Content-Security-Policy;
 * no secret from the environment, no local path and no stack trace reaches a
 * response; requests never touch the filesystem (the dataset given with --data
 * can be deleted after start-up and every path still answers; no file
 * descriptors are opened by traffic).
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_MS, openRegularFiles, rawRequest, REPO, sampleLeaids, sampleZips, sleep, startService, type Service } from "./harness.ts";

const CANARY = `canary-${Math.random().toString(36).slice(2)}-${Date.now()}`;

let svc: Service;
let dataDir: string;
let filesAtStart: string[] = [];

beforeAll(async () => {
  // Serve a copy of the dataset, then delete the copy: every answer must come from memory.
  dataDir = mkdtempSync(join(tmpdir(), "sd-reliability-sec-"));
  for (const f of ["manifest.json", "zips.csv", "districts.csv", "overlaps.csv", "boundaries.topojson", "zctas.topojson", "RATING.md", "SOURCES.md", "postal.csv"]) cpSync(resolve(REPO, "data", f), join(dataDir, f));
  process.env.SD_RELIABILITY_CANARY_SECRET = CANARY;
  try {
    svc = await startService(["--data", dataDir]);
  } finally {
    delete process.env.SD_RELIABILITY_CANARY_SECRET;
  }
  await sleep(300);
  filesAtStart = openRegularFiles(svc.pid);
  rmSync(dataDir, { recursive: true, force: true });
}, 90_000);
afterAll(async () => {
  await svc?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const PAGES = ["/", "/zip/90210", "/docs", "/docs/interactive"];

/** A restrictive CSP: default-src 'none' or 'self', nothing from anywhere, no eval, no framing, no plugins. */
function expectRestrictiveCsp(csp: string | null, path: string) {
  expect(csp, `${path}: Content-Security-Policy`).toBeTruthy();
  const directives = new Map(
    csp!
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
  const def = directives.get("default-src");
  expect(def, `${path}: default-src in ${csp}`).toBeDefined();
  expect(def!.every((v) => v === "'none'" || v === "'self'"), `${path}: default-src ${def!.join(" ")}`).toBe(true);
  for (const [name, values] of directives) {
    expect(values, `${path}: ${name} allows everything`).not.toContain("*");
    // data: images and fonts are harmless, blob: workers come from the page's own (hashed) script
    // (Redoc's search worker); a whole scheme anywhere else is not restrictive
    const schemes =
      name === "img-src" || name === "font-src" ? /^(https?:|blob:)$/ : name === "worker-src" ? /^(https?:|data:)$/ : /^(https?:|data:|blob:)$/;
    expect(values.some((v) => schemes.test(v)), `${path}: ${name} allows a whole scheme (${values.join(" ")})`).toBe(false);
    if (name === "script-src" || name === "default-src") expect(values, `${path}: ${name}`).not.toContain("'unsafe-eval'");
  }
  const script = directives.get("script-src") ?? def!;
  if (script.includes("'unsafe-inline'")) {
    // only acceptable when hashes or nonces make browsers ignore it
    expect(script.some((v) => /^'(sha256|sha384|sha512|nonce)-/.test(v)), `${path}: script-src 'unsafe-inline' without hashes`).toBe(true);
  }
  const objects = directives.get("object-src") ?? def!;
  expect(objects, `${path}: object-src`).toEqual(["'none'"]);
  const frames = directives.get("frame-ancestors");
  expect(frames, `${path}: frame-ancestors (clickjacking)`).toBeDefined();
  expect(frames!.every((v) => v === "'none'" || v === "'self'")).toBe(true);
  const base = directives.get("base-uri");
  expect(base, `${path}: base-uri`).toBeDefined();
}

describe("HTML pages", () => {
  it.each(PAGES)("%s has nosniff and a restrictive CSP", async (path) => {
    for (const enc of ["identity", "br", "gzip"]) {
      const r = await fetch(`${svc.base}${path}`, { headers: { "Accept-Encoding": enc } });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/);
      expect(r.headers.get("x-content-type-options"), `${path} (${enc})`).toBe("nosniff");
      expectRestrictiveCsp(r.headers.get("content-security-policy"), `${path} (${enc})`);
      await r.arrayBuffer();
    }
  }, 180_000);

  // (A 304 need not repeat them: the browser keeps the cached 200's headers.)
  it.each(PAGES)("%s keeps its security headers on HEAD", async (path) => {
    const head = await fetch(`${svc.base}${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-content-type-options")).toBe("nosniff");
    expectRestrictiveCsp(head.headers.get("content-security-policy"), path);
  }, 180_000);

  it.each(["/zip/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/zip?zip=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/%3Cscript%3Ealert(1)%3C%2Fscript%3E"])(
    "a script in %s is never reflected as markup",
    async (target) => {
      const r = await rawRequest(svc.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, HANG_MS);
      expect([400, 404]).toContain(r.status);
      const type = r.headers["content-type"] ?? "";
      if (/html/i.test(type)) expect(r.body).not.toMatch(/<script>alert/i);
      else {
        // echoed inside JSON is harmless as long as browsers cannot sniff it into HTML
        expect(type).toMatch(/^application\/(problem\+)?json/);
        expect(r.headers["x-content-type-options"]).toBe("nosniff");
      }
    },
    20_000,
  );
});

describe("no secrets, paths or internals in responses", () => {
  const paths = [
    "/", "/docs", "/healthz", "/openapi.json", "/index.json", "/zip/90210.json", "/zip/90210", "/zip/90210/districts.json",
    "/state/CA.json", "/zip/00000.json", "/zip/abc.json", "/state/ca.json", "/nope", "/zip/../../proc/self/environ",
    "/district/0604830.json", "/district/0604830", "/state/RI/districts.json", "/state/RI", "/district/abc.json",
    "/zip/%2e%2e%2f%2e%2e%2fproc%2fself%2fenviron.json", "/%2e%2e/%2e%2e/proc/self/environ",
  ];
  it.each(paths)("GET %s", async (path) => {
    const r = await rawRequest(svc.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`, HANG_MS);
    expect(r.status).toBeLessThan(500);
    const text = r.text;
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(REPO);
    expect(text).not.toContain(tmpdir() + "/sd-reliability");
    expect(text).not.toMatch(/root:[x*]?:0:0:|\$bunfs|\bat [\w.<>$]+ \(\/|\/home\/|\/root\//);
    expect(r.headers["x-powered-by"]).toBeUndefined();
    expect(r.headers.server ?? "", "no version in Server").not.toMatch(/\d/);
  }, 180_000);

  it("405 and OPTIONS answers carry nothing either", async () => {
    for (const m of ["DELETE", "OPTIONS", "TRACE"]) {
      const r = await rawRequest(svc.port, `${m} /zip/90210.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Secret: ${CANARY}\r\nConnection: close\r\n\r\n`, HANG_MS);
      expect(r.status).toBeLessThan(500);
      expect(r.text, `${m} echoes a request header`).not.toContain(CANARY);
    }
  }, 180_000);
});

describe("no filesystem access at request time", () => {
  it("serves every kind of path after its --data folder was deleted", async () => {
    const zips = sampleZips(30);
    const paths = [...zips.flatMap((z) => [`/zip/${z}.json`, `/zip/${z}/districts.json`, `/zip/${z}`]), "/state/CA.json", "/state/GU.json", "/index.json", "/bulk/all-districts.json", "/bulk/all-districts.csv", "/openapi.json", "/docs", "/", "/healthz",
      ...sampleLeaids(10).flatMap((l) => [`/district/${l}.json`, `/district/${l}`]), "/state/CA/districts.json", "/state/CA", "/bulk/districts.csv"];
    for (const p of paths) {
      const r = await fetch(`${svc.base}${p}`, { headers: { "Accept-Encoding": "br" } });
      expect(r.status, p).toBe(200);
      expect((await r.arrayBuffer()).byteLength, p).toBeGreaterThan(0);
    }
  }, 60_000);

  it("opens no files while answering (traversal attempts included)", async () => {
    const attempts = ["/zip/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/zip/..%2f..%2fetc%2fpasswd.json", "/docs/../../../etc/hostname", "/etc/passwd", "/proc/self/environ"];
    for (let i = 0; i < 5; i++) {
      for (const a of attempts) {
        const r = await rawRequest(svc.port, `GET ${a} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, HANG_MS);
        expect([400, 404], `${a}: ${r.status}`).toContain(r.status);
        expect(r.text).not.toMatch(/root:[x*]?:0:0:|PATH=/);
      }
      const r = await fetch(`${svc.base}/bulk/all-districts.csv`);
      await r.arrayBuffer();
    }
    const files = openRegularFiles(svc.pid);
    const added = files.filter((f) => !filesAtStart.includes(f));
    expect(added, "regular files opened since start").toEqual([]);
    expect(files.filter((f) => f.includes("/etc/") || f.startsWith(dataDir))).toEqual([]);
  }, 60_000);
});

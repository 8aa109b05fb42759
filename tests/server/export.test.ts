/**
 * `school-districts export <dir>` (rule 24): every path as a file with .br and
 * .gz variants, a _headers file and an nginx snippet. Run on the small fixture
 * (--data) so the test writes ~60 files rather than 300k.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblemsForMalformedRequests, startNginx } from "../support/nginx.ts";
import { raw, REPO, runBinary, startServer } from "../support/server.ts";

const FIXTURE = join(REPO, "apps/server/test/fixtures/small");
const BASE = "https://static.example.org";
let dir: string;
let result: { code: number | string; stdout: string; stderr: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sd-export-"));
  result = await runBinary(["export", dir, "--data", FIXTURE, "--base-url", BASE, "--quiet"]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function files(root: string, prefix = ""): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(root, join(prefix, e.name)) : [join(prefix, e.name)],
  );
}

describe("export", () => {
  it("exits 0 and writes every path with .br and .gz", () => {
    expect(result.code, result.stderr).toBe(0);
    const all = new Set(files(dir));
    const bodies = [...all].filter((f) => !f.endsWith(".br") && !f.endsWith(".gz") && f !== "_headers" && f !== "nginx.conf" && f !== "404.html" && f !== "zip-only.html");
    expect(all.has("404.html")).toBe(true);
    expect(all.has("zip-only.html")).toBe(true);
    // 8 ZIPs x (record, districts, page) + 56 states + bulk JSON and CSV + index + openapi + docs + home + healthz + 11 problem types
    // + 12 districts x (JSON, page) + 56 states x (districts, page) + the district CSV, the ZIP-to-district CSV and the downloads' checksums
    // + about, robots.txt, sitemap.xml, sitemap-1.xml + the docs script, its 6 section pages and the interactive (Redoc) page
    expect(bodies).toHaveLength(8 * 3 + 56 + 7 + 11 + 12 * 2 + 56 * 2 + 3 + 4 + 8);
    for (const f of bodies) {
      const body = readFileSync(join(dir, f));
      expect(brotliDecompressSync(readFileSync(join(dir, `${f}.br`))).equals(body), f).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${f}.gz`))).equals(body), f).toBe(true);
    }
    for (const f of ["index.html", "docs.html", "healthz", "openapi.json", "index.json", "zip/90210.html", "zip/90210.json", "zip/90210/districts.json", "state/CA.json", "bulk/all-districts.csv", "problems/not-found.html", "district/0604830.json", "district/0604830.html", "state/CA/districts.json", "state/CA.html", "bulk/districts.csv", "bulk/zip-districts.csv", "about.html", "robots.txt", "sitemap.xml", "sitemap-1.xml", "docs/redoc.js", "docs/records.html", "docs/interactive.html"]) {
      expect(all.has(f), f).toBe(true);
    }
  });

  it("writes the bodies the server serves for the same data and base URL", async () => {
    const server = await startServer(["--quiet", "--data", FIXTURE, "--base-url", BASE]);
    try {
      for (const [path, file] of [["/zip/90210.json", "zip/90210.json"], ["/bulk/all-districts.csv", "bulk/all-districts.csv"], ["/openapi.json", "openapi.json"], ["/bulk/districts.csv", "bulk/districts.csv"], ["/bulk/zip-districts.csv", "bulk/zip-districts.csv"]]) {
        expect((await raw(`${server.url}${path}`)).body.equals(readFileSync(join(dir, file!))), path).toBe(true);
      }
      // The pages too, but for the search box, which takes ZIP codes only in a static copy (no towns), and the
      // split ZIP page's link to the location page, which a static copy does not have (pages audit 38 #1).
      const box = /<form action="\/zip"[\s\S]*?<\/form>/g;
      const spot = /<p>Not sure which of these districts the home is in\?[^\n]*<\/p>\n/;
      for (const [path, file] of [["/zip/90210", "zip/90210.html"], ["/district/0604830", "district/0604830.html"], ["/state/CA", "state/CA.html"]]) {
        const served = (await raw(`${server.url}${path}`)).body.toString("utf8");
        const copy = readFileSync(join(dir, file!), "utf8");
        expect(copy, path).not.toBe(served);
        expect(copy, path).not.toMatch(spot);
        if (path === "/zip/90210") expect(served, path).toMatch(spot);
        expect(copy.replace(box, "BOX"), path).toBe(served.replace(box, "BOX").replace(spot, ""));
        expect(copy, path).toContain('<label for="zip-top">ZIP code <span class="hint" id="zip-top-hint">5 digits, such as 90210</span></label>');
      }
      const home = readFileSync(join(dir, "index.html"), "utf8");
      expect(home).toContain("This copy of the site looks up ZIP codes only.");
      expect(home).not.toContain("Use my location");
    } finally {
      await server.stop();
    }
    expect(JSON.parse(readFileSync(join(dir, "zip/90210.json"), "utf8")).page_url).toBe(`${BASE}/zip/90210`);
  });

  it("writes the downloads' checksums, which `sha256sum -c` passes in the export's bulk folder", () => {
    const check = spawnSync("sha256sum", ["-c", "sha256sums.txt"], { cwd: join(dir, "bulk"), encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout.trim().split("\n")).toEqual(["all-districts.json: OK", "all-districts.csv: OK", "districts.csv: OK", "zip-districts.csv: OK"]);
  });

  it("writes headers for Netlify/Cloudflare Pages and an nginx snippet", () => {
    const headers = readFileSync(join(dir, "_headers"), "utf8");
    expect(headers).toContain("Access-Control-Allow-Origin: *");
    expect(headers).toContain("Cache-Control: public, max-age=86400, stale-while-revalidate=604800");
    expect(headers).toContain('Content-Disposition: attachment; filename="all-districts.csv"');
    expect(headers).toContain('/bulk/zip-districts.csv\n  Content-Type: text/csv; charset=utf-8\n  Content-Disposition: attachment; filename="zip-districts.csv"');
    expect(existsSync(join(dir, "nginx.conf"))).toBe(true);
    expect(readFileSync(join(dir, "nginx.conf"), "utf8")).toContain(`add_header Content-Disposition 'attachment; filename="zip-districts.csv"' always;`);
    expect(readFileSync(join(dir, "nginx.conf"), "utf8")).toContain("gzip_static on;");
  });
});

describe("export into a folder that cannot take it", () => {
  it("refuses a non-empty folder (an older export's files would keep answering) and a file, naming them, exit 1", async () => {
    const used = mkdtempSync(join(tmpdir(), "sd-export-used-"));
    try {
      writeFileSync(join(used, "old.json"), "{}");
      const notEmpty = await runBinary(["export", used, "--data", FIXTURE, "--quiet"]);
      expect(notEmpty.code).toBe(1);
      expect(notEmpty.stderr).toBe(`school-districts: ${used} is not empty: export into a new or empty folder (files of an older export would keep answering beside the new ones)\n`);
      const file = join(used, "old.json");
      const onFile = await runBinary(["export", file, "--data", FIXTURE, "--quiet"]);
      expect(onFile.code).toBe(1);
      expect(onFile.stderr).toBe(`school-districts: ${file} is a file, not a folder: export into a new or empty folder\n`);
    } finally {
      rmSync(used, { recursive: true, force: true });
    }
  });
});

describe("the export's nginx.conf in nginx", () => {
  // nginx-light from Debian, installed on demand like chromium; it has no ngx_brotli, and the
  // snippet's brotli_static line is commented out: the file is used as written.
  it("passes nginx -t and serves the pages, the search box's redirect, the downloads and the JSON", async () => {
    const work = mkdtempSync(join(tmpdir(), "sd-nginx-"));
    const written = readFileSync(join(dir, "nginx.conf"), "utf8");
    // Named for the host of the base URL (consumers audit 30 #4: beside a default site it was never reached).
    expect(written).toContain(`server_name ${new URL(BASE).hostname};`);
    expect(written).toContain("listen 80;");
    const nginx = await startNginx(work, (listen) => written.replace("listen 80;", `listen ${listen};`));
    const { url, proc } = nginx;
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      // Range ignored, as the binary ignores it (ops audit 39 #5: a range past the end got a 416 with every header twice, CORS's "*, *").
      for (const range of ["bytes=99999999-", "bytes=0-9"]) {
        const ranged = await fetch(`${url}/zip/90210.json`, { headers: { Range: range, "Accept-Encoding": "identity" } });
        expect([ranged.status, ranged.headers.get("access-control-allow-origin")], range).toEqual([200, "*"]);
        expect((await ranged.json()) as { zip: string }, range).toMatchObject({ zip: "90210" });
      }
      // An upper-case suffix, which the binary answers with its 404 problem, is the API's 404 problem, not the HTML page.
      for (const path of ["/zip/90210.JSON", "/bulk/ALL-DISTRICTS.csv"]) {
        const res = await fetch(`${url}${path}`);
        expect([res.status, res.headers.get("content-type")], path).toEqual([404, "application/problem+json; charset=utf-8"]);
      }
      for (const [path, status, type] of [
        ["/", 200, "text/html; charset=utf-8"],
        ["/zip/90210", 200, "text/html; charset=utf-8"],
        ["/district/0604830", 200, "text/html; charset=utf-8"],
        ["/state/CA", 200, "text/html; charset=utf-8"],
        ["/about", 200, "text/html; charset=utf-8"],
        ["/zip/90210.json", 200, "application/json; charset=utf-8"],
        ["/bulk/zip-districts.csv", 200, "text/csv; charset=utf-8"],
        ["/bulk/sha256sums.txt", 200, "text/plain; charset=utf-8"],
        ["/zip/99999", 404, "text/html; charset=utf-8"],
        ["/no/such/page", 404, "text/html; charset=utf-8"],
        // The export's files under their own names are no addresses of the service, as the binary has none.
        ["/zip/90210.json.gz", 404, "text/html; charset=utf-8"],
        ["/zip/90210.html", 404, "text/html; charset=utf-8"],
        ["/index.html", 404, "text/html; charset=utf-8"],
        // Nor the export's files without their .html (review 28: /404 and /index came back 200 pages without their headers).
        ["/404", 404, "text/html; charset=utf-8"],
        ["/index", 404, "text/html; charset=utf-8"],
        ["/docs/redoc.js", 200, "text/javascript; charset=utf-8"],
        ["/robots.txt", 200, "text/plain; charset=utf-8"],
      ] as const) {
        const res = await fetch(`${url}${path}`, { redirect: "manual" });
        expect(res.status, path).toBe(status);
        if (type) expect(res.headers.get("content-type"), path).toBe(type);
        if (status === 200) expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(dir, path === "/" ? "index.html" : path.includes(".") ? path.slice(1) : `${path.slice(1)}.html`))), path).toBe(true);
        else await res.body?.cancel();
      }
      expect((await fetch(`${url}/bulk/zip-districts.csv`, { method: "HEAD" })).headers.get("content-disposition")).toBe('attachment; filename="zip-districts.csv"');
      // The downloads' licence and sources, as the binary sends them (consumers audit 30 #9).
      for (const path of ["/bulk/zip-districts.csv", "/bulk/all-districts.json", "/bulk/sha256sums.txt"]) {
        const head = await fetch(`${url}${path}`, { method: "HEAD" });
        expect(head.headers.get("link"), path).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license", </about#sources>; rel="describedby"');
        expect(head.headers.get("access-control-expose-headers"), path).toBe("ETag, Content-Disposition, Link");
      }
      // Files dated as the data (audit 28, ops): Last-Modified falls on the data's day, not the export run's
      // (its time of day from the body, so that nginx's ETag, made of time and size, changes with it).
      const times = new Set<string>();
      for (const path of ["/zip/90210.json", "/zip/90210", "/bulk/zip-districts.csv", "/bulk/districts.csv"]) {
        const modified = (await fetch(`${url}${path}`, { method: "HEAD" })).headers.get("last-modified");
        expect(modified, path).toMatch(/^Sun, 22 Nov 2026 \d{2}:\d{2}:\d{2} GMT$/);
        times.add(modified!);
      }
      expect(times.size).toBeGreaterThan(1);
      // A page with nothing: the 404 page a person reads, with the pages' headers.
      const missingPage = await fetch(`${url}/zip/99999`);
      expect(await missingPage.text()).toContain("There is no page at this address.");
      const pageCsp = (await fetch(`${url}/zip/90210`)).headers.get("content-security-policy");
      expect(pageCsp).toMatch(/^default-src 'none'/);
      expect(missingPage.headers.get("content-security-policy")).toBe(pageCsp);
      // An API path with no file: the binary's 404 problem+json (audit 28, ops: it was nginx's HTML page).
      for (const path of ["/zip/99999.json", "/zip/99999/districts.json", "/state/ZZ.json", "/nope.csv"]) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.headers.get("content-type"), path).toBe("application/problem+json; charset=utf-8");
        expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(await res.json(), path).toMatchObject({ type: `${BASE}/problems/not-found`, title: "Not found", status: 404, instance: path });
      }
      // As the binary (audit, ops): Vary on every body, compressed or not; a preflight on pages and
      // downloads too; 405 with Allow; Referrer-Policy on pages; the export's own files not served.
      for (const encoding of ["gzip", "identity"]) {
        const res = await fetch(`${url}/bulk/zip-districts.csv`, { headers: { "Accept-Encoding": encoding }, decompress: false } as RequestInit);
        expect(res.headers.get("vary"), encoding).toBe("Accept-Encoding");
        await res.body?.cancel();
      }
      for (const path of ["/zip/90210.json", "/zip/90210", "/bulk/all-districts.csv", "/about", "/"]) {
        const res = await fetch(`${url}${path}`, { method: "OPTIONS", headers: { Origin: "https://a.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" } });
        expect(res.status, path).toBe(204);
        expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(res.headers.get("access-control-allow-methods"), path).toBe("GET, HEAD, OPTIONS");
        // The headers asked for are allowed, as the binary allows them (audit 29, ops: X-Requested-With failed here).
        expect(res.headers.get("access-control-allow-headers"), path).toBe("if-none-match, If-None-Match, If-Modified-Since, Accept-Encoding, Content-Type");
      }
      const asked = await fetch(`${url}/zip/90210.json`, { method: "OPTIONS", headers: { Origin: "https://a.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-requested-with, cache-control" } });
      expect(asked.headers.get("access-control-allow-headers")).toContain("x-requested-with, cache-control");
      expect(asked.headers.get("vary")).toBe("Access-Control-Request-Headers");
      // ?ZIP= is not zip= (the binary: 400; here 404).
      expect((await fetch(`${url}/zip?ZIP=90210`, { redirect: "manual" })).status).toBe(404);
      for (const path of ["/zip/90210.json", "/bulk/districts.csv", "/zip/90210"]) {
        const deleted = await fetch(`${url}${path}`, { method: "DELETE" });
        expect(deleted.status, path).toBe(405);
        expect(deleted.headers.get("allow"), path).toBe("GET, HEAD, OPTIONS");
        expect(deleted.headers.get("access-control-allow-origin"), path).toBe("*");
        // problem+json whatever the path's extension, as the binary's (a CSV path's 405 was typed text/csv).
        expect(deleted.headers.get("content-type"), path).toBe("application/problem+json; charset=utf-8");
        expect(deleted.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(await deleted.json(), path).toEqual({
          type: `${BASE}/problems/method-not-allowed`,
          title: "Method not allowed",
          status: 405,
          detail: "DELETE is not supported: this service is read-only. Use GET, HEAD or OPTIONS.",
          instance: path,
        });
      }
      // What nginx refuses itself (a malformed request, too large, TRACE): a problem readable cross-origin, not its HTML page (ops 43 #2).
      await expectProblemsForMalformedRequests(url, BASE);
      expect((await fetch(`${url}/zip/90210`)).headers.get("referrer-policy")).toBe("no-referrer");
      for (const path of ["/nginx.conf", "/_headers"]) expect((await fetch(`${url}${path}`)).status, path).toBe(404);
      // The search box: 303 to the ZIP's page, as the binary answers (a ZIP+4 and a pasted space too).
      // A pasted address ending with its ZIP code (or ZIP+4) too (pages audit 30 #1: it was "no page at this address").
      const addresses = ["9461+Charleville+Blvd%2C+Beverly+Hills%2C+CA+90210", "9461%20Charleville%20Blvd,%20Beverly%20Hills%20CA%2090210-1234", "Beverly+Hills%2C+CA%2C+90210."];
      for (const query of ["zip=90210", "zip=90210-1234", "zip=%2090210", "zip=90210+1234", "a=1&zip=90210", ...addresses.map((a) => `zip=${a}`)]) {
        const res = await fetch(`${url}/zip?${query}`, { redirect: "manual" });
        expect(res.status, query).toBe(303);
        // The path only, as the binary's: behind a CDN an absolute one named this server (absolute_redirect off).
        expect(res.headers.get("location"), query).toBe("/zip/90210");
      }
      // A failed precondition: the binary's 412 problem, never cached (consumers audit 30 #5: nginx's HTML 412, cacheable for a day).
      for (const [path, header] of [["/zip/90210.json", { "If-Match": '"nope"' }], ["/zip/90210", { "If-Unmodified-Since": "Sat, 01 Jan 2000 00:00:00 GMT" }]] as const) {
        const res = await fetch(`${url}${path}`, { headers: header });
        expect(res.status, path).toBe(412);
        expect(res.headers.get("content-type"), path).toBe("application/problem+json; charset=utf-8");
        expect(res.headers.get("cache-control"), path).toBe("no-store");
        expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(await res.json(), path).toMatchObject({ type: `${BASE}/problems/precondition-failed`, title: "Precondition failed", status: 412, instance: path });
      }
      // The binary and nginx read the search box alike (review 30 #1: nginx sent "PO Box 12345" to 12345 and
      // refused "…, CA 90210, USA"): one table of queries, the binary's answer the expected one.
      const binary = await startServer(["--quiet", "--data", FIXTURE, "--base-url", BASE]);
      try {
        const typed = [
          "90210", " 90210 ", "90210-1234", "90210 1234", "PO Box 12345", "Box 20500", "Apt 12345", "Suite 90210", "#12345", "9021 01234",
          "Beverly Hills, CA 90210, USA", "1600 Pennsylvania Ave NW, Washington, DC 20500-0003, USA", "Beverly Hills, CA 90210 - 1234",
          "Beverly Hills CA 90210;", "Beverly Hills, CA 90210.", "PO Box 12345, Beverly Hills, CA 90210", "12345 Main St", "Beverly Hills CA 90210 United States of America",
          // Copied from a web page or a spreadsheet: a no-break space, a tab, a line end (review 30b #9); a PO box written POB.
          "CA\u00a090210", "CA\t90210", "\u00a090210\u00a0", "90210\t", "90210\r\n", "Beverly Hills, CA\u00a090210-1234", "90210\u00a01234", "POB 12345", "P.O.B. 12345",
          // The rest of the binary's white space (review 31 #6): narrow no-break, thin and ideographic space, vertical tab, form feed, byte-order mark.
          "CA\u202f90210", "CA\u200990210", "CA\u300090210", "90210\u3000", "CA\u000b90210", "CA\u000c90210", "\u202f90210", "90210\u202f1234", "\ufeff90210", "CA\u200a90210", "CA\u205f90210", "CA\u168090210",
          // A ZIP code pasted with punctuation or the country after it (ops audit 37 #8: the page saying to type a ZIP code).
          "90210,", "90210.", "90210;", "90210 ;", "90210 USA", "90210, USA", "90210-1234.",
        ];
        const queries = [...typed.map((t) => `zip=${encodeURIComponent(t).replace(/%20/g, "+")}`), ...typed.slice(10, 12).map((t) => `zip=${encodeURIComponent(t)}`), "zip=Boston&zip=02134", "a=1&zip=90210&zip=x"];
        for (const query of queries) {
          const ask = (base: string) => fetch(`${base}/zip?${query}`, { redirect: "manual" });
          const [fromBinary, fromNginx] = await Promise.all([ask(binary.url), ask(url)]);
          await Promise.all([fromBinary.body?.cancel(), fromNginx.body?.cancel()]);
          const said = (res: Response) => (res.status === 303 ? res.headers.get("location") : "no redirect");
          expect(said(fromNginx), query).toBe(said(fromBinary));
        }
        // A path with an empty segment or an encoded slash: no address of the binary's, 404 (ops 43 #1: nginx merged the
        // slashes and served the record or the page). An API path's 404 is the not-found problem, a page's the 404 page;
        // a preflight is still answered.
        for (const path of ["//zip/90210.json", "/zip//90210.json", "///zip/90210.json", "//bulk/districts.csv", "/zip/%2F90210.json", "//zip/90210.JSON", "//zip/90210", "/zip//90210", "//", "//zip?zip=90210", "//healthz"]) {
          const [fromBinary, fromNginx] = await Promise.all([raw(`${binary.url}${path}`, { accept: "text/html" }), raw(`${url}${path}`, { accept: "text/html" })]);
          // (The binary reads /zip/%2F90210.json's ZIP code as "/90210", a 400; the export cannot read it: its 404.)
          expect([fromNginx.status, fromBinary.status], path).toEqual([404, path.includes("%2F") ? 400 : 404]);
          expect(fromNginx.headers["access-control-allow-origin"], path).toBe("*");
          const api = /\.(json|csv)$/i.test(path);
          expect(fromNginx.headers["content-type"], path).toBe(api ? "application/problem+json; charset=utf-8" : "text/html; charset=utf-8");
          expect(fromNginx.headers["content-type"], path).toBe(fromBinary.headers["content-type"]);
          if (api) expect(JSON.parse(fromNginx.body.toString("utf8")), path).toMatchObject({ type: `${BASE}/problems/not-found`, title: "Not found", status: 404 });
          else expect(fromNginx.body.toString("utf8"), path).toContain("There is no page at this address.");
          const preflight = await fetch(`${url}${path}`, { method: "OPTIONS", headers: { Origin: "https://a.example", "Access-Control-Request-Method": "GET" } });
          expect([preflight.status, preflight.headers.get("access-control-allow-origin")], path).toEqual([204, "*"]);
        }
        const doubled = await raw(`${url}//zip/90210.json`);
        expect(JSON.parse(doubled.body.toString("utf8")).instance).toBe("//zip/90210.json");
      } finally {
        await binary.stop();
      }
      // A town, an address without its ZIP code last, or /location: the page that says this copy looks up ZIP codes only.
      // A search far longer than the box takes, ending like an address (review 30b #3: nginx's pattern ran out of its match limit, 500).
      const long = `/zip?zip=${"a+1".repeat(1200)}+90210x`;
      for (const path of ["/zip?zip=Springfield%2C+IL", "/zip?zip=9461+Charleville+Blvd", "/zip?zip=", "/location?lat=45.78&lon=-108.5", "/location", long]) {
        const res = await fetch(`${url}${path}`, { redirect: "manual" });
        expect(res.status, path).toBe(404);
        expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
        expect(res.headers.get("content-security-policy"), path).toBe(pageCsp);
        expect(await res.text(), path).toContain("<h1>Type a 5-digit ZIP code</h1>");
      }
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGTERM");
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
    }
  });
});

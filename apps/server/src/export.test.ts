import { mkdtempSync, readFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, DOCS_CSP, loadFixture, testApp, testAssets } from "../test/helpers.ts";
import { exportFile, nginxSnippet, writeExport } from "./export.ts";
import { PAGE_CSP } from "./layout.ts";
import { CACHE_CONTROL } from "./representation.ts";
import { assembleSite, renderSiteBodies, type Site } from "./site.ts";

describe("exportFile", () => {
  it.each([
    ["/", "index.html"],
    ["/docs", "docs.html"],
    ["/zip/90210", "zip/90210.html"],
    ["/zip/90210.json", "zip/90210.json"],
    ["/zip/90210/districts.json", "zip/90210/districts.json"],
    ["/state/CA.json", "state/CA.json"],
    ["/healthz", "healthz"],
    ["/problems/zip-not-found", "problems/zip-not-found.html"],
    ["/district/0604830", "district/0604830.html"],
    ["/district/0604830.json", "district/0604830.json"],
    ["/state/CA", "state/CA.html"],
    ["/state/CA/districts.json", "state/CA/districts.json"],
    ["/bulk/districts.csv", "bulk/districts.csv"],
    ["/about", "about.html"],
    ["/docs/records", "docs/records.html"],
    ["/docs/interactive", "docs/interactive.html"],
    ["/docs/redoc.js", "docs/redoc.js"],
    ["/robots.txt", "robots.txt"],
    ["/sitemap.xml", "sitemap.xml"],
    ["/sitemap-1.xml", "sitemap-1.xml"],
  ])("%s -> %s", (path, file) => expect(exportFile(path)).toBe(file));
});

describe("writeExport of a dataset dated ahead of the clock (review 33 #4)", () => {
  it("dates no file after the run: nginx sends a file's time as Last-Modified", async () => {
    const dataset = await loadFixture();
    const site = assembleSite(renderSiteBodies({ ...dataset, updated: "2099-01-01" }, BASE, (await testAssets()).openapi), await testAssets());
    const dir = mkdtempSync(join(tmpdir(), "sd-export-ahead-"));
    const after = Date.now() + 1000;
    await writeExport(site, dir, DOCS_CSP);
    const future = site.paths().map((p) => join(dir, exportFile(p))).filter((f) => statSync(f).mtimeMs > after);
    expect(future).toEqual([]);
  }, 120_000);
});

describe("writeExport (rule 24)", () => {
  let site: Site;
  let dir: string;
  beforeAll(async () => {
    ({ site } = await testApp());
    dir = mkdtempSync(join(tmpdir(), "sd-export-"));
    await writeExport(site, dir, DOCS_CSP);
  });

  it("writes every path with its .br and .gz variants", () => {
    for (const path of site.paths()) {
      const file = join(dir, exportFile(path));
      const body = readFileSync(file);
      expect(new Uint8Array(body), path).toEqual(site.get(path)!.body);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body), path).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body), path).toBe(true);
    }
    expect(existsSync(join(dir, "zip/90210.html"))).toBe(true);
    expect(existsSync(join(dir, "state/WY.json"))).toBe(true);
    expect(existsSync(join(dir, "problems/method-not-allowed.html"))).toBe(true);
    for (const f of ["district/0604830.html", "district/0604830.json", "state/CA.html", "state/CA/districts.json", "bulk/districts.csv"]) {
      expect(existsSync(join(dir, f)), f).toBe(true);
    }
    for (const file of ["about.html", "robots.txt", "sitemap.xml", "sitemap-1.xml"]) expect(existsSync(join(dir, file)), file).toBe(true);
  });

  it("writes a _headers file and an nginx snippet", () => {
    const headers = readFileSync(join(dir, "_headers"), "utf8");
    expect(headers).toContain("Access-Control-Allow-Origin: *");
    expect(headers).toContain('Content-Disposition: attachment; filename="all-districts.csv"');
    // Redoc's page alone gets the docs CSP; the plain reference pages get the pages' one, each named.
    expect(headers).toContain(`/docs/interactive\n  Content-Security-Policy: ${DOCS_CSP}\n`);
    expect(headers).toContain(`/docs/records\n  Content-Security-Policy: ${PAGE_CSP}\n`);
    expect(headers).toContain(`/docs\n  Content-Security-Policy: ${PAGE_CSP}\n`);
    expect(headers).not.toContain("/docs/*");
    // Every path gets the one Cache-Control of /*, 404s included (decision 15); /healthz adds no-store, which
    // forbids storing where a host joins the values (review 32: a rule per path left 404s without one).
    const rules = headers.split(/\n(?=\/)/).map((r) => r.trim().split("\n"));
    const cacheOf = (path: string) => rules.filter(([pattern]) => new RegExp(`^${pattern!.replace(/[.]/g, "\\.").replace(/\*/g, ".*")}$`).test(path)).flatMap((r) => r.filter((l) => l.includes("Cache-Control")));
    expect(cacheOf("/healthz")).toEqual([`  Cache-Control: ${CACHE_CONTROL}`, "  Cache-Control: no-store"]);
    for (const path of ["/", "/zip/90210", "/zip/90210.json", "/index.json", "/bulk/all-districts.csv", "/docs/interactive", "/nope", "/404.html", "/about.html"]) {
      expect([path, cacheOf(path)]).toEqual([path, [`  Cache-Control: ${CACHE_CONTROL}`]]);
    }
    expect(existsSync(join(dir, "docs/interactive.html"))).toBe(true);
    const nginx = readFileSync(join(dir, "nginx.conf"), "utf8");
    expect(nginx).toContain("gzip_static on;");
    // Commented out: stock nginx has no ngx_brotli, and the file must work as written.
    expect(nginx).toMatch(/^  # brotli_static on;$/m);
    expect(nginx).toContain(`root "${dir}";`);
    const interactive = nginx.slice(nginx.indexOf("location = /docs/interactive {"));
    expect(interactive.slice(0, interactive.indexOf("\n  }"))).toContain(`Content-Security-Policy "${DOCS_CSP}"`);
    // Audit (ops): Vary on compressed bodies, preflight and Referrer-Policy wherever the binary has them.
    expect(nginx).toContain("gzip_vary on;");
    // Audit 28 (ops): the search box's redirect keeps the path only; API paths with no file answer problem+json; a page, 404.html.
    expect(nginx).toContain("absolute_redirect off;");
    expect(nginx).toContain("error_page 404 /404.html;");
    expect(nginx).toContain("error_page 404 = @not-found;");
    expect(readFileSync(join(dir, "404.html"), "utf8")).toContain("There is no page at this address.");
    const locations = nginx.split("\n  location ").slice(1);
    // Not serving: the named locations, nginx's own errors' problems (internal), the export's own files and the files under their own names (404).
    const serving = locations.filter((l) => !l.startsWith("@") && !l.startsWith("= /.sd-error/") && !/^= \/(nginx\.conf|_headers) /.test(l) && !l.startsWith("~* \\.(gz|br|html)$"));
    expect(serving.length).toBeGreaterThan(10);
    for (const l of serving) expect(l, l.slice(0, 40)).toContain("if ($request_method = OPTIONS)");
    for (const l of serving.filter((x) => x.includes("Content-Security-Policy"))) expect(l, l.slice(0, 40)).toContain('add_header Referrer-Policy "no-referrer" always;');
  });

  it("writes root as an absolute path (nginx reads a relative one under its own prefix)", () => {
    expect(nginxSnippet("public", DOCS_CSP)).toContain(`root "${resolve("public")}";`);
    // Quoted: a folder with a space is one argument.
    expect(nginxSnippet("/srv/my public", DOCS_CSP)).toContain('root "/srv/my public";');
  });
});

describe("the static copy's pages (pages audit 30 #1: a static host answers ZIP codes only)", () => {
  let live: Site;
  let copy: Site;
  let dir: string;
  beforeAll(async () => {
    const dataset = await loadFixture();
    const assets = await testAssets();
    live = assembleSite(renderSiteBodies(dataset, BASE, assets.openapi), assets);
    copy = assembleSite(renderSiteBodies(dataset, BASE, assets.openapi), assets, undefined, { staticCopy: true });
    dir = mkdtempSync(join(tmpdir(), "sd-export-"));
    await writeExport(copy, dir, DOCS_CSP);
  });
  const text = (site: Site, path: string) => new TextDecoder().decode(site.get(path)!.body);

  it("the home page offers the ZIP code box only, with the USPS lookup for an address, and no location lookup", () => {
    const home = text(copy, "/");
    expect(home).toContain('<label for="zip-main">ZIP code <span class="hint" id="zip-main-hint">5 digits, such as 90210</span></label>');
    expect(home).toContain("Type a US ZIP code to see its school district");
    expect(home).toContain("This copy of the site looks up ZIP codes only.");
    expect(home).toContain('href="https://tools.usps.com/zip-code-lookup.htm?byaddress"');
    expect(home).not.toMatch(/town|Use my location|action="\/location"/);
    // The binary's home page keeps them.
    expect(text(live, "/")).toContain("Use my location");
    expect(text(live, "/")).toContain("ZIP code or town");
  });

  it("every page's header box is the ZIP code box: state pages (made at build time), ZIP, district, about and error pages", () => {
    for (const path of ["/state/CA", "/zip/90210", "/district/0604830", "/about", "/problems/invalid-zip"]) {
      const page = text(copy, path);
      expect(page, path).toContain('<label for="zip-top">ZIP code <span class="hint" id="zip-top-hint">5 digits, such as 90210</span></label>');
      expect(page, path).not.toContain("or a town and state");
      expect(text(live, path), path).toContain('<label for="zip-top">ZIP or town');
    }
    expect(text(copy, "/about")).toContain("The full service's location page and <code>/location.json</code> (not this static copy of the site)");
    expect(readFileSync(join(dir, "404.html"), "utf8")).not.toMatch(/or a town and state|Look up a ZIP code or a town/);
  });

  it("writes the page nginx answers for a search it cannot look up (a town, /location), and follows an address's trailing ZIP code", () => {
    const page = readFileSync(join(dir, "zip-only.html"), "utf8");
    expect(page).toContain("<h1>Type a 5-digit ZIP code</h1>");
    expect(page).toContain("<title>Type a 5-digit ZIP code (error 404)</title>");
    expect(page).toContain("Type the 5 digits of the home's ZIP code, such as 90210: a town's name, a street address or a place on a map needs the full service.");
    expect(page.slice(page.indexOf("<main")).split("This copy of the site looks up ZIP codes only").length).toBe(2);
    expect(page).toContain("<h2>Look up a ZIP code</h2>");
    expect(page).toContain("this error in the API (HTTP 404)");
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toContain('class="error"');
    const nginx = readFileSync(join(dir, "nginx.conf"), "utf8");
    expect(nginx).toContain("error_page 404 /zip-only.html;");
    expect(nginx).toContain("location = /location {");
  });
});

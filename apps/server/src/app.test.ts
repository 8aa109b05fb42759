/**
 * In-process tests of every endpoint and every HTTP rule of decisions.md
 * (rules 7-24), through app.request() over the small fixture dataset.
 */
import { CSV_COLUMNS, type BulkCollection, type DistrictRecord, type IndexEntry, type Problem, type StateCollection, type ZipDistricts } from "@school-districts/core";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, DOCS_CSP, loadFixture, readCsv, testApp, testAssets } from "../test/helpers.ts";
import { createApp } from "./app.ts";
import { zipPage } from "./pages.ts";
import { IDENTITY_MAX, Representation } from "./representation.ts";
import { sendRepresentation } from "./http.ts";
import { PAGE_CSP } from "./layout.ts";
import { BULK_LINK, buildSite, servedDate, type Site } from "./site.ts";
import type { Hono } from "hono";

let app: Hono;
let site: Site;
const CACHE = "public, max-age=86400, stale-while-revalidate=604800";
const JSON_TYPE = "application/json; charset=utf-8";
const FIELDS = [
  "zip", "district", "city", "state", "county", "rating", "rating_label", "students", "schools", "per_pupil",
  "grade_span", "phone", "website", "page_url", "source", "source_url", "license", "updated",
];
const ZIPS = ["00601", "01002", "02108", "10001", "90209", "90210", "96910", "99950"];

beforeAll(async () => {
  ({ app, site } = await testApp());
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => app.request(path, { method, headers });

function headerList(res: Response): string[] {
  const out: string[] = [];
  res.headers.forEach((value, name) => out.push(`${name}: ${value}`));
  return out;
}

function expectSuccessHeaders(res: Response, type: string, cacheControl = CACHE, download = false) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(type);
  expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
  expect(res.headers.get("cache-control")).toBe(cacheControl);
  expect(res.headers.get("last-modified")).toBe("Sun, 22 Nov 2026 00:00:00 GMT");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  // A download's licence and sources travel with it, and a browser may read them and its file name (consumers audit 30 #9).
  expect(res.headers.get("access-control-expose-headers")).toBe(download ? "ETag, Content-Disposition, Link" : "ETag");
  expect(res.headers.get("link")).toBe(download ? BULK_LINK : null);
  expect(res.headers.get("vary")).toBe("Accept-Encoding");
}

async function expectProblem(res: Response, status: number, kind: string, instance: string): Promise<Problem> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("cache-control")).toBe(status === 404 ? CACHE : "no-store");
  const body = (await res.json()) as Problem;
  expect(Object.keys(body)).toEqual(["type", "title", "status", "detail", "instance"]);
  expect(body).toMatchObject({ type: `${BASE}/problems/${kind}`, status, instance });
  expect(body.detail.length).toBeGreaterThan(10);
  return body;
}

describe("GET /zip/{zip}.json", () => {
  it("answers the record with exactly the 18 fields in order (rules 1, 7)", async () => {
    const res = await get("/zip/90210.json");
    expectSuccessHeaders(res, JSON_TYPE);
    const text = await res.text();
    expect(text).not.toContain("\n");
    const record = JSON.parse(text) as DistrictRecord;
    expect(Object.keys(record)).toEqual(FIELDS);
    expect(record).toEqual({
      zip: "90210",
      district: "Beverly Hills Unified School District",
      city: "Beverly Hills",
      state: "CA",
      county: "Los Angeles County",
      rating: 9,
      rating_label: "Excellent",
      students: "3,074",
      schools: "6",
      per_pupil: "$61,911/yr",
      grade_span: "Kindergarten \u2013 12th",
      phone: "(310) 551-5100",
      website: "http://www.bhusd.org",
      page_url: `${BASE}/zip/90210`,
      source: "National Center for Education Statistics (NCES): Common Core of Data and EDGE",
      source_url: "https://nces.ed.gov/ccd/",
      license: "https://creativecommons.org/licenses/by/4.0/",
      updated: "2026-11-22",
    });
    expect(res.headers.get("content-length")).toBe(String(new TextEncoder().encode(text).length));
  });

  it("gives null rating and empty strings for unknown values, never omitted", async () => {
    const guam = (await (await get("/zip/96910.json")).json()) as DistrictRecord;
    expect(guam).toMatchObject({ rating: null, rating_label: "", students: "", per_pupil: "", county: "" });
    const nyc = (await (await get("/zip/10001.json")).json()) as DistrictRecord;
    expect(nyc).toMatchObject({ district: "New York City Department of Education", students: "845,509", schools: "1,591", per_pupil: "", website: "" });
  });

  it("answers every ZIP of the dataset", async () => {
    for (const zip of ZIPS) {
      const res = await get(`/zip/${zip}.json`);
      expect(res.status, zip).toBe(200);
      expect(((await res.json()) as DistrictRecord).zip).toBe(zip);
    }
  });

  it.each(["9021", "902101", "abcde", "9021a", "%20%2090210"])("gives 400 invalid-zip for %j", async (zip) => {
    const problem = await expectProblem(await get(`/zip/${zip}.json`), 400, "invalid-zip", `/zip/${zip}.json`);
    expect(problem.title).toBe("Invalid ZIP code");
    expect(problem.detail).toContain("5 digits");
  });

  it("gives 404 zip-not-found for a well-formed ZIP not in the dataset", async () => {
    const problem = await expectProblem(await get("/zip/00000.json"), 404, "zip-not-found", "/zip/00000.json");
    expect(problem.detail).toContain("/index.json");
  });
});

describe("facts in context on the ZIP page (issue 16)", () => {
  it("an umbrella district's page says where its figures come from and which results rate it", async () => {
    const html = await (await get("/zip/10001")).text();
    expect(html).toContain('<h3 id="about-figures">About these figures</h3>');
    expect(html).toContain("A supervisory union: its students, schools and grade span are those of its 33 member districts");
    expect(html).toContain("The rating is from graduation rates and grade-4 test results only (EDFacts 2020-21)");
  });
  it("where no rating is possible, the page says why instead of Not reported", async () => {
    const html = await (await get("/zip/96910")).text();
    expect(html).toContain("<dt>Rating</dt><dd>No rating: the rating compares a district with the other districts of its state, and this state or territory has only one.<small>");
  });
});

describe("GET /zip/{zip}/districts.json (rule 20)", () => {
  it("lists every overlapping district, largest share first", async () => {
    const res = await get("/zip/01002/districts.json");
    expectSuccessHeaders(res, JSON_TYPE);
    const body = (await res.json()) as ZipDistricts;
    expect(body.zip).toBe("01002");
    expect(body.districts.map((d) => d.leaid)).toEqual(["2501920", "2501890", "2509390", "2510800", "2505580"]);
    expect(body.districts[0]).toEqual({
      leaid: "2501920",
      district: "Amherst-Pelham School District",
      level: "secondary",
      grade_span: "7th \u2013 12th",
      share: 1,
      basis: "population",
      chosen: false,
      serves_most: ["secondary"],
      share_elementary: 0,
      share_secondary: 1,
      per_pupil_year: "2022",
      rating_source: "edfacts",
    });
    // The record's district (elementary, second by share) is the one chosen.
    expect(body.districts.filter((d) => d.chosen).map((d) => d.leaid)).toEqual(["2501890"]);
    // A split-level ZIP: the record's district serves most residents at the elementary grades,
    // the secondary district (first by share) at the secondary grades.
    expect(body.districts[1]).toMatchObject({ leaid: "2501890", level: "elementary", share: 0.5036, serves_most: ["elementary"], share_elementary: 0.5036, share_secondary: 0 });
    expect(body.districts[4]).toMatchObject({ level: "unified", share: 0, serves_most: [] });
  });
  it("a PO-box ZIP lists the districts of its post office's ZCTA, basis 'post office'", async () => {
    const po = (await (await get("/zip/90209/districts.json")).json()) as ZipDistricts;
    const own = (await (await get("/zip/90210/districts.json")).json()) as ZipDistricts;
    expect(own.zcta).toBe("90210");
    expect(po).toEqual({ zip: "90209", zcta: "90210", districts: own.districts.map((d) => ({ ...d, basis: "post office" })), newer_districts: own.newer_districts });
    const record = (await (await get("/zip/90209.json")).json()) as DistrictRecord;
    expect(record.district).toBe("Beverly Hills Unified School District");
  });
  it("the page of a PO-box ZIP says where its post office lies; a ZIP with its own area does not", async () => {
    const page = await (await get("/zip/90209")).text();
    expect(page).toContain('90209 is a PO-box ZIP code (a post office or delivery ZIP with no area of its own); its post office lies in ZIP code <a href="/zip/90210">90210</a>');
    // Right under the answer, before the caveat, with the advice the no-record PO-box page gives.
    expect(page).toContain("A school district serves the address where a child lives: look up the ZIP code of the home's street address.</p>");
    expect(page.indexOf('id="post-office"')).toBeLessThan(page.indexOf('<p class="note">'));
    expect(page.indexOf('id="post-office"')).toBeGreaterThan(page.indexOf('class="answer"'));
    const beverlyHills = await get("/zip/90210");
    expect(beverlyHills.status).toBe(200);
    expect(await beverlyHills.text()).not.toContain("PO-box ZIP code");
    expect(page).not.toContain("the post office itself is in");
  });
  it("a PO-box ZIP whose post office's location chose another district than its ZCTA says so on its page", async () => {
    // 90209 as if its post office's point lay in Los Angeles Unified inside 90210 (the data's placements do this).
    const record = (await (await get("/zip/90209.json")).json()) as DistrictRecord;
    const all = (await (await get("/zip/90209/districts.json")).json()) as ZipDistricts;
    const zctaChosen = all.districts.find((d) => d.chosen)!;
    const placed = { ...all, districts: all.districts.map((d) => ({ ...d, chosen: d.leaid === "0622710" })) };
    const page = zipPage({ ...record, district: "Los Angeles Unified School District" }, placed, site.facts, "", zctaChosen);
    expect(page).toContain(
      'By its location in the ZIP code lists, the post office itself is in <a href="/district/0622710">Los Angeles Unified School District</a>, so this page names that district first; most of 90210 is in <a href="/district/0604830">Beverly Hills Unified School District</a>.',
    );
    expect(zipPage(record, all, site.facts, "", zctaChosen)).not.toContain("the post office itself is in");
  });
  it("gives 400 and 404 like the record", async () => {
    await expectProblem(await get("/zip/123/districts.json"), 400, "invalid-zip", "/zip/123/districts.json");
    await expectProblem(await get("/zip/00000/districts.json"), 404, "zip-not-found", "/zip/00000/districts.json");
  });
});

describe("GET /state/{state}.json (rule 9)", () => {
  it("answers the state collection, sorted by ZIP, with source and license", async () => {
    const res = await get("/state/MA.json");
    expectSuccessHeaders(res, JSON_TYPE);
    const body = (await res.json()) as StateCollection;
    expect(Object.keys(body)).toEqual(["state", "count", "source", "license", "records"]);
    expect(body).toMatchObject({ state: "MA", count: 2, source: expect.stringContaining("NCES"), license: expect.stringContaining("by/4.0") });
    expect(body.records.map((r) => r.zip)).toEqual(["01002", "02108"]);
  });
  it("answers all 56 states and territories, empty ones too", async () => {
    expect(site.states.size).toBe(56);
    for (const state of site.states) {
      const body = (await (await get(`/state/${state}.json`)).json()) as StateCollection;
      expect(body.count).toBe(body.records.length);
    }
    expect(((await (await get("/state/WY.json")).json()) as StateCollection).count).toBe(0);
  });
  it("gives 400 with an uppercase hint for a lowercase code", async () => {
    const problem = await expectProblem(await get("/state/ca.json"), 400, "invalid-state", "/state/ca.json");
    expect(problem.detail).toContain("/state/CA.json");
    await expectProblem(await get("/state/Ca.json"), 400, "invalid-state", "/state/Ca.json");
  });
  it.each(["CAL", "C", "C1", "12"])("gives 400 for %j", async (state) => {
    await expectProblem(await get(`/state/${state}.json`), 400, "invalid-state", `/state/${state}.json`);
  });
  it("gives 404 for a well-formed code that is not one of the 56", async () => {
    const problem = await expectProblem(await get("/state/XX.json"), 404, "state-not-found", "/state/XX.json");
    expect(problem.title).toBe("State not found");
  });
});

describe("collections agree record for record (rules 8-11)", () => {
  it("bulk JSON, CSV, index and state files hold the same records as /zip/{zip}.json", async () => {
    const bulk = (await (await get("/bulk/all-districts.json")).json()) as BulkCollection;
    expect(Object.keys(bulk)).toEqual(["total", "source", "license", "updated", "records"]);
    expect(bulk.total).toBe(ZIPS.length);
    expect(bulk.updated).toBe("2026-11-22");
    expect(bulk.records.map((r) => r.zip)).toEqual(ZIPS);
    const fromStates: DistrictRecord[] = [];
    for (const state of site.states) fromStates.push(...((await (await get(`/state/${state}.json`)).json()) as StateCollection).records);
    expect(fromStates.sort((a, b) => a.zip.localeCompare(b.zip))).toEqual(bulk.records);
    const index = (await (await get("/index.json")).json()) as IndexEntry[];
    const csv = readCsv(await (await get("/bulk/all-districts.csv")).text());
    expect(csv[0]).toEqual([...CSV_COLUMNS]);
    for (const [i, record] of bulk.records.entries()) {
      expect((await (await get(`/zip/${record.zip}.json`)).json()) as DistrictRecord).toEqual(record);
      expect(index[i]).toEqual({ zip: record.zip, district: record.district, city: record.city, state: record.state, rating: record.rating, url: `${BASE}/zip/${record.zip}.json` });
      expect(csv[i + 1]).toEqual(CSV_COLUMNS.map((c) => (record[c] === null ? "" : String(record[c]))));
    }
    expect(csv.length).toBe(bulk.records.length + 1);
  });
});

describe("GET /bulk/sha256sums.txt (ops audit 35 #8)", () => {
  it("gives each download's SHA-256 as sha256sum writes it, of the body as served without a coding", async () => {
    const res = await get("/bulk/sha256sums.txt");
    expectSuccessHeaders(res, "text/plain; charset=utf-8", CACHE, true);
    expect(res.headers.get("link")).toBe(BULK_LINK);
    const lines = (await res.text()).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.map((l) => l.slice(66))).toEqual(["all-districts.json", "all-districts.csv", "districts.csv", "zip-districts.csv"]);
    for (const line of lines) {
      const [sum, file] = line.split("  ");
      const body = new Uint8Array(await (await get(`/bulk/${file}`)).arrayBuffer());
      expect(sum, file).toBe(new Bun.CryptoHasher("sha256").update(body).digest("hex"));
    }
    // Under 1 KiB: sent uncoded whatever Accept-Encoding asks, as the other small bodies.
    expect((await get("/bulk/sha256sums.txt", { "Accept-Encoding": "br" })).headers.get("content-encoding")).toBeNull();
    // Its 304 repeats the downloads' CORS headers.
    const again = await get("/bulk/sha256sums.txt", { "If-None-Match": res.headers.get("etag")! });
    expect([again.status, again.headers.get("access-control-expose-headers")]).toEqual([304, "ETag, Content-Disposition, Link"]);
  });
});

describe("GET /bulk/all-districts.csv (rule 10)", () => {
  it("is RFC 4180 with CRLF, no BOM, quoting only where needed, as a download", async () => {
    const res = await get("/bulk/all-districts.csv");
    expectSuccessHeaders(res, "text/csv; charset=utf-8", CACHE, true);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="all-districts.csv"');
    // Every download carries the licence and sources link, the JSON too.
    for (const path of ["/bulk/all-districts.json", "/bulk/districts.csv", "/bulk/zip-districts.csv"]) expect((await get(path)).headers.get("link"), path).toBe(BULK_LINK);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(`${CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    expect(text).toContain(`90210,Beverly Hills Unified School District,Beverly Hills,CA,Los Angeles County,9,Excellent,"3,074",6,"$61,911/yr",Kindergarten \u2013 12th,(310) 551-5100,http://www.bhusd.org,${BASE}/zip/90210,2026-11-22\r\n`);
    expect(text).toContain('99950,"Test ""Quoted"", District <Schools>",Ketchikan,');
    expect(text).toContain(`10001,New York City Department of Education,New York,NY,New York County,5,Average,"845,509","1,591",,Pre-Kindergarten – 12th,(212) 374-6000,,${BASE}/zip/10001,2026-11-22\r\n`);
  });
});

describe("GET /openapi.json (rule 18)", () => {
  it("is the hand-written document with servers set to the base URL, version 1.0.0", async () => {
    const res = await get("/openapi.json");
    expectSuccessHeaders(res, JSON_TYPE);
    const doc = (await res.json()) as { openapi: string; info: { version: string }; servers: { url: string }[]; paths: object };
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers).toEqual([{ url: BASE, description: "This service." }]);
    expect(Object.keys(doc.paths)).toContain("/zip/{zip}.json");
  });
});

describe("GET /healthz (rule 23)", () => {
  it("gives the dataset's date and record count", async () => {
    const res = await get("/healthz");
    // Never cached: a cache in front must not answer "ok" for an origin that is gone (audit, ops).
    expectSuccessHeaders(res, JSON_TYPE, "no-store");
    expect(await res.json()).toEqual({ status: "ok", updated: "2026-11-22", records: ZIPS.length });
    const again = await get("/healthz", { "If-None-Match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("no-store");
  });
});

describe("pages (rules 21, 22)", () => {
  it("/ has a labelled ZIP search form and links to the docs, bulk files and sources", async () => {
    const res = await get("/");
    expectSuccessHeaders(res, "text/html; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<label for="zip-main">ZIP code or town <span class="hint" id="zip-main-hint">5 digits, such as 90210; a town and state, such as Springfield, IL; or a district's name</span></label>`);
    expect(html).toContain('<form action="/zip" method="get"');
    expect(html).toMatch(/<input id="zip-main" name="zip" type="text" maxlength="200" autocomplete="postal-code" /);
    for (const href of ["/docs", "/about", "/bulk/all-districts.json", "/bulk/all-districts.csv"]) expect(html).toContain(`href="${href}"`);
    // One executable script: the "Use my location" button's (issue 12), allowed by its hash.
    expect([...html.matchAll(/<script(?![^>]*application\/(ld\+)?json)/g)]).toHaveLength(1);
  });

  it("the CSP allows exactly the inline stylesheets and the inline script", async () => {
    const res = await get("/");
    const html = await res.text();
    const hash = (s: string) => `'sha256-${new Bun.CryptoHasher("sha256").update(s).digest("base64")}'`;
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1]!));
    const js = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => hash(m[1]!));
    expect(css).toHaveLength(2);
    expect(res.headers.get("content-security-policy")).toContain(`style-src ${css.join(" ")};`);
    expect(res.headers.get("content-security-policy")).toContain(`script-src ${js.join(" ")};`);
  });

  it("/zip/{zip} shows the record, other districts, the caveat and the website, with the record embedded", async () => {
    const res = await get("/zip/01002");
    expectSuccessHeaders(res, "text/html; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await res.text();
    expect(html).toContain("<h1>ZIP code 01002</h1>");
    expect(html).toContain("Amherst School District");
    expect(html).toContain("Amherst-Pelham School District");
    expect(html).toContain("approximation");
    expect(html).toContain('href="http://www.arps.org"');
    const record = JSON.parse(/<script type="application\/json" id="record">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(record).toEqual(await (await get("/zip/01002.json")).json());
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    // Every district with 1 % or more of the residents, the record's first with its contact (pages audit 40 #7: a split ZIP's named one); not Hadley (0 %).
    expect(ld["@context"]).toBe("https://schema.org");
    expect((ld["@graph"] as { name: string }[]).map((o) => o.name)).toEqual(["Amherst School District", "Amherst-Pelham School District", "Pelham School District", "Shutesbury School District"]);
    expect(ld["@graph"][0]).toMatchObject({ "@type": "EducationalOrganization", url: "http://www.arps.org", areaServed: { postalCode: "01002" } });
    expect(ld["@graph"][1]).toMatchObject({ "@type": "EducationalOrganization", areaServed: { postalCode: "01002" } });
    // One district: the organization itself.
    const single = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(await (await get("/zip/02108")).text())![1]!);
    expect(single).toMatchObject({ "@context": "https://schema.org", "@type": "EducationalOrganization", areaServed: { postalCode: "02108" } });
    expect(single["@graph"]).toBeUndefined();
  });

  it("escapes names in HTML and in embedded JSON", async () => {
    const html = await (await get("/zip/99950")).text();
    expect(html).toContain("Test &quot;Quoted&quot;, District &lt;Schools&gt;");
    expect(html).not.toContain("<Schools>");
    expect(html).toContain("\\u003cSchools\\u003e");
  });

  it("/zip/{zip} gives 400 and 404 like the record", async () => {
    // A page route answers problem+json to a client that ranks JSON first (pages.test.ts: browsers get HTML).
    await expectProblem(await get("/zip/abc", { Accept: "application/json" }), 400, "invalid-zip", "/zip/abc");
    await expectProblem(await get("/zip/00000", { Accept: "application/json" }), 404, "zip-not-found", "/zip/00000");
  });

  it("/zip?zip= with a map app's link goes to its place's /location page, with or without https:// (links-43: 'Nothing found')", async () => {
    for (const [typed, place] of [
      ["https://waze.com/ul/hdp3wjztvf", "lat=41.878145&lon=-87.629936"],
      ["waze.com/ul/hdp3wjztvf", "lat=41.878145&lon=-87.629936"],
      ["maps.google.com/?q=41.88,-87.62", "lat=41.88&lon=-87.62"],
      ["Use Waze to drive to Millennium Park: waze.com/ul/hdp3wjztvf", "lat=41.878145&lon=-87.629936"],
    ]) {
      const res = await get(`/zip?zip=${encodeURIComponent(typed!)}`);
      expect(res.status, typed).toBe(303);
      expect(res.headers.get("location"), typed).toBe(`/location?${place}`);
    }
    // A link naming no place is not one: what it reads as, as before.
    expect((await get(`/zip?zip=${encodeURIComponent("https://maps.app.goo.gl/AbCd123")}`)).status).toBe(400);
  });

  it("/zip?zip= (the form without JavaScript) redirects to the ZIP's page", async () => {
    const res = await get("/zip?zip=%2090210%20");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/zip/90210");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    await expectProblem(await get("/zip?zip=abc", { Accept: "application/json" }), 400, "invalid-zip", "/zip");
    // A ZIP+4 copied from an address goes to its ZIP, with a dash, a space or nothing between; a broken one does not.
    // (A run of white space counts as one space: review 35 #1.)
    for (const typed of ["90210-1234", "902101234", " 02108-0001 ", "90210 1234", "90210  1234", "90210\n1234"]) expect((await get(`/zip?zip=${encodeURIComponent(typed)}`)).headers.get("location")).toBe(`/zip/${typed.trim().slice(0, 5)}`);
    for (const typed of ["90210-123", "90210--1234", "9021 01234"]) expect((await get(`/zip?zip=${encodeURIComponent(typed)}`)).status, typed).toBe(400);
    // After its town too, the +4 without its dash (review 42 final #7: "Seattle WA 981011234" was "Nothing found", "Seattle WA 98101-1234" its ZIP).
    for (const typed of ["Beverly Hills, CA 90210-1234", "Beverly Hills CA 902101234"]) expect((await get(`/zip?zip=${encodeURIComponent(typed)}`)).headers.get("location"), typed).toBe("/zip/90210");
    // (Ten digits are no ZIP+4: read as a phone number, the town's page, review-late-43 L2; it was a 400.)
    const ten = await get(`/zip?zip=${encodeURIComponent("Beverly Hills CA 9021012345")}`);
    expect([ten.status, ten.headers.get("location")]).toEqual([200, null]);
    expect(await ten.text()).toContain("<h1>ZIP codes of Beverly Hills, CA</h1>");
    // Only where the ZIP code is of the town or state typed: without a state too, nine digits after another town are not that town's ZIP code
    // (review-mends-43 #2: "Boston 617555123" went to 61755, Mackinaw, IL).
    expect((await get(`/zip?zip=${encodeURIComponent("Beverly Hills 902101234")}`)).headers.get("location")).toBe("/zip/90210");
    for (const typed of ["Boston 617555123", "Boston MA 617555123", "Brooklyn 718555123"]) expect((await get(`/zip?zip=${encodeURIComponent(typed)}`)).headers.get("location") ?? "", typed).not.toMatch(/^\/zip\/(61755|71855)/);
  });

  it("/docs serves the plain reference with the pages' CSP; /docs/interactive Redoc's page with its own", async () => {
    const res = await get("/docs");
    expectSuccessHeaders(res, "text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(PAGE_CSP);
    const interactive = await get("/docs/interactive");
    expectSuccessHeaders(interactive, "text/html; charset=utf-8");
    expect(interactive.headers.get("content-security-policy")).toBe(DOCS_CSP);
  });
});

describe("GET /problems/{kind}: the page a problem's type URI resolves to (RFC 9457)", () => {
  const KINDS: [string, number, string][] = [
    ["invalid-zip", 400, "Invalid ZIP code"],
    ["invalid-state", 400, "Invalid state code"],
    ["zip-not-found", 404, "ZIP code not found"],
    ["state-not-found", 404, "State not found"],
    ["not-found", 404, "Not found"],
    ["method-not-allowed", 405, "Method not allowed"],
  ];

  it.each(KINDS)("%s: 200 HTML with its status and title", async (kind, status, title) => {
    const res = await get(`/problems/${kind}`);
    expectSuccessHeaders(res, "text/html; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe((await get("/")).headers.get("content-security-policy"));
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toMatch(new RegExp(`<dd>${status} [A-Z]`));
    expect(html).toContain("When it happens");
    expect(html).toContain("What to do");
    expect(html).toContain(`${BASE}/problems/${kind}`);
    expect(html).not.toMatch(/<script/);
    expect(site.paths()).toContain(`/problems/${kind}`);
  });

  it("the title and status on each page are the ones its problems carry", async () => {
    const cases: [string, string, string?][] = [
      ["invalid-zip", "/zip/9021.json"],
      ["invalid-state", "/state/ca.json"],
      ["zip-not-found", "/zip/00000.json"],
      ["state-not-found", "/state/XX.json"],
      ["not-found", "/nope"],
      ["method-not-allowed", "/zip/90210.json", "POST"],
    ];
    for (const [kind, path, method] of cases) {
      const problem = (await (await get(path, {}, method)).json()) as Problem;
      expect(problem.type).toBe(`${BASE}/problems/${kind}`);
      const html = await (await get(new URL(problem.type).pathname)).text();
      expect(html, kind).toContain(`<h1>${problem.title}</h1>`);
      expect(html, kind).toContain(`<dd>${problem.status} `);
    }
  });

  it("an unknown kind gives 404 not-found", async () => {
    for (const path of ["/problems/nope", "/problems/Invalid-Zip", "/problems/", "/problems", "/problems/invalid-zip/x", "/problems/invalid-zip.html"]) {
      await expectProblem(await get(path, { Accept: "application/json" }), 404, "not-found", path);
    }
    // A format guessed (.json, .csv in any case) is answered as the API is, whatever the Accept (ops audit 34 #3).
    for (const path of ["/problems/not-found.json", "/problems/not-found.csv", "/problems/not-found.JSON"]) {
      const res = await get(path, { Accept: "text/html" });
      // Without Vary: the answer is the same for every Accept (the contract's 404 of this operation says so: review 35).
      expect(res.headers.get("vary"), path).toBeNull();
      await expectProblem(res, 404, "not-found", path);
    }
  });

  it("classes a percent-escaped path as the router reads it: /zip/%39…%2E%6A%73%6F%6E is the record's, its 405 problem+json (review 35)", async () => {
    const escaped = "/zip/%39%30%32%31%30%2E%6A%73%6F%6E";
    expect((await get(escaped)).headers.get("content-type")).toMatch(/^application\/json/);
    const patch = await app.request(escaped, { method: "PATCH", headers: { Accept: "text/html" } });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    // A malformed escape is classed as sent (a page route).
    expect((await app.request("/zip/%E0%A4%A", { method: "PATCH", headers: { Accept: "text/html" } })).headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("behaves like the other pages: 304, HEAD, compression, OPTIONS, 405", async () => {
    const first = await get("/problems/zip-not-found", { "Accept-Encoding": "br" });
    expect(first.headers.get("content-encoding")).toBe("br");
    const again = await get("/problems/zip-not-found", { "Accept-Encoding": "br", "If-None-Match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    const h = await get("/problems/zip-not-found", { "Accept-Encoding": "br" }, "HEAD");
    expect(headerList(h)).toEqual(headerList(first));
    expect(await h.text()).toBe("");
    expect((await get("/problems/zip-not-found", {}, "OPTIONS")).status).toBe(204);
    await expectProblem(await get("/problems/zip-not-found", { Accept: "application/json" }, "DELETE"), 405, "method-not-allowed", "/problems/zip-not-found");
  });
});

describe("unknown paths (rule 14)", () => {
  it.each(["/nope", "/zip", "/zip/", "/zip/90210.json/", "/state/", "/bulk/", "/docs/", "/index.json/x", "/ZIP/90210.json"])("%s gives 404 not-found", async (path) => {
    if (path === "/zip") return; // the search form's target, tested above
    await expectProblem(await get(path), 404, "not-found", path);
  });
});

describe("methods (rule 12)", () => {
  it.each(["POST", "PUT", "DELETE", "PATCH"])("%s gives 405 with Allow and a problem", async (method) => {
    const res = await get("/zip/90210.json", {}, method);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const problem = await expectProblem(res, 405, "method-not-allowed", "/zip/90210.json");
    expect(problem.detail).toContain(method);
  });
  it("405 also on unknown paths", async () => {
    await expectProblem(await get("/nope", {}, "POST"), 405, "method-not-allowed", "/nope");
  });

  it("OPTIONS answers a CORS preflight with 204", async () => {
    const res = await get("/zip/90210.json", { Origin: "https://example.org", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match, x-custom" }, "OPTIONS");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-max-age")).toBe("86400");
    const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
    for (const h of ["if-none-match", "x-custom", "if-modified-since", "accept-encoding", "content-type"]) expect(allowed).toContain(h);
    expect(await res.text()).toBe("");
  });
  it("OPTIONS without request headers still allows the defaults", async () => {
    const res = await get("/index.json", {}, "OPTIONS");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-headers")).toBe("If-None-Match, If-Modified-Since, Accept-Encoding, Content-Type");
  });

  it("HEAD gives the GET headers and no body", async () => {
    for (const path of ["/zip/90210.json", "/bulk/all-districts.json", "/", "/zip/90210"]) {
      const g = await get(path, { "Accept-Encoding": "br" });
      const h = await get(path, { "Accept-Encoding": "br" }, "HEAD");
      expect(h.status).toBe(200);
      expect(headerList(h)).toEqual(headerList(g));
      expect(await h.text()).toBe("");
    }
    const missing = await get("/zip/00000.json", {}, "HEAD");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("");
  });
});

describe("conditional requests (rule 15)", () => {
  it("If-None-Match with the ETag gives 304 with the same ETag and caching headers", async () => {
    const first = await get("/zip/90210.json");
    const etag = first.headers.get("etag")!;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await get("/zip/90210.json", { "If-None-Match": inm });
      expect(res.status, inm).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe(CACHE);
      expect(res.headers.get("last-modified")).toBe(first.headers.get("last-modified"));
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe("");
    }
  });
  it("a different ETag gives 200", async () => {
    expect((await get("/zip/90210.json", { "If-None-Match": '"nope"' })).status).toBe(200);
  });
  it("the ETag of one coding does not match another", async () => {
    const br = (await get("/index.json", { "Accept-Encoding": "br" })).headers.get("etag")!;
    expect((await get("/index.json", { "Accept-Encoding": "br", "If-None-Match": br })).status).toBe(304);
    expect((await get("/index.json", { "Accept-Encoding": "gzip", "If-None-Match": br })).status).toBe(200);
  });
  it("If-Modified-Since gives 304 when not newer, unless If-None-Match is present", async () => {
    expect((await get("/healthz", { "If-Modified-Since": "Sun, 22 Nov 2026 00:00:00 GMT" })).status).toBe(304);
    expect((await get("/healthz", { "If-Modified-Since": "Sat, 21 Nov 2026 00:00:00 GMT" })).status).toBe(200);
    expect((await get("/healthz", { "If-Modified-Since": "Sun, 22 Nov 2026 00:00:00 GMT", "If-None-Match": '"x"' })).status).toBe(200);
  });
  it("ETags are the same on every request and differ between bodies", async () => {
    const a = (await get("/zip/90210.json")).headers.get("etag");
    expect((await get("/zip/90210.json")).headers.get("etag")).toBe(a);
    expect((await get("/zip/02108.json")).headers.get("etag")).not.toBe(a);
  });
});

describe("compression (rule 16, issue 15)", () => {
  const coded = ["/state/MA.json", "/bulk/all-districts.json", "/bulk/all-districts.csv", "/index.json", "/openapi.json", "/", "/zip/90210", "/docs"];
  const small = ["/zip/90210.json", "/zip/90210/districts.json", "/docs/interactive", "/healthz"]; // /docs/interactive is the stub page here
  it.each(coded)("%s: br and gzip decompress to the identity body, each with its own ETag", async (path) => {
    const identity = await get(path);
    const plain = new Uint8Array(await identity.arrayBuffer());
    expect(plain.length).toBeGreaterThan(IDENTITY_MAX);
    const br = await get(path, { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await get(path, { "Accept-Encoding": "gzip" });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    // Buffer.equals, not toEqual: an element-by-element diff of the 135 KB openapi.json takes seconds.
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).equals(plain)).toBe(true);
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).equals(plain)).toBe(true);
    const tags = new Set([identity, br, gz].map((r) => r.headers.get("etag")));
    expect(tags.size).toBe(3);
    for (const r of [identity, br, gz]) expect(r.headers.get("vary")).toBe("Accept-Encoding");
  });
  it.each(small)("%s: a body of at most IDENTITY_MAX bytes is sent uncoded whatever Accept-Encoding says", async (path) => {
    const identity = await get(path);
    const plain = new Uint8Array(await identity.arrayBuffer());
    expect(plain.length).toBeLessThanOrEqual(IDENTITY_MAX);
    for (const ae of ["gzip, deflate, br", "gzip", "br;q=1, identity;q=0"]) {
      const res = await get(path, { "Accept-Encoding": ae });
      expect(res.headers.get("content-encoding"), ae).toBeNull();
      expect(res.headers.get("etag"), ae).toBe(identity.headers.get("etag"));
      expect(res.headers.get("vary"), ae).toBe("Accept-Encoding");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(plain);
    }
  });
  it("large bodies were compressed before any request", () => {
    for (const path of ["/state/MA.json", "/bulk/all-districts.json", "/bulk/all-districts.csv", "/index.json"]) {
      const rep = site.get(path)!;
      expect(rep.hasPrepared("br"), path).toBe(true);
      expect(rep.hasPrepared("gzip"), path).toBe(true);
    }
  });
  it("honours q-values", async () => {
    expect((await get("/index.json", { "Accept-Encoding": "br;q=0.1, gzip;q=0.9" })).headers.get("content-encoding")).toBe("gzip");
    expect((await get("/index.json", { "Accept-Encoding": "br;q=0, gzip;q=0" })).headers.get("content-encoding")).toBeNull();
    expect((await get("/index.json", { "Accept-Encoding": "identity" })).headers.get("content-encoding")).toBeNull();
  });
});

describe("CORS on every response (rule 13)", () => {
  it.each(["/zip/90210.json", "/zip/0.json", "/nope", "/state/xx.json"])("%s", async (path) => {
    expect((await get(path)).headers.get("access-control-allow-origin")).toBe("*");
  });
  it("exposes ETag only on success", async () => {
    expect((await get("/nope")).headers.get("access-control-expose-headers")).toBeNull();
  });
});

describe("base URL (rule 19)", () => {
  it("shapes page_url, url, servers and problem types", async () => {
    const other = await testApp(undefined, "https://schools.example.org/api");
    const record = (await (await other.app.request("/zip/90210.json")).json()) as DistrictRecord;
    expect(record.page_url).toBe("https://schools.example.org/api/zip/90210");
    const index = (await (await other.app.request("/index.json")).json()) as IndexEntry[];
    expect(index[0]!.url).toBe("https://schools.example.org/api/zip/00601.json");
    const doc = (await (await other.app.request("/openapi.json")).json()) as { servers: { url: string }[] };
    expect(doc.servers[0]!.url).toBe("https://schools.example.org/api");
    const problem = (await (await other.app.request("/zip/1.json")).json()) as Problem;
    expect(problem.type).toBe("https://schools.example.org/api/problems/invalid-zip");
  });
});

describe("large bodies compressed after start-up (rule 16)", () => {
  it("a request arriving during compression waits for it and never compresses itself", async () => {
    const { loadFixture, testAssets } = await import("../test/helpers.ts");
    const { buildSite, compressLarge } = await import("./site.ts");
    const { createApp } = await import("./app.ts");
    const { STARTUP_EFFORT } = await import("./compress.ts");
    const fresh = buildSite(await loadFixture(), BASE, await testAssets());
    const done = compressLarge(fresh, undefined, STARTUP_EFFORT);
    const rep = fresh.get("/bulk/all-districts.json")!;
    expect(rep.pending).toBeDefined();
    expect(rep.hasPrepared("br")).toBe(false);
    const res = await createApp(fresh).request("/bulk/all-districts.json", { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("etag")).toBe(`${rep.etag.slice(0, -1)}-br${STARTUP_EFFORT.br}"`);
    await done;
    expect(rep.pending).toBeUndefined();
  });

  it("a compression that fails releases the requests waiting for it: each is answered, its body compressed on the spot", async () => {
    const { loadFixture, testAssets } = await import("../test/helpers.ts");
    const { buildSite, compressLarge } = await import("./site.ts");
    const { createApp } = await import("./app.ts");
    const { gunzipSync } = await import("node:zlib");
    const fresh = buildSite(await loadFixture(), BASE, await testAssets());
    // gzip level 99 makes the worker throw (a stand-in for any worker failure).
    const done = compressLarge(fresh, undefined, { br: 4, gzip: 99 as 9 });
    const rep = fresh.get("/bulk/all-districts.json")!;
    expect(rep.pending).toBeDefined();
    const waiting = createApp(fresh).request("/bulk/all-districts.json", { headers: { "Accept-Encoding": "gzip" } });
    await expect(done).rejects.toThrow(/^compressing the large bodies failed \(compression worker failed: .+\): each is compressed on its first request instead$/);
    expect(fresh.largePaths().length).toBeGreaterThan(0);
    expect(fresh.largePaths().filter((path) => fresh.get(path)!.pending !== undefined)).toEqual([]);
    // The test's timeout guards against the hang this prevents.
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).equals(Buffer.from(rep.body))).toBe(true);
  });
});

describe("createHandler: the shortcut for prepared paths gives the app's answers", () => {
  it.each([
    ["GET", "/zip/90210.json", {}],
    ["GET", "/zip/90210.json", { "Accept-Encoding": "br" }],
    ["HEAD", "/bulk/all-districts.csv", { "Accept-Encoding": "gzip" }],
    ["GET", "/zip/90210", {}],
    ["GET", "/state/MA.json", { "If-None-Match": "*" }],
    ["GET", "/", {}],
    ["GET", "/healthz", { "If-Modified-Since": "Sun, 22 Nov 2026 00:00:00 GMT" }],
    ["GET", "/zip/00000.json", {}],
    ["GET", "/zip/%39%30%32%31%30.json", {}],
    ["GET", "/zip/90210.json?x=1", {}],
    ["GET", "/problems/invalid-state", { "Accept-Encoding": "gzip" }],
    ["GET", "/problems/%69nvalid-state", {}],
    ["GET", "/problems/nope", {}],
    ["OPTIONS", "/zip/90210.json", {}],
    ["POST", "/zip/90210.json", {}],
  ] as const)("%s %s %j", async (method, path, headers) => {
    const { createHandler } = await import("./app.ts");
    const handler = createHandler(site);
    const a = await app.request(path, { method, headers });
    const b = await handler(new Request(`http://localhost${path}`, { method, headers }));
    expect(b.status).toBe(a.status);
    expect(headerList(b)).toEqual(headerList(a));
    expect(new Uint8Array(await b.arrayBuffer())).toEqual(new Uint8Array(await a.arrayBuffer()));
  });
});

describe("preconditions (RFC 9110 §13.1.1, §13.1.4, §13.2.2): If-Match and If-Unmodified-Since", () => {
  const send = async (path: string, headers: Record<string, string>, method = "GET") => {
    const { createHandler } = await import("./app.ts");
    return createHandler(site)(new Request(`http://localhost${path}`, { method, headers }));
  };
  it("If-Match with the current ETag (or *) answers as without it; another, or a weak one, gets 412 problem+json, not cached", async () => {
    const plain = await send("/zip/90210.json", {});
    const etag = plain.headers.get("etag")!;
    expect((await send("/zip/90210.json", { "If-Match": etag })).status).toBe(200);
    expect((await send("/zip/90210.json", { "If-Match": `"other", ${etag}` })).status).toBe(200);
    expect((await send("/zip/90210.json", { "If-Match": "*" })).status).toBe(200);
    for (const header of ['"other"', `W/${etag}`]) {
      const res = await send("/zip/90210.json", { "If-Match": header });
      expect(res.status, header).toBe(412);
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(await res.json()).toMatchObject({ type: `${BASE}/problems/precondition-failed`, status: 412, instance: "/zip/90210.json" });
    }
    // HEAD likewise, without a body; a page too.
    const head = await send("/zip/90210.json", { "If-Match": '"other"' }, "HEAD");
    expect([head.status, (await head.arrayBuffer()).byteLength]).toEqual([412, 0]);
    expect((await send("/zip/90210", { "If-Match": '"other"' })).status).toBe(412);
  });
  it("If-Match holds with the ETag of any coding of the same body (consumers audit 30 #6: a gzip download's tag failed with br)", async () => {
    const gzip = await send("/bulk/all-districts.csv", { "Accept-Encoding": "gzip" });
    const br = await send("/bulk/all-districts.csv", { "Accept-Encoding": "br" });
    const [gzTag, brTag] = [gzip.headers.get("etag")!, br.headers.get("etag")!];
    expect(gzTag).not.toBe(brTag);
    expect((await send("/bulk/all-districts.csv", { "If-Match": gzTag, "Accept-Encoding": "br" })).status).toBe(200);
    expect((await send("/bulk/all-districts.csv", { "If-Match": brTag, "Accept-Encoding": "identity" })).status).toBe(200);
    // Another body's tag: its first digit changed.
    const other = `"${gzTag[1] === "0" ? "1" : "0"}${gzTag.slice(2)}`;
    expect((await send("/bulk/all-districts.csv", { "If-Match": other, "Accept-Encoding": "br" })).status).toBe(412);
  });
  it("If-Match is evaluated before If-None-Match; If-Unmodified-Since only without If-Match, and only a valid date before Last-Modified fails", async () => {
    const plain = await send("/zip/90210.json", {});
    const etag = plain.headers.get("etag")!;
    expect((await send("/zip/90210.json", { "If-Match": '"other"', "If-None-Match": etag })).status).toBe(412);
    expect((await send("/zip/90210.json", { "If-Match": etag, "If-None-Match": etag })).status).toBe(304);
    const modified = Date.parse(plain.headers.get("last-modified")!);
    expect((await send("/zip/90210.json", { "If-Unmodified-Since": new Date(modified - 86_400_000).toUTCString() })).status).toBe(412);
    expect((await send("/zip/90210.json", { "If-Unmodified-Since": new Date(modified).toUTCString() })).status).toBe(200);
    expect((await send("/zip/90210.json", { "If-Unmodified-Since": "yesterday" })).status).toBe(200);
    expect((await send("/zip/90210.json", { "If-Match": etag, "If-Unmodified-Since": new Date(modified - 86_400_000).toUTCString() })).status).toBe(200);
  });
  it("servedDate: midnight UTC of the dataset's date, or now where that is ahead (Last-Modified and the sitemaps' lastmod)", () => {
    expect(servedDate("2026-11-22").toUTCString()).toBe("Sun, 22 Nov 2026 00:00:00 GMT");
    expect(servedDate("2099-01-01", Date.parse("2026-11-26T12:00:00Z")).toISOString()).toBe("2026-11-26T12:00:00.000Z");
  });
  it("a dataset dated ahead of the server's clock is served as modified when the site was made, never after Date (RFC 9110 §8.8.2.1)", async () => {
    const dataset = await loadFixture();
    const before = Date.now();
    const site = buildSite({ ...dataset, updated: "2099-01-01" }, BASE, await testAssets());
    const res = await createApp(site).request("/zip/90210.json");
    const modified = Date.parse(res.headers.get("last-modified")!);
    expect(modified).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(modified).toBeLessThanOrEqual(Date.now());
    // Conditional requests compare with that time: a copy from before it is not current.
    expect((await createApp(site).request("/zip/90210.json", { headers: { "If-Modified-Since": new Date(before - 86_400_000).toUTCString() } })).status).toBe(200);
  });
  it("a 304 varies as its 200 does: a page negotiated on Accept too keeps Vary: Accept (ops audit 33 #5: the territory location page's 304 dropped it)", async () => {
    const rep = new Representation("<p>page</p>", "text/html; charset=utf-8", "Sun, 22 Nov 2026 00:00:00 GMT", [["Vary", "Accept, Accept-Encoding"]]);
    const ok = await sendRepresentation(new Request("http://x/p"), rep);
    expect(ok.headers.get("vary")).toBe("Accept, Accept-Encoding");
    const again = await sendRepresentation(new Request("http://x/p", { headers: { "If-None-Match": ok.headers.get("etag")! } }), rep);
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toBe("Accept, Accept-Encoding");
  });
  it("is not evaluated on OPTIONS: a preflight stays the 204 (RFC 9110 §13.2.1)", async () => {
    const res = await send("/zip/90210.json", { "If-Match": '"other"', Origin: "https://a.example", "Access-Control-Request-Method": "GET" }, "OPTIONS");
    expect(res.status).toBe(204);
  });
  it("is not evaluated where the answer is not 2xx: a 404 stays a 404", async () => {
    expect((await send("/zip/00000.json", { "If-Match": '"other"' })).status).toBe(404);
    expect((await send("/zip/abc.json", { "If-Unmodified-Since": "Sat, 01 Jan 2000 00:00:00 GMT" })).status).toBe(400);
  });
});

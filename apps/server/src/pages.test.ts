/**
 * Pages for people (issue 13): error pages negotiated on Accept, the PO-box
 * page, the answer sentence, explained numbers, /about, robots and sitemaps.
 */
import type { DistrictOverlap } from "@school-districts/core";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, testApp } from "../test/helpers.ts";
import { answer, basisWords, gradeLevels, percent } from "./answer.ts";
import { errorPage } from "./error-pages.ts";
import { PAGE_CSP, shareHtml } from "./layout.ts";
import { boundariesSection, coverageWords, EXPLAIN, homePage, placeLine, zipPage } from "./pages.ts";
import { districtPage } from "./district-pages.ts";
import { problem, zipNotFoundDetail } from "./problems.ts";
import type { Site } from "./site.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const CACHE = "public, max-age=86400, stale-while-revalidate=604800";
/** A district contact's figures where a test does not need them: none reported. */
const NO_FIGURES = { rating: null, rating_label: "" as const, students: "", schools: "", per_pupil: "" };
let app: Hono;
let site: Site;
beforeAll(async () => {
  ({ app, site } = await testApp());
});
const get = (path: string, headers: Record<string, string> = {}, method = "GET") => app.request(path, { method, headers });

describe("Accept negotiation of errors", () => {
  it.each([
    ["/zip/abc", 400, "no-store", "Nothing found for “abc”"],
    ["/zip/1234", 400, "no-store", "Invalid ZIP code"],
    ["/zip?zip=9021", 400, "no-store", "Invalid ZIP code"],
    ["/zip/00000", 404, CACHE, "ZIP code 00000 not found"],
    ["/problems/nope", 404, CACHE, "Not found"],
    ["/no/such/page", 404, CACHE, "Not found"],
  ])("a browser asking %s gets an HTML page with status %i", async (path, status, cache, title) => {
    const res = await get(path, { Accept: BROWSER });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(cache);
    expect(res.headers.get("vary")).toBe("Accept");
    expect(res.headers.get("content-security-policy")).toBe(PAGE_CSP);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('<form action="/zip" method="get"');
    expect(html).toContain('<a href="/">Home page</a>');
    // The problem type's page is the API's: its link says so.
    expect(html).toMatch(/<a href="\/problems\/[a-z-]+">For developers: this error in the API \(HTTP \d{3}\)<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(Number(res.headers.get("content-length"))).toBe(new TextEncoder().encode(html).length);
  });

  it("an empty search says no ZIP code was typed", async () => {
    const html = await (await get("/zip?zip=", { Accept: BROWSER })).text();
    expect(html).toContain("<p>No ZIP code was typed.</p>");
    expect(html).not.toContain('"" is not a ZIP code');
  });

  it("the error page keeps what was typed in its search box, escaped", async () => {
    const html = await (await get("/zip?zip=%22%3E9021", { Accept: BROWSER })).text();
    expect(html).toContain('value="&quot;&gt;9021"');
    expect(html).toContain("<p>“&quot;&gt;9021” is not a ZIP code.</p>");
  });

  // The problem's detail sends programs to /index.json, /bulk/districts.csv and /docs; a person gets words and a page to open.
  it.each([
    ["/zip/00000", "/index.json", ""],
    ["/district/0000000", "/bulk/districts.csv", '<a href="/#states">home page</a>'],
    ["/district/123", "/district/0604830", '<a href="/#states">home page</a>'],
    ["/state/XX", "56 states and territories", '<a href="/#states">home page</a>'],
    ["/state/ca", "/state/CA instead of", 'Did you mean <a href="/state/CA">CA</a>?'],
    ["/state/zz", "uppercase letters", '<a href="/#states">home page</a>'],
    // A state's name, a town's name in the address (pages audit 36 #9: the page said no town is written that way).
    ["/state/California", "uppercase letters", 'Did you mean <a href="/state/CA">CA</a>?'],
    ["/zip/Beverly%20Hills", "/zip/02108", `<p>“Beverly Hills” is not a ZIP code but a town's name: <a href="/zip?zip=Beverly%20Hills">the ZIP codes of Beverly Hills</a>, each with its school district.</p>`],
    ["/no/such/page", "/docs", ""],
  ])("the HTML error page of %s leaves out the API's hint and says where to go", async (path, apiHint, next) => {
    const html = await (await get(path, { Accept: BROWSER })).text();
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!;
    expect(main).not.toContain(apiHint);
    expect(main).not.toContain(".json");
    if (next) expect(main).toContain(next);
    const problem = (await (await get(path, { Accept: "application/json" })).json()) as { detail: string };
    expect(problem.detail).toContain(apiHint);
  });

  // A pasted address with a trailing slash, capitals or a ZIP+4 stays an error (decisions.md 14) that names the address meant.
  it.each([
    ["/zip/02108/", 404, 'Did you mean <a href="/zip/02108">/zip/02108</a>?', "Did you mean /zip/02108?"],
    ["/ZIP/02108", 404, 'Did you mean <a href="/zip/02108">/zip/02108</a>?', "Did you mean /zip/02108?"],
    ["/02108", 404, 'Did you mean <a href="/zip/02108">/zip/02108</a>?', "Did you mean /zip/02108?"],
    ["/district/0604830/", 404, 'Did you mean <a href="/district/0604830">/district/0604830</a>?', "Did you mean /district/0604830?"],
    ["/state/ca/", 404, 'Did you mean <a href="/state/CA">/state/CA</a>?', "Did you mean /state/CA?"],
    ["/zip/02108-1234", 400, "<p>“02108-1234” is not a ZIP code. Did you mean <a href=\"/zip/02108\">02108</a>?</p>", "Did you mean /zip/02108?"],
  ])("%s answers %i and names the address meant", async (path, status, page, detail) => {
    const html = await get(path, { Accept: BROWSER });
    expect(html.status).toBe(status);
    expect(await html.text()).toContain(page);
    const problem = (await (await get(path, { Accept: "application/json" })).json()) as { status: number; detail: string };
    expect(problem.status).toBe(status);
    expect(problem.detail).toContain(detail);
  });

  it.each([
    ["9O21O", "<p>“9O21O” is not a ZIP code. Did you mean <a href=\"/zip/90210\">90210</a>?</p>"],
    ["021 08", "<p>“021 08” is not a ZIP code. Did you mean <a href=\"/zip/02108\">02108</a>?</p>"],
    ["9OO11", "<p>“9OO11” is not a ZIP code.</p>"], // 90011 has no page in the fixture: nothing to suggest
    // What the text reads as is the answer, first; the ZIP code's form after it (pages audit 34 #3).
    ["xyzzy", "<p class=\"answer\">“xyzzy” is not a ZIP code, and no town with a ZIP code is written that way. Type the ZIP code of the home's street address, or the town and its state, such as Springfield, IL; for a neighbourhood (Harlem, Hollywood), its city.</p>\n<p>A ZIP code has exactly 5 digits"],
    // A house number is no ZIP code of another state than the one typed (pages audit 30 #2: 14520 ... WA offered New York's 14520).
    ["90210 Main St Nowhere MA", "<p class=\"answer\">“90210 Main St Nowhere MA” is not a ZIP code, and no town with a ZIP code is written that way."],
    ["90210 Main St Nowhere CA", 'Did you mean <a href="/zip/90210">90210</a>?'],
  ])("the search box's %j: a 400 page that names the ZIP meant, if it has a page", async (typed, said) => {
    const res = await get(`/zip?zip=${encodeURIComponent(typed)}`, { Accept: BROWSER });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(said);
  });

  it("answers a town typed with a ZIP code short of its leading zero by the digits' rule, not that no town is written so (review of stop 42 #3)", async () => {
    const html = await (await get(`/zip?zip=${encodeURIComponent("Boston, MA 2108")}`, { Accept: BROWSER })).text();
    expect(html).toContain('<p class="answer">A ZIP code has exactly 5 digits, like 90210 or 02108 (keep the leading zero;');
    expect(html).not.toContain("no town with a ZIP code is written that way");
    expect(html).toContain("“2108” has 4 digits: a ZIP code has 5: type the home's 5-digit ZIP code (keep a leading zero), or its town and state.");
  });

  // Words no search found are headed by what was typed (pages audit 41 #7), as what the search found, which is
  // always true (review of stop 42 #3: "No town with a ZIP code is named" was said of "help" and "CHSD 218"); an
  // address's shape (a house number and a street word, or a PO box) by the address; a number like a ZIP code's
  // among words by what is wrong with it ("Boston, MA 2108": Boston has ZIP codes); a ZIP code mistyped keeps "Invalid ZIP code".
  it.each([
    ["Grosse Pointe Farms", "Nothing found for “Grosse Pointe Farms”"],
    ["Grosse Pointe Farms, MI", "Nothing found for “Grosse Pointe Farms, MI”"],
    ["help", "Nothing found for “help”"],
    ["my school", "Nothing found for “my school”"],
    ["donde esta mi escuela", "Nothing found for “donde esta mi escuela”"],
    ["CHSD 218", "Nothing found for “CHSD 218”"],
    ["NEW YORK CITY GEOGRAPHIC DISTRICT #31", "Nothing found for “NEW YORK CITY GEOGRAPHIC DISTRICT #31”"],
    ["12 Elm St, Grosse Pointe Farms, MI", "No town found in the address “12 Elm St, Grosse Pointe Farms, MI”"],
    ["PO Box 12, Nowhere, MA", "No town found in the address “PO Box 12, Nowhere, MA”"],
    ["Boston, MA 2108", "“2108” has 4 digits: a ZIP code has 5"],
    ["Hartford CT 6103", "“6103” has 4 digits: a ZIP code has 5"],
    ["Beverly Hills CA 9021", "“9021” has 4 digits: a ZIP code has 5"],
    ["Chicago IL 606011", "“606011” has 6 digits: a ZIP code has 5"],
    ["Springfield IL 627O1", "“627O1” has the letter O: a ZIP code is 5 digits"],
    ["ZIP 9021", "“9021” has 4 digits: a ZIP code has 5"],
    ["zip code 9021", "“9021” has 4 digits: a ZIP code has 5"],
    ["MA 2108", "“2108” has 4 digits: a ZIP code has 5"],
    // (The house number is not the ZIP code's: the one after the town is.)
    ["123 Main St, Springfield, IL 6270", "“6270” has 4 digits: a ZIP code has 5"],
    // (No street word: a ZIP code short of a digit before its town, not an address.)
    ["9021 Beverly Hills", "“9021” has 4 digits: a ZIP code has 5"],
    ["90210 Beverly Hills, NY", "Invalid ZIP code"],
    // A year among words is no ZIP code short of its zero, unless Massachusetts is named (review 42 final #7).
    ["Class of 2025", "Nothing found for “Class of 2025”"],
    ["2024-2025 school calendar", "Nothing found for “2024-2025 school calendar”"],
    ["Cohasset, MA 2025", "“2025” has 4 digits: a ZIP code has 5"],
    // An address's house number is no ZIP code meant (review 42 final #7: "Invalid ZIP code", "Did you mean 90210?").
    ["90210 Main St", "No town found in the address “90210 Main St”"],
    ["1234", "Invalid ZIP code"],
    ["9O21O", "Invalid ZIP code"],
    ["K1A 0B1", "Invalid ZIP code"],
  ])("the search box's %j: a 400 page headed %j, its problem+json still titled Invalid ZIP code", async (typed, heading) => {
    const res = await get(`/zip?zip=${encodeURIComponent(typed)}`, { Accept: BROWSER });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(`<title>${heading} (error 400)`);
    const problem = await get(`/zip?zip=${encodeURIComponent(typed)}`, { Accept: "application/json" });
    expect(problem.status).toBe(400);
    expect(problem.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(((await problem.json()) as { title: string }).title).toBe("Invalid ZIP code");
  });

  it("a country, a school's name: the page's answer and the box's own message say what it reads as, not the ZIP code's form (pages audit 34 #3)", async () => {
    const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const palau = mainOf(await (await get("/zip?zip=Palau", { Accept: BROWSER })).text());
    expect(palau).toMatch(/^<main[^>]*><h1>Palau is outside the United States<\/h1>\n<p class="answer">Palau is an independent country/);
    expect(palau).not.toContain("A ZIP code has exactly 5 digits");
    expect(palau).toContain("Palau is outside the United States: type the ZIP code of a home in the United States.");
    expect(palau).not.toContain("or a town's name: type 5 digits");
    const school = mainOf(await (await get("/zip?zip=Lincoln%20High%20School", { Accept: BROWSER })).text());
    expect(school).toContain('<p class="answer">“Lincoln High School” reads as a school\'s name');
    expect(school).toContain("“Lincoln High School” reads as a school: type the ZIP code of the home's street address, or its town and state.");
    expect(school.indexOf("reads as a school's name")).toBeLessThan(school.indexOf("A ZIP code has exactly 5 digits"));
  });

  it("/zip/9O21O (a letter O typed for a zero in the address): a 400 page naming the ZIP page meant", async () => {
    const res = await get("/zip/9O21O", { Accept: BROWSER });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Did you mean <a href="/zip/90210">90210</a>?');
    expect(((await (await get("/zip/9O21O.json")).json()) as { detail: string }).detail).toContain("Did you mean /zip/90210.json?");
  });

  it("a ZIP whose every district is unified has one heading over its table, not the same words twice", async () => {
    const html = await (await get("/zip/90210")).text();
    expect(html).toContain("<h2>Every district in 90210</h2>");
    expect(html).not.toContain("<h3>Every district in 90210</h3>");
    expect(await (await get("/zip/01002")).text()).toContain("<h3>Up to 6th grade in 01002</h3>");
  });

  it("a split ZIP's page points to the exact spot's district (pages audit 38 #1); one district's, or a PO box's, does not", async () => {
    const note = '<a href="/location">Find the district of the exact spot</a> from a map\'s link to the home';
    expect(await (await get("/zip/90210")).text()).toContain(note);
    expect(await (await get("/zip/01002")).text()).toContain(note);
    expect(await (await get("/zip/10001")).text()).not.toContain(note);
    expect(await (await get("/zip/90209")).text()).not.toContain(note);
  });

  it("a district with no residents and no mark splits no answer by grade level (pages audit 38 #7: 'all of 36117 is in …' twice)", () => {
    const row = (leaid: string, level: DistrictOverlap["level"], share: number, chosen: boolean) =>
      ({ leaid, district: `District ${leaid}`, level, share, share_elementary: share, share_secondary: share, basis: "population", chosen, serves_most: chosen ? ["elementary", "secondary"] : [], grade_span: "Kindergarten – 12th" }) as unknown as DistrictOverlap;
    const levels = gradeLevels([row("0102460", "unified", 1, true), row("0100012", "elementary", 0, false)]);
    expect(levels.map((l) => l.name)).toEqual(["all"]);
    expect(answer("36117", [row("0102460", "unified", 1, true), row("0100012", "elementary", 0, false)], (d) => d.district)).toEqual([
      "All of 36117 is in District 0102460; 1 other district covers a part with no residents.",
    ]);
    // An elementary district with residents still splits it.
    expect(gradeLevels([row("0102460", "unified", 0.9, true), row("0100012", "elementary", 0.1, false)]).map((l) => l.name)).toEqual(["elementary", "high"]);
  });

  it("a district table's rows are headed by their district, so a share is heard with whose it is (pages audit 37)", async () => {
    const html = await (await get("/zip/90210")).text();
    const rows = [...html.matchAll(/<tr>(<t[hd][^>]*>)/g)].map((m) => m[1]);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.slice(1)).toEqual(rows.slice(1).map(() => '<th scope="row" data-label="District">'));
  });

  it("the search box has no pattern, short maxlength or required, and a text keyboard (towns are typed too): the server trims, takes a ZIP+4's digits and names a ZIP meant", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(/<input id="zip-main" name="zip" type="text" maxlength="200" autocomplete="postal-code" autocapitalize="words" spellcheck="false" enterkeyhint="search" aria-describedby="zip-main-hint" value="">/);
    expect(html.match(/<input id="zip-main"[^>]*>/)![0]).not.toMatch(/pattern=|inputmode=|required/);
  });

  it.each([
    ["/zip/02108.json/", 404, "Did you mean /zip/02108.json?"],
    ["/zip/02108-1234.json", 400, "Did you mean /zip/02108.json?"],
    // A program's guess at a format (consumers audit 30 #8): the JSON twin where it answers, not "RI.csv is not a state code".
    ["/zip/02108.JSON", 404, 'Nothing at "/zip/02108.JSON". Did you mean /zip/02108.json?'],
    ["/state/CA.JSON", 404, 'Nothing at "/state/CA.JSON". Did you mean /state/CA.json?'],
    ["/district/0604830.Json", 404, 'Nothing at "/district/0604830.Json". Did you mean /district/0604830.json?'],
    ["/state/CA.csv", 404, 'Nothing at "/state/CA.csv". Did you mean /state/CA.json?'],
    ["/district/0604830.CSV", 404, 'Nothing at "/district/0604830.CSV". Did you mean /district/0604830.json?'],
    ["/zip/90210.csv", 404, 'Nothing at "/zip/90210.csv". Did you mean /zip/90210.json?'],
    ["/state/ZZ.csv", 404, 'Nothing at "/state/ZZ.csv". See /docs'],
    ["/zip/99999/", 404, 'Nothing at "/zip/99999/". See /docs'],
  ])("the API's problem for %s names the address meant, if any", async (path, status, detail) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { detail: string }).detail).toContain(detail);
  });

  it("the skip link says 'answer' on the pages that give one (a ZIP code's, a town's; a place's: tests/browser), 'content' elsewhere (pages audit 40 #7)", async () => {
    const skipOf = async (path: string) => /<a class="skip" href="#main">([^<]+)<\/a>/.exec(await (await get(path, { Accept: BROWSER })).text())?.[1];
    for (const path of ["/zip/90210", "/zip?zip=beverly+hills"]) expect(await skipOf(path), path).toBe("Skip to the answer");
    for (const path of ["/", "/about", "/district/0604830", "/state/CA", "/zip/00000", "/location"]) expect(await skipOf(path), path).toBe("Skip to the content");
  });

  it("the home page's list of states is the target of those links", async () => {
    expect(await (await get("/")).text()).toContain('<h2 id="states">Browse by state</h2>');
  });

  it("the same paths answer problem+json to scripts, with Vary: Accept", async () => {
    const unknown = await get("/no/such/page", { Accept: "*/*" });
    expect(unknown.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(unknown.headers.get("vary")).toBe("Accept");
    const page = await get("/zip/abc", { Accept: "application/json" });
    expect(page.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(((await page.json()) as { status: number }).status).toBe(400);
  });

  it.each(["/zip/abc.json", "/zip/00000.json", "/zip/00000/districts.json", "/state/ca.json", "/state/XX.json", "/nope.json", "/x.csv", "/healthz/x.json", "/zip/abc.csv", "/zip/90210.JSON", "/state/RI.csv", "/district/0604830.csv"])(
    "API route %s keeps problem+json even for text/html, without Vary: Accept",
    async (path) => {
      const res = await get(path, { Accept: BROWSER });
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(res.headers.get("vary")).toBeNull();
    },
  );

  it("a /zip/{x} or /problems/{x} path is negotiated (but for a .csv or .JSON suffix, a program's guess: below; on /problems/ a .json too, ops audit 34 #3)", async () => {
    for (const [path, status] of [["/zip/abc", 400], ["/problems/zip-not-found.html", 404]] as const) {
      const res = await get(path, { Accept: BROWSER });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("vary"), path).toBe("Accept");
      expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
    }
  });

  it("405 and HEAD: a browser gets an HTML 405 with Allow; HEAD has no body", async () => {
    const res = await get("/", { Accept: BROWSER }, "POST");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const head = await get("/zip/abc", { Accept: BROWSER }, "HEAD");
    expect(head.status).toBe(400);
    expect(await head.text()).toBe("");
  });
});

describe("a real USPS ZIP without a record (PO box whose post office the crosswalk does not place, or a ZIP with no area)", () => {
  it("gets a 404 page saying what it is, its city, the ZIP area it lies in and the ZIP pages of its city", async () => {
    const res = await get("/zip/90213", { Accept: BROWSER });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe(CACHE);
    const html = await res.text();
    expect(html).toContain("<h1>ZIP code 90213 is a post-office or single-address ZIP code</h1>");
    expect(html).toContain("Beverly Hills, CA");
    expect(html).toContain('<a href="/zip/90210">90210</a>');
    const area = await (await get("/zip/96799", { Accept: BROWSER })).text();
    expect(area).toContain("<h1>ZIP code 96799 has no school district record</h1>");
    expect(area).toContain("the Census Bureau draws no ZIP area for it");
    expect(area).not.toContain("post office (PO boxes)");
    expect(area).toContain("No other ZIP code of Pago Pago, AS has a record.");
    // 01086: the crosswalk puts it in a ZIP area of its own number, which has no record: no link to the page itself.
    const own = errorPage(problem(BASE, "zip-not-found", "x", "/zip/01086"), "zip-not-found", { updated: "2026-11-22", records: 1, baseUrl: BASE }, {
      postal: { zip: "01086", city: "Westfield", state: "MA", type: "Post Office or large volume customer", zcta: "01086", county: "Hampden County" },
      cityZips: ["01085"],
    });
    expect(own).not.toContain('href="/zip/01086"');
    expect(own).toContain('<a href="/zip/01085">01085</a>');
    // 09001, APO AE: military mail, no area and no district (audit 4: "Check the digits").
    const facts = { updated: "2026-11-22", records: 1, baseUrl: BASE };
    const apo = { zip: "09001", city: "APO", state: "AE", type: "Military mail (APO/FPO/DPO)", zcta: "", county: "" };
    const military = errorPage(problem(BASE, "zip-not-found", zipNotFoundDetail("09001", apo), "/zip/09001"), "zip-not-found", facts, { postal: apo, cityZips: [] });
    expect(military).toContain("<h1>ZIP code 09001 is a military mail ZIP code</h1>");
    expect(military).toContain("09001 (APO AE) is a military mail ZIP code");
    expect(military).toContain("look up the ZIP code of its street address");
    expect(military).not.toContain("No other ZIP code of");
    // Its description, as a link preview shows it, says the same (it said "Check the digits").
    expect(military).toContain('<meta name="description" content="ZIP code 09001 is a military mail ZIP code. It carries mail to the U.S. forces abroad and has no area and no public school district');
    expect(military).not.toContain("Check the digits");
    expect(zipNotFoundDetail("09001", apo)).toBe(
      "ZIP code 09001 is a military mail ZIP code (APO AE; USPS type: Military mail (APO/FPO/DPO)) with no area of its own, so no school district record: for a home in the United States, look up the ZIP code of its street address.",
    );
    // 96940, Koror, Palau: a country in free association with the US, not "look up the home's ZIP code" (pages audit 33 #5).
    const koror = { zip: "96940", city: "Koror", state: "PW", type: "Post Office or large volume customer", zcta: "", county: "" };
    const palau = errorPage(problem(BASE, "zip-not-found", zipNotFoundDetail("96940", koror), "/zip/96940"), "zip-not-found", facts, { postal: koror, cityZips: [] });
    expect(palau).toContain("<h1>ZIP code 96940 is in Palau, outside the United States</h1>");
    expect(palau).toContain("96940 (Koror, PW) is a ZIP code of Palau. Palau is an independent country in free association with the United States: the country uses US mail and ZIP codes, but no US public school district serves it");
    expect(palau).not.toContain("look up the ZIP code of the home");
    expect(zipNotFoundDetail("96960", { city: "Majuro", state: "MH", type: koror.type })).toBe(
      "ZIP code 96960 is a ZIP code of Majuro, MH. The Marshall Islands are an independent country in free association with the United States: the country uses US mail and ZIP codes, but no US public school district serves it (its schools are its own government's). This service covers the 50 states, DC, Puerto Rico, Guam, the US Virgin Islands, American Samoa and the Northern Mariana Islands.",
    );
    // A USPS "Zip Code Area" the 2020 Census draws no ZCTA for (21522, Bittinger, MD): it has an area, undrawn.
    const undrawn = { zip: "21522", city: "Bittinger", state: "MD", type: "Zip Code Area", zcta: "21522", county: "Garrett County" };
    expect(zipNotFoundDetail("21522", undrawn)).toBe(
      "ZIP code 21522 is a real ZIP code of Bittinger, MD (USPS: Zip Code Area) for which the 2020 Census draws no ZIP area, so no school district record: look up the ZIP code of the home's street address. No other ZIP code of Bittinger, MD has a record.",
    );
    // Where no ZIP code of its town has a record (21522, Bittinger, MD: answers audit 30 #4), those of its county, with their districts.
    const garrett = { city: "Garrett County", state: "MD", county: true as const, zips: [{ zip: "21520", district: "Garrett County Public Schools", leaid: "2400360", share: 1, poBox: false }] };
    const bittinger = errorPage(problem(BASE, "zip-not-found", "x", "/zip/21522"), "zip-not-found", facts, { postal: undrawn, cityZips: [], countyTown: garrett });
    expect(bittinger).toContain("<p>No other ZIP code of Bittinger, MD has a record.</p>\n<h2>ZIP codes of Garrett County, MD, where Bittinger is</h2>");
    expect(bittinger).toContain('Its ZIP code where people live is in <a href="/district/2400360">Garrett County Public Schools</a>.');
    // With ZIP codes of its town, not the county's too.
    expect(errorPage(problem(BASE, "zip-not-found", "x", "/zip/21522"), "zip-not-found", facts, { postal: undrawn, cityZips: ["21520"], countyTown: garrett })).not.toContain("Garrett County, MD, where");
    // The site finds a county's ZIP codes as records name it.
    expect(site.countyTown("Los Angeles County", "CA")?.zips.map((z) => z.zip)).toEqual(["90209", "90210"]);
    expect(site.countyTown("", "CA")).toBeUndefined();
    // A ZIP area the Census draws but USPS no longer lists (17767, Salona, PA): not "draws no ZIP area" (review 30 #5).
    const drawn = { zip: "17767", city: "Salona", state: "PA", type: "populated ZCTA, missing zip", zcta: "17767", county: "Clinton County" };
    // And retired, not "a real ZIP code" (pages audit 39 #6).
    expect(zipNotFoundDetail("17767", drawn)).toContain("ZIP code 17767 is not on the Postal Service's list of ZIP codes (Salona, PA; UDS Mapper: populated ZCTA, missing zip), though the 2020 Census draws its area, so no school district record in this dataset: look up the ZIP code");
    const drawnPage = errorPage(problem(BASE, "zip-not-found", zipNotFoundDetail("17767", drawn), "/zip/17767"), "zip-not-found", facts, { postal: drawn, cityZips: [] });
    expect(drawnPage).toContain("17767 is not on the Postal Service's list of ZIP codes this service uses (UDS Mapper, 2020), though the 2020 Census draws its area, in Salona, PA: this service has no school district record for it.");
    expect(drawnPage).not.toContain("real ZIP code");
    expect(drawnPage).not.toContain("draws no ZIP area");
    const json = await get("/zip/90213.json", { Accept: BROWSER });
    expect(json.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  });
});

/** A district of a ZIP; `most` is its `serves_most` (the first district of a test names the record's district). */
const d = (
  district: string,
  level: DistrictOverlap["level"],
  share: number,
  basis: DistrictOverlap["basis"] = "population",
  most: ("elementary" | "secondary")[] = [],
  grade_span = "",
  byGrade: [number, number] = [level === "secondary" ? 0 : share, level === "elementary" ? 0 : share],
): DistrictOverlap =>
  ({ leaid: district, district, level, grade_span, share, basis, serves_most: most, chosen: most.includes("elementary"), share_elementary: byGrade[0], share_secondary: byGrade[1] }) as DistrictOverlap;
const ALL = ["elementary", "secondary"] as ("elementary" | "secondary")[];

describe("the answer in one sentence", () => {
  const name = (x: DistrictOverlap) => x.district;
  it("one district, most and part, split", () => {
    expect(answer("12345", [d("A", "unified", 1, "land", ALL)], name)).toEqual(["All of 12345 is in A."]);
    // Short of 1, as the table says it (07420: "all" beside "> 99 %"); the rest in no district said from half a percent (55417).
    expect(answer("85215", [d("Mesa", "unified", 0.9989, "population", ALL)], name)).toEqual(["Almost all of 85215 (> 99 % of residents) is in Mesa."]);
    expect(answer("55417", [d("Minneapolis", "unified", 0.992, "population", ALL)], name)).toEqual(["Almost all of 55417 (> 99 % of residents) is in Minneapolis; no school district covers the rest."]);
    expect(answer("90210", [d("B", "unified", 0.6544, "population", ALL), d("L", "unified", 0.3456)], name)).toEqual([
      "Most of 90210 (65 % of residents) is in B; part is in L (35 %).",
    ]);
    expect(answer("11111", [d("A", "unified", 0.4, "population", ALL), d("B", "unified", 0.35), d("C", "unified", 0.2), d("D", "unified", 0.05)], name)).toEqual([
      "11111 is split: the largest part (40 % of residents) is in A; the rest is in B (35 %), C (20 %) and 1 other district.",
    ]);
  });

  it("names each grade level where elementary and high-school districts are separate; pieces under 1 % fold", () => {
    const all = [d("HS", "secondary", 0.9182, "population", ["secondary"]), d("E1", "elementary", 0.7395, "population", ["elementary"]), d("E2", "elementary", 0.1082), d("HS2", "secondary", 0.0818), d("E3", "elementary", 0.0009)];
    expect(gradeLevels(all).map((l) => [l.name, l.pick?.district, l.districts.map((x) => x.district)])).toEqual([
      ["elementary", "E1", ["E1", "E2", "E3"]],
      ["high", "HS", ["HS", "HS2"]],
    ]);
    expect(answer("59101", all, name)).toEqual([
      "Elementary grades: most of 59101 (74 % of residents) is in E1; part is in E2 (11 %) and 1 other district.",
      "High school: most of 59101 (92 % of residents) is in HS; part is in HS2 (8 %).",
    ]);
    expect(percent(0.0009)).toBe("< 1 %");
    // A part with no one: "0 %" in the tables, beside "no residents" in the sentence (audit 4: it read "< 1 %").
    expect(percent(0)).toBe("0 %");
    expect(percent(0.995)).toBe("> 99 %");
  });

  it("names first the district serving most of each level, and never counts a high-school district among the elementary ones (93117)", () => {
    // Santa Barbara Unified is the high-school district over Goleta Union here: the same 98 %, at the other grades.
    const all = [d("Santa Barbara Unified", "unified", 0.9823, "population", ["secondary"], "", [0, 0.9823]), d("Goleta Union", "elementary", 0.9823, "population", ["elementary"]), d("Santa Ynez", "secondary", 0.0177), d("Vista del Mar", "elementary", 0.0146), d("Buellton", "elementary", 0.002)];
    expect(answer("93117", all, name)).toEqual([
      "Elementary grades: most of 93117 (98 % of residents) is in Goleta Union; part is in Vista del Mar (1 %) and 1 other district.",
      "High school: most of 93117 (98 % of residents) is in Santa Barbara Unified; part is in Santa Ynez (2 %).",
    ]);
  });

  it("gives an elementary level alone no label where its district teaches on to 12th grade (02817); keeps it where it stops before", () => {
    // No high-school district is drawn over it: some such districts teach high school themselves
    // (Exeter-West Greenwich), others pay another's (Jamestown, 02835): it is asked, saying its grades.
    expect(answer("02817", [d("Exeter-West Greenwich", "elementary", 1, "population", ["elementary"], "Pre-Kindergarten – 12th")], name)).toEqual([
      "All of 02817 is in Exeter-West Greenwich.",
      "Exeter-West Greenwich lists grades up to 12th but is drawn for the lower grades only: it may teach high school itself or pay another district's; ask it which high school its students attend.",
    ]);
    expect(answer("49075", [d("Nottawa", "elementary", 1, "population", ["elementary"], "Pre-Kindergarten – 8th")], name)).toEqual([
      "Elementary grades: all of 49075 is in Nottawa.",
      "Nottawa teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
  });

  it("calls a district the only one where people live, not 'all', when part of the ZIP is in districts with no residents", () => {
    expect(answer("12345", [d("A", "unified", 0.97, "population", ALL), d("B", "unified", 0)], name)).toEqual([
      "A is the only district where people live in 12345; 1 other district covers a part with no residents.",
    ]);
  });

  it("never says all beside a share below 99 %: the only district of a level with residents (24450)", () => {
    const all = [d("Rockbridge", "unified", 0.5794, "population", ALL), d("Lexington", "elementary", 0.4206, "population", [], "Pre-Kindergarten – 8th"), d("Botetourt", "unified", 0)];
    expect(answer("24450", all, name)).toEqual([
      "Elementary grades: most of 24450 (58 % of residents) is in Rockbridge; part is in Lexington (42 %); 1 other district covers a part with no residents.",
      "High school: most of 24450 (58 % of residents) is in Rockbridge; the rest has no high-school district of its own: there, the elementary district says which high school serves them; 1 other district covers a part with no residents.",
      // The rest is Lexington's, which stops at 8th grade: the page says whom to ask, and how much of the ZIP it is (audit 4).
      "Lexington (42 % of 24450) teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
  });

  it("a high-school district covering a sliver is not 'all' of the ZIP, and the K-8 district of the rest says to ask (Derry, 03038)", () => {
    const all = [
      d("Derry", "elementary", 0.9948, "population", ["elementary"], "Pre-Kindergarten – 8th", [0.9948, 0]),
      d("Londonderry", "unified", 0.0052, "population", ["secondary"], "Pre-Kindergarten – 12th", [0.0052, 0.0052]),
    ];
    expect(answer("03038", all, name)).toEqual([
      "Elementary grades: almost all of 03038 (> 99 % of residents) is in Derry; a small part is in 1 other district (< 1 %).",
      "High school: no district teaching high school covers most of 03038; Londonderry covers a part (< 1 % of residents).",
      "Derry teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
  });

  it("a district the data marks for high school but that stops before 9th grade gets no high-school sentence, only the one saying to ask (Arock, 97917)", () => {
    const all = [
      d("Arock", "unified", 0.03, "population", ["secondary"], "Pre-Kindergarten – 8th", [0.03, 1]),
      d("Jordan Valley", "elementary", 0.97, "population", ["elementary"], "Kindergarten – 8th", [0.97, 0]),
    ];
    expect(answer("97917", all, name)).toEqual([
      "Elementary grades: most of 97917 (97 % of residents) is in Jordan Valley; part is in Arock (3 %).",
      "Jordan Valley teaches only up to 8th grade: ask it which school its older students attend.",
      // Arock's 3 % is under the 5 % a district other than the named one needs to be asked (audit 5: slivers were noise).
    ]);
  });

  it("cuts the grades where the elementary district stops before 8th grade and the high-school district teaches the next one (Goleta Union under Santa Barbara Unified, 93117)", () => {
    const all = [
      d("Goleta Union", "elementary", 0.98, "population", ["elementary"], "Kindergarten – 6th", [0.98, 0]),
      d("Santa Barbara Unified", "unified", 0.98, "population", ["secondary"], "Kindergarten – 12th", [0, 0.98]),
      d("Vista del Mar", "elementary", 0.02, "population", [], "Kindergarten – 8th", [0.02, 0]),
      d("Santa Ynez", "secondary", 0.02, "population", [], "9th – 12th", [0, 0.02]),
    ];
    expect(answer("93117", all, name)).toEqual([
      "Up to 6th grade: most of 93117 (98 % of residents) is in Goleta Union; part is in Vista del Mar (2 %).",
      "7th grade and up: most of 93117 (98 % of residents) is in Santa Barbara Unified; part is in Santa Ynez (2 %).",
    ]);
  });

  it("asks the elementary district about the grades between its last and the high-school district's first", () => {
    const all = [d("K6", "elementary", 1, "population", ["elementary"], "Kindergarten – 6th", [1, 0]), d("HS", "secondary", 1, "population", ["secondary"], "9th – 12th", [0, 1])];
    expect(answer("59931", all, name)).toEqual([
      "Elementary grades: all of 59931 is in K6.",
      "High school: all of 59931 is in HS.",
      "K6 teaches only up to 6th grade, and HS from 9th grade: ask K6 which school teaches 7th and 8th grade.",
    ]);
  });

  it("does not send a parent to ask what the next sentence answers, but asks the district high school does not cover (Blairstown and Hope, 07825)", () => {
    const all = [
      d("North Warren", "secondary", 0.8283, "population", ["secondary"], "7th – 12th", [0, 0.8283]),
      d("Blairstown", "elementary", 0.6228, "population", ["elementary"], "Pre-Kindergarten – 6th", [0.6228, 0]),
      d("Frelinghuysen", "elementary", 0.1994, "population", [], "Pre-Kindergarten – 6th", [0.1994, 0]),
      d("Hope", "unified", 0.1692, "population", [], "Pre-Kindergarten – 8th", [0.1692, 0.1692]),
    ];
    expect(answer("07825", all, name)).toEqual([
      "Up to 6th grade: most of 07825 (62 % of residents) is in Blairstown; part is in Frelinghuysen (20 %) and Hope (17 %).",
      // Under "7th grade and up" the grades are not all high school.
      "7th grade and up: most of 07825 (83 % of residents) is in North Warren; the rest has no district teaching these grades of its own: there, the elementary district says which school teaches them.",
      "Hope (17 % of 07825) teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
  });

  it("asks the named district a high-school district too small to be over it leaves uncovered, not the one it does cover (Potomac and Armstrong-Ellis, 61865)", () => {
    const all = [
      d("Potomac", "elementary", 0.6966, "population", ["elementary"], "Pre-Kindergarten – 8th", [0.6966, 0]),
      d("Armstrong-Ellis", "elementary", 0.2682, "population", [], "Kindergarten – 8th", [0.2682, 0]),
      d("Armstrong Township", "secondary", 0.2682, "population", ["secondary"], "9th – 12th", [0, 0.2682]),
      d("Bismarck-Henning", "unified", 0.0352, "population", [], "Pre-Kindergarten – 12th", [0.0352, 0.0352]),
    ];
    const sentences = answer("61865", all, name);
    expect(sentences[1]).toBe("High school: no district teaching high school covers most of 61865; Armstrong Township covers a part (27 % of residents), and Bismarck-Henning (4 %) covers less.");
    expect(sentences.slice(2)).toEqual(["Potomac teaches only up to 8th grade: ask it which school its older students attend."]);
  });

  it("asks a district teaching into high school but not to 12th about its older grades (Nespelem, Pre-K to 9th, 99155)", () => {
    expect(answer("99155", [d("Nespelem", "unified", 1, "population", ALL, "Pre-Kindergarten – 9th")], name)).toEqual([
      "All of 99155 is in Nespelem.",
      "Nespelem teaches only up to 9th grade: ask it which school its older students attend.",
    ]);
    expect(answer("99155", [d("Nespelem", "unified", 1, "population", ALL, "Pre-Kindergarten – 12th")], name)).toEqual(["All of 99155 is in Nespelem."]);
  });

  it("ends a sentence on a name ending in a period with one full stop (G.F.W., 2712580)", () => {
    expect(answer("56027", [d("G.F.W.", "unified", 1, "population", ALL)], name)).toEqual(["All of 56027 is in G.F.W."]);
    expect(answer("56027", [d("G.F.W.", "unified", 1, "population", ALL)], (x) => `<a href="/d">${x.district}</a>`)).toEqual(['All of 56027 is in <a href="/d">G.F.W.</a>']);
  });

  it("asks a Pre-K-8 district where every district is unified, as where levels are split (Moonachie, 44 % of 07608)", () => {
    const all = [d("Hasbrouck Heights", "unified", 0.56, "population", ALL, "Pre-Kindergarten – 12th"), d("Moonachie", "unified", 0.44, "population", [], "Pre-Kindergarten – 8th")];
    expect(answer("07608", all, name)).toEqual([
      "Most of 07608 (56 % of residents) is in Hasbrouck Heights; part is in Moonachie (44 %).",
      "Moonachie (44 % of 07608) teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
  });

  it("says which districts cover the little high school a ZIP has (58572: 91 % of it in Pre-K-8 districts)", () => {
    const all = [
      d("Sterling", "elementary", 0.5, "population", ["elementary"], "Kindergarten – 8th", [0.5, 0]),
      d("Menoken", "elementary", 0.41, "population", [], "Kindergarten – 8th", [0.41, 0]),
      d("Hazelton", "unified", 0.06, "population", ["secondary"], "Pre-Kindergarten – 12th", [0.06, 0.06]),
      d("Wing", "unified", 0.03, "population", [], "Pre-Kindergarten – 12th", [0.03, 0.03]),
    ];
    expect(answer("58572", all, name)[1]).toBe("High school: no district teaching high school covers most of 58572; Hazelton covers a part (6 % of residents), and Wing (3 %) covers less.");
  });

  it("where districts teaching high school cover most of the ZIP but none alone, says it is split and that the rest has none (58570); a share under one half never reads 50 % beside 'not most'", () => {
    const all = [
      d("Solen", "unified", 0.46, "population", ["elementary", "secondary"], "Pre-Kindergarten – 12th", [0.46, 0.46]),
      d("Flasher", "unified", 0.39, "population", [], "Pre-Kindergarten – 12th", [0.39, 0.39]),
      d("Menoken", "elementary", 0.15, "population", [], "Kindergarten – 8th", [0.15, 0]),
    ];
    expect(answer("58570", all, name)[1]).toBe("High school: 58570 is split: the largest part (46 % of residents) is in Solen; Flasher (39 %) covers less, and the rest has no high-school district of its own: there, the elementary district says which high school serves them.");
    const half = [
      d("Hulbert", "unified", 0.497, "population", ["elementary", "secondary"], "Pre-Kindergarten – 12th", [0.497, 0.497]),
      d("Keys", "elementary", 0.503, "population", [], "Kindergarten – 8th", [0.503, 0]),
    ];
    expect(answer("74441", half, name)[1]).toBe("High school: no district teaching high school covers most of 74441; Hulbert covers a part (49 % of residents).");
  });

  it("says the part of the ZIP no district teaching high school is drawn over, where it is 2 % or more (95316: Denair 85 %, Hughson 5 %)", () => {
    const all = [
      d("Denair", "unified", 0.85, "population", ["elementary", "secondary"], "Kindergarten – 12th", [0.85, 0.85]),
      d("Hughson", "unified", 0.05, "population", [], "Kindergarten – 12th", [0.05, 0.05]),
      d("Gratton", "elementary", 0.1, "population", [], "Kindergarten – 8th", [0.1, 0]),
    ];
    expect(answer("95316", all, name)[1]).toBe("High school: most of 95316 (85 % of residents) is in Denair; part is in Hughson (5 %), and the rest has no high-school district of its own: there, the elementary district says which high school serves them.");
    const tail = [d("Denair", "unified", 0.85, "population", ["elementary", "secondary"], "Kindergarten – 12th", [0.85, 0.85]), d("Hughson", "unified", 0.14, "population", [], "Kindergarten – 12th", [0.14, 0.14]), d("Gratton", "elementary", 0.01, "population", [], "Kindergarten – 8th", [0.01, 0])];
    expect(answer("95316", tail, name)[1]).toBe("High school: most of 95316 (85 % of residents) is in Denair; part is in Hughson (14 %).");
  });

  it("leaves a high-school tail under 1 % unsaid (07465, > 99 % Lakeland Regional)", () => {
    const all = [d("Wanaque", "elementary", 1, "population", ["elementary"], "Pre-Kindergarten – 8th", [1, 0]), d("Lakeland", "secondary", 0.995, "population", ["secondary"], "9th – 12th", [0, 0.9949])];
    expect(answer("07465", all, name)[1]).toBe("High school: almost all of 07465 (> 99 % of residents) is in Lakeland.");
    const most = [d("Wanaque", "elementary", 1, "population", ["elementary"], "Pre-Kindergarten – 8th", [1, 0]), d("Lakeland", "secondary", 0.9, "population", ["secondary"], "9th – 12th", [0, 0.9])];
    expect(answer("07465", most, name)[1]).toBe("High school: most of 07465 (90 % of residents) is in Lakeland; the rest has no high-school district of its own: there, the elementary district says which high school serves them.");
  });

  it("counts every level's districts where one sentence says the same for all of them (60629)", () => {
    const all = [
      d("Chicago", "unified", 1, "population", ALL, "Pre-Kindergarten – 12th"),
      d("Burbank", "elementary", 0, "population", [], "Pre-Kindergarten – 8th"),
      d("Reavis", "secondary", 0, "population", [], "9th – 12th"),
    ];
    expect(answer("60629", all, name)).toEqual(["All of 60629 is in Chicago; 2 other districts cover parts with no residents."]);
  });

  it("calls a tie a tie, and names the record's district first", () => {
    expect(answer("56659", [d("Grand Rapids", "unified", 0.4999), d("Deer River", "unified", 0.5001, "population", ALL)], name)).toEqual([
      "56659 is split about evenly between Deer River (50 % of residents) and Grand Rapids (50 %).",
    ]);
    expect(answer("58778", [d("Velva", "unified", 0.41, "population", ALL), d("Turtle Lake", "unified", 0.41), d("Max", "unified", 0.18)], name)).toEqual([
      "58778 is split: its largest parts, about equal, are in Velva (41 % of residents) and Turtle Lake (41 %); the rest is in Max (18 %).",
    ]);
  });

  it("gives a unified high-school district its share at the secondary grades (93108), and no percent to a pick below another", () => {
    // Santa Barbara Unified: 9 % of the ZIP as a unified district, 88 % at the secondary grades (over Montecito and Cold Spring).
    const all = [d("Montecito", "elementary", 0.54, "population", ["elementary"]), d("Cold Spring", "elementary", 0.26), d("Santa Barbara Unified", "unified", 0.09, "population", ["secondary"], "", [0.09, 0.88]), d("Carpinteria", "unified", 0.09), d("Santa Ynez", "secondary", 0.03)];
    expect(answer("93108", all, name)[1]).toBe("High school: most of 93108 (88 % of residents) is in Santa Barbara Unified; part is in Carpinteria (9 %) and Santa Ynez (3 %).");
    // Where the pick's share at the level is below another's (data that contradicts itself, which the loader does not
    // refuse), both shares and whom to ask, not "serves the most" (review 37 #7).
    const below = [d("E", "elementary", 1, "population", ["elementary"]), d("U1", "unified", 0.3, "population", ["secondary"], "", [0, 0.3]), d("U2", "unified", 0.4, "population", [], "", [0, 0.4]), d("U3", "unified", 0.2, "population", [], "", [0, 0.2])];
    expect(answer("11111", below, name)[1]).toBe("High school: the data names U1 (30 % of residents) for 11111 at these grades, though U2 has more (40 %); other parts are in U3 (20 %): ask the districts which serves the home.");
  });

  it("a PO-box ZIP whose post office lies in a smaller district says so, naming that district first", () => {
    expect(answer("10521", [d("Croton-Harmon", "unified", 0.7342, "post office"), d("Hendrick Hudson", "unified", 0.2649, "post office", ALL)], name)).toEqual([
      "The post office of 10521 is in Hendrick Hudson, which has 26 % of the ZIP area the post office lies in; the rest of that area is in Croton-Harmon (73 %).",
    ]);
  });

  it("says where the named district stops before 12th grade and no district teaching high school covers anyone (11954, 49808)", () => {
    expect(answer("11954", [d("Montauk", "unified", 1, "population", ALL, "Pre-Kindergarten – 8th"), d("East Hampton", "unified", 0)], name)).toEqual([
      "All of 11954 is in Montauk; 1 other district covers a part with no residents.",
      "Montauk teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
    expect(answer("49808", [d("Powell", "elementary", 1, "population", ["elementary"], "Pre-Kindergarten – 8th"), d("NICE", "unified", 0), d("Republic", "unified", 0)], name)).toEqual([
      "Elementary grades: all of 49808 is in Powell; 2 other districts cover parts with no residents.",
      "High school: no district teaching high school covers the people of 49808: NICE and Republic cover parts with no residents.",
      "Powell teaches only up to 8th grade: ask it which school its older students attend.",
    ]);
    expect(answer("90210", [d("B", "unified", 1, "population", ALL, "Kindergarten – 12th")], name)).toEqual(["All of 90210 is in B."]);
  });

  it("keeps a share on one line with its % and escapes the < and > of small and large shares, in HTML", () => {
    expect(shareHtml("(< 1 % of residents) and (> 99 %) and 35 %")).toBe("(&lt;&nbsp;1&nbsp;% of residents) and (&gt;&nbsp;99&nbsp;%) and 35&nbsp;%");
    // Mid-sentence too (a PO-box ZIP's "which has < 1 % of the ZIP area"), never a tag's bracket.
    expect(shareHtml('<a href="/d">A</a>, which has < 1 % of it')).toBe('<a href="/d">A</a>, which has &lt;&nbsp;1&nbsp;% of it');
    expect(shareHtml('<a href="/district/1">X</a> (35 %)')).toBe('<a href="/district/1">X</a> (35&nbsp;%)');
  });

  it("says it once where both grade levels name the same district (a K-12 high-school district, 59036)", () => {
    // The record's district (chosen) holds only the secondary mark: it is a high-school district in the directory.
    const harlowton = { ...d("Harlowton K-12", "secondary", 1, "population", ["secondary"], "Pre-Kindergarten – 12th"), chosen: true };
    expect(answer("59036", [harlowton], (x) => x.district)).toEqual(["All of 59036 is in Harlowton K-12."]);
    expect(answer("59036", [{ ...harlowton, chosen: false }], (x) => x.district)).toEqual(["High school: all of 59036 is in Harlowton K-12."]);
  });

  it("a PO-box ZIP's shares are said to be those of the ZIP area of its post office, never of its own land", () => {
    expect(answer("90209", [d("B", "unified", 0.6544, "post office", ALL), d("L", "unified", 0.3456, "post office")], name)).toEqual([
      "Most of 90209 (65 % of the ZIP area of its post office) is in B; part is in L (35 %).",
    ]);
    expect([basisWords("population"), basisWords("land"), basisWords("post office")]).toEqual([
      "share of residents (2010 census, or a 2020 census estimate)",
      "share of land area",
      "share of the ZIP area its post office lies in",
    ]);
  });

  it("the ZIP page says it first, links every district, phones by tel: and explains every number", async () => {
    const html = await (await get("/zip/90210")).text();
    expect(html).toMatch(/<p class="answer">Most of 90210 \(65&nbsp;% of residents\) is in <a href="[^"]+0604830">Beverly Hills Unified School District<\/a>; part is in <a href="[^"]+0622710">Los Angeles Unified School District<\/a> \(35&nbsp;%\)\.<\/p>/);
    expect(html).toContain('<a href="tel:+13105515100">(310) 551-5100</a>');
    expect(html).toContain('<a href="http://www.bhusd.org" rel="external">www.bhusd.org</a>');
    for (const text of Object.values(EXPLAIN)) expect(html).toContain(text);
    expect(html).toContain('<link rel="canonical" href="http://localhost:8080/zip/90210">');
    // A split ZIP's title and preview say the shares, as its sentence does (pages audit 37 #2: "is served by" the 65 %'s district).
    expect(html).toContain("<title>ZIP code 90210 (Beverly Hills, CA) school districts: Beverly Hills Unified School District (65 %) and Los Angeles Unified School District (35 %)</title>");
    expect(html).toMatch(/<meta name="description" content="ZIP code 90210 in Beverly Hills, CA, Los Angeles County is mostly in Beverly Hills Unified School District \(65 % of residents\); 1 other district covers part of it/);
    // A link's preview (chat apps read og:*): the same title and description, and the page's address.
    expect(html).toContain('<meta property="og:title" content="ZIP code 90210 (Beverly Hills, CA) school districts: Beverly Hills Unified School District (65 %) and Los Angeles Unified School District (35 %)">');
    expect(html).toContain('<meta property="og:url" content="http://localhost:8080/zip/90210">');
    expect(html).toMatch(/<meta property="og:description" content="ZIP code 90210 in Beverly Hills/);
    const split = await (await get("/zip/01002")).text();
    // A split-level ZIP's page gives the high-school district's phone and website too, after the record's district's facts.
    expect(split).toContain('<h2 id="high-school">7th grade and up: <a href="/district/2501920">Amherst-Pelham School District</a></h2>');
    expect(split).toMatch(/<h2 id="high-school">[\s\S]*<dt>Phone<\/dt><dd><a href="tel:\+14133621810">\(413\) 362-1810<\/a>/);
    expect(split.indexOf('id="high-school"')).toBeGreaterThan(split.indexOf("<dt>Grades</dt>"));
    expect(html).not.toContain('id="high-school"');
    // A split-level ZIP's title names both districts, and its description the grades of each.
    expect(split).toContain("<title>ZIP code 01002 (Amherst, MA) school districts: Amherst School District and Amherst-Pelham School District</title>");
    expect(split).toMatch(/content="ZIP code 01002 in Amherst, MA, Hampshire County is served by Amherst School District \(up to 6th grade\) and Amherst-Pelham School District \(7th grade and up\); [0-9] other districts? covers? part of it/);
    // Amherst-Pelham teaches 7th to 12th: the levels are named by that cut, not "Elementary grades" and "High school".
    expect(split).toContain("Up to 6th grade: most of 01002 (50&nbsp;% of residents) is in");
    expect(split).toContain("7th grade and up: all of 01002 is in");
  });

  it("every page has a unique title and description", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/about", "/zip/90210", "/zip/01002", "/problems/zip-not-found", "/problems/invalid-zip"]) {
      const html = await (await get(path)).text();
      const key = `${/<title>(.*?)<\/title>/.exec(html)![1]}|${/<meta name="description" content="(.*?)">/.exec(html)![1]}`;
      expect(seen.has(key), path).toBe(false);
      seen.add(key);
    }
  });

  it("the explanations' vintages are the ones data/SOURCES.md names", () => {
    const sources = readFileSync(resolve(import.meta.dirname, "../../../data/SOURCES.md"), "utf8");
    expect(EXPLAIN.students).toContain("2023-24");
    expect(sources).toMatch(/membership totals.*\| SY 2023-24 \| students/);
    expect(sources).toMatch(/\| FY 2021, FY 2022 \| per_pupil/);
    expect(sources).toMatch(/SEDA 2023.*\| tests 2019, 2022, 2023 \|/);
    expect(sources).toMatch(/EDFacts SY 2020-21/);
  });
});

describe("the home page's coverage (review 34 #7)", () => {
  it("says the places the dataset has, counted and named from its states, not a list written by hand", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ code: `S${i}`, name: `State ${i}` }));
    const all = [...fifty, { code: "DC", name: "District of Columbia" }, { code: "PR", name: "Puerto Rico" }, { code: "VI", name: "U.S. Virgin Islands" }, { code: "GU", name: "Guam" }, { code: "AS", name: "American Samoa" }, { code: "MP", name: "Northern Mariana Islands" }];
    expect(coverageWords(all)).toBe("the 50 states, the District of Columbia, Puerto Rico, the U.S. Virgin Islands, Guam, American Samoa and the Northern Mariana Islands");
    // A build without a territory does not claim it.
    expect(coverageWords(all.filter((s) => s.code !== "AS" && s.code !== "S3"))).toBe("49 states, the District of Columbia, Puerto Rico, the U.S. Virgin Islands, Guam and the Northern Mariana Islands");
    expect(coverageWords([{ code: "CA", name: "California" }])).toBe("1 state");
    expect(homePage({ updated: "2026-11-27", records: 3, baseUrl: "http://localhost" }, [{ code: "CA", name: "California" }, { code: "GU", name: "Guam" }])).toContain("to see its school district: 3 ZIP codes in 1 state and Guam.</p>");
  });
});

describe("/about, /robots.txt, sitemaps", () => {
  it("/about renders the rating method and the sources, tables labelled for phones", async () => {
    const res = await get("/about");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2 id="choice">');
    expect(html).toMatch(/<h2>District rating, method v1[.0-9]*<\/h2>/);
    expect(html).toContain("<h2>Sources of the compiled dataset</h2>");
    expect(html).toMatch(/<td data-label="state">AK<\/td>/);
    expect(html).not.toMatch(/<h1>District rating/);
  });

  it("pages for people cite no internal issue or rule numbers, which a reader cannot open", async () => {
    for (const path of ["/", "/about", "/docs", "/docs/records", "/docs/districts", "/zip/90210", "/zip/59101", "/district/3620580", "/state/NY", "/location?lat=40.75&lon=-73.99"]) {
      const html = await (await get(path)).text();
      expect(html, path).not.toMatch(/\bissue \d+|decisions\.md|\brule \d+/i);
    }
  });

  it("/about says what the boundaries are: source, vintage, scale, approximate edges, enrollment, what is not drawn", async () => {
    const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../data/manifest.json"), "utf8")).boundaries;
    const html = await (await get("/about")).text();
    const section = html.slice(html.indexOf('<h2 id="boundaries">'), html.indexOf('<h2 id="numbers">'));
    expect(section.startsWith('<h2 id="boundaries">Districts by location: what the boundaries are</h2>')).toBe(true);
    expect(html).toContain('<a href="#boundaries">What the boundaries are</a>');
    expect(section).toContain(`vintage ${manifest.vintage}`);
    expect(section).toContain(`scale of ${manifest.scale}`);
    expect(section).toContain(manifest.source);
    expect(section).toMatch(/approximate at the edges/);
    expect(section).toMatch(/Enrollment is decided by the district/);
    expect(section).toMatch(/What is not drawn: Puerto Rico and the other territories/);
  });

  it("/about says so when the dataset has no boundaries", () => {
    expect(boundariesSection(undefined)).toMatch(/no district boundaries, so it answers by ZIP code only/);
    expect(boundariesSection(undefined)).not.toMatch(/vintage/);
  });

  it("/robots.txt names the sitemap; the sitemap index lists files listing every ZIP page", async () => {
    const robots = await get("/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const index = await (await get("/sitemap.xml")).text();
    expect(index).toContain(`<loc>${BASE}/sitemap-1.xml</loc>`);
    const one = await get("/sitemap-1.xml");
    expect(one.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const body = await one.text();
    for (const zip of ["00601", "01002", "90210", "99950"]) expect(body).toContain(`<loc>${BASE}/zip/${zip}</loc>`);
    expect((await get("/sitemap-2.xml", { Accept: "*/*" })).status).toBe(404);
    expect(site.paths()).toContain("/sitemap-1.xml");
  });

});

describe("/docs for phones", () => {
  it("/docs is the plain reference; the sidebar's /docs/{tag} links answer a page of that section; Redoc is at /docs/interactive, its script a cached file", async () => {
    const docs = await get("/docs");
    const html = await docs.text();
    expect(html).not.toContain("<script");
    expect(html).toContain('href="/docs/interactive"');
    for (const tag of ["records", "districts", "collections", "pages", "meta", "search-engines"]) {
      const res = await get(`/docs/${tag}`);
      expect(res.status, tag).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const section = await res.text();
      expect(section).toContain(`<h2 id="${tag}">`);
      expect(section).toContain(`<link rel="canonical" href="${BASE}/docs/${tag}">`);
      expect(html).toContain(`href="/docs/${tag}"`);
    }
    expect(docs.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect((await get("/docs/interactive")).status).toBe(200);
    const script = await get("/docs/redoc.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe(CACHE);
    expect(script.headers.get("etag")).toMatch(/^"/);
    expect((await get("/docs/nope", { Accept: "*/*" })).status).toBe(404);
  });
});

describe("the home page", () => {
  it("links the page of every state and territory, so a district can be found without a ZIP code", async () => {
    const html = await (await get("/")).text();
    const states = [...html.matchAll(/<li><a href="\/state\/([A-Z]{2})">([^<]+)<\/a><\/li>/g)].map((m) => ({ code: m[1]!, text: m[2]! }));
    expect(states.length).toBe(56);
    expect(new Set(states.map((s) => s.code)).size).toBe(56);
    // Named where the dataset's manifest names the state (the fixture names its six), else by code; in the order of what is shown.
    expect(states.find((s) => s.code === "PR")!.text).toBe("Puerto Rico");
    expect(states.find((s) => s.code === "AZ")!.text).toBe("AZ");
    const shown = states.map((s) => s.text);
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b, "en")));
  });
});

describe("a split ZIP's title and preview (pages audit 37 #2)", () => {
  it("name how many other districts, 'is split' under half, and the district alone from 90 %", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const page = (shares: number[]) => zipPage({ ...record, district: "A" }, { ...all, districts: shares.map((share, i) => d("ABCD"[i]!, "unified", share, "population", i === 0 ? ALL : [])) }, site.facts);
    const three = page([0.45, 0.35, 0.2]);
    expect(three).toContain("<title>ZIP code 90210 (Beverly Hills, CA) school districts: A (45 %), B (35 %) and 1 other</title>");
    expect(three).toContain('content="ZIP code 90210 in Beverly Hills, CA, Los Angeles County is split: the largest part (45 % of residents) is in A; 2 other districts cover part of it');
    const mostly = page([0.9, 0.1]);
    expect(mostly).toContain("<title>ZIP code 90210 (Beverly Hills, CA) school district: A</title>");
    expect(mostly).toContain('content="ZIP code 90210 in Beverly Hills, CA, Los Angeles County is served by A; 1 other district covers part of it');
    // The record's district smaller than another (a PO box's, by its post office: review of stop 37 #5): both shares, the larger said so.
    const smaller = page([0.29, 0.71]);
    expect(smaller).toContain("<title>ZIP code 90210 (Beverly Hills, CA) school districts: A (29 %) and B (71 %)</title>");
    expect(smaller).toContain('content="ZIP code 90210 in Beverly Hills, CA, Los Angeles County is split: A has 29 % of residents, B more (71 %); 1 other district covers part of it');
    // A part with no residents is no other district of the title's.
    expect(page([0.6, 0.4, 0])).toContain("<title>ZIP code 90210 (Beverly Hills, CA) school districts: A (60 %) and B (40 %)</title>");
  });
});

describe("the high-school district's contact on a split-level ZIP's page", () => {
  it("says the grades the answer cuts at (Dresden, 6th to 12th, over Hanover in 03755), else high school", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const page = (highGrades: string) =>
      zipPage(record, { ...all, districts: [d("Hanover", "elementary", 1, "population", ["elementary"], "Kindergarten – 5th", [1, 0]), d("Dresden", "secondary", 1, "population", ["secondary"], highGrades, [0, 1])] }, site.facts, "", undefined, () => ({
        phone: "(603) 643-6050",
        website: "",
        grade_span: highGrades,
        ...NO_FIGURES,
        state: record.state,
        state_name: "the ZIP's state",
      }));
    expect(page("6th – 12th")).toMatch(/<h2 id="high-school">6th grade and up: <a [^>]+>Dresden<\/a><\/h2>/);
    expect(page("6th – 12th")).toContain("Call it to confirm which school serves your address from 6th grade up.");
    expect(page("9th – 12th")).toMatch(/<h2 id="high-school">High school: <a [^>]+>Dresden<\/a><\/h2>/);
    expect(page("9th – 12th")).toContain("Call it to confirm which high school serves your address.");
  });

  it("gives the high-school district's figures as the named district's: rating, students, schools, spending (pages audit 39 #3: only phone, website and grades)", async () => {
    // Amherst, MA: Amherst (Pre-K to 6th) and Amherst-Pelham (7th to 12th).
    const html = await (await get("/zip/01002", { Accept: "text/html" })).text();
    const high = html.slice(html.indexOf('<h2 id="high-school">'), html.indexOf("</dl>", html.indexOf('<h2 id="high-school">')));
    const amherstPelham = (await (await get("/district/2501920.json")).json()) as { students: string; schools: string; per_pupil: string; rating: number };
    expect(high).toContain("Amherst-Pelham School District");
    expect(high).toContain(`<dd>${amherstPelham.rating} of 10`);
    for (const [label, value] of [["Students", amherstPelham.students], ["Schools", amherstPelham.schools], ["Spending per pupil", amherstPelham.per_pupil]] as const) {
      expect(value, label).not.toBe("");
      expect(high, label).toContain(`<dt>${label}</dt>`);
      expect(high, label).toContain(value);
    }
    expect(high).toContain("<dt>Rating</dt>");
  });

  it("says why the named district's Grades line runs past the grades the answer names it for (Cottonwood-Oak Creek, Pre-K to 12th, up to 7th grade in 86326)", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const contact = () => ({ phone: "(928) 634-2288", website: "", grade_span: "8th – 12th", ...NO_FIGURES, state: record.state, state_name: "the ZIP's state" });
    const page = (span: string) =>
      zipPage({ ...record, district: "Cottonwood-Oak Creek", grade_span: span }, { ...all, districts: [d("Cottonwood-Oak Creek", "elementary", 1, "population", ["elementary"], span, [1, 0]), d("Mingus Union", "secondary", 1, "population", ["secondary"], "8th – 12th", [0, 1])] }, site.facts, "", undefined, contact);
    expect(page("Pre-Kindergarten – 12th")).toContain("The directory lists them for the whole district; for this ZIP code the page names it up to 7th grade, and Mingus Union for 8th grade and up.");
    expect(page("Pre-Kindergarten – 7th")).not.toContain("The directory lists them for the whole district");
  });

  it("says what '13th' is where a district's grades run to it (NCES grade 13)", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    expect(zipPage({ ...record, grade_span: "Pre-Kindergarten – 13th" }, all, site.facts)).toContain("13th: a year after 12th grade that some of its schools offer (NCES grade 13).");
    // A district with no schools answers for its grades, it does not teach them (pages audit 38 #7: Maine's tuition districts).
    const none = zipPage({ ...record, schools: "0" }, all, site.facts);
    expect(none).toContain("The grades the district is responsible for, from the NCES district directory: it runs no school of its own");
    expect(none).not.toContain("The grades the district teaches");
    expect(zipPage(record, all, site.facts)).not.toContain("NCES grade 13");
  });

  it("where the NCES directory lists no phone, says whom to ask instead of 'Call the district' (Fort Bragg Schools, 28310)", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const html = zipPage({ ...record, phone: "", website: "" }, all, site.facts);
    expect(html).toContain("<dt>Phone</dt><dd>Not reported<small>The NCES directory lists no phone of the district's own: ask the state's department of education which school serves your address.</small></dd>");
    // With a website, the page says it gives one (review of stop 38's data: 3 Ohio districts the directory gives only the state's line).
    const withSite = zipPage({ ...record, phone: "" }, all, site.facts);
    expect(withSite).toContain("The NCES directory lists no phone of the district's own: its website, above, gives one; or ask the state's department of education");
    expect(html).not.toContain("Call the district");
    expect(zipPage(record, all, site.facts)).toContain("Call the district to confirm which school serves your address.");
  });

  it("where the high-school district lists no phone, sends a parent to the district named above (Census pieces such as Acushnet's, 02743)", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const page = (ownPhone: string) =>
      zipPage({ ...record, district: "Acushnet School District", phone: ownPhone }, { ...all, districts: [d("Acushnet School District", "elementary", 1, "population", ["elementary"], "Pre-Kindergarten – 8th", [1, 0]), d("Fairhaven/New Bedford School Districts in Acushnet (9-12)", "secondary", 1, "population", ["secondary"], "", [0, 1])] }, site.facts, "", undefined, () => ({
        phone: "",
        website: "",
        grade_span: "",
        ...NO_FIGURES,
        state: record.state,
        state_name: "the ZIP's state",
      }));
    const high = (html: string) => html.slice(html.indexOf('<h2 id="high-school">'));
    expect(high(page("(508) 998-0260"))).toContain("<dt>Phone</dt><dd>Not reported<small>The NCES directory lists no phone of the district's own: ask Acushnet School District, above, which high school serves your address.</small></dd>");
    expect(high(page(""))).toContain("ask the state's department of education which school serves your address.");
  });
});

describe("a district in another state than the ZIP's", () => {
  it("is followed by its state's name wherever the ZIP page names it (Leola School District 44-2 in 58439, Forbes, ND)", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const other = all.districts.find((x) => !x.chosen)!;
    const contactOf = (leaid: string) => ({ phone: "", website: "", grade_span: "", ...NO_FIGURES, ...(leaid === other.leaid ? { state: "NV", state_name: "Nevada" } : { state: record.state, state_name: "California" }) });
    const html = zipPage(record, all, site.facts, "", undefined, contactOf);
    expect(html).toContain(`${other.district}</a> in Nevada`);
    expect(html).not.toContain("in California");
    // Without the contacts (no district bodies), nothing is added.
    expect(zipPage(record, all, site.facts)).not.toContain("in Nevada");
  });

  it("where the answer is the other state's district, names the one of the ZIP's own state for a home on its side (pages audit 35 #4: 58439, 97635)", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const chosen = all.districts.find((x) => x.chosen)!;
    const side = all.districts.filter((x) => !x.chosen && x.share > 0).sort((a, b) => b.share - a.share);
    expect(side.length).toBeGreaterThan(0);
    const contacts = (away: string | undefined) => (leaid: string) => ({ phone: "", website: "", grade_span: "", ...NO_FIGURES, ...(leaid === away ? { state: "NV", state_name: "Nevada" } : { state: record.state, state_name: "California" }) });
    const html = zipPage(record, all, site.facts, "", undefined, contacts(chosen.leaid));
    const named = `<a href="/district/${side[0]!.leaid}">${side[0]!.district}</a>`;
    expect(html).toContain(`<p class="answer">A home on the California side is in ${side.length === 1 ? named : `a district of California: ${named} covers the most of it`} (`);
    // Its part of the whole ZIP code, not of that side (review 35 #5).
    expect(html).toMatch(/side is in [^\n]*\(\d+&nbsp;% of the ZIP code's (residents|land)\)\.<\/p>/);
    // The answer of the ZIP's own state, or no contacts: nothing added.
    expect(zipPage(record, all, site.facts, "", undefined, contacts(undefined))).not.toContain("side is in");
    expect(zipPage(record, all, site.facts)).not.toContain("side is in");
  });
});

describe("a district the NCES directory lists as closed (its `closed` note)", () => {
  const note = { code: "closed", text: "The NCES district directory of 2023-24 lists Beverly Hills <Unified> as closed as of April 30, 2024, though the Census boundaries still draw its area: ask the state's education department which district serves it now." } as const;
  it("the ZIP page says so right under its answer, escaped, once; the district page under its first sentence", async () => {
    const record = (await (await get("/zip/90210.json")).json()) as Parameters<typeof zipPage>[0];
    const all = (await (await get("/zip/90210/districts.json")).json()) as Parameters<typeof zipPage>[1];
    const pick = all.districts.find((x) => x.chosen)!;
    pick.notes = [...(pick.notes ?? []), note];
    const html = zipPage(record, all, site.facts);
    const escaped = "The NCES district directory of 2023-24 lists Beverly Hills &lt;Unified&gt; as closed as of April 30, 2024";
    expect(html).toMatch(new RegExp(`<p class="answer">[^\\n]*</p>\\n<p class="answer">${escaped}[^<]*</p>\\n(?:<p>Not sure which[^\\n]*</p>\\n)?<h2 id="district">`));
    expect(html.split(escaped).length).toBe(2);
    const district = (await (await get(`/district/${pick.leaid}.json`)).json()) as Parameters<typeof districtPage>[0];
    const page = districtPage({ ...district, notes: [note] }, () => "", site.facts);
    expect(page).toMatch(new RegExp(`It is a unified district in [^<]*</p>\\n<p class="answer">${escaped}`));
    // Without the note, neither page says it.
    expect(districtPage(district, () => "", site.facts)).not.toContain("as closed");
  });
});

describe("a ZIP code most of whose people live in no school district (Sun City, AZ, 85351)", () => {
  it("the title does not call the district of its sliver the ZIP's, and a note says whom to ask", async () => {
    const { zipPage } = await import("./pages.ts");
    const { site } = await testApp();
    const r = JSON.parse(new TextDecoder().decode(site.get("/zip/90210.json")!.body)) as Parameters<typeof zipPage>[0];
    const all = JSON.parse(new TextDecoder().decode(site.get("/zip/90210/districts.json")!.body)) as Parameters<typeof zipPage>[1];
    const shrunk = { ...all, districts: all.districts.map((d) => ({ ...d, share: d.share / 100, share_elementary: d.share_elementary / 100, share_secondary: d.share_secondary / 100 })) };
    const html = zipPage(r, shrunk, site.facts);
    expect(html).toContain("<title>ZIP code 90210 (Beverly Hills, CA): most of it in no school district; Beverly Hills Unified School District covers a part</title>");
    expect(html).toContain("Most of the residents of 90210 live in no school district");
    // The description (search results, link previews) says so too, not that the district serves it.
    expect(html).toContain('<meta name="description" content="ZIP code 90210 in Beverly Hills, CA');
    expect(html).toMatch(/<meta name="description" content="[^"]*: most of its residents live in no school district; Beverly Hills Unified School District covers a part\./);
    expect(html).not.toMatch(/<meta name="description" content="[^"]*is served by/);
    expect(zipPage(r, all, site.facts)).not.toContain("live in no school district");
  });
});

describe("a district newer than every map (newer_districts, its newer-than-maps note)", () => {
  it("the page of the ZIP of its office names it under the answer, with its grades and phone, and to ask it; a PO-box ZIP of that area says which ZIP", async () => {
    const { zipPage } = await import("./pages.ts");
    const { zipDistricts } = await import("./records.ts");
    const { dataset, site } = await testApp();
    const row = dataset.zips.find((z) => z.zip === "90210")!;
    const town = { ...dataset.districts.get(row.leaid)!, leaid: "0699999", name: "Beverly Hills Newer School District", notes: [{ code: "newer-than-maps", text: "Newer.", zips: ["90210"] }] };
    const withNewer = { ...dataset, districts: new Map([...dataset.districts, ["0699999", town]]), newer: new Map([["90210", [{ leaid: "0699999", office: "90210" }]]]) };
    const all = zipDistricts(withNewer, row);
    expect(all.newer_districts).toEqual([{ leaid: "0699999", district: "Beverly Hills Newer School District", level: town.level === "U" ? "unified" : town.level === "E" ? "elementary" : "secondary", grade_span: town.grade_span, office_zip: "90210" }]);
    // Named, never given a share.
    expect(all.districts.map((d) => d.leaid)).not.toContain("0699999");
    const r = JSON.parse(new TextDecoder().decode(site.get("/zip/90210.json")!.body)) as Parameters<typeof zipPage>[0];
    const contact = (leaid: string) => (leaid === "0699999" ? { phone: "(310) 555-0100", website: "", grade_span: town.grade_span, ...NO_FIGURES, state: "CA", state_name: "California" } : undefined);
    const page = zipPage(r, all, site.facts, "", undefined, contact);
    const note = page.indexOf(`<p class="answer"><a href="/district/0699999">Beverly Hills Newer School District</a> (its schools teach ${town.grade_span}, phone <a href="tel:`);
    expect(note).toBeGreaterThan(page.indexOf('<p class="answer">'));
    expect(page.slice(note)).toMatch(/^[^]*?is newer than the school-district maps this answer comes from: the NCES directory of 2023-24 lists it with its office in this ZIP code, but no source here says which addresses it serves\. It may serve yours: ask it\.<\/p>/);
    // A PO-box ZIP measured on that area: the same note, naming the ZIP of the office.
    const po = zipDistricts(withNewer, { ...row, zip: "90209", zcta: "90210" });
    expect(po.newer_districts.map((d) => d.office_zip)).toEqual(["90210"]);
    expect(zipPage({ ...r, zip: "90209" }, po, site.facts, "", undefined, contact)).toContain("lists it with its office in ZIP code 90210, but");
    // Without one, nothing.
    expect(zipDistricts(dataset, row).newer_districts).toEqual([]);
    expect(zipPage(r, zipDistricts(dataset, row), site.facts)).not.toContain("newer than the school-district maps");
  });
});

describe("placeLine: a ZIP page's place line (pages audit 33 #8)", () => {
  it("leaves out a county that only repeats the city, and keeps one that names another place", () => {
    expect(placeLine({ city: "Carson City", county: "Carson City", state: "NV" })).toBe("Carson City, NV");
    expect(placeLine({ city: "St Thomas", county: "St. Thomas", state: "VI" })).toBe("St Thomas, VI");
    expect(placeLine({ city: "Juneau", county: "Juneau City and Borough", state: "AK" })).toBe("Juneau, AK");
    expect(placeLine({ city: "Beverly Hills", county: "Los Angeles County", state: "CA" })).toBe("Beverly Hills, Los Angeles County, CA");
    // Baltimore city is not Baltimore County: both kept (review 33 #3: 21209 read "Baltimore, MD").
    expect(placeLine({ city: "Baltimore", county: "Baltimore city", state: "MD" })).toBe("Baltimore, Baltimore city, MD");
    expect(placeLine({ city: "Baltimore", county: "Baltimore County", state: "MD" })).toBe("Baltimore, Baltimore County, MD");
    expect(placeLine({ city: "Dallas", county: "Dallas County", state: "TX" })).toBe("Dallas, Dallas County, TX");
    expect(placeLine({ city: "Adjuntas", county: "Adjuntas Municipio", state: "PR" })).toBe("Adjuntas, PR");
    expect(placeLine({ city: "Hagatna", county: "", state: "GU" })).toBe("Hagatna, GU");
  });
});

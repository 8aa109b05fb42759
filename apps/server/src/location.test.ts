/**
 * /location.json in process: the small fixture's site with the committed boundaries
 * (data/boundaries.topojson, data/districts.csv).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { edgeDistance, OFF_EDGE_M, type Problem } from "@school-districts/core";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, SMALL, testApp } from "../test/helpers.ts";
import { dataPaths } from "./assets.ts";
import { createApp } from "./app.ts";
import { parse } from "csv-parse/sync";
import { coordinateProblem, districtNamesOf, loadLocationData, onlyNamedDistrict, zipAt, zipsByDistance, type DrawnAnswer, type LocationAnswer, type LocationData } from "./location.ts";
import { readZctaOutlines } from "./page-maps.ts";
import { lookup } from "./lookup.ts";
import { locationFormPage, locationPage } from "./location-page.ts";
import { locationNotFoundDetail } from "./problems.ts";
import { parseArgs, UsageError } from "./config.ts";
import { loadFixture } from "../test/helpers.ts";

const DATA = resolve(import.meta.dirname, "../../../data");
/** The committed location data, with the ZIP outlines as the server reads them. */
// The committed boundaries (and ZIP outlines), read once for the file: each read is seconds of a busy machine's time.
let outlined: ReturnType<typeof loadLocationData> | undefined;
let unoutlined: ReturnType<typeof loadLocationData> | undefined;
const withOutlines = () => (outlined ??= loadLocationData(dataPaths(DATA), "data", undefined, undefined, () => readZctaOutlines(dataPaths(DATA))));
/** The committed dataset, read once for the file (the describes below that look points up over it share it). */
let committed: ReturnType<typeof loadFixture> | undefined;
const committedDataset = () => (committed ??= loadFixture(DATA));
/** The committed dataset and its boundaries with ZIP outlines, for the describes that look points up over them. */
const committedLookupData = () => Promise.all([committedDataset(), withOutlines()]);
/** The same boundaries without ZIP outlines: the ZIP of a place is then only the nearest. */
const withoutOutlines = () => (unoutlined ??= loadLocationData(dataPaths(DATA)));

describe("coordinateProblem", () => {
  it.each([
    ["45.7833", "-108.5007"],
    ["-90", "180"],
    ["0", ".5"],
    ["+12.", "-0"],
  ])("accepts %s, %s", (lat, lon) => expect(coordinateProblem(lat, lon)).toBeUndefined());
  it.each([
    [null, "1", /Both lat and lon are required/],
    ["1", null, /Both lat and lon are required/],
    ["91", "0", /lat "91" is out of range/],
    ["0", "-180.5", /lon "-180.5" is out of range/],
    ["1e1", "0", /lat "1e1" is not a decimal number/],
    ["45,78", "0", /lat "45,78" is not a decimal number/],
    ["", "0", /lat "" is not a decimal number/],
    ["NaN", "0", /lat "NaN" is not a decimal number/],
    ["0", "Infinity", /lon "Infinity" is not a decimal number/],
  ])("refuses %j, %j", (lat, lon, message) => expect(coordinateProblem(lat, lon)).toMatch(message));
});

describe("zipsByDistance and zipAt (the committed ZCTA points and outlines)", () => {
  it("measures on the sphere, across 180°: from 179.1° E in the Aleutians, Adak (176.6° W) is nearer than Unalaska (166.5° W)", async () => {
    const { index } = (await withoutOutlines())!;
    expect(zipsByDistance(index, 179.1, 51.45, ["99685", "99546"])).toEqual(["99546", "99685"]);
    // A plane in degrees would put both 345° or more away, Unalaska 10° nearer.
    expect(zipsByDistance(index, -166.6, 53.9, ["99685", "99546"])).toEqual(["99685", "99546"]);
  });
  it("skips ZIPs without a ZCTA point and answers undefined when none has one", async () => {
    const { index } = (await withoutOutlines())!;
    expect(zipsByDistance(index, -118.4004, 34.0736, ["00000", "90210", "90210"])).toEqual(["90210"]);
    expect(zipAt(index, undefined, -118.4004, 34.0736, ["00000"])).toBeUndefined();
  });
  // Block-group population centres of 2020 whose nearest ZCTA internal point is a neighbouring ZIP's.
  it.each([
    [-73.528314, 41.083268, "06906", "06905"],
    [-73.210693, 41.184179, "06608", "06604"],
    [-86.459855, 32.477855, "36066", "36067"],
  ])("(%f, %f): nearest internal point %s, but the ZIP area holding the place is %s", async (lon, lat, nearest, holding) => {
    const data = (await withOutlines())!;
    const zctas = data.zctas!()!;
    const candidates = [nearest, holding];
    expect(zipsByDistance(data.index, lon, lat, candidates)[0]).toBe(nearest);
    expect(zctas.holds(holding, lon, lat)).toBe(true);
    expect(zctas.holds(nearest, lon, lat)).toBe(false);
    expect(zipAt(data.index, zctas, lon, lat, candidates)).toEqual({ zip: holding, inArea: true });
    // Without the outlines (a dataset built without them), the nearest.
    expect(zipAt(data.index, undefined, lon, lat, candidates)).toEqual({ zip: nearest, inArea: false });
  });
  it("a place in none of the candidates' areas gets the one whose outline is nearest, not in its area; without outlines, the nearest internal point", async () => {
    const data = (await withOutlines())!;
    const zctas = data.zctas!()!;
    // Beverly Hills City Hall is in 90210's area, not in 90024's or 90067's.
    const edge = (zip: string) => edgeDistance(zctas.outline(zip)!, -118.4004, 34.0736);
    const nearer = edge("90024") < edge("90067") ? "90024" : "90067";
    expect(zipAt(data.index, zctas, -118.4004, 34.0736, ["90024", "90067"])).toEqual({ zip: nearer, inArea: false });
    expect(zipAt(data.index, undefined, -118.4004, 34.0736, ["90024", "90067"])).toEqual({ zip: zipsByDistance(data.index, -118.4004, 34.0736, ["90024", "90067"])[0], inArea: false });
    // A home on South Padre Island, off the simplified outlines: its own 78597, whose internal point lies
    // far up the island (Port Isabel's 78578 is nearer by internal point; pages audit 32 #2).
    expect(zipsByDistance(data.index, -97.173798, 26.09947, ["78578", "78597"])[0]).toBe("78578");
    expect(zipAt(data.index, zctas, -97.173798, 26.09947, ["78578", "78597"])).toEqual({ zip: "78597", inArea: false });
  });
});

describe("GET /location.json", () => {
  let app: Hono;
  beforeAll(async () => {
    const { site } = await testApp();
    app = createApp(site, withOutlines());
  });
  const get = async (query: string) => app.request(`/location.json${query}`);

  it("the centre of Billings, MT: Billings Elementary and Billings High School district, with the vintage", async () => {
    const res = await get("?lat=45.7833&lon=-108.5007");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    const body = (await res.json()) as LocationAnswer;
    expect(body.lat).toBe(45.7833);
    expect(body.districts).toEqual([
      expect.objectContaining({ leaid: "3003870", district: "Billings Elementary School District", level: "elementary", on_border: false, url: `${BASE}/district/3003870.json` }),
      expect.objectContaining({ leaid: "3003900", district: "Billings High School District", level: "secondary", grade_span: "9th – 12th" }),
    ]);
    expect(body.boundaries).toEqual({ source: expect.stringContaining("2016"), vintage: "2016 (school year 2015-16)", scale: "1:500,000" });
    expect(body.zip).toBeNull(); // no Billings ZIP in the small fixture
    expect(body.in_zip_area).toBe(false);
  });

  it("a point in Beverly Hills: Beverly Hills Unified, and the record of the ZIP whose area holds it", async () => {
    const body = (await (await get("?lat=34.0736&lon=-118.4004")).json()) as LocationAnswer;
    expect(body.districts.map((d) => [d.leaid, d.district, d.level])).toEqual([["0604830", "Beverly Hills Unified School District", "unified"]]);
    expect(body.zip?.zip).toBe("90210");
    expect(body.in_zip_area).toBe(true);
    expect(body.zip?.district).toBe("Beverly Hills Unified School District");
  });

  it("conditional requests and HEAD work like the records", async () => {
    const first = await get("?lat=34.0736&lon=-118.4004");
    const etag = first.headers.get("etag")!;
    const again = await app.request("/location.json?lat=34.0736&lon=-118.4004", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await app.request("/location.json?lat=34.0736&lon=-118.4004", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("a point in the ocean: 404 location-not-found", async () => {
    const res = await get("?lat=33.5&lon=-119.5");
    expect(res.status).toBe(404);
    const p = (await res.json()) as Problem;
    expect(p.type).toBe(`${BASE}/problems/location-not-found`);
    expect(p.instance).toBe("/location.json");
  });

  it("land the Census draws in no school district (Sun City, AZ): 404, saying so, not the district beside it", async () => {
    const res = await get("?lat=33.6037&lon=-112.2766");
    expect(res.status).toBe(404);
    expect(((await res.json()) as Problem).detail).toBe(
      '33.6037, -112.2766 lies in land the Census draws in no school district ("School District Not Defined", as most of Sun City, AZ): ask the state\'s department of education which schools serve it.',
    );
  });

  it.each(["?lat=91&lon=0", "?lat=45", "?lon=1", "", "?lat=abc&lon=1"])("400 invalid-location for %j", async (q) => {
    const res = await get(q);
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(((await res.json()) as Problem).type).toBe(`${BASE}/problems/invalid-location`);
  });

  it("a coordinate given twice is refused, not first-wins: which was meant is not known", async () => {
    for (const q of ["?lat=45.7833&lat=34.0736&lon=-108.5007", "?lat=45.7833&lon=-108.5007&lon=-108.5007"]) {
      const res = await get(q);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Problem).detail).toMatch(/^(lat|lon) is given 2 times: give it once, for example \/location\.json\?lat=45\.7833&lon=-108\.5007\.$/);
    }
  });

  it("the contract and the problem page say the distance the answer uses (OFF_EDGE_M), not a copy of it", async () => {
    const said = `${OFF_EDGE_M.toLocaleString("en-US")} m`;
    const contract = readFileSync(resolve(import.meta.dirname, "../../../openapi/openapi.json"), "utf8");
    expect(contract.split(said).length - 1).toBeGreaterThanOrEqual(2);
    // Never another off-edge distance beside it.
    expect(contract.replaceAll(said, "")).not.toMatch(/within 1,[0-9]{3} m /);
    expect(await (await app.request("/problems/location-not-found")).text()).toContain(`none within ${said} overlaps`);
  });

  it("the problem kinds have their pages", async () => {
    for (const kind of ["invalid-location", "location-not-found"]) {
      const res = await app.request(`/problems/${kind}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("/location.json");
    }
  });
});

describe("GET /location (the page)", () => {
  let app: Hono;
  beforeAll(async () => {
    const { site } = await testApp();
    app = createApp(site, withOutlines());
  });

  it("names the ZIP whose area holds the place (the fixture's 90210), or the nearest when none does", async () => {
    const html = await (await app.request("/location?lat=34.0736&lon=-118.4004")).text();
    expect(html).toContain('<p>This place (34.07360, -118.40040) lies in ZIP code <a href="/zip/90210">90210</a> (Beverly Hills, CA); its page lists every district the ZIP code overlaps.</p>');
    // The heading says the town, not the numbers alone (the place's ZIP code's area holds it).
    expect(html).toContain("<h1>School districts of this place in Beverly Hills, CA</h1>");
    // The title names the town, not the point to the metre (a device's position stays in history and bookmarks: pages audit 37 #6).
    expect(html).toMatch(/<title>[^<]+ in Beverly Hills, CA<\/title>/);
    // Right under the answer, before the map (a screen or more on a phone).
    expect(html.indexOf("This place lies in ZIP code")).toBeLessThan(html.indexOf("<svg"));
    const { site } = await testApp();
    const nearest = await (await createApp(site, withoutOutlines()).request("/location?lat=34.0736&lon=-118.4004")).text();
    expect(nearest).toContain('<p>The nearest ZIP code with these districts is <a href="/zip/90210">90210</a>');
    // A nearest ZIP code's town may be another's: the heading keeps the numbers.
    expect(nearest).toContain("<h1>School districts at 34.07360, -118.40040</h1>");
  });

  it("says the answer in words first, then a map with its text alternative, the limits and the form", async () => {
    const res = await app.request("/location?lat=45.7833&lon=-108.5007");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    const sentence = html.indexOf("<strong>This place is in");
    expect(sentence).toBeGreaterThan(0);
    expect(html.slice(sentence, sentence + 400)).toMatch(/Billings Elementary School District<\/a> \(Pre-Kindergarten – 8th\) and <a href="\/district\/3003900">Billings High School District<\/a> \(9th – 12th\)/);
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0];
    expect(html.indexOf("<svg")).toBeGreaterThan(sentence);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="map-title"');
    expect(svg).not.toContain("<desc");
    expect(html).toMatch(/<\/svg><figcaption>Map of Billings Elementary School District \(shaded, blue outline\) and Billings High School District \(dashed outline\), with the place marked by a red dot inside/);
    // The list in words, not "secondary, 9th – 12th" (audit 4).
    expect(html).toContain('<li><a href="/district/3003900">Billings High School District</a>: serves the upper grades here (high school); its schools teach 9th – 12th</li>');
    expect(svg).toContain("<circle");
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(15_000);
    expect(html).toContain("2016 (school year 2015-16)");
    expect(html).toContain("Enrollment is decided by the district");
    expect(html).toContain('<form action="/location" method="get">');
  });

  it("without coordinates: the form; bad ones: 400 with the form; the ocean: 404 with the form", async () => {
    const form = await app.request("/location");
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('<input id="lat" name="lat"');
    expect(formHtml).not.toContain("Both are needed");
    // The territories: not "look them up by ZIP code" where Puerto Rico's places get its district (pages audit 34 #6).
    expect(formHtml).toContain("The territories have no boundary file: a place in one with a single school district, or on an island of the Virgin Islands, gets its district; elsewhere in them, look it up by");
    // One coordinate alone: the form with it filled in, saying what is missing.
    const half = await (await app.request("/location?lat=45.7833")).text();
    expect(half).toContain("Both are needed: add the longitude.");
    expect(half).toContain('value="45.7833"');
    // Boxes left empty are values not given, not wrong numbers (review 38 #6).
    const empty = await app.request("/location?lat=&lon=");
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("Nothing was typed: type a latitude and a longitude, or use your device");
    const oneEmpty = await app.request("/location?lat=45.7833&lon=+");
    expect(oneEmpty.status).toBe(200);
    expect(await oneEmpty.text()).toContain("Both are needed: add the longitude.");
    const html = { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } };
    const bad = await app.request("/location?lat=91&lon=0", html);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("cache-control")).toBe("no-store");
    const badHtml = await bad.text();
    expect(badHtml).toContain("Latitude “91” is out of range: it is between -90 and 90 degrees.");
    // The page's words name the form's fields and a value to type, never the API's query.
    const letters = await (await app.request("/location?lat=45.7&lon=abc", html)).text();
    expect(letters).toContain("Longitude “abc” is not a decimal number of degrees, for example -108.5007 (west is negative).");
    expect(letters).not.toContain("/location.json");
    expect(badHtml).toContain('value="91"');
    expect(badHtml).toContain("<title>These coordinates are not a place (error 400)</title>");
    // A repeated coordinate: the form says so, never a redirect to one of them (first-wins).
    const twice = await app.request("/location?lat=45.7833&lat=45.7833%C2%B0&lon=-108.5007", html);
    expect(twice.status).toBe(400);
    const twiceHtml = await twice.text();
    expect(twiceHtml).toContain("Latitude is given 2 times: give it once, for example 45.7833.");
    // (That no place is named from either value needs the real boundaries: tests/server/location.test.ts.)
    const sea = await app.request("/location?lat=33.5&lon=-119.5", html);
    expect(sea.status).toBe(404);
    const seaHtml = await sea.text();
    expect(seaHtml).toContain("No school district at this place");
    expect(seaHtml).toContain("No school district boundary holds 33.5, -119.5, and none drawn within a mile serves the ZIP code there: open water");
    expect(seaHtml).not.toContain("/index.json");
    // A page route, negotiated like every page (http.ts pathKind): HTML unless JSON is ranked above it.
    expect(sea.headers.get("vary")).toBe("Accept");
    expect((await app.request("/location?lat=33.5&lon=-119.5")).headers.get("content-type")).toBe("text/html; charset=utf-8");
    const problem = await app.request("/location?lat=33.5&lon=-119.5", { headers: { Accept: "application/json" } });
    expect(problem.status).toBe(404);
    expect(problem.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(((await problem.json()) as Problem).type).toBe(`${BASE}/problems/location-not-found`);
  });

  it.each([
    ["lat=45.7833%2C%20-108.5007&lon=", "/location?lat=45.7833&lon=-108.5007"], // Google Maps' pair pasted into Latitude
    ["lat=45.7833%C2%B0%20N&lon=108.5007%C2%B0%20W", "/location?lat=45.7833&lon=-108.5007"], // Apple Maps
    ["lat=%2045.7833&lon=%E2%88%92108.5007", "/location?lat=45.7833&lon=-108.5007"], // a space, a typographic minus
    // The link a phone's Share button gives (pages audit 36 #6: "not a place").
    [`lat=${encodeURIComponent("https://maps.apple.com/?ll=45.7833,-108.5007&q=Dropped%20Pin")}&lon=`, "/location?lat=45.7833&lon=-108.5007"],
    [`lat=${encodeURIComponent("geo:45.7833,-108.5007")}&lon=`, "/location?lat=45.7833&lon=-108.5007"],
    // Waze's and HERE WeGo's links, the words pasted around the numbers, a plus code (pages audit 41 #7).
    [`lat=${encodeURIComponent("https://www.waze.com/live-map/directions?to=ll.45.7833%2C-108.5007")}&lon=`, "/location?lat=45.7833&lon=-108.5007"],
    [`lat=&lon=${encodeURIComponent("https://share.here.com/l/45.7833,-108.5007")}`, "/location?lat=45.7833&lon=-108.5007"],
    [`lat=${encodeURIComponent("Latitude: 45.7833, Longitude: -108.5007")}&lon=`, "/location?lat=45.7833&lon=-108.5007"],
    [`lat=${encodeURIComponent("85633HFX+CR")}&lon=`, "/location?lat=34.073563&lon=-118.400437"],
  ])("coordinates as map apps give them (%s): 303 to the plain decimals", async (query, location) => {
    const res = await app.request(`/location?${query}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(location);
    expect((await app.request(location)).status).toBe(200);
  });

  it("a rough position from the device (acc, metres, over 200) is said under the answer with the point's ZIP code (pages audit 36 #3)", async () => {
    const rough = await app.request("/location?lat=34.0736&lon=-118.4004&acc=1500");
    expect(rough.status).toBe(200);
    const html = await rough.text();
    expect(html).toContain(`<p class="answer">Your device placed you only within about 0.9 miles of this point: the home may be in another district. Check with the home's ZIP code (this point is in <a href="/zip/90210">90210</a>), or try again outdoors or with location services set to precise.</p>`);
    // Said first, and the districts as the point's, not the home's (pages audit 37 #3): in the heading and the title too.
    expect(html.indexOf("Your device placed you")).toBeLessThan(html.indexOf("The point it gave is in"));
    expect(html).not.toContain("This place");
    expect(html).toContain("This point (34.07360, -118.40040) lies in ZIP code");
    expect(html).not.toContain("<strong>The point it gave");
    expect(html).toContain("<h1>School districts of the point your device gave in Beverly Hills, CA</h1>");
    expect(html).toContain("<title>School districts of the point your device gave in Beverly Hills, CA</title>");
    // A distance no one reads out: said as more than 50 km (review stop 36 #6: "within about 6213.7 miles").
    expect(await (await app.request("/location?lat=34.0736&lon=-118.4004&acc=9999999")).text()).toContain("Your device could not place you closer than 31.1 miles to this point: the home may be in another district.");
    for (const acc of ["200", "15", "abc", "-5", "1.5"]) {
      const res = await app.request(`/location?lat=45.7833&lon=-108.5007&acc=${acc}`);
      expect(res.status, acc).toBe(200);
      expect(await res.text(), acc).not.toContain("Your device");
    }
    // A redirect to plain decimals keeps it.
    const pasted = await app.request("/location?lat=45.7833%2C%20-108.5007&lon=&acc=1500");
    expect(pasted.status).toBe(303);
    expect(pasted.headers.get("location")).toBe("/location?lat=45.7833&lon=-108.5007&acc=1500");
  });

  it("a device's position (acc) is kept by the browser, not a shared cache: 200, 304, 303 and 404 are private; without it, public (pages audit 40 #7)", async () => {
    const PRIVATE = "private, max-age=86400";
    const PUBLIC = "public, max-age=86400, stale-while-revalidate=604800";
    const page = await app.request("/location?lat=45.7833&lon=-108.5007&acc=15");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe(PRIVATE);
    const again = await app.request("/location?lat=45.7833&lon=-108.5007&acc=15", { headers: { "If-None-Match": page.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(PRIVATE);
    const pasted = await app.request("/location?lat=45.7833%2C%20-108.5007&lon=&acc=15");
    expect([pasted.status, pasted.headers.get("cache-control")]).toEqual([303, PRIVATE]);
    const sea = await app.request("/location?lat=30&lon=-140&acc=15", { headers: { Accept: "text/html" } });
    expect([sea.status, sea.headers.get("cache-control")]).toEqual([404, PRIVATE]);
    for (const path of ["/location?lat=45.7833&lon=-108.5007", "/location?lat=45.7833&lon=-108.5007&acc=abc", "/location?lat=30&lon=-140"]) {
      expect((await app.request(path)).headers.get("cache-control"), path).toBe(PUBLIC);
    }
    // A bad value is no one's position: not cached at all, as every 400.
    expect((await app.request("/location?lat=91&lon=0&acc=15")).headers.get("cache-control")).toBe("no-store");
  });

  it("a link with no coordinates in it (a short share link) says what to copy instead; the box takes a long link", async () => {
    const res = await app.request(`/location?lat=${encodeURIComponent("https://maps.app.goo.gl/AbCd123")}&lon=`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("is a link that names no place (a short link, or a route&#39;s, a search&#39;s or a whole region&#39;s view): open it in the map app, then copy the place&#39;s coordinates");
    expect(html).toContain('maxlength="2000"');
  });

  it("a short plus code is read from its town's ZIP codes' points; without a town found, the 400 page says what to paste instead (pages audit 41 #7)", async () => {
    // As Google Maps shows a dropped pin in Beverly Hills (85633HFX+CR): the fixture's 90210 is the town's.
    const read = await app.request(`/location?lat=${encodeURIComponent("3HFX+CR Beverly Hills, California")}&lon=`);
    expect(read.status).toBe(303);
    expect(read.headers.get("location")).toBe("/location?lat=34.073563&lon=-118.400437");
    // The country as a phone set to another language writes it (links-43: Spanish "EE. UU." was a 400).
    for (const country of ["EE. UU.", "Estados Unidos", "États-Unis", "USA", "Vereinigte Staaten", "Stati Uniti"]) {
      const res = await app.request(`/location?lat=${encodeURIComponent(`3HFX+CR Beverly Hills, California, ${country}`)}&lon=`);
      expect(res.headers.get("location"), country).toBe("/location?lat=34.073563&lon=-118.400437");
    }
    for (const short of ["3HFX+CR", "3HFX+CR Atlantis"]) {
      const res = await app.request(`/location?lat=&lon=${encodeURIComponent(short)}`, { headers: { Accept: "text/html" } });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(`Longitude “${short}” is a short plus code, ${short === "3HFX+CR" ? "with no town after it" : "and the town after it does not place it here (add the town&#39;s state if it has none)"}: paste the full plus code (8 characters before the +, such as 86HJV9MF+QV), or the place&#39;s coordinates`);
      expect(html).toContain('aria-invalid="true"');
    }
  });

  it("a point in no district names the place probably meant: the missing minus, the numbers swapped", async () => {
    const html = { headers: { Accept: "text/html" } };
    const noMinus = await app.request("/location?lat=45.7833&lon=108.5007", html);
    expect(noMinus.status).toBe(404);
    expect(await noMinus.text()).toContain('<p><strong>West longitudes are negative: did you mean <a href="/location?lat=45.7833&amp;lon=-108.5007">45.7833, -108.5007</a>?</strong></p>\n<p>No school district boundary holds 45.7833, 108.5007');
    const swapped = await app.request("/location?lat=-108.5007&lon=45.7833", html);
    expect(swapped.status).toBe(400);
    expect(await swapped.text()).toContain('<p><strong>The latitude comes first: did you mean <a href="/location?lat=45.7833&amp;lon=-108.5007">45.7833, -108.5007</a>?</strong></p>');
    // Puerto Rico has no boundary file, but every ZIP code of it is in one district (pages audit 30 #5:
    // an error page for the simplest answer): that district, its phone, the nearest ZIP code (00601's point, in the fixture).
    const pr = await app.request("/location?lat=18.1806&lon=-66.75", html);
    expect(pr.status).toBe(200);
    expect(pr.headers.get("vary")).toBe("Accept-Encoding");
    const prHtml = await pr.text();
    expect(prHtml).toContain('<p class="answer">This place is in Puerto Rico, where one public school district serves every address: <a href="/district/7200030">Puerto Rico Department of Education</a>.</p>');
    expect(prHtml).toContain('The ZIP code of this place is probably <a href="/zip/00601">00601 (Adjuntas, PR)</a>, the nearest, less than a mile away.');
    // Farther off than a few miles from its ZIP codes is not "in Puerto Rico" (review 30 #2: 30 miles out at sea was): 404.
    const sea = await app.request("/location?lat=18.08&lon=-66.75", html);
    expect(sea.status).toBe(404);
    expect(await sea.text()).not.toContain("This place is in Puerto Rico");
    expect((await app.request("/location?lat=18.12&lon=-66.75", html)).status).toBe(200);
    // /location.json answers it too (pages audit 38: it was a 404 while the page named the district), as does lookup.
    const prJson = await app.request("/location.json?lat=18.1806&lon=-66.75");
    expect(prJson.status).toBe(200);
    const prAnswer = (await prJson.json()) as LocationAnswer;
    expect([prAnswer.districts.map((d) => [d.leaid, d.level, d.on_border]), prAnswer.zip?.zip, prAnswer.in_zip_area, prAnswer.boundaries, prAnswer.near_border, prAnswer.beyond_edge_m]).toEqual([
      [["7200030", "unified", false]],
      "00601",
      false,
      null,
      null,
      null,
    ]);
    expect((await app.request("/location.json?lat=18.08&lon=-66.75")).status).toBe(404);
    // The page asked for JSON is the page, as for any place a district holds.
    expect((await app.request("/location?lat=18.1806&lon=-66.75", { headers: { Accept: "application/json" } })).headers.get("content-type")).toBe("text/html; charset=utf-8");
    // Nothing near the middle of the Pacific.
    const pacific = await app.request("/location?lat=30&lon=-140", html);
    expect(pacific.status).toBe(404);
    expect(await pacific.text()).not.toContain("did you mean");
  });

  it("a box whose value is wrong carries the error, marked invalid and described by it (pages audit 30 #7)", async () => {
    const html = { headers: { Accept: "text/html" } };
    const lat = await app.request("/location?lat=abc&lon=1", html);
    expect(lat.status).toBe(400);
    const latPage = await lat.text();
    expect(latPage).toContain('<p class="error" id="lat-error"><span class="vh">Error: </span>Latitude “abc” is not a decimal number of degrees');
    expect(latPage).toContain('<input id="lat" name="lat" maxlength="2000" autocomplete="off" aria-describedby="lat-hint lat-error" aria-invalid="true" value="abc">');
    expect(latPage).toContain('<input id="lon" name="lon" maxlength="2000" autocomplete="off" aria-describedby="lon-hint" value="1">');
    // Said once, at the box.
    expect(latPage.split("is not a decimal number of degrees").length).toBe(2);
    const lon = await (await app.request("/location?lat=45&lon=200", html)).text();
    expect(lon).toContain('<p class="error" id="lon-error">');
    expect(lon).toContain('aria-describedby="lon-hint lon-error" aria-invalid="true" value="200"');
    expect(lon).not.toContain('id="lat-error"');
  });

  it("the form takes text (no decimal keypad without a minus key) and lets Longitude stay empty for a pasted pair", async () => {
    const html = await (await app.request("/location")).text();
    expect(html).toContain('<input id="lat" name="lat" maxlength="2000" autocomplete="off" aria-describedby="lat-hint" value="">');
    expect(html).toContain('<input id="lon" name="lon" maxlength="2000" autocomplete="off" aria-describedby="lon-hint" value="">');
    expect(html).not.toContain('inputmode="decimal"');
    // Examples are hints that stay while typing, not placeholders; the location page shows the boxes, the home page folds them.
    expect(html).not.toContain("placeholder=");
    expect(html).toContain("<details open><summary>Type a latitude and longitude</summary>");
    expect(await (await app.request("/")).text()).toContain("<details><summary>Type a latitude and longitude</summary>");
  });

  it("a place whose districts all stop before 12th grade (Derry, NH, Pre-K to 8th) says whom to ask about high school", async () => {
    const html = await (await app.request("/location?lat=42.8806&lon=-71.3273")).text();
    expect(html).toMatch(/<p><strong>This place is in <a href="\/district\/[0-9]{7}">Derry School District<\/a> \(Pre-Kindergarten – 8th\)\.<\/strong><\/p>\n<p class="answer">Derry School District teaches only up to 8th grade: ask it which school its older students attend\.<\/p>/);
    // Not where a district of the place teaches to 12th (Billings: a high-school district over the elementary one).
    const billings = await app.request("/location?lat=45.7833&lon=-108.5007");
    expect(billings.status).toBe(200);
    expect(await billings.text()).not.toContain("teaches only up to");
  });

  it("a place in an elementary district with no district teaching high school drawn there asks it about high school (Jamestown, RI)", async () => {
    const html = await (await app.request("/location?lat=41.5&lon=-71.37")).text();
    expect(html).toContain(
      '<p class="answer">Jamestown School District lists grades up to 12th but is drawn for the lower grades only: it may teach high school itself or pay another district&#39;s; ask it which high school its students attend.</p>',
    );
    // Not where a high-school district is drawn over the elementary one (Billings).
    const billings = await app.request("/location?lat=45.7833&lon=-108.5007");
    expect(billings.status).toBe(200);
    expect(await billings.text()).not.toContain("No district teaching high school");
  });

  it("a place within a few hundred metres of a border says so under the answer, names the district beside it and draws it (Kansas City 33 and Shawnee Mission, 17 m apart)", async () => {
    const html = await (await app.request("/location?lat=39.03&lon=-94.6075")).text();
    expect(html).toContain('<p class="answer">This place is less than 100 feet from the edge of its district as drawn, beside <a href="/district/2011640">Shawnee Mission Public Schools Unified School District</a>');
    expect(html).toContain(". The outlines are approximate this close to a border: ask both districts which one serves your address.</p>");
    expect(html).toContain("Shawnee Mission Public Schools Unified School District beside it (shaded grey), with the place marked by a red dot near the border.");
    // 17 m west, the other side says the same of Kansas City 33.
    expect(await (await app.request("/location?lat=39.03&lon=-94.6077")).text()).toContain('beside <a href="/district/2916400">Kansas City 33 School District</a>');
    // The API says the same (near_border), and null away from borders.
    const json = (await (await app.request("/location.json?lat=39.03&lon=-94.6075")).json()) as LocationAnswer;
    expect(json.near_border?.metres).toBeLessThan(50);
    expect(json.near_border?.beside.map((d) => [d.leaid, d.level, d.url])).toEqual([["2011640", "unified", `${BASE}/district/2011640.json`]]);
    expect(((await (await app.request("/location.json?lat=45.7833&lon=-108.5007")).json()) as LocationAnswer).near_border).toBeNull();
    // 290 m from the line: still named (the probes reach past the border, not only to 300 m).
    expect(await (await app.request("/location?lat=39.03&lon=-94.6043")).text()).toContain("This place is about 950 feet from the edge of its district as drawn, beside <a href=\"/district/2011640\">");
    // Not in the middle of a district (Billings).
    const billings = await (await app.request("/location?lat=45.7833&lon=-108.5007")).text();
    expect(billings).not.toContain("from the edge of its district");
    expect(billings).toContain("red dot inside");
  });

  it("a map stays small even for a large district (Anchorage)", async () => {
    const html = await (await app.request("/location?lat=61.2181&lon=-149.9")).text();
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0];
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(15_000);
    expect(svg).toMatch(/<path [^>]*d="M\d/);
  });
});

describe("locationFormPage near a territory's ZIP codes", () => {
  it("says this service has no boundaries there and sends to the ZIP code, not 'No school district at this place' (San Juan, audit 4)", () => {
    const facts = { updated: "2026-11-22", records: 1, baseUrl: BASE };
    const near = { words: "The nearest ZIP code is", href: "/zip/00901", link: "00901 (San Juan, PR)", end: ": its page says which school districts serve it.", state: "PR", stateName: "Puerto Rico" };
    const html = locationFormPage(404, locationNotFoundDetail(18.4655, -66.1057, true), "18.4655", "-66.1057", facts, near);
    expect(html).toContain("<h1>No district boundaries in Puerto Rico: look up the ZIP code</h1>");
    expect(html).toContain('<a href="/zip/00901">00901 (San Juan, PR)</a>');
    expect(html).toContain("The Census boundary files have no school districts in Puerto Rico");
    expect(html).not.toContain("No school district at this place");
    expect(html).not.toContain("open water");
    // A name English puts "the" before (pages audit 33 #8: "in U.S. Virgin Islands").
    const vi = locationFormPage(404, "x", "18.331", "-64.794", facts, { ...near, state: "VI", stateName: "U.S. Virgin Islands" });
    expect(vi).toContain("<h1>No district boundaries in the U.S. Virgin Islands: look up the ZIP code</h1>");
    expect(vi).toContain("The Census boundary files have no school districts in the U.S. Virgin Islands");
    // In a state with boundaries, the place is in none of them.
    expect(locationFormPage(404, "x", "33.5", "-119.5", facts, { ...near, state: "CA" })).toContain("<h1>No school district at this place</h1>");
  });
});

describe("a dataset without boundaries", () => {
  it("answers /location.json with a 404 that says so", async () => {
    const { site } = await testApp();
    const res = await createApp(site, undefined).request("/location.json?lat=34.0736&lon=-118.4004");
    expect(res.status).toBe(404);
    expect(((await res.json()) as Problem).detail).toContain("built without boundaries");
  });
});

describe("lookup --lat --lon", () => {
  it("parses as a point query; one coordinate alone, or with a ZIP, is a usage error", () => {
    expect(parseArgs(["lookup", "--lat", "45.7833", "--lon", "-108.5007", "--json"], {})).toMatchObject({ kind: "lookup", query: { lat: "45.7833", lon: "-108.5007" }, json: true });
    expect(() => parseArgs(["lookup", "--lat", "45.7833"], {})).toThrow(UsageError);
    expect(() => parseArgs(["lookup", "90210", "--lat", "1", "--lon", "2"], {})).toThrow(UsageError);
    expect(() => parseArgs(["--lat", "1"], {})).toThrow(UsageError);
  });

  it("answers like /location.json; 2 for bad input, 1 for a point in no district", async () => {
    const dataset = await loadFixture();
    const location = await withOutlines();
    const opts = { json: false, baseUrl: BASE, location };
    const text = lookup(dataset, { lat: "34.0736", lon: "-118.4004" }, opts);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("34.07360, -118.40040 is in Beverly Hills Unified School District.");
    expect(text.stdout).toContain("ZIP code of this place: 90210 (Beverly Hills, CA)");
    // Whom to ask about the grades no district there answers for, as the page says.
    expect(lookup(dataset, { lat: "42.8806", lon: "-71.3273" }, opts).stdout).toContain("\nDerry School District teaches only up to 8th grade: ask it which school its older students attend.\n");
    expect(text.stdout).not.toContain("ask it");
    // Near a border, as the page says it.
    expect(lookup(dataset, { lat: "39.03", lon: "-94.6075" }, opts).stdout).toContain(
      "\nThis place is less than 100 feet from the edge of its district as drawn, beside Shawnee Mission Public Schools Unified School District (2011640). The outlines are approximate this close to a border: ask both districts which one serves your address.\n",
    );
    expect(text.stdout).not.toContain("from the edge of its district");
    // Without ZIP outlines, the ZIP is only the nearest, and says so.
    const nearest = lookup(dataset, { lat: "34.0736", lon: "-118.4004" }, { ...opts, location: await withoutOutlines() });
    expect(nearest.stdout).toContain("Nearest ZIP code with these districts: 90210 (Beverly Hills, CA)");
    const json = lookup(dataset, { lat: "45.7833", lon: "-108.5007" }, { ...opts, json: true });
    expect((JSON.parse(json.stdout) as LocationAnswer).districts.map((d) => d.leaid)).toEqual(["3003870", "3003900"]);
    expect(lookup(dataset, { lat: "91", lon: "0" }, opts)).toMatchObject({ code: 2, stderr: expect.stringContaining('lat "91" is out of range') });
    expect(lookup(dataset, { lat: "33.5", lon: "-119.5" }, opts)).toMatchObject({ code: 1, stderr: expect.stringContaining("No school district at this location") });
    // A place in Puerto Rico (no boundary file, one district): that district, as the page and /location.json say; at sea, none.
    const pr = lookup(dataset, { lat: "18.1806", lon: "-66.75" }, opts);
    expect(pr.code).toBe(0);
    expect(pr.stdout).toBe(
      "18.18060, -66.75000 is in Puerto Rico, where one public school district serves every address: Puerto Rico Department of Education (7200030, unified, Pre-Kindergarten – 12th).\n" +
        `Nearest ZIP code: 00601 (Adjuntas, PR), ${BASE}/zip/00601\n` +
        "The Census boundary files have no school districts in Puerto Rico: this answer comes from its ZIP codes, every one of which is in this district.\n",
    );
    expect((JSON.parse(lookup(dataset, { lat: "18.1806", lon: "-66.75" }, { ...opts, json: true }).stdout) as LocationAnswer).boundaries).toBeNull();
    expect(lookup(dataset, { lat: "18.08", lon: "-66.75" }, opts).code).toBe(1);
  });
});

describe("districtNamesOf: names and grade spans from a site's district resources", () => {
  it("agrees with districts.csv for every district of the fixture, and knows no other", async () => {
    const { site } = await testApp();
    const names = districtNamesOf(site);
    const csv = parse(readFileSync(resolve(SMALL, "districts.csv"), "utf8"), { columns: true }) as { leaid: string; name: string; grade_span: string }[];
    expect(csv.length).toBeGreaterThan(0);
    for (const row of csv) {
      expect(names.has(row.leaid)).toBe(true);
      expect(names.get(row.leaid)).toEqual({ name: row.name, grade_span: row.grade_span });
      expect(names.get(row.leaid)).toBe(names.get(row.leaid)); // remembered, not read again
    }
    expect(names.has("9999999")).toBe(false);
    expect(names.get("9999999")).toBeUndefined();
  });
});

describe("locationPage's list of districts", () => {
  it("gives each district's phone as a link where its resource has one", async () => {
    const { index } = (await withoutOutlines())!;
    const answer = {
      lat: 45.7833,
      lon: -108.5007,
      districts: [{ leaid: "3003900", district: "Billings High School District", level: "secondary", grade_span: "9th – 12th", on_border: false }],
      boundaries: { source: "Census", vintage: "2016", scale: "1:500,000" },
    } as unknown as DrawnAnswer;
    const html = locationPage(answer, { index } as LocationData, { updated: "2026-11-22", records: 1, baseUrl: BASE }, (leaid) => (leaid === "3003900" ? "(406) 281-5000" : ""));
    expect(html).toContain('serves the upper grades here (high school); its schools teach 9th – 12th; phone <a href="tel:+14062815000">(406) 281-5000</a></li>');
  });

  it("asks about the grades between an elementary district's last and the high-school district's first, as the ZIP page does (Kinsey, 59338)", async () => {
    const { index } = (await withoutOutlines())!;
    const answer = {
      lat: 46.5,
      lon: -105.7,
      districts: [
        { leaid: "3014880", district: "Kinsey Elementary School District", level: "elementary", grade_span: "Kindergarten – 6th", on_border: false },
        { leaid: "3008480", district: "Custer County High School District", level: "secondary", grade_span: "9th – 12th", on_border: false },
      ],
      boundaries: { source: "Census", vintage: "2016", scale: "1:500,000" },
    } as unknown as DrawnAnswer;
    const html = locationPage(answer, { index } as LocationData, { updated: "2026-11-22", records: 1, baseUrl: BASE });
    expect(html).toContain(
      '<p class="answer">Kinsey Elementary School District teaches only up to 6th grade, and Custer County High School District from 9th grade: ask Kinsey Elementary School District which school teaches 7th and 8th grade.</p>',
    );
  });
});

describe("just outside every drawn edge (the committed dataset: review 32 #1, #2)", () => {
  let dataset: Awaited<ReturnType<typeof loadFixture>>;
  let location: Awaited<ReturnType<typeof withOutlines>>;
  beforeAll(async () => {
    [dataset, location] = await committedLookupData();
  }, 60_000);
  const at = (lat: string, lon: string) => lookup(dataset, { lat, lon }, { json: true, baseUrl: BASE, location });

  it("a home on South Padre Island, which the drawn coast leaves out: Point Isabel ISD, 490 m away, and its own ZIP 78597 (pages audit 32 #2)", () => {
    const a = JSON.parse(at("26.09947", "-97.173798").stdout) as DrawnAnswer;
    expect([a.districts.map((d) => [d.leaid, d.on_border]), a.beyond_edge_m, a.near_border, a.zip?.zip, a.in_zip_area]).toEqual([[["4835250", false]], 490, null, "78597", false]);
    // The page and the CLI say "most likely", how far, and to ask.
    const html = locationPage(a, location!, { updated: "2026-11-26", records: 1, baseUrl: BASE });
    expect(html).toMatch(/<p><strong>This place is most likely in <a href="\/district\/4835250">Point Isabel Independent School District<\/a>[^<]*: it lies just outside the edge as drawn \(about 1,600 feet away\), and the simplified maps leave out some shores, small islands and edges\. Ask the district to confirm\.<\/strong><\/p>/);
    expect(html).toContain("with the place marked by a red dot just outside its edge.");
    expect(lookup(dataset, { lat: "26.09947", lon: "-97.173798" }, { json: false, baseUrl: BASE, location }).stdout).toContain("26.09947, -97.17380: This place is most likely in Point Isabel Independent School District: it lies just outside the edge as drawn (about 1,600 feet away), and the simplified maps leave out some shores, small islands and edges. Ask the district to confirm. (490 m)");
    // Inside a district, none.
    expect((JSON.parse(at("34.0736", "-118.4004").stdout) as DrawnAnswer).beyond_edge_m).toBeNull();
  });

  it("a grade span to 13th is said what it is on the location page too (pages audit 33 #8), and only then", () => {
    const a = JSON.parse(at("26.09947", "-97.173798").stdout) as DrawnAnswer;
    const facts = { updated: "2026-11-27", records: 1, baseUrl: BASE };
    const thirteenth = { ...a, districts: a.districts.map((d) => ({ ...d, grade_span: "Pre-Kindergarten – 13th" })) };
    expect(locationPage(thirteenth, location!, facts)).toContain("<p>13th: a year after 12th grade that some of a district's schools offer (NCES grade 13).</p>");
    expect(locationPage(a, location!, facts)).not.toContain("13th:");
  });

  it("a district with no grades, schools or phone in the directory is said so, not 'serves every grade it teaches here' (Fairfax City, VA: pages audit 37 #4)", () => {
    const a = JSON.parse(at("26.09947", "-97.173798").stdout) as DrawnAnswer;
    const facts = { updated: "2026-11-27", records: 1, baseUrl: BASE };
    const empty = { ...a, districts: a.districts.map((d) => ({ ...d, grade_span: "" as const })) };
    const html = locationPage(empty, location!, facts);
    expect(html).toContain(`<p class="answer"><a href="/district/4835250">Point Isabel Independent School District</a> has no schools, grades or phone in the NCES directory: its students may attend another district's schools. Ask the state's department of education (on a military base, its school liaison office) which schools serve this place; the page of ZIP code <a href="/zip/78597">78597</a> names the districts around it.</p>`);
    expect(html).not.toContain("serves every grade it teaches here");
    // With its phone, or its grades, none of it.
    expect(locationPage(empty, location!, facts, () => "(956) 943-0000")).not.toContain("has no schools, grades or phone");
    expect(locationPage(a, location!, facts)).not.toContain("has no schools, grades or phone");
  });

  it("beside a lake the Census draws in no district, the nearest district answers (Put-in-Bay, OH, 13 m off its edge: at least 10); a hole left by a 2016 district never drawn gets no neighbour its ZIP lacks (Palo, MI)", () => {
    const island = JSON.parse(at("41.654242", "-82.822465").stdout) as DrawnAnswer;
    expect([island.districts.map((d) => d.leaid), island.beyond_edge_m]).toEqual([["3904897"], 10]);
    // St. Clair Shores, MI, on the shore of Lake St. Clair: inside Lakeview as drawn, as before.
    expect((JSON.parse(at("42.491544", "-82.885389").stdout) as DrawnAnswer).districts.map((d) => d.leaid)).toEqual(["2620880"]);
    expect(lookup(dataset, { lat: "43.1112", lon: "-84.9834" }, { json: false, baseUrl: BASE, location })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("43.1112, -84.9834 lies in the area of Palo Community School District as the Census drew it in 2016, which this service finds no school district of today for"),
    });
    // An island 24 m off its district's drawn edge, whose ZIP (04859) the district does not overlap: within the drawing's error, answered.
    expect((JSON.parse(at("43.91345", "-69.036691").stdout) as DrawnAnswer).districts.map((d) => d.leaid)).toEqual(["2314410"]);
  });

  it("land the Census draws in no school district: 404 saying so (Sun City, AZ, 260 m from Peoria's edge: review 32b #1), unless a district's drawn edge is within 30 m", () => {
    expect(lookup(dataset, { lat: "33.6037", lon: "-112.2766" }, { json: false, baseUrl: BASE, location })).toMatchObject({ code: 1, stderr: expect.stringContaining("lies in land the Census draws in no school district") });
    expect((JSON.parse(at("33.654688", "-112.355911").stdout) as DrawnAnswer).beyond_edge_m).toBe(10);
    expect(at("33.603323", "-112.266619").code).toBe(1);
  });
});

describe("places in Canada and Mexico (pages audit 40 #1: Tijuana was 'most likely in' San Ysidro's district, as were 736 of 775 places a mile over the land border)", () => {
  let dataset: Awaited<ReturnType<typeof loadFixture>>;
  let location: Awaited<ReturnType<typeof withOutlines>>;
  beforeAll(async () => {
    [dataset, location] = await committedLookupData();
  }, 60_000);
  const at = (lat: string, lon: string) => lookup(dataset, { lat, lon }, { json: false, baseUrl: BASE, location });

  it.each([
    ["32.532", "-117.03", "Mexico"], // Tijuana
    ["31.738", "-106.485", "Mexico"], // Ciudad Juárez
    ["25.875", "-97.5", "Mexico"], // Matamoros
    ["42.317", "-83.04", "Canada"], // Windsor, ON
    ["49.01", "-122.75", "Canada"], // South Surrey, BC
    ["49.011", "-104.01", "Canada"], // 1.2 km north of the 49th parallel
    // A neighbour's island a few miles off US land (review of stop 41 #7: Road Town was offered St. John's ZIP code).
    ["18.4286", "-64.6185", "the British Virgin Islands"], // Road Town, Tortola
    ["18.42", "-64.65", "the British Virgin Islands"], // Tortola, about 9 miles from St. John's ZIP code's point
  ])("%s, %s is abroad: a 404 naming the country, no district", (lat, lon, country) => {
    const result = at(lat, lon);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${lat}, ${lon} lies in ${country}, as Natural Earth's map draws the border: this service covers the public school districts of the United States.`);
  });

  it("the places beside them in the United States keep their districts, and a shore strip its nearest", () => {
    const inside = (lat: string, lon: string) => (JSON.parse(lookup(dataset, { lat, lon }, { json: true, baseUrl: BASE, location }).stdout) as DrawnAnswer).districts.map((d) => d.leaid);
    // San Ysidro, El Paso and Brownsville, a few hundred metres from the border (Natural Earth puts some of Brownsville in Mexico: a district holds it).
    expect(inside("32.556", "-117.05").length).toBeGreaterThan(0);
    expect(inside("31.76", "-106.49")).toEqual(["4818300"]);
    expect(inside("25.909302", "-97.516076")).toEqual(["4811680"]);
    expect(inside("26.09947", "-97.173798")).toEqual(["4835250"]);
    // A strip of Laredo the outlines leave out, in ZIP 78040, which Natural Earth's border (a kilometre off here) puts in Mexico
    // (review of stop 40 #1: 1,587 such strips were called Mexico or Canada).
    const laredo = JSON.parse(lookup(dataset, { lat: "27.51336", lon: "-99.52526" }, { json: true, baseUrl: BASE, location }).stdout) as DrawnAnswer;
    expect([laredo.districts.length > 0, laredo.beyond_edge_m !== null, laredo.zip?.zip]).toEqual([true, true, "78040"]);
  });

  it.each([
    ["48.9995", "-121.8"], // Washington, 55 m south of the 49th parallel
    ["48.999", "-113.7"], // Montana, Glacier National Park
    ["48.998", "-111.5"], // Montana, 220 m south
    ["48.9985", "-111.5"], // the audit's place
  ])("%s, %s, on the US side of a surveyed straight border that Natural Earth's outline crosses, is no place abroad (pages audit 41 #6)", (lat, lon) => {
    const result = lookup(dataset, { lat, lon }, { json: true, baseUrl: BASE, location });
    expect(result.stderr).not.toMatch(/lies in (?:Canada|Mexico)/);
    expect(result.code).toBe(0);
  });
});

describe("places the boundaries alone answered badly: a territory's islands far from its ZIP codes' points, across 180 degrees, a district newer than the maps (pages audit 40 #7)", () => {
  let dataset: Awaited<ReturnType<typeof loadFixture>>;
  let location: Awaited<ReturnType<typeof withOutlines>>;
  beforeAll(async () => {
    [dataset, location] = await committedLookupData();
  }, 60_000);
  const at = (lat: string, lon: string) => lookup(dataset, { lat, lon }, { json: true, baseUrl: BASE, location });

  it.each([
    ["-14.17", "-169.66"], // Ofu, Manu'a: 70 miles from 96799's point
    ["-14.24", "-169.45"], // Ta'u
    ["-14.27", "-170.62"], // east Tutuila
  ])("%s, %s, on American Samoa's land, gets its one district and its one ZIP code", (lat, lon) => {
    const result = at(lat, lon);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { districts: { leaid: string }[]; zip: { zip: string } | null; boundaries: unknown };
    expect([answer.districts.map((d) => d.leaid), answer.zip?.zip, answer.boundaries]).toEqual([["6000030"], "96799", null]);
  });

  it("Attu, across 180 degrees, is told the nearest ZIP code of its district the short way round: Adak's, not Unalaska's (pages audit 40 #7)", () => {
    const answer = JSON.parse(at("52.85", "173.18").stdout) as { zip: { zip: string } | null; in_zip_area: boolean };
    expect([answer.zip?.zip, answer.in_zip_area]).toEqual(["99546", false]);
  });

  it("names the districts newer than the maps whose office is in the place's ZIP code, as the page does (/location.json had none): Orange Beach City beside Baldwin County", () => {
    const answer = JSON.parse(at("30.29", "-87.57").stdout) as { districts: { leaid: string }[]; zip: { zip: string } | null; newer_districts: { leaid: string; office_zip: string }[] };
    expect([answer.districts.map((d) => d.leaid), answer.zip?.zip]).toEqual([["0100270"], "36561"]);
    expect(answer.newer_districts).toMatchObject([{ leaid: "0103581", district: "Orange Beach City School District", office_zip: "36561" }]);
    expect(lookup(dataset, { lat: "30.29", lon: "-87.57" }, { json: false, baseUrl: BASE, location }).stdout).toContain("Orange Beach City School District");
    // Elsewhere, and in a territory, none.
    expect((JSON.parse(at("-14.17", "-169.66").stdout) as { newer_districts: unknown[] }).newer_districts).toEqual([]);
  });

  it.each([
    ["17.746", "-64.703", "7800002", "00820"], // Christiansted, St. Croix
    ["17.72", "-64.85", "7800002", "00840"], // Frederiksted, St. Croix
    ["18.341", "-64.93", "7800030", "00802"], // Charlotte Amalie, St. Thomas
    ["18.331", "-64.794", "7800030", "00830"], // Cruz Bay, St. John
  ])("%s, %s, on an island of the Virgin Islands (two districts), gets the district every ZIP code of the island names (round 36 #7)", (lat, lon, leaid, zip) => {
    const result = at(lat, lon);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { districts: { leaid: string }[]; zip: { zip: string } | null; boundaries: unknown };
    expect([answer.districts.map((d) => d.leaid), answer.zip?.zip, answer.boundaries]).toEqual([[leaid], zip, null]);
    expect(lookup(dataset, { lat, lon }, { json: false, baseUrl: BASE, location }).stdout).toContain("is on an island of the U.S. Virgin Islands where one public school district serves every address");
  });

  it("the sea between the islands, and beyond them, is no place of the territory", () => {
    for (const [lat, lon] of [["-14.1", "-170.2"], ["-14.2", "-169.0"], ["13.9", "145.0"], ["18.0", "-64.8"]]) expect(at(lat!, lon!).code, `${lat}, ${lon}`).toBe(1);
  });
});

describe("onlyNamedDistrict: a territory's one district, the same rule for the page, the JSON and the CLI (review of stop 39 #6)", () => {
  it("is the one district ZIP codes name; none where two are named; a district no ZIP code names does not count", () => {
    expect(onlyNamedDistrict([{ leaid: "7200030", named: 174 }])).toBe("7200030");
    expect(onlyNamedDistrict([{ leaid: "7800002", named: 6 }, { leaid: "7800030", named: 5 }])).toBeUndefined();
    expect(onlyNamedDistrict([{ leaid: "6600002", named: 11 }, { leaid: "6600040", named: 0 }])).toBe("6600002");
    expect(onlyNamedDistrict([])).toBeUndefined();
  });
});

describe("a short plus code over every town of data/ (review 42 #1, #5)", () => {
  let app: Hono;
  beforeAll(async () => {
    const { site } = await testApp(DATA);
    app = createApp(site, withOutlines());
  }, 120_000);
  const read = async (pasted: string) => {
    const res = await app.request(`/location?lat=${encodeURIComponent(pasted)}&lon=`, { headers: { Accept: "text/html" } });
    return { status: res.status, location: res.headers.get("location"), html: res.status === 400 ? await res.text() : "" };
  };

  it.each([
    // As Google Maps shows a dropped pin: the Loop; downtown Anchorage, whose few far ZIP codes moved the mean a degree west.
    ["V9MF+QV Chicago, Illinois", "/location?lat=41.884438&lon=-87.625313"],
    ["639X+6V Anchorage, Alaska", "/location?lat=61.218063&lon=-149.900312"],
    ["639X+6V Anchorage, AK, USA", "/location?lat=61.218063&lon=-149.900312"],
    // The place a cell away from the one nearest the town's middle, where the town's areas hold it (review of the mends 42 #1).
    ["GH2V+CC Nome, Alaska", "/location?lat=64.501063&lon=-165.406437"],
    ["GX85+G7 Cascade, Idaho", "/location?lat=44.516312&lon=-116.041812"],
    // A borough, a neighbourhood before its city, a direction's word before it (review of the mends 42 #2), an island's town.
    ["P6H4+6C Queens, NY, USA", "/location?lat=40.728063&lon=-73.793937"],
    ["3MVC+4G Hollywood, Los Angeles, CA", "/location?lat=34.092813&lon=-118.328688"],
    ["2RFH+H6 East Los Angeles, California", "/location?lat=34.023938&lon=-118.171937"],
    ["83R9+QP Charlotte Amalie, St Thomas, U.S. Virgin Islands", "/location?lat=18.341938&lon=-64.930688"],
  ])("%j is the place its town's middle recovers", async (pasted, location) => {
    expect(await read(pasted)).toMatchObject({ status: 303, location });
  });

  it.each([
    // A suburb with no post office of its name (Arlington, OH, by its last word), a state's name read as a town (Ohio, IL),
    // a code short by 6 characters: each was placed 4 km to 700 km off; now the 400 saying what to paste.
    ["2WGQ+M6 Upper Arlington, Ohio", "and the town after it does not place it here"],
    ["FCFX+RC Shaker Heights, Ohio", "and the town after it does not place it here"],
    ["R5GG+7J Lackawanna, New York", "and the town after it does not place it here"],
    // A rural town whose ZIP codes' middle is more than half a degree off, and whose areas hold none or several of the
    // code's places a degree apart (review of the mends 42 #1: Cordova's was placed in the Matanuska-Susitna Borough).
    ["G6VR+6R Cordova, Alaska", "and the town after it does not place it here"],
    ["JC+QV Chicago, Illinois", "too short to place from a town"],
  ])("%j is no place read from another town: 400", async (pasted, why) => {
    const answer = await read(pasted);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(`is a short plus code, ${why}`);
  });

  it.each([
    // A suburb with no post office of its name, with its state (review-late-43 L6: "These coordinates are not a place").
    ["FFF7+H5 Shaker Heights, OH", "A valid plus code, but this service cannot place it by “Shaker Heights, OH”", "/zip?zip=Shaker%20Heights%2C%20OH"],
    ["9XG2+R4 Mount Lebanon, PA", "A valid plus code, but this service cannot place it by “Mount Lebanon, PA”", "/zip?zip=Mount%20Lebanon%2C%20PA"],
    ["JC+QV Chicago, Illinois", "A valid plus code, but too short to place by a town", "/zip?zip=Chicago%2C%20IL"],
    ["V9MF+QV", "A valid plus code, but short: add its town, or paste the full code", undefined],
  ])("%j: the 400 is headed by what is true of the code, and offers what works", async (pasted, heading, byName) => {
    const { status, html } = await read(pasted);
    expect(status).toBe(400);
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).not.toContain("These coordinates are not a place");
    expect(html).toContain("What works: the full plus code (8 characters before the +)");
    expect(html).toContain("“Use my location” at the place itself");
    // The town by its name, where the search box answers it (Shaker Heights City School District).
    if (byName === undefined) expect(html).not.toContain('href="/zip?zip=');
    else expect(html).toContain(`the town by its name: <a href="${byName}">`);
  });

  it("says a plus code goes alone where the other box holds a number, and links it alone, which places it (review-loc-44 M1: 'cannot place it by “Chicago”')", async () => {
    for (const [query, box, other] of [
      ["lat=V9MF%2BQV%20Chicago&lon=-87.6", "Latitude", "-87.6"],
      ["lat=41.8&lon=V9MF%2BQV%20Chicago", "Longitude", "41.8"],
      ["lat=86HJV9MF%2BQV&lon=-87.6", "Latitude", "-87.6"],
    ]) {
      const res = await app.request(`/location?${query}`, { headers: { Accept: "text/html" } });
      const html = await res.text();
      expect(res.status, query).toBe(400);
      expect(html, query).toContain("<h1>A plus code goes alone in its box</h1>");
      expect(html, query).toContain(`in ${box} is a plus code, which names the whole place, and the other box holds “${other}” too`);
      expect(html, query).not.toContain("cannot place it by");
      expect(html, query).not.toContain("does not place it here");
    }
    const html = await (await app.request("/location?lat=V9MF%2BQV%20Chicago&lon=-87.6", { headers: { Accept: "text/html" } })).text();
    const link = /<a href="(\/location\?lat=[^"]+)">Look up “V9MF\+QV Chicago” alone<\/a>/.exec(html)?.[1];
    expect(link).toBe("/location?lat=V9MF%2BQV%20Chicago");
    const alone = await app.request(link!, { headers: { Accept: "text/html" } });
    expect([alone.status, alone.headers.get("location")]).toEqual([303, "/location?lat=41.884438&lon=-87.625313"]);
  });

  it("links the town by its words and its state's code, never a search of the state's name as a town (review-loc-44 M2: “Spokane Valley, Washington” listed the towns named Washington)", async () => {
    const spokane = await read("54FV+37 Spokane Valley, Washington");
    expect(spokane.status).toBe(400);
    // ("Spokane Valley, WA" is the 400 "No town called …": no link.)
    expect(spokane.html).not.toContain('href="/zip?zip=');
    const roeland = await read("XGH3+5V Roeland Park, Kansas");
    expect(roeland.html).not.toContain('href="/zip?zip=Roeland%20Park%2C%20Kansas"');
    const shaker = await read("FFF7+H5 Shaker Heights, Ohio");
    expect(shaker.html).toContain('the town by its name: <a href="/zip?zip=Shaker%20Heights%2C%20OH">the school districts found for “Shaker Heights, OH”</a>');
  });

  it("keeps the heading of coordinates that are no place, and offers no town for a town the search box does not find", async () => {
    const outOfRange = await app.request("/location?lat=91&lon=0", { headers: { Accept: "text/html" } });
    expect([outOfRange.status, await outOfRange.text()]).toEqual([400, expect.stringContaining("<h1>These coordinates are not a place</h1>")]);
    const unknown = await read("Q9XX+XX Nowhereville, ZZ");
    expect(unknown.html).toContain("<h1>A valid plus code, but this service cannot place it by “Nowhereville, ZZ”</h1>");
    expect(unknown.html).not.toContain('href="/zip?zip=');
  });
});

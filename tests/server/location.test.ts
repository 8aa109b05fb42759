/**
 * /location.json of the compiled binary (issue 12, "How it is checked"): known points,
 * the ocean, out-of-range coordinates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Problem } from "@school-districts/core";
import { DEFAULT_BASE, runBinary, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  districts: { leaid: string; district: string; level: string; url: string }[];
  zip: { zip: string; district: string } | null;
  in_zip_area: boolean;
  boundaries: { vintage: string; scale: string } | null;
  near_border: unknown;
  beyond_edge_m: number | null;
}
const locate = async (lat: string, lon: string) => fetch(`${server.url}/location.json?lat=${lat}&lon=${lon}`);

describe("GET /location.json on the binary", () => {
  it("the centre of Billings, MT: Billings Elementary and Billings High School district, and a Billings ZIP", async () => {
    const res = await locate("45.7833", "-108.5007");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.districts.map((d) => [d.district, d.level])).toEqual([
      ["Billings Elementary School District", "elementary"],
      ["Billings High School District", "secondary"],
    ]);
    expect(body.districts[0]!.url).toBe(`${DEFAULT_BASE}/district/${body.districts[0]!.leaid}.json`);
    expect(body.zip?.zip).toMatch(/^591/);
    expect(body.boundaries).toMatchObject({ vintage: "2016 (school year 2015-16)", scale: "1:500,000" });
  });

  it("a point in Beverly Hills: Beverly Hills Unified", async () => {
    const body = (await (await locate("34.0736", "-118.4004")).json()) as Answer;
    expect(body.districts.map((d) => d.district)).toEqual(["Beverly Hills Unified School District"]);
    expect(body.zip?.district).toBe("Beverly Hills Unified School District");
    expect([body.zip?.zip, body.in_zip_area]).toEqual(["90210", true]);
  });

  it("a 2020 block-group centre in Stamford, CT whose nearest ZCTA point is 06906's: the ZIP whose area holds it, 06905", async () => {
    const body = (await (await locate("41.083268", "-73.528314")).json()) as Answer;
    expect([body.zip?.zip, body.in_zip_area]).toEqual(["06905", true]);
    const page = await (await fetch(`${server.url}/location?lat=41.083268&lon=-73.528314`)).text();
    expect(page).toContain('This place (41.08327, -73.52831) lies in ZIP code <a href="/zip/06905">06905</a> (Stamford, CT)');
    expect(page).toContain("<h1>School districts of this place in Stamford, CT</h1>");
  });

  it("a point in a Census high-school piece (Tracy Unified (9-12) in Jefferson): Jefferson Elementary and, for high school, Tracy Unified", async () => {
    // The 2020 ZCTA internal point of 95304; the 2016 piece is joined by name (data/BOUNDARIES.md).
    const body = (await (await locate("37.680641", "-121.381561")).json()) as Answer;
    expect(body.districts.map((d) => [d.district, d.level])).toEqual([
      ["Jefferson Elementary School District", "elementary"],
      ["Tracy Unified School District", "secondary"],
    ]);
  });

  it.each([
    // Orofino Joint SD 171, ID: its nearest ZIP is more than half a degree away, and a Montana ZIP of another district is nearer.
    ["46.6", "-115.0"],
    // Aleutian Region SD, AK, west of 180°: its ZIP (Adak) lies east of 180°.
    ["51.45", "179.1"],
    // Elko County SD, NV, near the Utah line: a Utah ZIP of another district is nearer.
    ["40.3", "-114.1"],
  ])("%s, %s: the nearest ZIP is one that overlaps a district of the point (its /zip/{zip}/districts.json lists it)", async (lat, lon) => {
    const body = (await (await locate(lat, lon)).json()) as Answer;
    expect(body.zip).not.toBeNull();
    const own = (await (await fetch(`${server.url}/zip/${body.zip!.zip}/districts.json`)).json()) as { districts: { leaid: string }[] };
    const leaids = own.districts.map((d) => d.leaid);
    expect(body.districts.some((d) => leaids.includes(d.leaid)), `${body.zip!.zip} overlaps ${leaids.join(", ")}`).toBe(true);
  });

  it("a point in the Pacific: 404 location-not-found", async () => {
    const res = await locate("33.5", "-119.5");
    expect(res.status).toBe(404);
    expect(((await res.json()) as Problem).type).toBe(`${DEFAULT_BASE}/problems/location-not-found`);
  });

  it("a place 17 m from a state line: the page names the district beside it with its state and phone, and its own district's state (Kansas City 33, Missouri; Shawnee Mission, Kansas)", async () => {
    const html = await (await fetch(`${server.url}/location?lat=39.03&lon=-94.6075`, { headers: { Accept: "text/html" } })).text();
    expect(html).toMatch(
      /This place is less than 100 feet from the edge of its district as drawn, beside <a href="\/district\/2011640">Shawnee Mission Public Schools Unified School District<\/a>, Kansas, phone <a href="tel:\+19139936200">\(913\) 993-6200<\/a>\./,
    );
    expect(html).toMatch(/This place is in <a href="\/district\/2916400">Kansas City 33 School District<\/a>, Missouri/);
    // Away from a state line, no state is said (Billings: both districts in Montana, none beside).
    const billings = await (await fetch(`${server.url}/location?lat=45.7833&lon=-108.5007`, { headers: { Accept: "text/html" } })).text();
    expect(billings).not.toContain("</a>, Montana");
  });

  it("a place in Puerto Rico, which has no boundary file: its one district, boundaries null, the nearest ZIP code; 30 miles out at sea: 404", async () => {
    const res = await locate("18.4655", "-66.1057");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.districts.map((d) => [d.leaid, d.district, d.level])).toEqual([["7200030", "Puerto Rico Department of Education", "unified"]]);
    expect([body.boundaries, body.in_zip_area, body.near_border, body.beyond_edge_m, body.zip?.district]).toEqual([null, false, null, null, "Puerto Rico Department of Education"]);
    expect(body.zip?.zip).toMatch(/^009/);
    // The Virgin Islands have two districts and no boundaries: a point on an island gets the district of every ZIP code
    // of that island (Charlotte Amalie, St. Thomas: St. Thomas and St. John's), a point at sea between them none.
    const stThomas = await locate("18.3419", "-64.9307");
    expect(stThomas.status).toBe(200);
    expect(((await stThomas.json()) as Answer).districts.map((d) => d.leaid)).toEqual(["7800030"]);
    expect((await locate("18.0", "-64.8")).status).toBe(404);
    expect((await locate("18.9", "-66.1057")).status).toBe(404);
  });

  it("lat 91: 400 invalid-location", async () => {
    const res = await locate("91", "-108.5");
    expect(res.status).toBe(400);
    const p = (await res.json()) as Problem;
    expect(p.type).toBe(`${DEFAULT_BASE}/problems/invalid-location`);
    expect(p.detail).toContain("out of range");
  });

  it("a latitude given twice: the page says so and names no place from either value (review 34 #4)", async () => {
    // Billings and Beverly Hills: the first value with the longitude was read as Billings before.
    const res = await fetch(`${server.url}/location?lat=45.7833&lat=34.0736&lon=-108.5007`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Latitude is given 2 times: give it once");
    expect(html).not.toContain("59101");
    expect(html).not.toContain("Billings");
  });
});

describe("/about on the binary (issue 12, honest limits)", () => {
  it("says what the boundaries are: vintage, scale, approximate edges, enrollment decided by the district, what is not drawn", async () => {
    const res = await fetch(`${server.url}/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = html.slice(html.indexOf('<h2 id="boundaries">'), html.indexOf('<h2 id="numbers">'));
    expect(section).toContain("vintage 2016 (school year 2015-16)");
    expect(section).toContain("scale of 1:500,000");
    expect(section).toContain("approximate at the edges");
    expect(section).toContain("Enrollment is decided by the district");
    expect(section).toContain("What is not drawn: Puerto Rico and the other territories");
  });
});

describe("lookup --lat --lon on the binary", () => {
  it("prints the districts of the centre of Billings, exit 0; lat 91 exits 2", async () => {
    const ok = await runBinary(["lookup", "--lat", "45.7833", "--lon", "-108.5007"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("45.78330, -108.50070 is in Billings Elementary School District and Billings High School District.");
    const json = await runBinary(["lookup", "--lat", "34.0736", "--lon", "-118.4004", "--json"]);
    expect((JSON.parse(json.stdout) as Answer).districts.map((d) => d.district)).toEqual(["Beverly Hills Unified School District"]);
    const pr = await runBinary(["lookup", "--lat", "18.4655", "--lon", "-66.1057"]);
    expect(pr.code, pr.stderr).toBe(0);
    expect(pr.stdout).toContain("18.46550, -66.10570 is in Puerto Rico, where one public school district serves every address: Puerto Rico Department of Education (7200030, unified");
    const bad = await runBinary(["lookup", "--lat", "91", "--lon", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("out of range");
  });
});

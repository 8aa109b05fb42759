/**
 * Districts as resources against the compiled binary (issue 14): the chosen
 * district of 200 random ZIPs lists the ZIP with `chosen: true`; every
 * district's `zips` (share, basis, chosen, serves_most) agree with
 * `/zip/{zip}/districts.json` of every ZIP; the
 * state lists and the country CSV agree with the districts.
 */
import type { District, DistrictRecord, StateDistricts, ZipDistricts } from "@school-districts/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pool, REPO, runBinary, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let zips: string[];
const zipDistricts = new Map<string, ZipDistricts>();
const districts = new Map<string, District>();

const json = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}${path}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  server = await startServer();
  zips = (await json<{ zip: string }[]>("/index.json")).map((e) => e.zip);
  // Every ZIP's districts, then every district any of them names.
  await pool(zips, 16, async (zip) => void zipDistricts.set(zip, await json<ZipDistricts>(`/zip/${zip}/districts.json`)));
  const leaids = new Set([...zipDistricts.values()].flatMap((z) => [...z.districts, ...z.newer_districts].map((d) => d.leaid)));
  await pool([...leaids], 16, async (leaid) => void districts.set(leaid, await json<District>(`/district/${leaid}.json`)));
}, 600_000);
afterAll(async () => {
  await server?.stop();
});

describe("/district/{leaid}.json against /zip/{zip}/districts.json", () => {
  it("lists each of 200 random ZIPs with chosen: true in the district its record names", async () => {
    // A seeded sample, so a failure replays.
    const sample = fc.sample(fc.constantFrom(...zips), { seed: 20261122, numRuns: 200 });
    expect(sample.length).toBe(200);
    for (const zip of sample) {
      const record = await json<DistrictRecord>(`/zip/${zip}.json`);
      const chosen = zipDistricts.get(zip)!.districts.filter((d) => d.chosen);
      expect(chosen.length, zip).toBe(1);
      expect(chosen[0]!.district, zip).toBe(record.district);
      const district = await json<District>(`/district/${chosen[0]!.leaid}.json`);
      expect(district.district).toBe(record.district);
      expect(district.zips.find((z) => z.zip === zip), `${zip} in ${district.leaid}`).toMatchObject({ zip, chosen: true });
    }
  });

  it("gives every district exactly the ZIPs, shares (overall and per grade level), bases, choices and serves_most marks of the ZIPs' lists", () => {
    const expected = new Map<string, District["zips"]>();
    for (const zip of zips) {
      for (const d of zipDistricts.get(zip)!.districts) {
        const list = expected.get(d.leaid) ?? [];
        list.push({ zip, share: d.share, basis: d.basis, chosen: d.chosen, serves_most: d.serves_most, share_elementary: d.share_elementary, share_secondary: d.share_secondary });
        expected.set(d.leaid, list);
      }
      // A district newer than the maps is named by its office's ZIP and overlaps none.
      for (const d of zipDistricts.get(zip)!.newer_districts) expected.set(d.leaid, expected.get(d.leaid) ?? []);
    }
    expect(districts.size).toBe(expected.size);
    let mismatches = 0;
    for (const [leaid, d] of districts) {
      // /index.json is in ZIP order, so each expected list is too.
      if (JSON.stringify(d.zips) !== JSON.stringify(expected.get(leaid))) {
        mismatches++;
        expect(d.zips, leaid).toEqual(expected.get(leaid));
      }
    }
    expect(mismatches).toBe(0);
    // One chosen district per ZIP, counted from the districts' side.
    const chosen = [...districts.values()].reduce((n, d) => n + d.zips.filter((z) => z.chosen).length, 0);
    expect(chosen).toBe(zips.length);
  });
});

describe("/state/{state}/districts.json and /bulk/districts.csv", () => {
  it("list every district once, with the counts of its /district/{leaid}.json", async () => {
    const states = (await json<{ components: { schemas: { StateCode: { enum: string[] } } } }>("/openapi.json")).components.schemas.StateCode.enum;
    const seen = new Set<string>();
    for (const state of states) {
      const s = await json<StateDistricts>(`/state/${state}/districts.json`);
      expect(s.count).toBe(s.districts.length);
      for (const summary of s.districts) {
        expect(seen.has(summary.leaid), summary.leaid).toBe(false);
        seen.add(summary.leaid);
        const d = districts.get(summary.leaid)!;
        expect(summary.state).toBe(state);
        expect(summary.overlapping_zips).toBe(d.zips.length);
        expect(summary.chosen_zips).toBe(d.zips.filter((z) => z.chosen).length);
        expect(summary.district).toBe(d.district);
        // Its caveats too (consumers audit 30 #3: they were in no district-level download).
        expect([summary.per_pupil_year, summary.rating_source, summary.notes], summary.leaid).toEqual([d.per_pupil_year, d.rating_source, d.notes]);
      }
    }
    expect(seen.size).toBe(districts.size);
    const csv = await (await fetch(`${server.url}/bulk/districts.csv`)).text();
    const ids = csv.split("\r\n").slice(1, -1).map((line) => line.slice(0, 7));
    expect(ids).toEqual([...districts.keys()].sort());
  });
});

describe("a district newer than the 2016 boundaries, its share estimated by land (share-by-land note)", () => {
  it("04275 (Roxbury and Byron, ME): its page says under the answer that Byron's part is estimated from its land, and whom to ask", async () => {
    const byron = zipDistricts.get("04275")!.districts.find((d) => d.leaid === "2314835")!;
    const note = byron.notes?.find((n) => n.code === "share-by-land");
    expect(note?.text).toMatch(/^Byron Public Schools was formed after the 2016 Census school-district maps: in ZIP code 04275, its share of the residents is an estimate from its land area \(NCES, 2021\), not a count\. Ask it whether it serves your address\.$/);
    const page = await (await fetch(`${server.url}/zip/04275`)).text();
    const answer = page.indexOf('<p class="answer">');
    expect(page.indexOf("Byron Public Schools was formed after the 2016 Census school-district maps")).toBeGreaterThan(answer);
    expect(note?.zips).toEqual(["04275"]);
    // Only on the pages of the ZIPs it names (review 31b #2): 72099 is all Jacksonville North Pulaski's, 72076 shared by land.
    const jnp = zipDistricts.get("72099")!.districts.find((d) => d.leaid === "0500419")!.notes!.find((n) => n.code === "share-by-land")!;
    expect(jnp.zips).toContain("72076");
    expect(jnp.zips).not.toContain("72099");
    const page72099 = await fetch(`${server.url}/zip/72099`);
    expect(page72099.status).toBe(200);
    expect(await page72099.text()).not.toContain("was formed after the 2016 Census school-district maps");
    expect(await (await fetch(`${server.url}/zip/72076`)).text()).toContain("Jacksonville North Pulaski School District was formed after the 2016 Census school-district maps: in ZIP codes 72076,");
    // A district with a boundary of its own has no such note (RSU 10, the other district of 04275).
    expect(zipDistricts.get("04275")!.districts.find((d) => d.leaid === "2314795")!.notes?.some((n) => n.code === "share-by-land") ?? false).toBe(false);
  });
});

describe("town pages say what the ZIP pages say (pages audit 32 #3, #4), through the binary's wiring", () => {
  it("Sun City, AZ groups 85351 as mostly in no school district; Billings, MT names its high-school district", async () => {
    const sunCity = await (await fetch(`${server.url}/zip?zip=${encodeURIComponent("Sun City, AZ")}`)).text();
    expect(sunCity).toContain('<h3>Mostly in no school district</h3>\n<ul class="zips"><li><a href="/zip/85351">85351</a></li></ul>');
    const billings = await (await fetch(`${server.url}/zip?zip=${encodeURIComponent("Billings, MT")}`)).text();
    expect(billings).toMatch(/<p>High school: <a href="\/district\/3003900">Billings High School District<\/a> \(\d+ ZIP codes\)\.<\/p>/);
  });
});

describe("a district's name typed into the search box (pages audit 33 #2), through the binary's wiring", () => {
  const search = (typed: string) => fetch(`${server.url}/zip?zip=${encodeURIComponent(typed)}`, { redirect: "manual" });
  /** Each text typed answers 303 to its district's page. */
  const opens = async (cases: readonly (readonly [string, string])[]) => {
    for (const [typed, leaid] of cases) {
      const res = await search(typed);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, `/district/${leaid}`]);
    }
  };
  it("goes to the district's page where one is meant: 'Houston ISD' is Houston's district, not Houstonia, MO", async () => {
    await opens([
      ["Houston ISD", "4823640"],
      ["Chicago Public Schools", "1709930"],
      ["Los Angeles Unified", "0622710"],
      ["Memphis-Shelby County Schools", "4700148"],
    ]);
  });
  it("lists the districts of a shared name, the largest first, each linked; an old name finds the district renamed since", async () => {
    const clark = await search("Clark County School District");
    expect(clark.status).toBe(200);
    const page = await clark.text();
    expect(page).toContain("<h1>School districts for “Clark County School District”</h1>");
    expect(page.indexOf('<a href="/district/3200060">Clark County School District</a>')).toBeLessThan(page.indexOf('<a href="/district/2101200">'));
    // "Shelby County Schools", Memphis' name until 2021: Memphis-Shelby County Schools, the largest, first.
    const shelby = await (await search("Shelby County Schools")).text();
    expect(shelby).toMatch(/<ul class="links">\n<li><a href="\/district\/4700148">Memphis-Shelby County Schools<\/a>/);
    // "NYC" is New York: its boroughs' ZIP codes, each in its Department of Education, first (New York
    // R-IV, MO, has the name too): '<town> schools' is the town (pages audit 34 #1).
    const nyc = await (await search("NYC Public Schools")).text();
    expect(nyc).toContain("<h1>School districts of New York City, by ZIP code</h1>");
    expect(/href="\/district\/([0-9]{7})"/.exec(nyc)?.[1]).toBe("3620580");
  });
  it("a name no district has, or a school's, gets a 400 page that says so and where to look, in its title too", async () => {
    const none = await search("Springfeld Public Schools");
    expect(none.status).toBe(400);
    const noneHtml = await none.text();
    expect(noneHtml).toContain("<h1>No school district named “Springfeld Public Schools”</h1>");
    expect(noneHtml).toContain("No school district in this service is named “Springfeld Public Schools”.");
    const school = await search("Lincoln High School");
    expect(school.status).toBe(400);
    const schoolHtml = await school.text();
    expect(schoolHtml).toContain("<h1>Schools are not listed: look up the home&#39;s ZIP code</h1>");
    expect(schoolHtml).toContain("reads as a school's name: this service finds school districts, not single schools.");
  });
  it("the very name of a district opens it, however generic its words (review 33 #2)", async () => {
    await opens([
      ["School District U-46", "1713710"],
      ["District of Columbia Public Schools", "1100030"],
      ["Beverly Hills Unified", "0604830"],
      ["Central Unified School District", "0607970"],
    ]);
  });
  it("a town of Palau, Micronesia or the Marshall Islands is said to be outside the United States (review 33 #9: 'Majuro' had no answer)", async () => {
    for (const [typed, country] of [["Majuro", "The Marshall Islands are"], ["Koror, PW", "Palau is"], ["Pohnpei", "The Federated States of Micronesia are"]] as const) {
      const res = await search(typed);
      expect([typed, res.status]).toEqual([typed, 400]);
      expect(await res.text()).toContain(`<h1>${country} outside the United States</h1>`);
    }
  });
  it("a small district's very name does not hide a much larger one of the same words; an address on a 'Public School Rd' is its town (review 33b #1, #2)", async () => {
    const orange = await search("Orange County Public Schools");
    expect(orange.status).toBe(200);
    // Both: Florida's Orange County School District, of the very words and 40 times larger, first,
    // then the one of that very name, Virginia's, marked (pages audit 34 #2; review 33b had it second).
    const orangeHtml = await orange.text();
    expect(orangeHtml).toMatch(/<ul class="links">\n<li><a href="\/district\/1201440">Orange County School District<\/a>/);
    expect(orangeHtml).toMatch(/<li><a href="\/district\/5102820">Orange County Public Schools<\/a><span class="county">[^<]* · the name typed<\/span><\/li>/);
    const road = await search("123 Public School Rd, Springfield, IL");
    expect(road.status).toBe(200);
    expect(await road.text()).toContain("<h1>ZIP codes of Springfield, IL</h1>");
  });
  it("review 33c: a state after a district's name keeps to that state; a plain everyday name lists the larger namesake; 'X County SD' is a district; a ZIP code before a town whose name ends in two letters", async () => {
    const hazleton = await search("Hazleton Public Schools, IN");
    expect(hazleton.status).toBe(200);
    const hazletonPage = await hazleton.text();
    expect(hazletonPage).toContain("Hazleton, IN");
    expect(hazletonPage).not.toContain("/district/4211700");
    const portland = await search("Portland Public Schools");
    expect(portland.status).toBe(200);
    expect(await portland.text()).toContain('href="/district/4110040"');
    const dallas = await search("Dallas County SD");
    expect([dallas.status, dallas.headers.get("location")]).toEqual([303, "/district/0101110"]);
    for (const [typed, zip] of [["87507 Santa Fe", "87507"], ["96960 Majuro", "96960"]] as const) {
      const res = await search(typed);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, `/zip/${zip}`]);
    }
  });
  it("a town with its state's code is the town, South Dakota's too (review 33 #1: 'SD' read as a school district's)", async () => {
    for (const typed of ["Rapid City, SD", "Box Elder, SD", "Sturgis SD", "123 Main St, Sioux Falls, SD"]) {
      const res = await search(typed);
      expect([typed, res.status]).toEqual([typed, 200]);
      expect(await res.text()).toMatch(/<h1>ZIP codes of [^<]*, SD<\/h1>/);
    }
  });
});

describe("district facts the pages audit 33 found wrong (#1) or stale (answers audit 33 #6)", () => {
  it("DC Public Schools' website is its own (data/websites.csv), not one of its schools'; Memphis' district has its name of today", async () => {
    const dc = districts.get("1100030")!;
    expect(dc.website).toBe("http://www.dcps.dc.gov");
    const page20002 = await fetch(`${server.url}/zip/20002`);
    expect(page20002.status).toBe(200);
    expect(await page20002.text()).not.toContain("schoolwithinschool");
    expect(districts.get("4700148")!.district).toBe("Memphis-Shelby County Schools");
  });
});

describe("districts newer than every map (newer-than-maps note, newer_districts)", () => {
  it("36561 (Orange Beach, AL) names Orange Beach City under its answer, with its phone and whom to ask, and gives it no share", async () => {
    const here = zipDistricts.get("36561")!;
    expect(here.newer_districts.map((d) => [d.leaid, d.office_zip, d.level])).toEqual([["0103581", "36561", "unified"]]);
    expect(here.districts.some((d) => d.leaid === "0103581")).toBe(false);
    const page = await (await fetch(`${server.url}/zip/36561`)).text();
    const note = page.indexOf('<a href="/district/0103581">Orange Beach City School District</a> (its schools teach Pre-Kindergarten – 12th, phone');
    expect(note).toBeGreaterThan(page.indexOf('<p class="answer">'));
    expect(page.slice(note)).toMatch(/^[^]*?\) is newer than the school-district maps this answer comes from: the NCES directory of 2023-24 lists it with its office in this ZIP code, .* It may serve yours: ask it\.<\/p>/);
    // Its own resource: the directory's facts, no ZIPs, the note naming the office's ZIP.
    const d = districts.get("0103581")!;
    expect(d.zips).toEqual([]);
    expect(d.notes?.find((n) => n.code === "newer-than-maps")?.zips).toEqual(["36561"]);
    expect(d.phone).not.toBe("");
  });

  it("the town page, the location page and the CLI of Orange Beach name it too (review 32 #3)", async () => {
    const sentence = "newer than the school-district maps this answer comes from, has its office in ZIP code 36561: it may serve this place; ask it.";
    const town = await (await fetch(`${server.url}/zip?zip=Orange+Beach`)).text();
    expect(town).toContain(`<a href="/district/0103581">Orange Beach City School District</a>, ${sentence}`);
    const place = await (await fetch(`${server.url}/location?lat=30.2944&lon=-87.5736`)).text();
    expect(place).toContain(`<a href="/district/0103581">Orange Beach City School District</a>, ${sentence}`);
    expect((await runBinary(["lookup", "36561"])).stdout).toContain(`\nOrange Beach City School District, ${sentence}\n`);
    const district = (await runBinary(["lookup", "--district", "0103581"])).stdout;
    expect(district).toMatch(/^Orange Beach City School District is newer than the school-district maps .* Ask it whether it serves yours\. \(0103581, AL, unified\)\n/);
    expect(district).not.toContain("ZIP codes (share");
  });

  it("each newer district is named by the ZIPs of its office (or of the area of its PO-box office) only, overlaps none, and a neighbour's page does not name it", async () => {
    const named = [...zipDistricts.values()].flatMap((z) => z.newer_districts.map((n) => ({ zip: z.zip, zcta: z.zcta, ...n })));
    expect(new Set(named.map((n) => n.leaid)).size).toBeGreaterThanOrEqual(3);
    for (const n of named) {
      expect(districts.get(n.leaid)!.zips).toEqual([]);
      expect(districts.get(n.leaid)!.notes?.find((x) => x.code === "newer-than-maps")?.zips).toEqual([n.office_zip]);
    }
    expect(zipDistricts.get("36542")!.newer_districts).toEqual([]);
    const page36542 = await fetch(`${server.url}/zip/36542`);
    expect(page36542.status).toBe(200);
    expect(await page36542.text()).not.toContain("newer than the school-district maps");
  });
});

describe("former district ids (data/manifest.json former_districts: 2016 boundaries merged, closed or renamed since)", () => {
  const former = (JSON.parse(readFileSync(resolve(REPO, "data/manifest.json"), "utf8")) as { former_districts: Record<string, { name: string; district: string; parts?: string[] }> }).former_districts;

  it("each answers 404 naming the district of today its area is part of, which answers 200", async () => {
    expect(Object.keys(former).length).toBeGreaterThan(100);
    await pool(Object.entries(former), 16, async ([leaid, f]) => {
      expect(districts.has(leaid), leaid).toBe(false);
      const res = await fetch(`${server.url}/district/${leaid}.json`);
      expect(res.status, leaid).toBe(404);
      const now = await json<District>(`/district/${f.district}.json`);
      // A district split since (West Clark, 1809370): each other district drawn over part of it, which answers 200 too.
      const named = [`district ${f.district} (${now.district}), /district/${f.district}.json`];
      for (const p of f.parts ?? []) named.push(`district ${p} (${(await json<District>(`/district/${p}.json`)).district}), /district/${p}.json`);
      const where = named.length === 1 ? `part of ${named[0]}` : `split between ${new Intl.ListFormat("en", { type: "conjunction" }).format(named)}`;
      expect(((await res.json()) as { detail: string }).detail, leaid).toBe(
        `District ${leaid} is not a district today: the Census Bureau's 2016 school district boundaries name it ${f.name}, and its area is now ${where}.`,
      );
    });
    expect(former["1809370"]).toEqual({ name: "West Clark Community Schools", district: "1800212", parts: ["1800213"] });
  });

  it("the page of Chickasaw County School District's 2016 id (2800960, merged into 2800200) says so and links today's district", async () => {
    expect(former["2800960"]?.district).toBe("2800200");
    const res = await fetch(`${server.url}/district/2800960`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<h1>Chickasaw County School District (2800960) is not a school district today</h1>");
    expect(html).toContain('Its area is now part of <a href="/district/2800200">');
  });
});

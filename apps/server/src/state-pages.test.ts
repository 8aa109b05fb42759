/**
 * State pages over the committed dataset (data/): each district's counts agree with its own page,
 * ZIP codes where people live only (pages audit 34 #6: DC's 255 against 57; review 34 #5: Phoenix
 * Union's "high school of 44" against its page's 22), in states with PO-box ZIP codes and
 * high-school districts. The one-district states and territories say their answer first (pages audit
 * 38 #4), and the real Evanston pair of districts name each other (pages audit 38 #3).
 */
import { resolve } from "node:path";
import type { District, ZipDistricts } from "@school-districts/core";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../test/helpers.ts";
import { districtPage } from "./district-pages.ts";
import type { Site } from "./site.ts";

const DATA = resolve(import.meta.dirname, "../../../data");
let app: Hono;
let site: Site;
beforeAll(async () => {
  ({ app, site } = await testApp(DATA));
}, 120_000);

const text = async (path: string) => (await app.request(path, { headers: { Accept: "text/html" } })).text();

describe("state pages agree with their districts' pages", () => {
  it.each(["DC", "MT", "AZ", "IL"])("%s: 'Main district of' and 'high school of' are the district page's counts", async (state) => {
    const html = await text(`/state/${state}`);
    const rows = [...html.matchAll(/<a href="\/district\/([0-9]{7})">[\s\S]*?data-label="Main district of">([^<]*)<\/td>/g)].map((m) => ({ leaid: m[1]!, cell: m[2]! }));
    expect(rows.length).toBeGreaterThan(0);
    let highSchools = 0;
    for (const { leaid, cell } of rows) {
      const page = await text(`/district/${leaid}`);
      // The page's own counts: its "main district of N" and "high-school district of N" ZIP codes where people live.
      const counted = (id: string) => Number(new RegExp(`id="${id}">[^<]*</h2>\n<table><caption>The ([0-9,]+) ZIP codes? `).exec(page)?.[1]?.replace(/,/g, "") ?? 0);
      const [named, high] = [counted("main-zips"), counted("high-school-zips")];
      const [cellNamed, cellHigh] = [Number(/^([0-9,]+)/.exec(cell)?.[1]?.replace(/,/g, "")), Number(/high school of ([0-9,]+)/.exec(cell)?.[1]?.replace(/,/g, "") ?? 0)];
      expect({ leaid, named: cellNamed, high: cellHigh }).toEqual({ leaid, named, high });
      if (high > 0) highSchools++;
    }
    // Montana and Arizona have high-school districts over elementary ones: the column is exercised.
    if (state === "MT" || state === "AZ") expect(highSchools).toBeGreaterThan(0);
  }, 120_000);
});

describe("one-district states and territories (pages audit 38 #4)", () => {
  it.each([
    ["HI", "Hawaii", "1500030", "Hawaii Department of Education"],
    ["DC", "the District of Columbia", "1100030", "District of Columbia Public Schools"],
    ["PR", "Puerto Rico", "7200030", "Puerto Rico Department of Education"],
    ["GU", "Guam", "6600002", "Guam Department of Education"],
    ["AS", "American Samoa", "6000030", "American Samoa Department of Education"],
    ["MP", "the Northern Marianas", "6900002", "Commonwealth of the Northern Mariana Islands Public School System"],
  ])("%s: the answer first, linked, with the phone; no split-ZIP caveat", async (state, name, leaid, district) => {
    const html = await text(`/state/${state}`);
    const phone = ((await (await app.request(`/district/${leaid}.json`)).json()) as District).phone;
    expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    const lead = `<p>One public school district serves every address in ${name}: <a href="/district/${leaid}">${district}</a>, phone <a href="tel:+1${phone.replace(/\D/g, "")}">${phone}</a>. It is the main district of `;
    expect(html).toContain(`</h1>\n${lead}`);
    expect(html).not.toContain("can be split across several districts");
  });

  it("the U.S. Virgin Islands (two districts) keep the count and the caveat", async () => {
    const html = await text("/state/VI");
    expect(html).toContain("2 school districts of the U.S. Virgin Islands are in this dataset");
    expect(html).toContain("can be split across several districts");
  });
});

describe("district pages name the district of the other grade level (pages audit 38 #3)", () => {
  // The lookup the page is given: every ZIP code's districts, as /zip/{zip}/districts.json lists them.
  const districtsOf = (lists: Map<string, ZipDistricts["districts"]>) => (zip: string) => lists.get(zip) ?? [];
  const page = async (leaid: string) => {
    const d = (await (await app.request(`/district/${leaid}.json`)).json()) as District;
    const lists = new Map<string, ZipDistricts["districts"]>();
    for (const z of d.zips) lists.set(z.zip, ((await (await app.request(`/zip/${z.zip}/districts.json`)).json()) as ZipDistricts).districts);
    return districtPage(d, () => "", site.facts, "", "Illinois", districtsOf(lists));
  };

  it("Evanston District 65 names Evanston Township High School District 202, and the reverse, each alone (Skokie's small overlaps left out)", async () => {
    const elementary = await page("1714460");
    expect(elementary).toContain('<p>High school: the ZIP codes of its area are mostly in <a href="/district/1714490">Evanston Township High School District 202</a>, the district teaching high school there.</p>');
    expect(elementary).not.toContain("Niles Township");
    const secondary = await page("1714490");
    expect(secondary).toContain('<p>Lower grades: its students come mostly from <a href="/district/1714460">Evanston Community Consolidated School District 65</a>, the elementary district of the ZIP codes it covers.</p>');
  }, 60_000);
});

/**
 * Error pages a person reaches by mistake (pages audit 39 #6, #7): a mistyped ZIP code, a retired
 * ZIP code the data names "ZCTA 45418", a district link damaged in copying, and the heading of the
 * page of a misspelt town.
 */
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, testApp } from "../test/helpers.ts";
import type { CityMatch } from "./city-search.ts";
import { errorPage, nearZipsHtml, zipLikeNumber } from "./error-pages.ts";
import { townNameTyped, townPage } from "./town-page.ts";
import { countyPlace, problem, zipNotFoundDetail } from "./problems.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const facts = { updated: "2026-11-22", records: 1, baseUrl: BASE };
let app: Hono;
beforeAll(async () => {
  ({ app } = await testApp());
});
const page = (path: string) => app.request(path, { headers: { Accept: BROWSER } });

describe("a mistyped ZIP code's 404 offers the ZIP codes of its first 3 digits (pages audit 39 #6)", () => {
  it("lists them with their towns, linked, the one a digit off first", async () => {
    // 90209 is one digit off 90299; 90210 is the nearer number.
    const res = await page("/zip/90299");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<h2>ZIP codes that begin with 902</h2>");
    expect(html).toContain('<ul class="links"><li><a href="/zip/90209">90209</a> Beverly Hills, CA</li><li><a href="/zip/90210">90210</a> Beverly Hills, CA</li></ul>');
    expect(html).toContain("Check the digits");
  });
  it("lists none where no ZIP code begins the same, nor for a program", async () => {
    expect(await (await page("/zip/12345")).text()).not.toContain("ZIP codes that begin with");
    const json = await app.request("/zip/90299.json");
    expect(json.status).toBe(404);
    expect(((await json.json()) as { detail: string }).detail).toBe("ZIP code 90299 is not in the dataset. /index.json lists every ZIP code covered.");
  });
  it("says so where only one begins the same", () => {
    expect(nearZipsHtml("99951", [{ zip: "99950", city: "Ketchikan", state: "AK" }])).toContain("the only one that begins the same");
    expect(nearZipsHtml("99951", [])).toBe("");
  });
});

describe("a retired ZIP code the data names by its ZIP area (pages audit 39 #6)", () => {
  const dayton = { zip: "45418", city: "ZCTA 45418", state: "OH", type: "populated ZCTA, missing zip", zcta: "45418", county: "Montgomery County" };
  const montgomery: CityMatch = { city: "Montgomery County", state: "OH", county: true, zips: [{ zip: "45402", district: "Dayton City School District", leaid: "3904384", share: 1, poBox: false }] };
  const html = errorPage(problem(BASE, "zip-not-found", zipNotFoundDetail("45418", dayton), "/zip/45418"), "zip-not-found", facts, { postal: dayton, cityZips: [], countyTown: montgomery });
  it("never names “ZCTA 45418” as a town, nor calls it real", () => {
    expect(html).not.toContain("ZCTA 45418");
    expect(html).not.toContain("real ZIP code");
    expect(html).toContain("<h1>ZIP code 45418 is not on the Postal Service&#39;s list</h1>");
    expect(html).toContain("45418 is not on the Postal Service's list of ZIP codes this service uses (UDS Mapper, 2020), though the 2020 Census draws its area, in Montgomery County, OH:");
    // Not "retired", nor that its homes have another ZIP code: the list lacking it does not say why (review of the late commits 39 #3).
    expect(html).not.toContain("retired");
    expect(html).not.toContain("now have another ZIP code");
    expect(html).toContain("<h2>ZIP codes of Montgomery County, OH, where 45418 is</h2>");
    // Its city's ZIP codes were never looked up: not "no other ZIP code of Montgomery County has a record".
    expect(html).not.toContain("No other ZIP code");
  });
  it("says the same in the problem's detail", () => {
    expect(zipNotFoundDetail("45418", dayton)).toBe(
      "ZIP code 45418 is not on the Postal Service's list of ZIP codes (Montgomery County, OH; UDS Mapper: populated ZCTA, missing zip), though the 2020 Census draws its area, so no school district record in this dataset: look up the ZIP code of the home's street address.",
    );
  });
});

describe("a district link damaged in copying gets the district meant (pages audit 39 #6)", () => {
  it.each(["/district/604830", "/district/0604830.", "/district/0604830)", "/district/604830,"])("%s suggests /district/0604830", async (path) => {
    const res = await page(path);
    expect(res.status).toBe(400);
    // Named, so a parent can tell it is theirs (review of the late commits 39 #5).
    expect(await res.text()).toContain('Did you mean <a href="/district/0604830">Beverly Hills Unified School District (0604830)</a>?');
  });
  it("keeps the problem's detail the command line's (lookup.ts)", async () => {
    const res = await app.request("/district/604830.json");
    expect(((await res.json()) as { detail: string }).detail).toBe('"604830" is not a district id: use the 7-digit NCES LEAID, for example /district/0604830.json.');
  });
  it("suggests no district that has no page", async () => {
    const html = await (await page("/district/123456")).text();
    expect(html).not.toContain("Did you mean");
  });
});

describe("the page of towns with a name like the one typed (pages audit 39 #7)", () => {
  const town = (city: string, state: string): CityMatch => ({ city, state, close: true, zips: [{ zip: "60601", district: "Chicago Public School District 299", leaid: "1709930", share: 1, poBox: false }] });
  it("says the towns have a name like it, not that they are named so", () => {
    const html = townPage("Chicgo", [town("Chicago", "IL"), town("Chico", "CA")], facts);
    expect(html).toContain("<h1>ZIP codes of towns with a name like “Chicgo”</h1>");
    expect(html).not.toContain("named “Chicgo”");
  });
  it("does not quote the state as part of the name", () => {
    const html = townPage("Pittsburg PA", [town("Pittsburgh", "PA"), town("Pittsburg", "KS")], facts);
    expect(html).toContain("<title>ZIP codes of towns with a name like “Pittsburg”</title>");
  });
  it.each([
    ["Pittsburg PA", "Pittsburg"],
    ["Pittsburg, pa.", "Pittsburg"],
    ["Pittsburg KS", "Pittsburg KS"],
    ["Chicgo", "Chicgo"],
  ])("townNameTyped(%j) is %j", (typed, name) => expect(townNameTyped(typed, [{ state: "PA" }])).toBe(name));
});

describe("a district id not in the dataset names the state of its first two digits (pages audit 39 #6)", () => {
  it("links the state's page, whose list has every district of it; not for digits no state has", async () => {
    // 72 is Puerto Rico's (7200030); 7299999 is no district.
    const res = await page("/district/7299999");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<p>Its first two digits are those of the districts of Puerto Rico: <a href="/state/PR">every school district of Puerto Rico</a> is on its page.</p>');
    const none = await (await page("/district/9999999")).text();
    expect(none).not.toContain("Its first two digits");
    expect(none).toContain("Every district is listed on its state's page");
  });
});

describe("countyPlace (review of the late commits 39 #3, newest #5)", () => {
  it("names a county with its state's code, and the District of Columbia as itself", () => {
    expect(countyPlace("Montgomery County", "OH")).toBe("Montgomery County, OH");
    expect(countyPlace("District of Columbia", "DC")).toBe("the District of Columbia");
  });
});

describe("a Massachusetts town's ZIP code short of its zero, typed without the state (review-links-43 #2)", () => {
  // 02062 is Norwood's, 01902 Lynn's, 01930 Gloucester's, 02025 Cohasset's: a number that is a year, after its town.
  const towns: Record<string, string> = { "02062": "Norwood", "01902": "Lynn", "01930": "Gloucester", "02025": "Cohasset" };
  const townOfZip = (zip: string) => towns[zip];
  it.each([
    ["12 Main St, Norwood 2062", "2062"],
    ["12 Main St Lynn 1902", "1902"],
    ["Gloucester, Massachusets 1930", "1930"],
    // A year after no town of its ZIP code stays a year.
    ["Class of 2025", undefined],
    ["Norwood class of 2025", undefined],
    ["12 Main St, Norwoodville 2062", undefined],
  ])("%j holds %j", (typed, number) => {
    expect(zipLikeNumber(typed, townOfZip)).toBe(number);
  });

  it("says the number has 4 digits, not that no town is found", () => {
    const typed = "12 Main St, Norwood 2062";
    const html = errorPage(problem(BASE, "invalid-zip", "not a ZIP code", "/zip"), "invalid-zip", facts, { typed, townOfZip });
    expect(html).toContain("“2062” has 4 digits: a ZIP code has 5");
    expect(html).not.toContain("No town found");
  });
});

describe("a number like a ZIP code's among words (review of stop 42 #3)", () => {
  it.each([
    ["Boston, MA 2108", "2108"],
    ["Chicago IL 606011", "606011"],
    ["Springfield IL 627O1", "627O1"],
    ["ZIP 9021", "9021"],
    ["zip 021", "021"],
    ["123 Main St, Springfield, IL 6270", "6270"],
    ["9021 Beverly Hills", "9021"],
    ["12 Oak St, Davie, FL", undefined],
    ["PO Box 1234, Hoover, AL", undefined],
    ["CHSD 218", undefined],
    ["NEW YORK CITY GEOGRAPHIC DISTRICT #31", undefined],
    ["Ohio", undefined],
    // A year among words is none (review 42 final #7: "Class of 2025" was told "“2025” has 4 digits"), unless
    // Massachusetts, whose ZIP codes 01900-02099 they are short of a zero, or "ZIP" is typed with it.
    ["Class of 2025", undefined],
    ["2024-2025 school calendar", undefined],
    ["kindergarten registration 2025", undefined],
    ["Cohasset, MA 2025", "2025"],
    ["Lynn, Massachusetts 1902", "1902"],
    ["Salem Mass. 1970", "1970"],
    ["ZIP 2025", "2025"],
    ["escuelas cerca de 7800", "7800"],
    // A phone number's last digits are none (review-late-43 L2: "Boston MA (617) 555-1234" was told "“1234” has 4 digits").
    ["Boston MA (617) 555-1234", undefined],
    ["Boston MA 555-1234", undefined],
  ])("%j holds %j", (typed, number) => {
    expect(zipLikeNumber(typed)).toBe(number);
  });
});

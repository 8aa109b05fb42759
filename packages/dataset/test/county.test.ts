import { describe, expect, it } from "vitest";
import { CountyResolver, OFFICE_COUNTY_SHARE } from "../src/county.ts";
import type { GeoNamesZip, HudRow } from "../src/sources.ts";

const stateFips = new Map([["VA", "51"], ["AK", "02"], ["LA", "22"]]);
const hud = (zip: string, fips: string, res = 1, tot = 1): HudRow => ({ zip, fips, res, tot });
const geo = (state: string, county: string, countyCode: string, city = "X"): GeoNamesZip => ({ city, state, county, countyCode });

describe("county names derived from the sources", () => {
  const r = new CountyResolver({
    stateFips,
    hud: [
      hud("22030", "51600", 0.34, 0.38), hud("22030", "51059", 0.66, 0.62), hud("22031", "51059"), hud("22032", "51600"),
      hud("24523", "51019"), hud("24095", "51019"), hud("24101", "51019"),
      hud("99689", "02282"),
      hud("70112", "22071"),
    ],
    geonames: new Map([
      ["22030", geo("VA", "Fairfax (city)", "600")],
      ["22031", geo("VA", "Fairfax", "059")],
      ["24523", geo("VA", "Bedford", "019")],
      ["99689", geo("AK", "Skagway-Hoonah-Angoon", "232")],
      ["70112", geo("LA", "Orleans", "071")],
    ]),
    nrviens: [
      { zip: "22032", fips: "51600", county: "Fairfax City", state: "VA" },
      { zip: "22031", fips: "51059", county: "Fairfax", state: "VA" },
      { zip: "99689", fips: "02282", county: "Yakutat", state: "AK" },
    ],
    zctaCounties: new Map([
      ["22030", { state: "VA", county: "Fairfax city" }],
      ["22031", { state: "VA", county: "Fairfax County" }],
      ["24523", { state: "VA", county: "Bedford city" }],
      ["24095", { state: "VA", county: "Bedford County" }],
      ["24101", { state: "VA", county: "Bedford County" }],
      ["99689", { state: "AK", county: "Yakutat City and Borough" }],
      ["70112", { state: "LA", county: "Orleans Parish" }],
    ]),
  });
  it("a district's office county: the one its name names among its office ZIP's, else one with 60 % of the addresses, else none", () => {
    // 22030 is 66 % Fairfax County, 34 % Fairfax city.
    expect(r.officeCounty("22030", "VA", "Fairfax City Public Schools")).toBe("Fairfax city");
    expect(r.officeCounty("22030", "VA", "Fairfax County Public Schools")).toBe("Fairfax County");
    expect(r.officeCounty("22030", "VA", "Some Other School District")).toBe("Fairfax County");
    // One county: that one.
    expect(r.officeCounty("24523", "VA", "Some Other School District")).toBe(r.pick("24523", "VA").name);
    expect(r.officeCounty("24523", "VA", "Some Other School District")).not.toBe("");
  });

  it("an independent city and the county of the same name keep apart (exact short name claims the full name)", () => {
    expect(r.names.get("51600")).toBe("Fairfax city");
    expect(r.names.get("51059")).toBe("Fairfax County");
  });
  it("the full name most of a county's ZIPs carry wins (Bedford County over the former Bedford city)", () => {
    expect(r.names.get("51019")).toBe("Bedford County");
    expect(r.pick("24523", "VA").name).toBe("Bedford County");
  });
  it("learns the legal suffixes from the matches", () => {
    expect(r.suffixes).toEqual(expect.arrayContaining(["City and Borough", "County", "Parish"]));
  });
  it("largest RES_RATIO wins", () => {
    expect(r.pick("22030", "VA")).toMatchObject({ name: "Fairfax County", source: "hud", fips: "51059" });
  });
  it("a code change seen on one ZIP only is not taken (Yakutat stays Yakutat)", () => {
    expect(r.pick("99689", "AK").name).toBe("Yakutat City and Borough");
    expect(r.renamed).toEqual([]);
  });
  it("a county of another state than the ZIP's is ignored", () => {
    expect(r.pick("70112", "VA").name).toBe("");
    expect(r.pick("70112", "LA").name).toBe("Orleans Parish");
  });
});

describe("officeCounty where the office ZIP is split", () => {
  it("names no county below OFFICE_COUNTY_SHARE of the addresses unless the district's name names one (Joplin's office ZIP)", () => {
    const r = new CountyResolver({ stateFips: new Map([["MO", "29"]]), hud: [hud("64801", "29097", 0.55, 0.55), hud("64801", "29145", 0.45, 0.45)], geonames: new Map(), nrviens: [], zctaCounties: new Map() });
    expect(OFFICE_COUNTY_SHARE).toBe(0.6);
    expect(r.officeCounty("64801", "MO", "Joplin School District")).toBe("");
    // A ZIP of post-office boxes only (no homes): its addresses of every kind decide.
    const po = new CountyResolver({
      stateFips: new Map([["MO", "29"]]),
      hud: [hud("64802", "29097", 0, 0.9), hud("64802", "29145", 0, 0.1), hud("64803", "29097"), hud("64804", "29145")],
      geonames: new Map([["64803", geo("MO", "Jasper", "097")], ["64804", geo("MO", "Newton", "145")]]),
      nrviens: [],
      zctaCounties: new Map([["64803", { state: "MO", county: "Jasper County" }], ["64804", { state: "MO", county: "Newton County" }]]),
    });
    expect(po.officeCounty("64802", "MO", "Joplin School District")).toBe("Jasper County");
    expect(po.officeCounty("64802", "MO", "Newton County R-I School District")).toBe("Newton County");
  });
});

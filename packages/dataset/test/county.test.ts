import { describe, expect, it } from "vitest";
import { CountyResolver } from "../src/county.ts";
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

import { describe, expect, it } from "vitest";
import { chooseDistrict, chooseSecondary, zipSharesV2, type Level, type ZipDistrict, type ZipInputV2 } from "../src/shares.ts";

/**
 * A ZIP of Billings's shape: a town elementary district (small land, many people), a rural
 * elementary district (large land, few people) and one high-school district over both.
 */
const town: ZipDistrict = { leaid: "3000001", level: "E", land: 10 };
const rural: ZipDistrict = { leaid: "3000002", level: "E", land: 300 };
const high: ZipDistrict = { leaid: "3000003", level: "S", land: 310 };
const people: Record<string, number> = { "3000001": 0.9, "3000002": 0.1, "3000003": 1 };

function input(districts: ZipDistrict[], geocorr: Map<string, number> | null, counted = true): ZipInputV2 {
  const layers = new Map(districts.map((d) => [d.leaid, new Set<Level>([d.level])]));
  return {
    districts,
    layers,
    geocorr,
    // A stand-in for the 2020 estimate: people where counted, else land.
    estimate: (want) => {
      const pool = districts.filter((d) => want.includes(d.level));
      const w = pool.map((d) => (counted ? people[d.leaid]! : d.land));
      const total = w.reduce((a, b) => a + b, 0);
      return { shares: new Map(pool.map((d, i) => [d.leaid, w[i]! / total])), counted };
    },
    people2020: (leaid, layer) => (counted && districts.find((d) => d.leaid === leaid)?.level === layer ? people[leaid]! : 0),
    highSchoolCover: { zip: 1, outsideUnified: 1 },
  };
}

describe("share method v2", () => {
  it("splits the people Geocorr puts outside unified districts by the 2020 estimate, not by land", () => {
    const r = zipSharesV2(input([town, rural, high], new Map([["", 1]])));
    expect(r.geocorr).toBe("used");
    expect(chooseDistrict(r.byGrade.elementary).leaid).toBe(town.leaid);
    expect(chooseSecondary(r.byGrade.secondary)?.leaid).toBe(high.leaid);
    const t = r.shares.find((s) => s.leaid === town.leaid)!;
    expect([t.share, t.basis, t.evidence]).toEqual([0.9, "population", "people-2020"]);
  });
  it("says land when no one is counted (never population for a land decision)", () => {
    const r = zipSharesV2(input([town, rural, high], new Map([["", 1]]), false));
    expect(chooseDistrict(r.byGrade.elementary).leaid).toBe(rural.leaid);
    // Two elementary districts: land split Geocorr's people between them.
    for (const s of r.byGrade.elementary.filter((x) => x.share > 0)) expect([s.basis, s.evidence]).toEqual(["land", "land"]);
    // The one high-school district takes all of them: Geocorr's count, no split (62814's "87 % of its land area" beside "87 % of residents").
    expect(r.byGrade.secondary.filter((x) => x.share > 0).map((x) => [x.leaid, x.share, x.basis, x.evidence])).toEqual([[high.leaid, 1, "population", "geocorr-2010"]]);
  });
  it("keeps Geocorr's unified shares where it matches today's districts", () => {
    const a: ZipDistrict = { leaid: "0600001", level: "U", land: 9 };
    const b: ZipDistrict = { leaid: "0600002", level: "U", land: 1 };
    const r = zipSharesV2({ ...input([a, b], new Map([["0600001", 0.3], ["0600002", 0.7]])), people2020: (l, layer) => (layer !== "U" ? 0 : l === "0600001" ? 0.6 : 0.4) });
    expect(r.geocorr).toBe("used");
    expect(r.shares.map((s) => [s.leaid, s.share, s.evidence])).toEqual([["0600001", 0.3, "geocorr-2010"], ["0600002", 0.7, "geocorr-2010"]]);
  });
  it("lets the 2020 estimate decide where Geocorr is outdated: a ZIP of 10,000 people or more whose 2020 people flip its top district (35806 Huntsville)", () => {
    const county: ZipDistrict = { leaid: "0102220", level: "U", land: 11 };
    const city: ZipDistrict = { leaid: "0101800", level: "U", land: 14 };
    const shares2020 = new Map([["0102220", 0.28], ["0101800", 0.72]]);
    const zip = (people: number, flip = shares2020): ZipInputV2 => ({
      ...input([county, city], new Map([["0102220", 0.7], ["0101800", 0.3]])),
      estimate: () => ({ shares: flip, counted: true }),
      people,
    });
    const big = zipSharesV2(zip(26_394));
    expect(big.geocorr).toBe("outdated");
    expect(chooseDistrict(big.byGrade.elementary).leaid).toBe(city.leaid);
    expect(big.shares.map((x) => [x.leaid, x.share, x.evidence])).toEqual([["0102220", 0.28, "people-2020"], ["0101800", 0.72, "people-2020"]]);
    // A smaller ZIP, a weaker flip (the other district under 60 %), or no count: Geocorr's 2010 counts stand.
    expect(zipSharesV2(zip(9_999)).geocorr).toBe("used");
    expect(zipSharesV2(zip(26_394, new Map([["0102220", 0.41], ["0101800", 0.59]]))).geocorr).toBe("used");
    expect(zipSharesV2({ ...zip(26_394), estimate: () => ({ shares: shares2020, counted: false }) }).geocorr).toBe("used");
    expect(chooseDistrict(zipSharesV2(zip(9_999)).byGrade.elementary).leaid).toBe(county.leaid);
  });

  it("lets the 2020 estimate decide when a district Geocorr lacks holds people (created since 2014)", () => {
    const old: ZipDistrict = { leaid: "0600001", level: "U", land: 5 };
    const created: ZipDistrict = { leaid: "0600009", level: "U", land: 5 };
    const base = input([old, created], new Map([["0600001", 1]]));
    const r = zipSharesV2({
      ...base,
      estimate: () => ({ shares: new Map([["0600001", 0.2], ["0600009", 0.8]]), counted: true }),
      people2020: (l) => (l === "0600009" ? 0.8 : 0.2),
    });
    expect(r.geocorr).toBe("vintage-gap");
    expect(chooseDistrict(r.byGrade.elementary).leaid).toBe("0600009");
  });
  it("lets the 2020 estimate decide when Geocorr names a district that is gone", () => {
    const r = zipSharesV2(input([town, rural, high], new Map([["3099999", 0.5], ["", 0.5]])));
    expect(r.geocorr).toBe("vintage-gap");
    expect(chooseDistrict(r.byGrade.elementary).leaid).toBe(town.leaid);
  });
  it("leaves uncovered at the secondary grades the people no high-school boundary holds (05819: St. Johnsbury, elementary, with none over it)", () => {
    const stj: ZipDistrict = { leaid: "5007650", level: "E", land: 40 };
    const ccsu: ZipDistrict = { leaid: "5099909", level: "U", land: 60 };
    const base = input([stj, ccsu], null);
    const r = zipSharesV2({
      ...base,
      // Among the pieces drawn for the secondary grades, Caledonia Central has everyone.
      estimate: (want) => ({ shares: new Map(want.includes("E") ? [["5007650", 0.85], ["5099909", 0.15]] : [["5099909", 1]]), counted: true }),
      highSchoolCover: { zip: 0.15, outsideUnified: 0 },
    });
    expect(r.byGrade.secondary.map((s) => [s.leaid, s.share])).toEqual([["5007650", 0], ["5099909", 0.15]]);
    expect(r.byGrade.elementary.map((s) => s.share)).toEqual([0.85, 0.15]);
    // Where Geocorr decides, the people outside unified districts reach the high-school district only as far as its boundary does.
    const used = zipSharesV2({ ...input([town, rural, high], new Map([["", 1]])), highSchoolCover: { zip: 0.6, outsideUnified: 0.6 } });
    expect(used.geocorr).toBe("used");
    expect(used.byGrade.secondary.find((s) => s.leaid === high.leaid)!.share).toBeCloseTo(0.6, 12);
    expect(used.byGrade.elementary.find((s) => s.leaid === town.leaid)!.share).toBeCloseTo(0.9, 12);
  });
  it("leaves uncovered at every grade the people the 2020 estimate counts in no school district (85351 Sun City: 'School District Not Defined'); not a land split", () => {
    const r = zipSharesV2({ ...input([town, rural, high], null), inDistricts: 0.25 });
    expect(r.byGrade.elementary.find((s) => s.leaid === town.leaid)!.share).toBeCloseTo(0.225, 10);
    expect(r.byGrade.secondary.find((s) => s.leaid === high.leaid)!.share).toBeCloseTo(0.25, 10);
    const land = zipSharesV2({ ...input([town, rural, high], null, false), inDistricts: 0.25 });
    expect(land.byGrade.secondary.find((s) => s.leaid === high.leaid)!.share).toBe(1);
  });
  it("uses the 2020 estimate where Geocorr has no shares (new ZCTAs, territories)", () => {
    const r = zipSharesV2(input([town, rural, high], null));
    expect(r.geocorr).toBe("absent");
    expect(r.shares.map((s) => s.share)).toEqual([0.9, 0.1, 1]);
  });
  it("keeps Geocorr's people of a district its list calls unified but the boundaries draw as elementary (56219 Browns Valley)", () => {
    // Geocorr: 68 % in Browns Valley (drawn elementary here), 32 % in a unified neighbour whose
    // larger land would win a land-weighted estimate.
    const browns: ZipDistrict = { leaid: "2707110", level: "E", land: 20 };
    const sisseton: ZipDistrict = { leaid: "4600053", level: "U", land: 80 };
    const base = input([browns, sisseton], new Map([["2707110", 0.68], ["4600053", 0.32]]));
    const r = zipSharesV2({
      ...base,
      estimate: (want) => ({ shares: new Map(want.includes("U") ? [["2707110", 0.4], ["4600053", 0.6]] : [["2707110", 1]]), counted: true }),
      people2020: (l, layer) => (l === "2707110" && layer === "E" ? 0.6 : l === "4600053" && layer === "U" ? 0.4 : 0),
    });
    expect(r.geocorr).toBe("used");
    const el = r.byGrade.elementary;
    expect(el.map((s) => [s.leaid, s.share, s.evidence])).toEqual([["2707110", 0.68, "geocorr-2010"], ["4600053", 0.32, "geocorr-2010"]]);
    expect(chooseDistrict(el).leaid).toBe("2707110");
    // At the secondary grades Browns Valley teaches no one: the unified neighbour is the only candidate.
    expect(r.byGrade.secondary.find((s) => s.leaid === "2707110")!.share).toBe(0);
    expect(chooseSecondary(r.byGrade.secondary)?.leaid).toBe("4600053");
  });
  it("a unified district drawn only as a secondary piece here serves only the secondary grades", () => {
    const u: ZipDistrict = { leaid: "2509630", level: "S", land: 14 };
    const e: ZipDistrict = { leaid: "2510080", level: "E", land: 14 };
    const r = zipSharesV2(input([u, e], null, false));
    expect(chooseDistrict(r.byGrade.elementary).leaid).toBe("2510080");
    expect(chooseSecondary(r.byGrade.secondary)?.leaid).toBe("2509630");
    expect(r.byGrade.elementary.find((s) => s.leaid === "2509630")!.share).toBe(0);
  });
});

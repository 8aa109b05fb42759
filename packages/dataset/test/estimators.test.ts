import { describe, expect, it } from "vitest";
import {
  blendedNearest,
  blendedSpread,
  calibrateSpread,
  CANDIDATES,
  chooseCandidate,
  evaluate,
  landShares,
  largestChance,
  ratioToLargestOther,
  spreadThenNearest,
  topOf,
  ZIP_CENTRE,
  type EstimatorContext,
  type Score,
} from "../src/estimators.ts";
import { emptyEvidence } from "../src/population.ts";

function ctx(): EstimatorContext {
  const evidence = emptyEvidence();
  // ZCTA 00001: 900 people spread into the small district A, 100 into the large B.
  evidence.zctaDistrictSpread.set("00001", new Map([["A", 900], ["B", 100]]));
  evidence.zctaDistrict.set("00001", new Map([["A", 1000]]));
  evidence.districtPop.set("A", 5000).set("B", 1000);
  return { evidence, districtLand: new Map([["A", 10], ["B", 100]]) };
}
const pieces = [{ leaid: "A", land: 1 }, { leaid: "B", land: 9 }];

describe("2020 estimators", () => {
  it("land shares; all-zero land splits evenly", () => {
    expect([...landShares(pieces)]).toEqual([["A", 0.1], ["B", 0.9]]);
    expect([...landShares([{ leaid: "A", land: 0 }, { leaid: "B", land: 0 }])]).toEqual([["A", 0.5], ["B", 0.5]]);
  });
  it("the spread with a land prior: counted people plus `prior` people by land", () => {
    const e = blendedSpread("00001", pieces, ctx(), 1000, true);
    expect(e.evidence).toBe("population");
    expect(e.shares.get("A")).toBeCloseTo((900 + 100) / 2000, 12);
    // No one counted: land alone, and it says so.
    expect(blendedSpread("99999", pieces, ctx(), 1000, true)).toEqual({ shares: landShares(pieces), evidence: "land" });
  });
  it("without a ZCTA polygon: the people nearest the ZCTA point, used only where the spread places no one", () => {
    const c = ctx();
    // 00002 has no spread (no 2010 polygon); 300 people in B are nearest its 2020 point.
    c.evidence.zctaDistrictNearest.set("00002", new Map([["B", 300], ["C", 50]]));
    const e = blendedNearest("00002", pieces, c, 1000);
    expect(e.evidence).toBe("population");
    expect(e.shares.get("B")).toBeCloseTo((300 + 900) / 1300, 12);
    expect(spreadThenNearest("00002", pieces, c, 1000)).toEqual(e);
    // Where the spread places people, it decides alone.
    expect(spreadThenNearest("00001", pieces, c, 1000)).toEqual(blendedSpread("00001", pieces, c, 1000, true));
    expect(spreadThenNearest("99999", pieces, c, 1000)).toEqual({ shares: landShares(pieces), evidence: "land" });
  });
  it("the ZIP centre (measured, not a candidate): half to the district holding it, half by land; says it is a location", () => {
    const c = ctx();
    c.evidence.zipCentreDistricts.set("00001", ["Z", "A"]);
    const e = ZIP_CENTRE.estimate("00001", pieces, c);
    expect(e.evidence).toBe("location");
    expect(e.shares.get("A")).toBeCloseTo((0.1 + 1) / 2, 12);
    expect(e.shares.get("B")).toBeCloseTo(0.9 / 2, 12);
    // A centre in none of the pieces: land.
    c.evidence.zipCentreDistricts.set("00001", ["Z"]);
    expect(ZIP_CENTRE.estimate("00001", pieces, c)).toEqual({ shares: landShares(pieces), evidence: "land" });
    expect(CANDIDATES.some((x) => x.id === ZIP_CENTRE.id)).toBe(false);
  });
  it("scores top-1 and mean share error against truth", () => {
    const land = CANDIDATES.find((c) => c.id === "land")!;
    const spread = CANDIDATES.find((c) => c.id === "spread")!;
    const truths = [{ zcta: "00001", pieces, shares: new Map([["A", 0.8], ["B", 0.2]]) }];
    const l = evaluate(land, truths, ctx());
    const s = evaluate(spread, truths, ctx());
    expect([l.top1, l.meanError]).toEqual([0, 0.7]);
    expect(s.top1).toBe(1);
    expect(s.meanError).toBeCloseTo(0.1, 12);
    expect(chooseCandidate([l, s]).id).toBe("spread");
  });
  it("chooses by top-1, then by the lower mean error", () => {
    const sc = (id: string, top1: number, meanError: number) => ({ id, top1, meanError }) as Score;
    expect(chooseCandidate([sc("a", 0.9, 0.1), sc("b", 0.95, 0.2), sc("c", 0.95, 0.05)]).id).toBe("c");
    expect(topOf(new Map([["B", 0.5], ["A", 0.5]]))).toBe("A");
  });
});

describe("how far the spread can be trusted (calibration on held-out truth)", () => {
  it("a district's people over the largest other candidate's", () => {
    const people = new Map([["A", 30], ["B", 10], ["C", 5]]);
    expect(ratioToLargestOther(people, "A", ["A", "B", "C"])).toBe(3);
    expect(ratioToLargestOther(people, "C", ["A", "B", "C"])).toBeCloseTo(1 / 6, 12);
    // Only the candidates count; a district alone with people is infinitely ahead; no people at all: no evidence.
    expect(ratioToLargestOther(people, "C", ["B", "C"])).toBe(0.5);
    expect(ratioToLargestOther(people, "A", ["A", "Z"])).toBe(Infinity);
    expect(ratioToLargestOther(people, "Y", ["Y", "Z"])).toBeNull();
  });
  it("bins every district of every split truth ZCTA by that ratio and counts the truly largest", () => {
    const c = ctx();
    // 00003: the spread says C 300, D 100 (C 3x ahead) but the truth makes D the largest.
    c.evidence.zctaDistrictSpread.set("00003", new Map([["C", 300], ["D", 100]]));
    const cd = [{ leaid: "C", land: 1 }, { leaid: "D", land: 1 }];
    const truths = [
      { zcta: "00001", pieces, shares: new Map([["A", 0.8], ["B", 0.2]]) }, // A 9x ahead, truly largest
      { zcta: "00003", pieces: cd, shares: new Map([["C", 0.4], ["D", 0.6]]) },
      { zcta: "00004", pieces: cd, shares: new Map([["C", 1]]) }, // no spread: not counted
      { zcta: "00005", pieces: [{ leaid: "A", land: 1 }], shares: new Map([["A", 1]]) }, // not split: not counted
    ];
    const bins = calibrateSpread(truths, c);
    const at = (r: number) => bins.find((b) => r >= b.lo && r < b.hi)!;
    expect(at(9)).toMatchObject({ districts: 1, largest: 1 });
    expect(at(3)).toMatchObject({ districts: 1, largest: 0 });
    expect(at(1 / 9)).toMatchObject({ districts: 1, largest: 0 });
    expect(at(1 / 3)).toMatchObject({ districts: 1, largest: 1 });
    expect(bins.reduce((s, b) => s + b.districts, 0)).toBe(4);
    expect(largestChance(bins, 9)).toBe(1);
    expect(largestChance(bins, 1 / 3)).toBe(1);
    expect(largestChance(bins, 3)).toBe(0);
    // An empty bin gives no chance; an infinite ratio falls in the last bin.
    expect(largestChance(bins, 1.1)).toBeNull();
    expect(bins.at(-1)!.hi).toBe(Infinity);
    expect(largestChance(bins, Infinity)).toBeNull();
  });
});

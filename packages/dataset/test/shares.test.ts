import { describe, expect, it } from "vitest";
import { chooseDistrict, districtLevel, gradeNumber, zipShares } from "../src/shares.ts";

describe("rule 5a: district level", () => {
  it("U when in the Geocorr unified list, whatever the grades", () => {
    expect(districtLevel(true, "09", "12", "X High School District")).toBe("U");
  });
  it("S when the lowest CCD grade is 07 or higher", () => {
    expect(districtLevel(false, "07", "12", "X")).toBe("S");
    expect(districtLevel(false, "09", "12", "X Elementary")).toBe("S");
  });
  it("E when the highest CCD grade is 08 or lower", () => {
    expect(districtLevel(false, "PK", "08", "X")).toBe("E");
    expect(districtLevel(false, "KG", "06", "X Union High")).toBe("E");
  });
  it("by name when the grades do not decide (N, M, missing row)", () => {
    expect(districtLevel(false, "N", "N", "Epsilon Joint Union High School District")).toBe("S");
    expect(districtLevel(false, undefined, undefined, "Central Secondary School District")).toBe("S");
    expect(districtLevel(false, "M", "M", "Zeta Elementary School District")).toBe("E");
    expect(districtLevel(false, undefined, undefined, "Rural Grade School District")).toBe("E");
  });
  it("U otherwise (including KG-12 districts outside the Geocorr list)", () => {
    expect(districtLevel(false, "KG", "12", "Territory DOE")).toBe("U");
    expect(districtLevel(false, undefined, undefined, "Somewhere School District")).toBe("U");
  });
  it("grade numbers", () => {
    expect([gradeNumber("PK"), gradeNumber("KG"), gradeNumber("07"), gradeNumber("13"), gradeNumber("UG"), gradeNumber("N")]).toEqual([-1, 0, 7, 13, null, null]);
  });
});

describe("rule 5b: shares", () => {
  const ds = [
    { leaid: "0600001", level: "U" as const, land: 1 },
    { leaid: "0600002", level: "E" as const, land: 3 },
    { leaid: "0600003", level: "S" as const, land: 5 },
  ];
  it("land basis when the ZIP is not in the Geocorr file", () => {
    const r = zipShares(ds, null);
    expect(r.basis).toBe("land");
    expect(r.shares.map((s) => s.share)).toEqual([1 / 9, 3 / 9, 5 / 9]);
  });
  it("all-zero land splits evenly", () => {
    const r = zipShares([{ leaid: "1", level: "U", land: 0 }, { leaid: "2", level: "U", land: 0 }], null);
    expect(r.shares.map((s) => s.share)).toEqual([0.5, 0.5]);
  });
  it("U gets its afact; the no-unified residual goes to E and, separately, to S by land; vanished districts spread by land", () => {
    const r = zipShares(ds, new Map([["0600001", 0.4], ["", 0.5], ["0699999", 0.1]]));
    expect(r.basis).toBe("population");
    const [u, e, s] = r.shares.map((x) => x.share);
    expect(u).toBeCloseTo(0.4 + 0.1 / 9, 12);
    expect(e).toBeCloseTo(0.5 + 0.3 / 9, 12);
    expect(s).toBeCloseTo(0.5 + 0.5 / 9, 12);
  });
  it("the residual is unassigned (spread over all) when the ZIP has no E or S district", () => {
    const r = zipShares([{ leaid: "A", level: "U", land: 1 }, { leaid: "B", level: "U", land: 3 }], new Map([["A", 0.6], ["", 0.4]]));
    expect(r.shares.map((x) => x.share)).toEqual([0.6 + 0.1, 0.4 * 0.75]);
  });
  it("a Geocorr unified district absent from the ZIP in GRF21 is unassigned", () => {
    const r = zipShares([{ leaid: "A", level: "U", land: 1 }], new Map([["A", 0.8], ["Z", 0.2]]));
    expect(r.shares[0]!.share).toBeCloseTo(1, 12);
  });
});

describe("rule 5c: choice", () => {
  it("drops S when a U or E district has a share above 0", () => {
    expect(chooseDistrict([{ leaid: "S1", level: "S", share: 0.9 }, { leaid: "E1", level: "E", share: 0.1 }]).leaid).toBe("E1");
  });
  it("keeps S when no U or E district has a share above 0", () => {
    expect(chooseDistrict([{ leaid: "S1", level: "S", share: 0.9 }, { leaid: "E1", level: "E", share: 0 }]).leaid).toBe("S1");
  });
  it("largest share wins; ties go to the lowest LEAID (also within float noise)", () => {
    expect(chooseDistrict([{ leaid: "B", level: "U", share: 0.3 }, { leaid: "A", level: "U", share: 0.7 }]).leaid).toBe("A");
    expect(chooseDistrict([{ leaid: "B", level: "U", share: 0.5 }, { leaid: "A", level: "U", share: 0.5 }]).leaid).toBe("A");
    expect(chooseDistrict([{ leaid: "B", level: "U", share: 0.1 + 0.2 }, { leaid: "A", level: "U", share: 0.3 }]).leaid).toBe("A");
  });
});

import { describe, expect, it } from "vitest";
import { componentsOf, unionSpan, weightedMean } from "../src/umbrella.ts";
import type { CcdRow } from "../src/sources.ts";
import { ccdRow } from "./ccd-row.ts";

const row = (leaid: string, st: string, leaType: string, union: string, gslo = "KG", gshi = "12"): CcdRow =>
  ccdRow({ leaid, fipst: "50", st, stateName: "VERMONT", gslo, gshi, leaType, union });

describe("componentsOf", () => {
  it("links LEA_TYPE 2 rows to the LEA_TYPE 3 row of the same state and UNION code", () => {
    const dir = new Map(
      [
        row("5000001", "VT", "3", "006"),
        row("5000002", "VT", "2", "006"),
        row("5000003", "VT", "2", "006"),
        row("5000004", "VT", "2", "007"),
        row("5000005", "VT", "1", "006"), // a regular district is no component
        row("3300001", "NH", "2", "006"), // same code, other state
        row("5000006", "VT", "3", "008"), // a union without components
      ].map((r) => [r.leaid, r]),
    );
    const c = componentsOf(dir);
    expect(c.get("5000001")).toEqual(["5000002", "5000003"]);
    expect(c.get("5000006")).toEqual([]);
    expect(c.has("5000002")).toBe(false);
  });
});

describe("unionSpan and weightedMean", () => {
  it("span from the lowest to the highest grade, ignoring N, M, UG and AE", () => {
    expect(unionSpan([row("1", "VT", "2", "", "PK", "06"), row("2", "VT", "2", "", "07", "12"), row("3", "VT", "2", "", "N", "N")])).toEqual({ gslo: "PK", gshi: "12" });
    expect(unionSpan([row("3", "VT", "2", "", "M", "M")])).toBeNull();
  });
  it("enrollment-weighted mean over the members with a value, and the share of students it covers", () => {
    expect(weightedMean([{ value: 1, weight: 300 }, { value: 2, weight: 100 }, { value: undefined, weight: 100 }])).toEqual({ mean: 1.25, covered: 0.8 });
    expect(weightedMean([{ value: 1, weight: undefined }])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { edfactsMidpoint, outcomes, rate, sedaOutcome } from "../src/rating.ts";

describe("EDFacts midpoints", () => {
  it.each([
    ["93%", 93],
    ["90-94%", 92],
    [">=95%", 97.5],
    [">=50%", 75],
    ["<50%", 25],
    ["<=49%", 25],
    ["<=20%", 10.5],
    ["S", null],
    ["Suppressed", null],
    [".", null],
    ["", null],
    ["PS", null],
  ])("%s -> %s", (raw, want) => expect(edfactsMidpoint(raw)).toBe(want));
});

describe("SEDA outcome", () => {
  it("mean of the available scores, at least two of six", () => {
    expect(sedaOutcome({ leaid: "1", state: "CA", scores: [1, 2, null, null, null, 3] })).toBe(2);
    expect(sedaOutcome({ leaid: "1", state: "CA", scores: [1, null, null, null, null, null] })).toBeNull();
  });
});

describe("outcomes: SEDA states use SEDA only, others EDFacts z-scores", () => {
  const seda = [{ leaid: "0600001", state: "CA", scores: [0.5, 0.5, null, null, null, null] }];
  const ed = new Map([
    ["0600002", { leaid: "0600002", grad: "99%", math: "", read: "" }],
    ["2200001", { leaid: "2200001", grad: "90%", math: "50%", read: "" }],
    ["2200002", { leaid: "2200002", grad: "80%", math: "30%", read: "S" }],
    ["2200003", { leaid: "2200003", grad: "S", math: "", read: "" }],
  ]);
  const stateOf = (l: string) => ({ "06": "CA", "22": "LA" })[l.slice(0, 2)];
  const { outcomes: outs, sedaStates } = outcomes(seda, ed, stateOf);
  it("takes SEDA in SEDA states and ignores EDFacts there", () => {
    expect([...sedaStates]).toEqual(["CA"]);
    expect(outs.find((o) => o.leaid === "0600002")).toBeUndefined();
    expect(outs.find((o) => o.leaid === "0600001")).toMatchObject({ source: "seda", value: 0.5 });
  });
  it("averages within-state z-scores of the present measures", () => {
    expect(outs.find((o) => o.leaid === "2200001")!.value).toBeCloseTo(1, 12);
    expect(outs.find((o) => o.leaid === "2200002")!.value).toBeCloseTo(-1, 12);
    expect(outs.find((o) => o.leaid === "2200003")).toBeUndefined();
  });
});

describe("within-state deciles", () => {
  const mk = (state: string, n: number) => Array.from({ length: n }, (_, i) => ({ leaid: `${state}${String(i).padStart(5, "0")}`, state, value: i, source: "seda" as const }));
  it("top 10% -> 10 ... bottom 10% -> 1", () => {
    const r = rate(mk("06", 20));
    expect(r.get("0600019")).toBe(10);
    expect(r.get("0600018")).toBe(10);
    expect(r.get("0600017")).toBe(9);
    expect(r.get("0600001")).toBe(1);
    expect(r.get("0600000")).toBe(1);
    expect(new Set(r.values()).size).toBe(10);
  });
  it("a state with fewer than 10 districts with an outcome gets no ratings", () => {
    const r = rate([...mk("11", 9), ...mk("22", 10)]);
    expect([...r.keys()].some((k) => k.startsWith("11"))).toBe(false);
    expect(r.get("2200009")).toBe(10);
    expect(r.get("2200000")).toBe(1);
  });
  it("tied outcomes share the better rating", () => {
    const list = mk("06", 10).map((o) => ({ ...o, value: o.value >= 8 ? 8 : o.value }));
    const r = rate(list);
    expect(r.get("0600009")).toBe(10);
    expect(r.get("0600008")).toBe(10);
  });
});

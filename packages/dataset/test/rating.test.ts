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

describe("outcomes per district: SEDA when it has two of six scores, else EDFacts z-scores", () => {
  const seda = [
    { leaid: "0600001", state: "CA", scores: [0.5, 0.5, null, null, null, null] },
    // a single SEDA score: no SEDA outcome, falls back to EDFacts
    { leaid: "0600003", state: "CA", scores: [2, null, null, null, null, null] },
  ];
  const ed = new Map([
    ["0600001", { leaid: "0600001", grad: "90%", math: "", read: "" }],
    ["0600002", { leaid: "0600002", grad: "80%", math: "", read: "" }],
    ["0600003", { leaid: "0600003", grad: "70%", math: "", read: "" }],
    ["2200001", { leaid: "2200001", grad: "90%", math: "50%", read: "" }],
    ["2200002", { leaid: "2200002", grad: "80%", math: "30%", read: "S" }],
    ["2200003", { leaid: "2200003", grad: "S", math: "", read: "" }],
  ]);
  const stateOf = (l: string) => ({ "06": "CA", "22": "LA" })[l.slice(0, 2)];
  const { outcomes: outs, sedaStates } = outcomes(seda, ed, stateOf);
  const of = (l: string) => outs.filter((o) => o.leaid === l);
  it("a district with a SEDA outcome takes it, and only it", () => {
    expect([...sedaStates]).toEqual(["CA"]);
    expect(of("0600001")).toEqual([{ leaid: "0600001", state: "CA", value: 0.5, source: "seda" }]);
  });
  it("a district of a SEDA state without SEDA scores takes EDFacts; z-scores use all the state's districts with the measure", () => {
    // CA grad 90, 80, 70: mean 80, population sd sqrt(200/3)
    const sd = Math.sqrt(200 / 3);
    expect(of("0600002")).toEqual([{ leaid: "0600002", state: "CA", value: 0, source: "edfacts" }]);
    expect(of("0600003")).toHaveLength(1);
    expect(of("0600003")[0]).toMatchObject({ source: "edfacts" });
    expect(of("0600003")[0]!.value).toBeCloseTo(-10 / sd, 12);
  });
  it("averages within-state z-scores of the present measures", () => {
    expect(of("2200001")[0]!.value).toBeCloseTo(1, 12);
    expect(of("2200002")[0]!.value).toBeCloseTo(-1, 12);
    expect(of("2200003")).toEqual([]);
  });
});

describe("ranking per (state, source) group", () => {
  // CA: 20 SEDA districts and 10 districts SEDA lacks, with EDFacts graduation rates.
  const seda = Array.from({ length: 20 }, (_, i) => ({ leaid: `06${String(i).padStart(5, "0")}`, state: "CA", scores: [i / 10, i / 10, null, null, null, null] }));
  const ed = new Map(
    Array.from({ length: 10 }, (_, i) => {
      const leaid = `06${String(100 + i).padStart(5, "0")}`;
      return [leaid, { leaid, grad: `${50 + 5 * i}%`, math: "", read: "" }] as const;
    }),
  );
  const stateOf = (l: string) => ({ "06": "CA", "22": "LA" })[l.slice(0, 2)];
  it("a SEDA-state district without SEDA gets an EDFacts-based decile within its own group", () => {
    const r = rate(outcomes(seda, ed, stateOf).outcomes);
    // EDFacts group of 10: best grad (95%) -> 10, worst (50%) -> 1
    expect(r.get("0600109")).toBe(10);
    expect(r.get("0600105")).toBe(6);
    expect(r.get("0600100")).toBe(1);
    // SEDA group of 20 unchanged by the EDFacts districts: its best two get 10
    expect(r.get("0600019")).toBe(10);
    expect(r.get("0600018")).toBe(10);
    expect(r.get("0600017")).toBe(9);
    expect(r.get("0600000")).toBe(1);
  });
  it("a group of fewer than 10 gets null while the other group of the same state is rated", () => {
    const ed9 = new Map([...ed].slice(0, 9));
    const r = rate(outcomes(seda, ed9, stateOf).outcomes);
    expect([...r.keys()].filter((k) => k >= "0600100")).toEqual([]);
    expect(r.get("0600019")).toBe(10);
    const seda9 = seda.slice(0, 9);
    const r2 = rate(outcomes(seda9, ed, stateOf).outcomes);
    expect([...r2.keys()].filter((k) => k < "0600100")).toEqual([]);
    expect(r2.get("0600109")).toBe(10);
  });
  it("a district with only one SEDA score falls back to EDFacts and is ranked in the EDFacts group", () => {
    const one = [...seda, { leaid: "0600105", state: "CA", scores: [9, null, null, null, null, null] }];
    const o = outcomes(one, ed, stateOf).outcomes.filter((x) => x.leaid === "0600105");
    expect(o).toHaveLength(1);
    expect(o[0]!.source).toBe("edfacts");
    // ranked among the 10 EDFacts districts, not at the top of the SEDA group (9 would beat every SEDA score)
    expect(rate(outcomes(one, ed, stateOf).outcomes).get("0600105")).toBe(6);
  });
  it("never ranks the two scales together: a huge SEDA value does not move EDFacts deciles", () => {
    const big = seda.map((x, i) => (i === 0 ? { ...x, scores: [1e6, 1e6, null, null, null, null] } : x));
    const a = rate(outcomes(seda, ed, stateOf).outcomes);
    const b = rate(outcomes(big, ed, stateOf).outcomes);
    for (let i = 100; i < 110; i++) expect(b.get(`06${String(i).padStart(5, "0")}`)).toBe(a.get(`06${String(i).padStart(5, "0")}`));
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
  it("a state (group) with fewer than 10 districts with an outcome gets no ratings", () => {
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

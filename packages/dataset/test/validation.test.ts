/**
 * The office-ZIP gate (data/VALIDATION.md): every figure, a state's too, knows the checks it
 * lost against the baseline, and a drop is accepted only with a reason in
 * data/baseline-log.csv.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InputError } from "../src/errors.ts";
import {
  acceptedDrops,
  baselineLogCsv,
  baselineLogPath,
  droppedFigures,
  loadBaselineLog,
  officeFigures,
  populationCeiling,
  truthFigures,
  type OfficeCheck,
  type Validation,
} from "../src/validation.ts";

const check = (zip: string, state: string, picked: string, baselinePicked: string, over: Partial<OfficeCheck> = {}): OfficeCheck => ({
  zip,
  state,
  leaid: "0600001",
  level: "U",
  grade: "elementary",
  candidates: 2,
  picked,
  baselinePicked,
  ...over,
});

// CA loses 90001 and gains 90002 (overall unchanged); MT loses 59101 (a state and overall drop).
const checks = [
  check("90001", "CA", "0600009", "0600001"),
  check("90002", "CA", "0600001", "0600009"),
  check("59101", "MT", "3000009", "0600001", { level: "E" }),
  check("59102", "MT", "0600001", "0600001", { level: "E", candidates: 1 }),
];
const figures = officeFigures(checks, new Set(["MT"]));
const byName = new Map(figures.map((f) => [f.name, f]));

describe("office-ZIP figures", () => {
  it("list the checks each figure lost, by state as well as overall", () => {
    expect(byName.get("state CA")).toMatchObject({ checks: 2, hits: 1, baselineHits: 1 });
    expect(byName.get("state CA")!.lost.map((c) => c.zip)).toEqual(["90001"]);
    expect(byName.get("state MT")).toMatchObject({ checks: 2, hits: 1, baselineHits: 2 });
    expect(byName.get("overall")!.lost.map((c) => c.zip)).toEqual(["90001", "59101"]);
  });

  it("a figure drops when it agrees less often; a state drop counts like any other", () => {
    // CA lost one and gained one: not a drop. MT, overall, level E, split-level E and 2 candidates dropped.
    expect(droppedFigures(figures).map((f) => f.name)).toEqual([
      "overall",
      "level E (elementary offices, record's district)",
      "elementary offices in split-level states",
      "2 candidates",
      "state MT",
    ]);
  });

  it("accepting a build logs the overall figure and every dropped one with its lost checks and the reason", () => {
    const v = { figures, describe: (c: OfficeCheck) => `${c.zip} -> ${c.picked}` } as unknown as Validation;
    const rows = acceptedDrops(v, "2026-11-22", "more residents in the picked district");
    expect(rows.map((r) => [r.figure, r.before, r.after, r.lost])).toEqual([
      ["overall", 3, 2, "90001 -> 0600009; 59101 -> 3000009"],
      ["level E (elementary offices, record's district)", 2, 1, "59101 -> 3000009"],
      ["elementary offices in split-level states", 2, 1, "59101 -> 3000009"],
      ["2 candidates", 2, 1, "90001 -> 0600009; 59101 -> 3000009"],
      ["state MT", 2, 1, "59101 -> 3000009"],
    ]);
    expect(rows.every((r) => r.reason === "more residents in the picked district" && r.accepted === "2026-11-22")).toBe(true);
    // Nothing dropped: the "overall" row alone records the acceptance.
    const none = officeFigures([check("90002", "CA", "0600001", "0600009")], new Set());
    expect(acceptedDrops({ figures: none, describe: () => "" } as unknown as Validation, "2026-11-22", "r").map((r) => [r.figure, r.before, r.after])).toEqual([["overall", 0, 1]]);
  });
});

describe("held-out truth figures", () => {
  const stats = { chosen: "best", scores: [{ id: "best", zctas: 1000, top1: 0.97, splitZctas: 400, top1Split: 0.95 }] } as unknown as Parameters<typeof truthFigures>[0];
  const row = (figure: string, after: number) => ({ accepted: "2026-11-22", figure, checks: 1000, before: 0, after, lost: "", reason: "r" });

  it("are compared with the last accepted value, and drop like any figure", () => {
    expect(truthFigures(stats, []).map((f) => [f.hits, f.baselineHits])).toEqual([[970, 970], [380, 380]]);
    const log = [row("held-out truth: top-1 of the chosen estimator", 960), row("held-out truth: top-1 of the chosen estimator", 975)];
    const [top1] = truthFigures(stats, log);
    expect([top1!.hits, top1!.baselineHits]).toEqual([970, 975]);
    expect(droppedFigures(truthFigures(stats, log)).map((f) => f.name)).toEqual(["held-out truth: top-1 of the chosen estimator"]);
  });

  it("are always logged when a baseline is accepted", () => {
    const v = { figures: [...figures, ...truthFigures(stats, [])], describe: () => "" } as unknown as Validation;
    expect(acceptedDrops(v, "2026-11-22", "r").map((r) => r.figure).slice(0, 3)).toEqual(["overall", "held-out truth: top-1 of the chosen estimator", "held-out truth: top-1 of the chosen estimator, split ZCTAs"]);
  });
});

describe("data/baseline-log.csv", () => {
  const dir = mkdtempSync(join(tmpdir(), "baseline-log-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sits beside the baseline; absent means no drop was accepted", () => {
    expect(baselineLogPath("/x/data/baseline.csv")).toBe("/x/data/baseline-log.csv");
    expect(loadBaselineLog(join(dir, "absent.csv"), "absent.csv")).toEqual([]);
  });

  it("round-trips, and refuses a row without a reason or with a bad count", () => {
    const rows = [{ accepted: "2026-11-22", figure: "state CA", checks: 675, before: 632, after: 628, lost: "93308 elementary: …", reason: "population, with commas, and \"quotes\"" }];
    const path = join(dir, "baseline-log.csv");
    writeFileSync(path, baselineLogCsv(rows));
    expect(loadBaselineLog(path, "baseline-log.csv")).toEqual(rows);
    writeFileSync(path, baselineLogCsv([{ ...rows[0]!, reason: " " }]));
    expect(() => loadBaselineLog(path, "baseline-log.csv")).toThrow(InputError);
    expect(() => loadBaselineLog(path, "baseline-log.csv")).toThrow(/needs a reason/);
    writeFileSync(path, baselineLogCsv(rows).replace(",675,", ",many,"));
    expect(() => loadBaselineLog(path, "baseline-log.csv")).toThrow(/checks "many" is not a count/);
  });
});

describe("how high a pick by population could go", () => {
  // Calibration: a district with 0.5-1x the next one's people is truly largest 1 time in 4; with 1x or more, always.
  const calibration = [
    { lo: 0, hi: 0.5, districts: 10, largest: 0 },
    { lo: 0.5, hi: 1, districts: 4, largest: 1 },
    { lo: 1, hi: Infinity, districts: 10, largest: 10 },
  ];
  const decision = (zip: string, people: [string, number][], secondary: [string, number][] = []) => ({
    zip,
    people: { elementary: new Map(people), secondary: new Map(secondary) },
    candidates: { elementary: people.map((p) => p[0]), secondary: secondary.map((p) => p[0]) },
  });
  const stats = {
    calibration,
    decisions: [
      decision("90001", [["0600001", 60], ["0600009", 100]]), // office 0.6x the pick: 1 in 4
      decision("90002", [["0600001", 100], ["0600009", 10]]), // a hit
      decision("59101", [["0600001", 10], ["3000009", 100]]), // office 0.1x: never
      decision("59102", [["0600001", 0], ["3000009", 0]]), // no people: counted as a hit
    ],
  } as unknown as Parameters<typeof populationCeiling>[0];
  const cs = [
    check("90001", "CA", "0600009", ""),
    check("90002", "CA", "0600001", ""),
    check("59101", "MT", "3000009", "", { level: "E" }),
    check("59102", "MT", "3000009", "", { level: "E" }),
  ];
  const ceiling = populationCeiling(stats, cs, new Set(["MT"]));
  const [overall, levelE, splitE] = ["overall", "level E (elementary offices, record's district)", "elementary offices in split-level states"].map((n) => ceiling.find((f) => f.name === n));

  it("keeps every hit, turns each miss with its bin's chance, and credits misses without people", () => {
    expect(overall).toMatchObject({ name: "overall", checks: 4, hits: 1, misses: 3, noEvidence: 1, flips: 0.25, best: 2.25 });
    // High end: two standard deviations of one Bernoulli(0.25) trial above the bound.
    expect(overall!.high).toBeCloseTo(2.25 + 2 * Math.sqrt(0.25 * 0.75), 12);
    expect(levelE).toMatchObject({ checks: 2, hits: 0, noEvidence: 1, flips: 0, best: 1, high: 1 });
    expect(splitE).toMatchObject({ checks: 2, best: 1 });
    // A figure without checks (no secondary offices here) is left out.
    expect(ceiling.map((f) => f.name)).not.toContain("level S (secondary offices, secondary pick)");
  });

  it("weighs a miss by the people at the check's grade level only", () => {
    // 37128's shape: the county district's office, unified in part of the ZIP (20 people) and the
    // high-school district over the city's elementary district (43) elsewhere. At the elementary
    // grades it is 0.47x the city's: never largest, though it holds more people at all levels.
    const county = {
      calibration,
      decisions: [decision("37128", [["4703690", 20], ["4703150", 43]], [["4703690", 63]])],
    } as unknown as Parameters<typeof populationCeiling>[0];
    const miss = check("37128", "TN", "4703150", "", { leaid: "4703690" });
    expect(populationCeiling(county, [miss], new Set())[0]).toMatchObject({ name: "overall", misses: 1, flips: 0, noEvidence: 0, best: 0 });
    // The same office checked at the secondary grades has only the county's people: a hit if missed.
    const secondary = check("37128", "TN", "", "", { leaid: "4703690", level: "U", grade: "secondary" });
    expect(populationCeiling(county, [secondary], new Set())[0]).toMatchObject({ misses: 1, flips: 1, best: 1 });
  });
});

/**
 * data/VALIDATION.md: the district choice measured against independent evidence — the
 * estimator table on held-out Geocorr truth, the office-ZIP check against the previous
 * build (data/baseline.csv), the ZIPs whose pick changed, and the decisions per basis.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { BuildStats, ZipDecision } from "./types.ts";
import { InputError } from "./errors.ts";
import { chooseSecondary, OUTDATED_MIN_PEOPLE, OUTDATED_TOP, type Level, type Share } from "./shares.ts";
import { largestChance, ratioToLargestOther } from "./estimators.ts";
import { REGULAR_LEA_TYPES } from "./sources.ts";
import { thousands } from "./thousands.ts";

/** The previous build's picks, one per ZIP. */
interface BaselinePick {
  zip: string;
  leaid: string;
  secondary: string;
  share: string;
  basis: string;
}

export const BASELINE_COLUMNS = ["zip", "leaid", "secondary", "share", "basis"] as const;

/** Reads data/baseline.csv. */
export function loadBaseline(path: string, label: string): Map<string, BaselinePick> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new InputError(label, 0, `unreadable (${(e as Error).message})`);
  }
  return parseBaseline(text, label);
}

/**
 * The picks of a baseline file's text (as loadBaseline reads them from its path).
 *
 * @example
 * parseBaseline(baselineCsv(picks), "data/baseline.csv").get("59101 elementary")
 */
export function parseBaseline(text: string, label: string): Map<string, BaselinePick> {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (e) {
    throw new InputError(label, 0, `unreadable (${(e as Error).message})`);
  }
  const out = new Map<string, BaselinePick>();
  rows.forEach((r, i) => {
    for (const c of BASELINE_COLUMNS) if (r[c] === undefined) throw new InputError(label, i + 2, `missing column ${c}`);
    if (!/^[0-9]{5}$/.test(r.zip!) || !/^[0-9]{7}$/.test(r.leaid!)) throw new InputError(label, i + 2, `bad zip "${r.zip}" or leaid "${r.leaid}"`);
    out.set(r.zip!, { zip: r.zip!, leaid: r.leaid!, secondary: r.secondary!, share: r.share!, basis: r.basis! });
  });
  return out;
}

/**
 * The baseline of a compiled dataset folder (its zips.csv, overlaps.csv, districts.csv):
 * the record's district, and the secondary grades' district by rule 5c on its shares.
 *
 * @example
 * writeFileSync("data/baseline.csv", baselineCsv(baselineFromData("data")));
 */
export function baselineFromData(dataDir: string): BaselinePick[] {
  const read = (f: string) => parse(readFileSync(`${dataDir}/${f}`, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const levels = new Map(read("districts.csv").map((r) => [r.leaid!, r.level as Level]));
  const byZip = new Map<string, { share: Share; basis: string; servesMost: string | undefined }[]>();
  for (const o of read("overlaps.csv")) {
    const list = byZip.get(o.zip!) ?? byZip.set(o.zip!, []).get(o.zip!)!;
    list.push({ share: { leaid: o.leaid!, level: levels.get(o.leaid!) ?? "U", share: Number(o.share) }, basis: o.basis!, servesMost: o.serves_most });
  }
  return read("zips.csv").map((z) => {
    const list = byZip.get(z.zip!) ?? [];
    const mine = list.find((x) => x.share.leaid === z.leaid);
    // serves_most (share method v2) marks the secondary pick made on unrounded shares; a v1
    // dataset has no such column, so rule 5c runs again on its 4-decimal shares.
    const marked = list.find((x) => x.servesMost?.split(" ").includes("secondary"));
    const hasColumn = list.some((x) => x.servesMost !== undefined);
    return {
      zip: z.zip!,
      leaid: z.leaid!,
      secondary: hasColumn ? (marked?.share.leaid ?? "") : list.length > 0 ? (chooseSecondary(list.map((x) => x.share))?.leaid ?? "") : "",
      share: mine === undefined ? "" : mine.share.share.toFixed(4),
      basis: mine?.basis ?? "",
    };
  });
}

export function baselineCsv(rows: readonly BaselinePick[]): string {
  return stringify(rows.map((r) => ({ ...r })), { header: true, columns: [...BASELINE_COLUMNS], record_delimiter: "\n" });
}

/**
 * One figure that dropped when a build was accepted as the baseline (a row of
 * data/baseline-log.csv, written only by `data:build --save-baseline --reason …`).
 */
interface AcceptedDrop {
  /** the accepted build's --date */
  accepted: string;
  figure: string;
  checks: number;
  /** agreeing checks in the baseline it replaced, and in the accepted build */
  before: number;
  after: number;
  /** the checks lost, each with the 2020 people of the office's and the picked district ("; "-separated) */
  lost: string;
  /** why the drop was accepted (the --reason given) */
  reason: string;
}

export const BASELINE_LOG_COLUMNS = ["accepted", "figure", "checks", "before", "after", "lost", "reason"] as const;

/** data/baseline-log.csv lives beside the baseline. */
export const baselineLogPath = (baselinePath: string) => join(dirname(baselinePath), "baseline-log.csv");

/**
 * Reads the baseline log; an absent file is an empty log (no baseline was accepted with drops yet).
 *
 * @example
 * loadBaselineLog("data/baseline-log.csv", "data/baseline-log.csv")[0]?.reason;
 */
export function loadBaselineLog(path: string, label: string): AcceptedDrop[] {
  if (!existsSync(path)) return [];
  let rows: Record<string, string>[];
  try {
    rows = parse(readFileSync(path, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (e) {
    throw new InputError(label, 0, `unreadable (${(e as Error).message})`);
  }
  return rows.map((r, i) => {
    for (const c of BASELINE_LOG_COLUMNS) if (r[c] === undefined) throw new InputError(label, i + 2, `missing column ${c}`);
    const n = (c: "checks" | "before" | "after") => {
      if (!/^[0-9]+$/.test(r[c]!)) throw new InputError(label, i + 2, `${c} "${r[c]}" is not a count`);
      return Number(r[c]);
    };
    if (r.reason!.trim() === "") throw new InputError(label, i + 2, "every accepted drop needs a reason");
    return { accepted: r.accepted!, figure: r.figure!, checks: n("checks"), before: n("before"), after: n("after"), lost: r.lost!, reason: r.reason! };
  });
}

export function baselineLogCsv(rows: readonly AcceptedDrop[]): string {
  return stringify(rows.map((r) => ({ ...r })), { header: true, columns: [...BASELINE_LOG_COLUMNS], record_delimiter: "\n" });
}

/** Names of the held-out truth figures of the chosen estimator, gated against the last accepted baseline's (baseline-log.csv). */
export const TRUTH_PREFIX = "held-out truth: ";
const TRUTH_TOP1 = `${TRUTH_PREFIX}top-1 of the chosen estimator`;
const TRUTH_TOP1_SPLIT = `${TRUTH_PREFIX}top-1 of the chosen estimator, split ZCTAs`;

/**
 * The chosen estimator's agreement with the held-out truth as figures (ZCTAs agreeing), each
 * compared with the value logged when the baseline was last accepted (none logged: no comparison).
 */
export function truthFigures(stats: BuildStats, log: readonly AcceptedDrop[]): Figure[] {
  const s = stats.scores.find((x) => x.id === stats.chosen);
  if (s === undefined || s.zctas === 0) return [];
  const logged = (name: string) => [...log].reverse().find((r) => r.figure === name)?.after;
  const fig = (name: string, checks: number, rate: number): Figure => {
    const hits = Math.round(rate * checks);
    return { name, checks, hits, baselineHits: logged(name) ?? hits, lost: [] };
  };
  return [fig(TRUTH_TOP1, s.zctas, s.top1), fig(TRUTH_TOP1_SPLIT, s.splitZctas, s.top1Split)];
}

/** The figures that agree less often than in the baseline: each one fails the dataset test. */
export function droppedFigures(figures: readonly Figure[]): Figure[] {
  return figures.filter((f) => f.hits < f.baselineHits);
}

/**
 * The log rows of accepting a build as the new baseline: the overall office figure and the
 * held-out truth figures (which later builds are gated against), then every other figure that dropped.
 *
 * @example
 * acceptedDrops(validation, "2026-11-22", "the office districts hold fewer 2020 residents");
 */
export function acceptedDrops(v: Validation, date: string, reason: string): AcceptedDrop[] {
  // The overall figure always (a gain is worth recording too), then every figure that dropped.
  const always = (f: Figure) => f.name === "overall" || f.name.startsWith(TRUTH_PREFIX);
  const rows = [...v.figures.filter(always), ...droppedFigures(v.figures).filter((f) => !always(f))];
  return rows.map((f) => ({ accepted: date, figure: f.name, checks: f.checks, before: f.baselineHits, after: f.hits, lost: f.lost.map(v.describe).join("; "), reason }));
}

/** One office-ZIP check: a ZIP that is the office ZIP of exactly one regular district overlapping it at a grade level. */
export interface OfficeCheck {
  zip: string;
  state: string;
  /** the office's district and its level */
  leaid: string;
  level: Level;
  grade: "elementary" | "secondary";
  /** districts overlapping the ZIP at that grade level */
  candidates: number;
  picked: string;
  baselinePicked: string;
}

/**
 * The office-ZIP checks: for each regular district (CCD 2023-24, else 2018-19) whose office
 * ZIP overlaps it, when no other regular district of the same grade level has its office
 * there, the ZIP's pick at that grade (the record's district for unified and elementary
 * offices, the secondary pick for secondary offices) should be that district.
 */
export function officeChecks(stats: BuildStats, baseline: ReadonlyMap<string, BaselinePick> | null): OfficeCheck[] {
  const decisions = new Map(stats.decisions.map((d) => [d.zip, d]));
  const groups = new Map<string, { leaid: string; level: Level; state: string }[]>();
  for (const [leaid, o] of [...stats.offices].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (!REGULAR_LEA_TYPES.has(o.leaType) || o.lzip === "") continue;
    const d = decisions.get(o.lzip);
    const level = stats.levels.get(leaid);
    if (d === undefined || level === undefined) continue;
    const grade = level === "S" ? "secondary" : "elementary";
    if (!d.candidates[grade].includes(leaid)) continue;
    const key = `${o.lzip} ${grade}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push({ leaid, level, state: o.state });
  }
  const out: OfficeCheck[] = [];
  for (const [key, list] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (list.length !== 1) continue;
    const [zip, grade] = key.split(" ") as [string, "elementary" | "secondary"];
    const d = decisions.get(zip)!;
    const b = baseline?.get(zip);
    out.push({
      zip,
      state: list[0]!.state,
      leaid: list[0]!.leaid,
      level: list[0]!.level,
      grade,
      candidates: d.candidates[grade].length,
      picked: grade === "elementary" ? d.leaid : d.secondary,
      baselinePicked: b === undefined ? "" : grade === "elementary" ? b.leaid : b.secondary,
    });
  }
  return out;
}

function checksOf(stats: BuildStats): OfficeCheck[] {
  return officeChecks(stats, null);
}

/**
 * VALIDATION.md section 1b: where the chosen estimator places no one, the evidence that could
 * replace land, on the held-out truth and on the office-ZIP check, and why land stays.
 */
function unplacedSection(stats: BuildStats, checks: readonly OfficeCheck[]): string[] {
  const f = stats.fallback;
  const L: string[] = [];
  const split = f.split[0]?.zctas ?? 0;
  L.push("### Where no one is placed", "");
  L.push(
    `The chosen estimator places no 2020 people in the pieces of ${thousands(split)} split truth ZCTAs (tiny ZCTAs no sample point falls in), and land area decides there. ` +
      `${thousands(f.noPolygon)} ZCTAs of GRF21 have no 2010 polygon (${thousands(f.noPolygon - f.noPolygonInGeocorr)} of them are not in Geocorr 2010 either), so no one is placed in them; ${thousands(f.noPolygonLand)} of those records are decided by land among 2+ elementary candidates. ` +
      "Candidates that need no ZCTA polygon, on those split truth ZCTAs and on all of them:",
    "",
    "| candidate | top-1, split ZCTAs where no one is placed | mean share error there | top-1, all truth ZCTAs | method |",
    "|---|---:|---:|---:|---|",
  );
  f.split.forEach((s, i) => L.push(`| ${s.id} | ${s.top1.toFixed(4)} | ${s.meanError.toFixed(4)} | ${f.all[i]!.top1.toFixed(4)} | ${cell(s.description)} |`));
  const decisions = new Map(stats.decisions.map((d) => [d.zip, d]));
  const landDecided = stats.decisions.filter((d) => d.centrePick !== undefined);
  const moved = landDecided.filter((d) => d.centrePick !== "" && d.centrePick !== d.leaid);
  const affected = checks.filter((c) => c.grade === "elementary" && moved.some((d) => d.zip === c.zip));
  const gained = affected.filter((c) => decisions.get(c.zip)!.centrePick === c.leaid);
  const lost = affected.filter((c) => decisions.get(c.zip)!.leaid === c.leaid);
  const land = f.split[0];
  const centre = f.split.find((s) => s.id === "zip-centre");
  const truthBetter = land !== undefined && centre !== undefined && centre.top1 > land.top1;
  L.push(
    "",
    `On the records: land decides ${thousands(landDecided.length)} records' districts; the district holding the ZIP centre would replace the pick of ${thousands(moved.length)}. ` +
      `Office-ZIP checks among them: ${thousands(gained.length)} would be gained (${gained.map((c) => c.zip).join(", ") || "none"}), ${thousands(lost.length)} lost (${lost.map((c) => c.zip).join(", ") || "none"}).`,
    "",
    truthBetter && gained.length > lost.length
      ? "The ZIP centre agrees better on both: it qualifies to replace land, but it is a location, not people or land, and needs a basis value of its own in the contract before a build can use it."
      : `Land stays, and the basis says \`land\`: the build replaces land only with evidence that agrees better on both the held-out truth and the office-ZIP check. ${truthBetter ? `The ZIP centre does better on the truth (unified-only ZCTAs) but not on the office checks it would change (${thousands(lost.filter((c) => c.level === "E").length)} of the ${thousands(lost.length)} it would lose are elementary districts' offices)` : "The ZIP centre does no better on the truth"}; land x district density and the people nearest the 2020 ZCTA point do worse than land on the truth.`,
    "",
  );
  return L;
}

/** One agreement figure: how many checks agree now and in the baseline. */
export interface Figure {
  name: string;
  checks: number;
  hits: number;
  baselineHits: number;
  /** the checks of this figure that agreed in the baseline and do not now */
  lost: OfficeCheck[];
}

/** The headline groups of the office-ZIP check, by name: overall, by level, elementary offices in split-level states. */
function headlineGroups(splitStates: ReadonlySet<string>): [string, (c: OfficeCheck) => boolean][] {
  return [
    ["overall", () => true],
    ["level U (unified offices, record's district)", (c) => c.level === "U"],
    ["level E (elementary offices, record's district)", (c) => c.level === "E"],
    ["level S (secondary offices, secondary pick)", (c) => c.level === "S"],
    ["elementary offices in split-level states", (c) => c.level === "E" && splitStates.has(c.state)],
  ];
}

/** Every agreement figure of the office-ZIP check (overall, by level, by candidates, split-level states, by state). */
export function officeFigures(checks: readonly OfficeCheck[], splitStates: ReadonlySet<string>): Figure[] {
  const fig = (name: string, pred: (c: OfficeCheck) => boolean): Figure => {
    const cs = checks.filter(pred);
    return {
      name,
      checks: cs.length,
      hits: cs.filter((c) => c.picked === c.leaid).length,
      baselineHits: cs.filter((c) => c.baselinePicked === c.leaid).length,
      lost: cs.filter((c) => c.baselinePicked === c.leaid && c.picked !== c.leaid),
    };
  };
  const band = (n: number) => (n >= 3 ? "3+" : String(n));
  const figures = [
    ...headlineGroups(splitStates).map(([name, pred]) => fig(name, pred)),
    ...["1", "2", "3+"].map((n) => fig(`${n} candidate${n === "1" ? "" : "s"}`, (c) => band(c.candidates) === n)),
    ...[...new Set(checks.map((c) => c.state))].sort().map((st) => fig(`state ${st}`, (c) => c.state === st)),
  ];
  return figures.filter((f) => f.checks > 0);
}

/** How far a pick by true population could take an office-ZIP figure (see `populationCeiling`). */
interface CeilingFigure {
  name: string;
  checks: number;
  hits: number;
  misses: number;
  /** misses where no candidate has 2020 people (credited as hits in `best`) */
  noEvidence: number;
  /** expected misses whose office district truly has the most residents */
  flips: number;
  /** hits + flips + noEvidence: the expected figure if every current hit were right */
  best: number;
  /** best + 2 standard deviations of the flips (each miss a Bernoulli trial) */
  high: number;
}

/**
 * The most a pick by true population could be expected to reach on the office-ZIP figures,
 * from independent evidence: every current hit is assumed right (the optimistic side), and
 * every miss turns into a hit with the measured chance (held-out Geocorr truth,
 * `calibrateSpread`) that the office's district truly has the most residents among the
 * candidates, given its 2020 spread people over the largest other candidate's. Misses with no
 * 2020 people in any candidate are credited as hits.
 *
 * @example
 * populationCeiling(stats, checks, new Set(["CA"]))[0].best // about 10,500 of 10,816
 */
export function populationCeiling(stats: BuildStats, checks: readonly OfficeCheck[], splitStates: ReadonlySet<string>): CeilingFigure[] {
  const decisions = new Map(stats.decisions.map((d) => [d.zip, d]));
  const fig = (name: string, pred: (c: OfficeCheck) => boolean): CeilingFigure => {
    const f: CeilingFigure = { name, checks: 0, hits: 0, misses: 0, noEvidence: 0, flips: 0, best: 0, high: 0 };
    let variance = 0;
    for (const c of checks.filter(pred)) {
      f.checks++;
      if (c.picked === c.leaid) {
        f.hits++;
        continue;
      }
      f.misses++;
      const d = decisions.get(c.zip)!;
      const r = ratioToLargestOther(d.people[c.grade], c.leaid, d.candidates[c.grade]);
      const chance = r === null ? null : largestChance(stats.calibration, r);
      if (chance === null) f.noEvidence++;
      else (f.flips += chance), (variance += chance * (1 - chance));
    }
    f.best = f.hits + f.flips + f.noEvidence;
    f.high = f.best + 2 * Math.sqrt(variance);
    return f;
  };
  return headlineGroups(splitStates)
    .map(([name, pred]) => fig(name, pred))
    .filter((f) => f.checks > 0);
}

/** VALIDATION.md section 3, "How high a pick by population could go": the calibration and the ceiling. */
function populationCeilingSection(stats: BuildStats, checks: readonly OfficeCheck[], splitStates: ReadonlySet<string>): string[] {
  const ratio = (x: number) => (x === Infinity ? "∞" : String(x));
  const L: string[] = ["", "### How high a pick by population could go", ""];
  L.push(
    "A district's office is not always in the ZIP where most of its people live, so no pick that follows residents reaches 100 % here. How many misses a pick by true population would turn into hits is estimated from independent evidence: on the held-out Geocorr 2010 truth (split truth ZCTAs), how often a district is truly the largest in a ZCTA, given its 2020 block-group spread people there over the largest other district's (raw spread, no prior):",
    "",
    "| spread people over the largest other district's | districts | truly the largest | share |",
    "|---|---:|---:|---:|",
  );
  for (const b of stats.calibration) L.push(`| ${ratio(b.lo)} to ${ratio(b.hi)} | ${thousands(b.districts)} | ${thousands(b.largest)} | ${b.districts > 0 ? (b.largest / b.districts).toFixed(3) : "–"} |`);
  L.push(
    "",
    "Each miss then turns into a hit with the share of its bin: the office's district's 2020 spread people in the ZIP over the largest other candidate's at that grade level. The bound is optimistic: every current hit is kept as right (the same evidence says some are not), and a miss where no candidate has 2020 people counts as a hit. High end: the bound plus two standard deviations of the misses turned.",
    "",
    "| figure | checks | this build | misses | misses expected to turn | no 2020 people (counted as hits) | at best, expected | high end |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const f of populationCeiling(stats, checks, splitStates)) {
    L.push(`| ${f.name} | ${thousands(f.checks)} | ${pct(f.hits, f.checks)} (${thousands(f.hits)}) | ${thousands(f.misses)} | ${f.flips.toFixed(1)} | ${thousands(f.noEvidence)} | ${pct(f.best, f.checks)} | ${pct(f.high, f.checks)} |`);
  }
  return L;
}

/** A ZIP whose pick changed since the baseline. */
export interface Change {
  zip: string;
  grade: "elementary" | "secondary";
  before: string;
  after: string;
  reason: string;
}

function reasonOf(d: ZipDecision, grade: "elementary" | "secondary", levels: ReadonlyMap<string, Level>): string {
  const how =
    d.geocorr === "vintage-gap"
      ? "Geocorr 2010 does not match today's districts here (a district created, merged or re-levelled since 2014): the 2020 block-group estimate decides"
      : d.geocorr === "outdated"
        ? `Geocorr 2010 is outdated here (a ZIP of ${thousands(OUTDATED_MIN_PEOPLE)} people or more whose 2020 estimate puts ${OUTDATED_TOP * 100} % or more in another district than Geocorr's top one): the 2020 block-group estimate decides`
        : d.geocorr === "absent"
        ? "no Geocorr 2010 shares for this ZIP: the 2020 block-group estimate decides"
        : d.relevelled.length > 0
          ? `Geocorr 2010, its people of ${d.relevelled.join(", ")} (unified in its list, drawn here as an elementary or secondary district) kept at that district's grades; the people outside unified districts split by the 2020 block-group estimate`
          : "Geocorr 2010 for unified districts; the people outside them split by the 2020 block-group estimate instead of by land";
  const pick = grade === "elementary" ? d.leaid : d.secondary;
  const fallback = grade === "elementary" && d.evidence === "land" ? " (no one counted: land area)" : "";
  const lv = levels.get(pick);
  // No pick: no district teaching high school has a share above 0 (or only districts stopping before 9th grade).
  if (pick === "") return `${how}${fallback}; now none: no district teaching these grades serves any of its people`;
  return `${how}${fallback}; now ${lv === "S" ? "secondary" : lv === "E" ? "elementary" : "unified"}`;
}

function changes(stats: BuildStats, baseline: ReadonlyMap<string, BaselinePick>): Change[] {
  const out: Change[] = [];
  for (const d of stats.decisions) {
    const b = baseline.get(d.zip);
    if (b === undefined) continue;
    if (b.leaid !== d.leaid) out.push({ zip: d.zip, grade: "elementary", before: b.leaid, after: d.leaid, reason: reasonOf(d, "elementary", stats.levels) });
    if (b.secondary !== d.secondary) out.push({ zip: d.zip, grade: "secondary", before: b.secondary, after: d.secondary, reason: reasonOf(d, "secondary", stats.levels) });
  }
  return out;
}

export interface Validation {
  markdown: string;
  figures: Figure[];
  changed: Change[];
  checks: OfficeCheck[];
  /** a check in words: ZIP, grade, the office's district and the pick, with their 2020 people and the baseline's pick */
  describe: (c: OfficeCheck) => string;
}

const pct = (n: number, d: number) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)} %`);
const cell = (s: string) => s.replace(/\|/g, "\\|");

/**
 * Builds VALIDATION.md from a build's stats and the baseline (null: no previous build).
 *
 * @example
 * validate(stats, loadBaseline("data/baseline.csv", "data/baseline.csv")).figures[0];
 */
export function validate(stats: BuildStats, baseline: ReadonlyMap<string, BaselinePick> | null, log: readonly AcceptedDrop[] = []): Validation {
  const name = (leaid: string) => (leaid === "" ? "(none)" : `${stats.districts.get(leaid)?.name ?? "?"} (${leaid})`);
  // Split-level states: those with both elementary and secondary (high-school) districts.
  const statesWith = (level: Level) => new Set([...stats.levels].filter(([, l]) => l === level).map(([leaid]) => stats.offices.get(leaid)?.state ?? "").filter((s) => s !== ""));
  const secondaryStates = statesWith("S");
  const splitStates = new Set([...statesWith("E")].filter((s) => secondaryStates.has(s)));
  const checks = officeChecks(stats, baseline);
  const figures = officeFigures(checks, splitStates);
  const changed = baseline === null ? [] : changes(stats, baseline);
  const L: string[] = [];
  L.push("# Validation of the district choice (share method v2)", "");
  L.push(
    "Written by every build (`bun run data:build`). The district a ZIP gets is measured here against evidence the choice does not use: held-out Geocorr 2010 population shares for the 2020 estimator, and the ZIPs of district offices for the whole choice. " +
      "`data/README.md` describes the method; `data/baseline.csv` holds the previous build's picks that the figures are compared with (a drop in any agreement figure fails the dataset test).",
    "",
  );
  L.push("## 1. The 2020 estimator, on held-out truth", "");
  const t0 = stats.scores[0];
  L.push(
    `Truth: the Geocorr 2010 census-block shares of the ${thousands(t0?.zctas ?? 0)} ZCTAs wholly in unified territory (no Geocorr population outside unified districts, every GRF21 district unified in the boundary files, every Geocorr district still in GRF21), ${thousands(t0?.splitZctas ?? 0)} of them split over 2+ districts. ` +
      "No candidate uses Geocorr. Top-1: the candidate's largest share is Geocorr's largest (ties to the lowest LEAID). Mean share error: half the summed absolute share differences per ZCTA (the share of its people placed in the wrong district), averaged over ZCTAs.",
    "",
  );
  L.push("| candidate | top-1 | top-1, split ZCTAs | mean share error | decided by people / density / land | method |", "|---|---:|---:|---:|---|---|");
  for (const s of stats.scores) {
    L.push(
      `| ${s.id === stats.chosen ? `**${s.id}** (chosen)` : s.id} | ${s.top1.toFixed(4)} | ${s.top1Split.toFixed(4)} | ${s.meanError.toFixed(4)} | ${thousands(s.byEvidence.population)} / ${thousands(s.byEvidence.density)} / ${thousands(s.byEvidence.land)} | ${cell(s.description)} |`,
    );
  }
  L.push("", `Chosen by the table: **${stats.chosen}** (best top-1; ties would go to the lower mean error). The priors were tuned on this same truth, so its figure is slightly optimistic.`, "");
  const truth = truthFigures(stats, log);
  if (truth.length > 0) {
    L.push(
      "The dataset test fails when the chosen estimator agrees with the truth on fewer ZCTAs than when the baseline was last accepted (section 5):",
      "",
      ...truth.map((f) => `- ${f.name.slice(TRUTH_PREFIX.length)}: ${thousands(f.hits)} of ${thousands(f.checks)} ZCTAs (accepted baseline: ${thousands(f.baselineHits)})`),
      "",
    );
  }
  L.push(...unplacedSection(stats, checksOf(stats)));
  const e = stats.evidenceCounts;
  L.push(
    `Evidence: ${thousands(e.blockGroups)} 2020 block groups, ${thousands(e.people)} people; ${thousands(e.outsideZctas)} of them have a centre in no 2010 ZCTA polygon and ${thousands(e.outsideDistricts)} in no district polygon (Puerto Rico and the other territories have no boundary files).`,
    "",
  );
  L.push("## 2. How the 2020 estimate and Geocorr 2010 combine", "");
  const mode = (m: string) => stats.decisions.filter((d) => d.geocorr === m).length;
  L.push(
    `- Geocorr 2010 decides the unified districts where it describes today's districts (**${thousands(mode("used"))}** ZIPs): block-level 2010 counts beat a block-group estimate where the districts are the same. Geocorr's districts are read under the ids \`joins.csv\` gives them (a district re-numbered or merged since 2014 is the same territory). A district its 2014 list calls unified that the boundaries draw only as an elementary or secondary district here keeps the people Geocorr counts in it, at its own grades (**${thousands(stats.decisions.filter((d) => d.relevelled.length > 0).length)}** ZIPs). The people it puts outside unified districts go to the elementary districts by the 2020 estimate among them, and separately to the secondary districts.`,
    `- The 2020 estimate decides every level where Geocorr does not match today's districts (**${thousands(mode("vintage-gap"))}** ZIPs: a district it names is gone, a unified district it lacks holds 5 % or more of the 2020 people, or elementary/secondary territory gained or lost its people) and where Geocorr has no shares (**${thousands(mode("absent"))}** ZIPs: ZCTAs new since 2010, territories).`,
    `- The 2020 estimate also decides where Geocorr 2010 is outdated (**${thousands(mode("outdated"))}** ZIPs: ${stats.decisions.filter((d) => d.geocorr === "outdated").map((d) => d.zip).join(", ") || "none"}): a ZIP of ${thousands(OUTDATED_MIN_PEOPLE)} people or more whose 2020 estimate gives another district than Geocorr's top one ${OUTDATED_TOP * 100} % or more of a grade's people (a city that grew or annexed since 2010). Measured on the office-ZIP check: without the size floor 181 picks change and 10 fewer checks are met, at 5,000 people 8 change and 2 fewer are met, at 10,000 none is lost. Letting the 2020 estimate win wherever it merely disagrees lowers every office-ZIP figure.`,
    `- The 2020 estimate places people in the 2016 district polygons; a district merged or re-numbered since (BOUNDARIES.md: successors) has none of its own. In each ZCTA, the people of the 2016 polygon of a district the 2021 crosswalk no longer has count for the crosswalk's district that has no 2016 polygon, at the same level, split by land (Montpelier, 05602, counts for Montpelier-Roxbury); where there is none, for the district that absorbed it: the district of today, of the same state and level, that takes at least half of the polygon's people when each ZCTA's are spread over its pieces of that level by land (**${thousands(stats.heirs.size)}** polygons, e.g. ${heirExamples(stats)}; the location answers draw them the same way). **${thousands(stats.successorZctas.length)}** ZCTAs change, with those of the next rule.`,
    `- A district new since 2016 carved out of one that remains (the older one's 2016 land less its GRF21 land is at least half of the new one's land: Jacksonville North Pulaski out of Pulaski County Special, 72076; RSU 56 out of RSU 10, 04224; Gulf Shores City out of Baldwin County, 36542) takes, in each ZCTA, a part of the older one's 2016 polygon people by land (all of them where the crosswalk no longer has the older one there), and the same part of its Geocorr 2010 share, which counted it in the older one (**${thousands(stats.carvedZctas.length)}** ZCTAs); the location answers draw the polygon's part in a ZCTA as the new district where it has more land there (BOUNDARIES.md).`,
    `- The people the 2016 boundaries place in "School District Not Defined" (land in no school district: Sun City, AZ, 85351) stay uncovered where the 2020 estimate decides: its shares are of the whole ZIP, not of the people in districts (**${thousands(stats.notDefinedZips.length)}** ZIPs have such people; Geocorr 2010 counts them outside every district too).`,
    `- A K-12 district that replaced an elementary district since 2016 (\`joins.csv\`: the elementary polygon joined to a district CCD lists to 12th grade; or, where GRF21 no longer has the elementary district, a district drawn at the secondary level that CCD lists from Pre-K or Kindergarten to 12th grade and whose polygon holds 90 % or more of the elementary polygon's 2020 people: Mount Greylock for Williamstown and Lanesborough; ${stats.k12Polygons.length} polygons: ${stats.k12Polygons.join(", ") || "none"}) counts at every grade: its polygon is read as unified, and in each ZCTA the people it shares with the high-school polygon over it come off that polygon (East Helena K-12 in 59635, which counted for Helena High School District). Geocorr 2010 counted them outside unified districts, so the 2020 estimate decides those ZIPs.`,
    "- Where the estimate counts no one in a pool of districts (no block-group people there), land area decides and the basis says `land`.",
    "",
  );
  L.push("Decisions per basis (the record's district):", "", "| basis | evidence | ZIPs |", "|---|---|---:|");
  const per = new Map<string, number>();
  for (const d of stats.decisions) per.set(`${d.basis} | ${d.evidence}`, (per.get(`${d.basis} | ${d.evidence}`) ?? 0) + 1);
  for (const [k, v] of [...per].sort((a, b) => (a[0] < b[0] ? -1 : 1))) L.push(`| ${k} | ${thousands(v)} |`);
  L.push("");
  L.push("## 3. Office-ZIP check", "");
  L.push(
    "A ZIP that is the office ZIP (CCD `LZIP`, 2023-24 directory, else 2018-19) of exactly one regular district (CCD type 1 or 2) overlapping it at a grade level should get that district: unified and elementary offices are checked against the record's district, secondary offices against the secondary pick (`serves_most` of `/zip/{zip}/districts.json`). Candidates: the districts overlapping the ZIP at that grade level. " +
      `Split-level states: those with both elementary and secondary districts (${[...splitStates].sort().join(", ")}).`,
    "",
  );
  L.push(
    "The dataset test fails when any figure of this table drops (▼), overall, by level, by number of candidates or by state, and lists the checks it lost; the changed picks are in section 4. A drop is accepted only on purpose, by making a build the new baseline with a reason (section 5).",
    "",
    "| figure | checks | previous build | this build | change |",
    "|---|---:|---:|---:|---:|",
  );
  for (const f of figures) {
    const d = f.hits - f.baselineHits;
    const change = baseline === null ? "–" : d < 0 ? `▼ ${d}` : d > 0 ? `+${d}` : "0";
    L.push(`| ${f.name} | ${thousands(f.checks)} | ${baseline === null ? "–" : `${pct(f.baselineHits, f.checks)} (${thousands(f.baselineHits)})`} | ${pct(f.hits, f.checks)} (${thousands(f.hits)}) | ${change} |`);
  }
  L.push(...populationCeilingSection(stats, checks, splitStates));
  const misses = checks.filter((c) => c.picked !== c.leaid);
  const decisionOf = new Map(stats.decisions.map((d) => [d.zip, d]));
  // People at the check's grade level: the pieces of the levels that teach those grades.
  const people = (c: OfficeCheck, leaid: string) => decisionOf.get(c.zip)?.people[c.grade].get(leaid) ?? 0;
  const pickedMore = misses.filter((c) => people(c, c.picked) > people(c, c.leaid)).length;
  const gap = (c: OfficeCheck) => people(c, c.picked) - people(c, c.leaid);
  const example = misses.reduce<OfficeCheck | undefined>((best, c) => (best === undefined || gap(c) > gap(best) ? c : best), undefined);
  L.push(
    "",
    `### Misses (${thousands(misses.length)})`,
    "",
    `In **${thousands(pickedMore)}** of the ${thousands(misses.length)} misses the 2020 block-group estimate places more people in the picked district's part of the ZIP than in the office district's: the office sits in a ZIP where a neighbour serves more residents${example === undefined ? "" : ` (the largest gap: ${example.zip}, ${thousands(people(example, example.leaid))} people in ${cell(name(example.leaid))}, ${thousands(people(example, example.picked))} in ${cell(name(example.picked))})`}. People: the 2020 spread in the ZIP's pieces at the check's grade level, unified and elementary pieces for the elementary grades, unified and secondary pieces for the secondary grades (an estimate).`,
    "",
  );
  // Each miss by the evidence that decided the pick, and whether the 2020 estimate agrees with it.
  const cause = (c: OfficeCheck): string => {
    const d = decisionOf.get(c.zip)!;
    const [picked, office] = [people(c, c.picked), people(c, c.leaid)];
    if (c.grade === "elementary" && d.evidence === "land") return "L: land (no 2020 people placed in the ZIP's pieces)";
    if (c.grade === "elementary" && d.evidence === "geocorr-2010") {
      return office > picked
        ? "g: Geocorr 2010 counts more residents in the picked district, the 2020 estimate more in the office's"
        : "G: Geocorr 2010 counts more residents in the picked district, the 2020 estimate no more in the office's";
    }
    return picked > office
      ? "P: the 2020 estimate counts more residents in the picked district"
      : "p: the 2020 estimate counts no more in the picked district than in the office's; the pick comes from the estimator's land prior, Geocorr's 2010 split of the people outside unified districts, or grade levels";
  };
  const causes = new Map<string, number>();
  for (const c of misses) causes.set(cause(c), (causes.get(cause(c)) ?? 0) + 1);
  L.push("Misses by cause (the evidence that decided the pick; people counted at the check's grade level):", "", "| cause | misses |", "|---|---:|");
  for (const [k, v] of [...causes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) L.push(`| ${k} | ${thousands(v)} |`);
  L.push("", "| ZIP | state | grade | office of | its 2020 people here | picked | its 2020 people here | cause |", "|---|---|---|---|---:|---|---:|---|");
  for (const c of misses) {
    L.push(`| ${c.zip} | ${c.state} | ${c.grade} | ${cell(name(c.leaid))} | ${thousands(people(c, c.leaid))} | ${cell(name(c.picked))} | ${thousands(people(c, c.picked))} | ${cause(c)[0]} |`);
  }
  L.push("", `## 4. ZIPs whose pick changed since the previous build (${thousands(changed.length)})`, "");
  if (baseline === null) L.push("No previous build (data/baseline.csv) was given.");
  else {
    L.push("| ZIP | grades | before | after | reason |", "|---|---|---|---|---|");
    for (const c of changed) L.push(`| ${c.zip} | ${c.grade} | ${cell(name(c.before))} | ${cell(name(c.after))} | ${cell(c.reason)} |`);
  }
  L.push("", `## 5. Accepted baselines: the overall figure and every drop, with the reason (${thousands(new Set(log.map((r) => `${r.accepted} ${r.reason}`)).size)})`, "");
  L.push(
    "`data/baseline.csv` changes only by `bun run data:build -- --raw … --date … --save-baseline --reason \"…\"`: the build becomes the baseline, and the overall figure and every figure that dropped against the baseline it replaces are written to `data/baseline-log.csv` with the checks they lost and the reason, listed here. A build is compared with the last accepted one, so its changes and gains since then stay visible.",
    "",
  );
  if (log.length > 0) {
    L.push("| accepted | figure | checks | before | after | checks lost (office's district, 2020 people here → picked, people) | reason |", "|---|---|---:|---:|---:|---|---|");
    for (const r of log) L.push(`| ${r.accepted} | ${cell(r.figure)} | ${thousands(r.checks)} | ${thousands(r.before)} | ${thousands(r.after)} | ${cell(r.lost === "" ? "–" : r.lost)} | ${cell(r.reason)} |`);
  }
  L.push("");
  const describe = (c: OfficeCheck) =>
    `${c.zip} ${c.grade}: office ${c.leaid} (${thousands(people(c, c.leaid))} people) -> picked ${c.picked || "(none)"} (${thousands(people(c, c.picked))} people)${c.baselinePicked === c.picked ? "" : `, baseline ${c.baselinePicked || "(none)"}`}`;
  return { markdown: L.join("\n"), figures: [...figures, ...truth], changed, checks, describe };
}

/** Up to three heirs (successors.ts vanishedHeirs) as "2016 name (LEAID) for today's name". */
function heirExamples(stats: BuildStats): string {
  const named = (leaid: string) => stats.districts.get(leaid)?.name ?? leaid;
  return [...stats.heirs].slice(0, 3).map(([polygon, heir]) => `${polygon} for ${named(heir)} (${heir})`).join(", ") || "none";
}

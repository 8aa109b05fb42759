/**
 * Rating method v1 (decisions.md rule 25): within-state deciles of a student-outcome
 * measure. SEDA 2023 where it covers the district (at least two of its six scores),
 * EDFacts 2020-21 elsewhere; each source is ranked separately within the state.
 */
import type { EdFactsRow, SedaRow } from "./sources.ts";

export const RATING_METHOD = "v1.1";
/** A (state, source) group needs at least this many districts with an outcome to be rated. */
export const MIN_DISTRICTS = 10;
/** SEDA: at least this many of the six scores. */
export const MIN_SEDA_SCORES = 2;

/**
 * Midpoint of an EDFacts published value: "93%" 93, "90-94%" 92, ">=95%" 97.5,
 * "<50%" 25, "<=49%" 25 (read as "<50%"); suppressed or missing ("S", "Suppressed",
 * "PS", ".", "") null.
 */
export function edfactsMidpoint(raw: string): number | null {
  const v = raw.trim().replace(/\s+/g, "");
  let m: RegExpMatchArray | null;
  if ((m = v.match(/^([0-9]+(?:\.[0-9]+)?)%?$/))) return Number(m[1]);
  if ((m = v.match(/^([0-9]+(?:\.[0-9]+)?)-([0-9]+(?:\.[0-9]+)?)%?$/))) return (Number(m[1]) + Number(m[2])) / 2;
  if ((m = v.match(/^(?:>=|GE)([0-9]+(?:\.[0-9]+)?)%?$/i))) return (Number(m[1]) + 100) / 2;
  if ((m = v.match(/^(?:>|GT)([0-9]+(?:\.[0-9]+)?)%?$/i))) return (Number(m[1]) + 100) / 2;
  if ((m = v.match(/^(?:<=|LE)([0-9]+(?:\.[0-9]+)?)%?$/i))) return (Number(m[1]) + 1) / 2;
  if ((m = v.match(/^(?:<|LT)([0-9]+(?:\.[0-9]+)?)%?$/i))) return Number(m[1]) / 2;
  return null;
}

export interface Outcome {
  leaid: string;
  state: string;
  value: number;
  source: "seda" | "edfacts";
}

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** SEDA outcome: mean of the available grade-year-standardized scores, at least two of six. */
export function sedaOutcome(row: SedaRow): number | null {
  const xs = row.scores.filter((x): x is number => x !== null);
  return xs.length >= MIN_SEDA_SCORES ? mean(xs) : null;
}

/**
 * All outcomes, per district (rule 25 read per district, as the raw README's combined
 * coverage does): a district with at least MIN_SEDA_SCORES SEDA scores takes its SEDA
 * outcome; any other district ("elsewhere", also inside the 40 SEDA states) takes the
 * mean of its EDFacts within-state z-scores. The z-scores of a measure are computed over
 * all of the state's EDFacts districts with that measure, whichever source their outcome
 * comes from. `stateOf` gives a LEAID's postal state (from its FIPS prefix); `sedaStates`
 * are the states the SEDA file covers.
 */
export function outcomes(
  seda: readonly SedaRow[],
  edfacts: ReadonlyMap<string, EdFactsRow>,
  stateOf: (leaid: string) => string | undefined,
): { outcomes: Outcome[]; sedaStates: Set<string> } {
  const sedaStates = new Set(seda.map((r) => r.state));
  const out: Outcome[] = [];
  const fromSeda = new Set<string>();
  for (const r of seda) {
    const v = sedaOutcome(r);
    if (v === null) continue;
    out.push({ leaid: r.leaid, state: r.state, value: v, source: "seda" });
    fromSeda.add(r.leaid);
  }
  for (const o of edfactsOutcomes(edfacts, stateOf)) if (!fromSeda.has(o.leaid)) out.push(o);
  return { outcomes: out, sedaStates };
}

/**
 * The EDFacts outcome of every district with at least one usable measure, whether or
 * not it also has a SEDA outcome: the mean of its within-state z-scores (per state and
 * measure, over the districts with a value).
 */
export function edfactsOutcomes(edfacts: ReadonlyMap<string, EdFactsRow>, stateOf: (leaid: string) => string | undefined): Outcome[] {
  const out: Outcome[] = [];
  const byState = new Map<string, { leaid: string; m: (number | null)[] }[]>();
  for (const r of [...edfacts.values()].sort((a, b) => (a.leaid < b.leaid ? -1 : 1))) {
    const st = stateOf(r.leaid);
    if (st === undefined) continue;
    const m = [edfactsMidpoint(r.grad), edfactsMidpoint(r.math), edfactsMidpoint(r.read)];
    if (m.every((x) => x === null)) continue;
    (byState.get(st) ?? byState.set(st, []).get(st)!).push({ leaid: r.leaid, m });
  }
  for (const [st, rows] of byState) {
    const stats = [0, 1, 2].map((k) => {
      const xs = rows.map((r) => r.m[k]).filter((x): x is number => x !== null && x !== undefined);
      if (xs.length === 0) return null;
      const mu = mean(xs);
      const sd = Math.sqrt(mean(xs.map((x) => (x - mu) ** 2)));
      return { mu, sd };
    });
    for (const r of rows) {
      const zs: number[] = [];
      r.m.forEach((x, k) => {
        const s = stats[k];
        if (x === null || x === undefined || s === null || s === undefined) return;
        zs.push(s.sd > 0 ? (x - s.mu) / s.sd : 0);
      });
      if (zs.length > 0) out.push({ leaid: r.leaid, state: st, value: mean(zs), source: "edfacts" });
    }
  }
  return out;
}

/**
 * How often SEDA and EDFacts agree: for the districts of `universe` that have both a SEDA
 * and an EDFacts outcome, each source's decile is computed within the state among the
 * universe's districts of that source (groups of at least MIN_DISTRICTS), and compared.
 *
 * @example
 * agreement(sedaOuts, edOuts, geographic) // { both: 7000, same: 2400, within1: 5000, apart3: 900 }
 */
export function agreement(seda: readonly Outcome[], ed: readonly Outcome[], universe: ReadonlySet<string>): { both: number; same: number; within1: number; apart3: number } {
  const a = rate(seda.filter((o) => universe.has(o.leaid)));
  const b = rate(ed.filter((o) => universe.has(o.leaid)));
  let both = 0;
  let same = 0;
  let within1 = 0;
  let apart3 = 0;
  for (const [leaid, x] of [...a].sort()) {
    const y = b.get(leaid);
    if (y === undefined) continue;
    both++;
    const d = Math.abs(x - y);
    if (d === 0) same++;
    if (d <= 1) within1++;
    if (d >= 3) apart3++;
  }
  return { both, same, within1, apart3 };
}

/** The ranking group of an outcome: its state and its source (the two scales are never mixed). */
export const groupOf = (o: Pick<Outcome, "state" | "source">) => `${o.state} ${o.source}`;

/**
 * Within-state, within-source deciles: in each (state, source) group, districts sorted
 * best first; the one at position i (ties share the best position) of n gets
 * 10 - floor(10 i / n). Groups with fewer than MIN_DISTRICTS outcomes get no ratings.
 */
export function rate(outs: readonly Outcome[]): Map<string, number> {
  const byGroup = new Map<string, Outcome[]>();
  for (const o of outs) (byGroup.get(groupOf(o)) ?? byGroup.set(groupOf(o), []).get(groupOf(o))!).push(o);
  const ratings = new Map<string, number>();
  for (const list of byGroup.values()) {
    if (list.length < MIN_DISTRICTS) continue;
    const sorted = [...list].sort((a, b) => b.value - a.value || (a.leaid < b.leaid ? -1 : 1));
    const n = sorted.length;
    let pos = 0;
    sorted.forEach((o, i) => {
      if (i > 0 && o.value !== sorted[i - 1]!.value) pos = i;
      ratings.set(o.leaid, 10 - Math.floor((10 * pos) / n));
    });
  }
  return ratings;
}

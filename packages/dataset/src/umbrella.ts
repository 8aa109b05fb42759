/**
 * Umbrella districts: a supervisory union (CCD LEA_TYPE 3: New York City's Chancellor's
 * office, Vermont's supervisory unions and districts) is the boundary district of its
 * ZIPs but reports no students, schools or grades of its own. CCD links it to its
 * component districts (LEA_TYPE 2) by the UNION code within the state; their facts are
 * derived from those components (method in data/README.md, "Umbrella districts").
 */
import { LEA_TYPE, type CcdRow } from "./sources.ts";

/** Grades in order (CCD codes); UG, AE, N, M are not part of a span. */
const GRADES = ["PK", "KG", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13"];

/**
 * The components of every supervisory union of `directory`: LEAID of the union -> LEAIDs
 * of the rows of the same state with LEA_TYPE 2 and the same UNION code.
 *
 * @example
 * componentsOf(ccd2324).get("3620580") // ["3600076", "3600077", …] (NYC's 32 geographic districts)
 */
export function componentsOf(directory: ReadonlyMap<string, CcdRow>): Map<string, string[]> {
  const byCode = new Map<string, string[]>();
  for (const r of directory.values()) {
    if (r.leaType !== LEA_TYPE.component || r.union === "") continue;
    const k = `${r.st} ${r.union}`;
    (byCode.get(k) ?? byCode.set(k, []).get(k)!).push(r.leaid);
  }
  const out = new Map<string, string[]>();
  for (const r of directory.values()) {
    if (r.leaType !== LEA_TYPE.supervisoryUnion || r.union === "") continue;
    out.set(r.leaid, [...(byCode.get(`${r.st} ${r.union}`) ?? [])].sort());
  }
  return out;
}

/**
 * The grade span covering every component's span: lowest GSLO, highest GSHI (codes as
 * in CCD), or null when no component has a usable span.
 *
 * @example
 * unionSpan([{ gslo: "PK", gshi: "06" }, { gslo: "07", gshi: "12" }]) // { gslo: "PK", gshi: "12" }
 */
export function unionSpan(rows: readonly { gslo: string; gshi: string }[]): { gslo: string; gshi: string } | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    const a = GRADES.indexOf(r.gslo);
    const b = GRADES.indexOf(r.gshi);
    if (a < 0 || b < 0) continue;
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
  }
  return lo === Infinity ? null : { gslo: GRADES[lo]!, gshi: GRADES[hi]! };
}

/**
 * Enrollment-weighted mean of the components' values that have both a value and an
 * enrollment; null when none has. `covered` is the share of the components' enrollment
 * that has a value.
 *
 * @example
 * weightedMean([{ value: 1, weight: 3 }, { value: 2, weight: 1 }]) // { mean: 1.25, covered: 1 }
 */
export function weightedMean(xs: readonly { value: number | undefined; weight: number | undefined }[]): { mean: number; covered: number } | null {
  let sw = 0;
  let swx = 0;
  let all = 0;
  for (const x of xs) {
    if (x.weight === undefined || x.weight <= 0) continue;
    all += x.weight;
    if (x.value === undefined) continue;
    sw += x.weight;
    swx += x.weight * x.value;
  }
  return sw === 0 ? null : { mean: swx / sw, covered: sw / all };
}

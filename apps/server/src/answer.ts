/**
 * The one-sentence answer at the top of a ZIP page: which district serves the
 * ZIP and how much of it, in plain words, per grade level where a state has
 * separate elementary and high-school districts. Works on the ZIP's
 * `/zip/{zip}/districts.json` body; shares are shown as the data has them.
 */
import type { DistrictOverlap } from "@school-districts/core";

/** The districts serving one grade level of a ZIP, largest share first. */
export interface GradeLevel {
  /** "all" where every district teaches every grade; else "elementary" or "high". */
  name: "all" | "elementary" | "high";
  districts: DistrictOverlap[];
}

/**
 * Splits a ZIP's districts into grade levels: one level when every district is
 * unified; else elementary grades (unified + elementary districts) and high
 * school (unified + secondary districts). Each level keeps the largest share first.
 *
 * @example
 * gradeLevels([{ level: "unified", share: 1, ... }]) // [{ name: "all", districts: [...] }]
 */
export function gradeLevels(districts: readonly DistrictOverlap[]): GradeLevel[] {
  const byShare = [...districts].sort((a, b) => b.share - a.share);
  if (byShare.every((d) => d.level === "unified")) return [{ name: "all", districts: byShare }];
  return [
    { name: "elementary", districts: byShare.filter((d) => d.level !== "secondary") },
    { name: "high", districts: byShare.filter((d) => d.level !== "elementary") },
  ].filter((l) => l.districts.length > 0) as GradeLevel[];
}

/**
 * A share in words a parent reads: "< 1 %", "> 99 %" or a whole percent.
 *
 * @example
 * percent(0.6544) // "65 %"
 * percent(0.0009) // "< 1 %"
 */
export function percent(share: number): string {
  if (share < 0.01) return "< 1 %";
  if (share > 0.99 && share < 1) return "> 99 %";
  return `${Math.round(share * 100)} %`;
}

/**
 * What a share measures, in words.
 *
 * @example
 * basisWords("population") // "share of residents (2010 census, or a 2020 census estimate)"
 */
export function basisWords(basis: DistrictOverlap["basis"]): string {
  if (basis === "population") return "share of residents (2010 census, or a 2020 census estimate)";
  // A PO-box or delivery ZIP has no area of its own: the shares are those of the ZIP area
  // (ZCTA) its post office lies in.
  if (basis === "post office") return "share of the ZIP area its post office lies in";
  return "share of land area";
}

/** What a top share is a share of, after the percentage: "65 % of residents". */
const UNIT: Record<DistrictOverlap["basis"], string> = {
  population: "of residents",
  land: "of its land area",
  "post office": "of the ZIP area of its post office",
};
const NONE: Record<DistrictOverlap["basis"], string> = {
  population: "no residents",
  land: "no land area",
  "post office": "none of that ZIP area",
};

/** Names joined as "A", "A and B", "A, B and C". */
function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "X (35 %)" for up to two other districts of a level, then "and N other districts". */
function others(rest: DistrictOverlap[], name: (d: DistrictOverlap) => string): string {
  const shown = rest.filter((d) => d.share >= 0.01).slice(0, 2);
  const folded = rest.length - shown.length;
  const parts = shown.map((d) => `${name(d)} (${percent(d.share)})`);
  if (folded > 0) parts.push(`${folded} other ${folded === 1 ? "district" : "districts"}${shown.length === 0 ? ` (${percent(rest.reduce((s, d) => s + d.share, 0))} together)` : ""}`);
  return joinNames(parts);
}

/**
 * The clause for one level: "all of it is in X", "most of it (65 % of residents)
 * is in X; part is in Y (35 %)", or "it is split: ...". `name` renders a
 * district (a link, escaped).
 *
 * @example
 * levelClause(level, "90210", (d) => d.district) // "Most of 90210 (65 % of residents) is in ..."
 */
export function levelClause(level: GradeLevel, subject: string, name: (d: DistrictOverlap) => string): string {
  const [top, ...rest] = level.districts;
  if (!top) return "";
  const unit = UNIT[top.basis];
  if (rest.length === 0) return `All of ${subject} is in ${name(top)}`;
  if (rest.every((d) => d.share === 0)) {
    const n = rest.length === 1 ? "1 other district covers" : `${rest.length} other districts cover`;
    return `All of ${subject} (${percent(top.share)} ${unit}) is in ${name(top)}; ${n} a part with ${NONE[top.basis]}`;
  }
  if (top.share > 0.99) return `Almost all of ${subject} (${percent(top.share)} ${unit}) is in ${name(top)}; a small part is in ${others(rest, name)}`;
  if (top.share >= 0.5) return `Most of ${subject} (${percent(top.share)} ${unit}) is in ${name(top)}; part is in ${others(rest, name)}`;
  return `${subject} is split: the largest part (${percent(top.share)} ${unit}) is in ${name(top)}; the rest is in ${others(rest, name)}`;
}

/**
 * The answer for a ZIP, as HTML sentences (names rendered by `name`).
 *
 * @example
 * answer("90210", districts, (d) => escapeHtml(d.district))
 * // "Most of 90210 (65 % of residents) is in Beverly Hills ...; part is in Los Angeles Unified School District (35 %)."
 */
export function answer(zip: string, districts: readonly DistrictOverlap[], name: (d: DistrictOverlap) => string): string[] {
  const levels = gradeLevels(districts);
  if (levels.length === 1 && levels[0]!.name === "all") return [`${levelClause(levels[0]!, zip, name)}.`];
  return levels.map((l) => {
    const clause = levelClause(l, zip, name);
    return `${l.name === "elementary" ? "Elementary grades" : "High school"}: ${clause[0]!.toLowerCase()}${clause.slice(1)}.`;
  });
}

/**
 * The one-sentence answer at the top of a ZIP page: which district serves the
 * ZIP and how much of it, in plain words, per grade level where a state has
 * separate elementary and high-school districts. Works on the ZIP's
 * `/zip/{zip}/districts.json` body; shares are shown as the data has them.
 */
import type { DistrictOverlap } from "@school-districts/core";

/** The districts serving one grade level of a ZIP: the one serving most of its people first, then by share. */
export interface GradeLevel {
  /** "all" where every district teaches every grade; else "elementary" or "high". */
  name: "all" | "elementary" | "high";
  /** the district `serves_most` marks for this level (the record's district for "all" and "elementary"), if any */
  pick: DistrictOverlap | undefined;
  /** `pick` first, then the others, largest share at this level first */
  districts: DistrictOverlap[];
  /** a district's share at this level: `share` for "all", else `share_elementary` or `share_secondary` */
  share: (d: DistrictOverlap) => number;
}

const MARK: Record<GradeLevel["name"], "elementary" | "secondary"> = { all: "elementary", elementary: "elementary", high: "secondary" };

/** A district's share at one level. */
const SHARE: Record<GradeLevel["name"], (d: DistrictOverlap) => number> = {
  all: (d) => d.share,
  elementary: (d) => d.share_elementary,
  high: (d) => d.share_secondary,
};

/**
 * Splits a ZIP's districts into grade levels: one level when every district is
 * unified; else elementary grades and high school, each with the districts that have
 * a share at those grades (a unified district that is only the high-school district
 * over an elementary one here, Santa Barbara Unified in 93117, is in the second only)
 * and those covering no one whose level teaches them. Each level leads with the
 * district `serves_most` marks for it, so the sentence, the map and the record agree.
 *
 * @example
 * gradeLevels([{ level: "unified", share: 1, serves_most: ["elementary", "secondary"], ... }]) // [{ name: "all", pick: ..., districts: [...] }]
 */
export function gradeLevels(districts: readonly DistrictOverlap[]): GradeLevel[] {
  // The mark follows the district's level in this ZIP, which can differ from its level in the
  // directory (Davidson, OK, elementary in CCD, holds 73530's high-school mark); the record's
  // district leads the elementary grades even where it is a K-12 high-school district (59053).
  const marked = (d: DistrictOverlap, name: GradeLevel["name"]) => d.serves_most?.includes(MARK[name]) === true;
  const level = (name: GradeLevel["name"], teaches: (d: DistrictOverlap) => boolean): GradeLevel => {
    const share = SHARE[name];
    const none = (d: DistrictOverlap) => SHARE.elementary(d) === 0 && SHARE.high(d) === 0;
    const members = [...districts]
      .filter((d) => share(d) > 0 || (none(d) && teaches(d)) || marked(d, name) || (name !== "high" && d.chosen === true))
      // A district stopping before 9th grade is no high-school district, whatever share its
      // boundary gives it (Saddle River Borough, Pre-K to 5th, 28 % of 07458): its sentence says to ask it.
      .filter((d) => name !== "high" || !teachesNoHighSchool(d.grade_span))
      .sort((a, b) => share(b) - share(a));
    // Where the high-school mark went to such a district, the high-school district with the largest share leads.
    const markedNoHighSchool = name === "high" && districts.some((d) => marked(d, name) && teachesNoHighSchool(d.grade_span));
    const pick = members.find((d) => marked(d, name)) ?? (name === "high" ? (markedNoHighSchool ? members.find((d) => share(d) > 0) : undefined) : members.find((d) => d.chosen === true));
    return { name, pick, share, districts: pick === undefined ? members : [pick, ...members.filter((d) => d !== pick)] };
  };
  if (districts.every((d) => d.level === "unified")) return [level("all", () => true)];
  return [level("elementary", (d) => d.level !== "secondary"), level("high", (d) => d.level !== "elementary")].filter((l) => l.districts.length > 0);
}

/**
 * A share in words a parent reads: "0 %", "< 1 %", "> 99 %" or a whole percent.
 *
 * @example
 * percent(0) // "0 %"
 * percent(0.6544) // "65 %"
 * percent(0.0009) // "< 1 %"
 */
export function percent(share: number): string {
  // 0 is a part with no one (or no land): the sentence says "no residents", the table "0 %".
  if (share === 0) return "0 %";
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
  // A PO-box ZIP's shares are those of its post office's ZIP area: of its residents.
  "post office": "no residents",
};

/** Names joined as "A", "A and B", "A, B and C". */
function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "X (35 %)" for up to two other districts of a level, then "and N other districts". */
function others(rest: DistrictOverlap[], name: (d: DistrictOverlap) => string, share: (d: DistrictOverlap) => number): string {
  const shown = rest.filter((d) => share(d) >= 0.01).slice(0, 2);
  const folded = rest.length - shown.length;
  const parts = shown.map((d) => `${name(d)} (${percent(share(d))})`);
  const foldedShare = percent(rest.filter((d) => !shown.includes(d)).reduce((s, d) => s + share(d), 0));
  if (folded > 0) parts.push(`${folded} other ${folded === 1 ? "district" : "districts"}${shown.length === 0 ? ` (${foldedShare}${folded === 1 ? "" : " together"})` : ""}`);
  return joinNames(parts);
}

/** "the only district with residents in 12345", per level and basis. */
function onlyDistrict(level: GradeLevel["name"], basis: DistrictOverlap["basis"], subject: string): string {
  const teaching = level === "all" ? "district" : level === "elementary" ? "district teaching the elementary grades" : "district teaching high school";
  if (basis === "post office") return `the only ${teaching} in the ZIP area of the post office of ${subject}`;
  return basis === "population" ? `the only ${teaching} where people live in ${subject}` : `the only ${teaching} with land in ${subject}`;
}

/** "; 2 other districts cover parts with no residents" for districts of a level with a share of 0. */
function emptyParts(zero: DistrictOverlap[], basis: DistrictOverlap["basis"]): string {
  if (zero.length === 0) return "";
  return `; ${zero.length === 1 ? "1 other district covers a part" : `${zero.length} other districts cover parts`} with ${NONE[basis]}`;
}

/**
 * The clause for one level, naming first the district that serves most of the ZIP's
 * people there (`pick`): "all of it is in X", "most of it (65 % of residents) is in X;
 * part is in Y (35 %)", "it is split: ...", "split about evenly between X (50 %) and
 * Y (50 %)". Shares are the level's (`share_elementary`, `share_secondary`; `share` where
 * every district is unified), and a share is shown only where it says what the words say:
 * never "all" beside 58 %, or "most" beside a tie. `name` renders a district (a link, escaped).
 *
 * @example
 * levelClause(level, "90210", (d) => d.district) // "Most of 90210 (65 % of residents) is in ..."
 */
export function levelClause(level: GradeLevel, subject: string, name: (d: DistrictOverlap) => string): string {
  const { pick, share } = level;
  if (pick === undefined) {
    const [top] = level.districts;
    if (top === undefined) return "";
    const what = level.name === "high" ? "high school" : "the elementary grades";
    const shares = level.districts.some((d) => share(d) > 0);
    return `no district teaching ${what} covers the people of ${subject}: ${joinNames(level.districts.map(name))} ${level.districts.length === 1 ? "covers" : "cover"} ${shares ? "parts of it" : `parts with ${NONE[top.basis]}`}`;
  }
  const unit = UNIT[pick.basis];
  const p = share(pick);
  const rest = level.districts.filter((d) => d !== pick);
  const withShare = rest.filter((d) => share(d) > 0);
  const zero = rest.filter((d) => share(d) === 0);
  const list = (ds: DistrictOverlap[]) => others(ds, name, share);
  if (withShare.length === 0) {
    if (p >= 0.995) return `All of ${subject} is in ${name(pick)}${emptyParts(zero, pick.basis)}`;
    // The one high-school district covers part of the ZIP: no district teaching high school is
    // drawn over the rest (a K-8 town, Derry, 03038, whose older students go elsewhere).
    if (level.name === "high" && p >= 0.5) return `Most of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}; no district teaching high school covers the rest${emptyParts(zero, pick.basis)}`;
    if (level.name === "high") return `no district teaching high school covers most of ${subject}; ${name(pick)} covers a part (${percent(p)} ${unit})${emptyParts(zero, pick.basis)}`;
    // The only district, covering part of the ZIP's people: the rest lie in no school district as drawn (08212, 96 %).
    if (rest.length === 0) {
      if (p === 0) return `All of ${subject} is in ${name(pick)}`;
      const part = p > 0.99 ? `Almost all of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}` : p >= 0.5 ? `Most of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}` : `${name(pick)} covers part of ${subject} (${percent(p)} ${unit})`;
      return `${part}; no school district covers the rest`;
    }
    return `${name(pick)} is ${onlyDistrict(level.name, pick.basis, subject)}${emptyParts(zero, pick.basis)}`;
  }
  const second = withShare[0]!;
  const q = share(second);
  if (pick.basis === "post office" && p < q) {
    return `The post office of ${subject} is in ${name(pick)}, which has ${percent(p)} of the ZIP area the post office lies in; the rest of that area is in ${list(rest)}`;
  }
  if (p < q) {
    const grades = level.name === "all" ? "" : " at these grades";
    const most = pick.basis === "population" ? `serves the most residents of ${subject}${grades}` : `is the main district of ${subject}${grades}`;
    return `${name(pick)} ${most}; parts of it are in ${list(rest)}`;
  }
  if (percent(p) === percent(q)) {
    const more = withShare.length > 1 ? `; the rest is in ${list(rest.filter((d) => d !== second))}` : "";
    const about = p + q >= 0.9 ? "split about evenly between" : "split: its largest parts, about equal, are in";
    return `${subject} is ${about} ${name(pick)} (${percent(p)} ${unit}) and ${name(second)} (${percent(q)})${more}`;
  }
  if (p > 0.99) return `Almost all of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}; a small part is in ${list(rest)}`;
  if (p >= 0.5) return `Most of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}; part is in ${list(rest)}`;
  return `${subject} is split: the largest part (${percent(p)} ${unit}) is in ${name(pick)}; the rest is in ${list(rest)}`;
}

/** The first grade of a grade span when it is a numbered grade ("6th – 12th" -> 6), else undefined (Kindergarten, Pre-Kindergarten). */
export function firstNumberedGrade(gradeSpan: string | undefined): number | undefined {
  const first = /^([0-9]+)(?:st|nd|rd|th)\b/.exec(gradeSpan ?? "");
  return first === null ? undefined : Number(first[1]);
}

/** "1st", "2nd", "3rd", "4th" … "12th". */
function ordinal(n: number): string {
  return `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;
}

/**
 * A grade span's first grade as a number (Pre-Kindergarten -1, Kindergarten 0, "6th" 6), else
 * undefined (no span reported).
 *
 * @example
 * firstGrade("Kindergarten – 12th") // 0
 */
export function firstGrade(gradeSpan: string | undefined): number | undefined {
  if (/^Pre-Kindergarten\b/.test(gradeSpan ?? "")) return -1;
  if (/^Kindergarten\b/.test(gradeSpan ?? "")) return 0;
  return firstNumberedGrade(gradeSpan);
}

/**
 * The labels of the two grade levels of a split-level ZIP: "Elementary grades" and "High
 * school", unless the grades are cut elsewhere, when the cut is said in grades ("Up to 5th
 * grade", "6th grade and up"; a parent of a 7th-grader otherwise reads the elementary district):
 * where the high-school district starts before 9th grade (Dresden, 6th to 12th, over Hanover's
 * Kindergarten to 5th in 03755), or where the elementary district stops before 8th grade and the
 * high-school district teaches the next grade (Goleta Union, Kindergarten to 6th, under Santa
 * Barbara Unified's Kindergarten to 12th in 93117: "7th grade and up").
 *
 * @example
 * levelLabels("6th – 12th") // { elementary: "Up to 5th grade", high: "6th grade and up" }
 * levelLabels("9th – 12th", "Kindergarten – 8th") // { elementary: "Elementary grades", high: "High school" }
 * levelLabels("Kindergarten – 12th", "Kindergarten – 6th") // { elementary: "Up to 6th grade", high: "7th grade and up" }
 */
export function levelLabels(highGradeSpan: string | undefined, elementaryGradeSpan?: string): { elementary: string; high: string } {
  const start = firstNumberedGrade(highGradeSpan);
  const elementaryLast = lastGrade(elementaryGradeSpan);
  const highFirst = firstGrade(highGradeSpan);
  const cut =
    start !== undefined && start >= 2 && start < 9
      ? start
      : elementaryLast !== undefined && elementaryLast >= 1 && elementaryLast < 8 && highFirst !== undefined && highFirst <= elementaryLast + 1
        ? elementaryLast + 1
        : undefined;
  if (cut === undefined) return { elementary: "Elementary grades", high: "High school" };
  return { elementary: `Up to ${ordinal(cut - 1)} grade`, high: `${ordinal(cut)} grade and up` };
}

/**
 * The labels of a ZIP's grade levels (levelLabels of its two picks).
 *
 * @example
 * labelsOf(gradeLevels(districtsOf93117)) // { elementary: "Up to 6th grade", high: "7th grade and up" }
 */
export function labelsOf(levels: readonly GradeLevel[]): { elementary: string; high: string } {
  return levelLabels(levels.find((l) => l.name === "high")?.pick?.grade_span, levels.find((l) => l.name === "elementary")?.pick?.grade_span);
}

/**
 * The district serving half or more of a ZIP's high-school grades that is not the record's
 * district (a high-school district over elementary ones), else undefined: the answer says "most
 * of" it, so the page's title, the high-school contact and lookup's first line name it; a
 * district covering a sliver (Londonderry, 0.5 % of Derry's 03038) they leave to the answer.
 *
 * @example
 * highSchoolDistrict(gradeLevels(districtsOf59101))?.district // "Billings High School District"
 */
export function highSchoolDistrict(levels: readonly GradeLevel[]): DistrictOverlap | undefined {
  const high = levels.find((l) => l.name === "high");
  const pick = high?.pick;
  return pick !== undefined && !pick.chosen && high!.share(pick) >= 0.5 ? pick : undefined;
}

/**
 * The sentence for a district that stops before 12th grade: whom to ask about the older grades.
 *
 * @example
 * askAboutOlderGrades("Derry School District", "8th") // "Derry School District teaches only up to 8th grade: ask it which school its older students attend."
 */
export function askAboutOlderGrades(name: string, lastGrade: string): string {
  return `${name} teaches only up to ${lastGrade} grade: ask it which school its older students attend.`;
}

/** The last grade of a grade span as a number ("Pre-Kindergarten – 6th" -> 6), when it is a numbered grade. */
function lastGrade(gradeSpan: string | undefined): number | undefined {
  const last = /([0-9]+)(?:st|nd|rd|th)$/.exec(gradeSpan ?? "");
  return last === null ? undefined : Number(last[1]);
}

/** The last grade of a grade span ("Pre-Kindergarten – 8th" -> "8th") when it is below 12th, else undefined. */
export function lastGradeBelow12(gradeSpan: string | undefined): string | undefined {
  const last = /([0-9]+)(?:st|nd|rd|th)$/.exec(gradeSpan ?? "");
  return last !== null && Number(last[1]) < 12 ? last[0] : undefined;
}

/**
 * Whether a grade span is known to stop before 9th grade: the district teaches no high
 * school, whatever high-school share the boundaries give it.
 *
 * @example
 * teachesNoHighSchool("Pre-Kindergarten – 8th") // true
 * teachesNoHighSchool("") // false (not known)
 */
export function teachesNoHighSchool(gradeSpan: string | undefined): boolean {
  const last = lastGradeBelow12(gradeSpan);
  return last !== undefined && Number.parseInt(last, 10) < 9;
}

/**
 * A clause ended with a full stop, unless it ends with one already: a name ending in a period
 * ("G.F.W.", 2712580) is not followed by a second.
 *
 * @example
 * fullStop("All of 56027 is in <a href=\"/district/2712580\">G.F.W.</a>") // "All of 56027 is in <a href=\"/district/2712580\">G.F.W.</a>"
 */
export function fullStop(clause: string): string {
  return /\.(<\/a>)?$/.test(clause) ? clause : `${clause}.`;
}

/** A clause after "Elementary grades: ": its first word lowercased where it is one of the clause's own words, never a name. */
function afterColon(clause: string): string {
  return /^(All|Most|Almost|The|No) /.test(clause) ? `${clause[0]!.toLowerCase()}${clause.slice(1)}` : clause;
}

/**
 * The answer for a ZIP, as HTML sentences (names rendered by `name`): one per grade level,
 * and where the district answering for the oldest grades (the high-school one, and the named
 * one where no district teaching high school covers part of the ZIP) stops before 12th grade
 * (Montauk, 11954: Pre-K to 8th), a sentence saying so; where the elementary district stops before the grade the high-school
 * district starts at (Kindergarten to 6th under 9th to 12th), one about it too.
 *
 * @example
 * answer("90210", districts, (d) => escapeHtml(d.district))
 * // "Most of 90210 (65 % of residents) is in Beverly Hills ...; part is in Los Angeles Unified School District (35 %)."
 */
export function answer(zip: string, districts: readonly DistrictOverlap[], name: (d: DistrictOverlap) => string): string[] {
  // A "high school" the data marks for a district that stops before 9th grade (Arock, K-8,
  // 97917) is no answer for high school (gradeLevels leaves it out): the sentence about its last grade says to ask.
  const levels = gradeLevels(districts);
  const clauses = levels.map((l) => levelClause(l, zip, name));
  // Where every level names the same district in the same words, one sentence says it for all
  // of them, counting every district (60629: Burbank at the elementary grades and Reavis at high
  // school, each covering a part with no residents, are "2 other districts").
  const everyDistrict = [...new Set(levels.flatMap((l) => l.districts))];
  const merged = levels.length > 1 && levels[0]!.pick !== undefined ? levelClause({ ...levels[0]!, districts: everyDistrict, share: (d) => Math.max(...levels.map((l) => l.share(d))) }, zip, name) : undefined;
  const labels = labelsOf(levels);
  // One sentence where every level says the same (a K-12 district both levels name, 59036).
  // One level alone needs no label: every district unified, or only elementary districts with
  // no high-school district drawn over them and the named one teaching on to 12th grade
  // (Exeter-West Greenwich Regional, Pre-K to 12th, 02817).
  const alone = levels.length === 1 && (levels[0]!.name === "all" || (levels[0]!.name === "elementary" && lastGradeBelow12(levels[0]!.pick?.grade_span) === undefined));
  const sentences =
    alone
      ? [fullStop(clauses[0]!)]
      : levels.length > 1 && clauses.every((c) => c === clauses[0]) && levels.every((l) => l.pick !== undefined)
        ? [fullStop(merged!)]
        : levels.map((l, i) => fullStop(`${l.name === "elementary" ? labels.elementary : labels.high}: ${afterColon(clauses[i]!)}`));
  // The district answering for the oldest grades: the high-school one where districts teaching
  // high school cover the whole ZIP; else the named one too (most of Derry, 03038, has none).
  const high = levels.find((l) => l.name === "high");
  const covered = high !== undefined && high.districts.reduce((sum, d) => sum + high.share(d), 0) >= 0.995;
  const named = levels.find((l) => l.name !== "high")?.pick;
  // Not where the district serving most of the ZIP's high school teaches the grade after the named
  // one's last (North Warren, 7th to 12th, after Blairstown's 6th in 07825: the answer says so),
  // but always where grades fall between them (a Kindergarten-to-6th district under a 9th-to-12th one).
  const [namedLast, highFirst] = [lastGrade(named?.grade_span), firstGrade(high?.pick?.grade_span)];
  const gap = namedLast !== undefined && highFirst !== undefined && highFirst > namedLast + 1;
  const continued = high?.pick !== undefined && high.share(high.pick) >= 0.5 && namedLast !== undefined && highFirst !== undefined && !gap;
  const askNamed = gap || (!covered && !continued);
  // Where districts teaching high school leave part of the ZIP uncovered, up to two districts there
  // that stop before 9th grade are asked too, until they account for that part: first those drawn
  // unified (no high-school district is drawn over them: Hope Township, Pre-K to 8th, the 17 % of
  // 07825 North Warren does not cover), then the largest elementary ones (Cutten in 95503, beside
  // Eureka City Unified's 44 %). Their older students go to a high school the boundaries do not say.
  const elementary = levels.find((l) => l.name === "elementary");
  const uncovered: DistrictOverlap[] = [];
  if (!covered && elementary !== undefined) {
    let left = 1 - (high?.districts.reduce((sum, d) => sum + high.share(d), 0) ?? 0);
    const stopsBefore9th = elementary.districts
      .filter((d) => (d !== named || askNamed) && elementary.share(d) >= 0.01 && teachesNoHighSchool(d.grade_span) && !high?.districts.includes(d))
      .sort((a, b) => Number(b.level === "unified") - Number(a.level === "unified") || elementary.share(b) - elementary.share(a));
    for (const d of stopsBefore9th) {
      if (left < 0.005 || uncovered.length === 2) break;
      uncovered.push(d);
      left -= elementary.share(d);
    }
  }
  const oldest = [...new Set([high?.pick, askNamed ? named : undefined, ...uncovered])].filter((d) => d !== undefined);
  for (const d of oldest) {
    const last = lastGradeBelow12(d.grade_span);
    if (last !== undefined) sentences.push(askAboutOlderGrades(name(d), last));
  }
  return sentences;
}

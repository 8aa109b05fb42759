/**
 * The one-sentence answer at the top of a ZIP page: which district serves the
 * ZIP and how much of it, in plain words, per grade level where a state has
 * separate elementary and high-school districts. Works on the ZIP's
 * `/zip/{zip}/districts.json` body; shares are shown as the data has them.
 */
import { ordinal, type DistrictOverlap } from "@school-districts/core";

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
  // A district with no residents here and no mark splits no answer by grade (pages audit 38 #7: 157 ZIP pages said
  // "all of 36117 is in Montgomery County" twice, once per level, for Pike Road City's empty elementary piece).
  const emptyHere = (d: DistrictOverlap) => d.share_elementary === 0 && d.share_secondary === 0 && d.chosen !== true && (d.serves_most ?? []).length === 0;
  if (districts.every((d) => d.level === "unified" || emptyHere(d))) return [level("all", () => true)];
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
export const SHARE_UNIT: Record<DistrictOverlap["basis"], string> = {
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

/**
 * Names joined as "A", "A and B", "A, B and C" ("" for none).
 *
 * @example
 * joinNames(["Guam", "American Samoa", "the Northern Mariana Islands"]) // "Guam, American Samoa and the Northern Mariana Islands"
 */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * "X (35 %)" for up to two other districts of a level, then "and N other districts"; their
 * folded share is at most `left`, what the first district leaves (where one sentence says it for
 * both levels, an elementary district and the high-school one over it are the same people:
 * 02645 read "> 99 %" beside "2 % together").
 */
function others(rest: DistrictOverlap[], name: (d: DistrictOverlap) => string, share: (d: DistrictOverlap) => number, left = 1): string {
  const shown = rest.filter((d) => share(d) >= 0.01).slice(0, 2);
  const folded = rest.length - shown.length;
  const parts = shown.map((d) => `${name(d)} (${percent(share(d))})`);
  const foldedShare = percent(Math.min(left, rest.filter((d) => !shown.includes(d)).reduce((s, d) => s + share(d), 0)));
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
 * never "all" beside 58 %, or "most" beside a tie. `name` renders a district (a link, escaped);
 * `highGrades` names the high level's grades where no district teaches them ("these grades"
 * under "7th grade and up").
 *
 * @example
 * levelClause(level, "90210", (d) => d.district) // "Most of 90210 (65 % of residents) is in ..."
 */
function levelClause(level: GradeLevel, subject: string, name: (d: DistrictOverlap) => string, highGrades = "high school", restInNoDistrict = false): string {
  const { pick, share } = level;
  if (pick === undefined) {
    const [top] = level.districts;
    if (top === undefined) return "";
    const what = level.name === "high" ? highGrades : "the elementary grades";
    const shares = level.districts.some((d) => share(d) > 0);
    return `no district teaching ${what} covers the people of ${subject}: ${joinNames(level.districts.map(name))} ${level.districts.length === 1 ? "covers" : "cover"} ${shares ? "parts of it" : `parts with ${NONE[top.basis]}`}`;
  }
  const unit = SHARE_UNIT[pick.basis];
  const p = share(pick);
  const rest = level.districts.filter((d) => d !== pick);
  const withShare = rest.filter((d) => share(d) > 0);
  const zero = rest.filter((d) => share(d) === 0);
  const list = (ds: DistrictOverlap[]) => others(ds, name, share, Math.max(0, 1 - p));
  if (withShare.length === 0) {
    // "All" only where the table beside it says 100 % (pages audit 39: 07420's "all of 07420 is in
    // Lakeland Regional" beside its "> 99 %", 0.42 % of its people being in Bloomingdale, Pre-K to 8th).
    if (p >= 1) return `All of ${subject} is in ${name(pick)}${emptyParts(zero, pick.basis)}`;
    // The one high-school district covers part of the ZIP: no district teaching high school is
    // drawn over the rest (a K-8 town, Derry, 03038, whose older students go elsewhere).
    // A tail under 1 % is no one's answer (07465: "Most of 07465 (> 99 %) … covers the rest").
    if (level.name === "high" && p > 0.99) return `Almost all of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}${emptyParts(zero, pick.basis)}`;
    if (level.name === "high" && p >= 0.5) return `Most of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}; ${noHighSchoolDrawn(highGrades)}${emptyParts(zero, pick.basis)}`;
    if (level.name === "high") return `no district teaching ${highGrades} covers most of ${subject}; ${name(pick)} covers a part (${percent(underHalf(p))} ${unit})${emptyParts(zero, pick.basis)}`;
    // The only district, covering part of the ZIP's people: the rest lie in no school district as drawn (08212, 96 %).
    if (rest.length === 0) {
      if (p === 0) return `All of ${subject} is in ${name(pick)}`;
      const part = p > 0.99 ? `Almost all of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}` : p >= 0.5 ? `Most of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}` : `${name(pick)} covers part of ${subject} (${percent(p)} ${unit})`;
      // (Not for a rest under half a percent, which was "all" before: 85215, 99.89 %; the table's "> 99 %" says it.)
      return p >= 0.995 ? part : `${part}; no school district covers the rest`;
    }
    // Beside districts with none of its people, > 99 % as the table says it, not "all" (07420, above).
    if (p > 0.99) return `Almost all of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}${emptyParts(zero, pick.basis)}`;
    return `${name(pick)} is ${onlyDistrict(level.name, pick.basis, subject)}${emptyParts(zero, pick.basis)}`;
  }
  const second = withShare[0]!;
  const q = share(second);
  if (pick.basis === "post office" && p < q) {
    // 0: the post office lies just inside a district drawn over none of the area's people (60179).
    const has = p === 0 ? "which covers next to none" : `which has ${percent(p)}`;
    return `The post office of ${subject} is in ${name(pick)}, ${has} of the ZIP area the post office lies in; the rest of that area is in ${list(withShare)}${emptyParts(zero, pick.basis)}`;
  }
  if (p < q) {
    // The district the data names has less than another (review 37 #7: "X serves the most residents …; parts
    // of it are in Y (40 %)" for X at 30 %, which contradicts itself): both shares said, and whom to ask.
    const grades = level.name === "all" ? "" : " at these grades";
    const rest = withShare.slice(1);
    return `The data names ${name(pick)} (${percent(p)} ${unit}) for ${subject}${grades}, though ${name(second)} has more (${percent(q)})${rest.length > 0 ? `; other parts are in ${list(rest)}` : ""}${emptyParts(zero, pick.basis)}: ask the districts which serves the home`;
  }
  // Most of the ZIP's people in no district teaching high school (58572: 91 % in K-8 districts), or
  // in no school district at all (85351 Sun City, AZ: "School District Not Defined"): not "split …
  // the rest is in", which reads as everyone else. Where districts cover most but none alone does
  // (58570: Solen 46 %, Flasher 39 %), it is split, and the rest is said.
  const total = level.districts.reduce((sum, d) => sum + share(d), 0);
  // The part no district of these grades covers: at high school, of people in no district at all
  // where the elementary grades leave as much uncovered (85339: Gila River, "School District Not Defined").
  const noneCovers = level.name === "high" && !restInNoDistrict ? `no district teaching ${highGrades}` : "no school district";
  // The rest of the ZIP code at these grades, in words that do not read as "no high school for you" (pages audit 38 #7: 408 pages).
  const restUncovered = level.name === "high" && !restInNoDistrict ? noHighSchoolDrawn(highGrades) : "no school district covers the rest";
  // Not at the elementary grades of a split-level ZIP (as `uncovered` below).
  if (level.name !== "elementary" && p < 0.5 && total < 0.5) {
    return `${noneCovers} covers most of ${subject}; ${name(pick)} covers a part (${percent(underHalf(p))} ${unit}), and ${list(withShare)} ${withShare.length === 1 ? "covers" : "cover"} less${emptyParts(zero, pick.basis)}`;
  }
  if (level.name !== "elementary" && p < 0.5 && total < 0.98 && percent(p) !== percent(q)) {
    return `${subject} is split: the largest part (${percent(p)} ${unit}) is in ${name(pick)}; ${list(withShare)} ${withShare.length === 1 ? "covers" : "cover"} less, and ${restUncovered}${emptyParts(zero, pick.basis)}`;
  }
  if (percent(p) === percent(q)) {
    const more = withShare.length > 1 ? `; the rest is in ${list(withShare.slice(1))}` : "";
    const about = p + q >= 0.9 ? "split about evenly between" : "split: its largest parts, about equal, are in";
    return `${subject} is ${about} ${name(pick)} (${percent(p)} ${unit}) and ${name(second)} (${percent(q)})${more}${emptyParts(zero, pick.basis)}`;
  }
  if (p > 0.99) return `Almost all of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}; a small part is in ${list(withShare)}${emptyParts(zero, pick.basis)}`;
  // A part with no district teaching high school drawn over it is said (95316: Denair 85 %, Hughson 5 %,
  // 10 % none), as is a part in no school district (85373 Sun City: 47 % "School District Not Defined").
  // Not at the elementary grades of a split-level ZIP: there a K-12 district drawn only as a
  // high-school district (Geyser K-12 in 59479) covers people no elementary district does.
  const uncovered = (level.name !== "elementary" || restInNoDistrict) && 1 - total >= 0.02 ? `, and ${restUncovered}` : "";
  if (p >= 0.5) return `Most of ${subject} (${percent(p)} ${unit}) is in ${name(pick)}; part is in ${list(withShare)}${uncovered}${emptyParts(zero, pick.basis)}`;
  return `${subject} is split: the largest part (${percent(p)} ${unit}) is in ${name(pick)}; the rest is in ${list(withShare)}${emptyParts(zero, pick.basis)}`;
}


/**
 * The part of a ZIP code no district teaching the high-school grades is drawn over (a K-8 district's
 * land, whose older students go to a school it arranges): said so, and who says where they go, not
 * "no district teaching high school covers the rest", which reads as no high school at all (pages audit 38 #7).
 *
 * @example
 * noHighSchoolDrawn("high school") // "the rest has no high-school district of its own: there, the elementary district says which high school serves them"
 */
function noHighSchoolDrawn(highGrades: string): string {
  return highGrades === "high school"
    ? "the rest has no high-school district of its own: there, the elementary district says which high school serves them"
    : `the rest has no district teaching ${highGrades} of its own: there, the elementary district says which school teaches them`;
}

/** A share below one half, never shown as "50 %" beside "covers most" denied (74441: 49.7 %). */
function underHalf(share: number): number {
  return Math.min(share, 0.494);
}

/**
 * A grade span's first grade as a number (Pre-Kindergarten -1, Kindergarten 0, "6th" 6), else
 * undefined (no span reported).
 *
 * @example
 * firstGrade("Kindergarten – 12th") // 0
 */
function firstGrade(gradeSpan: string | undefined): number | undefined {
  if (/^Pre-Kindergarten\b/.test(gradeSpan ?? "")) return -1;
  if (/^Kindergarten\b/.test(gradeSpan ?? "")) return 0;
  const first = /^([0-9]+)(?:st|nd|rd|th)\b/.exec(gradeSpan ?? "");
  return first === null ? undefined : Number(first[1]);
}

/**
 * The labels of the two grade levels of a split-level ZIP: "Elementary grades" and "High
 * school", unless the grades are cut elsewhere, when the cut is said in grades ("Up to 5th
 * grade", "6th grade and up"; a parent of a 7th-grader otherwise reads the elementary district).
 * Where the elementary district's last grade is known, the cut follows it when the high-school
 * district teaches the next grade (Hanover, to 5th, under Dresden, 6th to 12th, in 03755;
 * Goleta Union, to 6th, under Santa Barbara Unified's Kindergarten to 12th, in 93117: "7th grade
 * and up"); a district teaching to 8th keeps "Elementary grades" whatever grade the high-school
 * district's span starts at (Escondido Union, to 8th, runs its own middle schools beside
 * Escondido Union High's 6th to 12th). Otherwise (grades between them, or no span known) the
 * high-school district's first grade cuts, if it serves most of the ZIP (`highServesMost`).
 *
 * @example
 * levelLabels("6th – 12th") // { elementary: "Up to 5th grade", high: "6th grade and up" }
 * levelLabels("9th – 12th", "Kindergarten – 8th") // { elementary: "Elementary grades", high: "High school" }
 * levelLabels("Kindergarten – 12th", "Kindergarten – 6th") // { elementary: "Up to 6th grade", high: "7th grade and up" }
 * levelLabels("6th – 12th", "Kindergarten – 8th") // { elementary: "Elementary grades", high: "High school" }
 */
export function levelLabels(highGradeSpan: string | undefined, elementaryGradeSpan?: string, highServesMost = true): LevelLabels {
  const elementaryLast = lastGrade(elementaryGradeSpan);
  const highFirst = firstGrade(highGradeSpan);
  const known = elementaryLast !== undefined && elementaryLast < 12;
  const cut =
    known && highFirst !== undefined && highFirst <= elementaryLast + 1
      ? elementaryLast + 1
      : highServesMost && highFirst !== undefined && (!known || highFirst > elementaryLast + 1)
        ? highFirst
        : undefined;
  if (cut === undefined || cut < 2 || cut >= 9) return { elementary: "Elementary grades", high: "High school" };
  return { elementary: `Up to ${ordinal(cut - 1)} grade`, high: `${ordinal(cut)} grade and up`, upTo: cut - 1 };
}

/** The labels of a ZIP's two grade levels, and the last grade the first names where it cuts below 9th ("Up to 6th grade": 6). */
export interface LevelLabels {
  elementary: string;
  high: string;
  upTo?: number;
}

/**
 * The labels of a ZIP's grade levels (levelLabels of its two picks).
 *
 * @example
 * labelsOf(gradeLevels(districtsOf93117)) // { elementary: "Up to 6th grade", high: "7th grade and up" }
 */
export function labelsOf(levels: readonly GradeLevel[]): LevelLabels {
  const high = levels.find((l) => l.name === "high");
  const highServesMost = high?.pick !== undefined && high.share(high.pick) >= 0.5;
  return levelLabels(high?.pick?.grade_span, levels.find((l) => l.name === "elementary")?.pick?.grade_span, highServesMost);
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
 * Whether most of a ZIP's residents live in no school district (Sun City, AZ, 85351: "School
 * District Not Defined"): one answer for every grade (no separate high-school district, `high`;
 * a K-12 district drawn only at the secondary level, 01224, has no elementary share), and the
 * districts' shares add up to under half.
 *
 * @example
 * mostlyInNoDistrict(zipDistricts85351.districts, undefined) // true
 */
export function mostlyInNoDistrict(districts: readonly DistrictOverlap[], high: DistrictOverlap | undefined): boolean {
  const inDistricts = districts.reduce((sum, d) => sum + d.share_elementary, 0);
  return high === undefined && districts.every((d) => d.share_elementary === d.share_secondary) && inDistricts < 0.5;
}

/**
 * The sentence for a district newer than every map whose office is in a ZIP code (`newer_districts`):
 * it may serve the place, and to ask it; `name` is the district's name as the caller writes it (a link on a page).
 *
 * @example
 * newerDistrictSentence("Orange Beach City School District", "36561") // "Orange Beach City School District, newer than the maps …"
 */
export function newerDistrictSentence(name: string, officeZip: string): string {
  return `${name}, newer than the school-district maps this answer comes from, has its office in ZIP code ${officeZip}: it may serve this place; ask it.`;
}

/**
 * The sentence for a district that stops before 12th grade: whom to ask about the older grades,
 * and the younger ones where it starts after Kindergarten (Lamont, WA, 5th to 8th: pages audit 36
 * #10 read "teaches only up to 8th grade", nothing said of Kindergarten to 4th).
 *
 * @example
 * askAboutOlderGrades("Derry School District", "8th") // "Derry School District teaches only up to 8th grade: ask it which school its older students attend."
 * askAboutOlderGrades("Lamont School District", "8th", 5) // "Lamont School District teaches only 5th to 8th grade: ask it which schools its younger and older students attend."
 */
export function askAboutOlderGrades(name: string, lastGrade: string, firstGrade?: number): string {
  if (firstGrade !== undefined && firstGrade > 0) return `${name} teaches only ${ordinal(firstGrade)} to ${lastGrade} grade: ask it which schools its younger and older students attend.`;
  return `${name} teaches only up to ${lastGrade} grade: ask it which school its older students attend.`;
}

/**
 * The sentence for a district drawn for the elementary grades with no high-school district
 * drawn over it. Where its NCES grades run to 12th, it says both, as such a district may teach
 * high school itself (Exeter-West Greenwich Regional; Pike Road, drawn before its high school
 * opened) or pay another's (Jamestown, RI).
 *
 * @example
 * askAboutHighSchool("Jamestown School District", 12)
 * // "Jamestown School District lists grades up to 12th but is drawn for the lower grades only: it may teach high school itself or pay another district's; ask it which high school its students attend."
 */
function askAboutHighSchool(name: string, lastGrade: number | undefined): string {
  // 12th or 13th (NCES grade 13, a year after 12th that some districts offer).
  return lastGrade !== undefined && lastGrade >= 12
    ? `${name} lists grades up to ${ordinal(lastGrade)} but is drawn for the lower grades only: it may teach high school itself or pay another district's; ask it which high school its students attend.`
    : `No district teaching high school is drawn over ${name}: ask it which high school its students attend.`;
}

/**
 * Whom to ask about the grades at a point no district there answers for, as the ZIP page asks:
 * each district stopping before 12th grade (Tamworth, Kindergarten to 8th), else the grades
 * between the elementary district's last and the high-school district's first (Kinsey, to 6th,
 * under Custer County High School District, from 9th), else an elementary district with no
 * district teaching high school drawn at the point (Jamestown, RI).
 *
 * @example
 * locationAsks([{ district: "Tamworth School District", level: "elementary", grade_span: "Kindergarten – 8th" }])
 * // ["Tamworth School District teaches only up to 8th grade: ask it which school its older students attend."]
 */
export function locationAsks(districts: readonly { district: string; level: string; grade_span: string }[]): string[] {
  const lastGrades = districts.map((d) => lastGradeBelow12(d.grade_span));
  if (districts.length > 0 && lastGrades.every((g) => g !== undefined)) return districts.map((d, i) => askAboutOlderGrades(d.district, lastGrades[i]!, firstGrade(d.grade_span)));
  const [elementary, secondary] = [districts.find((d) => d.level === "elementary"), districts.find((d) => d.level === "secondary")];
  const [last, first] = [lastGrade(elementary?.grade_span), firstGrade(secondary?.grade_span)];
  if (elementary && secondary && last !== undefined && first !== undefined && first > last + 1) return [askAboutMissingGrades(elementary.district, last, secondary.district, first)];
  if (elementary && districts.every((d) => d.level === "elementary")) return [askAboutHighSchool(elementary.district, last)];
  return [];
}

/** The last grade of a grade span as a number ("Pre-Kindergarten – 6th" -> 6), when it is a numbered grade. */
export function lastGrade(gradeSpan: string | undefined): number | undefined {
  const last = /([0-9]+)(?:st|nd|rd|th)$/.exec(gradeSpan ?? "");
  return last === null ? undefined : Number(last[1]);
}

/**
 * The sentence for grades no district here is drawn for: between the named district's last
 * and the high-school district's first.
 *
 * @example
 * askAboutMissingGrades("Kinsey", 6, "Custer County High School District", 9)
 * // "Kinsey teaches only up to 6th grade, and Custer County High School District from 9th grade: ask Kinsey which school teaches 7th and 8th grade."
 */
function askAboutMissingGrades(name: string, last: number, highName: string, highFirst: number): string {
  const missing = Array.from({ length: highFirst - last - 1 }, (_, i) => ordinal(last + 1 + i));
  const grades = missing.length <= 2 ? missing.join(" and ") : `${missing[0]} to ${missing.at(-1)}`;
  return `${name} teaches only up to ${ordinal(last)} grade, and ${highName} from ${ordinal(highFirst)} grade: ask ${name} which school teaches ${grades} grade.`;
}

/** The last grade of a grade span ("Pre-Kindergarten – 8th" -> "8th") when it is below 12th, else undefined. */
function lastGradeBelow12(gradeSpan: string | undefined): string | undefined {
  const last = lastGrade(gradeSpan);
  return last !== undefined && last < 12 ? ordinal(last) : undefined;
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
  const last = lastGrade(gradeSpan);
  return last !== undefined && last < 9;
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

/** A clause that starts a sentence: "no school district covers most of 85351" with its capital. */
function sentenceStart(clause: string): string {
  return /^[a-z]/.test(clause) ? `${clause[0]!.toUpperCase()}${clause.slice(1)}` : clause;
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
  const labels = labelsOf(levels);
  // Under "7th grade and up", the grades are not all high school.
  const highGrades = labels.high === "High school" ? "high school" : "these grades";
  // People in no district at all: the elementary and high-school levels leave about the same part
  // uncovered (not a K-12 district drawn only at high school, 59479, nor K-8 towns with none over them).
  const uncoveredAt = (l: GradeLevel | undefined) => (l === undefined ? 0 : 1 - l.districts.reduce((sum, d) => sum + l.share(d), 0));
  const [elementaryLevel, highLevel] = [levels.find((l) => l.name === "elementary"), levels.find((l) => l.name === "high")];
  const restInNoDistrict =
    elementaryLevel !== undefined && highLevel !== undefined && uncoveredAt(elementaryLevel) >= 0.02 && Math.abs(uncoveredAt(elementaryLevel) - uncoveredAt(highLevel)) <= 0.01;
  const clauses = levels.map((l) => levelClause(l, zip, name, highGrades, restInNoDistrict));
  // Where every level names the same district in the same words, one sentence says it for all
  // of them, counting every district (60629: Burbank at the elementary grades and Reavis at high
  // school, each covering a part with no residents, are "2 other districts").
  const everyDistrict = [...new Set(levels.flatMap((l) => l.districts))];
  const merged = levels.length > 1 && levels[0]!.pick !== undefined ? levelClause({ ...levels[0]!, districts: everyDistrict, share: (d) => Math.max(...levels.map((l) => l.share(d))) }, zip, name) : undefined;
  // One sentence where every level says the same (a K-12 district both levels name, 59036).
  // One level alone needs no label: every district unified, or only elementary districts with
  // no high-school district drawn over them and the named one teaching on to 12th grade
  // (Exeter-West Greenwich Regional, Pre-K to 12th, 02817).
  const alone = levels.length === 1 && (levels[0]!.name === "all" || (levels[0]!.name === "elementary" && lastGradeBelow12(levels[0]!.pick?.grade_span) === undefined));
  const sentences =
    alone
      ? [fullStop(sentenceStart(clauses[0]!))]
      : levels.length > 1 && clauses.every((c) => c === clauses[0]) && levels.every((l) => l.pick !== undefined)
        ? [fullStop(sentenceStart(merged!))]
        : levels.map((l, i) => fullStop(l.name === "elementary" ? `${labels.elementary}: ${afterColon(clauses[i]!)}` : `${labels.high}: ${afterColon(clauses[i]!)}`));
  const high = levels.find((l) => l.name === "high");
  // Where every district is unified, those teaching high school (not the Pre-K-8 ones: Moonachie,
  // 44 % of 07608) cover what high school covers.
  const all = levels.find((l) => l.name === "all");
  const highShares = high
    ? high.districts.reduce((sum, d) => sum + high.share(d), 0)
    : all
      ? all.districts.filter((d) => !teachesNoHighSchool(d.grade_span)).reduce((sum, d) => sum + all.share(d), 0)
      : 0;
  const covered = (high !== undefined || all !== undefined) && highShares >= 0.995;
  const named = levels.find((l) => l.name !== "high")?.pick;
  const [namedLast, highFirst] = [lastGrade(named?.grade_span), firstGrade(high?.pick?.grade_span)];
  // Grades between the named district's last and the high-school district's first (Kinsey, to 6th,
  // under Custer County High School District, from 9th, in 59338): ask the named one about those.
  const gap = namedLast !== undefined && highFirst !== undefined && highFirst > namedLast + 1;
  // The named district's next grades are answered where a high-school district is drawn over it
  // (it is drawn elementary) and the one serving most of the ZIP's high school, or the one the
  // data marks, teaches the grade after its last (North Warren, 7th to 12th, after Blairstown's
  // 6th in 07825; Kittatinny, 48 %, after Stillwater's 6th). A named district drawn unified has
  // no high-school district over it (Neptune City, Pre-K to 8th, in 07754): it is asked.
  // Only where that district covers as much of the ZIP as the named one: Armstrong Township High
  // School District, 27 % of 61865, is over Armstrong-Ellis (27 %), not over Potomac (70 %).
  const continued =
    named?.level === "elementary" &&
    high?.pick !== undefined &&
    namedLast !== undefined &&
    highFirst !== undefined &&
    !gap &&
    (high.share(high.pick) >= 0.5 || highFirst === namedLast + 1) &&
    high.share(high.pick) + 0.02 >= (levels.find((l) => l.name === "elementary")?.share(named) ?? 0);
  const askNamed = gap || (!covered && !continued);
  // Where districts teaching high school leave part of the ZIP uncovered, up to two districts that
  // can lie in that part are asked too, until they account for it (less than 2 % left): those that
  // stop before 9th grade, or are drawn elementary with no high-school district drawn over them
  // (South Bay Union in 95503, whose NCES span runs to 12th), none larger than what is left (Stanhope,
  // 37 %, is Lenape Valley's, which covers all but 1 % of 07874), and, other than the named one, of
  // 5 % of the ZIP or more (a 1 % sliver of Bismarck, 58501, is no answer's point). Drawn-unified ones
  // first (Hope Township, Pre-K to 8th, the 17 % of 07825 North Warren does not cover), then the largest.
  const elementary = levels.find((l) => l.name === "elementary") ?? all;
  const uncovered: DistrictOverlap[] = [];
  if (!covered && elementary !== undefined) {
    let left = 1 - highShares;
    const candidates = elementary.districts
      .filter((d) => !high?.districts.includes(d) && (teachesNoHighSchool(d.grade_span) || d.level === "elementary"))
      .filter((d) => (d === named ? askNamed : elementary.share(d) >= 0.05))
      .sort((a, b) => Number(b.level === "unified") - Number(a.level === "unified") || elementary.share(b) - elementary.share(a));
    for (const d of candidates) {
      if (left < 0.02 || uncovered.length === 2) break;
      if (elementary.share(d) > left + 0.02) continue;
      uncovered.push(d);
      left -= elementary.share(d);
    }
  }
  // A named district teaching into high school but not to 12th, with no high-school district drawn
  // over it (Nespelem, Pre-K to 9th, 99155): asked about its older grades too.
  const stopsInHighSchool = named !== undefined && high === undefined && namedLast !== undefined && namedLast >= 9 && namedLast < 12;
  const oldest = [...new Set([high?.pick, askNamed || stopsInHighSchool ? named : undefined, ...uncovered])].filter((d) => d !== undefined);
  for (const d of oldest) {
    const last = lastGrade(d.grade_span);
    // Its share where the answer above may not name it (folded into "N other districts").
    const who = d === named || d === high?.pick ? name(d) : `${name(d)} (${percent(elementary?.share(d) ?? d.share)} of ${zip})`;
    if (d === named && gap && last !== undefined && highFirst !== undefined) sentences.push(askAboutMissingGrades(who, last, name(high!.pick!), highFirst));
    else if (last !== undefined && last < 12) sentences.push(askAboutOlderGrades(who, ordinal(last), firstGrade(d.grade_span)));
    else if (uncovered.includes(d)) sentences.push(askAboutHighSchool(who, last));
  }
  return sentences;
}

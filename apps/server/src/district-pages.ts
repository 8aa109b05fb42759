/**
 * The HTML pages of districts and states (issue 14), in the style of the ZIP
 * pages (pages.ts): the answer in plain words first, then the facts and a
 * table that fits a phone.
 */
import { NEWER_THAN_MAPS, type District, type DistrictOverlap, type StateDistricts } from "@school-districts/core";
import { aboutFigures, askNote, noRatingReason } from "./figures.ts";
import { escapeHtml as e } from "./html.ts";
import { fullStop, joinNames, percent } from "./answer.ts";
import { highSchoolZips } from "./districts.ts";
import { CAVEAT, districtHref, fact, inSentence, layout, phoneLink, shareHtml, type SiteFacts } from "./layout.ts";
import { districtFacts } from "./pages.ts";
import { studentsOf } from "./district-search.ts";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A state page's "Main district of" cell: the ZIP codes a district is the main district of (their records name it), and those it is the high-school district of. */
function namedFor(named: number, highSchool: number): string {
  if (highSchool === 0) return named.toLocaleString("en-US");
  const of = `high school of ${highSchool.toLocaleString("en-US")}`;
  return named === 0 ? `0, ${of}` : `${named.toLocaleString("en-US")}, and ${of} more`;
}

/**
 * What a district's level means for a parent, in a sentence that agrees with its grade line:
 * where its NCES grades say otherwise (an elementary district listing grades past 8th, a
 * secondary one from before 9th, a unified one short of kindergarten to 12th: pages audit 33 #6,
 * review 33 #8, 33b #4), both.
 *
 * @example
 * levelWords("secondary", "Kindergarten – 12th")
 * // "Secondary: the Census draws it for high school over elementary districts, though NCES lists it from Kindergarten; ask it which schools serve your address."
 */
export function levelWords(level: District["level"], gradeSpan: string): string {
  const [from = "", to = ""] = gradeSpan.split(" – ");
  const grade = (g: string) => (/^Pre-Kindergarten$/.test(g) ? -1 : /^Kindergarten$/.test(g) ? 0 : Number(/^(\d+)/.exec(g)?.[1] ?? NaN));
  const [first, last] = [grade(from), grade(to)];
  const known = !Number.isNaN(first) && !Number.isNaN(last);
  if (level === "unified") {
    if (gradeSpan === "") return "Unified: the Census draws it for every grade.";
    if (known && first <= 0 && last >= 12) return "Unified: one district for every grade, from kindergarten to high school.";
    // Drawn for every grade, but NCES lists fewer (Branchburg, Pre-K to 8th; Delmar, 5th to 12th; Gosnold, Ungraded).
    if (!known) return `Unified: the Census draws it for every grade, though NCES lists its grades as “${gradeSpan}”; ask it which schools its students attend.`;
    return `Unified: the Census draws it for every grade, though NCES lists only ${gradeSpan}; ask it which school its ${first <= 0 ? "older" : "younger"} students attend.`;
  }
  if (level === "elementary") {
    if (known && last >= 12) return "Elementary: the Census draws it for the lower grades only, though NCES lists grades up to 12th; it may teach high school itself or pay another district's: ask it which high school its students attend.";
    if (known && last > 8) return `Elementary: the Census draws it for the lower grades, though NCES lists grades up to ${to}; ask it which high school its students attend.`;
    return "Elementary: it teaches the lower grades; ask it which high school its students attend (a high-school district's, or one it pays for).";
  }
  if (known && first <= 3) return `Secondary: the Census draws it for high school over elementary districts, though NCES lists it from ${from}; ask it which schools serve your address.`;
  if (known && first < 9) return `Secondary: it teaches ${gradeSpan}, through high school; elementary districts teach the grades before.`;
  return "Secondary: it teaches high school; elementary districts teach the lower grades in its area.";
}

/** A district of the other grade level over a district's area, with its weight there (levelPartners). */
interface LevelPartner {
  leaid: string;
  district: string;
  weight: number;
}

/** Every district of a ZIP code (its `/zip/{zip}/districts.json` list), for a district page's other-level districts. */
export type DistrictsOf = (zip: string) => readonly DistrictOverlap[];

/**
 * The districts of the other grade level of an elementary or secondary district, most first (pages
 * audit 38 #3: an elementary district's page never named its high-school district, nor the reverse):
 * in each ZIP code where people live and the district serves the most at its level (`serves_most`),
 * the district serving the most at the other level counts once. Not a product of shares, which
 * paired a district with its neighbour's high school (review of stop 38's late commits #1: Alhambra
 * Elementary with Glendale Union, Washington Elementary's, in 369 pages); a unified district serving
 * the high-school grades counts (Santa Barbara Unified for Goleta Union); a high-school district's
 * students come from elementary districts. PO-box ZIP codes repeat their post office's area and
 * would count it twice. Unified districts have no partners. `districtOf` gives a partner's students and ZIP
 * codes, to order them (see below).
 *
 * @example
 * levelPartners(district65, districtsOf) // [{ leaid: "1714490", district: "Evanston Township High School District 202", weight: 3 }]
 */
export function levelPartners(d: Pick<District, "leaid" | "level" | "zips">, districtsOf: DistrictsOf, districtOf: (leaid: string) => PartnerSize | undefined = () => undefined): LevelPartner[] {
  if (d.level === "unified") return [];
  const otherMark = d.level === "elementary" ? "secondary" : "elementary";
  const partnerLevel = (level: DistrictOverlap["level"]) => (d.level === "elementary" ? level !== "elementary" : level === "elementary");
  const weights = new Map<string, LevelPartner>();
  for (const z of mainZips(d)) {
    const o = districtsOf(z.zip).find((o) => o.leaid !== d.leaid && partnerLevel(o.level) && (o.serves_most ?? []).includes(otherMark));
    if (o === undefined) continue;
    const p = weights.get(o.leaid) ?? weights.set(o.leaid, { leaid: o.leaid, district: o.district, weight: 0 }).get(o.leaid)!;
    p.weight += 1;
  }
  // A ZIP code each is no equal size (pages audit 39 #2: Butte High School District named Ramsay Elementary, 7 % of its
  // residents, before Butte Elementary, 93 %, by LEAID), and the data has no ZIP code's population to weigh by. A high-school
  // district's elementary districts are ordered by the students each has in its area: its students times the part of its own
  // ZIP codes that are the high-school district's (measured against the 2016 polygons and 2020 population: the first named
  // is under half the largest on 6 of 287 pages, against 96 by count and LEAID). An elementary district's high-school
  // districts, by count, then students (that estimate ordered them no better there: 26 pages).
  // Each partner's district read once (a sort compares each several times; its resource is parsed per read).
  const sizes = new Map([...weights.values()].map((p) => {
    const partner = districtOf(p.leaid);
    const students = partner === undefined ? 0 : studentsOf(partner);
    return [p.leaid, { students, inArea: partner === undefined ? 0 : (students * p.weight) / Math.max(1, mainZips(partner).length) }];
  }));
  const size = (p: LevelPartner) => sizes.get(p.leaid)!;
  const byCount = (a: LevelPartner, b: LevelPartner) => b.weight - a.weight || size(b).students - size(a).students;
  const byStudents = (a: LevelPartner, b: LevelPartner) => size(b).inArea - size(a).inArea || b.weight - a.weight;
  return [...weights.values()].sort((a, b) => (d.level === "secondary" ? byStudents : byCount)(a, b) || (a.leaid < b.leaid ? -1 : 1));
}

/** What levelPartners reads of another district to order the partners: its students and its ZIP codes. */
type PartnerSize = Pick<District, "students" | "level" | "zips">;

/** The ZIP codes where people live in which a district serves the most at its own grade level: what levelPartners counts in, and weighs against. */
function mainZips(d: Pick<District, "level" | "zips">): District["zips"] {
  const mark = d.level === "secondary" ? "secondary" : "elementary";
  return d.zips.filter((z) => z.basis !== "post office" && (z.serves_most ?? []).includes(mark));
}

/**
 * The sentence naming the districts of the other grade level (levelPartners), linked: at most three,
 * largest first, each serving the most in a tenth or more of `area` (the ZIP codes where the page's
 * district serves the most at its level), and how many more do. "" where none is found.
 *
 * @example
 * partnersSentence("elementary", [{ leaid: "1714490", district: "Evanston Township High School District 202", weight: 4 }])
 * // 'High school: the ZIP codes of its area are mostly in <a href="/district/1714490">Evanston Township High School District 202</a>, the district teaching high school there.'
 */
export function partnersSentence(level: District["level"], partners: readonly LevelPartner[], area = partners.reduce((sum, p) => sum + p.weight, 0)): string {
  // "Mostly" only where those named serve the most in half of them (review of stop 38 #1: a district of 0 % was named "mostly").
  const kept = partners.filter((p) => p.weight > 0 && p.weight >= area / 10);
  if (level === "unified" || kept.length === 0) return "";
  const links = kept.slice(0, 3).map((p) => `<a href="${districtHref(p.leaid)}">${e(p.district)}</a>`);
  const names = joinNames(kept.length > 3 ? [...links, `${kept.length - 3} more`] : links);
  const one = kept.length === 1;
  const mostly = kept.reduce((sum, p) => sum + p.weight, 0) >= area / 2;
  if (level === "elementary") {
    return mostly
      ? `High school: the ZIP codes of its area are mostly in ${names}, ${one ? "the district" : "the districts"} teaching high school there.`
      : `High school: part of its area is in ${names}, ${one ? "the district" : "the districts"} teaching high school there; ask it which high school the rest attend.`;
  }
  return mostly
    ? `Lower grades: its students come mostly from ${names}, ${one ? "the elementary district" : "the elementary districts"} of the ZIP codes it covers.`
    : `Lower grades: part of its area is in ${names}, ${one ? "the elementary district" : "the elementary districts"} of the ZIP codes it covers.`;
}

/**
 * The ZIP codes a district touches with a share of 0, apart from those it covers part of, worded as
 * the ZIP pages word it (pages audit 38 #6: Hadley's "covers part of 1 more", 01002 at 0 %).
 *
 * @example
 * zeroPartsHtml([{ zip: "01002", basis: "population" }]) // '<h2 id="no-resident-zips">ZIP codes it touches where it has no residents</h2>…'
 */
function zeroPartsHtml(zips: readonly Pick<District["zips"][number], "zip" | "basis">[]): string {
  if (zips.length === 0) return "";
  const one = zips.length === 1;
  // A share by land area of 0 is a part with no land (a border line), as the ZIP page says it.
  const none = zips.every((z) => z.basis === "land") ? "no land area" : zips.some((z) => z.basis === "land") ? "no residents (or no land area)" : "no residents";
  return `<h2 id="no-resident-zips">ZIP codes it touches where it has no residents</h2>
<p>${one ? "Its part of this ZIP code has" : "Its parts of these ZIP codes have"} ${none} (0&nbsp;%); ${one ? "its page names the districts" : "their pages name the districts"} serving ${one ? "it" : "them"}.</p>
<ul class="zips">${zips.map((z) => `<li><a href="/zip/${z.zip}">${z.zip}</a></li>`).join("")}</ul>`;
}

/**
 * The page of one district (its `page_url`): what it is, its facts, and every
 * ZIP code it overlaps, linked to the ZIP's page. `cityOf` names a ZIP's city;
 * `map` is the map section (page-maps.ts), "" for none; `stateName` the name of its state;
 * `districtsOf` gives a ZIP code's districts, for an elementary or secondary district's page to name
 * the districts of the other grade level (pages audit 38 #3); without it, the page names none.
 *
 * @example
 * districtPage(district, (zip) => "Beverly Hills", facts, "", "California") // "<!doctype html>...<h1>Beverly Hills Unified School District</h1>..."
 */
export function districtPage(d: District, cityOf: (zip: string) => string, facts: SiteFacts, map = "", stateName: string = d.state, districtsOf?: DistrictsOf, districtOf?: (leaid: string) => PartnerSize | undefined): string {
  // PO-box ZIP codes (no homes: their shares are those of the ZIP area of their post office) are listed apart, as on the town pages.
  const boxes = d.zips.filter((z) => z.basis === "post office");
  const homes = d.zips.filter((z) => z.basis !== "post office");
  const named = homes.filter((z) => z.chosen);
  // A high-school district is named in no record (records name the elementary-or-unified
  // district) but serves most residents' high-school grades where serves_most says so.
  const highSchool = highSchoolZips(d.grade_span, homes);
  // A part with no residents is no part a parent's home is in (pages audit 38 #6): listed apart, not counted.
  const touched = homes.filter((z) => !z.chosen && !highSchool.includes(z));
  const overlapped = touched.filter((z) => z.share > 0);
  const empty = touched.filter((z) => z.share === 0);
  const others = overlapped.length;
  const grades = d.grade_span ? `, ${e(d.grade_span)}` : "";
  // A long district page (New York City: 313 ZIP codes, 35,000 px on a phone) says what its lists are, linked.
  const lists: [string, string, number][] = [
    ["main-zips", "ZIP codes it is the main district of", named.length],
    ["high-school-zips", "ZIP codes it is the high-school district of", highSchool.length],
    ["other-zips", "Other ZIP codes it covers part of", overlapped.length],
    ["no-resident-zips", "ZIP codes it touches where it has no residents", empty.length],
    ["po-box-zips", "PO-box ZIP codes (no homes)", boxes.length],
  ];
  const jumpLinks =
    d.zips.length > 40 && lists.filter(([, , n]) => n > 0).length > 1
      ? `<nav aria-label="Lists on this page"><ul class="links">${lists
          .filter(([, , n]) => n > 0)
          .map(([id, words, n]) => `<li><a href="#${id}">${words} (${n.toLocaleString("en-US")})</a></li>`)
          .join("")}</ul></nav>\n`
      : "";
  const roles = [
    ...(named.length > 0 ? [`the main school district of ${count(named.length, "ZIP code", "ZIP codes")}`] : []),
    ...(highSchool.length > 0 ? [`the high-school district of ${count(highSchool.length, named.length > 0 ? "more" : "ZIP code", named.length > 0 ? "more" : "ZIP codes")}`] : []),
  ];
  // A district newer than every map (Orange Beach City, AL) overlaps no ZIP: the ZIP of its office names it.
  const offices = d.zips.length === 0 ? (d.notes?.find((n) => n.code === NEWER_THAN_MAPS)?.zips ?? []) : [];
  const namedBoxes = boxes.filter((z) => z.chosen).length;
  const boxWords = namedBoxes === 0 ? "" : ` ${count(namedBoxes, "PO-box ZIP code", "PO-box ZIP codes")} (no homes) ${namedBoxes === 1 ? "names" : "name"} it${roles.length > 0 ? " too" : ""}.`;
  const answer =
    roles.length > 0
      ? `${e(d.district)} is ${roles.join(" and ")}${others > 0 ? `${roles.length > 1 ? ", and" : " and"} covers part of ${count(others, "more", "more")}` : ""}.${boxWords}`
      : offices.length > 0
        ? `${e(d.district)} is newer than the school-district maps this service uses, so no ZIP code's answer names it: the NCES directory of 2023-24 lists it with its office in ZIP code ${offices.map((z) => `<a href="/zip/${z}">${z}</a>`).join(", ")}, whose page names it. Ask it whether it serves your address.`
        : others > 0
          ? `${e(d.district)} is not the main district of any ZIP code where people live, but it covers part of ${count(others, "ZIP code", "ZIP codes")}.${boxWords}`
          : empty.length > 0
            ? `${e(d.district)} has no residents in any ZIP code: it touches ${count(empty.length, "ZIP code", "ZIP codes")} only in ${empty.length === 1 ? "a part" : "parts"} with no residents.${boxWords}`
            : `${e(d.district)} covers no ZIP code ${boxes.length > 0 ? "where people live" : "in this dataset"}.${boxWords}`;
  // Right after the lead, where a parent landing on an elementary district asks where high school is (pages audit 38 #3).
  // Weighed against the ZIP codes where it serves the most at its level (levelPartners counts one per such ZIP code).
  const partners = districtsOf === undefined ? "" : partnersSentence(d.level, levelPartners(d, districtsOf, districtOf), mainZips(d).length);
  const ask = askNote(d);
  const table = (zips: District["zips"], caption: string, share: (z: District["zips"][number]) => number = (z) => z.share) =>
    `<table><caption>${caption}</caption>
<thead><tr><th scope="col">ZIP</th><th scope="col">City</th><th scope="col">Share</th></tr></thead>
<tbody>
${zips.map((z) => `<tr><th scope="row" data-label="ZIP"><a href="/zip/${z.zip}">${z.zip}</a></th><td data-label="City">${e(cityOf(z.zip))}</td><td class="n" data-label="Share">${shareHtml(percent(share(z)))}${z.basis === "land" ? " (land)" : ""}</td></tr>`).join("\n")}
</tbody></table>`;
  const shareNote = (grades = "at its grade level") => `Share: how much of the ZIP code the district covers ${grades}, of its population where known, else of its land area (marked “land”).`;
  return layout(
    {
      // What a search result shows: the place and what the page answers, then facts the data has, not a promise of
      // facts it may lack, and the NCES id last (pages audit 38 #4: "school district 3620580" meant nothing to a parent).
      title: `${d.district} (${d.county ? `${d.county}, ` : ""}${d.state}): the ZIP codes it serves`,
      description: `${d.district}, ${d.county ? `${d.county}, ` : ""}${d.state}: ${[
        named.length > 0 ? `the main school district of ${count(named.length, "ZIP code", "ZIP codes")}` : `a ${d.level} school district`,
        d.grade_span,
        d.students ? `${d.students} students` : "",
        d.phone ? `phone ${d.phone}` : "",
      ]
        .filter((x) => x !== "")
        .join(", ")}. NCES id ${d.leaid}.`,
      canonical: `/district/${d.leaid}`,
      main: `<p><a class="up" href="/state/${d.state}">Districts of ${e(inSentence(stateName))}</a></p>
<h1>${e(d.district)}</h1>
<p>${answer} It is ${d.level === "elementary" ? "an" : "a"} ${d.level} district in ${e(inSentence(stateName))}${grades}${d.county ? `, with its office in ${e(d.county)}` : ""}. ${levelWords(d.level, d.grade_span)}</p>
${partners ? `<p>${partners}</p>\n` : ""}${ask ? `<p class="answer">${ask}</p>\n` : ""}${jumpLinks}<h2>Facts</h2>
<dl>
${districtFacts(d, noRatingReason(d))}
${fact("District id (NCES)", d.leaid, "The district's id in the NCES Common Core of Data.")}
</dl>
${aboutFigures(d)}
${map}
<p class="note">${CAVEAT}</p>
${named.length > 0 ? `<h2 id="main-zips">ZIP codes it is the main district of</h2>\n${table(named, `The ${count(named.length, "ZIP code", "ZIP codes")} whose record names ${fullStop(e(d.district))} ${shareNote()}`)}` : ""}
${highSchool.length > 0 ? `<h2 id="high-school-zips">ZIP codes it is the high-school district of</h2>\n${table(highSchool, `The ${count(highSchool.length, "ZIP code", "ZIP codes")} where ${e(d.district)} is the largest district drawn for the high-school grades (its share: how much of the ZIP code it serves at those grades; elementary districts with none drawn over them may hold the rest); their records name their elementary district. ${shareNote("at the high-school grades")}`, (z) => z.share_secondary)}` : ""}
${overlapped.length > 0 ? `<h2 id="other-zips">Other ZIP codes it covers part of</h2>\n${table(overlapped, `ZIP codes whose main district is another, that ${e(d.district)} also overlaps. ${shareNote()}`)}` : ""}
${zeroPartsHtml(empty)}
${boxes.length > 0 ? `<h2 id="po-box-zips">PO-box ZIP codes (no homes)</h2>\n<p>ZIP codes of post-office boxes or single buildings, with no homes, that repeat the answer of the ZIP area their post office lies in${namedBoxes > 0 ? ` (${namedBoxes} of them ${namedBoxes === 1 ? "names" : "name"} ${e(d.district)})` : ""}: look up the ZIP code of a home's street address.</p>\n${boxLists(d.district, boxes)}` : ""}
<p>As JSON: <a href="/district/${d.leaid}.json">this district and its ZIP codes</a>.</p>`,
    },
    facts,
  );
}

/**
 * A district's PO-box ZIP codes: those whose records name it, then, apart and said so, those whose
 * post office's ZIP area it covers only part of, which name another district (pages audit 36 #8:
 * one unmarked list, 59107 among Billings Elementary's though it names Lockwood K-12).
 *
 * @example
 * boxLists("Billings Elementary School District", boxes) // '<ul class="zips"><li><a href="/zip/59103">59103</a></li>…'
 */
function boxLists(district: string, boxes: readonly { zip: string; chosen: boolean }[]): string {
  const list = (zips: readonly { zip: string }[]) => `<ul class="zips">${zips.map((z) => `<li><a href="/zip/${z.zip}">${z.zip}</a></li>`).join("")}</ul>`;
  const own = boxes.filter((z) => z.chosen);
  const others = boxes.filter((z) => !z.chosen);
  if (others.length === 0) return list(own);
  const one = others.length === 1;
  const who = own.length === 0 ? (one ? "It names" : "They name") : one ? "This one names" : "These name";
  const othersSaid = `<p>${who} another district: ${e(district)} covers only part of ${one ? "its post office's ZIP area" : "their post offices' ZIP areas"}.</p>\n${list(others)}`;
  return own.length === 0 ? othersSaid : `${list(own)}\n${othersSaid}`;
}

/**
 * A state page's pointer to the header's search box (pages audit 38 #4: no state page said how to
 * find a home's district). ZIP codes only: the static copy swaps in a box that takes no town
 * (assembleSite, site.ts), on the same page.
 */
// (The home page's box too: with large text the top box folds into a Search link, review of stop 38 #8.)
export const SEARCH_HINT = 'To find the district of a home, type its ZIP code in the search box at the top of this page, or on the <a href="/">home page</a>.';

/**
 * The answer of a state or territory with one district, as the location page says it for Puerto
 * Rico: the district linked, and its phone where known.
 *
 * @example
 * oneDistrictSentence(hawaiiDoe, "Hawaii")
 * // 'One public school district serves every address in Hawaii: <a href="/district/1500030">Hawaii Department of Education</a>, phone <a href="tel:+18085863400">(808) 586-3400</a>.'
 */
function oneDistrictSentence(d: Pick<StateDistricts["districts"][number], "leaid" | "district" | "phone">, stateName: string): string {
  const phone = d.phone ? `, phone ${phoneLink(d.phone)}` : "";
  return `One public school district serves every address in ${e(inSentence(stateName))}: <a href="${districtHref(d.leaid)}">${e(d.district)}</a>${phone}.`;
}

/** What a state page counts besides its districts' JSON: each district's high-school ZIPs and PO-box ZIPs (renderDistrictBodies). */
interface StatePageCounts {
  highSchoolOf?: ReadonlyMap<string, number>;
  postOfficeOf?: ReadonlyMap<string, { named: number; overlapping: number }>;
  /** each district's ZIP codes touched only where no one lives (DistrictBodies.emptyOf): not counted as overlapped, as its page does not */
  emptyOf?: ReadonlyMap<string, number>;
}

/**
 * The page of one state: its districts by name, each linked to its page, with
 * the number of ZIP codes each is the main district of.
 *
 * @example
 * statePage(stateDistricts, facts, "Rhode Island") // "<!doctype html>...<h1>School districts of Rhode Island</h1>..."
 */
export function statePage(s: StateDistricts, facts: SiteFacts, name: string = s.state, counts: StatePageCounts = {}): string {
  const { highSchoolOf = new Map(), postOfficeOf = new Map(), emptyOf = new Map() } = counts;
  const byName = [...s.districts].sort((a, b) => a.district.localeCompare(b.district, "en") || (a.leaid < b.leaid ? -1 : 1));
  // ZIP codes where people live, as each district's page counts them (its PO-box ZIP codes set apart: pages audit 34 #6, DC's 255 and 57).
  const homesNamed = (d: (typeof byName)[number]) => d.chosen_zips - (postOfficeOf.get(d.leaid)?.named ?? 0);
  // (Nor those it touches only where no one lives, which its page lists apart: pages audit 39 #7, Attalla City's "0 / 2" beside "covers part of 1".)
  const homesOverlapped = (d: (typeof byName)[number]) => d.overlapping_zips - (postOfficeOf.get(d.leaid)?.overlapping ?? 0) - (emptyOf.get(d.leaid) ?? 0);
  const named = s.districts.reduce((n, d) => n + homesNamed(d), 0);
  const boxes = s.districts.reduce((n, d) => n + (postOfficeOf.get(d.leaid)?.named ?? 0), 0);
  // A state or territory of one district (HI, DC, PR, GU, AS, MP): the answer itself first, and no
  // split-ZIP caveat, which cannot happen there (pages audit 38 #4). Not one newer than the maps, which is the main district of none.
  const only = s.count === 1 && s.districts.length === 1 && homesNamed(s.districts[0]!) > 0 ? s.districts[0]! : undefined;
  const answer = only
    ? `${oneDistrictSentence(only, name)} It is the main district of ${count(named, "ZIP code", "ZIP codes")} where people live${boxes > 0 ? ` (and of ${count(boxes, "PO-box ZIP code", "PO-box ZIP codes")}, with no homes)` : ""}.`
    : s.count === 0
      ? `No school district of ${e(inSentence(name))} is in this dataset.`
      : `${count(s.count, "school district", "school districts")} of ${e(inSentence(name))} ${s.count === 1 ? "is" : "are"} in this dataset, the main ${s.count === 1 ? "district" : "districts"} of ${count(named, "ZIP code", "ZIP codes")} where people live in all${boxes > 0 ? ` (and of ${count(boxes, "PO-box ZIP code", "PO-box ZIP codes")}, with no homes)` : ""}. Open a district to see its ZIP codes.`;
  // A long list gets an index by first letter (Texas: over a thousand districts, 120,000 px on a phone)
  // and a heading per letter, each list ending with a way back to the index.
  const initial = (name: string) => (/^[A-Za-z]/.test(name) ? name[0]!.toUpperCase() : "#");
  const groups = new Map<string, typeof byName>();
  for (const d of byName) (groups.get(initial(d.district)) ?? groups.set(initial(d.district), []).get(initial(d.district))!).push(d);
  const lettered = byName.length > 40;
  const letterId = (l: string) => `letter-${l === "#" ? "other" : l}`;
  const index = lettered
    ? `<nav aria-label="Districts by first letter" id="letters"><ul class="letters">${[...groups.keys()].map((l) => `<li><a href="#${letterId(l)}">${l}</a></li>`).join("")}</ul></nav>\n`
    : "";
  // The county of its office under the name (not after a comma, which a phone's narrow column put on a line of its own).
  const row = (d: (typeof byName)[number]) =>
    `<tr><th scope="row"><a href="/district/${d.leaid}">${e(d.district)}</a>${d.county ? `<span class="county">${e(d.county)}</span>` : ""}${
      // A district newer than the maps has 0 and 0 below: why (Orange Beach City).
      d.notes?.some((n) => n.code === NEWER_THAN_MAPS) ? `<span class="county">Newer than the maps: no ZIP code's share is known</span>` : ""
    }</th><td class="n" data-label="Main district of">${namedFor(homesNamed(d), highSchoolOf.get(d.leaid) ?? 0)}</td><td class="n" data-label="Overlaps">${homesOverlapped(d).toLocaleString("en-US")}</td></tr>`;
  const table = (ds: typeof byName, caption: string) => `<table aria-describedby="columns"><caption>${caption}</caption>
<thead><tr><th scope="col">District</th><th scope="col">Main district of</th><th scope="col">Overlaps</th></tr></thead>
<tbody>
${ds.map(row).join("\n")}
</tbody></table>`;
  const tables = lettered
    ? [...groups].map(([l, ds]) => `<h2 id="${letterId(l)}">${l === "#" ? "Other" : l}</h2>\n${table(ds, `Districts of ${e(inSentence(name))} whose name begins with ${l === "#" ? "a number or sign" : l}`)}\n<p><a class="up" href="#letters">Back to the letters</a></p>`).join("\n")
    : table(byName, `Districts of ${e(inSentence(name))} by name`);
  return layout(
    {
      title: name === s.state ? `School districts of ${s.state}` : `School districts of ${inSentence(name)} (${s.state})`,
      description: `Every school district of ${inSentence(name)} in this dataset, with the number of ZIP codes each is the main district of and overlaps.`,
      canonical: `/state/${s.state}`,
      main: `<h1>School districts of ${e(inSentence(name))}</h1>
<p>${answer}</p>
<p>${SEARCH_HINT}</p>
${only ? "" : `<p class="note">${CAVEAT}</p>\n`}<p id="columns">Districts by name, with the county of their office: the number of ZIP codes where people live each is the main district of (the district serving most of their residents, which their records name), and the number of them it covers a part of where people live; PO-box ZIP codes, and those it touches only where no one lives, are on each district's page.${highSchoolOf.size > 0 && s.districts.some((d) => highSchoolOf.has(d.leaid)) ? " A ZIP code's record names its elementary or unified district; a district that serves most of a ZIP code's high-school students besides is counted as “high school of” those ZIP codes." : ""}</p>
${index}${tables}
<p>As JSON: <a href="/state/${s.state}/districts.json">the districts of ${e(inSentence(name))}</a>, <a href="/state/${s.state}.json">its ZIP codes' records</a>.</p>`,
    },
    facts,
  );
}

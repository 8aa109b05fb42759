/**
 * The HTML pages for people (rule 21, issue 13): the home page, one page per ZIP and the about
 * page. Plain server-rendered HTML (layout.ts: one inline stylesheet allowed by its hash in the
 * CSP), phone first, readable without JavaScript. Every page has a search box, a unique title
 * and description, and a canonical URL. Error pages are in error-pages.ts.
 */
import type { DistrictOverlap, DistrictRecord, ZipDistricts } from "@school-districts/core";
import { answer, basisWords, gradeLevels, highSchoolDistrict, joinNames, labelsOf, lastGrade, mostlyInNoDistrict, percent, SHARE_UNIT, type GradeLevel } from "./answer.ts";
import { escapeHtml as e, scriptJson } from "./html.ts";
import { CAVEAT, districtHref, fact, inSentence, layout, phoneHint, phoneLink, searchForm, shareHtml, websiteLink, ZIP_LOOKUP_NOTE, type SiteFacts } from "./layout.ts";
import { locationForm } from "./location-form.ts";
import { aboutFigures, askNote, noRatingReason } from "./figures.ts";

/**
 * What each number on a ZIP page means, in words; the vintages are those of
 * data/SOURCES.md (a test checks they still appear there).
 */
export const EXPLAIN = {
  rating:
    "Ranks the district among the other districts of its state on student outcomes only, never on spending or size: test scores of spring 2019, 2022 and 2023 (Stanford Education Data Archive, SEDA 2023), or, where SEDA has no scores, graduation rate and grade-4 proficiency of school year 2020-21 (EDFacts). 10 is the top tenth of the state, 1 the bottom tenth.",
  students: "Students enrolled in the district, school year 2023-24 (NCES Common Core of Data).",
  schools: "Schools the district operates, from the NCES district directory, school year 2023-24 (2018-19 where the newer directory lacks the district).",
  perPupil:
    "Total spending divided by enrollment, fiscal year 2022 (2021 where 2022 is missing), from the Census Bureau's school finance survey (F-33): day-to-day costs, construction and equipment, and interest on debt.",
  grades: "The grades the district teaches, from the NCES district directory.",
} as const;

/**
 * What the Grades fact's hint says; a span to "13th" says what that is (NCES grade 13, a year
 * after 12th grade some districts offer: 989 ZIP pages read "Pre-Kindergarten – 13th").
 *
 * @example
 * gradesHint("Kindergarten – 13th") // "The grades the district teaches, from the NCES district directory. 13th: …"
 * gradesHint("Kindergarten – 12th", "0")  // "The grades the district is responsible for, from the NCES district directory: it runs no school …"
 */
function gradesHint(gradeSpan: string, schools = ""): string {
  // A district with no schools teaches no grade: it answers for them, its students taught elsewhere (pages audit 38 #7: 58 Maine districts).
  if (schools === "0") return "The grades the district is responsible for, from the NCES district directory: it runs no school of its own, so its students attend other districts' or private schools, as it arranges.";
  return /13th$/.test(gradeSpan) ? `${EXPLAIN.grades} 13th: a year after 12th grade that some of its schools offer (NCES grade 13).` : EXPLAIN.grades;
}

/** The figures of a district that its ZIP codes' pages and its own page show. */
type DistrictFigures = Pick<DistrictRecord, "phone" | "website" | "rating" | "rating_label" | "students" | "schools" | "per_pupil" | "grade_span">;

/**
 * The facts of one district, each with what it means (the `<dt>`/`<dd>` pairs of a `<dl>`): the
 * ZIP page's answer and the district's own page show the same list, said the same way.
 * `noRating` is said where the district has no rating; `gradesNote` follows the grades' hint; `phoneFact`,
 * where given, is the phone's pair instead (a high-school district's, whose hint names whom to ask).
 *
 * @example
 * `<dl>\n${districtFacts(record, noRatingReason(own))}\n</dl>`
 */
export function districtFacts(d: DistrictFigures, noRating: string, gradesNote = "", phoneFact?: string): string {
  const rating = d.rating === null ? noRating : `${d.rating} of 10 (${e(d.rating_label)})`;
  return [
    phoneFact ?? fact("Phone", phoneLink(d.phone), phoneHint(d.phone, "Call the district to confirm which school serves your address.", d.website)),
    fact("Website", websiteLink(d.website), "The district's own website, from the NCES district directory."),
    fact("Rating", rating, `${EXPLAIN.rating} <a href="/about#rating">How the rating is computed</a>.`),
    fact("Students", e(d.students), EXPLAIN.students),
    fact("Schools", e(d.schools), EXPLAIN.schools),
    fact("Spending per pupil", e(d.per_pupil), EXPLAIN.perPupil),
    fact("Grades", e(d.grade_span), `${gradesHint(d.grade_span, d.schools)}${gradesNote}`),
  ].join("\n");
}

/** The codes of the dataset's places that are not one of the 50 states. */
const NOT_STATES = new Set(["DC", "PR", "VI", "GU", "AS", "MP"]);

/**
 * What the dataset covers, from its states (review 34 #7: written by hand, a build without a
 * territory would still have claimed it): the states counted, then DC and the territories by name.
 *
 * @example
 * coverageWords([{ code: "CA", name: "California" }, { code: "DC", name: "District of Columbia" }, { code: "GU", name: "Guam" }])
 * // "1 state, the District of Columbia and Guam"
 */
export function coverageWords(states: readonly { code: string; name: string }[]): string {
  const fifty = states.filter((s) => !NOT_STATES.has(s.code)).length;
  const others = [...NOT_STATES].flatMap((code) => states.filter((s) => s.code === code).map((s) => inSentence(s.name)));
  const parts = [...(fifty === 0 ? [] : [fifty === 50 ? "the 50 states" : `${fifty} ${fifty === 1 ? "state" : "states"}`]), ...others];
  return joinNames(parts);
}

/**
 * The home page: the search form first, then the caveat and links to the data.
 *
 * @example
 * homePage({ updated: "2026-11-22", records: 40881, baseUrl: "http://localhost:8080" }, [{ code: "AK", name: "Alaska" }]) // "<!doctype html>..."
 */
export function homePage(facts: SiteFacts, states: readonly { code: string; name: string }[] = []): string {
  // By name, as a person looks for a state (by code, Iowa, IA, would come before Idaho, ID).
  const byName = [...states].sort((a, b) => a.name.localeCompare(b.name, "en") || (a.code < b.code ? -1 : 1));
  const count = facts.records.toLocaleString("en-US");
  const covered = coverageWords(states);
  return layout(
    {
      title: "Which school district is this ZIP code in? US public school districts by ZIP",
      description: `Type a ZIP code to see the public school district that serves it, how sure that is, and the district's phone, website, rating and spending: ${count} US ZIP codes, free and open data.`,
      canonical: "/",
      search: false,
      main: `<h1>Which public school district serves a ZIP code?</h1>
<p>Type a US ZIP code${facts.staticCopy ? "" : ", or the name of a town,"} to see its school district: ${count} ZIP codes${covered === "" ? "" : ` in ${e(covered)}`}.</p>
${searchForm("main", "", undefined, facts.staticCopy)}
${facts.staticCopy ? ZIP_LOOKUP_NOTE : locationForm("", "", true)}
<p class="note">${CAVEAT}</p>
${
  states.length === 0
    ? ""
    : `<h2 id="states">Browse by state</h2>
<p>Every school district of a state, each with the ZIP codes it serves.</p>
<ul class="states">${byName.map((st) => `<li><a href="/state/${st.code}">${e(st.name)}</a></li>`).join("")}</ul>`
}
<h2>How it works</h2>
<p>Each ZIP code page names the district that covers most of the ZIP code's residents, the other districts that cover part of it, and what the numbers mean. <a href="/about">How the district is chosen and the numbers are made</a>.</p>
<h2>Use the data</h2>
<ul class="links">
<li><a href="/docs">API documentation</a> and the <a href="/openapi.json">OpenAPI description</a></li>
<li>One ZIP code as JSON: <a href="/zip/90210.json">/zip/90210.json</a></li>
<li>Every district of a ZIP code: <a href="/zip/90210/districts.json">/zip/90210/districts.json</a></li>
<li>One state: <a href="/state/CA.json">/state/CA.json</a>; the <a href="/index.json">index of every ZIP code</a> (megabytes)</li>
<li>One district: <a href="/district/0604830.json">/district/0604830.json</a>; a state's districts: <a href="/state/CA/districts.json">/state/CA/districts.json</a>; every district: <a href="/bulk/districts.csv">districts.csv</a> (megabytes)</li>
<li>Everything at once, tens of megabytes (for programs; not for a phone's data plan): <a href="/bulk/all-districts.json">all-districts.json</a> or <a href="/bulk/all-districts.csv">all-districts.csv</a></li>
<li>Every ZIP code's districts, with their NCES ids (LEAID) and shares, to join with other data: <a href="/bulk/zip-districts.csv">zip-districts.csv</a> (megabytes)</li>
<li>To check the downloads: their SHA-256, <a href="/bulk/sha256sums.txt">sha256sums.txt</a></li>
</ul>`,
    },
    facts,
  );
}

/** The grades a district's Census boundary is drawn for, which can differ from the grades its schools teach ("Grades"). */
const LEVEL_WORDS: Record<DistrictOverlap["level"], string> = {
  unified: "All grades",
  elementary: "Elementary grades",
  secondary: "High school",
};

function levelTable(zip: string, level: GradeLevel, link: (d: DistrictOverlap) => string, labels: { elementary: string; high: string }): string {
  // The answer's labels ("Up to 5th grade" where the high-school district starts at 6th: levelLabels).
  const heading = level.name === "all" ? `Every district in ${zip}` : `${level.name === "elementary" ? labels.elementary : labels.high} in ${zip}`;
  const basis = level.districts[0]?.basis ?? "land";
  const rows = level.districts
    .map(
      (d) =>
        `<tr><th scope="row" data-label="District">${link(d)}</th><td data-label="Grades">${e(d.grade_span) || "Not reported"}</td><td data-label="Boundary for">${LEVEL_WORDS[d.level]}</td><td class="n" data-label="Share">${shareHtml(percent(level.share(d)))}</td></tr>`,
    )
    .join("\n");
  // Where every district is unified, the section's own heading says it: no second "Every district in …".
  return `${level.name === "all" ? "" : `<h3>${heading}</h3>\n`}<table><caption>How much of ${zip} each district covers, as a ${basisWords(basis)}. Grades: what its schools teach (NCES); boundary for: the grades its Census boundary is drawn for.</caption>
<thead><tr><th scope="col">District</th><th scope="col">Grades</th><th scope="col">Boundary for</th><th scope="col">Share</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

/**
 * A record's place line: city, county and state, the county left out where it only repeats the
 * city ("Carson City, NV", not "Carson City, Carson City, NV"; "St Thomas, VI" for the island of
 * St. Thomas: pages audit 33 #8); "Baltimore, Baltimore County, MD" keeps it.
 *
 * @example
 * placeLine({ city: "Beverly Hills", county: "Los Angeles County", state: "CA" }) // "Beverly Hills, Los Angeles County, CA"
 * placeLine({ city: "Carson City", county: "Carson City", state: "NV" }) // "Carson City, NV"
 */
export function placeLine(r: { city: string; county: string; state: string }): string {
  // Only the city's own name, or it with a word that adds no place ("Juneau City and Borough",
  // "Adjuntas Municipio"); never "X County" or "X Parish", another place than the city X (review 33 #3: Baltimore County).
  const plain = (name: string) => name.toLowerCase().replace(/\b(city and borough|municipio|island)$/, "").replace(/[^a-z]/g, "").replace(/^saint/, "st");
  const county = r.county !== "" && plain(r.county) !== plain(r.city) ? r.county : "";
  return [r.city, county, r.state].filter((x) => x !== "").join(", ");
}

/** Below this share of the ZIP code's record's district, its page's title and preview name the shares, not one district (pages audit 37 #2: 2,063 ZIP codes where people live under 60 %). */
const MOSTLY = 0.9;

/**
 * The page of one ZIP (its `page_url`): the answer in a sentence, the main
 * district's facts each with what it means (its phone within two screens of a
 * phone, before the map), the map, every district per grade level, the caveat,
 * and the record embedded as JSON-LD plus an exact JSON copy.
 *
 * `zctaChosen`, for a PO-box ZIP, is the district its post office's ZCTA names (when the
 * post office's own location chose another, the page says so).
 *
 * @example
 * zipPage(record, districts, facts) // "<!doctype html>...<h1>ZIP code 90210</h1>..."
 */
export function zipPage(r: DistrictRecord, all: ZipDistricts, facts: SiteFacts, map = "", zctaChosen?: DistrictOverlap, contactOf?: (leaid: string) => DistrictContact | undefined): string {
  // Structured data: the record's district, and every other with 1 % or more of the residents beside it
  // (pages audit 40 #7: 43209's named Columbus City alone, though 48 % is Bexley's), each serving the ZIP area.
  const areaServed = { "@type": "PostalAddress", postalCode: r.zip, addressLocality: r.city, addressRegion: r.state, addressCountry: "US" };
  const recordOrganization = {
    "@type": "EducationalOrganization",
    name: r.district,
    ...(r.website ? { url: r.website } : {}),
    ...(r.phone ? { telephone: r.phone } : {}),
    areaServed,
  };
  const alsoServing = all.districts.filter((d) => !d.chosen && d.district !== r.district && d.share >= 0.01).map((d) => ({ "@type": "EducationalOrganization", name: d.district, areaServed }));
  const ld = alsoServing.length === 0 ? { "@context": "https://schema.org", ...recordOrganization } : { "@context": "https://schema.org", "@graph": [recordOrganization, ...alsoServing] };
  // A district in another state says which (58439, Forbes, ND: "Leola School District 44-2 in South Dakota").
  const contacts = new Map<string, DistrictContact | undefined>();
  const contact = (leaid: string) => (contacts.has(leaid) ? contacts.get(leaid) : contacts.set(leaid, contactOf?.(leaid)).get(leaid));
  const elsewhere = (d: DistrictOverlap | undefined) => {
    const other = d === undefined ? undefined : contact(d.leaid);
    return other !== undefined && other.state !== r.state ? ` in ${other.state_name}` : "";
  };
  const link = (d: DistrictOverlap) => `<a href="${e(districtHref(d.leaid))}">${e(d.district || `District ${d.leaid}`)}</a>${e(elsewhere(d))}`;
  const sentences = answer(r.zip, all.districts, link).map(shareHtml);
  const levels = gradeLevels(all.districts);
  // Issue 16: the record's district's figures explained, and why there is no rating (figures.ts).
  // Issue 14: `chosen` marks the record's district.
  const own = all.districts.find((d) => d.chosen);
  const ownSide = sameSideSentence(r, own, all.districts, contact);
  if (ownSide !== undefined) sentences.push(shareHtml(ownSide));
  const place = `${r.city ? `${r.city}, ` : ""}${r.state}`;
  // For a link's preview: the high-school district where another one serves most of those grades,
  // and the other districts covering someone (not those whose part has no residents).
  const high = highSchoolDistrict(levels);
  const labels = labelsOf(levels);
  const others = all.districts.filter((d) => !d.chosen && d !== high && (d.share_elementary > 0 || d.share_secondary > 0)).length;
  const servedBy = high ? `${r.district} (${labels.elementary.toLowerCase()}) and ${high.district} (${labels.high.toLowerCase()})` : r.district;
  // A split ZIP's title and preview say the shares, as its sentence does: a link shared from Bexley's
  // 43209 previewed "is served by Columbus City School District", which has 52 % (pages audit 37 #2).
  const peopled = all.districts.filter((d) => !d.chosen && (d.share_elementary > 0 || d.share_secondary > 0)).sort((a, b) => b.share - a.share);
  const split = !high && own !== undefined && own.share < MOSTLY && peopled.length > 0 ? { own: own.share, next: peopled[0]!, more: peopled.length - 1 } : undefined;
  // The largest other district named with its share too: the record's may be smaller (a PO box's, by its post
  // office: 01252, 29 % beside 71 %; review of stop 37 #5, "X (18 %) and 2 other districts" hid Augusta's 70 %).
  const nextTitle = split && `${split.next.district}${elsewhere(split.next)} (${percent(split.next.share)})`;
  const splitTitle = split && `${r.district}${elsewhere(own)} (${percent(split.own)})${split.more === 0 ? ` and ${nextTitle}` : `, ${nextTitle} and ${split.more} other${split.more === 1 ? "" : "s"}`}`;
  const unit = own === undefined ? "" : SHARE_UNIT[own.basis];
  const splitServed =
    split &&
    (split.next.share > split.own
      ? `is split: ${r.district} has ${percent(split.own)} ${unit}, ${split.next.district} more (${percent(split.next.share)})`
      : split.own >= 0.5
        ? `is mostly in ${r.district} (${percent(split.own)} ${unit})`
        : `is split: the largest part (${percent(split.own)} ${unit}) is in ${r.district}`);
  // Where the answer names the district only up to a grade below the last it lists (Cottonwood-Oak
  // Creek, Pre-K to 12th, "up to 7th grade" under Mingus Union from 8th in 86326), the Grades line says why.
  const namedLast = lastGrade(r.grade_span);
  const cutHint =
    high && labels.upTo !== undefined && namedLast !== undefined && namedLast > labels.upTo
      ? ` The directory lists them for the whole district; for this ZIP code the page names it ${e(labels.elementary.toLowerCase())}, and ${e(high.district)} for ${e(labels.high.toLowerCase())}.`
      : "";
  // Most of the ZIP's people in no school district (Sun City, AZ, 85351: "School District Not
  // Defined"): the title does not call the district whose sliver it is the ZIP's, and the card says whom to ask.
  const mostInNone = mostlyInNoDistrict(all.districts, high);
  const noneNote = mostInNone
    ? `<p class="note">Most of the residents of ${r.zip} live in no school district: the Census draws their area as “School District Not Defined” (an area that has left or never joined one). ${e(r.district)} covers a part; ask it, or the state's department of education, which school serves an address.</p>\n`
    : "";
  // Split at some grade level (the largest district under 95 % beside another with residents): the exact spot
  // settles it, which the location page can (pages audit 38 #1: one home in ten reads another district first,
  // and the page offered only a phone call). A map's place first: without JavaScript the page reads coordinates
  // but not the phone's position (pages audit 40 #6). Not for a PO box (the home is elsewhere) nor the static copy (no /location).
  const splitHere =
    !facts.staticCopy && own?.basis !== "post office" && levels.some((l) => l.districts.length > 1 && l.share(l.districts[0]!) < 0.95 && l.share(l.districts[1]!) > 0);
  const spotNote = splitHere
    ? `<p>Not sure which of these districts the home is in? <a href="/location">Find the district of the exact spot</a> from a map's link to the home, or your phone's location there, or ask the district.</p>\n`
    : "";
  return layout(
    {
      answer: true,
      title: mostInNone
        ? `ZIP code ${r.zip} (${place}): most of it in no school district; ${r.district}${elsewhere(own)} covers a part`
        : high
          ? `ZIP code ${r.zip} (${place}) school districts: ${r.district}${elsewhere(own)} and ${high.district}${elsewhere(high)}`
          : splitTitle
            ? `ZIP code ${r.zip} (${place}) school districts: ${splitTitle}`
            : `ZIP code ${r.zip} (${place}) school district: ${r.district}${elsewhere(own)}`,
      description: mostInNone
        ? `ZIP code ${r.zip} in ${place}${r.county ? `, ${r.county}` : ""}: most of its residents live in no school district; ${r.district}${elsewhere(own)} covers a part. Shares, phone, website, rating, students and spending per pupil.`
        : `ZIP code ${r.zip} in ${place}${r.county ? `, ${r.county}` : ""} ${splitServed ?? `is served by ${servedBy}`}${others ? `; ${others} other ${others === 1 ? "district covers" : "districts cover"} part of it` : ""}: shares, phone, website, rating, students and spending per pupil.`,
      canonical: `/zip/${r.zip}`,
      main: `<h1>ZIP code ${r.zip}</h1>
<p class="place">${e(placeLine(r))}</p>
${sentences.map((s) => `<p class="answer">${s}</p>`).join("\n")}
${newerNote(all, contact)}${postOfficeNote(r.zip, all.zcta, own, zctaChosen, link)}${askNotes(levels, all.zcta)}${noneNote}${spotNote}<h2 id="district">${high ? `${e(labels.elementary)}: ` : ""}${own ? `<a href="${e(districtHref(own.leaid))}">${e(r.district)}</a>${e(elsewhere(own))}` : e(r.district)}</h2>
<dl>
${districtFacts(r, noRatingReason(own), cutHint)}
</dl>
${aboutFigures(own)}
${high ? highSchoolContact(high, labels.high, contact(high.leaid), elsewhere(high), r) : ""}<p class="note">${CAVEAT}</p>
${map}<h2>Every district in ${r.zip}</h2>
<p>How much of the ZIP code each district covers, per grade level. <a href="/about#choice">How shares and the main district are chosen</a>.</p>
${levels.map((l) => levelTable(r.zip, l, link, labels)).join("\n")}
<p>Data dated ${e(r.updated)}. As JSON: <a href="/zip/${r.zip}.json">the record of ${r.zip}</a>, <a href="/zip/${r.zip}/districts.json">every district of ${r.zip}</a>.</p>`,
      head: `<script type="application/ld+json">${scriptJson(ld)}</script><script type="application/json" id="record">${scriptJson(r)}</script>`,
    },
    facts,
  );
}

/** What a ZIP page shows of a district besides the record's (a high-school district's figures, as the record's: pages audit 39 #3), and its state. */
export interface DistrictContact extends DistrictFigures, Pick<DistrictOverlap, "notes"> {
  /** its state's code, and the name a page gives it ("South Dakota") */
  state: string;
  state_name: string;
}

/**
 * Where a ZIP code crosses a state line and its answer is a district of the other state (58439,
 * Forbes, ND: Leola School District 44-2, SD, 52 % of residents), the district of the ZIP code's
 * own state for a home on that side, the one covering the most of it (pages audit 35 #4); else
 * undefined. HTML, its links made as the answer's.
 *
 * @example
 * sameSideSentence(record58439, leola, districts, contact) // 'A home on the North Dakota side is in a district of North Dakota: <a …>Ellendale Public School District 40</a> covers the most of it (47 % of the ZIP code's residents).'
 */
function sameSideSentence(r: DistrictRecord, own: DistrictOverlap | undefined, districts: readonly DistrictOverlap[], contact: (leaid: string) => DistrictContact | undefined): string | undefined {
  const ownState = (d: DistrictOverlap) => contact(d.leaid)?.state === r.state;
  if (own === undefined || contact(own.leaid) === undefined || ownState(own)) return undefined;
  // (Not a PO-box ZIP code's, whose answer is its post office's area: 20301, the Pentagon's, is Arlington's.)
  const side = districts.filter((d) => d.share > 0 && d.basis !== "post office" && ownState(d)).sort((a, b) => b.share - a.share);
  const first = side[0];
  if (first === undefined) return undefined;
  const state = contact(first.leaid)!.state_name;
  const named = `<a href="${e(districtHref(first.leaid))}">${e(first.district || `District ${first.leaid}`)}</a>`;
  const part = `${percent(first.share)} of the ZIP code's ${first.basis === "population" ? "residents" : "land"}`;
  return side.length === 1
    ? `A home on the ${e(state)} side is in ${named} (${part}).`
    : `A home on the ${e(state)} side is in a district of ${e(state)}: ${named} covers the most of it (${part}).`;
}

/**
 * On a split-level ZIP's page, the facts of the district serving most of its high-school grades,
 * after the record's district's, in the same list: a parent calls both, and compares them (pages
 * audit 39 #3: 1,946 pages gave it only a phone, a website and grades). "" where its facts are not known.
 */
function highSchoolContact(high: DistrictOverlap, label: string, contact: DistrictContact | undefined, elsewhere: string, own: { district: string; phone: string }): string {
  if (contact === undefined) return "";
  const which = label === "High school" ? "high school serves your address" : `school serves your address from ${label.replace(/ and up$/, "")} up`;
  // Without a phone of its own (Census pieces such as "Fairhaven/New Bedford School Districts in
  // Acushnet (9-12)"), the district named above, whose phone the page shows, is the one to ask.
  const hint =
    contact.phone === "" && own.phone !== ""
      ? `The NCES directory lists no phone of the district's own: ask ${e(own.district)}, above, which ${which}.`
      : phoneHint(contact.phone, `Call it to confirm which ${which}.`);
  return `<h2 id="high-school">${e(label)}: <a href="${e(districtHref(high.leaid))}">${e(high.district)}</a>${e(elsewhere)}</h2>
<dl>
${districtFacts(contact, noRatingReason(contact), "", fact("Phone", phoneLink(contact.phone), hint))}
</dl>
`;
}

/**
 * Under the answer: each district newer than the maps whose office is in the ZIP (`newer_districts`),
 * with its grades and phone, and to ask it: no share names it, yet it may be the ZIP's district now
 * (Orange Beach City in 36561, which the maps give to Baldwin County). "" for none.
 */
function newerNote(all: ZipDistricts, contact: (leaid: string) => DistrictContact | undefined): string {
  return all.newer_districts
    .map((d) => {
      const c = contact(d.leaid);
      const about = [d.grade_span ? `its schools teach ${e(d.grade_span)}` : "", c?.phone ? `phone ${phoneLink(c.phone)}` : ""].filter((x) => x !== "").join(", ");
      return (
        `<p class="answer"><a href="${e(districtHref(d.leaid))}">${e(d.district)}</a>${about ? ` (${about})` : ""} is newer than the school-district maps this answer comes from: ` +
        `the NCES directory of 2023-24 lists it with its office in ${d.office_zip === all.zip ? "this ZIP code" : `ZIP code ${d.office_zip}`}, but no source here says which addresses it serves. It may serve yours: ask it.</p>\n`
      );
    })
    .join("");
}

/**
 * Under the answer: the `closed`, `not-listed`, `no-schools` or `share-by-land` note of each district
 * it names first, once each ("" for none); a share-by-land note only on the page of a ZIP code it
 * is about (`zcta`: the ZIP's own area, a PO-box ZIP's post office's).
 */
function askNotes(levels: readonly GradeLevel[], zcta: string): string {
  const picks = [...new Set(levels.map((l) => l.pick).filter((d) => d !== undefined))];
  return picks.map((d) => askNote(d, zcta)).filter((t) => t !== "").map((t) => `<p class="answer">${t}</p>\n`).join("");
}

/**
 * The sentence of a PO-box / delivery ZIP's page: whose districts it shows, and when its post
 * office's own location chose another of them than its ZCTA does, that ("" for a ZIP with its own area).
 */
function postOfficeNote(zip: string, zcta: string, own: DistrictOverlap | undefined, zctaChosen: DistrictOverlap | undefined, link: (d: DistrictOverlap) => string): string {
  if (zcta === zip) return "";
  const located =
    own !== undefined && zctaChosen !== undefined && zctaChosen.leaid !== own.leaid
      ? ` By its location in the ZIP code lists, the post office itself is in ${link(own)}, so this page names that district first; most of ${zcta} is in ${link(zctaChosen)}.`
      : "";
  // Right under the answer: a PO box says nothing about where a child lives (the no-record page of 01086 says the same).
  return `<p id="post-office">${zip} is a PO-box ZIP code (a post office or delivery ZIP with no area of its own); its post office lies in ZIP code <a href="/zip/${zcta}">${zcta}</a>, so it shows the districts of ${zcta}.${located} A school district serves the address where a child lives: look up the ZIP code of the home's street address.</p>
`;
}

/** The boundary file as the manifest describes it. */
export interface BoundariesFacts {
  source: string;
  vintage: string;
  scale: string;
}

/**
 * What /about says about the boundaries behind the location lookup: what they are (from
 * the manifest), how exact, who decides enrollment, and what is not drawn.
 *
 * @example
 * boundariesSection({ source: "U.S. Census Bureau, …", vintage: "2016 (school year 2015-16)", scale: "1:500,000" })
 */
export function boundariesSection(b: BoundariesFacts | undefined, staticCopy = false): string {
  const head = `<h2 id="boundaries">Districts by location: what the boundaries are</h2>`;
  if (b === undefined) return `${head}\n<p>This dataset has no district boundaries, so it answers by ZIP code only.</p>`;
  return `${head}
<p>${staticCopy ? "The full service's location page and <code>/location.json</code> (not this static copy of the site)" : 'The <a href="/location">location page</a> and <code>/location.json</code>'} name the districts whose boundaries hold a point. The boundaries are the ${e(b.source)}: vintage ${e(b.vintage)}, drawn at a scale of ${e(b.scale)} and simplified for this service.</p>
<p>They are approximate at the edges: tens of yards from the ${e(b.scale)} drawing, more where the simplification cut a corner. The answer is right for a point in a neighbourhood, not for a house on a border line, and districts that changed since the vintage may have moved a border. <strong>Enrollment is decided by the district</strong>: near a border, or to learn which school a home is zoned for, ask the district.</p>
<p>What is not drawn: Puerto Rico and the other territories (there is no boundary file for them: a place in Puerto Rico, Guam, American Samoa or the Northern Mariana Islands, on its land or near one of its ZIP codes, gets its one district; on an island of the Virgin Islands, which have two, the island's: St. Croix's, or St. Thomas and St. John's); land the Census marks as in no school district; and a few boundaries of the vintage that match no district of today, so a point there gets no district of that level. Districts merged or renamed since then are drawn as their successor, closed ones as the neighbour that took them over. The dataset's BOUNDARIES.md lists every one of these joins and every boundary left out.</p>`;
}

/**
 * The about page: how the district of a ZIP is chosen, what the boundaries are,
 * then data/RATING.md and data/SOURCES.md rendered (`ratingHtml`, `sourcesHtml`).
 *
 * @example
 * aboutPage(marked(rating), marked(sources), facts, manifest.boundaries)
 */
export function aboutPage(ratingHtml: string, sourcesHtml: string, facts: SiteFacts, boundaries?: BoundariesFacts): string {
  return layout(
    {
      title: "How the school district of a ZIP code is chosen, and what the numbers mean",
      description: "How this service matches ZIP codes to public school districts, what the 1-10 rating measures, and where every number comes from (NCES, Census, SEDA, EDFacts).",
      canonical: "/about",
      main: `<h1>How these answers are made</h1>
<nav aria-label="On this page"><ul class="links"><li><a href="#choice">Which district serves a ZIP code</a></li><li><a href="#boundaries">What the boundaries are</a></li><li><a href="#numbers">What each number means</a></li><li><a href="#rating">The rating</a></li><li><a href="#sources">Sources</a></li></ul></nav>
<h2 id="choice">Which district serves a ZIP code</h2>
<p>A ZIP code is a mail route, not an area with a border, and school district borders do not follow it. The Census Bureau draws an area for each ZIP code (a ZIP Code Tabulation Area), and the National Center for Education Statistics (NCES) lists which school districts overlap each of those areas.</p>
<p>For each ZIP code, every district that overlaps it gets a share: the share of the ZIP code's residents living in that district (2010 census blocks, from the Missouri Census Data Center's Geocorr, where its districts are today's; else a 2020 census estimate from block groups), or where no one is counted, the share of the ZIP code's land area. Shares are per grade level: in states where separate districts teach the elementary grades and high school, each level's districts are counted on their own.</p>
<p>For each grade level, the district named first on a ZIP code page is the one serving the most of the ZIP code's residents at those grades; for a PO-box ZIP code, the district its post office lies in. The ZIP code's record names the one for the elementary grades. Parts of the ZIP code can still belong to other districts, so the page lists them all. <strong>${e(CAVEAT)}</strong></p>
${boundariesSection(boundaries, facts.staticCopy)}
<h2 id="numbers">What each number means</h2>
<dl>
<dt>Rating</dt><dd>${EXPLAIN.rating}</dd>
<dt>Students</dt><dd>${EXPLAIN.students}</dd>
<dt>Schools</dt><dd>${EXPLAIN.schools}</dd>
<dt>Spending per pupil</dt><dd>${EXPLAIN.perPupil}</dd>
<dt>Grades</dt><dd>${EXPLAIN.grades}</dd>
<dt>Data dated</dt><dd>${e(facts.updated)}: the date of this release of the dataset, its version (a second release in one day is dated the next day).</dd>
</dl>
<section id="rating" aria-label="The rating method">${ratingHtml}</section>
<section id="sources" aria-label="Sources">${sourcesHtml}</section>`,
    },
    facts,
  );
}


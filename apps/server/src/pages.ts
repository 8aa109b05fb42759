/**
 * The HTML pages for people (rule 21, issue 13): the home page, one page per
 * ZIP, the about page, one page per problem type (the `type` URI of the
 * service's problem details, RFC 9457 section 3.1.1) and the error pages
 * browsers get. Plain server-rendered HTML with one inline stylesheet (allowed
 * by its hash in the CSP), phone first, readable without JavaScript. Every page
 * has a search box, a unique title and description, and a canonical URL.
 */
import { isCanadianPostcode, MAX_CITY_MATCHES, type CityMatch } from "./city-search.ts";
import type { DistrictOverlap, DistrictRecord, Problem, ZipDistricts } from "@school-districts/core";
import { answer, basisWords, gradeLevels, highSchoolDistrict, labelsOf, lastGrade, percent, type GradeLevel } from "./answer.ts";
import { cspHash, escapeHtml as e, scriptJson } from "./html.ts";
import { isMilitaryMail, problem, problemDoc, shortened, type ProblemKind } from "./problems.ts";
import { GEO_CSS, GEO_SCRIPT, locationForm } from "./location-form.ts";
import { aboutFigures, askNote, noRatingReason } from "./figures.ts";

const CSS = `:root{--fg:#1a1a1a;--bg:#fff;--link:#0645ad;--muted:#444;--line:#ccc;--field:#555;--note:#fff8e1;--note-edge:#8a6300;--code:#f4f4f4;--error:#b00020;--button:#0645ad;--on-button:#fff;color-scheme:light dark;font:100%/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#121212;--link:#8ab4f8;--muted:#b4b4b4;--line:#4a4a4a;--field:#9a9a9a;--note:#2a2410;--note-edge:#d9a400;--code:#1e1e1e;--error:#ff8a80;--button:#1f5fbf;--on-button:#fff}}
*{box-sizing:border-box}body{max-width:46rem;margin:0 auto;padding:0 1rem 1rem;overflow-wrap:anywhere}
a{color:var(--link)}:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
header{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;border-bottom:1px solid var(--line);padding:.25rem 0;margin-bottom:1rem}
header>a{font-weight:600;text-decoration:none;display:inline-block;padding:.75rem 0}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0}h2{font-size:1.25rem;margin-top:1.5rem}
.answer{font-size:1.15rem}p.place{margin-top:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{font-weight:600}dd{margin:0}dd small,.hint{display:block;color:var(--muted);font-size:.9rem;font-weight:400}dd>a{display:inline-block;padding:.6rem 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:normal}td.n{text-align:right;white-space:nowrap}
caption{text-align:left;color:var(--muted);font-size:.9rem;padding-bottom:.25rem}.county{display:block;color:var(--muted);font-size:.9rem}td a{display:inline-block;padding:.3rem 0}a.up{display:inline-block;padding:.6rem 0}
.note{background:var(--note);border-left:4px solid var(--note-edge);padding:.5rem 1rem}
form{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem}form label{width:100%;font-weight:600}
input{font:inherit;min-height:48px;padding:.4rem;border:2px solid var(--field);border-radius:4px;width:8rem;color:var(--fg);background:var(--bg)}#zip-main{width:min(100%,16rem)}
p.error{width:100%;margin:0;color:var(--error);font-weight:600}input[aria-invalid=true]{border:3px solid var(--error)}.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
header form{align-items:center}header form label,header button{width:auto;white-space:nowrap}header .hint{display:none}header input{flex:1 1 4rem;min-width:0;max-width:8rem}header button{padding:.4rem .75rem}
button{font:inherit;min-height:48px;min-width:48px;max-width:100%;padding:.4rem 1rem;border:2px solid var(--button);border-radius:4px;background:var(--button);color:var(--on-button);cursor:pointer}
ul.links{padding-left:1.25rem}ul.links li a,nav a{display:inline-block;min-height:48px;padding:.75rem 0}
ul.letters{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:0 .25rem}ul.letters a{min-width:44px;text-align:center}
ul.zips{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:0 1.25rem}ul.zips a{display:inline-block;min-width:48px;padding:.75rem 0}h3{font-size:1.1rem;margin:1rem 0 0}
ul.states{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:0 1rem}ul.states a{display:block;padding:.6rem 0}
pre{white-space:pre-wrap;background:var(--code);padding:.5rem}code{overflow-wrap:anywhere}
footer{margin-top:2rem;font-size:.9rem;color:var(--muted);border-top:1px solid var(--line)}footer nav{display:flex;flex-wrap:wrap;column-gap:1.5rem}
summary{min-height:48px;padding:.75rem 0;cursor:pointer;color:var(--link)}a.type{display:inline-block;min-width:24px;line-height:24px}
@media (max-width:22.5rem){.answer{font-size:1.05rem}}
header .find{display:none}@media (max-width:15em){header{font-size:.875rem;column-gap:.75rem}header>a{padding:.5rem 0}header form{display:none}header .find{display:inline-block;padding:.5rem 0;min-height:24px}}
@media (max-width:40rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}
table,caption,thead,tbody,tr,th,td{display:block}thead tr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border-bottom:1px solid var(--line);padding:.25rem 0;display:flex;flex-wrap:wrap;column-gap:1.25rem}td{border:0;padding:.1rem 0;overflow-wrap:anywhere}td:first-child{flex-basis:100%}td.n{text-align:left;white-space:normal}
td[data-label]::before{content:attr(data-label) ": ";content:attr(data-label) ": " / "";font-weight:600}}
@media print{:root{color-scheme:light;--fg:#000;--bg:#fff;--link:#0645ad;--muted:#333;--line:#999;--note:#fff;--note-edge:#000;--code:#fff}header form,form,#here,footer nav,ul.letters,a.up{display:none}a[rel=external]::after{content:" (" attr(href) ")"}.map{max-height:10cm}}`;

// On phones a table cell shows its column's name before it (the table is a list of cards); the
// empty alternative text keeps screen readers, which announce the column header, from saying it
// twice (a browser without that syntax keeps the first declaration). Printed, the page keeps the
// answer, the facts and the lists, not the forms, and writes each district website's address.

/**
 * The Content-Security-Policy of the pages: nothing but this stylesheet and
 * same-origin forms. `connect-src 'self'` lets crawlers' audits (Lighthouse)
 * fetch /robots.txt from the page; the pages run no script but the
 * "Use my location" button's (GEO_SCRIPT, allowed by its hash).
 */
export const PAGE_CSP = `default-src 'none'; style-src ${cspHash(CSS)} ${cspHash(GEO_CSS)}; script-src ${cspHash(GEO_SCRIPT)}; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** Headers of every HTML page besides the common ones. */
export const PAGE_HEADERS: [string, string][] = [
  ["Content-Security-Policy", PAGE_CSP],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

export const CAVEAT =
  "The ZIP-to-district assignment is a geographic approximation: ZIP codes and district boundaries do not align exactly, and a ZIP code can be split across several districts. Verify enrollment eligibility with the district itself.";

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

/** Facts every page shows or needs. */
export interface SiteFacts {
  updated: string;
  records: number;
  /** The public base URL, for canonical links. */
  baseUrl: string;
}

/** The parts of a page. */
export interface PageParts {
  title: string;
  description: string;
  /** Path of the canonical URL, or null for pages that must not be indexed (errors). */
  canonical: string | null;
  main: string;
  head?: string;
  /** The header's search box (off on the home page, whose main form is the search). */
  search?: boolean;
}

/**
 * A whole page: head (title, description, canonical link, stylesheet), the header's search
 * box, main and footer.
 *
 * @example
 * layout({ title: "ZIP code 90210", description: "...", canonical: "/zip/90210", main: "<h1>...</h1>" }, facts)
 */
export function layout(p: PageParts, facts: SiteFacts): string {
  const canonical = p.canonical === null ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${e(facts.baseUrl + p.canonical)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(p.title)}</title><meta name="description" content="${e(p.description)}">${canonical}
<meta property="og:type" content="website"><meta property="og:site_name" content="School districts by ZIP"><meta property="og:title" content="${e(p.title)}"><meta property="og:description" content="${e(p.description)}">${p.canonical === null ? "" : `<meta property="og:url" content="${e(facts.baseUrl + p.canonical)}">`}
<link rel="icon" href="data:,"><style>${CSS}</style><style>${GEO_CSS}</style>${p.head ?? ""}</head>
<body><header><a href="/">School districts by ZIP</a>${p.search === false ? "" : `${searchForm("top")}<a class="find" href="/#zip-main">Search</a>`}</header>
<main>${p.main}</main>
<footer>${footer(facts)}</footer></body></html>
`;
}

/**
 * The search form: a GET to /zip (works without JavaScript) for a ZIP code or a town's name
 * ("Springfield, IL"), so a text keyboard on phones (a numeric one has no letters, and iOS's
 * no dash for a ZIP+4), an example under the label. No pattern, maxlength or `required`: the
 * browser would refuse a pasted " 10025" (cut to " 1002") or "9OO11", or an empty box, with its
 * own generic bubble, where the server trims, takes a ZIP+4's 5 digits, names the ZIP meant or
 * says what to type. In the header the label, box and button share one row and the example is
 * read out only (aria-describedby), so that a page's answer starts higher on a phone. With an
 * `error` (the search page of a text that is neither), the message sits above the box, which
 * is marked invalid and described by it (the GOV.UK error message pattern).
 *
 * @example
 * searchForm("main", "asdf", "“asdf” is not a ZIP code or a town's name: type 5 digits, or a town and its state.")
 */
function searchForm(id: string, value = "", error?: string): string {
  const label = id === "top" ? "ZIP or town" : "ZIP code or town";
  const message = error === undefined ? "" : `<p class="error" id="zip-${id}-error"><span class="vh">Error: </span>${error}</p>`;
  const describedBy = error === undefined ? `zip-${id}-hint` : `zip-${id}-hint zip-${id}-error`;
  return `<form action="/zip" method="get" role="search" aria-label="Search"><label for="zip-${id}">${label} <span class="hint" id="zip-${id}-hint">5 digits, such as 90210, or a town and state, such as Springfield, IL</span></label>${message}
<input id="zip-${id}" name="zip" type="text" autocomplete="postal-code" autocapitalize="words" spellcheck="false" enterkeyhint="search" aria-describedby="${describedBy}"${error === undefined ? "" : ' aria-invalid="true"'} value="${e(value)}">
<button type="submit">Look up</button></form>`;
}

function footer(facts: SiteFacts): string {
  return `<nav aria-label="About this site"><a href="/about">How these numbers are made</a> <a href="/docs">API documentation</a> <a href="/">Home</a></nav>
<p>Data: National Center for Education Statistics (NCES) Common Core of Data and EDGE, with Census, GeoNames and SEDA (<a href="/about#sources">all sources</a>), under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. Data built ${e(facts.updated)}.</p>`;
}

/**
 * The link of a district named on a page: its page on this service.
 *
 * @example
 * districtHref("0622710") // "/district/0622710"
 */
export function districtHref(leaid: string): string {
  return `/district/${encodeURIComponent(leaid)}`;
}

/**
 * What the Grades fact's hint says; a span to "13th" says what that is (NCES grade 13, a year
 * after 12th grade some districts offer: 989 ZIP pages read "Pre-Kindergarten – 13th").
 *
 * @example
 * gradesHint("Kindergarten – 13th") // "The grades the district teaches, from the NCES district directory. 13th: …"
 */
export function gradesHint(gradeSpan: string): string {
  return /13th$/.test(gradeSpan) ? `${EXPLAIN.grades} 13th: a year after 12th grade that some of its schools offer (NCES grade 13).` : EXPLAIN.grades;
}

/**
 * A phone number as a tel: link (digits of a US number, +1), or the text as is.
 *
 * @example
 * phoneLink("(406) 281-5000") // '<a href="tel:+14062815000">(406) 281-5000</a>'
 */
export function phoneLink(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `<a href="tel:+1${digits}">${e(phone)}</a>` : e(phone);
}

/**
 * What the phone's hint says: whom to call to confirm the school, or, where the NCES directory
 * lists no phone (military-base districts, Maine's unorganized territories), whom to ask instead.
 *
 * @example
 * phoneHint("", "Call the district …") // "The NCES directory lists no phone for this district: ask the state's department of education which school serves your address."
 */
export function phoneHint(phone: string, confirm: string): string {
  return phone === "" ? "The NCES directory lists no phone for this district: ask the state's department of education which school serves your address." : confirm;
}

/**
 * A website as a link showing only its host (long URLs do not widen the page).
 *
 * @example
 * websiteLink("http://www.bhusd.org/home") // '<a href="http://www.bhusd.org/home" rel="external">www.bhusd.org</a>'
 */
export function websiteLink(url: string): string {
  if (!/^https?:\/\//i.test(url)) return e(url);
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    return e(url);
  }
  return `<a href="${e(url)}" rel="external">${e(host)}</a>`;
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
  return layout(
    {
      title: "Which school district is this ZIP code in? US public school districts by ZIP",
      description: `Type a ZIP code to see the public school district that serves it, how sure that is, and the district's phone, website, rating and spending: ${count} US ZIP codes, free and open data.`,
      canonical: "/",
      search: false,
      main: `<h1>Which public school district serves a ZIP code?</h1>
<p>Type a US ZIP code, or the name of a town, to see its school district: ${count} ZIP codes in the 50 states, DC, Puerto Rico, the US Virgin Islands, Guam, American Samoa and the Northern Mariana Islands.</p>
${searchForm("main")}
${locationForm("", "", true)}
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
<li>One state: <a href="/state/CA.json">/state/CA.json</a>; the <a href="/index.json">index of every ZIP code</a></li>
<li>One district: <a href="/district/0604830.json">/district/0604830.json</a>; a state's districts: <a href="/state/CA/districts.json">/state/CA/districts.json</a>; every district: <a href="/bulk/districts.csv">districts.csv</a></li>
<li>Everything at once: <a href="/bulk/all-districts.json">all-districts.json</a> or <a href="/bulk/all-districts.csv">all-districts.csv</a></li>
<li>Every ZIP code's districts, with their NCES ids (LEAID) and shares, to join with other data: <a href="/bulk/zip-districts.csv">zip-districts.csv</a></li>
</ul>`,
    },
    facts,
  );
}

/** One fact of the district with its explanation under it; "" shows as "Not reported". */
export function fact(label: string, value: string, why: string): string {
  return `<dt>${label}</dt><dd>${value === "" ? "Not reported" : value}<small>${why}</small></dd>`;
}

/**
 * The plain-words text of answer.ts in HTML: the "<" and ">" of "< 1 %" and "> 99 %" escaped,
 * and each share kept on one line with its "%" (a phone's narrow line broke "(98" from "%").
 *
 * @example
 * shareHtml("(< 1 % of residents)") // "(&lt;&nbsp;1&nbsp;% of residents)"
 */
export function shareHtml(text: string): string {
  // Only at the start, after "(" or a space, before a digit: where percent() puts them, never a tag's brackets.
  return text.replace(/(^|[(\s])([<>]) ([0-9])/g, (_, before: string, c: string, digit: string) => `${before}${c === "<" ? "&lt;" : "&gt;"}&nbsp;${digit}`).replace(/([0-9]) %/g, "$1&nbsp;%");
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
        `<tr><td data-label="District">${link(d)}</td><td data-label="Grades">${e(d.grade_span) || "Not reported"}</td><td data-label="Boundary for">${LEVEL_WORDS[d.level]}</td><td class="n" data-label="Share">${shareHtml(percent(level.share(d)))}</td></tr>`,
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
  const ld = {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: r.district,
    ...(r.website ? { url: r.website } : {}),
    ...(r.phone ? { telephone: r.phone } : {}),
    areaServed: { "@type": "PostalAddress", postalCode: r.zip, addressLocality: r.city, addressRegion: r.state, addressCountry: "US" },
  };
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
  const rating = r.rating === null ? noRatingReason(own) : `${r.rating} of 10 (${e(r.rating_label)})`;
  const place = `${r.city ? `${r.city}, ` : ""}${r.state}`;
  // For a link's preview: the high-school district where another one serves most of those grades,
  // and the other districts covering someone (not those whose part has no residents).
  const high = highSchoolDistrict(levels);
  const labels = labelsOf(levels);
  const others = all.districts.filter((d) => !d.chosen && d !== high && (d.share_elementary > 0 || d.share_secondary > 0)).length;
  const servedBy = high ? `${r.district} (${labels.elementary.toLowerCase()}) and ${high.district} (${labels.high.toLowerCase()})` : r.district;
  // Where the answer names the district only up to a grade below the last it lists (Cottonwood-Oak
  // Creek, Pre-K to 12th, "up to 7th grade" under Mingus Union from 8th in 86326), the Grades line says why.
  const namedLast = lastGrade(r.grade_span);
  const cutHint =
    high && labels.upTo !== undefined && namedLast !== undefined && namedLast > labels.upTo
      ? ` The directory lists them for the whole district; for this ZIP code the page names it ${e(labels.elementary.toLowerCase())}, and ${e(high.district)} for ${e(labels.high.toLowerCase())}.`
      : "";
  // Most of the ZIP's people in no school district (Sun City, AZ, 85351: "School District Not
  // Defined"): the title does not call the district whose sliver it is the ZIP's, and the card says whom to ask.
  const inDistricts = all.districts.reduce((sum, d) => sum + d.share_elementary, 0);
  // (One answer for every grade: a K-12 district drawn only at the secondary level, 01224, has no elementary share.)
  const mostInNone = !high && all.districts.every((d) => d.share_elementary === d.share_secondary) && inDistricts < 0.5;
  const noneNote = mostInNone
    ? `<p class="note">Most of the residents of ${r.zip} live in no school district: the Census draws their area as “School District Not Defined” (an area that has left or never joined one). ${e(r.district)} covers a part; ask it, or the state's department of education, which school serves an address.</p>\n`
    : "";
  return layout(
    {
      title: mostInNone
        ? `ZIP code ${r.zip} (${place}): most of it in no school district; ${r.district}${elsewhere(own)} covers a part`
        : high
          ? `ZIP code ${r.zip} (${place}) school districts: ${r.district}${elsewhere(own)} and ${high.district}${elsewhere(high)}`
          : `ZIP code ${r.zip} (${place}) school district: ${r.district}${elsewhere(own)}`,
      description: `ZIP code ${r.zip} in ${place}${r.county ? `, ${r.county}` : ""} is served by ${servedBy}${others ? `; ${others} other ${others === 1 ? "district covers" : "districts cover"} part of it` : ""}: shares, phone, website, rating, students and spending per pupil.`,
      canonical: `/zip/${r.zip}`,
      main: `<h1>ZIP code ${r.zip}</h1>
<p class="place">${e(r.city)}${r.city ? ", " : ""}${e(r.county ? `${r.county}, ` : "")}${r.state}</p>
${sentences.map((s) => `<p class="answer">${s}</p>`).join("\n")}
${postOfficeNote(r.zip, all.zcta, own, zctaChosen, link)}${askNotes(levels)}${noneNote}<h2 id="district">${high ? `${e(labels.elementary)}: ` : ""}${own ? `<a href="${e(districtHref(own.leaid))}">${e(r.district)}</a>${e(elsewhere(own))}` : e(r.district)}</h2>
<dl>
${fact("Phone", phoneLink(r.phone), phoneHint(r.phone, "Call the district to confirm which school serves your address."))}
${fact("Website", websiteLink(r.website), "The district's own website, from the NCES district directory.")}
${fact("Rating", rating, `${EXPLAIN.rating} <a href="/about#rating">How the rating is computed</a>.`)}
${fact("Students", e(r.students), EXPLAIN.students)}
${fact("Schools", e(r.schools), EXPLAIN.schools)}
${fact("Spending per pupil", e(r.per_pupil), EXPLAIN.perPupil)}
${fact("Grades", e(r.grade_span), `${gradesHint(r.grade_span)}${cutHint}`)}
</dl>
${aboutFigures(own)}
${high ? highSchoolContact(high, labels.high, contact(high.leaid), elsewhere(high), r) : ""}<p class="note">${CAVEAT}</p>
${map}<h2>Every district in ${r.zip}</h2>
<p>How much of the ZIP code each district covers, per grade level. <a href="/about#choice">How shares and the main district are chosen</a>.</p>
${levels.map((l) => levelTable(r.zip, l, link, labels)).join("\n")}
<p>Data built ${e(r.updated)}. As JSON: <a href="/zip/${r.zip}.json">the record of ${r.zip}</a>, <a href="/zip/${r.zip}/districts.json">every district of ${r.zip}</a>.</p>`,
      head: `<script type="application/ld+json">${scriptJson(ld)}</script><script type="application/json" id="record">${scriptJson(r)}</script>`,
    },
    facts,
  );
}

/** How to reach a district: what a ZIP page shows of a high-school district besides the record's, and its state. */
export interface DistrictContact {
  phone: string;
  website: string;
  grade_span: string;
  /** its state's code, and the name a page gives it ("South Dakota") */
  state: string;
  state_name: string;
}

/**
 * On a split-level ZIP's page, the phone and website of the district serving most of its
 * high-school grades, after the record's district's facts: a parent calls both ("" where
 * one district serves every grade, or its contact is not known).
 */
function highSchoolContact(high: DistrictOverlap, label: string, contact: DistrictContact | undefined, elsewhere: string, own: { district: string; phone: string }): string {
  if (contact === undefined) return "";
  const which = label === "High school" ? "high school serves your address" : `school serves your address from ${label.replace(/ and up$/, "")} up`;
  // Without a phone of its own (Census pieces such as "Fairhaven/New Bedford School Districts in
  // Acushnet (9-12)"), the district named above, whose phone the page shows, is the one to ask.
  const hint =
    contact.phone === "" && own.phone !== ""
      ? `The NCES directory lists no phone for this district: ask ${e(own.district)}, above, which ${which}.`
      : phoneHint(contact.phone, `Call it to confirm which ${which}.`);
  return `<h2 id="high-school">${e(label)}: <a href="${e(districtHref(high.leaid))}">${e(high.district)}</a>${e(elsewhere)}</h2>
<dl>
${fact("Phone", phoneLink(contact.phone), hint)}
${fact("Website", websiteLink(contact.website), "The district's own website, from the NCES district directory.")}
${fact("Grades", e(contact.grade_span), gradesHint(contact.grade_span))}
</dl>
`;
}

/** Under the answer: the `closed`, `not-listed` or `no-schools` note of each district it names first, once each ("" for none). */
function askNotes(levels: readonly GradeLevel[]): string {
  const picks = [...new Set(levels.map((l) => l.pick).filter((d) => d !== undefined))];
  return picks.map((d) => askNote(d)).filter((t) => t !== "").map((t) => `<p class="answer">${t}</p>\n`).join("");
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

const REASONS = { 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 412: "Precondition Failed" } as const;

/** Escapes text and links the service's concrete example paths in it. */
function linked(text: string): string {
  return e(text).replace(/(^|\s)(\/(?:docs|index\.json|zip\/[0-9]{5}\.json|state\/[A-Z]{2}\.json))(?=[\s.,)]|$)/g, '$1<a href="$2">$2</a>');
}

/**
 * The page of a problem type, `/problems/<kind>`: what a problem's `type` URI
 * resolves to. Title, status, when it happens, what to do and an example body,
 * all from problems.ts.
 *
 * @example
 * problemPage("zip-not-found", facts) // "<!doctype html>...<h1>ZIP code not found</h1>..."
 */
export function problemPage(kind: ProblemKind, facts: SiteFacts): string {
  const doc = problemDoc(kind);
  const { method, path, detail } = doc.example;
  const example = JSON.stringify(problem(facts.baseUrl, kind, detail, path), null, 2);
  return layout(
    {
      title: `${doc.title} (HTTP ${doc.status}): problem type of the school districts API`,
      description: `What the "${doc.title}" error (HTTP ${doc.status}) of the school districts by ZIP code API means, when it happens and what to do.`,
      canonical: `/problems/${kind}`,
      main: `<h1>${e(doc.title)}</h1>
<dl>
<dt>HTTP status</dt><dd>${doc.status} ${REASONS[doc.status]}</dd>
<dt>Problem type</dt><dd><code>${e(`${facts.baseUrl}/problems/${kind}`)}</code></dd>
</dl>
<h2>When it happens</h2>
<p>${linked(doc.when)}</p>
<h2>What to do</h2>
<p>${linked(doc.todo)}</p>
<h2>Example</h2>
<p>The response to <code>${e(`${method} ${path}`)}</code>, an <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem details object (<code>application/problem+json</code>). Its <code>type</code> is the address of this page; its <code>detail</code> says what was wrong with that request.</p>
<pre><code>${e(example)}</code></pre>`,
    },
    facts,
  );
}

/** A USPS ZIP code with no record: a PO-box or single-building ZIP (data/postal.csv). */
export interface PostalZip {
  zip: string;
  city: string;
  state: string;
  /** The USPS type, e.g. "Post Office or large volume customer". */
  type: string;
  /** The ZIP area (ZCTA) the post office or building lies in, per UDS Mapper; "" if none. */
  zcta: string;
}

/** What a person reads on an error page, per kind: the problem's detail is for programs. */
const PLAIN: Record<ProblemKind, string> = {
  "invalid-zip": "A ZIP code has exactly 5 digits, like 90210 or 02108 (keep the leading zero; leave out the 4 digits after a dash).",
  "invalid-state": "A state is written as two capital letters, like CA.",
  "zip-not-found": "This service has no record for that ZIP code. Check the digits, or try the ZIP code of the street address.",
  "state-not-found": "That is not one of the 50 states, DC or the five territories this service covers.",
  "invalid-leaid": "A school district id (NCES LEAID) has exactly 7 digits, like 0604830 (keep the leading zero).",
  "district-not-found": "This service has no district with that id. Open the district from its ZIP code's page, or from its state's list.",
  "not-found": "There is no page at this address. Look up a ZIP code instead, or start from the home page.",
  "method-not-allowed": "This site can only be read, not changed.",
  "invalid-location": "A place is given as a latitude from -90 to 90 and a longitude from -180 to 180, in decimal degrees, like lat 45.7833 and lon -108.5007 (west longitudes are negative).",
  "location-not-found": "No school district boundary holds this place: it may be in open water, outside the United States, or in a territory without boundaries. Look up the ZIP code instead.",
  "precondition-failed": "The copy of this page your browser or program holds is not the one served now. Load the page again.",
};

/** What an error page knows beyond the problem: what was typed, the page meant, a PO-box ZIP's facts. */
export interface ErrorPageExtra {
  /** What was typed, for the search box. */
  typed?: string;
  /** The page most likely meant (`/state/CA` for `/state/ca`, `/zip/90210` for `/zip/90210/`: near-path.ts). */
  meant?: string;
  /** A USPS ZIP code with no record, and the ZIP codes of its city that have one. */
  postal?: PostalZip;
  cityZips?: string[];
}

/**
 * What a person reads under an error page's explanation: what was typed that is not a ZIP
 * code, the page meant, or the list of states for a state or district not found. Not the problem's detail, which points programs at JSON paths
 * (/index.json, /bulk/districts.csv, /docs) of no use to a person.
 */
function nextStep(kind: ProblemKind, typed: string | undefined, meant: string | undefined): string {
  // An unknown address names the whole address meant (/zip/90210 for /zip/90210/); a bad ZIP or state, the ZIP or state.
  const didYouMean = meant === undefined ? "" : `Did you mean <a href="${e(meant)}">${e(kind === "not-found" ? meant : meant.slice(meant.lastIndexOf("/") + 1))}</a>?`;
  if (kind === "invalid-zip" && typed !== undefined && isCanadianPostcode(typed))
    return `<p>“${e(shortened(typed))}” looks like a Canadian postal code: this service covers the public school districts of the United States only.</p>`;
  // A town's name was likely meant where letters other than O, l and I (typed for 0 and 1) are in it.
  if (kind === "invalid-zip" && typed !== undefined && /\p{L}/u.test(typed.replace(/[OolI]/g, "")) && !didYouMean)
    return `<p>“${e(shortened(typed))}” is not a ZIP code, and no town with a ZIP code is written that way. Type the ZIP code of the home's street address, or the town and its state, such as Springfield, IL.</p>`;
  if (kind === "invalid-zip") return `<p>${typed ? `“${e(shortened(typed))}” is not a ZIP code.` : "No ZIP code was typed."}${didYouMean ? ` ${didYouMean}` : ""}</p>`;
  if (didYouMean) return `<p>${didYouMean}</p>`;
  if (kind === "invalid-state" || kind === "state-not-found") return `<p>The states and territories covered are listed on the <a href="/#states">home page</a>.</p>`;
  if (kind === "invalid-leaid" || kind === "district-not-found") return `<p>Every district is listed on its state's page: pick the state on the <a href="/#states">home page</a>.</p>`;
  return "";
}

/**
 * The search box's own error message on the page of a text that is neither a ZIP code nor a
 * town (HTML): short, what to type instead.
 *
 * @example
 * fieldError("asdf") // "“asdf” is not a ZIP code or a town's name: type 5 digits, or a town and its state."
 */
function fieldError(typed: string, meant?: string): string {
  if (typed.trim() === "") return "Type a ZIP code (5 digits) or a town and its state.";
  if (isCanadianPostcode(typed)) return `“${e(shortened(typed))}” is a Canadian postal code: this service covers the United States only.`;
  if (meant !== undefined) return `“${e(shortened(typed))}” is not a ZIP code: did you mean ${e(meant.slice(meant.lastIndexOf("/") + 1))}?`;
  return `“${e(shortened(typed))}” is not a ZIP code or a town's name: type 5 digits, or a town and its state.`;
}

/**
 * A town typed into the ZIP box: each city of that name, then per district its ZIP codes'
 * records name (one sentence where they all name the same one: Boston's 36 but two), the
 * district linked and its ZIP codes as a wrapped grid of links, the district with the most first.
 *
 * @example
 * cityMatchesHtml("Boston", [{ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston School District", leaid: "2502790" }] }])
 * // '<p class="answer">“Boston” is a town, not a ZIP code. …'
 */
export function cityMatchesHtml(typed: string, cities: readonly CityMatch[]): string {
  const shown = cities.slice(0, MAX_CITY_MATCHES);
  const which =
    cities.length === 1
      ? "Its ZIP codes are below"
      : cities.length > shown.length
        ? `${cities.length} towns have that name; the ${shown.length} with the most ZIP codes are below (add the state, as in “${e(cities[shown.length]!.city)}, ${cities[shown.length]!.state}”, to find another)`
        : `${cities.length} towns have that name; their ZIP codes are below`;
  const intro = cities.every((c) => c.close)
    ? `<p class="answer">“${e(shortened(typed))}” is not a ZIP code, and no town is written that way. ${cities.length === 1 ? "A town with a close name is" : "Towns with a close name are"} below: open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : `<p class="answer">“${e(shortened(typed))}” is a town, not a ZIP code. ${which}: open your ZIP code for its school district's phone and the other districts it covers.</p>`;
  const groups = shown.map((c) => {
    const place = `${c.city}, ${c.state}`;
    const byDistrict = new Map<string, { district: string; leaid: string; zips: string[] }>();
    for (const z of c.zips) {
      const key = `${z.leaid ?? ""}\t${z.district}`;
      const group = byDistrict.get(key) ?? byDistrict.set(key, { district: z.district, leaid: z.leaid ?? "", zips: [] }).get(key)!;
      group.zips.push(z.zip);
    }
    const districts = [...byDistrict.values()].sort((a, b) => b.zips.length - a.zips.length);
    const n = c.zips.length;
    const named = (d: { district: string; leaid: string }) => (d.leaid === "" ? e(d.district) : `<a href="${districtHref(d.leaid)}">${e(d.district)}</a>`);
    const count = (k: number) => `${k} ZIP code${k === 1 ? "" : "s"}`;
    const summary =
      districts.length === 1
        ? `<p>${n === 1 ? "Its ZIP code's record names" : `All ${n} of its ZIP codes' records name`} ${named(districts[0]!)}.</p>`
        : `<p>Its ${n} ZIP codes' records name ${districts.length} districts: ${districts.map((d) => `${e(d.district)} (${count(d.zips.length)})`).join(", ")}.</p>`;
    const grid = (zips: string[]) => `<ul class="zips">${zips.map((z) => `<li><a href="/zip/${z}">${z}</a></li>`).join("")}</ul>`;
    const lists =
      districts.length === 1
        ? grid(districts[0]!.zips)
        : districts.map((d) => `<h3>${named(d)}</h3>\n${grid(d.zips)}`).join("\n");
    return `<h2>${e(place)}</h2>
${summary}
${lists}`;
  });
  return `${intro}
${groups.join("\n")}`;
}

/**
 * The page of a town typed into the ZIP box (200: an answer, cached like the other pages):
 * its ZIP codes, grouped by the district their records name, and the search box.
 *
 * @example
 * townPage("Boston", search("Boston"), facts) // "<!doctype html>…<h1>ZIP codes of Boston, MA</h1>…"
 */
export function townPage(typed: string, towns: readonly CityMatch[], facts: SiteFacts): string {
  const title = `ZIP codes of ${towns.length === 1 ? `${towns[0]!.city}, ${towns[0]!.state}` : `the towns named “${shortened(typed)}”`}`;
  return layout(
    {
      title,
      description: `${title}, each with the public school district its record names.`,
      canonical: null,
      search: false,
      main: `<h1>${e(title)}</h1>
${cityMatchesHtml(typed, towns)}
<h2>Look up a ZIP code or a town</h2>
${searchForm("main", typed)}
<p><a href="/">Home page</a></p>`,
    },
    facts,
  );
}

/**
 * The HTML page a browser gets instead of a problem+json body: the title, what
 * went wrong in plain words, where to go next, a search box (pre-filled with
 * what was typed) and a link home. For a PO-box or single-building ZIP, it says
 * what the ZIP is and links the ZIP pages of its city.
 *
 * @example
 * errorPage(problem(base, "invalid-zip", detail, "/zip/9021"), "invalid-zip", facts, { typed: "9021" })
 */
export function errorPage(p: Problem, kind: ProblemKind, facts: SiteFacts, extra: ErrorPageExtra = {}): string {
  const { postal, cityZips = [] } = extra;
  // UDS Mapper types: "Post Office or large volume customer", else a ZIP area the census draws no ZCTA for.
  const postOffice = postal !== undefined && /^post office/i.test(postal.type);
  const military = postal !== undefined && isMilitaryMail(postal);
  const title = postal
    ? postOffice
      ? `ZIP code ${postal.zip} is a post-office or single-address ZIP code`
      : military
        ? `ZIP code ${postal.zip} is a military mail ZIP code`
        : `ZIP code ${postal.zip} has no school district record`
    : kind === "zip-not-found" && extra.typed
      ? `ZIP code ${shortened(extra.typed)} not found`
      : p.title;
  let body: string;
  if (postal && military) {
    // APO/FPO/DPO (AA, AE, AP): mail for the forces abroad, no area, no district; no "ZIP codes of APO, AE".
    body = `<p class="answer">${postal.zip} (${e(`${postal.city} ${postal.state}`)}) is a military mail ZIP code: it carries mail to members of the U.S. forces and their families abroad, and has no area and no public school district. A school district serves the address where a child lives: for a home in the United States, look up the ZIP code of its street address.</p>
<p>USPS type: ${e(postal.type)}.</p>`;
  } else if (postal) {
    const place = `${postal.city}, ${postal.state}`;
    const links = cityZips.map((z) => `<li><a href="/zip/${z}">${z}</a></li>`).join("");
    body = postOffice
      ? `<p class="answer">${postal.zip} is a real ZIP code in ${e(place)}, but it belongs to a post office (PO boxes) or one large mail customer, not to an area where people live. A school district serves the address where a child lives, so look up the ZIP code of the home's street address.</p>`
      : `<p class="answer">${postal.zip} is a real ZIP code in ${e(place)}, but the Census Bureau draws no ZIP area for it, so this service cannot tell which school district serves it. Try a neighbouring ZIP code of ${e(place)} below, or ask the school district of the town.</p>`;
    body += `
<p>USPS type: ${e(postal.type)}.${postal.zcta && postal.zcta !== postal.zip ? ` ${postOffice ? "The post office or building lies" : "It lies"} in ZIP area <a href="/zip/${e(postal.zcta)}">${e(postal.zcta)}</a> (UDS Mapper ZIP-to-ZCTA crosswalk, 2020).` : ""}</p>
${links ? `<h2>ZIP codes of ${e(place)} with a page</h2><ul class="links">${links}</ul>` : `<p>No other ZIP code of ${e(place)} has a record.</p>`}`;
  } else {
    body = `<p class="answer">${e(PLAIN[kind])}</p>
${nextStep(kind, extra.typed, extra.meant)}`;
  }
  return layout(
    {
      title: `${title} (error ${p.status})`,
      // A USPS ZIP code is real: not "check the digits" but what it is and what to look up instead.
      description: `${title}. ${
        postal === undefined
          ? PLAIN[kind]
          : military
            ? "It carries mail to the U.S. forces abroad and has no area and no public school district: look up the ZIP code of the home's street address."
            : postOffice
              ? "It belongs to a post office or one large mail customer, not to an area where people live: look up the ZIP code of the home's street address."
              : `The Census Bureau draws no ZIP area for it: try a neighbouring ZIP code of ${postal.city}, ${postal.state}.`
      }`,
      canonical: null,
      search: false,
      main: `<h1>${e(title)}</h1>
${body}
<h2>Look up a ZIP code or a town</h2>
${searchForm("main", extra.typed ?? "", kind === "invalid-zip" && postal === undefined ? fieldError(extra.typed ?? "", extra.meant) : undefined)}
<p><a href="/">Home page</a> · <a href="/problems/${kind}">For developers: this error in the API (HTTP ${p.status})</a></p>`,
    },
    facts,
  );
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
export function boundariesSection(b: BoundariesFacts | undefined): string {
  const head = `<h2 id="boundaries">Districts by location: what the boundaries are</h2>`;
  if (b === undefined) return `${head}\n<p>This dataset has no district boundaries, so it answers by ZIP code only.</p>`;
  return `${head}
<p>The <a href="/location">location page</a> and <code>/location.json</code> name the districts whose boundaries hold a point. The boundaries are the ${e(b.source)}: vintage ${e(b.vintage)}, drawn at a scale of ${e(b.scale)} and simplified for this service.</p>
<p>They are approximate at the edges: tens of metres from the ${e(b.scale)} drawing, more where the simplification cut a corner. The answer is right for a point in a neighbourhood, not for a house on a border line, and districts that changed since the vintage may have moved a border. <strong>Enrollment is decided by the district</strong>: near a border, or to learn which school a home is zoned for, ask the district.</p>
<p>What is not drawn: Puerto Rico and the other territories (there is no boundary file for them: look them up by ZIP code); land the Census marks as in no school district; and a few boundaries of the vintage that match no district of today, so a point there gets no district of that level. Districts merged or renamed since then are drawn as their successor, closed ones as the neighbour that took them over. The dataset's BOUNDARIES.md lists every one of these joins and every boundary left out.</p>`;
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
${boundariesSection(boundaries)}
<h2 id="numbers">What each number means</h2>
<dl>
<dt>Rating</dt><dd>${EXPLAIN.rating}</dd>
<dt>Students</dt><dd>${EXPLAIN.students}</dd>
<dt>Schools</dt><dd>${EXPLAIN.schools}</dd>
<dt>Spending per pupil</dt><dd>${EXPLAIN.perPupil}</dd>
<dt>Grades</dt><dd>${EXPLAIN.grades}</dd>
<dt>Data built</dt><dd>${e(facts.updated)}: the day this dataset was compiled from its sources.</dd>
</dl>
<section id="rating" aria-label="The rating method">${ratingHtml}</section>
<section id="sources" aria-label="Sources">${sourcesHtml}</section>`,
    },
    facts,
  );
}

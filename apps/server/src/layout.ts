/**
 * What every HTML page shares: the stylesheet (light and dark), the Content-Security-Policy
 * and headers of the pages, the layout (head, header with its search box, main, footer), and
 * the small pieces the ZIP, district, location and error pages all write (a fact with its
 * hint, a phone or website link, a district's link).
 */
import { cspHash, escapeHtml as e } from "./html.ts";
import { GEO_CSS, GEO_SCRIPT } from "./location-form.ts";

const CSS = `:root{--fg:#1a1a1a;--bg:#fff;--link:#0645ad;--muted:#444;--line:#ccc;--field:#555;--note:#fff8e1;--note-edge:#8a6300;--code:#f4f4f4;--error:#b00020;--button:#0645ad;--on-button:#fff;color-scheme:light dark;font:100%/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#121212;--link:#8ab4f8;--muted:#b4b4b4;--line:#4a4a4a;--field:#9a9a9a;--note:#2a2410;--note-edge:#d9a400;--code:#1e1e1e;--error:#ff8a80;--button:#1f5fbf;--on-button:#fff}}
@media screen and (prefers-color-scheme:dark){.map .m-bg{fill:#1e1e1e}.map .m-primary{fill:#1f3a5f;stroke:#8ab4f8}.map .m-other{fill:#383838;stroke:#b4b4b4}.map .m-secondary{stroke:#e0a060}.map .m-zip{stroke:#f0f0f0}}
*{box-sizing:border-box}.skip{position:absolute;left:-100vw}.skip:focus{position:static;display:inline-block;margin:.5rem 0}main:focus{outline:none}body{max-width:46rem;margin:0 auto;padding:0 1rem 1rem;overflow-wrap:anywhere;hyphens:auto}
a{color:var(--link)}:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
header{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;border-bottom:1px solid var(--line);padding:.25rem 0;margin-bottom:1rem}
header>a{font-weight:600;text-decoration:none;display:inline-block;padding:.75rem 0}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0}h2{font-size:1.25rem;margin-top:1.5rem}
.answer{font-size:1.15rem}p.place{margin-top:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{font-weight:600}dd{margin:0}dd small,.hint{display:block;color:var(--muted);font-size:.9rem;font-weight:400}dd>a{display:inline-block;padding:.6rem 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:normal}tbody th{font-weight:inherit}td.n{text-align:right;white-space:nowrap}
caption{text-align:left;color:var(--muted);font-size:.9rem;padding-bottom:.25rem}.county{display:block;color:var(--muted);font-size:.9rem}td a,th a{display:inline-block;padding:.3rem 0}a.up{display:inline-block;padding:.6rem 0}
.note{background:var(--note);border-left:4px solid var(--note-edge);padding:.5rem clamp(.25rem,3vw,1rem)}
form{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem}form label{width:100%;font-weight:600}
input{font:inherit;min-height:48px;padding:.4rem;border:2px solid var(--field);border-radius:4px;width:8rem;color:var(--fg);background:var(--bg)}#zip-main{width:min(100%,16rem)}
p.error{width:100%;margin:0;color:var(--error);font-weight:600}input[aria-invalid=true]{border:3px solid var(--error)}.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
header form{align-items:center}header form label,header button{width:auto;white-space:nowrap}header .hint{display:none}header input{flex:1 1 4rem;min-width:0;max-width:8rem}header button{padding:.4rem .75rem}
button{font:inherit;min-height:48px;min-width:48px;max-width:100%;padding:.4rem 1rem;border:2px solid var(--button);border-radius:4px;background:var(--button);color:var(--on-button);cursor:pointer}
ul.links{padding-left:1.25rem}ul.links li a,nav a{display:inline-block;min-height:48px;padding:.75rem 0}
ul.letters{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:0 .25rem}ul.letters a{min-width:44px;text-align:center}
ul.zips{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:0 1.25rem}ul.zips a{display:inline-block;min-width:48px;padding:.75rem 0}ul.zips .part{color:var(--muted)}h3{font-size:1.1rem;margin:1rem 0 0}
ul.states{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:0 1rem}ul.states a{display:block;padding:.6rem 0}
pre{white-space:pre-wrap;background:var(--code);padding:.5rem}code{overflow-wrap:anywhere}
footer{margin-top:2rem;font-size:.9rem;color:var(--muted);border-top:1px solid var(--line)}footer nav{display:flex;flex-wrap:wrap;column-gap:1.5rem}
summary{min-height:48px;padding:.75rem 0;cursor:pointer;color:var(--link)}a.type{display:inline-block;min-width:24px;line-height:24px}
@media (max-width:22.5rem){.answer{font-size:1.05rem}}
header .find{display:none}@media (max-width:15em){body{padding:0 .5rem 1rem}header{font-size:.75rem;column-gap:.5rem;flex-wrap:nowrap;margin-bottom:.5rem}header>a{flex:0 1 auto;padding:.25rem 0}header form{display:none}header .find{display:inline-block;flex:none;padding:.25rem 0;min-height:24px}h1{font-size:1.2rem}h2{font-size:1.1rem}h3{font-size:1rem}main>p:first-child{margin:0}a.up{font-size:.75rem;padding:.25rem 0}}
@media (max-width:40rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}
table,caption,thead,tbody,tr,th,td{display:block}thead tr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border-bottom:1px solid var(--line);padding:.25rem 0;display:flex;flex-wrap:wrap;column-gap:1.25rem}td,tbody th{border:0;padding:.1rem 0;overflow-wrap:anywhere}tr>:first-child{flex-basis:100%}td.n{text-align:left;white-space:normal}
td[data-label]::before,th[data-label]::before{content:attr(data-label) ": ";content:attr(data-label) ": " / "";font-weight:600}}
@media print{:root{color-scheme:light;--fg:#000;--bg:#fff;--link:#0645ad;--muted:#333;--line:#999;--note:#fff;--note-edge:#000;--code:#fff}header form,form,#here,footer nav,ul.letters,a.up{display:none}a[rel=external]::after{content:" (" attr(href) ")"}.map{max-height:10cm}}`;

// On phones a table cell shows its column's name before it (the table is a list of cards); the
// empty alternative text keeps screen readers, which announce the column header, from saying it
// twice (a browser without that syntax keeps the first declaration). Below 15 em (a phone with
// its text at 200 %: 320 px is 10 em at 32 px) the header is one row and the headings smaller, so
// the answer starts on the first screen (pages audit 40 #6: 569 px down on a ZIP page, 765 on a
// district's, of 568). Printed, the page keeps the
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

/** Facts every page shows or needs. */
export interface SiteFacts {
  updated: string;
  records: number;
  /** The public base URL, for canonical links. */
  baseUrl: string;
  /**
   * The pages are for the static export (a CDN or nginx serves files): the search box takes
   * ZIP codes only and no page offers the location lookup, which need the binary.
   */
  staticCopy?: boolean;
}

/** The parts of a page. */
interface PageParts {
  title: string;
  description: string;
  /** Path of the canonical URL, or null for pages that must not be indexed (errors). */
  canonical: string | null;
  main: string;
  head?: string;
  /** The page answers a question (a ZIP code's, a place's, a search's): its skip link says "Skip to the answer", others' "Skip to the content". */
  answer?: boolean;
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
<body><a class="skip" href="#main">Skip to the ${p.answer === true ? "answer" : "content"}</a><header><a href="/">School districts by ZIP</a>${p.search === false ? "" : `${searchForm("top", "", undefined, facts.staticCopy)}<a class="find" href="/#zip-main">Search</a>`}</header>
<main id="main" tabindex="-1">${p.main}</main>
<footer>${footer(facts)}</footer></body></html>
`;
}

/** The most characters the search box takes: an address with its unit and country is far shorter. */
export const SEARCH_MAX_LENGTH = 200;

/** The id of a page's second search box's heading, and the in-page link to it from near the top of a long answer (review of stop 42 #6). */
export const SEARCH_AGAIN_ID = "search-again";

/** The in-page link to a long page's search box, said after its lead: "Not here? Search again." */
export const SEARCH_AGAIN_LINK = `Not here? <a href="#${SEARCH_AGAIN_ID}">Search again</a>.`;

/**
 * The search form: a GET to /zip (works without JavaScript) for a ZIP code or a town's name
 * ("Springfield, IL"), so a text keyboard on phones (a numeric one has no letters, and iOS's
 * no dash for a ZIP+4), an example under the label. No pattern, short maxlength or `required`:
 * the browser would refuse a pasted " 10025" (cut to " 1002") or "9OO11", or an empty box, with
 * its own generic bubble, where the server trims, takes a ZIP+4's 5 digits, names the ZIP meant
 * or says what to type. A long maxlength only (SEARCH_MAX_LENGTH: a whole e-mail pasted made a
 * URL the server refuses with an empty 431, which a browser shows as its own error page). In the header the label, box and button share one row and the example is
 * read out only (aria-describedby), so that a page's answer starts higher on a phone. With an
 * `error` (the search page of a text that is neither), the message sits above the box, which
 * is marked invalid and described by it (the GOV.UK error message pattern). `zipOnly`: the
 * static export's box, for ZIP codes only (a static host cannot search towns).
 *
 * @example
 * searchForm("main", "asdf", "“asdf” is not a ZIP code or a town's name: type 5 digits, or a town and its state.")
 */
export function searchForm(id: string, value = "", error?: string, zipOnly = false): string {
  const label = zipOnly ? "ZIP code" : id === "top" ? "ZIP or town" : "ZIP code or town";
  const hint = zipOnly ? "5 digits, such as 90210" : "5 digits, such as 90210; a town and state, such as Springfield, IL; or a district's name";
  const message = error === undefined ? "" : `<p class="error" id="zip-${id}-error"><span class="vh">Error: </span>${error}</p>`;
  const describedBy = error === undefined ? `zip-${id}-hint` : `zip-${id}-hint zip-${id}-error`;
  return `<form action="/zip" method="get" role="search" aria-label="Search"><label for="zip-${id}">${label} <span class="hint" id="zip-${id}-hint">${hint}</span></label>${message}
<input id="zip-${id}" name="zip" type="text" maxlength="${SEARCH_MAX_LENGTH}" autocomplete="postal-code" autocapitalize="words" spellcheck="false" enterkeyhint="search" aria-describedby="${describedBy}"${error === undefined ? "" : ' aria-invalid="true"'} value="${e(value)}">
<button type="submit">Look up</button></form>`;
}

/** What the static export's pages say instead of the town search and the location lookup, which need the binary. */
export const ZIP_LOOKUP_NOTE =
  '<p class="note">This copy of the site looks up ZIP codes only. To find the ZIP code of a street address, use the <a href="https://tools.usps.com/zip-code-lookup.htm?byaddress">USPS ZIP code lookup</a>.</p>';

function footer(facts: SiteFacts): string {
  return `<nav aria-label="About this site"><a href="/about">How these numbers are made</a> <a href="/docs">API documentation</a> <a href="/">Home</a></nav>
<p>Data: National Center for Education Statistics (NCES) Common Core of Data and EDGE, with Census, GeoNames and SEDA (<a href="/about#sources">all sources</a>), under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. Data dated ${e(facts.updated)}.</p>`;
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
 * lists no phone of the district's own (military-base districts, Maine's unorganized territories;
 * three Ohio districts for which it lists only the state's toll-free line, which the data leaves
 * out: review of stop 38's data), where to find one and whom to ask instead.
 *
 * @example
 * phoneHint("", "Call the district …") // "The NCES directory lists no phone of the district's own: ask the state's department of education which school serves your address."
 * phoneHint("", "Call the district …", "http://www.midviewk12.org/") // "… of the district's own: its website, above, gives one; or ask …"
 */
export function phoneHint(phone: string, confirm: string, website = ""): string {
  if (phone !== "") return confirm;
  return `The NCES directory lists no phone of the district's own: ${website === "" ? "ask" : "its website, above, gives one; or ask"} the state's department of education which school serves your address.`;
}

/**
 * A website as a link showing only its host (long URLs do not widen the page).
 *
 * @example
 * websiteLink("http://www.bhusd.org/home") // '<a href="http://www.bhusd.org/home" rel="external">www.bhusd.org</a>'
 * websiteLink("http://tyrone@tyronebobcats.org") // 'http://tyrone@tyronebobcats.org' (no link)
 */
export function websiteLink(url: string): string {
  if (!/^https?:\/\//i.test(url)) return e(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return e(url);
  }
  // A name before "@" ("http://tyrone@tyronebobcats.org"): an e-mail address NCES filed as the
  // website, which a browser opens as a login (pages audit 34 #6): shown as NCES gives it, unlinked.
  if (parsed.username !== "" || parsed.password !== "") return e(url);
  return `<a href="${e(url)}" rel="external">${e(parsed.host)}</a>`;
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

/**
 * A state's name as it reads inside a sentence: with "the" where English puts one ("the
 * District of Columbia", "the U.S. Virgin Islands", "the Northern Marianas"); not escaped.
 *
 * @example
 * inSentence("District of Columbia") // "the District of Columbia"
 * inSentence("Montana") // "Montana"
 */
export function inSentence(stateName: string): string {
  return /^District of |Islands$|Marianas$/.test(stateName) ? `the ${stateName}` : stateName;
}

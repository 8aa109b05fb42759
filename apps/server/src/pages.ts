/**
 * The HTML pages for people (rule 21): the home page with a ZIP search form and
 * one page per ZIP, and one page per problem type (the `type` URI of the
 * service's problem details, RFC 9457 section 3.1.1). Plain server-rendered HTML with one inline stylesheet
 * (allowed by its hash in the CSP), readable without JavaScript.
 */
import type { DistrictRecord, ZipDistricts } from "@school-districts/core";
import { cspHash, escapeHtml as e, scriptJson } from "./html.ts";
import { problem, problemDoc, type ProblemKind } from "./problems.ts";
import { GEO_CSS, GEO_SCRIPT, locationForm } from "./location-form.ts";
import { aboutFigures, noRatingReason } from "./figures.ts";

const CSS = `:root{color-scheme:light;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
body{max-width:46rem;margin:0 auto;padding:1rem}a{color:#0645ad}a:focus,input:focus,button:focus{outline:3px solid #f5a623;outline-offset:1px}
h1{font-size:1.6rem;line-height:1.25}dl{display:grid;grid-template-columns:fit-content(50%) minmax(0,1fr);gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ccc}td.n{text-align:right}
.note{background:#fff8e1;border-left:4px solid #b58100;padding:.5rem 1rem}
input{font:inherit;padding:.4rem;border:2px solid #555;border-radius:4px;width:7rem}button{font:inherit;padding:.4rem 1rem;border:2px solid #0645ad;border-radius:4px;background:#0645ad;color:#fff;cursor:pointer}
pre{overflow-x:auto;background:#f4f4f4;padding:.5rem}
footer{margin-top:2rem;font-size:.9rem;color:#444}`;

/** The Content-Security-Policy of the pages: nothing but this stylesheet and same-origin forms. */
export const PAGE_CSP = `default-src 'none'; style-src ${cspHash(CSS)} ${cspHash(GEO_CSS)}; script-src ${cspHash(GEO_SCRIPT)}; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** Headers of every HTML page besides the common ones. */
export const PAGE_HEADERS: [string, string][] = [
  ["Content-Security-Policy", PAGE_CSP],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

/** The approximation caveat every ZIP and district page shows. */
export const CAVEAT =
  "The ZIP-to-district assignment is a geographic approximation: ZIP codes and district boundaries do not align exactly, and a ZIP code can be split across several districts. Verify enrollment eligibility with the district itself.";

/** The frame of every page: head (both inline stylesheets), main, footer. */
export function layout(title: string, main: string, foot: string, head = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><link rel="icon" href="data:,"><style>${CSS}</style><style>${GEO_CSS}</style>${head}</head>
<body><main>${main}</main>
<footer>${foot}</footer></body></html>
`;
}

function searchForm(value = ""): string {
  return `<form action="/zip" method="get" role="search"><label for="zip">ZIP code</label>
<input id="zip" name="zip" inputmode="numeric" pattern="[0-9]{5}" maxlength="5" autocomplete="postal-code" required value="${e(value)}">
<button type="submit">Look up</button></form>`;
}

/** Facts the footer of every page shows. */
export interface SiteFacts {
  updated: string;
  records: number;
}

/** The footer of every page: sources, license, build date. */
export function footer(facts: SiteFacts): string {
  return `Data: <a href="https://nces.ed.gov/ccd/">National Center for Education Statistics (NCES): Common Core of Data and EDGE</a>, with Census, GeoNames and SEDA (see the <a href="/docs">API documentation</a>), under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. Built ${e(facts.updated)}.`;
}

/**
 * The home page: a search form and links to the API, bulk files and sources.
 *
 * @example
 * homePage({ updated: "2026-11-22", records: 33759 }) // "<!doctype html>..."
 */
export function homePage(facts: SiteFacts): string {
  return layout(
    "US public school districts by ZIP code",
    `<h1>US public school districts by ZIP code</h1>
<p>Find the public school district that serves a ZIP code: ${facts.records.toLocaleString("en-US")} ZIP codes in the 50 states, DC, Puerto Rico, the US Virgin Islands, Guam, American Samoa and the Northern Mariana Islands.</p>
${searchForm()}
${locationForm()}
<p class="note">${CAVEAT}</p>
<h2>Use the data</h2>
<ul>
<li><a href="/docs">API documentation</a> and the <a href="/openapi.json">OpenAPI description</a></li>
<li>One ZIP code as JSON: <a href="/zip/90210.json">/zip/90210.json</a>; every district of a ZIP: <a href="/zip/90210/districts.json">/zip/90210/districts.json</a></li>
<li>One state: <a href="/state/CA.json">/state/CA.json</a>; the <a href="/index.json">index of every ZIP code</a></li>
<li>Everything at once: <a href="/bulk/all-districts.json">all-districts.json</a> or <a href="/bulk/all-districts.csv">all-districts.csv</a></li>
</ul>
<h2>Sources</h2>
<p>District names, grades, schools and enrollment come from the <a href="https://nces.ed.gov/ccd/">NCES Common Core of Data</a>; boundaries from <a href="https://nces.ed.gov/programs/edge/">NCES EDGE</a>. The data is released under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.</p>`,
    footer(facts),
  );
}

/** One `<dt>`/`<dd>` pair; an empty value reads "Not reported". */
export function row(label: string, value: string): string {
  return `<dt>${label}</dt><dd>${value === "" ? "Not reported" : value}</dd>`;
}

/**
 * The page of one ZIP (its `page_url`): the record, the other districts, the
 * caveat, and the record embedded as JSON-LD plus an exact JSON copy.
 *
 * @example
 * zipPage(record, districts, facts) // "<!doctype html>...<h1>ZIP code 90210</h1>..."
 */
export function zipPage(r: DistrictRecord, all: ZipDistricts, facts: SiteFacts): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: r.district,
    ...(r.website ? { url: r.website } : {}),
    ...(r.phone ? { telephone: r.phone } : {}),
    areaServed: { "@type": "PostalAddress", postalCode: r.zip, addressLocality: r.city, addressRegion: r.state, addressCountry: "US" },
  };
  // Issue 16: the record's district's figures explained, and why there is no rating (figures.ts).
  // Issue 14: `chosen` marks the record's district, which links to its page.
  const own = all.districts.find((d) => d.chosen);
  const rating = r.rating === null ? noRatingReason(own) : `${r.rating} of 10 (${r.rating_label})`;
  const name = own ? `<a href="/district/${e(own.leaid)}">${e(r.district)}</a>` : e(r.district);
  const website = /^https?:\/\//i.test(r.website) ? `<a href="${e(r.website)}" rel="external">${e(r.website)}</a>` : e(r.website);
  const others = all.districts
    .map(
      (d) =>
        `<tr><td><a href="/district/${e(d.leaid)}">${e(d.district)}</a></td><td>${d.level}</td><td>${e(d.grade_span)}</td><td class="n">${(d.share * 100).toFixed(1)}%</td><td>${d.basis}</td></tr>`,
    )
    .join("\n");
  return layout(
    `ZIP code ${r.zip}: ${r.district}`,
    `<p><a href="/">Search another ZIP code</a></p>
<h1>ZIP code ${r.zip}</h1>
<p>${e(r.city)}, ${e(r.county ? `${r.county}, ` : "")}${r.state}</p>
${postOfficeNote(r.zip, all.zcta)}<h2 id="district">${name}</h2>
<dl>
${row("Rating", rating)}
${row("Students", e(r.students))}
${row("Schools", e(r.schools))}
${row("Spending per pupil", e(r.per_pupil))}
${row("Grades", e(r.grade_span))}
${row("Phone", e(r.phone))}
${row("Website", website)}
</dl>
${aboutFigures(own)}
<p class="note">${CAVEAT}</p>
<h2>Every district overlapping ${r.zip}</h2>
<table><caption>Share of the ZIP code covered by each district at its grade level (population share where known, else land area).</caption>
<thead><tr><th scope="col">District</th><th scope="col">Level</th><th scope="col">Grades</th><th scope="col">Share</th><th scope="col">Basis</th></tr></thead>
<tbody>
${others}
</tbody></table>
<p>As JSON: <a href="/zip/${r.zip}.json">/zip/${r.zip}.json</a>, <a href="/zip/${r.zip}/districts.json">/zip/${r.zip}/districts.json</a>.</p>`,
    footer(facts),
    `<script type="application/ld+json">${scriptJson(ld)}</script><script type="application/json" id="record">${scriptJson(r)}</script>`,
  );
}

/** The sentence of a PO-box / delivery ZIP's page: whose districts it shows ("" for a ZIP with its own area). */
function postOfficeNote(zip: string, zcta: string): string {
  if (zcta === zip) return "";
  return `<p id="post-office">${zip} is a PO-box ZIP code (a post office or delivery ZIP with no area of its own); its post office lies in ZIP code <a href="/zip/${zcta}">${zcta}</a>, so it shows the districts of ${zcta}.</p>
`;
}

const REASONS = { 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed" } as const;

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
 * problemPage("zip-not-found", "http://localhost:8080", facts) // "<!doctype html>...<h1>ZIP code not found</h1>..."
 */
export function problemPage(kind: ProblemKind, baseUrl: string, facts: SiteFacts): string {
  const doc = problemDoc(kind);
  const { method, path, detail } = doc.example;
  const example = JSON.stringify(problem(baseUrl, kind, detail, path), null, 2);
  return layout(
    `${doc.title} (HTTP ${doc.status}): problem type`,
    `<p><a href="/">Home</a> · <a href="/docs">API documentation</a></p>
<h1>${e(doc.title)}</h1>
<dl>
${row("HTTP status", `${doc.status} ${REASONS[doc.status]}`)}
${row("Problem type", `<code>${e(`${baseUrl}/problems/${kind}`)}</code>`)}
</dl>
<h2>When it happens</h2>
<p>${linked(doc.when)}</p>
<h2>What to do</h2>
<p>${linked(doc.todo)}</p>
<h2>Example</h2>
<p>The response to <code>${e(`${method} ${path}`)}</code>, an <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem details object (<code>application/problem+json</code>). Its <code>type</code> is the address of this page; its <code>detail</code> says what was wrong with that request.</p>
<pre><code>${e(example)}</code></pre>`,
    footer(facts),
  );
}

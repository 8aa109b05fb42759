/**
 * The whole site: every path the service answers with a prepared
 * Representation, built once from the dataset for one base URL (or from the
 * build's snapshot of it, see snapshot.ts). The HTTP layer
 * (app.ts) and the static export (export.ts) both read it.
 */
import { citySearchIndex, cityKey, COUNTY_WORD, MAX_CITY_MATCHES, type CityMatch } from "./city-search.ts";
import { districtSearchIndex, studentsOf, type DistrictMatch, type DistrictSearch } from "./district-search.ts";
import type { components } from "@school-districts/api-types";
import type { District, DistrictRecord, StateDistricts, ZipDistricts } from "@school-districts/core";
import { compressMany, type Coding, type Effort, type Job } from "./compress.ts";
import { stateName, type Dataset, type FormerDistrict } from "@school-districts/core";
import { districtPage, statePage } from "./district-pages.ts";
import { renderDistrictBodies } from "./districts.ts";
import { problemPage, type PostalZip } from "./error-pages.ts";
import { PAGE_HEADERS, searchForm, type SiteFacts } from "./layout.ts";
import { aboutPage, type BoundariesFacts, type DistrictContact, homePage, zipPage } from "./pages.ts";
import { gradeLevels, highSchoolDistrict, mostlyInNoDistrict } from "./answer.ts";
import { markdownHtml } from "./markdown.ts";
import { DOCS_SCRIPT } from "./docs.ts";
import { docsPage, docsSectionPage, INTERACTIVE_DOCS, tagSlug, type Spec } from "./docs-page.ts";
import { cityZipIndex, parsePostal } from "./postal.ts";
import { robotsTxt, sitemaps } from "./sitemap.ts";
import type { PageMaps } from "./page-maps.ts";
import { formerDistrictNow, FREELY_ASSOCIATED, isMilitaryMail, isUnnamedTown, PROBLEM_KINDS, type FormerDistrictNow } from "./problems.ts";
import { renderBodies } from "./render.ts";
import { CACHE_CONTROL, entityTag, IDENTITY_MAX, Representation, type CodedBody, type LazyBody } from "./representation.ts";
import { RepresentationCache } from "./representation-cache.ts";

type Health = components["schemas"]["Health"];

/** Content types of the service's bodies. */
export const TYPES = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  text: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  problem: "application/problem+json; charset=utf-8",
} as const;

/** Files that are not derived from the dataset: the contract and the docs page. */
export interface SiteAssets {
  /** openapi/openapi.json as written. */
  openapi: string;
  /**
   * The finished Redocly page of /docs/interactive (docs.ts), its script and the
   * CSP allowing them; the page and script as text, or (from the binary's files)
   * functions reading them when asked. A script of "" means none.
   */
  docs: { html: string | (() => Uint8Array<ArrayBuffer>); csp: string; script: string | (() => Uint8Array<ArrayBuffer>) };
  /** data/RATING.md and data/SOURCES.md, rendered on /about, and the manifest's boundaries (absent when the dataset has none). */
  about: { rating: string; sources: string; boundaries?: BoundariesFacts };
  /** data/postal.csv: USPS ZIP codes without a record (PO boxes, single buildings); "" for none. */
  postal: string;
  /** Coded bodies made at build time, used when their identity ETag matches. */
  precompressed?: Precompressed;
  /** The base URL the precompressed bodies were rendered for. */
  precompressedBaseUrl?: string;
}

/** Coded bodies made ahead of time, keyed by path. */
export type Precompressed = Map<string, { etag: string; coded: Partial<Record<Coding, { body: CodedBody; tag: string }>> }>;

/**
 * When the dataset dated `updated` is said to have changed (Last-Modified, the sitemaps' lastmod):
 * midnight UTC of that date, or `now` where that is later than the clock (RFC 9110 §8.8.2.1: a
 * second release in one day is dated the next day; it is served as modified when the site was made).
 *
 * @example
 * servedDate("2026-11-22").toUTCString() // "Sun, 22 Nov 2026 00:00:00 GMT"
 * servedDate("2099-01-01", Date.parse("2026-11-26T12:00:00Z")).toISOString() // "2026-11-26T12:00:00.000Z"
 */
export function servedDate(updated: string, now = Date.now()): Date {
  return new Date(Math.min(Date.parse(`${updated}T00:00:00Z`), now));
}

/** Paths whose coded variants must exist before the first request (rule 16). */
export function isLarge(path: string): boolean {
  return (
    path.startsWith("/state/") || (path.startsWith("/bulk/") && path !== BULK_SUMS) || path.startsWith("/sitemap") || path === "/index.json" || path === "/openapi.json" || path === "/docs" || path === INTERACTIVE_DOCS || path === DOCS_SCRIPT
  );
}

/** The prepared site. */
export interface Site {
  baseUrl: string;
  updated: string;
  /** `updated` as an HTTP date (Last-Modified). */
  lastModified: string;
  records: number;
  /** The 56 state and territory codes, from openapi.json's StateCode. */
  states: ReadonlySet<string>;
  /** What every page shows (build date, count, base URL). */
  facts: SiteFacts;
  /** A USPS ZIP code without a record (PO box, single building), if it is one. */
  postal(zip: string): PostalZip | undefined;
  /** The ZIP codes with a record whose city and state are these, in order. */
  cityZips(city: string, state: string): string[];
  /** The ZIP codes with a record of a county (as records name it), with their districts, as a town page lists them; undefined for none. */
  countyTown(county: string, state: string): CityMatch | undefined;
  /**
   * The counties of a name without its county word ("Westchester": Westchester County, NY), each with
   * its ZIP codes and their districts, undecorated (no PO-box mark: countyTown gives those); a lookup,
   * not the town search's fallbacks.
   */
  countiesNamed(name: string): CityMatch[];
  /** A state's or territory's name as pages say it ("Puerto Rico" for PR; the code where the dataset has no name). */
  stateName(code: string): string;
  /** A district's students (CCD 2023-24) as a number: 0 where not reported or no such district. */
  districtStudents(leaid: string): number;
  /**
   * A district id of the 2016 boundaries that is not a district today: its 2016 name and the
   * district of today drawn over its area, with that district's name; undefined otherwise.
   */
  formerDistrict(leaid: string): FormerDistrictNow | undefined;
  /** The cities a text typed into the ZIP box names ("Boston, MA"), with their ZIP codes and districts; with `withClose`, those only close to it after those of its very name. */
  citySearch(typed: string, withClose?: boolean): CityMatch[];
  /** The country in free association (PW, FM, MH) a town typed into the box is in, by its post offices' names ("Majuro": MH); undefined otherwise. */
  freelyAssociatedTown(typed: string): string | undefined;
  /**
   * The ZIP codes of data/postal.csv (PO boxes, a post office's own) whose town no record names, by
   * the town's name ("South Canaan": 18459, PA): a town whose only ZIP code has no area of its own
   * (review of stop 42 #3: "South Canaan, PA" was said to be no town). Not military mail nor
   * Palau, Micronesia and the Marshall Islands (freelyAssociatedTown's).
   */
  postOfficeTowns(name: string): PostalZip[];
  /** The districts a name typed into the box means ("Houston ISD"), the likeliest first (district-search.ts). */
  districtSearch(typed: string): DistrictMatch[];
  /** The districts of the very name typed (a lookup: asked of every town typed). */
  districtsNamed(typed: string): DistrictMatch[];
  /** The districts whose name's initials are the letters typed ("HISD"), the most students first. */
  districtsInitialed(typed: string): DistrictMatch[];
  /** The text typed with words no district's name has respelled as the closest that one has ("Chicgo schools": "Chicago schools"), if any. */
  districtRespelled(typed: string): string | undefined;
  /** The representation of a path, or undefined when the service has nothing there. */
  get(path: string): Representation | undefined;
  /**
   * The ETag of a path's identity-only body when it is known without reading
   * the body (a prepared body, or a numbered body of the snapshot by its
   * tables), else undefined: a matching If-None-Match is answered 304 from it
   * alone (app.ts createHandler).
   */
  identityEtag(path: string): string | undefined;
  /** Whether a prepared or rendered body is at a path, without making its representation (pages rendered on request are not counted). */
  has(path: string): boolean;
  /** Every path the service answers (for the static export), in a fixed order. */
  paths(): string[];
  /** The paths whose coded variants are made ahead (isLarge), without listing every path. */
  largePaths(): string[];
}

/** Rendered bodies by path: a Map (rendered in this process) or the build's snapshot read on demand (snapshot.ts). */
export interface BodySource {
  get(path: string): RenderedBody | undefined;
  /** The ETag of a body when the source keeps it (the snapshot's numbered bodies: made once, never per request). */
  etag?(path: string): string | undefined;
  /** The byte length of a body the source keeps an ETag for, known without reading it (the snapshot's tables). */
  length?(path: string): number | undefined;
  has(path: string): boolean;
  keys(): IterableIterator<string>;
  readonly size: number;
}

/** The bodies that depend on the dataset and base URL, by path, with what they describe. */
export interface SiteBodies {
  baseUrl: string;
  updated: string;
  records: number;
  /** The dataset's state names for the pages (manifest.json `state_names`), by code; {} for an older build. */
  stateNames: Readonly<Record<string, string>>;
  /** The dataset's district ids that are not districts today, and where their area went (manifest.json `former_districts`); {} for an older build. */
  formerDistricts: Readonly<Record<string, FormerDistrict>>;
  /**
   * `/zip/{zip}.json`, `/zip/{zip}/districts.json`, `/state/{state}.json`,
   * `/district/{leaid}.json`, `/state/{state}/districts.json`, `/state/{state}`
   * (the page), `/bulk/*`, `/index.json`, `/openapi.json`, the sitemaps: bytes,
   * or (from the snapshot, for large bodies) a function making them when asked.
   */
  bodies: BodySource;
  /** The large paths among them (isLarge), when known without listing every path. */
  largePaths?: readonly string[];
  /** Rendered by the build's snapshot: identical to the build's bodies for the same base URL, whose ETags the precompressed index holds. */
  fromBuild?: boolean;
}

/** A rendered body, or a function that makes it (each call a fresh copy). */
export type RenderedBody = Uint8Array<ArrayBuffer> | (() => Uint8Array<ArrayBuffer>);

/**
 * The bytes of a rendered body.
 *
 * @example
 * bytesOf(rendered.bodies.get("/state/CA.json")!)
 */
export function bytesOf(body: RenderedBody): Uint8Array<ArrayBuffer> {
  return typeof body === "function" ? body() : body;
}

/**
 * Renders the dataset-derived bodies (render.ts) and openapi.json for a base URL.
 *
 * @example
 * const bodies = renderSiteBodies(dataset, "http://localhost:8080", assets.openapi);
 */
export function renderSiteBodies(dataset: Dataset, baseUrl: string, openapiText: string): SiteBodies & { bodies: Map<string, RenderedBody> } {
  const openapi = JSON.parse(openapiText) as OpenApi;
  const states = [...stateCodes(openapi)].sort();
  const rendered = renderBodies(dataset, baseUrl, states);
  const districts = renderDistrictBodies(dataset, baseUrl, states);
  const encoder = new TextEncoder();
  const facts: SiteFacts = { updated: dataset.updated, records: dataset.zips.length, baseUrl };
  const named = states.map((code) => ({ code, name: stateName(dataset.manifest.state_names, code) }));
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  // The home page lists the states by name, which only the dataset knows: rendered here, like the state pages.
  bodies.set("/", encoder.encode(homePage(facts, named)));
  dataset.zips.forEach((row, i) => {
    bodies.set(`/zip/${row.zip}.json`, rendered.records[i]!);
    bodies.set(`/zip/${row.zip}/districts.json`, rendered.districts[i]!);
  });
  for (const [state, body] of rendered.states) bodies.set(`/state/${state}.json`, body);
  bodies.set("/bulk/all-districts.json", rendered.bulk);
  bodies.set("/bulk/all-districts.csv", rendered.csv);
  bodies.set("/bulk/zip-districts.csv", rendered.zipDistrictsCsv);
  for (const [path, body] of districts.districts) bodies.set(path, encoder.encode(body));
  // State pages are rendered here, not on first request: they are large (compressed at build
  // time, rule 16), and rendering them while start-up compresses large bodies would delay it.
  for (const [path, body] of districts.states) {
    bodies.set(path, encoder.encode(body));
    const collection = JSON.parse(body) as StateDistricts;
    bodies.set(path.slice(0, -"/districts.json".length), encoder.encode(statePage(collection, facts, stateName(dataset.manifest.state_names, collection.state), { highSchoolOf: districts.highSchoolOf, postOfficeOf: districts.postOfficeOf, emptyOf: districts.emptyOf })));
  }
  bodies.set("/bulk/districts.csv", encoder.encode(districts.csv));
  bodies.set("/index.json", rendered.index);
  openapi.servers = [{ url: baseUrl, description: "This service." }];
  bodies.set("/openapi.json", encoder.encode(JSON.stringify(openapi, null, 2) + "\n"));
  // Every page: the state pages, one per ZIP and per district (rendered on first request).
  const pageUrls = [...bodies.keys()].filter((p) => /^\/state\/[A-Z]{2}$/.test(p) || ZIP_JSON.test(p) || DISTRICT_JSON.test(p)).map((p) => (p.endsWith(".json") ? p.slice(0, -5) : p));
  // lastmod never after today (review 33 #5).
  const lastmod = servedDate(dataset.updated).toISOString().slice(0, 10);
  for (const [path, body] of sitemaps(baseUrl, lastmod, ["/", "/about", "/docs", ...pageUrls.sort()])) bodies.set(path, encoder.encode(body));
  return { baseUrl, updated: dataset.updated, records: dataset.zips.length, stateNames: dataset.manifest.state_names ?? {}, formerDistricts: dataset.manifest.former_districts ?? {}, bodies };
}

type OpenApi = { servers?: unknown; components: { schemas: { StateCode: { enum: string[] } } } };
function stateCodes(openapi: OpenApi): Set<string> {
  return new Set(openapi.components.schemas.StateCode.enum);
}

const NO_EXTRA: [string, string][] = [];
/**
 * The downloads' licence and sources, which travel with a saved file's headers (consumers audit
 * 30 #9), readable by browsers with the file name.
 */
/** The downloads, whose SHA-256 `/bulk/sha256sums.txt` gives. */
const BULK_DOWNLOADS = ["/bulk/all-districts.json", "/bulk/all-districts.csv", "/bulk/districts.csv", "/bulk/zip-districts.csv"] as const;
/** Each download's SHA-256 as `sha256sum -c` reads it (ops audit 35 #8: a 23 MB download had no check but its length). */
const BULK_SUMS = "/bulk/sha256sums.txt";

/**
 * The lines of `/bulk/sha256sums.txt`: each download's SHA-256 (hex) and file name, as
 * `sha256sum` writes them, so `sha256sum -c sha256sums.txt` checks the files downloaded beside it.
 *
 * @example
 * bulkSums((path) => bodies.get(path)!) // "1f0e…  all-districts.json\n…"
 */
function bulkSums(bodyOf: (path: string) => Uint8Array): string {
  return BULK_DOWNLOADS.map((path) => `${new Bun.CryptoHasher("sha256").update(bodyOf(path)).digest("hex")}  ${path.slice("/bulk/".length)}\n`).join("");
}

export const BULK_LINK = '<https://creativecommons.org/licenses/by/4.0/>; rel="license", </about#sources>; rel="describedby"';
const BULK_HEADERS: [string, string][] = [
  ["Link", BULK_LINK],
  ["Access-Control-Expose-Headers", "ETag, Content-Disposition, Link"],
];
const HEALTH_HEADERS: [string, string][] = [["Cache-Control", "no-store"]];
/** Content type and extra headers of a path. */
/** On the downloads: no byte ranges here (RFC 9110 14.3), so a client resuming one knows to start again rather than guess. */
const NO_RANGES: [string, string] = ["Accept-Ranges", "none"];
function describe(path: string, docsCsp: string): [string, [string, string][]] {
  if (path === "/bulk/all-districts.json") return [TYPES.json, [NO_RANGES, ...BULK_HEADERS]];
  if (path.endsWith(".json")) return [TYPES.json, NO_EXTRA];
  if (path === "/bulk/all-districts.csv") return [TYPES.csv, [["Content-Disposition", 'attachment; filename="all-districts.csv"'], NO_RANGES, ...BULK_HEADERS]];
  if (path === "/bulk/districts.csv") return [TYPES.csv, [["Content-Disposition", 'attachment; filename="districts.csv"'], NO_RANGES, ...BULK_HEADERS]];
  if (path === "/bulk/zip-districts.csv") return [TYPES.csv, [["Content-Disposition", 'attachment; filename="zip-districts.csv"'], NO_RANGES, ...BULK_HEADERS]];
  if (path === BULK_SUMS) return [TYPES.text, BULK_HEADERS];
  if (path === DOCS_SCRIPT) return [TYPES.js, []];
  if (path === INTERACTIVE_DOCS) {
    // Redoc's page: its own CSP (its script file, the inline scripts it keeps).
    return [TYPES.html, [["Content-Security-Policy", docsCsp], ["X-Content-Type-Options", "nosniff"], ["Referrer-Policy", "no-referrer"]]];
  }
  // Not cached: a cache in front must not answer "ok" for an origin that is gone (audit, ops).
  if (path === "/healthz") return [TYPES.json, HEALTH_HEADERS];
  if (path === "/robots.txt") return [TYPES.text, NO_EXTRA];
  if (path.startsWith("/sitemap")) return [TYPES.xml, NO_EXTRA];
  return [TYPES.html, PAGE_HEADERS];
}

/** Paths of JSON bodies whose page (the path without `.json`) is rendered on request. */
const ZIP_JSON = /^\/zip\/[0-9]{5}\.json$/;
const DISTRICT_JSON = /^\/district\/[0-9]{7}\.json$/;

/** ZIP and district pages: the path of the JSON body they are rendered from. */
const ZIP_PAGE = /^\/zip\/[0-9]{5}$/;
const DISTRICT_PAGE = /^\/district\/[0-9]{7}$/;

/**
 * Makes the site from rendered bodies (renderSiteBodies, or the build's
 * snapshot) and the assets; adds the home page, the problem type pages, docs
 * and health. Large bodies get their Representation now (their coded variants
 * come from compressLarge(), which must run before serving; from the snapshot
 * their bytes are made when asked for and not kept); the small ones (95k
 * records, districts lists and districts) on first request, and ZIP and
 * district pages (41k + 13k) are rendered on first request from the JSON
 * bodies (with their maps when `maps` is given); pages and negotiated small
 * bodies are kept in a bounded cache (RepresentationCache): a crawl of every
 * page does not keep every page and map in memory, and a page rendered again
 * is the same bytes (same ETag).
 *
 * @example
 * const site = assembleSite(renderSiteBodies(dataset, base, assets.openapi), assets);
 * site.get("/zip/90210.json")?.variant("br").payload
 */
export function assembleSite(rendered: SiteBodies, assets: SiteAssets, maps?: PageMaps, options: { staticCopy?: boolean } = {}): Site {
  const { baseUrl, updated, records, stateNames } = rendered;
  const lastModified = servedDate(updated).toUTCString();
  const states = stateCodes(JSON.parse(assets.openapi) as OpenApi);
  const facts: SiteFacts = { updated, records, baseUrl, ...(options.staticCopy ? { staticCopy: true } : {}) };
  const prepared = new Map<string, Representation>();
  const cache = new RepresentationCache();
  const make = (path: string, body: string | Uint8Array<ArrayBuffer> | LazyBody, etag?: string) => {
    const [type, extra] = describe(path, assets.docs.csp);
    return new Representation(body, type, lastModified, extra, undefined, etag);
  };
  const add = (path: string, body: string | Uint8Array<ArrayBuffer> | LazyBody) => void prepared.set(path, make(path, body));
  // The build's snapshot for the build's base URL gives the very bodies whose
  // ETags the precompressed index holds: lazy bodies need not be made to hash them.
  const knownEtags = rendered.fromBuild && assets.precompressedBaseUrl === baseUrl ? assets.precompressed : undefined;
  const lazy = (path: string, load: () => Uint8Array<ArrayBuffer>): LazyBody => ({ load, ...(knownEtags?.has(path) ? { etag: knownEtags.get(path)!.etag } : {}) });
  const decoder = new TextDecoder();
  /** A JSON body, parsed (not cached: pages are). */
  const json = <T>(path: string) => JSON.parse(decoder.decode(bytesOf(rendered.bodies.get(path)!))) as T;
  const cityOf = (zip: string) => json<DistrictRecord>(`/zip/${zip}.json`).city;
  const large = rendered.largePaths ?? [...rendered.bodies.keys()].filter(isLarge);
  for (const path of large) {
    const body = rendered.bodies.get(path)!;
    add(path, typeof body === "function" ? lazy(path, body) : body);
  }
  // The downloads' SHA-256, made on first request (hashing their 50 MB at start-up made it 35 % slower):
  // its ETag is made of theirs, which change whenever a download's bytes do.
  // Kept once made (333 bytes): a small body's bytes are asked for again on every request, a 304 too (review 35, late).
  let sums: Uint8Array<ArrayBuffer> | undefined;
  const utf8 = new TextEncoder();
  add(BULK_SUMS, {
    load: () => (sums ??= utf8.encode(bulkSums((path) => bytesOf(rendered.bodies.get(path)!)))),
    etag: entityTag(utf8.encode(BULK_DOWNLOADS.map((path) => prepared.get(path)!.etag).join(" "))),
    small: true,
  });
  // The plain reference (docs-page.ts) first, a page per section (the links of both
  // references' sidebars), then Redoc's page and script (docs.ts).
  const spec = JSON.parse(assets.openapi) as Spec;
  add("/docs", docsPage(spec, facts));
  for (const tag of spec.tags ?? []) add(`/docs/${tagSlug(tag.name)}`, docsSectionPage(spec, tag, facts));
  for (const [path, body] of [[INTERACTIVE_DOCS, assets.docs.html], [DOCS_SCRIPT, assets.docs.script]] as const) {
    if (body === "") continue;
    add(path, typeof body === "function" ? lazy(path, body) : body);
  }
  if (options.staticCopy) {
    // The static export's pages offer what a static host answers: ZIP codes, no town search, no
    // location lookup. The home page is made again; the state pages, made at build time with the
    // binary's header, get the static header's search box.
    add("/", homePage(facts, [...states].sort().map((code) => ({ code, name: stateName(stateNames, code) }))));
    const liveBox = searchForm("top");
    for (const code of states) {
      const path = `/state/${code}`;
      const body = rendered.bodies.get(path);
      if (body === undefined) continue;
      const html = decoder.decode(bytesOf(body));
      if (html.split(liveBox).length !== 2) throw new Error(`${path}: its header's search box is not the one the pages are made with`);
      add(path, html.replace(liveBox, searchForm("top", "", undefined, true)));
    }
  }
  add("/about", aboutPage(markdownHtml(assets.about.rating), markdownHtml(assets.about.sources), facts, assets.about.boundaries));
  for (const kind of PROBLEM_KINDS) add(`/problems/${kind}`, problemPage(kind, facts));
  add("/robots.txt", robotsTxt(baseUrl));
  const health: Health = { status: "ok", updated, records };
  add("/healthz", JSON.stringify(health));

  /** The page at a path, rendered from its JSON body, or undefined when there is none. */
  const render = (path: string): string | undefined => {
    if (ZIP_PAGE.test(path) && rendered.bodies.has(`${path}.json`)) {
      const [r, all] = [json<DistrictRecord>(`${path}.json`), json<ZipDistricts>(`${path}/districts.json`)];
      // A PO-box ZIP's page says when its post office's location chose another district than its ZCTA.
      const zctaChosen = all.zcta === all.zip ? undefined : json<ZipDistricts>(`/zip/${all.zcta}/districts.json`).districts.find((d) => d.chosen);
      // A split-level ZIP's page gives its high-school district's phone and website too.
      const contactOf = (leaid: string): DistrictContact | undefined => {
        if (!rendered.bodies.has(`/district/${leaid}.json`)) return undefined;
        const d = json<District>(`/district/${leaid}.json`);
        const { phone, website, grade_span, rating, rating_label, students, schools, per_pupil, notes } = d;
        return { phone, website, grade_span, rating, rating_label, students, schools, per_pupil, ...(notes === undefined ? {} : { notes }), state: d.state, state_name: stateName(stateNames, d.state) };
      };
      return zipPage(r, all, facts, maps?.zip(r, all), zctaChosen, contactOf);
    }
    if (DISTRICT_PAGE.test(path) && rendered.bodies.has(`${path}.json`)) {
      const d = json<District>(`${path}.json`);
      // (The ZIP codes' district lists, read only for an elementary or high-school district's page: the other level's district, pages audit 38 #3.)
      const districtOf = (leaid: string) => (rendered.bodies.has(`/district/${leaid}.json`) ? json<District>(`/district/${leaid}.json`) : undefined);
      return districtPage(d, cityOf, facts, maps?.district(d), stateName(stateNames, d.state), (zip) => json<ZipDistricts>(`/zip/${zip}/districts.json`).districts, districtOf);
    }
    return undefined;
  };
  const get = (path: string): Representation | undefined => {
    let rep = prepared.get(path) ?? cache.get(path);
    if (rep) return rep;
    const body = rendered.bodies.get(path);
    if (typeof body === "function") rep = make(path, lazy(path, body));
    else if (body !== undefined) {
      // An identity-only body of the snapshot: made per request from the bytes and
      // ETag the snapshot keeps (an object per body would weigh more than the body).
      // Any other is kept, a negotiated one with a copy of its bytes (the snapshot's
      // may be a view into its slab).
      const etag = rendered.bodies.etag?.(path);
      rep = make(path, body.length > IDENTITY_MAX ? body.slice() : body, etag);
      if (rep.identityOnly && etag !== undefined) return rep;
    } else {
      const page = render(path);
      if (page === undefined) return undefined;
      rep = new Representation(page, TYPES.html, lastModified, PAGE_HEADERS);
    }
    cache.set(path, rep);
    return rep;
  };
  const postal = parsePostal(assets.postal);
  // The towns of Palau, Micronesia and the Marshall Islands, by their post offices (no record names them).
  const abroadTowns = new Map([...postal.values()].filter((p) => FREELY_ASSOCIATED[p.state] !== undefined).map((p) => [cityKey(p.city), p.state] as const));
  // The records' zip, district, city and state, parsed from /index.json once, for the two city
  // indexes below (each built on first use: a PO-box page, a town typed into the ZIP box).
  let indexEntries: { zip: string; city: string; state: string; district: string }[] | undefined;
  const indexRecords = () => (indexEntries ??= JSON.parse(decoder.decode(get("/index.json")!.body)) as { zip: string; city: string; state: string; district: string }[]);
  let cities: ReturnType<typeof cityZipIndex> | undefined;
  // postOfficeTowns': built on first use.
  let postOfficeOnly: Map<string, PostalZip[]> | undefined;
  // Every word of the records' town names, on the first respelling.
  let townWords: Set<string> | undefined;
  const cityZips = (city: string, state: string): string[] => (cities ??= cityZipIndex(indexRecords()))(city, state);
  // The town search, and the ZIP codes of each county, both from the bulk records (their county:
  // a county's name is searched where no town has it, "Queens"), read once when either is first
  // used, and not kept.
  let towns: { search: (typed: string, withClose?: boolean) => CityMatch[]; byCounty: Map<string, { zip: string; district: string }[]>; countiesByName: Map<string, CityMatch[]> } | undefined;
  const townIndexes = () => {
    if (towns === undefined) {
      const records = (JSON.parse(decoder.decode(get("/bulk/all-districts.json")!.body)) as { records: DistrictRecord[] }).records;
      const byCounty = new Map<string, { zip: string; district: string }[]>();
      const countiesByName = new Map<string, CityMatch[]>();
      for (const { zip, district, county, state } of records) {
        const key = `${state}\t${county}`;
        let zips = byCounty.get(key);
        if (zips === undefined && county !== "") {
          byCounty.set(key, (zips = []));
          const name = cityKey(county.replace(COUNTY_WORD, ""));
          (countiesByName.get(name) ?? countiesByName.set(name, []).get(name)!).push({ city: county, state, county: true, zips });
        }
        zips?.push({ zip, district });
      }
      towns = { search: citySearchIndex(records, states, rendered.stateNames), byCounty, countiesByName };
    }
    return towns;
  };
  /** The share from which a town page names a ZIP code's other district (namedOf's `also`). */
  const ALSO_SHARE = 0.1;
  // The cities a page shows get each ZIP code's named district's LEAID, so the page can link it.
  // And whether it is a PO-box ZIP (no homes: the answer of the ZIP area its post office is in), and
  // the part of its residents in that district, so the page can set those apart and say which are split.
  // Also, as its page says: most of its residents in no district (Sun City, AZ), or the district of its high-school grades.
  const namedOf = (zip: string) => {
    const all = json<ZipDistricts>(`/zip/${zip}/districts.json`);
    const chosen = all.districts.find((d) => d.chosen);
    const levels = gradeLevels(all.districts);
    const high = highSchoolDistrict(levels);
    // The other districts of a tenth or more of its residents at its first grade level (pages audit 38 #2:
    // typing "Garland, TX" never named Richardson ISD, the district of 7 % of homes so found).
    const first = levels[0];
    const also = first === undefined ? [] : first.districts.filter((d) => !d.chosen && d !== high && first.share(d) >= ALSO_SHARE).map((d) => ({ district: d.district, leaid: d.leaid, share: first.share(d) }));
    return {
      ...(also.length > 0 && all.zcta === all.zip ? { also } : {}),
      leaid: chosen?.leaid ?? "",
      share: chosen?.share ?? 0,
      poBox: all.zcta !== all.zip,
      ...(mostlyInNoDistrict(all.districts, high) ? { none: true as const } : {}),
      ...(high ? { high: { district: high.district, leaid: high.leaid } } : {}),
      ...(all.newer_districts.length > 0 ? { newer: all.newer_districts.map((n) => ({ district: n.district, leaid: n.leaid, office_zip: n.office_zip })) } : {}),
    };
  };
  const countyTown = (county: string, state: string): CityMatch | undefined => {
    const zips = county === "" ? undefined : townIndexes().byCounty.get(`${state}\t${county}`);
    return zips && { city: county, state, county: true, zips: zips.map(({ zip, district }) => ({ zip, district, ...namedOf(zip) })) };
  };
  // The districts by name, from the state lists, read once when a name is first typed.
  let districtsByName: DistrictSearch | undefined;
  const districtIndex = (): DistrictSearch =>
    (districtsByName ??= districtSearchIndex(
      [...states].flatMap((state) => (rendered.bodies.has(`/state/${state}/districts.json`) ? json<StateDistricts>(`/state/${state}/districts.json`).districts : [])).map((d) => ({ leaid: d.leaid, district: d.district, state: d.state, county: d.county, students: d.students, website: d.website })),
      states,
      stateNames,
    ));
  const cityMatches = (typed: string, withClose = false): CityMatch[] =>
    townIndexes().search(typed, withClose).map((m, i) =>
      i < MAX_CITY_MATCHES ? { ...m, zips: m.zips.map((z) => ({ ...z, ...namedOf(z.zip) })) } : m,
    );
  const pagePaths = function* () {
    for (const path of rendered.bodies.keys()) if (ZIP_JSON.test(path) || DISTRICT_JSON.test(path)) yield path.slice(0, -5);
  };
  return {
    baseUrl,
    updated,
    lastModified,
    records,
    states,
    facts,
    postal: (zip) => postal.get(zip),
    cityZips,
    countyTown,
    countiesNamed: (name) => townIndexes().countiesByName.get(cityKey(name)) ?? [],
    stateName: (code) => stateName(rendered.stateNames, code),
    districtStudents: (leaid) => (rendered.bodies.has(`/district/${leaid}.json`) ? studentsOf(json<District>(`/district/${leaid}.json`)) : 0),
    formerDistrict: (leaid) =>
      formerDistrictNow(rendered.formerDistricts, leaid, (now) => (rendered.bodies.has(`/district/${now}.json`) ? json<District>(`/district/${now}.json`).district : undefined)),
    citySearch: cityMatches,
    districtSearch: (typed) => districtIndex().find(typed),
    // (A town's word is no misspelling: "Tampa", "Greensboro" are no district's words, review of the late commits 40 #2.)
    districtRespelled: (typed) => districtIndex().respelled(typed, (word) => (townWords ??= new Set(indexRecords().flatMap((r) => r.city.toLowerCase().replace(/['’]/g, "").split(/[^a-z]+/)))).has(word)),
    districtsNamed: (typed) => districtIndex().named(typed),
    districtsInitialed: (typed) => districtIndex().initialed(typed),
    postOfficeTowns: (name) => {
      if (postOfficeOnly === undefined) {
        postOfficeOnly = new Map();
        for (const p of postal.values()) {
          if (isMilitaryMail(p) || FREELY_ASSOCIATED[p.state] !== undefined || isUnnamedTown(p) || cityZips(p.city, p.state).length > 0) continue;
          const key = cityKey(p.city);
          (postOfficeOnly.get(key) ?? postOfficeOnly.set(key, []).get(key)!).push(p);
        }
      }
      return postOfficeOnly.get(cityKey(name)) ?? [];
    },
    freelyAssociatedTown: (typed) => abroadTowns.get(cityKey(typed.replace(/[\s,]+(PW|FM|MH)\.?$/i, ""))),
    has: (path) => prepared.has(path) || rendered.bodies.has(path),
    get,
    identityEtag: (path) => {
      const rep = prepared.get(path);
      // Only bodies with the usual Cache-Control and CORS headers: the caller's 304 carries those
      // (not /bulk/sha256sums.txt's Expose-Headers, which its 304 must repeat: the contract fuzzer).
      if (rep) return rep.identityOnly && rep.cacheControl === CACHE_CONTROL && !rep.extraHeaders.some(([name]) => name === "Access-Control-Expose-Headers") ? rep.etag : undefined;
      const length = rendered.bodies.length?.(path);
      return length !== undefined && length <= IDENTITY_MAX ? rendered.bodies.etag?.(path) : undefined;
    },
    paths: () => [...new Set([...rendered.bodies.keys(), ...prepared.keys(), ...pagePaths()])],
    largePaths: () => [...prepared.keys()].filter(isLarge),
  };
}

/**
 * Renders and assembles the site for a dataset and base URL.
 *
 * @example
 * const site = buildSite(dataset, "http://localhost:8080", assets);
 */
export function buildSite(dataset: Dataset, baseUrl: string, assets: SiteAssets, maps?: PageMaps): Site {
  return assembleSite(renderSiteBodies(dataset, baseUrl, assets.openapi), assets, maps);
}

/**
 * Gives every large body (isLarge) its br and gzip variants (rule 16): bytes
 * from `precompressed` when made at build time for the same identity body,
 * else compressed with `effort` on worker threads. Synchronously, before its
 * first await, it marks each body still to compress as `pending`, so the site
 * can serve at once: a request for such a body waits for its compression (a
 * second or so after start-up), it never compresses one itself. If a worker fails, the
 * waiting requests are released (each body is then compressed on its first request) and the
 * returned promise rejects with a one-line message.
 *
 * @example
 * const done = compressLarge(site, assets.precompressed, STARTUP_EFFORT); // site servable now
 * await done; // every large body coded
 */
export async function compressLarge(site: Site, precompressed: Precompressed | undefined, effort: Effort): Promise<{ adopted: number; compressed: number }> {
  let adopted = 0;
  const jobs: (Job & { rep: Representation })[] = [];
  const left = new Map<Representation, { count: number; resolve: () => void }>();
  for (const path of site.largePaths()) {
    const rep = site.get(path)!;
    const pre = precompressed?.get(path);
    let body: Uint8Array<ArrayBuffer> | undefined; // made once for both codings (a lazy body is made on each `rep.body`)
    for (const coding of ["br", "gzip"] as const) {
      const coded = pre && pre.etag === rep.etag ? pre.coded[coding] : undefined;
      if (coded) {
        rep.adopt(coding, coded.body, coded.tag);
        adopted++;
      } else {
        jobs.push({ rep, body: (body ??= rep.body), coding, effort });
        let entry = left.get(rep);
        if (!entry) {
          let resolve!: () => void;
          rep.pending = new Promise<void>((r) => (resolve = r));
          left.set(rep, (entry = { count: 0, resolve }));
        }
        entry.count++;
      }
    }
  }
  try {
    await compressMany(jobs, undefined, (i, bytes) => {
      const job = jobs[i]!;
      job.rep.adopt(job.coding, bytes, job.coding === "br" ? `br${effort.br}` : `gz${effort.gzip}`);
      const entry = left.get(job.rep)!;
      if (--entry.count === 0) {
        job.rep.pending = undefined;
        entry.resolve();
      }
    });
  } catch (err) {
    // A failed worker leaves bodies uncoded and their `pending` unsettled: requests waiting on them
    // would hang until the idle timeout. Released, they compress their own body on first use
    // (Representation.variant, SMALL_EFFORT), as a small body does.
    for (const [rep, entry] of left) {
      if (entry.count === 0) continue;
      rep.pending = undefined;
      entry.resolve();
    }
    throw new Error(`compressing the large bodies failed (${(err as Error).message}): each is compressed on its first request instead`);
  }
  return { adopted, compressed: jobs.length };
}

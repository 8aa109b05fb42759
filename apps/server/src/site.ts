/**
 * The whole site: every path the service answers with a prepared
 * Representation, built once from the dataset for one base URL (or from the
 * build's snapshot of it, see snapshot.ts). The HTTP layer
 * (app.ts) and the static export (export.ts) both read it.
 */
import type { components } from "@school-districts/api-types";
import type { District, DistrictRecord, StateDistricts, ZipDistricts } from "@school-districts/core";
import { compressMany, type Coding, type Effort, type Job } from "./compress.ts";
import type { Dataset } from "@school-districts/core";
import { districtPage, statePage } from "./district-pages.ts";
import { renderDistrictBodies } from "./districts.ts";
import { aboutPage, type BoundariesFacts, homePage, PAGE_HEADERS, problemPage, zipPage, type PostalZip, type SiteFacts } from "./pages.ts";
import { markdownHtml } from "./markdown.ts";
import { DOCS_SCRIPT } from "./docs.ts";
import { docsPage, docsSectionPage, INTERACTIVE_DOCS, tagSlug, type Spec } from "./docs-page.ts";
import { parsePostal } from "./postal.ts";
import { robotsTxt, sitemaps } from "./sitemap.ts";
import type { PageMaps } from "./page-maps.ts";
import { PROBLEM_KINDS } from "./problems.ts";
import { renderBodies } from "./render.ts";
import { Representation, type LazyBody } from "./representation.ts";

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
  /** The finished Redocly page of /docs/interactive (docs.ts), its script and the CSP allowing them. */
  docs: { html: string; csp: string; script: string };
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
export type Precompressed = Map<string, { etag: string; coded: Partial<Record<Coding, { body: Uint8Array<ArrayBuffer>; tag: string }>> }>;

/** Paths whose coded variants must exist before the first request (rule 16). */
export function isLarge(path: string): boolean {
  return (
    path.startsWith("/state/") || path.startsWith("/bulk/") || path.startsWith("/sitemap") || path === "/index.json" || path === "/openapi.json" || path === "/docs" || path === INTERACTIVE_DOCS || path === DOCS_SCRIPT
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
  /** The representation of a path, or undefined when the service has nothing there. */
  get(path: string): Representation | undefined;
  /** Every path the service answers (for the static export), in a fixed order. */
  paths(): string[];
}

/** The bodies that depend on the dataset and base URL, by path, with what they describe. */
export interface SiteBodies {
  baseUrl: string;
  updated: string;
  records: number;
  /**
   * `/zip/{zip}.json`, `/zip/{zip}/districts.json`, `/state/{state}.json`,
   * `/district/{leaid}.json`, `/state/{state}/districts.json`, `/state/{state}`
   * (the page), `/bulk/*`, `/index.json`, `/openapi.json`: bytes, or (from the
   * snapshot, for large bodies) a function making them when asked.
   */
  bodies: Map<string, RenderedBody>;
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
export function renderSiteBodies(dataset: Dataset, baseUrl: string, openapiText: string): SiteBodies {
  const openapi = JSON.parse(openapiText) as OpenApi;
  const states = [...stateCodes(openapi)].sort();
  const rendered = renderBodies(dataset, baseUrl, states);
  const districts = renderDistrictBodies(dataset, baseUrl, states);
  const encoder = new TextEncoder();
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  dataset.zips.forEach((row, i) => {
    bodies.set(`/zip/${row.zip}.json`, rendered.records[i]!);
    bodies.set(`/zip/${row.zip}/districts.json`, rendered.districts[i]!);
  });
  for (const [state, body] of rendered.states) bodies.set(`/state/${state}.json`, body);
  bodies.set("/bulk/all-districts.json", rendered.bulk);
  bodies.set("/bulk/all-districts.csv", rendered.csv);
  for (const [path, body] of districts.districts) bodies.set(path, encoder.encode(body));
  // State pages are rendered here, not on first request: they are large (compressed at build
  // time, rule 16), and rendering them while start-up compresses large bodies would delay it.
  const facts = { updated: dataset.updated, records: dataset.zips.length, baseUrl };
  for (const [path, body] of districts.states) {
    bodies.set(path, encoder.encode(body));
    bodies.set(path.slice(0, -"/districts.json".length), encoder.encode(statePage(JSON.parse(body) as StateDistricts, facts)));
  }
  bodies.set("/bulk/districts.csv", encoder.encode(districts.csv));
  bodies.set("/index.json", rendered.index);
  openapi.servers = [{ url: baseUrl, description: "This service." }];
  bodies.set("/openapi.json", encoder.encode(JSON.stringify(openapi, null, 2) + "\n"));
  return { baseUrl, updated: dataset.updated, records: dataset.zips.length, bodies };
}

type OpenApi = { servers?: unknown; components: { schemas: { StateCode: { enum: string[] } } } };
function stateCodes(openapi: OpenApi): Set<string> {
  return new Set(openapi.components.schemas.StateCode.enum);
}

/** Content type and extra headers of a path. */
function describe(path: string, docsCsp: string): [string, [string, string][]] {
  if (path.endsWith(".json")) return [TYPES.json, []];
  if (path === "/bulk/all-districts.csv") return [TYPES.csv, [["Content-Disposition", 'attachment; filename="all-districts.csv"']]];
  if (path === "/bulk/districts.csv") return [TYPES.csv, [["Content-Disposition", 'attachment; filename="districts.csv"']]];
  if (path === DOCS_SCRIPT) return [TYPES.js, []];
  if (path === INTERACTIVE_DOCS) {
    // Redoc's page: its own CSP (its script file, the inline scripts it keeps).
    return [TYPES.html, [["Content-Security-Policy", docsCsp], ["X-Content-Type-Options", "nosniff"], ["Referrer-Policy", "no-referrer"]]];
  }
  if (path === "/healthz") return [TYPES.json, []];
  if (path === "/robots.txt") return [TYPES.text, []];
  if (path.startsWith("/sitemap")) return [TYPES.xml, []];
  return [TYPES.html, PAGE_HEADERS];
}

/** How many rendered ZIP and district pages are kept (least recently used dropped first). */
export const PAGE_CACHE = 2_000;

/** Paths of JSON bodies whose page (the path without `.json`) is rendered on request. */
const ZIP_JSON = /^\/zip\/[0-9]{5}\.json$/;
const DISTRICT_JSON = /^\/district\/[0-9]{7}\.json$/;

/**
 * Makes the site from rendered bodies (renderSiteBodies, or the build's
 * snapshot) and the assets; adds the home page, the problem type pages, docs
 * and health. Large bodies get their Representation now (their coded variants
 * come from compressLarge(), which must run before serving); the small ones on
 * first request; ZIP and district pages (41k + 13k HTML bodies) are rendered on
 * request from the JSON bodies (with their maps when `maps` is given) and the last
 * PAGE_CACHE of them kept: a crawl of every page does not keep every page and map in
 * memory, and a page rendered again is the same bytes (same ETag). The rest are kept
 * once made.
 *
 * @example
 * const site = assembleSite(renderSiteBodies(dataset, base, assets.openapi), assets);
 * site.get("/zip/90210.json")?.variant("br").body
 */
export function assembleSite(rendered: SiteBodies, assets: SiteAssets, maps?: PageMaps): Site {
  const { baseUrl, updated, records } = rendered;
  const lastModified = new Date(`${updated}T00:00:00Z`).toUTCString();
  const states = stateCodes(JSON.parse(assets.openapi) as OpenApi);
  const facts: SiteFacts = { updated, records, baseUrl };
  const prepared = new Map<string, Representation>();
  const make = (path: string, body: string | Uint8Array<ArrayBuffer> | LazyBody) => {
    const [type, extra] = describe(path, assets.docs.csp);
    return new Representation(body, type, lastModified, extra);
  };
  const add = (path: string, body: string | Uint8Array<ArrayBuffer> | LazyBody) => void prepared.set(path, make(path, body));
  // The build's snapshot for the build's base URL gives the very bodies whose
  // ETags the precompressed index holds: lazy bodies need not be made to hash them.
  const knownEtags = rendered.fromBuild && assets.precompressedBaseUrl === baseUrl ? assets.precompressed : undefined;
  const decoder = new TextDecoder();
  const json = <T>(path: string) => JSON.parse(decoder.decode(get(path)!.body)) as T;
  const cityOf = (zip: string) => json<DistrictRecord>(`/zip/${zip}.json`).city;
  // Page path -> how to render it.
  const pages = new Map<string, () => string>();
  for (const [path, body] of rendered.bodies) {
    if (typeof body === "function") add(path, { load: body, ...(knownEtags?.has(path) ? { etag: knownEtags.get(path)!.etag } : {}) });
    else if (isLarge(path)) add(path, body);
    if (ZIP_JSON.test(path)) {
      const page = path.slice(0, -5);
      pages.set(page, () => {
        const [r, all] = [json<DistrictRecord>(path), json<ZipDistricts>(`${page}/districts.json`)];
        // A PO-box ZIP's page says when its post office's location chose another district than its ZCTA.
        const zctaChosen = all.zcta === all.zip ? undefined : json<ZipDistricts>(`/zip/${all.zcta}/districts.json`).districts.find((d) => d.chosen);
        return zipPage(r, all, facts, maps?.zip(r, all), zctaChosen);
      });
    } else if (DISTRICT_JSON.test(path)) {
      pages.set(path.slice(0, -5), () => {
        const d = json<District>(path);
        return districtPage(d, cityOf, facts, maps?.district(d));
      });
    }
  }
  // The plain reference (docs-page.ts) first, a page per section (the links of both
  // references' sidebars), then Redoc's page and script (docs.ts).
  const spec = JSON.parse(assets.openapi) as Spec;
  add("/docs", docsPage(spec, facts));
  for (const tag of spec.tags ?? []) add(`/docs/${tagSlug(tag.name)}`, docsSectionPage(spec, tag, facts));
  add(INTERACTIVE_DOCS, assets.docs.html);
  if (assets.docs.script !== "") add(DOCS_SCRIPT, assets.docs.script);
  add("/", homePage(facts, [...states].sort()));
  add("/about", aboutPage(markdownHtml(assets.about.rating), markdownHtml(assets.about.sources), facts, assets.about.boundaries));
  for (const kind of PROBLEM_KINDS) add(`/problems/${kind}`, problemPage(kind, facts));
  add("/robots.txt", robotsTxt(baseUrl));
  // ZIP and district pages (rendered on first request) and the state pages (rendered bodies).
  const statePages = [...prepared.keys()].filter((p) => /^\/state\/[A-Z]{2}$/.test(p));
  const pageUrls = ["/", "/about", "/docs", ...[...statePages, ...pages.keys()].sort()];
  for (const [path, body] of sitemaps(baseUrl, updated, pageUrls)) add(path, body);
  const health: Health = { status: "ok", updated, records };
  add("/healthz", JSON.stringify(health));

  const pageCache = new Map<string, Representation>();
  const get = (path: string): Representation | undefined => {
    let rep = prepared.get(path);
    if (rep) return rep;
    const body = rendered.bodies.get(path);
    if (body !== undefined) {
      prepared.set(path, (rep = make(path, body as Uint8Array<ArrayBuffer>)));
      return rep;
    }
    const cached = pageCache.get(path);
    if (cached) {
      // Most recently used last: the first entry is the one to drop.
      pageCache.delete(path);
      pageCache.set(path, cached);
      return cached;
    }
    const render = pages.get(path);
    if (!render) return undefined;
    const page = new Representation(render(), TYPES.html, lastModified, PAGE_HEADERS);
    pageCache.set(path, page);
    if (pageCache.size > PAGE_CACHE) pageCache.delete(pageCache.keys().next().value!);
    return page;
  };
  const postal = parsePostal(assets.postal);
  let cities: Map<string, string[]> | undefined;
  const cityZips = (city: string, state: string): string[] => {
    if (!cities) {
      // Built on the first PO-box page from /index.json (zip, city, state of every record).
      cities = new Map();
      const index = JSON.parse(decoder.decode(get("/index.json")!.body)) as { zip: string; city: string; state: string }[];
      for (const entry of index) {
        const key = `${entry.city.toLowerCase()}|${entry.state}`;
        const list = cities.get(key);
        if (list) list.push(entry.zip);
        else cities.set(key, [entry.zip]);
      }
    }
    return cities.get(`${city.toLowerCase()}|${state}`) ?? [];
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
    get,
    paths: () => [...new Set([...rendered.bodies.keys(), ...prepared.keys(), ...pages.keys()])],
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
 * second or so after start-up), it never compresses one itself.
 *
 * @example
 * const done = compressLarge(site, assets.precompressed, STARTUP_EFFORT); // site servable now
 * await done; // every large body coded
 */
export async function compressLarge(site: Site, precompressed: Precompressed | undefined, effort: Effort): Promise<{ adopted: number; compressed: number }> {
  let adopted = 0;
  const jobs: (Job & { rep: Representation })[] = [];
  const left = new Map<Representation, { count: number; resolve: () => void }>();
  for (const path of site.paths()) {
    if (!isLarge(path)) continue;
    const rep = site.get(path)!;
    const pre = precompressed?.get(path);
    for (const coding of ["br", "gzip"] as const) {
      const coded = pre && pre.etag === rep.etag ? pre.coded[coding] : undefined;
      if (coded) {
        rep.adopt(coding, coded.body, coded.tag);
        adopted++;
      } else {
        jobs.push({ rep, body: rep.body, coding, effort });
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
  await compressMany(jobs, undefined, (i, bytes) => {
    const job = jobs[i]!;
    job.rep.adopt(job.coding, bytes, job.coding === "br" ? `br${effort.br}` : `gz${effort.gzip}`);
    const entry = left.get(job.rep)!;
    if (--entry.count === 0) {
      job.rep.pending = undefined;
      entry.resolve();
    }
  });
  return { adopted, compressed: jobs.length };
}

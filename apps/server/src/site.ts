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
import { homePage, PAGE_HEADERS, problemPage, zipPage } from "./pages.ts";
import { PROBLEM_KINDS } from "./problems.ts";
import { renderBodies } from "./render.ts";
import { Representation } from "./representation.ts";

type Health = components["schemas"]["Health"];

/** Content types of the service's bodies. */
export const TYPES = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/html; charset=utf-8",
  problem: "application/problem+json; charset=utf-8",
} as const;

/** Files that are not derived from the dataset: the contract and the docs page. */
export interface SiteAssets {
  /** openapi/openapi.json as written. */
  openapi: string;
  /** Redocly build-docs output and the CSP allowing its inline scripts. */
  docs: { html: string; csp: string };
  /** Coded bodies made at build time, used when their identity ETag matches. */
  precompressed?: Precompressed;
}

/** Coded bodies made ahead of time, keyed by path. */
export type Precompressed = Map<string, { etag: string; coded: Partial<Record<Coding, { body: Uint8Array<ArrayBuffer>; tag: string }>> }>;

/** Paths whose coded variants must exist before the first request (rule 16). */
export function isLarge(path: string): boolean {
  return path.startsWith("/state/") || path.startsWith("/bulk/") || path === "/index.json" || path === "/openapi.json" || path === "/docs";
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
  /** The representation of a path, or undefined when the service has nothing there. */
  get(path: string): Representation | undefined;
  /** Every path the service answers (for the static export). */
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
   * (the page), `/bulk/*`, `/index.json`, `/openapi.json`.
   */
  bodies: Map<string, Uint8Array<ArrayBuffer>>;
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
  const facts = { updated: dataset.updated, records: dataset.zips.length };
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
  if (path === "/docs") {
    return [TYPES.html, [["Content-Security-Policy", docsCsp], ["X-Content-Type-Options", "nosniff"], ["Referrer-Policy", "no-referrer"]]];
  }
  if (path === "/healthz") return [TYPES.json, []];
  return [TYPES.html, PAGE_HEADERS];
}

/** Paths of JSON bodies whose page (the path without `.json`) is rendered on first request. */
const ZIP_JSON = /^\/zip\/[0-9]{5}\.json$/;
const DISTRICT_JSON = /^\/district\/[0-9]{7}\.json$/;

/**
 * Makes the site from rendered bodies (renderSiteBodies, or the build's
 * snapshot) and the assets; adds the home page, the problem type pages, docs
 * and health. ZIP and district pages (34k + 13k HTML bodies) are rendered on
 * first request from the JSON bodies, and kept. Large bodies get their coded variants from
 * compressLarge(), which must run before serving.
 *
 * @example
 * const site = assembleSite(renderSiteBodies(dataset, base, assets.openapi), assets);
 * site.get("/zip/90210.json")?.variant("br").body
 */
export function assembleSite(rendered: SiteBodies, assets: SiteAssets): Site {
  const { baseUrl, updated, records } = rendered;
  const lastModified = new Date(`${updated}T00:00:00Z`).toUTCString();
  const states = stateCodes(JSON.parse(assets.openapi) as OpenApi);
  const facts = { updated, records };
  const prepared = new Map<string, Representation>();
  const add = (path: string, body: string | Uint8Array<ArrayBuffer>) => {
    const [type, extra] = describe(path, assets.docs.csp);
    prepared.set(path, new Representation(body, type, lastModified, extra));
  };
  const decoder = new TextDecoder();
  const json = <T>(path: string) => JSON.parse(decoder.decode(prepared.get(path)!.body)) as T;
  const cityOf = (zip: string) => json<DistrictRecord>(`/zip/${zip}.json`).city;
  // Page path -> how to render it.
  const pages = new Map<string, () => string>();
  for (const [path, body] of rendered.bodies) {
    add(path, body);
    if (ZIP_JSON.test(path)) {
      const page = path.slice(0, -5);
      pages.set(page, () => zipPage(json<DistrictRecord>(path), json<ZipDistricts>(`${page}/districts.json`), facts));
    } else if (DISTRICT_JSON.test(path)) {
      pages.set(path.slice(0, -5), () => districtPage(json<District>(path), cityOf, facts));
    }
  }
  add("/docs", assets.docs.html);
  add("/", homePage(facts));
  for (const kind of PROBLEM_KINDS) add(`/problems/${kind}`, problemPage(kind, baseUrl, facts));
  const health: Health = { status: "ok", updated, records };
  add("/healthz", JSON.stringify(health));

  const get = (path: string): Representation | undefined => {
    const rep = prepared.get(path);
    if (rep) return rep;
    const render = pages.get(path);
    if (!render) return undefined;
    const page = new Representation(render(), TYPES.html, lastModified, PAGE_HEADERS);
    prepared.set(path, page);
    pages.delete(path);
    return page;
  };
  return { baseUrl, updated, lastModified, records, states, get, paths: () => [...prepared.keys(), ...pages.keys()].sort() };
}

/**
 * Renders and assembles the site for a dataset and base URL.
 *
 * @example
 * const site = buildSite(dataset, "http://localhost:8080", assets);
 */
export function buildSite(dataset: Dataset, baseUrl: string, assets: SiteAssets): Site {
  return assembleSite(renderSiteBodies(dataset, baseUrl, assets.openapi), assets);
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

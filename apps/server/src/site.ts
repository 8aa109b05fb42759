/**
 * The whole site: every path the service answers with a prepared
 * Representation, built once from the dataset for one base URL. The HTTP layer
 * (app.ts) and the static export (export.ts) both read it.
 */
import type { BulkCollection, DistrictRecord, IndexEntry, StateCollection } from "@school-districts/core";
import { CSV_COLUMNS, RECORD_LICENSE, RECORD_SOURCE } from "@school-districts/core";
import type { components } from "@school-districts/api-types";
import type { Coding, Effort } from "./compress.ts";
import { toCsv } from "./csv.ts";
import type { Dataset } from "./dataset.ts";
import { homePage, PAGE_HEADERS, zipPage } from "./pages.ts";
import { indexEntry, zipDistricts, zipRecord } from "./records.ts";
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

const encoder = new TextEncoder();

/** Joins byte strings with a separator between them, wrapped in `head` and `tail`. */
function join(head: string, parts: readonly Uint8Array[], sep: string, tail: string): Uint8Array<ArrayBuffer> {
  const h = encoder.encode(head);
  const s = encoder.encode(sep);
  const t = encoder.encode(tail);
  let size = h.length + t.length + Math.max(0, parts.length - 1) * s.length;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  out.set(h, 0);
  let at = h.length;
  parts.forEach((p, i) => {
    if (i > 0) {
      out.set(s, at);
      at += s.length;
    }
    out.set(p, at);
    at += p.length;
  });
  out.set(t, at);
  return out;
}

/** JSON.stringify of an object whose last member is `key`, with `parts` as that array, built from bytes. */
function jsonWithArray(head: object, key: string, parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const open = JSON.stringify({ ...head, [key]: [] }).slice(0, -2);
  return join(open, parts, ",", "]}");
}

/**
 * Builds every representation. Each record is serialized once; the state, bulk
 * and index bodies are joined from those bytes. Large bodies get their coded
 * variants from compressLarge(), which must run before serving. ZIP pages (33k HTML bodies, 4 KB
 * each) are rendered on first request and kept.
 *
 * @example
 * const site = buildSite(dataset, "http://localhost:8080", assets);
 * site.get("/zip/90210.json")?.variant("br").body
 */
export function buildSite(dataset: Dataset, baseUrl: string, assets: SiteAssets): Site {
  const lastModified = new Date(`${dataset.updated}T00:00:00Z`).toUTCString();
  const openapi = JSON.parse(assets.openapi) as { servers?: unknown; components: { schemas: { StateCode: { enum: string[] } } } };
  const states = new Set(openapi.components.schemas.StateCode.enum);
  const prepared = new Map<string, Representation>();
  const lazy = new Map<string, () => Representation>();
  const add = (path: string, body: string | Uint8Array<ArrayBuffer>, type: string, extra: [string, string][] = []) =>
    prepared.set(path, new Representation(body, type, lastModified, extra));
  const facts = { updated: dataset.updated, records: dataset.zips.length };

  const records: DistrictRecord[] = [];
  const recordBytes: Uint8Array<ArrayBuffer>[] = [];
  const byState = new Map<string, Uint8Array<ArrayBuffer>[]>([...states].sort().map((s) => [s, []]));
  for (const row of dataset.zips) {
    const record = zipRecord(dataset, row, baseUrl);
    const districts = zipDistricts(dataset, row);
    const bytes = encoder.encode(JSON.stringify(record));
    records.push(record);
    recordBytes.push(bytes);
    byState.get(record.state)?.push(bytes);
    add(`/zip/${row.zip}.json`, bytes, TYPES.json);
    add(`/zip/${row.zip}/districts.json`, JSON.stringify(districts), TYPES.json);
    lazy.set(`/zip/${row.zip}`, () => new Representation(zipPage(record, districts, facts), TYPES.html, lastModified, PAGE_HEADERS));
  }
  for (const [state, list] of byState) {
    const head: Omit<StateCollection, "records"> = { state: state as StateCollection["state"], count: list.length, source: RECORD_SOURCE, license: RECORD_LICENSE };
    add(`/state/${state}.json`, jsonWithArray(head, "records", list), TYPES.json);
  }
  const bulkHead: Omit<BulkCollection, "records"> = { total: records.length, source: RECORD_SOURCE, license: RECORD_LICENSE, updated: dataset.updated };
  add("/bulk/all-districts.json", jsonWithArray(bulkHead, "records", recordBytes), TYPES.json);
  let csv = toCsv([CSV_COLUMNS]);
  for (const r of records) csv += toCsv([CSV_COLUMNS.map((c) => (r[c] === null ? "" : String(r[c])))]);
  add("/bulk/all-districts.csv", csv, TYPES.csv, [["Content-Disposition", 'attachment; filename="all-districts.csv"']]);
  const index = records.map((r) => encoder.encode(JSON.stringify(indexEntry(r, baseUrl) satisfies IndexEntry)));
  add("/index.json", join("[", index, ",", "]"), TYPES.json);
  openapi.servers = [{ url: baseUrl, description: "This service." }];
  add("/openapi.json", JSON.stringify(openapi, null, 2) + "\n", TYPES.json);
  add("/docs", assets.docs.html, TYPES.html, [
    ["Content-Security-Policy", assets.docs.csp],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "no-referrer"],
  ]);
  add("/", homePage(facts), TYPES.html, PAGE_HEADERS);
  const health: Health = { status: "ok", updated: dataset.updated, records: records.length };
  add("/healthz", JSON.stringify(health), TYPES.json);

  const get = (path: string) => {
    const rep = prepared.get(path);
    if (rep) return rep;
    const render = lazy.get(path);
    if (!render) return undefined;
    const made = render();
    prepared.set(path, made);
    lazy.delete(path);
    return made;
  };
  const site: Site = {
    baseUrl,
    updated: dataset.updated,
    lastModified,
    records: records.length,
    states,
    get,
    paths: () => [...prepared.keys(), ...lazy.keys()].sort(),
  };
  return site;
}

/**
 * Gives every large body (isLarge) its br and gzip variants before the first
 * request (rule 16): bytes from `precompressed` when made at build time for the
 * same identity body, else compressed now with `effort`, in parallel on the
 * thread pool.
 *
 * @example
 * await compressLarge(site, assets.precompressed, STARTUP_EFFORT);
 */
export async function compressLarge(site: Site, precompressed: Precompressed | undefined, effort: Effort): Promise<{ adopted: number; compressed: number }> {
  let adopted = 0;
  const jobs: Promise<void>[] = [];
  for (const path of site.paths()) {
    if (!isLarge(path)) continue;
    const rep = site.get(path)!;
    const pre = precompressed?.get(path);
    for (const coding of ["br", "gzip"] as const) {
      const coded = pre && pre.etag === rep.etag ? pre.coded[coding] : undefined;
      if (coded) {
        rep.adopt(coding, coded.body, coded.tag);
        adopted++;
      } else jobs.push(rep.prepareAsync(coding, effort));
    }
  }
  // Largest first would be ideal; the pool runs them 4 at a time either way.
  await Promise.all(jobs);
  return { adopted, compressed: jobs.length };
}

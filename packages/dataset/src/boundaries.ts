/**
 * Readers for the boundary sources of the raw folder (README sections 11 and 13):
 * Census 2016 cartographic school-district boundaries (unified, elementary, secondary;
 * one zipped shapefile per state and level) and the 2010 ZCTA polygons (one gzipped
 * GeoJSON per state). Both are lon/lat degrees (NAD83), returned as multipolygons.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { unzipSync } from "fflate";
import { open } from "shapefile";
import type { Geometry } from "geojson";
import { InputError } from "./errors.ts";

export const BOUNDARY_DIR = "census-cb2016-school-district-boundaries";
export const ZCTA_DIR = "census-cb2019-zcta10-by-state";

export type BoundaryLevel = "unified" | "elementary" | "secondary";
export const BOUNDARY_LEVELS: readonly BoundaryLevel[] = ["unified", "elementary", "secondary"];

/** A ring is a closed list of [lon, lat]; a polygon is an outer ring then its holes. */
export type Ring = [number, number][];
export type Polygon = Ring[];
/** Every geometry as a list of polygons (a plain polygon is a list of one). */
export type MultiPolygon = Polygon[];

export interface DistrictBoundary {
  /** NCES LEAID, 7 characters (the shapefile's GEOID) */
  leaid: string;
  level: BoundaryLevel;
  /** the Census name, e.g. "Billings Elementary School District" */
  name: string;
  /** 2-digit state FIPS */
  statefp: string;
  /** land area in square metres (ALAND) */
  aland: number;
  /** water area in square metres (AWATER) */
  awater: number;
  polygons: MultiPolygon;
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: [number, number, number, number];
}

export interface ZctaBoundary {
  /** 2010 ZCTA, 5 characters */
  zcta: string;
  aland: number;
  polygons: MultiPolygon;
  bbox: [number, number, number, number];
}

function toMultiPolygon(g: Geometry | null, file: string, what: string): MultiPolygon {
  if (g === null) return [];
  if (g.type === "Polygon") return [g.coordinates as Polygon];
  if (g.type === "MultiPolygon") return g.coordinates as MultiPolygon;
  throw new InputError(file, 0, `${what}: geometry type ${g.type}, expected Polygon or MultiPolygon`);
}

/** Bounding box of a multipolygon's outer rings. */
export function bboxOf(polygons: MultiPolygon): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of polygons) {
    for (const [x, y] of p[0] ?? []) {
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
    }
  }
  return [x0, y0, x1, y1];
}

/** One zipped Census shapefile set -> its features (as the shapefile package reads them). */
async function readZippedShapefile(path: string): Promise<{ properties: Record<string, unknown>; geometry: Geometry | null }[]> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(readFileSync(path)));
  } catch (e) {
    throw new InputError(path, 0, `not a readable zip (${(e as Error).message})`);
  }
  const names = Object.keys(files);
  const shp = names.find((n) => n.toLowerCase().endsWith(".shp"));
  const dbf = names.find((n) => n.toLowerCase().endsWith(".dbf"));
  if (shp === undefined || dbf === undefined) throw new InputError(path, 0, "the zip holds no .shp and .dbf pair");
  const buf = (u: Uint8Array) => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;
  const source = await open(buf(files[shp]!), buf(files[dbf]!), { encoding: "utf-8" });
  const out: { properties: Record<string, unknown>; geometry: Geometry | null }[] = [];
  for (;;) {
    const r = await source.read();
    if (r.done) break;
    out.push({ properties: (r.value.properties ?? {}) as Record<string, unknown>, geometry: r.value.geometry as Geometry | null });
  }
  return out;
}

/**
 * Every school-district boundary of section 11, all three levels, sorted by level
 * (unified, elementary, secondary), then LEAID. A LEAID that appears twice in one
 * level (it does not in the 2016 files) keeps both polygons, merged.
 *
 * @example
 * const districts = await readDistrictBoundaries("../shared/data/raw");
 * districts.find((d) => d.leaid === "3004620")?.name; // "Billings Elementary School District"
 */
export async function readDistrictBoundaries(rawDir: string): Promise<DistrictBoundary[]> {
  const out: DistrictBoundary[] = [];
  const codeColumn: Record<BoundaryLevel, string> = { unified: "UNSDLEA", elementary: "ELSDLEA", secondary: "SCSDLEA" };
  for (const level of BOUNDARY_LEVELS) {
    const dir = join(rawDir, BOUNDARY_DIR, level);
    let zips: string[];
    try {
      zips = readdirSync(dir).filter((f) => f.endsWith(".zip")).sort();
    } catch {
      throw new InputError(dir, 0, "folder missing (raw README section 11)");
    }
    if (zips.length === 0) throw new InputError(dir, 0, "no zipped shapefiles");
    const byLeaid = new Map<string, DistrictBoundary>();
    for (const z of zips) {
      const path = join(dir, z);
      for (const f of await readZippedShapefile(path)) {
        const p = f.properties;
        const geoid = String(p.GEOID ?? "");
        const statefp = String(p.STATEFP ?? "");
        if (!/^[0-9]{7}$/.test(geoid) || geoid !== statefp + String(p[codeColumn[level]] ?? "")) {
          throw new InputError(path, 0, `feature with GEOID "${geoid}": expected STATEFP + ${codeColumn[level]}`);
        }
        const polygons = toMultiPolygon(f.geometry, path, geoid);
        const prev = byLeaid.get(geoid);
        if (prev !== undefined) {
          prev.polygons.push(...polygons);
          prev.bbox = bboxOf(prev.polygons);
          prev.aland += Number(p.ALAND ?? 0);
          prev.awater += Number(p.AWATER ?? 0);
          continue;
        }
        byLeaid.set(geoid, { leaid: geoid, level, name: String(p.NAME ?? ""), statefp, aland: Number(p.ALAND ?? 0), awater: Number(p.AWATER ?? 0), polygons, bbox: bboxOf(polygons) });
      }
    }
    out.push(...[...byLeaid.values()].sort((a, b) => (a.leaid < b.leaid ? -1 : a.leaid > b.leaid ? 1 : 0)));
  }
  return out;
}

/**
 * Every 2010 ZCTA polygon of section 13, sorted by ZCTA. A ZCTA that crosses a state line
 * is in each state's file; the first file (by name) that has it is kept.
 *
 * @example
 * const zctas = readZctaBoundaries("../shared/data/raw");
 * zctas.find((z) => z.zcta === "59101")?.bbox;
 */
export function readZctaBoundaries(rawDir: string): ZctaBoundary[] {
  const dir = join(rawDir, ZCTA_DIR);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith("_zctas.geojson.gz")).sort();
  } catch {
    throw new InputError(dir, 0, "folder missing (raw README section 13)");
  }
  if (files.length === 0) throw new InputError(dir, 0, "no *_zctas.geojson.gz files");
  const byZcta = new Map<string, ZctaBoundary>();
  for (const f of files) {
    const path = join(dir, f);
    let fc: { features?: { properties?: Record<string, unknown>; geometry: Geometry | null }[] };
    try {
      fc = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8"));
    } catch (e) {
      throw new InputError(path, 0, `not gzipped GeoJSON (${(e as Error).message})`);
    }
    if (!Array.isArray(fc.features)) throw new InputError(path, 0, "no features array");
    for (const feat of fc.features) {
      const zcta = String(feat.properties?.ZCTA5CE10 ?? "");
      if (!/^[0-9]{5}$/.test(zcta)) throw new InputError(path, 0, `feature with ZCTA5CE10 "${zcta}"`);
      if (byZcta.has(zcta)) continue;
      const polygons = toMultiPolygon(feat.geometry, path, zcta);
      byZcta.set(zcta, { zcta, aland: Number(feat.properties?.ALAND10 ?? 0), polygons, bbox: bboxOf(polygons) });
    }
  }
  return [...byZcta.values()].sort((a, b) => (a.zcta < b.zcta ? -1 : 1));
}

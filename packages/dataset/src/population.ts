/**
 * 2020 population evidence for ZCTA x district pieces (share method v2): every 2020
 * census block group (raw section 12) is placed, by its population-weighted centre, in
 * the 2010 ZCTA polygon (section 13) and the unified, elementary and secondary district
 * polygons (section 11) that contain it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import Flatbush from "flatbush";
import { readDistrictBoundaries, readZctaBoundaries, type BoundaryLevel } from "./boundaries.ts";
import { InputError } from "./errors.ts";
import { PolygonIndex } from "./polygon-index.ts";
import { loadZctaPoints, loadZipCentres, type LonLat } from "./points.ts";

export const BLOCK_GROUP_FILE = "ejam-bg-cenpop2020-derived/bg_cenpop2020.csv.gz";

interface BlockGroup {
  lon: number;
  lat: number;
  pop: number;
}

/**
 * The 2020 block-group centres with their population (section 12), in file order.
 *
 * @example
 * loadBlockGroups("../shared/data/raw").length; // 242,335
 */
export function loadBlockGroups(rawDir: string): BlockGroup[] {
  const path = join(rawDir, BLOCK_GROUP_FILE);
  let text: string;
  try {
    text = gunzipSync(readFileSync(path)).toString("utf8");
  } catch (e) {
    throw new InputError(path, 0, `missing or not gzip (${(e as Error).message})`);
  }
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const out: BlockGroup[] = [];
  rows.forEach((r, i) => {
    const lat = Number(r.lat);
    const lon = Number(r.lon);
    const pop = Number(r.pop2020);
    if (r.lat === undefined || r.lon === undefined || r.pop2020 === undefined) throw new InputError(path, i + 2, "expected columns lat, lon, pop2020");
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(pop) || pop < 0) {
      throw new InputError(path, i + 2, `bad row lat "${r.lat}", lon "${r.lon}", pop2020 "${r.pop2020}"`);
    }
    out.push({ lon, lat, pop });
  });
  return out;
}

/**
 * How a block group's people are spread around its centre: the centre keeps `centre`, and
 * each ring of six points at `radius` x the distance to the nearest other block-group
 * centre (capped at `capKm`) gets `weight`, split evenly. A block group covers roughly the
 * disc of half that distance, so the rings sample its own area with weights decaying with
 * distance from where its people are centred.
 */
export const SPREAD = {
  centre: 0.4,
  rings: [
    { radius: 0.3, weight: 0.36, turn: 0 },
    { radius: 0.6, weight: 0.24, turn: Math.PI / 6 },
  ],
  capKm: 8,
} as const;

const KM_PER_DEG_LAT = 110.57;

/** Distance (km) from each block group to the nearest other one (0 when alone at a point). */
function nearestDistances(bgs: readonly BlockGroup[]): number[] {
  const idx = new Flatbush(bgs.length);
  for (const b of bgs) idx.add(b.lon, b.lat, b.lon, b.lat);
  idx.finish();
  return bgs.map((b, i) => {
    const k = Math.cos((b.lat * Math.PI) / 180) * 111.32;
    const near = idx.neighbors(b.lon, b.lat, 2, Infinity, (j) => j !== i);
    if (near.length === 0) return 0;
    const o = bgs[near[0]!]!;
    return Math.hypot((o.lon - b.lon) * k, (o.lat - b.lat) * KM_PER_DEG_LAT);
  });
}

/** Where the block-group population of the country lies: per 2010 ZCTA, per district. */
export interface PopulationEvidence {
  /** 2010 ZCTAs that have a polygon */
  zctas: Set<string>;
  /** ZCTA -> district LEAID (any level) -> 2020 population whose centre is in both */
  zctaDistrict: Map<string, Map<string, number>>;
  /**
   * ZCTA -> district LEAID -> 2020 population spread around the block-group centres
   * (see SPREAD): a dasymetric estimate with distance decay
   */
  zctaDistrictSpread: Map<string, Map<string, number>>;
  /**
   * 2020 ZCTA -> district LEAID -> 2020 population of the block groups whose centre lies in
   * the district polygon and is nearer to this ZCTA's 2020 internal point than to any other's
   * (a Voronoi stand-in for the ZCTA polygon: the only placement for ZCTAs new since 2010,
   * which have no 2010 polygon)
   */
  zctaDistrictNearest: Map<string, Map<string, number>>;
  /**
   * ZIP -> the districts (unified, elementary, secondary; Census LEAIDs) whose polygon holds the
   * ZIP's centre in the raw ZIP lists (GeoNames, else zipcodes): a location, not people, measured
   * in VALIDATION.md as the evidence where no one is placed
   */
  zipCentreDistricts: Map<string, string[]>;
  /**
   * The people an elementary polygon and a secondary polygon both hold, per ZCTA, keyed
   * "elementary LEAID|secondary LEAID": as zctaDistrictSpread (`spread`), zctaDistrict
   * (`centre`) and zctaDistrictNearest (`nearest`) place them. A K-12 district that replaced
   * an elementary one since 2016 takes its people off the high-school polygon over it (build.ts).
   */
  pairs: { spread: Map<string, Map<string, number>>; centre: Map<string, Map<string, number>>; nearest: Map<string, Map<string, number>> };
  /** ZCTA -> 2020 population whose centre is in the ZCTA */
  zctaPop: Map<string, number>;
  /** district LEAID -> 2020 population whose centre is in it */
  districtPop: Map<string, number>;
  /** district LEAID -> its boundary level (the folder of section 11 it is in) */
  districtLevel: Map<string, BoundaryLevel>;
  /** district LEAID -> the land of its 2016 polygon, square miles (the shapefile's ALAND) */
  districtLand: Map<string, number>;
  /** block groups, people, and how many of them fell in no ZCTA polygon */
  counts: { blockGroups: number; people: number; outsideZctas: number; outsideDistricts: number };
}

/** ALAND is in square metres, GRF21's LANDAREA in square miles. */
const SQUARE_METRES_PER_SQUARE_MILE = 2_589_988.110336;

/**
 * Reads sections 11-13 and places every block group (the slow part of the build: about a
 * million point-in-polygon lookups).
 *
 * @example
 * const ev = await readPopulationEvidence("../shared/data/raw");
 * ev.zctaDistrict.get("59101")?.get("3004620"); // people of 59101 in Billings Elementary
 */
export async function readPopulationEvidence(rawDir: string): Promise<PopulationEvidence> {
  const districts = await readDistrictBoundaries(rawDir);
  const points = [...loadZctaPoints(rawDir)].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const nearestZcta = nearestPointIndex(points.map(([, p]) => p));
  const zctas = readZctaBoundaries(rawDir);
  const bgs = loadBlockGroups(rawDir);
  const layers = (["unified", "elementary", "secondary"] as const).map((l) => new PolygonIndex(districts.filter((d) => d.level === l)));
  const zIndex = new PolygonIndex(zctas);
  const ev: PopulationEvidence = {
    ...emptyEvidence(),
    zctas: new Set(zctas.map((z) => z.zcta)),
    districtLevel: new Map(districts.map((d) => [d.leaid, d.level])),
    districtLand: new Map(districts.map((d) => [d.leaid, d.aland / SQUARE_METRES_PER_SQUARE_MILE])),
    counts: { blockGroups: bgs.length, people: 0, outsideZctas: 0, outsideDistricts: 0 },
  };
  for (const [zip, c] of [...loadZipCentres(rawDir)].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const at = layers.map((layer) => layer.findIndex(c.point[0], c.point[1])).flatMap((h, l) => (h === -1 ? [] : [layers[l]!.items[h]!.leaid]));
    if (at.length > 0) ev.zipCentreDistricts.set(zip, at);
  }
  const nearest = nearestDistances(bgs);
  const add = (m: Map<string, Map<string, number>>, z: string, leaid: string, v: number) => {
    const inner = m.get(z) ?? m.set(z, new Map()).get(z)!;
    inner.set(leaid, (inner.get(leaid) ?? 0) + v);
  };
  for (const [i, bg] of bgs.entries()) {
    if (bg.pop === 0) continue;
    ev.counts.people += bg.pop;
    const zi = zIndex.findIndex(bg.lon, bg.lat);
    const z = zi === -1 ? undefined : zctas[zi]!.zcta;
    const found: string[] = [];
    const hints = layers.map((layer) => layer.findIndex(bg.lon, bg.lat));
    hints.forEach((h, l) => {
      if (h !== -1) found.push(layers[l]!.items[h]!.leaid);
    });
    // The spread: samples around the centre, each placed like the centre.
    const r = Math.min(nearest[i]!, SPREAD.capKm);
    const kx = Math.cos((bg.lat * Math.PI) / 180) * 111.32;
    const samples: [number, number, number][] = [[bg.lon, bg.lat, SPREAD.centre]];
    if (r > 0) {
      for (const ring of SPREAD.rings) {
        for (let k = 0; k < 6; k++) {
          const a = ring.turn + (k * Math.PI) / 3;
          samples.push([bg.lon + (Math.cos(a) * ring.radius * r) / kx, bg.lat + (Math.sin(a) * ring.radius * r) / KM_PER_DEG_LAT, ring.weight / 6]);
        }
      }
    } else samples[0]![2] = 1;
    for (const [k, [x, y, w]] of samples.entries()) {
      const si = k === 0 ? zi : zIndex.findIndexNear(x, y, zi);
      if (si === -1) continue;
      const sz = zctas[si]!.zcta;
      const at: number[] = [];
      for (const [l, layer] of layers.entries()) {
        const d = k === 0 ? hints[l]! : layer.findIndexNear(x, y, hints[l]!);
        at.push(d);
        if (d !== -1) add(ev.zctaDistrictSpread, sz, layer.items[d]!.leaid, w * bg.pop);
      }
      if (at[1] !== -1 && at[2] !== -1) add(ev.pairs.spread, sz, `${layers[1]!.items[at[1]!]!.leaid}|${layers[2]!.items[at[2]!]!.leaid}`, w * bg.pop);
    }
    // The centre's elementary and secondary polygons, if both.
    const pair = hints[1] !== -1 && hints[2] !== -1 ? `${layers[1]!.items[hints[1]!]!.leaid}|${layers[2]!.items[hints[2]!]!.leaid}` : undefined;
    const near = nearestZcta(bg.lon, bg.lat);
    if (near !== -1) for (const leaid of found) add(ev.zctaDistrictNearest, points[near]![0], leaid, bg.pop);
    if (near !== -1 && pair !== undefined) add(ev.pairs.nearest, points[near]![0], pair, bg.pop);
    if (found.length === 0) ev.counts.outsideDistricts += bg.pop;
    for (const leaid of found) ev.districtPop.set(leaid, (ev.districtPop.get(leaid) ?? 0) + bg.pop);
    if (z === undefined) {
      ev.counts.outsideZctas += bg.pop;
      continue;
    }
    ev.zctaPop.set(z, (ev.zctaPop.get(z) ?? 0) + bg.pop);
    const m = ev.zctaDistrict.get(z) ?? ev.zctaDistrict.set(z, new Map()).get(z)!;
    for (const leaid of found) m.set(leaid, (m.get(leaid) ?? 0) + bg.pop);
    if (pair !== undefined) add(ev.pairs.centre, z, pair, bg.pop);
  }
  return ev;
}

/**
 * The index of the nearest of `points` to a lon/lat ([-1] when there are none), measured on a
 * sinusoidal projection (longitude scaled by the cosine of the latitude) so a degree of
 * longitude counts for what it is at that latitude.
 */
function nearestPointIndex(points: readonly LonLat[]): (lon: number, lat: number) => number {
  if (points.length === 0) return () => -1;
  const x = (lon: number, lat: number) => lon * Math.cos((lat * Math.PI) / 180);
  const idx = new Flatbush(points.length);
  for (const [lon, lat] of points) idx.add(x(lon, lat), lat, x(lon, lat), lat);
  idx.finish();
  return (lon, lat) => idx.neighbors(x(lon, lat), lat, 1)[0] ?? -1;
}

/** Evidence that counts no one (a build without the boundary sources: land decides where Geocorr does not). */
export function emptyEvidence(): PopulationEvidence {
  return {
    zctas: new Set(),
    zctaDistrict: new Map(),
    zctaDistrictSpread: new Map(),
    zctaDistrictNearest: new Map(),
    pairs: { spread: new Map(), centre: new Map(), nearest: new Map() },
    zipCentreDistricts: new Map(),
    zctaPop: new Map(),
    districtPop: new Map(),
    districtLevel: new Map(),
    districtLand: new Map(),
    counts: { blockGroups: 0, people: 0, outsideZctas: 0, outsideDistricts: 0 },
  };
}

/**
 * The boundary step of the build (issue 12): the Census 2016 school-district
 * boundaries joined to today's districts, simplified and quantized as TopoJSON
 * (topojson-server, topojson-simplify, topojson-client) into `boundaries.topojson`,
 * with the 2020 ZCTA internal points; and `BOUNDARIES.md`, the join report and the
 * validation of lookups against independent evidence (Geocorr 2010 ZCTA districts,
 * ZIP centres of the ZIP lists).
 */
import { topology } from "topojson-server";
import { presimplify, simplify } from "topojson-simplify";
import { quantize } from "topojson-client";
import pointInPolygon from "point-in-polygon-hao";
import { intersection } from "polyclip-ts";
import { LocationIndex, type BoundaryLevel, type FormerDistrict, TERRITORIES } from "@school-districts/core";
import { build, type BuildOptions, type BuildResult, type BuildStats } from "./build.ts";
import { readDistrictBoundaries, readZctaBoundaries, type DistrictBoundary, type MultiPolygon, type ZctaBoundary } from "./boundaries.ts";
import { placeByLocation, type PostOfficeLocations } from "./postoffice.ts";
import { loadGeocorrZctas, loadZctaPoints, loadZipCentres, type LonLat } from "./points.ts";
import { addZctaOutlines } from "./zcta-outlines.ts";
import { REGULAR_LEA_TYPES } from "./sources.ts";
import { polygonArea, splitByZcta, type PolygonPart } from "./split-polygons.ts";
import { thousands } from "./thousands.ts";

/** Simplification: Visvalingam triangle area below which a point is dropped (square degrees, about 28,000 m² at 40° N). */
export const SIMPLIFY_MIN_WEIGHT = 3e-6;
/** Quantization of the file: 1e7 steps over the extent (about 4 m in longitude, 1 m in latitude). */
export const QUANTIZATION = 1e7;
export const BOUNDARY_FILE = "boundaries.topojson";
export const BOUNDARY_METADATA = {
  source: "U.S. Census Bureau, cartographic boundary files, school districts (unified, elementary, secondary), 2016",
  vintage: "2016 (school year 2015-16)",
  scale: "1:500,000",
  simplified: `Visvalingam, minimum triangle area ${SIMPLIFY_MIN_WEIGHT} square degrees (topology preserved)`,
  zcta_points: "Census 2020 ZCTA Gazetteer internal points",
};
const LEVEL_CODE: Record<BoundaryLevel, string> = { unified: "U", elementary: "E", secondary: "S" };

/** How a Census placeholder "School District Not Defined" (LEAID ending 99997) is joined: to no district. */
const NO_DISTRICT = "no district (Census placeholder)";

/** Whether a 2016 polygon is drawn as land in no school district (`no_district`): a placeholder that is mostly land (not the Great Lakes'). */
const drawnAsNoDistrict = (b: DistrictBoundary, j: BoundaryJoin) => j.how === NO_DISTRICT && b.polygons.length > 0 && b.aland > b.awater;

/** How a 2016 boundary was joined to a district of today. */
interface BoundaryJoin {
  geoid: string;
  level: BoundaryLevel;
  name: string;
  /** today's LEAID, "" when none */
  leaid: string;
  how: "same LEAID" | "joins.csv" | "directory successor" | "K-12 successor" | "successor (new since 2016)" | "successor (neighbour)" | "piece of a district (same name)" | typeof NO_DISTRICT | "none";
  /** for successors: 2020 ZCTA internal points inside the 2016 polygon, and how many of them the successor overlaps */
  evidence?: { zctas: number; shared: number };
  /** a polygon split since between successors: the other districts of today and the ZCTAs whose part of it they are drawn as (split-polygons.ts) */
  parts?: PolygonPart[];
}

function inside(polygons: MultiPolygon, p: LonLat): boolean {
  for (const poly of polygons) if (poly.length > 0 && pointInPolygon(p, poly) !== false) return true;
  return false;
}

/**
 * Joins every 2016 boundary to a district of today: the same LEAID, or a whole-district
 * row of joins.csv; else its successor, found from the 2020 ZCTAs whose internal point
 * lies in the 2016 polygon: the district of today, of the same state, without a 2016
 * boundary of its own (new since 2016), that overlaps most of them in GRF21; else the
 * district that absorbed it, as the ZIP estimates count its people (stats.heirs), or the
 * district of the same level that overlaps most of them ("neighbour"); else none (reported).
 */
export function joinBoundaries(boundaries: readonly DistrictBoundary[], stats: BuildStats, zctaPoints: ReadonlyMap<string, LonLat>): BoundaryJoin[] {
  const today = stats.districts;
  const whole = new Map(stats.joins.filter((j) => j.zcta === "").map((j) => [j.grfLeaid, j]));
  const withBoundary = new Set<string>();
  const first: BoundaryJoin[] = boundaries.map((b) => {
    if (today.has(b.leaid)) return { geoid: b.leaid, level: b.level, name: b.name, leaid: b.leaid, how: "same LEAID" };
    const j = whole.get(b.leaid);
    if (j !== undefined && today.has(j.leaid)) return { geoid: b.leaid, level: b.level, name: b.name, leaid: j.leaid, how: j.source };
    // "School District Not Defined" (LEAID ending 99997): land in no school district.
    if (b.leaid.endsWith("99997")) return { geoid: b.leaid, level: b.level, name: b.name, leaid: "", how: NO_DISTRICT };
    return { geoid: b.leaid, level: b.level, name: b.name, leaid: "", how: "none" };
  });
  for (const j of first) if (j.leaid !== "") withBoundary.add(j.leaid);
  const districtsOfZip = new Map<string, Set<string>>();
  for (const o of stats.overlaps) {
    if (o.basis === "post office") continue;
    (districtsOfZip.get(o.zip) ?? districtsOfZip.set(o.zip, new Set()).get(o.zip)!).add(o.leaid);
  }
  const levelOf: Record<string, BoundaryLevel> = { U: "unified", E: "elementary", S: "secondary" };
  first.forEach((j, i) => {
    if (j.how !== "none") return;
    const b = boundaries[i]!;
    const [x0, y0, x1, y1] = b.bbox;
    const zs: string[] = [];
    for (const [zcta, p] of zctaPoints) if (p[0] >= x0 && p[0] <= x1 && p[1] >= y0 && p[1] <= y1 && inside(b.polygons, p)) zs.push(zcta);
    // A small district may hold no ZCTA point: then the 3 ZCTAs nearest its centre, for a successor new since 2016 only.
    const nearOnly = zs.length === 0;
    if (nearOnly) {
      const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
      zs.push(...[...zctaPoints].map(([z, p]) => [z, (p[0] - cx) ** 2 + (p[1] - cy) ** 2] as const).sort((a, c) => a[1] - c[1] || (a[0] < c[0] ? -1 : 1)).slice(0, 3).map(([z]) => z));
    }
    const score = new Map<string, number>();
    for (const z of zs) for (const l of districtsOfZip.get(z) ?? []) if (l.startsWith(b.statefp)) score.set(l, (score.get(l) ?? 0) + 1);
    const ranked = [...score].sort((a, c) => c[1] - a[1] || (a[0] < c[0] ? -1 : 1));
    // A district re-numbered since keeps its name (Dallas Elementary School District 327, IL,
    // 1711670 -> 1701388): that one first, else the one overlapping most of the ZCTAs.
    const fresh = ranked.find(([l]) => !withBoundary.has(l) && plainName(today.get(l)!.name) === plainName(b.name)) ?? ranked.find(([l]) => !withBoundary.has(l));
    // The district that absorbed it, as the ZIP estimates count its people (successors.ts
    // vanishedHeirs: La Marque ISD in Texas City ISD); else a neighbour of its level overlapping
    // at least half of the ZCTAs inside the 2016 polygon.
    const heir = stats.heirs.get(b.leaid);
    const absorbed = heir !== undefined && today.has(heir) ? ([heir, zs.filter((z) => districtsOfZip.get(z)?.has(heir)).length] as [string, number]) : undefined;
    const neighbour = absorbed ?? (nearOnly ? undefined : ranked.find(([l, n]) => levelOf[today.get(l)!.level] === b.level && 2 * n >= zs.length));
    const pick = fresh ?? neighbour;
    if (pick === undefined) {
      // A Census secondary pseudo-district piece, "Tracy Unified School District (9-12) in New
      // Jerusalem": the high-school grades that district teaches in an elementary district's
      // area. Drawn as the one district of today of that name in the state, at the secondary
      // level, when it overlaps one of the ZCTAs at or nearest the piece (GRF21).
      const base = pieceOf(b.name);
      if (b.level !== "secondary" || base === undefined) return;
      const named = [...today.values()].filter((d) => d.leaid.startsWith(b.statefp) && d.level !== "E" && plainName(d.name) === base);
      if (named.length !== 1) return;
      const shared = zs.filter((z) => districtsOfZip.get(z)?.has(named[0]!.leaid)).length;
      if (shared === 0) return;
      Object.assign(j, { leaid: named[0]!.leaid, how: "piece of a district (same name)", evidence: { zctas: zs.length, shared } });
      return;
    }
    Object.assign(j, { leaid: pick[0], how: fresh !== undefined ? "successor (new since 2016)" : "successor (neighbour)", evidence: { zctas: zs.length, shared: pick[1] } });
  });
  return first;
}

/**
 * A 2016 polygon split since between districts new since 2016 (West Clark, IN: Silver Creek in
 * Sellersburg, 47172, Borden-Henryville elsewhere), or of a district that lost land to one
 * (Pulaski County Special: Jacksonville North Pulaski in 72076), gets `parts`: each ZCTA whose
 * people of the polygon the 2020 estimate gives mostly another new district (successors.ts
 * `leaders`: the one with the most land there) is drawn as that district, so that a point
 * answers as its ZIP does; unless
 * that district is the successor of another 2016 polygon covering at least 1 % of the ZCTA
 * (Holmes County, MS, in 39038, where Greenwood-Leflore is Leflore County's successor): its land
 * there is that polygon's. Returns the 2010 ZCTA polygons that cut them (split-polygons.ts).
 *
 * @example
 * const cutBy = splitBetweenSuccessors(joins, boundaries, stats, readZctaBoundaries(raw));
 * joins.find((j) => j.geoid === "1809370")?.parts // [{ leaid: "1800213", zctas: ["47172"] }]
 */
export function splitBetweenSuccessors(
  joins: BoundaryJoin[],
  boundaries: readonly DistrictBoundary[],
  stats: BuildStats,
  zctas: readonly ZctaBoundary[],
): Map<string, MultiPolygon> {
  const zcta = new Map(zctas.map((z) => [z.zcta, z]));
  const successorOf = new Map<string, number[]>();
  joins.forEach((j, i) => {
    if (j.how === "successor (new since 2016)") (successorOf.get(j.leaid) ?? successorOf.set(j.leaid, []).get(j.leaid)!).push(i);
  });
  const covers = (i: number, z: ZctaBoundary) => {
    const b = boundaries[i]!;
    const [x0, y0, x1, y1] = b.bbox;
    if (x0 > z.bbox[2] || x1 < z.bbox[0] || y0 > z.bbox[3] || y1 < z.bbox[1]) return false;
    const area = (m: MultiPolygon) => m.reduce((sum, p) => sum + polygonArea(p), 0);
    return area(intersection(b.polygons, z.polygons) as MultiPolygon) >= 0.01 * area(z.polygons);
  };
  const cutBy = new Map<string, MultiPolygon>();
  joins.forEach((j, i) => {
    // A polygon drawn as the neighbour that absorbed it keeps that answer (its people's fresh
    // pieces there are slivers of a district new elsewhere: Windsor Northwest, VT, in 05060).
    if (j.how !== "successor (new since 2016)" && j.how !== "same LEAID") return;
    const others = new Map<string, string[]>();
    for (const [z, leaid] of stats.successorLeaders.get(j.geoid) ?? []) {
      const polygon = zcta.get(z);
      if (leaid === j.leaid || polygon === undefined || !leaid.startsWith(boundaries[i]!.statefp) || !stats.districts.has(leaid)) continue;
      if ((successorOf.get(leaid) ?? []).some((q) => q !== i && covers(q, polygon))) continue;
      (others.get(leaid) ?? others.set(leaid, []).get(leaid)!).push(z);
      cutBy.set(z, polygon.polygons);
    }
    if (others.size > 0) j.parts = [...others].sort((a, c) => (a[0] < c[0] ? -1 : 1)).map(([leaid, zs]) => ({ leaid, zctas: zs.sort() }));
  });
  return cutBy;
}

/** A district name without case, the Census "School District" suffix and spacing. */
function plainName(name: string): string {
  return name.toLowerCase().replace(/\s+school district$/, "").replace(/\s+/g, " ").trim();
}

/**
 * The district a Census secondary pseudo-district piece belongs to, as a plainName:
 * "Tracy Unified School District (9-12) in New Jerusalem" -> "tracy unified"; undefined for
 * a name without the grade range or the "in …" of such a piece.
 *
 * @example
 * pieceOf("Santa Paula Unified (9-12) in Mupu") // "santa paula unified"
 */
export function pieceOf(name: string): string | undefined {
  const m = /^(.+?)(?: \((?:7|9)-12\))?(?: in (.+?))?(?: \((?:7|9)-12\))?$/.exec(name);
  if (m === null || (m[2] === undefined && !/\((?:7|9)-12\)/.test(name))) return undefined;
  return plainName(m[1]!);
}

/**
 * The compiled boundary file: one geometry per (level, district of today), merged where
 * several 2016 districts joined one; the 2020 ZCTA points of the records; metadata.
 */
function boundaryTopology(
  boundaries: readonly DistrictBoundary[],
  joins: readonly BoundaryJoin[],
  zctaPoints: ReadonlyMap<string, LonLat>,
  zips: ReadonlySet<string>,
  k12Polygons: ReadonlySet<string> = new Set(),
  zctaPolygons: ReadonlyMap<string, MultiPolygon> = new Map(),
): string {
  const merged = new Map<string, { leaid: string; level: BoundaryLevel; geoids: string[]; polygons: MultiPolygon }>();
  boundaries.forEach((b, i) => {
    const j = joins[i]!;
    if (j.leaid === "") return;
    // The elementary polygon of a district replaced since by a K-12 one is that district's at every grade (successors.ts).
    const level: BoundaryLevel = k12Polygons.has(b.leaid) ? "unified" : b.level;
    const draw = (leaid: string, polygons: MultiPolygon) => {
      const key = `${LEVEL_CODE[level]} ${leaid}`;
      const m = merged.get(key) ?? merged.set(key, { leaid, level, geoids: [], polygons: [] }).get(key)!;
      m.geoids.push(b.leaid);
      m.polygons.push(...polygons);
    };
    if (j.parts === undefined) return draw(j.leaid, b.polygons);
    const split = splitByZcta(b.polygons, j.parts, zctaPolygons);
    draw(j.leaid, split.rest);
    for (const p of split.parts) draw(p.leaid, p.polygons);
  });
  const order = (a: { level: BoundaryLevel; leaid: string }, c: { level: BoundaryLevel; leaid: string }) =>
    LEVEL_CODE[a.level] !== LEVEL_CODE[c.level] ? "UES".indexOf(LEVEL_CODE[a.level]) - "UES".indexOf(LEVEL_CODE[c.level]) : a.leaid < c.leaid ? -1 : 1;
  const features = [...merged.values()].sort(order).map((m) => ({
    type: "Feature" as const,
    id: m.leaid,
    properties: m.geoids.length === 1 && m.geoids[0] === m.leaid ? { level: LEVEL_CODE[m.level] } : { level: LEVEL_CODE[m.level], geoids: m.geoids.sort().join(" ") },
    geometry: { type: "MultiPolygon" as const, coordinates: m.polygons },
  }));
  const points = [...zctaPoints].filter(([z]) => zips.has(z)).sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([z, p]) => ({
    type: "Feature" as const,
    id: z,
    properties: {},
    geometry: { type: "Point" as const, coordinates: p },
  }));
  /** The 2016 polygons a join test picks, as features by 2016 id (areas of no district of today), sorted. */
  const areas = (pick: (b: DistrictBoundary, j: BoundaryJoin) => boolean, properties: (b: DistrictBoundary) => Record<string, string>) =>
    boundaries
      .filter((b, i) => pick(b, joins[i]!))
      .sort((a, c) => (a.leaid < c.leaid ? -1 : 1))
      .map((b) => ({ type: "Feature" as const, id: b.leaid, properties: properties(b), geometry: { type: "MultiPolygon" as const, coordinates: b.polygons } }));
  // Land the Census draws in no school district ("School District Not Defined": Sun City, AZ): a
  // lookup there says so, and gives no nearby district's answer (location.ts). Only the placeholders
  // that are mostly land: the others are lakes and bays (Michigan's: 0.08 km² of land, 23,542 km² of
  // the Great Lakes), whose shores and islands the nearest district answers.
  const noDistrict = areas(drawnAsNoDistrict, () => ({}));
  // The area of a 2016 district that no district of today is found for (Palo, MI), with its name: a
  // lookup there says so, and gives no neighbour's answer.
  const unmapped = areas((b, j) => j.how === "none" && b.polygons.length > 0, (b) => ({ name: b.name }));
  let topo = topology({
    districts: { type: "FeatureCollection", features },
    no_district: { type: "FeatureCollection", features: noDistrict },
    unmapped: { type: "FeatureCollection", features: unmapped },
    zctas: { type: "FeatureCollection", features: points },
  } as never);
  topo = simplify(presimplify(topo as never), SIMPLIFY_MIN_WEIGHT) as never;
  const q = quantize(topo as never, QUANTIZATION) as unknown as Record<string, unknown>;
  // Properties of points and of no-district land are empty: drop them; the metadata carries the vintage.
  const objects = q.objects as Record<string, { geometries: Record<string, unknown>[] }>;
  for (const g of [...objects.zctas!.geometries, ...objects.no_district!.geometries]) delete g.properties;
  return JSON.stringify({ type: "Topology", metadata: BOUNDARY_METADATA, transform: q.transform, objects: q.objects, arcs: q.arcs }) + "\n";
}

const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);

/** One validation miss, by cause. */
type Cause = "territory (no boundary file for PR, VI, GU, AS, MP)" | "coastline (no district at the point)" | "vintage change (district merged or renamed since 2016)" | "border (within 250 m of a district border)" | "other";

/**
 * Validation of the lookups against evidence the pipeline did not use to draw them.
 *  1. Geocorr 2010: for every unified-only ZCTA (all its 2010 population in unified
 *     districts), the unified district at its internal point is one of its Geocorr districts;
 *     and for those in a single district, that district.
 *  2. ZIP centres of the ZIP lists: the point's districts are among the ZIP's overlapping
 *     districts (GRF21).
 */
function validationMarkdown(idx: LocationIndex, stats: BuildStats, raw: string, joins: readonly BoundaryJoin[]): { md: string; figures: Record<string, number> } {
  const whole = new Map(stats.joins.filter((j) => j.zcta === "").map((j) => [j.grfLeaid, j.leaid]));
  const today = (leaid: string) => whole.get(leaid) ?? leaid;
  const changed = new Set(joins.filter((j) => j.how !== "same LEAID").map((j) => j.leaid));
  const cause = (lon: number, lat: number, hits: ReturnType<LocationIndex["districtsAt"]>, expected: readonly string[]): Cause => {
    if (hits.length === 0) return "coastline (no district at the point)";
    if (hits.some((h) => changed.has(h.district.leaid)) || expected.some((l) => changed.has(l) || !stats.districts.has(l))) return "vintage change (district merged or renamed since 2016)";
    const near = (leaid: string, level: BoundaryLevel) => idx.distanceToBorder(leaid, level, lon, lat) < 250;
    if (hits.some((h) => near(h.district.leaid, h.district.level))) return "border (within 250 m of a district border)";
    return "other";
  };
  const L: string[] = [];
  const figures: Record<string, number> = {};

  // 1. Geocorr.
  const gc = loadGeocorrZctas(raw);
  let uni = 0, uniHit = 0, single = 0, singleHit = 0;
  const misses1 = new Map<Cause, string[]>();
  for (const z of [...gc.values()].sort((a, b) => (a.zcta < b.zcta ? -1 : 1))) {
    if (z.shares.has("")) continue; // part of its population in no unified district
    const expected = [...z.shares.keys()].map(today);
    const hits = idx.districtsAt(z.point[0], z.point[1]);
    const u = hits.find((h) => h.district.level === "unified")?.district.leaid;
    uni++;
    const ok = u !== undefined && expected.includes(u);
    if (ok) uniHit++;
    if (expected.length === 1) {
      single++;
      if (u === expected[0]) singleHit++;
    }
    if (!ok) {
      const c = cause(z.point[0], z.point[1], hits, expected);
      (misses1.get(c) ?? misses1.set(c, []).get(c)!).push(z.zcta);
    }
  }
  figures.geocorrUnifiedOnly = uni;
  figures.geocorrHitRate = uni === 0 ? 0 : uniHit / uni;
  L.push("## Validation 1: Geocorr 2010 unified districts at each ZCTA's internal point", "");
  L.push(
    "For every ZCTA of the Geocorr 2014 file (2010 ZCTAs, 2010 census population) whose population lies wholly in unified districts, " +
      "the lookup at the ZCTA's internal point (Geocorr's `intptlon`, `intptlat`) is compared with the ZCTA's Geocorr unified districts " +
      "(LEAIDs through the whole-district rows of joins.csv). Geocorr is independent of the boundary file (2014 boundaries, population weights).",
    "",
    `- Unified-only ZCTAs: ${thousands(uni)}; the point's unified district is one of the ZCTA's Geocorr districts: **${thousands(uniHit)} (${pct(uniHit, uni)})** (target >= 97%)`,
    `- Of them in a single Geocorr district: ${thousands(single)}; the point's unified district is that district: **${thousands(singleHit)} (${pct(singleHit, single)})**`,
    `- Misses by cause (${thousands(uni - uniHit)}):`,
  );
  for (const [c, zs] of [...misses1].sort((a, b) => b[1].length - a[1].length)) L.push(`  - ${c}: ${thousands(zs.length)} (${zs.slice(0, 25).join(", ")}${zs.length > 25 ? ", …" : ""})`);
  L.push("");

  // 2. ZIP centres.
  const centres = loadZipCentres(raw);
  const overlapsOf = new Map<string, Set<string>>();
  for (const o of stats.overlaps) (overlapsOf.get(o.zip) ?? overlapsOf.set(o.zip, new Set()).get(o.zip)!).add(o.leaid);
  let n = 0, hit = 0;
  const bySource = { geonames: 0, zipcodes: 0 };
  const misses2 = new Map<Cause, string[]>();
  for (const r of stats.records) {
    if (r.zcta !== r.zip) continue; // PO-box ZIPs: no area of their own, their districts those of another ZCTA
    const c = centres.get(r.zip);
    if (c === undefined) continue;
    n++;
    bySource[c.source]++;
    const hits = idx.districtsAt(c.point[0], c.point[1]);
    const own = overlapsOf.get(r.zip) ?? new Set();
    const ok = hits.length > 0 && hits.every((h) => own.has(h.district.leaid));
    if (ok) hit++;
    else {
      const cz = TERRITORIES.has(r.state) ? "territory (no boundary file for PR, VI, GU, AS, MP)" : cause(c.point[0], c.point[1], hits, [...own]);
      (misses2.get(cz) ?? misses2.set(cz, []).get(cz)!).push(r.zip);
    }
  }
  figures.zipCentres = n;
  figures.zipCentreHitRate = n === 0 ? 0 : hit / n;
  L.push("## Validation 2: districts at the ZIP centres of the ZIP lists", "");
  L.push(
    "For every ZCTA record with a centre in the raw ZIP lists (GeoNames, else the zipcodes list), the districts at that point " +
      "must all be among the ZIP's overlapping districts (GRF21, `overlaps.csv`). PO-box ZIPs are left out: they have no area of their own (their points: the last section).",
    "",
    `- ZIPs with a centre: ${thousands(n)} (GeoNames ${thousands(bySource.geonames)}, zipcodes ${thousands(bySource.zipcodes)}); every district at the point overlaps the ZIP: **${thousands(hit)} (${pct(hit, n)})** (target >= 95%)`,
    `- Misses by cause (${thousands(n - hit)}):`,
  );
  for (const [c, zs] of [...misses2].sort((a, b) => b[1].length - a[1].length)) L.push(`  - ${c}: ${thousands(zs.length)} (${zs.slice(0, 25).join(", ")}${zs.length > 25 ? ", …" : ""})`);
  L.push("");
  return { md: L.join("\n"), figures };
}

/** BOUNDARIES.md: the join report. */
function joinMarkdown(joins: readonly BoundaryJoin[], stats: BuildStats, idx: LocationIndex, bytes: number): string {
  const L: string[] = [];
  const count = (how: BoundaryJoin["how"]) => joins.filter((j) => j.how === how).length;
  L.push("# Boundaries of the compiled dataset", "");
  L.push(`Generated by \`bun run data:build\` (dataset date ${stats.date}). Do not edit by hand.`, "");
  L.push(
    `\`${BOUNDARY_FILE}\` (${thousands(bytes)} bytes): ${BOUNDARY_METADATA.source}, vintage ${BOUNDARY_METADATA.vintage}, scale ${BOUNDARY_METADATA.scale}; ` +
      `simplified (${BOUNDARY_METADATA.simplified}) and quantized to ${QUANTIZATION.toExponential(0)} steps; ${thousands(idx.districts.length)} district geometries, ${thousands(idx.zctas.length)} ZCTA internal points (${BOUNDARY_METADATA.zcta_points}). ` +
      "Borders are approximate: tens of metres from the 1:500,000 generalization, more where the simplification cut a corner (it drops a point whose triangle with its neighbours covers less than about 28,000 m²). A lookup answers for a point in a neighbourhood, not for a house on a border line. Enrollment is decided by the district.",
    "",
  );
  L.push("## Join of the 2016 boundaries to today's districts", "");
  L.push(
    `- 2016 boundaries: ${thousands(joins.length)} (unified ${thousands(joins.filter((j) => j.level === "unified").length)}, elementary ${thousands(joins.filter((j) => j.level === "elementary").length)}, secondary ${thousands(joins.filter((j) => j.level === "secondary").length)})`,
    `- Same LEAID in today's districts: ${thousands(count("same LEAID"))}`,
    `- Joined through a whole-district row of joins.csv: ${thousands(count("joins.csv"))}`,
    `- Not in the 2023-24 NCES directory, drawn as the district it lists as new with the same phone, office or name (COVERAGE.md, joins found by rule): ${thousands(count("directory successor"))}`,
    `- Elementary districts replaced by a K-12 district drawn at the secondary level over them (successors.ts k12Successors): ${thousands(count("K-12 successor"))}`,
    `- Merged or renamed since 2016, drawn as their successor (a district of today without a 2016 boundary: the one of the same name, else the one overlapping most of the 2020 ZCTAs whose internal point lies in the 2016 polygon): ${thousands(count("successor (new since 2016)"))}; ` +
      `of them split since, drawn in parts (a part in a ZCTA whose people of the polygon the 2020 estimate gives another district new since 2016, cut by the 2010 ZCTA polygon: "its part in"): ${thousands(joins.filter((j) => j.parts !== undefined && j.how !== "same LEAID").length)}`,
    `- Of the same LEAID, a district that lost land since 2016 to a district new since, drawn in parts as above (listed below, "same LEAID; its part in"): ${thousands(joins.filter((j) => j.parts !== undefined && j.how === "same LEAID").length)}`,
    `- Closed since 2016, drawn as the district that absorbed it (the one of its level, or a unified one, taking at least half of its 2020 people spread by GRF21 land: VALIDATION.md), else the neighbour of its level overlapping most of those ZCTAs: ${thousands(count("successor (neighbour)"))}`,
    `- Census secondary pseudo-district pieces ("… (9-12) in …"), drawn at the secondary level as the one district of today of that name in the state that overlaps a 2020 ZCTA whose point lies in the piece (or, for a piece holding none, one of the 3 nearest): ${thousands(count("piece of a district (same name)"))}`,
    `- Census placeholders "School District Not Defined" (land or water in no school district): ${thousands(count(NO_DISTRICT))}; those mostly land drawn apart (\`no_district\`: a lookup there says the place is in no school district): ${thousands(idx.noDistrict.length)}${idx.noDistrict.length > 0 ? ` (${idx.noDistrict.join(", ")})` : ""}`,
    `- No district of today found (drawn apart, \`unmapped\`: a point there gets no district of that level, and where none holds it a 404 that says so): ${thousands(count("none"))}`,
    "",
  );
  const changed = joins.filter((j) => (j.how !== "same LEAID" || j.parts !== undefined) && j.how !== NO_DISTRICT);
  if (changed.length > 0) {
    L.push("| 2016 LEAID | level | 2016 name | today's LEAID | today's name | how | ZCTA points in 2016 polygon / overlapped by today's |", "|---|---|---|---|---|---|---|");
    for (const j of changed) {
      const parts = (j.parts ?? []).map((p) => `; its part in ${p.zctas.join(", ")}: ${p.leaid} ${stats.districts.get(p.leaid)?.name ?? ""}`).join("");
      L.push(`| ${j.geoid} | ${j.level} | ${j.name} | ${j.leaid || "-"} | ${j.leaid ? (stats.districts.get(j.leaid)?.name ?? "") : "-"} | ${j.how}${parts} | ${j.evidence ? `${j.evidence.zctas} / ${j.evidence.shared}` : ""} |`);
    }
    L.push("");
  }
  // What the boundary file draws, not what the joins meant to (a part with no area left out).
  const drawn = new Set(idx.districts.map((d) => d.leaid));
  const without = [...stats.districts.values()].filter((d) => !drawn.has(d.leaid));
  L.push(
    `Districts of today without a boundary (a lookup by location never answers them; the ZIPs they share do, and those newer than the maps, COVERAGE.md, are named on the page of the ZIP of their office): ${thousands(without.length)}` +
      (without.length ? ` (${without.map((d) => `${d.leaid} ${d.name}`).join("; ")})` : ""),
    "",
  );
  return L.join("\n");
}

/** The boundary file of a build, before it is added: the join, the TopoJSON text and its index. */
interface PreparedBoundaries {
  joins: BoundaryJoin[];
  text: string;
  idx: LocationIndex;
}

/**
 * Joins the 2016 boundaries to a build's districts and encodes them. It depends on the
 * build's districts, joins and ZCTA overlaps only, never on PO-box records, so a first
 * build's boundaries serve the build that places PO-box ZIPs by location. `zctas`: the 2010 ZCTA
 * polygons (read once per build: buildWithBoundaries).
 *
 * @example
 * const prepared = await prepareBoundaries(build(opts).stats, opts.raw);
 */
async function prepareBoundaries(stats: BuildStats, raw: string, zctas: readonly ZctaBoundary[] = readZctaBoundaries(raw)): Promise<PreparedBoundaries> {
  const boundaries = await readDistrictBoundaries(raw);
  const zctaPoints = loadZctaPoints(raw);
  const joins = joinBoundaries(boundaries, stats, zctaPoints);
  const zctaZips = new Set(stats.records.filter((r) => r.zcta === r.zip).map((r) => r.zip));
  const cutBy = splitBetweenSuccessors(joins, boundaries, stats, zctas);
  const text = boundaryTopology(boundaries, joins, zctaPoints, zctaZips, new Set(stats.k12Polygons), cutBy);
  return { joins, text, idx: LocationIndex.parse(text, BOUNDARY_FILE) };
}

/**
 * Where a build's PO-box ZIPs' post offices are, through the served boundaries: the ZIP
 * lists' points (GeoNames, else zipcodes) tested against the 2010 ZCTA polygons (raw
 * section 13) and looked up in the index (postoffice.ts, placeByLocation). The held-out
 * check uses the CCD mailing and office ZIPs of regular unified and elementary districts.
 *
 * @example
 * const located = locatePostOffices(first.stats, prepared.idx, raw);
 * const final = build({ ...opts, postOfficeLocations: located });
 */
function locatePostOffices(stats: BuildStats, idx: LocationIndex, raw: string, zctas: readonly ZctaBoundary[] = readZctaBoundaries(raw)): PostOfficeLocations {
  const polygons = new Map(zctas.map((z) => [z.zcta, z.polygons]));
  const inZcta = (zcta: string, p: LonLat) => {
    const polys = polygons.get(zcta);
    return polys === undefined ? undefined : inside(polys, p);
  };
  // The secondary-grade district at the point teaches high school: not one NCES lists only up to
  // 8th grade or below (Neptune City, drawn unified, at 07754's post office), as build.ts marks.
  const upTo8th = (leaid: string) => /\b[1-8](?:st|nd|rd|th)$/.test(stats.districts.get(leaid)?.grade_span ?? "");
  const districtsAt = (p: LonLat) => {
    const hits = idx.districtsAt(p[0], p[1]);
    return {
      elementary: hits.find((h) => h.district.level !== "secondary")?.district.leaid,
      secondary: hits.find((h) => h.district.level !== "elementary" && !upTo8th(h.district.leaid))?.district.leaid,
    };
  };
  const officeZips = new Map<string, Set<string>>();
  for (const [leaid, o] of [...stats.offices].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const level = stats.levels.get(leaid);
    if (!REGULAR_LEA_TYPES.has(o.leaType) || level === undefined || level === "S") continue;
    for (const z of new Set([o.lzip, o.mzip])) if (z !== "") (officeZips.get(z) ?? officeZips.set(z, new Set()).get(z)!).add(leaid);
  }
  return placeByLocation(stats.records, stats.overlaps, loadZipCentres(raw), inZcta, districtsAt, officeZips);
}

/** BOUNDARIES.md: the PO-box ZIPs placed by their post office's location, the rule and its evidence. */
function postOfficeMarkdown(located: PostOfficeLocations, stats: BuildStats): string {
  const name = (leaid: string) => stats.districts.get(leaid)?.name ?? leaid;
  const withPoint = located.withPoint.geonames + located.withPoint.zipcodes;
  const { placed: p, outside: o } = located.check;
  const L = ["## PO-box ZIPs: the post office's own location", ""];
  L.push(
    "A PO-box or delivery ZIP (no ZCTA of its own) takes the districts of the ZCTA that holds its post office (UDS Mapper crosswalk). " +
      "The raw ZIP lists also give such ZIPs a point (GeoNames, else the zipcodes list). Measured: the point is mostly a place's point, " +
      "not the post office's own (GeoNames places it from the place's record; many are exactly another ZIP's point), and about half of the points " +
      "lie outside the ZCTA the crosswalk names. So the point decides only where both sources agree on where the post office is: " +
      "**when the point lies inside the ZCTA's 2010 polygon (raw section 13) and the unified or elementary district there (this boundary file) is " +
      "another district of that ZCTA, that district becomes the record's district** (`zips.csv` `leaid`; the `elementary` mark of `serves_most` moves " +
      "to it, and the `secondary` mark to the point's secondary-grade district when the ZCTA has it). Shares and basis (`post office`) stay the ZCTA's.",
    "",
    `- PO-box records: ${thousands(located.records)}; with a point: ${thousands(withPoint)} (GeoNames ${thousands(located.withPoint.geonames)}, zipcodes ${thousands(located.withPoint.zipcodes)})`,
    `- Points that are exactly another ZIP's point in the same list (a place's point): ${thousands(located.sharedPoint)} (${pct(located.sharedPoint, withPoint)})`,
    `- Points inside the ZCTA the crosswalk names: ${thousands(located.insideZcta)} (${pct(located.insideZcta, withPoint)}); no 2010 polygon for the ZCTA: ${thousands(located.noPolygon)}`,
    `- Of those inside: the point's district is the ZCTA's: ${thousands(located.same)}; no district there, or one that does not overlap the ZCTA (kept): ${thousands(located.kept)}; ` +
      `**another district of the ZCTA, which the record now names: ${thousands(located.placed.length)}**`,
    "",
    "Held-out check (never used to decide): PO-box ZIPs that are the CCD mailing or office ZIP (`MZIP`, `LZIP`) of exactly one regular unified or elementary district, " +
      "where the point's district and the ZCTA's differ; which of the two is that district:",
    "",
    "| where | ZIPs | the point's district | the ZCTA's district |",
    "|---|---:|---:|---:|",
    `| point inside the ZCTA (the rule places them) | ${thousands(p.checks)} | ${thousands(p.point)} | ${thousands(p.zcta)} |`,
    `| point outside the ZCTA (the ZCTA's district kept) | ${thousands(o.checks)} | ${thousands(o.point)} | ${thousands(o.zcta)} |`,
    "",
  );
  if (located.placed.length > 0) {
    L.push("| ZIP | ZCTA | point from | the ZCTA's district | the post office's district (the record's) |", "|---|---|---|---|---|");
    for (const x of located.placed) L.push(`| ${x.zip} | ${x.zcta} | ${x.source} | ${x.from} ${name(x.from)} | ${x.to} ${name(x.to)} |`);
    L.push("");
  }
  return L.join("\n");
}

/**
 * The district ids of the 2016 boundaries that are not districts today, with their 2016 name
 * and the district of today drawn over their area (the join's successor, merged, absorbed,
 * or the district a Census piece belongs to; `parts`, those drawn over part of it where it
 * split since), by LEAID: so an old id's 404 can say where its area went. Ids the join left
 * undrawn or in no district are not listed.
 *
 * @example
 * formerDistricts(joins, stats)["2800960"] // { name: "Chickasaw County School District", district: "2800200" }
 */
export function formerDistricts(joins: readonly BoundaryJoin[], stats: BuildStats): Record<string, FormerDistrict> {
  const former = joins
    .filter((j) => j.leaid !== "" && j.how !== "same LEAID" && !stats.districts.has(j.geoid))
    .sort((a, b) => (a.geoid < b.geoid ? -1 : a.geoid > b.geoid ? 1 : 0));
  return Object.fromEntries(former.map((j) => [j.geoid, { name: j.name, district: j.leaid, ...(j.parts ? { parts: j.parts.map((p) => p.leaid) } : {}) }]));
}

/**
 * Adds `boundaries.topojson` and `BOUNDARIES.md` to a build's files, and the boundary
 * file (sha256, rows = district geometries) and its vintage to the manifest; then the
 * ZIP outlines of the page maps (zcta-outlines.ts). `prepared`: the boundaries of a first
 * build (buildWithBoundaries), else made here; `zctas`: the 2010 ZCTA polygons, else read here.
 *
 * @example
 * const result = await addBoundaries(build(opts), opts.raw, sha256);
 */
async function addBoundaries(
  result: BuildResult,
  raw: string,
  sha256: (s: string) => string,
  prepared?: PreparedBoundaries,
  zctas: readonly ZctaBoundary[] = readZctaBoundaries(raw),
): Promise<BuildResult> {
  const stats = result.stats;
  const { joins, text, idx } = prepared ?? (await prepareBoundaries(stats, raw, zctas));
  const { md } = validationMarkdown(idx, stats, raw, joins);
  const located = stats.postOffices.located;
  const report = joinMarkdown(joins, stats, idx, Buffer.byteLength(text)) + "\n" + md + (located ? "\n" + postOfficeMarkdown(located, stats) : "");
  const manifest = JSON.parse(result.files.get("manifest.json")!) as { files: Record<string, unknown>; boundaries?: unknown; former_districts?: unknown };
  manifest.files[BOUNDARY_FILE] = { sha256: sha256(text), rows: idx.districts.length, bytes: Buffer.byteLength(text) };
  manifest.boundaries = { file: BOUNDARY_FILE, ...BOUNDARY_METADATA };
  manifest.former_districts = formerDistricts(joins, stats);
  const files = new Map(result.files);
  files.delete("manifest.json");
  files.set(BOUNDARY_FILE, text);
  files.set("BOUNDARIES.md", report);
  files.set("manifest.json", JSON.stringify(manifest, null, 2) + "\n");
  // The ZIP outlines of the page maps, and their section of BOUNDARIES.md.
  return addZctaOutlines({ ...result, files }, raw, sha256, zctas);
}

/**
 * The whole build with boundaries, in two passes: a first build's boundaries place the
 * PO-box ZIPs by their post office's location (locatePostOffices), the build is made again
 * with those placements, and its files get the boundary file and BOUNDARIES.md.
 *
 * @example
 * const { files } = await buildWithBoundaries({ raw, date: "2026-11-22", joins: "data/joins.csv", websites: "data/websites.csv", evidence }, sha256);
 */
export async function buildWithBoundaries(opts: BuildOptions, sha256: (s: string) => string): Promise<BuildResult> {
  const first = build(opts);
  // The 2010 ZCTA polygons, read once: they cut split polygons, place post offices and draw the ZIP outlines.
  const zctas = readZctaBoundaries(opts.raw);
  const prepared = await prepareBoundaries(first.stats, opts.raw, zctas);
  const located = locatePostOffices(first.stats, prepared.idx, opts.raw, zctas);
  return addBoundaries(build({ ...opts, postOfficeLocations: located }), opts.raw, sha256, prepared, zctas);
}

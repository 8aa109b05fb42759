/**
 * A 2016 district polygon whose district split since between districts of today (West Clark
 * Community Schools, IN, into Silver Creek and Borden-Henryville, 2017) is drawn in parts, so that
 * a point answer agrees with the ZIP answer: the polygon's part inside each ZCTA whose people the
 * 2020 estimate gives another district (successors.ts `leaders`) is that district's, cut with
 * polyclip-ts against the 2010 ZCTA polygon; the rest stays the join's district.
 */
import { difference, intersection, union } from "polyclip-ts";
import type { MultiPolygon, Polygon } from "./boundaries.ts";

/** A district of today and the ZCTAs whose part of the polygon it is drawn as. */
export interface PolygonPart {
  leaid: string;
  zctas: readonly string[];
}

/**
 * A piece of a cut smaller than this share of the polygon that is not a piece of the polygon
 * before the cut is a seam, not a detached part of either district: a sliver where the ZCTA's
 * border runs beside the district's in the two generalized files, or a corner of the polygon in
 * a ZCTA none of its people live in (West Clark's 0.25 sq mi in 47150, south of Sellersburg).
 */
export const SEAM_SHARE = 0.01;

/**
 * Cuts `polygons` into each part's area (its ZCTAs' polygons, those `zctaPolygons` has) and the
 * rest; a part with no area inside the polygon is left out. A seam of the cut (SEAM_SHARE) goes to
 * the piece it lies against (the nearest by vertex), so that no district gains a stray island.
 *
 * @example
 * const { rest, parts } = splitByZcta(westClark, [{ leaid: "1800213", zctas: ["47172"] }], zctaPolygons);
 * parts[0] // { leaid: "1800213", polygons: the part of West Clark inside 47172 }
 */
export function splitByZcta(
  polygons: MultiPolygon,
  parts: readonly PolygonPart[],
  zctaPolygons: ReadonlyMap<string, MultiPolygon>,
): { rest: MultiPolygon; parts: { leaid: string; polygons: MultiPolygon }[] } {
  const areaOf = (zctas: readonly string[]) => zctas.flatMap((z) => zctaPolygons.get(z) ?? []);
  // Every piece of the cut with its owner: "" for the rest, else the part's district.
  const pieces: { owner: string; polygon: Polygon }[] = [];
  for (const p of parts) {
    const area = areaOf(p.zctas);
    if (area.length === 0) continue;
    for (const polygon of intersection(polygons, union(area)) as MultiPolygon) pieces.push({ owner: p.leaid, polygon });
  }
  const all = areaOf(parts.flatMap((p) => p.zctas));
  if (all.length === 0) return { rest: polygons, parts: [] };
  for (const polygon of difference(polygons, union(all)) as MultiPolygon) pieces.push({ owner: "", polygon });
  const before = new Set(polygons.map(polygonArea));
  const seam = SEAM_SHARE * [...before].reduce((sum, a) => sum + a, 0);
  const isSliver = (p: Polygon) => polygonArea(p) < seam && !before.has(polygonArea(p));
  const kept = pieces.filter((p) => !isSliver(p.polygon));
  const owned = new Map<string, MultiPolygon>();
  for (const piece of pieces) {
    const owner = isSliver(piece.polygon) && kept.length > 0 ? nearest(piece, kept) : piece.owner;
    (owned.get(owner) ?? owned.set(owner, []).get(owner)!).push(piece.polygon);
  }
  const merged = (owner: string) => (owned.has(owner) ? (union(owned.get(owner)!) as MultiPolygon) : []);
  return {
    rest: merged(""),
    parts: parts.filter((p) => owned.has(p.leaid)).map((p) => ({ leaid: p.leaid, polygons: merged(p.leaid) })),
  };
}

/**
 * The owner of the kept piece with a vertex nearest to one of the sliver's; on a tie (a sliver
 * touching both sides of the cut), the other side's: the cut made it, not the polygon.
 */
function nearest(sliver: { owner: string; polygon: Polygon }, kept: readonly { owner: string; polygon: Polygon }[]): string {
  let best = { d: Infinity, other: false, owner: "" };
  for (const k of kept) {
    let d = Infinity;
    for (const [x, y] of sliver.polygon[0]!) for (const ring of k.polygon) for (const [u, v] of ring) d = Math.min(d, (x - u) ** 2 + (y - v) ** 2);
    const other = k.owner !== sliver.owner;
    if (d < best.d || (d === best.d && other && !best.other)) best = { d, other, owner: k.owner };
  }
  return best.owner;
}

/** Area of a polygon in square degrees (outer ring less holes). */
export function polygonArea(polygon: Polygon): number {
  let area = 0;
  polygon.forEach((ring, k) => {
    let twice = 0;
    for (let n = 0; n + 1 < ring.length; n++) twice += ring[n]![0] * ring[n + 1]![1] - ring[n + 1]![0] * ring[n]![1];
    area += (k === 0 ? 1 : -1) * Math.abs(twice / 2);
  });
  return area;
}

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
 * A piece of a cut that is not a piece of the polygon before the cut is a seam, not a detached
 * part of either district, when it is smaller than this (square degrees, about 10 ha at 40° N)...
 */
export const SEAM_SQUARE_DEGREES = 1e-5;
/**
 * ...or thin (isoperimetric quotient 4πA/P² below this: a strip 60 times longer than wide) and
 * under 1 % of the polygon: a sliver where the ZCTA's border runs beside the district's in the
 * two generalized files. A compact piece stays where the cut puts it, however small (Hale's
 * Location, NH: 3.4 km² of Coos County's polygon in 03860).
 */
export const SEAM_THINNESS = 0.05;

/**
 * Cuts `polygons` into each part's area (its ZCTAs' polygons, those `zctaPolygons` has) and the
 * rest; a part with no area inside the polygon is left out. A seam of the cut (SEAM_SQUARE_DEGREES,
 * SEAM_THINNESS) goes to the piece it lies against (the nearest by vertex), so that no district
 * gains a stray sliver.
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
  const whole = [...before].reduce((sum, a) => sum + a, 0);
  const isSeam = (p: Polygon) => {
    const area = polygonArea(p);
    if (before.has(area)) return false;
    return area < SEAM_SQUARE_DEGREES || (area < 0.01 * whole && (4 * Math.PI * area) / perimeter(p) ** 2 < SEAM_THINNESS);
  };
  const seams = new Set(pieces.filter((p) => isSeam(p.polygon)));
  // A part all of whose pieces are seams keeps them: it is small, not a seam of another.
  for (const owner of new Set(pieces.map((p) => p.owner))) {
    if (pieces.every((p) => p.owner !== owner || seams.has(p))) for (const p of pieces) if (p.owner === owner) seams.delete(p);
  }
  const kept = pieces.filter((p) => !seams.has(p));
  const owned = new Map<string, MultiPolygon>();
  for (const piece of pieces) {
    const owner = seams.has(piece) ? nearestOwner(piece, kept) : piece.owner;
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
 *
 * @example
 * nearestOwner({ owner: "", polygon: sliver }, [{ owner: "", polygon: rest }, { owner: "0100202", polygon: part }]) // "0100202" when it touches both
 */
export function nearestOwner(sliver: { owner: string; polygon: Polygon }, kept: readonly { owner: string; polygon: Polygon }[]): string {
  let best = { d: Infinity, other: false, owner: "" };
  for (const k of kept) {
    let d = Infinity;
    for (const [x, y] of sliver.polygon[0]!) for (const ring of k.polygon) for (const [u, v] of ring) d = Math.min(d, (x - u) ** 2 + (y - v) ** 2);
    const other = k.owner !== sliver.owner;
    if (d < best.d || (d === best.d && other && !best.other)) best = { d, other, owner: k.owner };
  }
  return best.owner;
}

/** Length of a polygon's outer ring, in degrees. */
function perimeter(polygon: Polygon): number {
  const ring = polygon[0]!;
  let length = 0;
  for (let n = 0; n + 1 < ring.length; n++) length += Math.hypot(ring[n + 1]![0] - ring[n]![0], ring[n + 1]![1] - ring[n]![1]);
  return length;
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

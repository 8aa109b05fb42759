/**
 * Small maps drawn on the server as inline SVG (issue 12): district and ZIP outlines
 * from the simplified boundaries, in an Albers equal-area conic projection (d3-geo)
 * fitted to the place drawn: standard parallels at one sixth and five sixths of its
 * latitude span, central meridian at its middle, so Alaska's and Hawaii's districts
 * get an Alaska- or Hawaii-centred Albers and Alaska's islands west of 180° stay in
 * one piece. Outlines are clipped to the view (lineclip), coordinates rounded to whole
 * units and thinned until the drawing fits its byte budget. No tiles, scripts or
 * fonts: nothing leaves the service.
 */
import { geoConicEqualArea, type GeoProjection } from "d3-geo";
import { clipPolygon } from "lineclip";
import { escapeHtml as e } from "./html.ts";

/** A polygon as rings of [lon, lat] (outer ring first, then holes). */
export type Rings = [number, number][][];

/**
 * One shape of a map: its polygons, and how it is drawn. "primary" is filled blue with a
 * blue outline, "other" filled grey with a grey outline, "secondary" a dashed brown (in the dark scheme, light orange) outline
 * without fill, "zip" a thick black (dark scheme: near-white) outline without fill (drawn last, over the others).
 */
export interface MapShape {
  polygons: Rings[];
  style: "primary" | "other" | "secondary" | "zip";
}

interface MapOptions {
  /** the drawing's id prefix (its title's id) */
  id: string;
  /** the accessible name: what the map is of, briefly (the caption says the rest) */
  title: string;
  /** a point to mark, [lon, lat] */
  point?: [number, number];
  /** polygons the view is fitted to (with a margin), the rest clipped; default every shape */
  focus?: Rings[];
  /** largest SVG size in bytes (default 12,000) */
  budget?: number;
}

/** Width of the drawing in SVG units (it scales to the page's width). */
export const MAP_WIDTH = 320;
const STYLES = {
  primary: 'fill="#dce8f7" fill-opacity="0.8" stroke="#0645ad" stroke-width="1.5"',
  other: 'fill="#e6e6e6" fill-opacity="0.8" stroke="#5c5c5c" stroke-width="1"',
  secondary: 'fill="none" stroke="#7a3e00" stroke-width="1.5" stroke-dasharray="5 3"',
  zip: 'fill="none" stroke="#111" stroke-width="2.5"',
} as const;
const ORDER = ["other", "primary", "secondary", "zip"] as const;

/** Longitudes east of 0 (Alaska's islands west of 180°) as west of -180, so a US place never straddles the seam. */
const wrap = (lon: number) => (lon > 0 ? lon - 360 : lon);

/** The [lon, lat] bounding box of the outer rings of `polygons` (wrapped longitudes). */
function bounds(polygons: readonly Rings[], point?: [number, number]): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (lon: number, lat: number) => {
    const x = wrap(lon);
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (lat < y0) y0 = lat;
    if (lat > y1) y1 = lat;
  };
  for (const poly of polygons) for (const [lon, lat] of poly[0] ?? []) add(lon, lat);
  if (point) add(point[0], point[1]);
  return [x0, y0, x1, y1];
}

/**
 * The projection suited to a [lon, lat] box: Albers equal-area conic, standard parallels at
 * 1/6 and 5/6 of its latitude span, rotated to its central meridian.
 *
 * @example
 * projectionFor([-125, 32, -114, 42])([-118.4, 34.07]) // [x, y] in projection units (y down)
 */
export function projectionFor([x0, y0, x1, y1]: readonly number[]): GeoProjection {
  const span = y1! - y0!;
  return geoConicEqualArea()
    .parallels([y0! + span / 6, y1! - span / 6])
    .rotate([-(x0! + x1!) / 2, 0])
    .center([0, (y0! + y1!) / 2])
    .scale(1000)
    .translate([0, 0])
    .precision(0);
}

/**
 * The SVG of a map of `shapes` (and the point), at most `budget` bytes.
 *
 * @example
 * mapSvg([{ polygons: outline, style: "primary" }], { id: "m", title: "Map", point: [-108.5, 45.78] })
 * // '<svg viewBox="0 0 320 …" role="img" aria-labelledby="m-title">…</svg>'
 */
export function mapSvg(shapes: readonly MapShape[], opts: MapOptions): string {
  const focus = opts.focus ?? shapes.flatMap((s) => s.polygons);
  let box = bounds(focus, opts.point);
  if (!Number.isFinite(box[0])) box = [-100, 30, -90, 40];
  const projection = projectionFor(box);
  const raw = (lon: number, lat: number) => projection([wrap(lon), lat])!;
  // The projected extent of the focus: its outer rings' points (and the point).
  let [px0, py0, px1, py1] = [Infinity, Infinity, -Infinity, -Infinity];
  const extend = ([x, y]: [number, number]) => {
    if (x < px0) px0 = x;
    if (x > px1) px1 = x;
    if (y < py0) py0 = y;
    if (y > py1) py1 = y;
  };
  for (const poly of focus) for (const [lon, lat] of poly[0] ?? []) extend(raw(lon, lat));
  if (opts.point) extend(raw(opts.point[0], opts.point[1]));
  if (!Number.isFinite(px0)) [px0, py0, px1, py1] = [-1, -1, 1, 1];
  // A margin around a focus drawn over other shapes shows what lies next to it.
  if (opts.focus) {
    const m = 0.12 * Math.max(px1 - px0, py1 - py0);
    [px0, py0, px1, py1] = [px0 - m, py0 - m, px1 + m, py1 + m];
  }
  const spanX = Math.max(px1 - px0, 1e-9);
  const spanY = Math.max(py1 - py0, 1e-9);
  const pad = 8;
  const scale = (MAP_WIDTH - 2 * pad) / spanX;
  const height = Math.max(80, Math.min(400, Math.round(spanY * scale + 2 * pad)));
  const s2 = Math.min(scale, (height - 2 * pad) / spanY);
  const ox = pad + (MAP_WIDTH - 2 * pad - spanX * s2) / 2;
  const oy = pad + (height - 2 * pad - spanY * s2) / 2;
  const project = (lon: number, lat: number): [number, number] => {
    const [x, y] = raw(lon, lat);
    return [ox + (x - px0) * s2, oy + (y - py0) * s2];
  };
  const clip: [number, number, number, number] = [-4, -4, MAP_WIDTH + 4, height + 4];
  // Projected and clipped once; only the thinning changes with the tolerance.
  const projected = ORDER.flatMap((style) =>
    shapes
      .filter((s) => s.style === style)
      .map((s) => ({
        style,
        rings: s.polygons.flatMap((poly) => poly.map((ring) => clipPolygon(ring.map(([lon, lat]) => project(lon, lat)), clip))),
      })),
  );

  const budget = opts.budget ?? 12_000;
  let svg = "";
  for (const tolerance of [0.5, 1, 2, 3, 5, 8, 13, 21, 34]) {
    const paths = projected.map((s) => {
      const d = pathData(s.rings, tolerance);
      // The class lets the page's dark colour scheme recolour it (the attributes are the light one's).
      return d === "" ? "" : `<path class="m-${s.style}" ${STYLES[s.style]} fill-rule="evenodd" d="${d}"/>`;
    });
    let marker = "";
    if (opts.point) {
      const [px, py] = project(opts.point[0], opts.point[1]).map((v) => Math.round(v)) as [number, number];
      marker = `<circle cx="${px}" cy="${py}" r="6" fill="#c00" stroke="#fff" stroke-width="2"/><circle cx="${px}" cy="${py}" r="1.5" fill="#fff"/>`;
    }
    svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${height}" width="100%" role="img" aria-labelledby="${opts.id}-title" class="map">` +
      `<title id="${opts.id}-title">${e(opts.title)}</title>` +
      `<rect class="m-bg" width="${MAP_WIDTH}" height="${height}" fill="#f7f7f4"/>${paths.join("")}${marker}</svg>`;
    if (Buffer.byteLength(svg) <= budget) break;
  }
  return svg;
}

/**
 * A map with its caption: the SVG is named by its short title only, and the caption
 * says in words what it shows, once (a <desc> with the same words was read twice).
 *
 * @example
 * mapFigure(shapes, { id: "map", title: "Map of Beverly Hills Unified", caption: "Map of the outline of …" })
 * // '<figure aria-labelledby="map-title"><svg … aria-labelledby="map-title">…</svg><figcaption>Map of the outline of …</figcaption></figure>'
 */
export function mapFigure(shapes: readonly MapShape[], opts: MapOptions & { caption: string }): string {
  const { caption, ...svg } = opts;
  // The figure named by the short title too: named by its caption (the default), a screen reader read the caption twice (pages audit 37 #8).
  return `<figure aria-labelledby="${e(opts.id)}-title">${mapSvg(shapes, svg)}<figcaption>${e(caption)}</figcaption></figure>`;
}

/** SVG path data: every ring as a move and relative lines in whole units, points closer than `tolerance` to the last kept one dropped. */
function pathData(rings: readonly [number, number][][], tolerance: number): string {
  const out: string[] = [];
  for (const ring of rings) {
    if (ring.length < 4) continue;
    const pts: [number, number][] = [];
    for (const p of ring) {
      const last = pts[pts.length - 1];
      if (last && Math.abs(p[0] - last[0]) < tolerance && Math.abs(p[1] - last[1]) < tolerance) continue;
      pts.push(p);
    }
    if (pts.length < 3) continue;
    let [cx, cy] = [Math.round(pts[0]![0]), Math.round(pts[0]![1])];
    let d = `M${cx} ${cy}l`;
    const steps: string[] = [];
    for (let i = 1; i < pts.length; i++) {
      const [nx, ny] = [Math.round(pts[i]![0]), Math.round(pts[i]![1])];
      if (nx === cx && ny === cy) continue;
      steps.push(`${nx - cx} ${ny - cy}`);
      [cx, cy] = [nx, ny];
    }
    if (steps.length < 2) continue;
    d += steps.join(" ").replace(/ -/g, "-") + "z";
    out.push(d);
  }
  return out.join("");
}

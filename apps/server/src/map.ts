/**
 * Small maps drawn on the server as inline SVG (issue 12): district outlines from the
 * simplified boundaries, projected for the place (equirectangular, scaled by the cosine
 * of the map's middle latitude; Alaska's far-west islands wrap to negative longitudes),
 * coordinates rounded to whole units and thinned until the drawing fits its byte budget.
 * No tiles, scripts or fonts: nothing leaves the service.
 */

/** A polygon as rings of [lon, lat] (outer ring first, then holes). */
export type Rings = [number, number][][];

/** One shape of a map: its polygons, and how it is drawn. */
export interface MapShape {
  polygons: Rings[];
  /** "primary" (filled, solid), "secondary" (dashed, no fill) */
  style: "primary" | "secondary";
}

export interface MapOptions {
  /** the drawing's id prefix (title and description ids) */
  id: string;
  title: string;
  /** the text alternative: says in words what the map shows */
  description: string;
  /** a point to mark, [lon, lat] */
  point?: [number, number];
  /** largest SVG size in bytes (default 14,000) */
  budget?: number;
}

const WIDTH = 320;
const STYLES = {
  primary: 'fill="#dce8f7" fill-opacity="0.8" stroke="#0645ad" stroke-width="1.5"',
  secondary: 'fill="none" stroke="#7a3e00" stroke-width="1.5" stroke-dasharray="5 3"',
} as const;

const wrap = (lon: number) => (lon > 0 ? lon - 360 : lon);

/**
 * The SVG of a map of `shapes` (and the point), at most `budget` bytes.
 *
 * @example
 * mapSvg([{ polygons: outline, style: "primary" }], { id: "m", title: "Map", description: "…", point: [-108.5, 45.78] })
 * // '<svg viewBox="0 0 320 …" role="img" aria-labelledby="m-title m-desc">…</svg>'
 */
export function mapSvg(shapes: readonly MapShape[], opts: MapOptions): string {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of shapes) {
    for (const poly of s.polygons) {
      for (const [lon, lat] of poly[0] ?? []) {
        const x = wrap(lon);
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (lat < y0) y0 = lat;
        if (lat > y1) y1 = lat;
      }
    }
  }
  if (opts.point) {
    const x = wrap(opts.point[0]);
    [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, opts.point[1]), Math.max(y1, opts.point[1])];
  }
  const k = Math.cos((((y0 + y1) / 2) * Math.PI) / 180);
  const spanX = Math.max((x1 - x0) * k, 1e-6);
  const spanY = Math.max(y1 - y0, 1e-6);
  const pad = 8;
  const scale = (WIDTH - 2 * pad) / spanX;
  const height = Math.max(80, Math.min(400, Math.round(spanY * scale + 2 * pad)));
  const s2 = Math.min(scale, (height - 2 * pad) / spanY);
  const ox = pad + ((WIDTH - 2 * pad) - spanX * s2) / 2;
  const oy = pad + ((height - 2 * pad) - spanY * s2) / 2;
  const project = (lon: number, lat: number): [number, number] => [ox + (wrap(lon) - x0) * k * s2, oy + (y1 - lat) * s2];

  const budget = opts.budget ?? 14_000;
  let svg = "";
  for (const tolerance of [0.5, 1, 2, 3, 5, 8, 13]) {
    const paths = shapes.map((s) => `<path ${STYLES[s.style]} fill-rule="evenodd" d="${pathData(s.polygons, project, tolerance)}"/>`);
    let marker = "";
    if (opts.point) {
      const [px, py] = project(opts.point[0], opts.point[1]).map((v) => Math.round(v)) as [number, number];
      marker = `<circle cx="${px}" cy="${py}" r="6" fill="#c00" stroke="#fff" stroke-width="2"/><circle cx="${px}" cy="${py}" r="1.5" fill="#fff"/>`;
    }
    svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-labelledby="${opts.id}-title ${opts.id}-desc" class="map">` +
      `<title id="${opts.id}-title">${esc(opts.title)}</title><desc id="${opts.id}-desc">${esc(opts.description)}</desc>` +
      `<rect width="${WIDTH}" height="${height}" fill="#f7f7f4"/>${paths.join("")}${marker}</svg>`;
    if (Buffer.byteLength(svg) <= budget) break;
  }
  return svg;
}

function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** SVG path data: every ring as a move and relative lines in whole units, points closer than `tolerance` to the last kept one dropped. */
function pathData(polygons: readonly Rings[], project: (lon: number, lat: number) => [number, number], tolerance: number): string {
  const out: string[] = [];
  for (const poly of polygons) {
    for (const ring of poly) {
      if (ring.length < 4) continue;
      const pts: [number, number][] = [];
      for (const [lon, lat] of ring) {
        const [x, y] = project(lon, lat);
        const last = pts[pts.length - 1];
        if (last && Math.abs(x - last[0]) < tolerance && Math.abs(y - last[1]) < tolerance) continue;
        pts.push([x, y]);
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
  }
  return out.join("");
}

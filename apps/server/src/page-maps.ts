/**
 * The maps of district and ZIP pages (issue 12): a figure with an inline SVG drawn from
 * the simplified boundaries (map.ts) and its text alternative, or a sentence saying why
 * there is no outline to draw. The geometry is read on the first page that needs it
 * (not at start-up) and each map is drawn when its page is rendered; nothing per page
 * is kept here.
 */
import { BOUNDARY_LEVEL_ORDER, type BoundaryLevel, type District, type LocationIndex } from "@school-districts/core";
import { escapeHtml as e } from "./html.ts";
import { mapSvg, type Rings } from "./map.ts";

/** Where the maps' geometry comes from: loaders called on first use (each loads once, or says there is none). */
export interface MapSources {
  /** the district boundaries (data/boundaries.topojson), undefined when the dataset has none */
  boundaries: () => LocationIndex | undefined;
  /** the boundaries' vintage, said in every text alternative */
  vintage: string;
}

/** Territories: the Census boundary files have no school districts there. */
export const TERRITORIES: ReadonlySet<string> = new Set(["PR", "VI", "GU", "AS", "MP"]);

/** Largest SVG of a page map, in bytes: with its caption a map adds at most ~15 KB to a page. */
export const MAP_BUDGET = 12_000;

/** The outline of a district: at its own level first, else at any level of the boundary file. */
export function districtOutline(index: LocationIndex, leaid: string, level: string): Rings[] | undefined {
  const levels = [level, ...BOUNDARY_LEVEL_ORDER.filter((l) => l !== level)] as BoundaryLevel[];
  for (const l of levels) {
    const o = BOUNDARY_LEVEL_ORDER.includes(l) ? index.outline(leaid, l) : undefined;
    if (o !== undefined && o.length > 0) return o;
  }
  return undefined;
}

/** "about 12 km east to west and 9 km north to south" for a [lon, lat] box. */
export function extentWords(polygons: readonly Rings[]): string {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polygons) {
    for (const [lon0, lat] of poly[0] ?? []) {
      const lon = lon0 > 0 ? lon0 - 360 : lon0;
      [x0, x1, y0, y1] = [Math.min(x0, lon), Math.max(x1, lon), Math.min(y0, lat), Math.max(y1, lat)];
    }
  }
  const km = (v: number) => (v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString("en-US"));
  const ew = (x1 - x0) * 111.32 * Math.cos((((y0 + y1) / 2) * Math.PI) / 180);
  const ns = (y1 - y0) * 110.57;
  return `about ${km(ew)} km east to west and ${km(ns)} km north to south`;
}

/** The area of a ring in square degrees of latitude (longitudes scaled by the cosine of its latitude). */
function ringArea(ring: readonly [number, number][]): number {
  let a = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1]!;
    const [x1, y1] = ring[i]!;
    a += (x0 * y1 - x1 * y0) * Math.cos((((y0 + y1) / 2) * Math.PI) / 180);
  }
  return Math.abs(a / 2);
}

/**
 * The main pieces of an outline: the largest, by area, holding 99.5 % of it, and how many
 * small pieces lie wholly outside their box (Hawaii's Northwestern Islands, 2,000 km
 * from the main islands, would shrink those to a few pixels).
 *
 * @example
 * mainPieces(hawaii).outside // 17
 */
export function mainPieces(outline: readonly Rings[]): { main: Rings[]; outside: number } {
  const areas = outline.map((p) => ringArea(p[0] ?? []));
  const total = areas.reduce((a, b) => a + b, 0);
  const order = outline.map((_, i) => i).sort((a, b) => areas[b]! - areas[a]!);
  const main: Rings[] = [];
  let sum = 0;
  for (const i of order) {
    if (sum >= 0.995 * total) break;
    main.push(outline[i]!);
    sum += areas[i]!;
  }
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const wrap = (lon: number) => (lon > 0 ? lon - 360 : lon);
  for (const p of main) for (const [lon, lat] of p[0] ?? []) [x0, x1, y0, y1] = [Math.min(x0, wrap(lon)), Math.max(x1, wrap(lon)), Math.min(y0, lat), Math.max(y1, lat)];
  const [mx, my] = [(x1 - x0) * 0.12, (y1 - y0) * 0.12];
  const outside = outline.filter((p) => !main.includes(p) && (p[0] ?? []).every(([lon, lat]) => wrap(lon) < x0 - mx || wrap(lon) > x1 + mx || lat < y0 - my || lat > y1 + my)).length;
  return { main, outside };
}

const parts = (n: number) => (n === 1 ? "one piece" : `${n} separate pieces (islands or detached parts)`);

/** The map section of a page: a heading, the figure (or the reason there is none). */
function section(heading: string, body: string): string {
  return `<h2 id="map">${heading}</h2>\n${body}\n`;
}

/**
 * The maps of the pages, drawn from `sources` when a page is rendered.
 *
 * @example
 * const maps = new PageMaps({ boundaries: () => index, vintage: "2016 (school year 2015-16)" });
 * maps.district(district) // '<h2 id="map">Map</h2>\n<figure><svg …'
 */
export class PageMaps {
  constructor(private readonly sources: MapSources) {}

  /**
   * The map section of a district's page: its outline, or why there is none.
   *
   * @example
   * maps.district(beverlyHills) // '…<svg … aria-labelledby="map-title map-desc" …'
   */
  district(d: Pick<District, "leaid" | "district" | "state" | "level">): string {
    const index = this.sources.boundaries();
    if (index === undefined) return "";
    const outline = districtOutline(index, d.leaid, d.level);
    if (outline === undefined) {
      const why = TERRITORIES.has(d.state)
        ? `the Census school-district boundary files have no districts in ${d.state}, so no outline is drawn.`
        : `this district is not in the Census boundary file of ${this.sources.vintage} (it is new or changed since, or has no territory of its own), so no outline is drawn. <a href="/about">About the data</a>; the dataset's BOUNDARIES.md lists every such district.`;
      return section("Map", `<p id="no-map">No map of ${e(d.district)}: ${why}</p>`);
    }
    const { main, outside } = mainPieces(outline);
    const description =
      `Map of the outline of ${d.district} (${d.state}), shaded with a blue outline, in ${parts(outline.length)}, ${extentWords(outline)}. ` +
      (outside > 0 ? `The map shows its main part, ${extentWords(main)}; ${outside} small ${outside === 1 ? "piece lies" : "pieces lie"} farther away, outside the map. ` : "") +
      `Drawn from the ${this.sources.vintage} Census school-district boundaries at 1:500,000, simplified: approximate at the edges.`;
    const svg = mapSvg([{ polygons: outline, style: "primary" }], {
      id: "map",
      title: `Map of ${d.district}`,
      description,
      budget: MAP_BUDGET,
      ...(outside > 0 ? { focus: main } : {}),
    });
    return section("Map", `<figure>${svg}<figcaption>${e(description)}</figcaption></figure>`);
  }
}

/**
 * The maps of district and ZIP pages (issue 12): a figure with an inline SVG drawn from
 * the simplified boundaries (map.ts) and its text alternative, or a sentence saying why
 * there is no outline to draw. The geometry is read on the first page that needs it
 * (not at start-up) and each map is drawn when its page is rendered; nothing per page
 * is kept here.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  BOUNDARY_LEVEL_ORDER,
  DatasetError,
  TERRITORIES,
  ZctaOutlines,
  type BoundaryLevel,
  type District,
  type DistrictOverlap,
  type DistrictRecord,
  type LocationIndex,
  type ZipDistricts,
} from "@school-districts/core";
import { joinNames } from "./answer.ts";
import { escapeHtml as e } from "./html.ts";
import { readListedFile } from "./location.ts";
import { mapFigure, type MapShape, type Rings } from "./map.ts";

/** The ZIP outline file's name in a dataset folder and in the manifest. */
export const ZCTA_OUTLINE_FILE = "zctas.topojson";

/** Where the maps' geometry comes from: loaders called on first use (each loads once, or says there is none). */
interface MapSources {
  /** the district boundaries (data/boundaries.topojson), undefined when the dataset has none */
  boundaries: () => LocationIndex | undefined;
  /** the ZIP outlines (data/zctas.topojson), undefined when the dataset has none */
  zctas?: () => ZctaOutlines | undefined;
  /** the boundaries' vintage, said in every text alternative */
  vintage: string;
}

/**
 * Reads, checks and decodes the ZIP outline file; undefined when the manifest lists none.
 * Missing, changed or malformed, it throws a DatasetError naming `label/zctas.topojson`.
 *
 * @example
 * readZctaOutlines(dataPaths("data"), "data")?.size // 32927
 */
export function readZctaOutlines(paths: { manifest: string; zctas?: string }, label = "data"): ZctaOutlines | undefined {
  const outlines = parseZctaOutlines(paths, label);
  // Parsing left the file's bytes and its JSON head as garbage (about 20 MB): collect it now, once.
  Bun.gc(true);
  return outlines;
}

function parseZctaOutlines(paths: { manifest: string; zctas?: string }, label: string): ZctaOutlines | undefined {
  const listed = readListedFile(paths.manifest, paths.zctas, ZCTA_OUTLINE_FILE, label);
  if (listed === undefined) return undefined;
  const file = `${label}/${ZCTA_OUTLINE_FILE}`;
  const outlines = ZctaOutlines.parse(listed.bytes, file);
  if (outlines.size !== listed.rows) throw new DatasetError(file, `${outlines.size} ZCTA outlines, the manifest says ${listed.rows}`);
  return outlines;
}

/**
 * At start-up, without decoding any geometry: each map file the manifest lists exists, has
 * the manifest's size and, with `hash`, its sha256 (hashed in chunks, not held). Throws a
 * DatasetError naming the file. The binary checks the embedded files' size only: hashing
 * them would read 26 MB of the executable into memory that nothing else needs until a map
 * is drawn (the build checked them whole, and each is hashed again when first decoded).
 *
 * @example
 * await checkMapFiles(dataPaths("/srv/data"), "/srv/data", { hash: true });
 */
export async function checkMapFiles(paths: { manifest: string; boundaries?: string; zctas?: string }, label = "data", options: { hash: boolean } = { hash: true }): Promise<void> {
  const manifest = JSON.parse(readFileSync(paths.manifest, "utf8")) as { files: Record<string, { sha256: string; bytes?: number } | undefined> };
  for (const [name, path] of [["boundaries.topojson", paths.boundaries], [ZCTA_OUTLINE_FILE, paths.zctas]] as const) {
    const entry = manifest.files[name];
    if (entry === undefined) continue;
    const file = `${label}/${name}`;
    const f = path === undefined ? undefined : Bun.file(path);
    if (f === undefined || !(await f.exists())) throw new DatasetError(file, "missing (the manifest lists it)");
    if (entry.bytes !== undefined && f.size !== entry.bytes) throw new DatasetError(file, `${f.size} bytes, the manifest says ${entry.bytes} (truncated or replaced?)`);
    if (!options.hash) continue;
    const hash = createHash("sha256");
    const reader = f.stream().getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) hash.update(chunk.value);
    if (hash.digest("hex") !== entry.sha256) throw new DatasetError(file, "sha256 mismatch (file corrupt or edited after the build)");
  }
}


/** Largest SVG of a page map, in bytes: with its caption a map adds at most ~15 KB to a page. */
const MAP_BUDGET = 12_000;

/** The outline of a district: at its own level first, else at any level of the boundary file. */
export function districtOutline(index: LocationIndex, leaid: string, level: string): Rings[] | undefined {
  const levels = [level, ...BOUNDARY_LEVEL_ORDER.filter((l) => l !== level)] as BoundaryLevel[];
  for (const l of levels) {
    const o = BOUNDARY_LEVEL_ORDER.includes(l) ? index.outline(leaid, l) : undefined;
    if (o !== undefined && o.length > 0) return o;
  }
  return undefined;
}

/** "about 7.5 miles east to west and 5.6 miles north to south" for a [lon, lat] box (miles: the unit of the pages' readers). */
export function extentWords(polygons: readonly Rings[]): string {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polygons) {
    for (const [lon0, lat] of poly[0] ?? []) {
      const lon = lon0 > 0 ? lon0 - 360 : lon0;
      [x0, x1, y0, y1] = [Math.min(x0, lon), Math.max(x1, lon), Math.min(y0, lat), Math.max(y1, lat)];
    }
  }
  const KM_PER_MILE = 1.609344;
  const miles = (km: number) => (km / KM_PER_MILE < 10 ? (km / KM_PER_MILE).toFixed(1) : Math.round(km / KM_PER_MILE).toLocaleString("en-US"));
  const ew = (x1 - x0) * 111.32 * Math.cos((((y0 + y1) / 2) * Math.PI) / 180);
  const ns = (y1 - y0) * 110.57;
  return `about ${miles(ew)} miles east to west and ${miles(ns)} miles north to south`;
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

/**
 * Whether a district's outline is cut from a 2016 polygon another district is drawn from too (Jacksonville
 * North Pulaski, from Pulaski County Special's), not the whole polygons of the districts it was formed from.
 */
function cutFromAnother(index: LocationIndex, leaid: string, level: District["level"]): boolean {
  const own = index.districts.find((x) => x.leaid === leaid && x.level === level);
  return own !== undefined && index.districts.some((o) => o !== own && o.geoids.some((g) => own.geoids.includes(g)));
}

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
   * maps.district(beverlyHills) // '…<figure><svg … aria-labelledby="map-title" …'
   */
  district(d: Pick<District, "leaid" | "district" | "state" | "level"> & Partial<Pick<District, "notes">>): string {
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
      // A district formed since (its share of a ZIP estimated by land): its outline is older districts' area, not its own.
      (d.notes?.some((n) => n.code === "share-by-land")
        ? cutFromAnother(index, d.leaid, d.level)
          ? `${d.district} was formed after the ${this.sources.vintage} Census school-district boundaries, so this outline is an estimate: made of older districts' areas as drawn then at 1:500,000, of one in part only (in the ZIP codes where it now has the most land, NCES 2021).`
          : `${d.district} was formed after the ${this.sources.vintage} Census school-district boundaries: this outline is that of the districts it was formed from, as drawn then at 1:500,000, simplified.`
        : `Drawn from the ${this.sources.vintage} Census school-district boundaries at 1:500,000, simplified: approximate at the edges.`);
    const figure = mapFigure([{ polygons: outline, style: "primary" }], {
      id: "map",
      title: `Map of ${d.district}`,
      caption: description,
      budget: MAP_BUDGET,
      ...(outside > 0 ? { focus: main } : {}),
    });
    return section("Map", figure);
  }
  /**
   * The map section of a ZIP's page: the outlines of the ZIP's districts with the ZIP's
   * own outline (its ZCTA; for a PO-box ZIP, the ZCTA its post office lies in) drawn
   * over them, the view fitted to the ZIP; or why something is not drawn.
   *
   * @example
   * maps.zip(record, districts) // '…<svg …><path fill="#dce8f7" …/><path fill="none" stroke="#111" …/></svg>…'
   */
  zip(r: Pick<DistrictRecord, "zip" | "state">, all: Pick<ZipDistricts, "districts" | "zcta">): string {
    const index = this.sources.boundaries();
    if (index === undefined) return "";
    const zcta = all.zcta || r.zip;
    if (TERRITORIES.has(r.state)) {
      return section("Map", `<p id="no-map">No map of ${r.zip}: the Census boundary files have no school districts or ZIP outlines in ${r.state}, so nothing is drawn.</p>`);
    }
    const zipOutline = this.sources.zctas?.()?.outline(zcta);
    const drawn: { d: DistrictOverlap; outline: Rings[]; style: MapShape["style"] }[] = [];
    const undrawn: DistrictOverlap[] = [];
    // The district named for the ZIP first, then by share.
    const ordered = [...all.districts].sort((a, b) => Number(b.chosen) - Number(a.chosen) || b.share - a.share);
    for (const d of ordered) {
      const outline = districtOutline(index, d.leaid, d.level);
      if (outline === undefined) undrawn.push(d);
      else drawn.push({ d, outline, style: d.level === "secondary" && !d.chosen ? "secondary" : d.chosen ? "primary" : "other" });
    }
    if (zipOutline === undefined && drawn.length === 0) {
      return section("Map", `<p id="no-map">No map of ${r.zip}: neither its ZIP area nor its districts have an outline in this service's boundary files.</p>`);
    }
    const name = (d: DistrictOverlap) => d.district || `District ${d.leaid}`;
    const words: Record<MapShape["style"], string> = { primary: "shaded blue", other: "shaded grey", secondary: "dashed outline", zip: "" };
    const named = drawn.slice(0, 12).map((x) => `${name(x.d)} (${words[x.style]})`);
    if (drawn.length > 12) named.push(`${drawn.length - 12} more (${[...new Set(drawn.slice(12).map((x) => words[x.style]))].join(" or ")})`);
    const sentences: string[] = [];
    if (zipOutline !== undefined) {
      // Only the ZIP drawn (04221: Regional School Unit 56 is not in the Census file): no empty list.
      const over = (districts: string) => (drawn.length === 0 ? "; no outline of its school districts is drawn." : `${districts}: ${joinNames(named)}.`);
      sentences.push(
        zcta === r.zip
          ? `Map of ZIP code ${r.zip} (thick outline: its ZIP Code Tabulation Area of 2010)${over(" over the school districts it overlaps")}`
          : `Map of the area of ZIP code ${zcta}, where the post office of PO-box ZIP code ${r.zip} lies (thick outline: ZIP Code Tabulation Area ${zcta} of 2010)${over(", over the school districts of that area")}`,
      );
      sentences.push(`The ZIP area is ${extentWords(zipOutline)}.`);
    } else {
      sentences.push(`Map of the school districts ZIP code ${r.zip} overlaps: ${joinNames(named)}.`);
      sentences.push(
        `${zcta === r.zip ? `ZIP code ${r.zip}` : `ZIP code ${zcta}, where the post office of ${r.zip} lies,`} has no outline on this map: its ZIP Code Tabulation Area is new since 2010, and the 2010 outlines are the newest this service has.`,
      );
    }
    if (undrawn.length > 0) sentences.push(`${joinNames(undrawn.map(name))} ${undrawn.length === 1 ? "has" : "have"} no drawn boundary (not in the ${this.sources.vintage} Census file).`);
    sentences.push(`District outlines from the ${this.sources.vintage} Census boundaries, ZIP outline from the 2010 ZIP Code Tabulation Areas, both at 1:500,000 and simplified: approximate at the edges.`);
    const description = sentences.join(" ");
    const shapes: MapShape[] = drawn.map((x) => ({ polygons: x.outline, style: x.style }));
    if (zipOutline !== undefined) shapes.push({ polygons: zipOutline, style: "zip" });
    const figure = mapFigure(shapes, {
      id: "map",
      title: `Map of ZIP code ${r.zip} and its school districts`,
      caption: description,
      budget: MAP_BUDGET,
      ...(zipOutline !== undefined ? { focus: zipOutline } : {}),
    });
    return section("Map", figure);
  }
}

/**
 * The ZIP outlines of the page maps (issue 12): the 2010 ZCTA polygons of raw section 13
 * (Census cartographic boundary file, 2019 edition, 1:500,000) for the ZCTAs the records
 * name, as a TopoJSON topology (topojson-server: shared borders stored once), simplified
 * for a map of a few hundred pixels (topojson-simplify's Visvalingam weights, with a
 * threshold per arc scaled to the smallest ZCTA drawn with it) and quantized
 * (topojson-client) into `zctas.topojson`; and its section of BOUNDARIES.md.
 */
import { topology } from "topojson-server";
import { presimplify } from "topojson-simplify";
import { quantize } from "topojson-client";
import { ZctaOutlines, TERRITORIES } from "@school-districts/core";
import type { BuildResult } from "./build.ts";
import { readZctaBoundaries, type ZctaBoundary } from "./boundaries.ts";
import { thousands } from "./thousands.ts";

export const ZCTA_OUTLINE_FILE = "zctas.topojson";
/** A ZIP map is about this many pixels across the ZIP's outline. */
export const MAP_PIXELS = 300;
/** A point is kept when its Visvalingam triangle covers at least this many square pixels of that map (a few pixels' deviation). */
export const MIN_SQUARE_PIXELS = 64;
/** Quantization: 1e7 steps over the extent, as the district boundaries. */
export const ZCTA_QUANTIZATION = 1e7;
export const ZCTA_OUTLINE_METADATA = {
  source: "U.S. Census Bureau, cartographic boundary file, ZIP Code Tabulation Areas (2010 ZCTAs), 2019 edition",
  vintage: "2010 ZCTAs",
  scale: "1:500,000",
  simplified: `Visvalingam (topology preserved), a point kept when its triangle covers at least ${MIN_SQUARE_PIXELS} square pixels of a ${MAP_PIXELS}-pixel map of the smallest ZCTA it borders`,
};

type Arc = [number, number, number][];
type Geometry = { type: string; id: string; arcs: number[][] | number[][][]; properties?: unknown };

/**
 * The compiled outline file: one geometry per ZCTA of `wanted` that the 2010 file has,
 * sorted by ZCTA, simplified per arc at the scale of the smallest ZCTA using it.
 *
 * @example
 * const text = zctaOutlineTopology(readZctaBoundaries(raw), new Set(["90210"]));
 */
function zctaOutlineTopology(zctas: readonly ZctaBoundary[], wanted: ReadonlySet<string>): string {
  const kept = zctas.filter((z) => wanted.has(z.zcta));
  const size = new Map(kept.map((z) => [z.zcta, Math.max(z.bbox[2] - z.bbox[0], z.bbox[3] - z.bbox[1])]));
  const features = kept.map((z) => ({ type: "Feature" as const, id: z.zcta, properties: {}, geometry: { type: "MultiPolygon" as const, coordinates: z.polygons } }));
  const topo = presimplify(topology({ zctas: { type: "FeatureCollection", features } } as never) as never) as unknown as {
    arcs: Arc[];
    objects: { zctas: { geometries: Geometry[] } };
  };
  // Each arc at the scale of the smallest ZCTA it borders: one pixel of that ZCTA's map is size / MAP_PIXELS degrees.
  const smallest = new Float64Array(topo.arcs.length).fill(Infinity);
  for (const g of topo.objects.zctas.geometries) {
    const s = size.get(g.id)!;
    const polys = (g.type === "Polygon" ? [g.arcs] : g.arcs) as number[][][];
    for (const rings of polys) for (const ring of rings) for (const ref of ring) {
      const a = ref < 0 ? ~ref : ref;
      if (s < smallest[a]!) smallest[a] = s;
    }
  }
  // topojson-simplify's simplify() with one threshold per arc (its end points weigh Infinity and stay).
  const arcs = topo.arcs.map((arc, i) => {
    const min = MIN_SQUARE_PIXELS * (smallest[i]! / MAP_PIXELS) ** 2;
    return arc.filter((p) => p[2] >= min).map((p) => [p[0], p[1]]);
  });
  const q = quantize({ ...topo, arcs } as never, ZCTA_QUANTIZATION) as unknown as { transform: unknown; objects: { zctas: { geometries: Geometry[] } }; arcs: unknown };
  for (const g of q.objects.zctas.geometries) delete g.properties;
  return JSON.stringify({ type: "Topology", metadata: ZCTA_OUTLINE_METADATA, transform: q.transform, objects: q.objects, arcs: q.arcs }) + "\n";
}


/** The section of BOUNDARIES.md on the ZIP outlines. */
function outlineMarkdown(outlines: ZctaOutlines, bytes: number, points: number, stateOf: ReadonlyMap<string, string>, postOffice: number): string {
  const wanted = [...stateOf.keys()];
  const missing = wanted.filter((z) => !outlines.has(z)).sort();
  const territory = missing.filter((z) => TERRITORIES.has(stateOf.get(z)!));
  const fresh = missing.filter((z) => !TERRITORIES.has(stateOf.get(z)!));
  return [
    "## ZIP outlines of the page maps",
    "",
    `\`${ZCTA_OUTLINE_FILE}\` (${thousands(bytes)} bytes, ${thousands(points)} points): ${ZCTA_OUTLINE_METADATA.source}, scale ${ZCTA_OUTLINE_METADATA.scale}; ` +
      `simplified (${ZCTA_OUTLINE_METADATA.simplified}) and quantized to ${ZCTA_QUANTIZATION.toExponential(0)} steps. ` +
      "Drawn over the district outlines on ZIP pages; a PO-box or delivery ZIP draws the outline of the ZCTA its post office lies in. " +
      "A ZCTA approximates the ZIP's delivery area from census blocks; it is not the USPS route map.",
    "",
    `- ZCTAs named by the records: ${thousands(wanted.length)} (each ZCTA record's own; the ${thousands(postOffice)} PO-box and delivery ZIPs name the ZCTA their post office lies in)`,
    `- With a 2010 outline: ${thousands(outlines.size)}`,
    `- Without one: ${thousands(missing.length)}; their pages say so in words`,
    `  - in Puerto Rico and the other territories (the 2010 file covers the 50 states and DC; there are no district boundaries there either): ${thousands(territory.length)}`,
    `  - new since 2010 (the page draws the districts alone): ${thousands(fresh.length)}` + (fresh.length ? ` (${fresh.join(", ")})` : ""),
    "",
  ].join("\n");
}

/**
 * Adds `zctas.topojson` to a build's files, its entry (sha256, rows = ZCTA outlines) and
 * metadata to the manifest, and its section to BOUNDARIES.md (`zctas`: the 2010 ZCTA polygons, else read here).
 *
 * @example
 * const result = addZctaOutlines(withBoundaries, raw, sha256);
 */
export function addZctaOutlines(result: BuildResult, raw: string, sha256: (s: string) => string, zctas: readonly ZctaBoundary[] = readZctaBoundaries(raw)): BuildResult {
  const records = result.stats.records;
  const stateOf = new Map<string, string>();
  for (const r of records) if (r.zcta !== "" && !stateOf.has(r.zcta)) stateOf.set(r.zcta, r.state);
  const text = zctaOutlineTopology(zctas, new Set(stateOf.keys()));
  const outlines = ZctaOutlines.parse(text, ZCTA_OUTLINE_FILE);
  const points = (JSON.parse(text) as { arcs: unknown[][] }).arcs.reduce((n, a) => n + a.length, 0);
  const postOffice = records.filter((r) => r.zcta !== r.zip).length;
  const manifest = JSON.parse(result.files.get("manifest.json")!) as { files: Record<string, unknown>; zcta_outlines?: unknown };
  manifest.files[ZCTA_OUTLINE_FILE] = { sha256: sha256(text), rows: outlines.size, bytes: Buffer.byteLength(text) };
  manifest.zcta_outlines = { file: ZCTA_OUTLINE_FILE, ...ZCTA_OUTLINE_METADATA };
  const files = new Map(result.files);
  files.delete("manifest.json");
  files.set(ZCTA_OUTLINE_FILE, text);
  files.set("BOUNDARIES.md", files.get("BOUNDARIES.md")! + "\n" + outlineMarkdown(outlines, Buffer.byteLength(text), points, stateOf, postOffice));
  files.set("manifest.json", JSON.stringify(manifest, null, 2) + "\n");
  return { ...result, files };
}

/**
 * The ZIP outlines of the page maps (issue 12): `data/zctas.topojson`, the 2010 ZCTA
 * polygons simplified and quantized by the pipeline, decoded into flat typed arrays
 * (about 8 bytes a point); a ZCTA's rings are made only when a map asks for them.
 */
import pointInPolygon from "point-in-polygon-hao";
import { DatasetError } from "./dataset.ts";
import { appendArcPoints, parseTopology, type TopoGeometry } from "./location.ts";

/** Rings of [lon, lat] per polygon part: outer ring first, then holes. */
export type Outline = [number, number][][][];

/**
 * ZCTA outlines by ZCTA.
 *
 * @example
 * const zctas = ZctaOutlines.parse(bytes, "data/zctas.topojson");
 * zctas.outline("90210")?.length // 1
 */
export class ZctaOutlines {
  /** the file's metadata (source, vintage, scale, simplification) */
  readonly metadata: Record<string, unknown>;
  private readonly coords: Int32Array;
  private readonly arcStart: Uint32Array;
  /** scale x, scale y, translate x, translate y */
  private readonly transform: readonly [number, number, number, number];
  /** the ZCTAs as numbers, ascending (the file is sorted by ZCTA); geometry g has parts geomPart[g]..geomPart[g+1] */
  private readonly ids: Int32Array;
  private readonly geomPart: Uint32Array;
  private readonly partRing: Uint32Array;
  private readonly ringArc: Uint32Array;
  private readonly arcRefs: Int32Array;

  private constructor(geometries: TopoGeometry[], coords: Int32Array, arcStart: Uint32Array, transform: { scale: [number, number]; translate: [number, number] }, metadata: Record<string, unknown>, label: string) {
    this.metadata = metadata;
    [this.coords, this.arcStart] = [coords, arcStart];
    this.transform = [...transform.scale, ...transform.translate];
    const arcCount = arcStart.length - 1;
    const geomPart: number[] = [];
    const partRing: number[] = [];
    const ringArc: number[] = [];
    const arcRefs: number[] = [];
    this.ids = new Int32Array(geometries.length);
    geometries.forEach((g, i) => {
      if (typeof g.id !== "string" || !/^[0-9]{5}$/.test(g.id)) throw new DatasetError(label, `geometry with id ${JSON.stringify(g.id)}`);
      const id = Number(g.id);
      if (i > 0 && id <= this.ids[i - 1]!) throw new DatasetError(label, `ZCTA ${g.id} ${id === this.ids[i - 1] ? "twice" : "out of order (the file is sorted by ZCTA)"}`);
      this.ids[i] = id;
      const polys = (g.type === "Polygon" ? [g.arcs] : g.type === "MultiPolygon" ? g.arcs : null) as number[][][] | null;
      if (polys === null) throw new DatasetError(label, `ZCTA ${g.id}: geometry type ${g.type}`);
      geomPart.push(partRing.length);
      for (const rings of polys) {
        partRing.push(ringArc.length);
        for (const r of rings) {
          ringArc.push(arcRefs.length);
          for (const ref of r) {
            if (!Number.isInteger(ref) || (ref < 0 ? ~ref : ref) >= arcCount) throw new DatasetError(label, `ZCTA ${g.id}: arc ${ref} does not exist`);
            arcRefs.push(ref);
          }
        }
      }
    });
    geomPart.push(partRing.length);
    partRing.push(ringArc.length);
    ringArc.push(arcRefs.length);
    [this.geomPart, this.partRing, this.ringArc, this.arcRefs] = [Uint32Array.from(geomPart), Uint32Array.from(partRing), Uint32Array.from(ringArc), Int32Array.from(arcRefs)];
  }

  /**
   * Parses and checks a ZCTA outline file (a Topology with a "zctas" object); any problem
   * throws a DatasetError naming `label`.
   *
   * @example
   * ZctaOutlines.parse(await Bun.file("data/zctas.topojson").bytes(), "data/zctas.topojson").size // 32927
   */
  static parse(file: string | Uint8Array, label: string): ZctaOutlines {
    const { topo, arcs } = parseTopology(file, label);
    const zctas = topo.objects.zctas;
    if (zctas === undefined || !Array.isArray(zctas.geometries)) throw new DatasetError(label, 'no "zctas" object');
    return new ZctaOutlines(zctas.geometries, arcs.xy, arcs.start, topo.transform, topo.metadata ?? {}, label);
  }

  /** How many ZCTAs have an outline. */
  get size(): number {
    return this.ids.length;
  }

  /** Whether a ZCTA has an outline. */
  has(zcta: string): boolean {
    return this.find(zcta) >= 0;
  }

  /**
   * Whether the outline of a ZCTA holds (lon, lat), its border included (point-in-polygon-hao
   * on each part); false when the file has no outline for it.
   *
   * @example
   * zctas.holds("90210", -118.4065, 34.1031) // true
   */
  holds(zcta: string, lon: number, lat: number): boolean {
    const outline = this.outline(zcta);
    return outline !== undefined && outline.some((polygon) => pointInPolygon([lon, lat], polygon) !== false);
  }

  /** The index of a ZCTA's geometry (binary search), or -1. */
  private find(zcta: string): number {
    if (!/^[0-9]{5}$/.test(zcta)) return -1;
    const id = Number(zcta);
    let [lo, hi] = [0, this.ids.length - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The outline of a ZCTA, or undefined when the file has none (ZCTAs new since 2010).
   *
   * @example
   * zctas.outline("90210")![0]![0]![0] // [-118.43, 34.1] (a [lon, lat] point)
   */
  outline(zcta: string): Outline | undefined {
    const g = this.find(zcta);
    if (g < 0) return undefined;
    const out: Outline = [];
    for (let p = this.geomPart[g]!; p < this.geomPart[g + 1]!; p++) {
      const rings: [number, number][][] = [];
      for (let r = this.partRing[p]!; r < this.partRing[p + 1]!; r++) {
        const ring: [number, number][] = [];
        for (let k = this.ringArc[r]!; k < this.ringArc[r + 1]!; k++) appendArcPoints(this.coords, this.arcStart, this.transform, this.arcRefs[k]!, ring);
        rings.push(ring);
      }
      out.push(rings);
    }
    return out;
  }
}

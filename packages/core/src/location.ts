/**
 * Districts by location: the compiled boundaries (`data/boundaries.topojson`, a
 * quantized TopoJSON written by the pipeline) decoded into flat coordinate arrays,
 * a flatbush index of every polygon part's bounding box, and point-in-polygon-hao's
 * exact test on the candidates. Also the nearest ZCTA internal point.
 *
 * Border rule (deterministic): per level, a district whose polygon holds the point
 * strictly inside wins over one whose border the point lies on; among equals, the
 * lowest LEAID wins.
 */
import Flatbush from "flatbush";
import { around } from "geoflatbush";
import { orient2d } from "robust-predicates";
import { DatasetError } from "./dataset.ts";


export type BoundaryLevel = "unified" | "elementary" | "secondary";
const LEVEL_CODES: Record<string, BoundaryLevel> = { U: "unified", E: "elementary", S: "secondary" };
export const BOUNDARY_LEVEL_ORDER: readonly BoundaryLevel[] = ["unified", "elementary", "secondary"];

/** One district of the boundary file. */
export interface BoundaryDistrict {
  /** today's LEAID (a district of districts.csv) */
  leaid: string;
  /** the level of the boundary file it comes from */
  level: BoundaryLevel;
  /** the 2016 boundary LEAIDs drawn for it (more than one where districts merged) */
  geoids: string[];
}

/** A district holding a point, and whether the point lies on its border. */
export interface DistrictHit {
  district: BoundaryDistrict;
  onBorder: boolean;
}

/** A geometry of a TopoJSON object (the fields this service reads). */
export interface TopoGeometry {
  type: string;
  id?: string;
  properties?: Record<string, unknown>;
  arcs?: number[][] | number[][][];
  coordinates?: [number, number];
}
/** A quantized TopoJSON Topology without its arcs (parseTopology scans those into typed arrays). */
export interface Topology {
  type: string;
  transform: { scale: [number, number]; translate: [number, number] };
  objects: Record<string, { type: string; geometries: TopoGeometry[] }>;
  metadata?: Record<string, unknown>;
}

const ARCS_KEY = new TextEncoder().encode(',"arcs":');

function lastIndexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = hay.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The arcs of a quantized topology: absolute quantized positions, and where each arc starts. */
export interface Arcs {
  xy: Int32Array;
  start: Uint32Array;
}

/**
 * Reads the `"arcs"` array (delta-encoded integer pairs) straight into typed arrays:
 * JSON.parse would make about a million small arrays and leave the heap that much larger.
 */
function scanArcs(text: Uint8Array, from: number, label: string): Arcs {
  const bad = (i: number) => new DatasetError(label, `arcs: unexpected ${JSON.stringify(new TextDecoder().decode(text.subarray(i, i + 10)))} at byte ${i}`);
  // First pass: count the points, so the array is allocated once at its size.
  let points = 0;
  let d = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === 91 /* [ */ && ++d === 3) points++;
    else if (c === 93 /* ] */ && --d === 0) break;
  }
  const xy = new Int32Array(2 * points);
  const starts: number[] = [];
  let n = 0; // numbers written
  let depth = 0;
  let x = 0;
  let y = 0;
  let k = 0; // index of the number within its point
  let i = from;
  const end = text.length;
  for (; i < end; i++) {
    const c = text[i]!;
    if (c === 91 /* [ */) {
      depth++;
      if (depth === 2) [x, y] = [0, 0], starts.push(n / 2);
      else if (depth === 3) k = 0;
      else if (depth > 3) throw bad(i);
    } else if (c === 93 /* ] */) {
      if (depth === 3 && k !== 2) throw bad(i);
      depth--;
      if (depth === 0) break;
    } else if (c === 44 /* , */ || c === 32 || c === 10) {
      continue;
    } else if (depth === 3 && (c === 45 || (c >= 48 && c <= 57))) {
      let j = i;
      let neg = false;
      if (c === 45) (neg = true), j++;
      let v = 0;
      const s = j;
      for (; j < end; j++) {
        const d = text[j]! - 48;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
      }
      if (j === s || k > 1) throw bad(i);
      if (neg) v = -v;
      if (n >= xy.length) throw bad(i);
      if (k === 0) xy[n++] = x += v;
      else xy[n++] = y += v;
      k++;
      i = j - 1;
    } else throw bad(i);
  }
  if (depth !== 0) throw new DatasetError(label, "arcs: the file ends inside the arcs array (truncated?)");
  starts.push(n / 2);
  if (n !== xy.length) throw new DatasetError(label, `arcs: ${n / 2} points read, ${points} counted`);
  return { xy, start: Uint32Array.from(starts) };
}



/**
 * Appends the [lon, lat] points of arc reference `ref` (negative: the arc reversed) to a
 * ring, dequantized with `t` = [scale x, scale y, translate x, translate y]. Consecutive
 * arcs share their end point, so every arc but a ring's first skips its first point.
 *
 * @example
 * const ring: [number, number][] = [];
 * for (const ref of [0, ~3]) appendArcPoints(arcs.xy, arcs.start, [sx, sy, tx, ty], ref, ring);
 */
export function appendArcPoints(coords: Int32Array, arcStart: Uint32Array, t: readonly [number, number, number, number], ref: number, out: [number, number][]): void {
  const rev = ref < 0;
  const a = rev ? ~ref : ref;
  const s = arcStart[a]!;
  const e = arcStart[a + 1]!;
  const [sx, sy, tx, ty] = t;
  if (!rev) for (let i = out.length ? s + 1 : s; i < e; i++) out.push([coords[2 * i]! * sx + tx, coords[2 * i + 1]! * sy + ty]);
  else for (let i = out.length ? e - 2 : e - 1; i >= s; i--) out.push([coords[2 * i]! * sx + tx, coords[2 * i + 1]! * sy + ty]);
}

/**
 * A quantized TopoJSON file as the pipeline writes it ("arcs" last): its head parsed as
 * JSON, its arcs scanned straight into typed arrays. Any problem throws a DatasetError
 * naming `label`.
 *
 * @example
 * const { topo, arcs } = parseTopology(bytes, "data/zctas.topojson");
 */
export function parseTopology(file: string | Uint8Array, label: string): { topo: Topology; arcs: Arcs } {
  const text = typeof file === "string" ? new TextEncoder().encode(file) : file;
  const cut = lastIndexOf(text, ARCS_KEY);
  if (cut < 0) throw new DatasetError(label, 'not a TopoJSON Topology with "arcs" last');
  let topo: Topology;
  try {
    topo = JSON.parse(new TextDecoder().decode(text.subarray(0, cut)) + "}") as Topology;
  } catch (e) {
    throw new DatasetError(label, `not valid JSON (${(e as Error).message})`);
  }
  if (topo === null || typeof topo !== "object" || topo.type !== "Topology" || typeof topo.objects !== "object") {
    throw new DatasetError(label, "not a TopoJSON Topology");
  }
  if (!Array.isArray(topo.transform?.scale) || !Array.isArray(topo.transform?.translate)) throw new DatasetError(label, "no quantization transform");
  return { topo, arcs: scanArcs(text, cut + ARCS_KEY.length, label) };
}

/** An area of no district of today (LocationIndex.areaWithoutDistrictAt). */
export type AreaWithoutDistrict = { kind: "no-district" } | { kind: "unmapped"; leaid: string; name: string };

/** The district number of a polygon part of land in no school district (`no_district`). */
const NO_DISTRICT_PART = 0xffffffff;
/** The district numbers of the parts of `unmapped` areas: this plus the area's index in `unmapped`. */
const UNMAPPED_PART = 0x80000000;

/**
 * Inside land drawn in no school district, how near a district's drawn edge must be to answer
 * (metres): where the two drawings part by a few metres only (Sun City West, AZ, 10 m off Dysart's
 * edge). Farther in, the raw boundaries agree that the place is in no district (Sun City, 260 m off
 * Peoria's edge: review 32b #1).
 */
export const NO_DISTRICT_NEAR_M = 30;

/**
 * How far outside every drawn district a place may lie and still be answered by the nearest
 * (metres): the 1:500,000 outlines and their simplification cut off shore strips and small
 * islands (South Padre Island lies about 490 m outside Point Isabel ISD's drawn edge); a mile
 * out, a place is more likely water, or land the maps leave to no one. The server's location
 * answer uses it, and its problem page and the contract say it (review 34 #6d).
 */
export const OFF_EDGE_M = 1600;

/** A degree of arc on geoflatbush's globe (radius 6,371 km), in km. */
const KM_PER_DEGREE = (6371 * Math.PI) / 180;

/**
 * The boundary file, decoded for point lookups.
 *
 * @example
 * const idx = LocationIndex.parse(await Bun.file("data/boundaries.topojson").text(), "data/boundaries.topojson");
 * idx.districtsAt(-108.5007, 45.7833).map((h) => h.district.leaid) // ["3004620", "3004650"]
 */
export class LocationIndex {
  /** districts in file order (sorted by level, then LEAID) */
  readonly districts: BoundaryDistrict[] = [];
  /** the file's metadata (vintage, source, scale, ...) */
  readonly metadata: Record<string, unknown>;
  /** ZCTAs of the point index, in file order */
  readonly zctas: string[] = [];
  /** the 2016 ids of the land drawn in no school district (`no_district`), in file order */
  readonly noDistrict: string[] = [];
  /** the areas of 2016 districts that no district of today is found for (`unmapped`): 2016 id and name, in file order */
  readonly unmapped: { leaid: string; name: string }[] = [];
  /** absolute quantized positions of every arc, x then y */
  private readonly coords: Int32Array;
  private readonly arcStart: Uint32Array;
  private readonly sx: number;
  private readonly sy: number;
  private readonly tx: number;
  private readonly ty: number;
  /** polygon parts, flat: part p has rings partRing[p]..partRing[p+1]; ring r has arc references ringArc[r]..ringArc[r+1] of arcRefs */
  private readonly partRing: Uint32Array;
  private readonly ringArc: Uint32Array;
  private readonly arcRefs: Int32Array;
  private readonly partDistrict: Uint32Array;
  private readonly partIndex: Flatbush | null;
  private readonly zctaIndex: Flatbush | null;
  private readonly zctaXY: Float64Array;
  /** ZCTA -> its position in `zctas`, built on the first zctaPoint */
  private zctaAt: Map<string, number> | undefined;
  private readonly byLeaid = new Map<string, number>();

  private constructor(topo: Topology, arcs: Arcs, label: string) {
    const t = topo.transform;
    [this.sx, this.sy] = t.scale;
    [this.tx, this.ty] = t.translate;
    const [sx, sy, tx, ty] = [this.sx, this.sy, this.tx, this.ty];
    this.metadata = topo.metadata ?? {};
    this.coords = arcs.xy;
    this.arcStart = arcs.start;

    const districts = topo.objects.districts;
    if (districts === undefined || !Array.isArray(districts.geometries)) throw new DatasetError(label, 'no "districts" object');
    const boxes: number[] = [];
    const partRing: number[] = [];
    const ringArc: number[] = [];
    const arcRefs: number[] = [];
    const partDistrict: number[] = [];
    /** The polygons of a geometry, each a list of rings of arc references; null for another type. */
    const polygonsOf = (g: TopoGeometry) => (g.type === "Polygon" ? [g.arcs] : g.type === "MultiPolygon" ? g.arcs : null) as number[][][] | null;
    /** Each polygon of `polys` as a part of district number `d`: its box, rings and arcs. */
    const addParts = (polys: number[][][], d: number) => {
      for (const rings of polys) {
        if (rings.length === 0) continue;
        boxes.push(...this.ringBox(rings[0]!, label));
        partRing.push(ringArc.length);
        for (const r of rings) {
          ringArc.push(arcRefs.length);
          arcRefs.push(...r);
        }
        partDistrict.push(d);
      }
    };
    for (const g of districts.geometries) {
      const level = LEVEL_CODES[String(g.properties?.level ?? "")];
      if (typeof g.id !== "string" || !/^[0-9]{7}$/.test(g.id) || level === undefined) {
        throw new DatasetError(label, `district geometry with id ${JSON.stringify(g.id)} and level ${JSON.stringify(g.properties?.level)}`);
      }
      const geoids = String(g.properties?.geoids ?? g.id).split(" ");
      const d = this.districts.push({ leaid: g.id, level, geoids }) - 1;
      this.byLeaid.set(`${level} ${g.id}`, d);
      const polys = polygonsOf(g);
      if (polys === null) throw new DatasetError(label, `district ${g.id}: geometry type ${g.type}`);
      addParts(polys, d);
    }
    /** The polygons of an area of no district of today (`object`), by its 2016 id, checked. */
    const areaPolygons = (g: TopoGeometry, object: string): { id: string; polys: number[][][] } => {
      const polys = polygonsOf(g);
      if (typeof g.id !== "string" || !/^[0-9]{7}$/.test(g.id) || polys === null) throw new DatasetError(label, `${object} geometry with id ${JSON.stringify(g.id)} and type ${g.type}`);
      return { id: g.id, polys };
    };
    // Land in no school district (`no_district`), and the areas of 2016 districts mapped to no
    // district of today (`unmapped`, with the name): parts of no district.
    for (const g of topo.objects.no_district?.geometries ?? []) {
      const { id, polys } = areaPolygons(g, "no_district");
      this.noDistrict.push(id);
      addParts(polys, NO_DISTRICT_PART);
    }
    for (const g of topo.objects.unmapped?.geometries ?? []) {
      const { id, polys } = areaPolygons(g, "unmapped");
      addParts(polys, UNMAPPED_PART + this.unmapped.push({ leaid: id, name: String(g.properties?.name ?? "") }) - 1);
    }
    partRing.push(ringArc.length);
    ringArc.push(arcRefs.length);
    [this.partRing, this.ringArc, this.arcRefs, this.partDistrict] = [Uint32Array.from(partRing), Uint32Array.from(ringArc), Int32Array.from(arcRefs), Uint32Array.from(partDistrict)];
    this.partIndex = null;
    if (this.partDistrict.length > 0) {
      const idx = new Flatbush(this.partDistrict.length);
      for (let i = 0; i < boxes.length; i += 4) idx.add(boxes[i]!, boxes[i + 1]!, boxes[i + 2]!, boxes[i + 3]!);
      idx.finish();
      this.partIndex = idx;
    }

    // ZCTA internal points, indexed on (lon, lat) and searched by great-circle distance (geoflatbush): not on
    // (lon * cos(lat), lat), which measured a point 0.1 degree north at 120 W as 16 km east (audit truth 40 #1).
    const points = topo.objects.zctas?.geometries ?? [];
    this.zctaXY = new Float64Array(points.length * 2);
    points.forEach((p, i) => {
      if (p.type !== "Point" || typeof p.id !== "string" || !Array.isArray(p.coordinates)) throw new DatasetError(label, `zcta point ${JSON.stringify(p.id)}`);
      const x = p.coordinates[0] * sx + tx;
      const y = p.coordinates[1] * sy + ty;
      this.zctas.push(p.id);
      this.zctaXY[2 * i] = x;
      this.zctaXY[2 * i + 1] = y;
    });
    this.zctaIndex = null;
    if (points.length > 0) {
      const idx = new Flatbush(points.length);
      for (let i = 0; i < points.length; i++) idx.add(this.zctaXY[2 * i]!, this.zctaXY[2 * i + 1]!);
      idx.finish();
      this.zctaIndex = idx;
    }
  }

  /**
   * Parses and checks a boundary file's text; any problem throws a DatasetError naming `label`.
   *
   * @example
   * LocationIndex.parse(text, "data/boundaries.topojson").districts.length // 13177
   */
  static parse(file: string | Uint8Array, label: string): LocationIndex {
    const { topo, arcs } = parseTopology(file, label);
    return new LocationIndex(topo, arcs, label);
  }


  /** A ring's [lon, lat] points from its arc references. */
  ring(arcs: ArrayLike<number>): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < arcs.length; i++) appendArcPoints(this.coords, this.arcStart, [this.sx, this.sy, this.tx, this.ty], arcs[i]!, out);
    return out;
  }

  /** How many polygon parts the districts, the land of no district and the unmapped areas have (parts are numbered from 0). */
  get partCount(): number {
    return this.partDistrict.length;
  }

  /**
   * The rings of a polygon part (outer ring, then holes), each as [lon, lat] points.
   *
   * @example
   * idx.partRings(0)[0]!.length // points of part 0's outer ring, closed
   */
  partRings(part: number): [number, number][][] {
    const out: [number, number][][] = [];
    for (let r = this.partRing[part]!; r < this.partRing[part + 1]!; r++) out.push(this.ring(this.arcRefs.subarray(this.ringArc[r]!, this.ringArc[r + 1]!)));
    return out;
  }

  private ringBox(arcs: readonly number[], label: string): [number, number, number, number] {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ref of arcs) {
      const a = ref < 0 ? ~ref : ref;
      if (a >= this.arcStart.length - 1) throw new DatasetError(label, `arc ${ref} does not exist`);
      for (let i = this.arcStart[a]!; i < this.arcStart[a + 1]!; i++) {
        const x = this.coords[2 * i]! * this.sx + this.tx;
        const y = this.coords[2 * i + 1]! * this.sy + this.ty;
        if (x < x0) x0 = x;
        if (y < y0) y0 = y;
        if (x > x1) x1 = x;
        if (y > y1) y1 = y;
      }
    }
    return [x0, y0, x1, y1];
  }

  /**
   * Where (lon, lat) lies against a polygon part (outer ring, then holes): true inside,
   * false outside, 0 on a border. The test of point-in-polygon-hao (the same edge
   * crossings with robust-predicates' orient2d, so the same answers: location.test.ts
   * checks them against it), run over the quantized arcs in place: materializing the
   * rings as [lon, lat] arrays cost most of a lookup's CPU and left tens of KB of
   * garbage per lookup (bench/FINDINGS.md P7).
   */
  pointInPart(part: number, lon: number, lat: number): boolean | 0 {
    const { coords, arcStart, arcRefs, ringArc, sx, sy, tx, ty } = this;
    let crossings = 0;
    for (let r = this.partRing[part]!; r < this.partRing[part + 1]!; r++) {
      let u1 = 0;
      let v1 = 0;
      let started = false;
      for (let k = ringArc[r]!; k < ringArc[r + 1]!; k++) {
        const ref = arcRefs[k]!;
        const a = ref < 0 ? ~ref : ref;
        const [s, e] = [arcStart[a]!, arcStart[a + 1]!];
        // The arc's points in ring order; every arc but the ring's first skips its first point (shared with the previous arc's last).
        const n = e - s;
        for (let j: number = started ? 1 : 0; j < n; j++) {
          const i: number = ref < 0 ? e - 1 - j : s + j;
          const u2: number = coords[2 * i]! * sx + tx - lon;
          const v2: number = coords[2 * i + 1]! * sy + ty - lat;
          if (!started) {
            u1 = u2;
            v1 = v2;
            started = true;
            continue;
          }
          if (v1 === 0 && v2 === 0) {
            if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return 0;
          } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
            const f = orient2d(u1, u2, v1, v2, 0, 0);
            if (f === 0) return 0;
            if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) crossings++;
          }
          u1 = u2;
          v1 = v2;
        }
      }
    }
    return crossings % 2 !== 0;
  }

  /**
   * The districts holding (lon, lat): at most one per level, in the order unified,
   * elementary, secondary (border rule above).
   *
   * @example
   * idx.districtsAt(-118.4004, 34.0736).map((h) => h.district.leaid) // ["0604830"] (Beverly Hills Unified)
   */
  districtsAt(lon: number, lat: number): DistrictHit[] {
    if (this.partIndex === null) return [];
    const best = new Map<BoundaryLevel, { d: number; onBorder: boolean }>();
    for (const part of this.partIndex.search(lon, lat, lon, lat)) {
      const d = this.partDistrict[part]!;
      if (d >= UNMAPPED_PART) continue; // not a district: land of none, or an unmapped area
      const r = this.pointInPart(part, lon, lat);
      if (r === false) continue;
      const onBorder = r === 0;
      const level = this.districts[d]!.level;
      const prev = best.get(level);
      if (prev !== undefined) {
        if (prev.d === d) {
          if (!onBorder) prev.onBorder = false;
          continue;
        }
        const better = prev.onBorder !== onBorder ? !onBorder : this.districts[d]!.leaid < this.districts[prev.d]!.leaid;
        if (!better) continue;
      }
      best.set(level, { d, onBorder });
    }
    // A unified district teaches every grade: where one holds the point, no other level's polygon
    // answers (only a K-12 district drawn over its former high-school district's polygon does so:
    // East Helena K-12 under Helena High School District; no block-group centre otherwise).
    const levels = best.has("unified") ? (["unified"] as const) : BOUNDARY_LEVEL_ORDER;
    return levels.filter((l) => best.has(l)).map((l) => ({ district: this.districts[best.get(l)!.d]!, onBorder: best.get(l)!.onBorder }));
  }

  /**
   * The internal point [lon, lat] of a ZCTA of the point index, or undefined.
   *
   * @example
   * idx.zctaPoint("90210") // [-118.4065, 34.1031]
   */
  zctaPoint(zcta: string): [number, number] | undefined {
    this.zctaAt ??= new Map(this.zctas.map((z, i) => [z, i]));
    const i = this.zctaAt.get(zcta);
    if (i === undefined) return undefined;
    return [this.zctaXY[2 * i]!, this.zctaXY[2 * i + 1]!];
  }

  /**
   * The `k` ZCTAs whose internal points are nearest to (lon, lat), nearest first.
   *
   * @example
   * idx.nearestZctas(-118.4004, 34.0736, 2) // ["90211", "90212"]
   */
  nearestZctas(lon: number, lat: number, k: number): string[] {
    if (this.zctaIndex === null) return [];
    return around(this.zctaIndex, lon, lat, k).map((i) => this.zctas[i]!);
  }

  /**
   * The ZCTA whose internal point is nearest to (lon, lat) within `maxDegrees` of arc on the
   * globe (a degree is about 111 km); undefined when there is none.
   *
   * @example
   * idx.nearestZcta(-118.4004, 34.0736) // "90210"
   */
  nearestZcta(lon: number, lat: number, maxDegrees = 2): string | undefined {
    if (this.zctaIndex === null) return undefined;
    const [i] = around(this.zctaIndex, lon, lat, 1, maxDegrees * KM_PER_DEGREE);
    return i === undefined ? undefined : this.zctas[i];
  }

  /**
   * The outline of a district as rings of [lon, lat] (each polygon part: outer ring, then holes).
   *
   * @example
   * idx.outline("0604830", "unified")?.length // 1
   */
  outline(leaid: string, level: BoundaryLevel): [number, number][][][] | undefined {
    const d = this.byLeaid.get(`${level} ${leaid}`);
    if (d === undefined) return undefined;
    const out: [number, number][][][] = [];
    for (let i = 0; i < this.partDistrict.length; i++) if (this.partDistrict[i] === d) out.push(this.partRings(i));
    return out;
  }

  /**
   * The area of no district of today that holds (lon, lat), borders included: land the Census draws
   * in no school district (`no_district`: Sun City, AZ), or a 2016 district this service finds no
   * district of today for (`unmapped`: Palo Community School District, MI); undefined elsewhere.
   *
   * @example
   * idx.areaWithoutDistrictAt(-84.9834, 43.1112) // { kind: "unmapped", leaid: "2627390", name: "Palo Community School District" }
   */
  areaWithoutDistrictAt(lon: number, lat: number): AreaWithoutDistrict | undefined {
    if (this.partIndex === null) return undefined;
    for (const part of this.partIndex.search(lon, lat, lon, lat)) {
      const d = this.partDistrict[part]!;
      if (d < UNMAPPED_PART || this.pointInPart(part, lon, lat) === false) continue;
      return d === NO_DISTRICT_PART ? { kind: "no-district" } : { kind: "unmapped", ...this.unmapped[d - UNMAPPED_PART]! };
    }
    return undefined;
  }

  /**
   * Whether (lon, lat) lies in land the Census draws in no school district ("School District Not
   * Defined", the `no_district` object: Sun City, AZ), borders included.
   *
   * @example
   * idx.inNoDistrict(-112.2766, 33.6037) // true (Sun City, AZ)
   */
  inNoDistrict(lon: number, lat: number): boolean {
    return this.areaWithoutDistrictAt(lon, lat)?.kind === "no-district";
  }

  /**
   * The 2016 district whose area holds (lon, lat) where no district of today is found for it
   * (the `unmapped` object: Palo Community School District, MI), or undefined.
   *
   * @example
   * idx.unmappedAt(-84.9834, 43.1112)?.name // "Palo Community School District"
   */
  unmappedAt(lon: number, lat: number): { leaid: string; name: string } | undefined {
    const area = this.areaWithoutDistrictAt(lon, lat);
    return area?.kind === "unmapped" ? { leaid: area.leaid, name: area.name } : undefined;
  }

  /**
   * For a place no district holds: the nearest district drawn within `maxMetres` (a shore strip
   * or small island the simplified outlines cut off: South Padre Island is about 490 m outside
   * Point Isabel ISD's drawn edge; in land of no district, within NO_DISTRICT_NEAR_M only), with,
   * where it is drawn for one level of a split-level area, the nearest of the other level within
   * that distance; [] when none is that near.
   *
   * @example
   * idx.nearestWithin(-97.1738, 26.0995, 1600).map((n) => [n.district.leaid, Math.round(n.metres)]) // [["4835250", 489]]
   */
  nearestWithin(lon: number, lat: number, maxMetres: number): { district: BoundaryDistrict; metres: number }[] {
    if (this.partIndex === null) return [];
    const [kx, ky] = metresPerDegree(lat);
    const [dx, dy] = [maxMetres / kx, maxMetres / ky];
    const best = new Map<BoundaryLevel, { d: number; metres: number }>();
    // In an unmapped area, none (its district of today is not known); in land of no district, only a
    // district within the drawing's own error (its outline and the land's are equally approximate).
    const area = this.areaWithoutDistrictAt(lon, lat);
    if (area?.kind === "unmapped") return [];
    if (area?.kind === "no-district") maxMetres = Math.min(maxMetres, NO_DISTRICT_NEAR_M);
    for (const part of this.partIndex.search(lon - dx, lat - dy, lon + dx, lat + dy)) {
      const d = this.partDistrict[part]!;
      if (d >= UNMAPPED_PART) continue;
      const metres = ringsDistance(this.partRings(part), lon, lat, kx, ky);
      if (metres > maxMetres) continue;
      const level = this.districts[d]!.level;
      const prev = best.get(level);
      if (prev === undefined || metres < prev.metres || (metres === prev.metres && this.districts[d]!.leaid < this.districts[prev.d]!.leaid)) best.set(level, { d, metres });
    }
    // Nearest first; at the same distance (a unified district's edge along an elementary one's), the unified.
    const found = [...best].sort((a, b) => a[1].metres - b[1].metres || BOUNDARY_LEVEL_ORDER.indexOf(a[0]) - BOUNDARY_LEVEL_ORDER.indexOf(b[0]));
    if (found.length === 0) return [];
    const [nearestLevel] = found[0]!;
    // A unified district answers every grade; an elementary or secondary one, with the nearest of the other of those two.
    const levels = nearestLevel === "unified" ? ["unified"] : BOUNDARY_LEVEL_ORDER.filter((l) => l !== "unified");
    return BOUNDARY_LEVEL_ORDER.filter((l) => levels.includes(l) && best.has(l)).map((l) => ({ district: this.districts[best.get(l)!.d]!, metres: best.get(l)!.metres }));
  }

  /** Distance in metres from (lon, lat) to the nearest border of a district's polygons (equirectangular, fine below a few km). */
  distanceToBorder(leaid: string, level: BoundaryLevel, lon: number, lat: number): number {
    const o = this.outline(leaid, level);
    return o === undefined ? Infinity : edgeDistance(o, lon, lat);
  }

}

/**
 * Distance in metres from (lon, lat) to the nearest edge of polygons of rings of [lon, lat]
 * (equirectangular, fine below a few km; a point inside is measured to the edge too).
 *
 * @example
 * edgeDistance([[[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]], 1.001, 0.5) // about 111
 */
export function edgeDistance(polygons: readonly (readonly (readonly [number, number])[][])[], lon: number, lat: number): number {
  const [kx, ky] = metresPerDegree(lat);
  let best = Infinity;
  for (const rings of polygons) best = Math.min(best, ringsDistance(rings, lon, lat, kx, ky));
  return best;
}

/**
 * Distance in metres from (lon, lat) to the nearest edge of rings of [lon, lat], `kx`, `ky` metres per degree there.
 * Longitudes are taken the short way round (pages audit 40 #7: from Attu, at 173° E, Unalaska's ZIP area at 166° W
 * was measured 340° west, nearer than Adak's at 176° W).
 */
function ringsDistance(rings: readonly (readonly [number, number])[][], lon: number, lat: number, kx: number, ky: number): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const [ax, ay] = [eastOf(ring[i - 1]![0], lon) * kx, (ring[i - 1]![1] - lat) * ky];
      const [bx, by] = [eastOf(ring[i]![0], lon) * kx, (ring[i]![1] - lat) * ky];
      const [dx, dy] = [bx - ax, by - ay];
      const len = dx * dx + dy * dy;
      const s = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      const dist = Math.hypot(ax + s * dx, ay + s * dy);
      if (dist < best) best = dist;
    }
  }
  return best;
}

/** Degrees from `lon` east to `x` the short way round, in [-180, 180]. */
function eastOf(x: number, lon: number): number {
  const d = x - lon;
  return d > 180 ? d - 360 : d < -180 ? d + 360 : d;
}

/**
 * Metres per degree of longitude and of latitude at a latitude (equirectangular, fine below a few km).
 *
 * @example
 * metresPerDegree(0) // [111320, 110540]
 */
export function metresPerDegree(lat: number): [number, number] {
  return [111_320 * Math.cos((lat * Math.PI) / 180), 110_540];
}

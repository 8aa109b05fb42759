import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DatasetError } from "./dataset.ts";
import { LocationIndex } from "./location.ts";

/**
 * A hand-made quantized topology (scale 0.001°): unified A = [0,1]x[0,1] with a hole
 * [0.4,0.6]², unified B = [1,2]x[0,1] sharing A's east edge, elementary C = [0,2]x[0,1],
 * secondary D = the hole's square. Arcs are delta-encoded.
 */
const abs = (pts: [number, number][]) => pts.map((p, i) => (i === 0 ? p : [p[0] - pts[i - 1]![0], p[1] - pts[i - 1]![1]]));
const arcs = [
  abs([[1000, 0], [1000, 1000]]), // 0: shared edge, south to north
  abs([[1000, 1000], [0, 1000], [0, 0], [1000, 0]]), // 1: A's other sides
  abs([[1000, 0], [2000, 0], [2000, 1000], [1000, 1000]]), // 2: B's other sides
  abs([[400, 400], [600, 400], [600, 600], [400, 600], [400, 400]]), // 3: the hole
  abs([[0, 0], [2000, 0], [2000, 1000], [0, 1000], [0, 0]]), // 4: C
];
function topo(extra: Record<string, unknown> = {}): string {
  const t = {
    type: "Topology",
    metadata: { vintage: "test" },
    transform: { scale: [0.001, 0.001], translate: [0, 0] },
    objects: {
      districts: {
        type: "GeometryCollection",
        geometries: [
          { type: "MultiPolygon", id: "0100002", properties: { level: "U" }, arcs: [[[1, 0], [~3]]] },
          { type: "Polygon", id: "0100001", properties: { level: "U", geoids: "0100001 0199990" }, arcs: [[~0, 2]] },
          { type: "Polygon", id: "0100003", properties: { level: "E" }, arcs: [[4]] },
          { type: "Polygon", id: "0100004", properties: { level: "S" }, arcs: [[3]] },
        ],
      },
      zctas: { type: "GeometryCollection", geometries: [{ type: "Point", id: "00001", coordinates: [500, 500] }, { type: "Point", id: "00002", coordinates: [1500, 500] }] },
    },
    ...extra,
  };
  return JSON.stringify({ ...t, arcs });
}

describe("LocationIndex", () => {
  const idx = LocationIndex.parse(topo(), "t.topojson");
  const at = (x: number, y: number) => idx.districtsAt(x, y).map((h) => `${h.district.leaid}${h.onBorder ? " (border)" : ""}`);

  it("answers one district per level, unified first, holes excluded", () => {
    expect(at(0.2, 0.2)).toEqual(["0100002", "0100003"]);
    expect(at(1.5, 0.5)).toEqual(["0100001", "0100003"]);
    expect(at(0.5, 0.5)).toEqual(["0100003", "0100004"]);
    expect(idx.districts.find((d) => d.leaid === "0100001")?.geoids).toEqual(["0100001", "0199990"]);
  });
  it("gives a point on a shared border to the lowest LEAID, and says it is on the border", () => {
    expect(at(1, 0.5)).toEqual(["0100001 (border)", "0100003"]);
  });
  it("answers nothing outside every polygon", () => {
    expect(at(3, 3)).toEqual([]);
    expect(at(-0.001, 0.5)).toEqual([]);
  });
  it("finds the nearest ZCTA point, optionally among those a filter takes", () => {
    expect(idx.nearestZcta(0.9, 0.5)).toBe("00001");
    expect(idx.nearestZcta(0.9, 0.5, (z) => z !== "00001")).toBe("00002");
    expect(idx.nearestZcta(50, 50)).toBeUndefined();
  });
  it("draws outlines and measures distances to a border", () => {
    expect(idx.outline("0100001", "unified")).toEqual([[[[1, 1], [1, 0], [2, 0], [2, 1], [1, 1]]]]);
    expect(idx.distanceToBorder("0100001", "unified", 1.5, 0.5)).toBeCloseTo(0.5 * 110_540, -2);
  });
  it("reads the arcs from bytes as from text", () => {
    const b = LocationIndex.parse(new TextEncoder().encode(topo()), "t");
    expect(b.districtsAt(0.2, 0.2).map((h) => h.district.leaid)).toEqual(["0100002", "0100003"]);
  });
  it("refuses a broken file with a message naming it", () => {
    expect(() => LocationIndex.parse("{}", "data/b.topojson")).toThrow(DatasetError);
    expect(() => LocationIndex.parse(topo().slice(0, -3), "data/b.topojson")).toThrow(/data\/b\.topojson: arcs: the file ends inside the arcs array/);
    expect(() => LocationIndex.parse(topo().replace('"level":"S"', '"level":"X"'), "data/b.topojson")).toThrow(/data\/b\.topojson: district geometry with id "0100004" and level "X"/);
  });
});

const committed = join(import.meta.dirname, "../../../data/boundaries.topojson");
describe.skipIf(!existsSync(committed))("the committed boundaries", () => {
  const idx = LocationIndex.parse(readFileSync(committed), "data/boundaries.topojson");
  it("the centre of Billings, MT is in Billings Elementary and Billings High School district", () => {
    expect(idx.districtsAt(-108.5007, 45.7833).map((h) => h.district.leaid)).toEqual(["3003870", "3003900"]);
  });
  it("a point in Beverly Hills is in Beverly Hills Unified; the ocean is in no district", () => {
    expect(idx.districtsAt(-118.4004, 34.0736).map((h) => h.district.leaid)).toEqual(["0604830"]);
    expect(idx.districtsAt(-119.5, 33.5)).toEqual([]);
  });
});

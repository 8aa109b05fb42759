import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import pointInPolygon from "point-in-polygon-hao";
import { describe, expect, it } from "vitest";
import { DatasetError } from "./dataset.ts";
import { edgeDistance, LocationIndex } from "./location.ts";

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
  abs([[2000, 0], [3000, 0], [3000, 1000], [2000, 1000], [2000, 0]]), // 5: land in no district, east of B
  abs([[0, 2000], [1000, 2000], [1000, 3000], [0, 3000], [0, 2000]]), // 6: an unmapped 2016 district, north of A
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
      no_district: { type: "GeometryCollection", geometries: [{ type: "Polygon", id: "0199997", arcs: [[5]] }] },
      unmapped: { type: "GeometryCollection", geometries: [{ type: "Polygon", id: "0100009", properties: { name: "Old District" }, arcs: [[6]] }] },
      zctas: { type: "GeometryCollection", geometries: [{ type: "Point", id: "00001", coordinates: [500, 500] }, { type: "Point", id: "00002", coordinates: [1500, 500] }] },
    },
    ...extra,
  };
  return JSON.stringify({ ...t, arcs });
}

describe("LocationIndex", () => {
  const idx = LocationIndex.parse(topo(), "t.topojson");
  const at = (x: number, y: number) => idx.districtsAt(x, y).map((h) => `${h.district.leaid}${h.onBorder ? " (border)" : ""}`);

  it("answers one district per level, holes excluded; a unified district alone where one holds the point (it teaches every grade)", () => {
    expect(at(0.2, 0.2)).toEqual(["0100002"]);
    expect(at(1.5, 0.5)).toEqual(["0100001"]);
    expect(at(0.5, 0.5)).toEqual(["0100003", "0100004"]);
    expect(idx.districts.find((d) => d.leaid === "0100001")?.geoids).toEqual(["0100001", "0199990"]);
  });
  it("gives a point on a shared border to the lowest LEAID, and says it is on the border", () => {
    expect(at(1, 0.5)).toEqual(["0100001 (border)"]);
  });
  it("answers nothing outside every polygon", () => {
    expect(at(3, 3)).toEqual([]);
    expect(at(-0.001, 0.5)).toEqual([]);
  });
  it("the area of a 2016 district mapped to none today is no district's, says whose it was, and gets no neighbour", () => {
    expect(at(0.5, 2.5)).toEqual([]);
    expect([idx.unmappedAt(0.5, 2.5), idx.unmappedAt(0.5, 0.5), idx.unmappedAt(2.5, 0.5)]).toEqual([{ leaid: "0100009", name: "Old District" }, undefined, undefined]);
    // Inside it (0.004° north of its south edge), none at any distance; between it and A, A.
    expect(idx.nearestWithin(0.5, 2.004, 200_000)).toEqual([]);
    expect(idx.nearestWithin(0.5, 1.004, 1000).map((n) => n.district.leaid)).toEqual(["0100002"]);
  });
  it("land in no school district is no district's, and says so", () => {
    expect(at(2.5, 0.5)).toEqual([]);
    expect([idx.inNoDistrict(2.5, 0.5), idx.inNoDistrict(0.2, 0.2), idx.inNoDistrict(3.5, 0.5)]).toEqual([true, false, false]);
  });
  it("outside every district, the nearest drawn within a distance (a unified one before an elementary one along the same edge); none from land of no district", () => {
    const near = (x: number, y: number, m: number) => idx.nearestWithin(x, y, m).map((n) => [n.district.leaid, Math.round(n.metres / 10) * 10]);
    // 0.004° north of A's edge (and C's): about 440 m.
    expect(near(0.2, 1.004, 1000)).toEqual([["0100002", 440]]);
    expect(near(0.2, 1.004, 400)).toEqual([]);
    expect(near(2.5, 0.5, 100_000)).toEqual([]);
    expect(near(-0.02, 0.5, 1000)).toEqual([]);
  });
  it("finds the nearest ZCTA point within a distance", () => {
    expect(idx.nearestZcta(0.9, 0.5)).toBe("00001");
    expect(idx.nearestZcta(0.9, 0.5, 0.01)).toBeUndefined();
    expect(idx.nearestZcta(50, 50)).toBeUndefined();
  });
  it("finds the nearest ZCTA points by distance on the globe, away from the equator too (audit truth 40 #1)", () => {
    // At 45 N, 120 W: 00011 is 0.05 degree north (5.6 km), 00012 0.1 degree east (7.9 km). Indexed on
    // (lon * cos(lat), lat), 00011 was 9.9 km off and 00012 nearer; Puerto Rico's places 5 miles from a ZIP code got a 404.
    const objects = { ...(JSON.parse(topo()) as { objects: Record<string, unknown> }).objects, zctas: { type: "GeometryCollection", geometries: [{ type: "Point", id: "00011", coordinates: [-120000, 45050] }, { type: "Point", id: "00012", coordinates: [-119900, 45000] }] } };
    const far = LocationIndex.parse(topo({ objects }), "t.topojson");
    expect(far.nearestZcta(-120, 45)).toBe("00011");
    expect(far.nearestZctas(-120, 45, 2)).toEqual(["00011", "00012"]);
    // Within 0.06 degree of arc (6.7 km): 00011 only.
    expect(far.nearestZcta(-120, 45, 0.06)).toBe("00011");
    expect(far.nearestZcta(-120, 45, 0.04)).toBeUndefined();
    expect(far.zctaPoint("00012")).toEqual([-119.9, 45]);
    // Across 180 degrees (the Aleutians, Guam): the point 0.2 degree east over the line, not the one 1 degree west.
    const line = { ...objects, zctas: { type: "GeometryCollection", geometries: [{ type: "Point", id: "00021", coordinates: [-179900, 52000] }, { type: "Point", id: "00022", coordinates: [179000, 52000] }] } };
    expect(LocationIndex.parse(topo({ objects: line }), "t.topojson").nearestZcta(179.9, 52)).toBe("00021");
  });
  it("gives a ZCTA's internal point as [lon, lat], undefined for a ZCTA without one", () => {
    const [lon, lat] = idx.zctaPoint("00002")!;
    expect(lon).toBeCloseTo(1.5, 9);
    expect(lat).toBeCloseTo(0.5, 9);
    expect(idx.zctaPoint("00003")).toBeUndefined();
  });
  it("draws outlines and measures distances to a border", () => {
    expect(idx.outline("0100001", "unified")).toEqual([[[[1, 1], [1, 0], [2, 0], [2, 1], [1, 1]]]]);
    expect(idx.distanceToBorder("0100001", "unified", 1.5, 0.5)).toBeCloseTo(0.5 * 110_540, -2);
  });
  it("reads the arcs from bytes as from text", () => {
    const b = LocationIndex.parse(new TextEncoder().encode(topo()), "t");
    expect(b.districtsAt(0.5, 0.5).map((h) => h.district.leaid)).toEqual(["0100003", "0100004"]);
  });
  it("refuses a broken file with a message naming it", () => {
    expect(() => LocationIndex.parse("{}", "data/b.topojson")).toThrow(DatasetError);
    expect(() => LocationIndex.parse(topo().slice(0, -3), "data/b.topojson")).toThrow(/data\/b\.topojson: arcs: the file ends inside the arcs array/);
    expect(() => LocationIndex.parse(topo().replace('"level":"S"', '"level":"X"'), "data/b.topojson")).toThrow(/data\/b\.topojson: district geometry with id "0100004" and level "X"/);
  });
});

const committed = join(import.meta.dirname, "../../../data/boundaries.topojson");
describe("edgeDistance", () => {
  it("measures longitude the short way round across 180 degrees (pages audit 40 #7: Attu's nearest ZIP area was Unalaska's, not Adak's)", () => {
    const west = [[[[-176.8, 51.8], [-176.5, 51.8], [-176.5, 52], [-176.8, 52], [-176.8, 51.8]]]] as [number, number][][][]; // near Adak
    const farWest = [[[[-166.8, 53.8], [-166.4, 53.8], [-166.4, 54], [-166.8, 54], [-166.8, 53.8]]]] as [number, number][][][]; // near Unalaska
    const fromAttu = (p: [number, number][][][]) => edgeDistance(p, 173.18, 52.85);
    expect(fromAttu(west)).toBeLessThan(fromAttu(farWest));
    // 10.3 degrees of longitude at 52 N (about 700 km) and the 0.85 degree north: not 340 degrees round the other way.
    expect(fromAttu(west)).toBeGreaterThan(650_000);
    expect(fromAttu(west)).toBeLessThan(800_000);
    // Off the 180th meridian nothing changes: 0.001 degree east of a square's east edge at the equator is about 111 m.
    expect(edgeDistance([[[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]], 1.001, 0.5)).toBeCloseTo(111, -1);
  });
});

describe("the committed boundaries", () => {
  const idx = LocationIndex.parse(readFileSync(committed), "data/boundaries.topojson");
  it("the centre of Billings, MT is in Billings Elementary and Billings High School district", () => {
    expect(idx.districtsAt(-108.5007, 45.7833).map((h) => h.district.leaid)).toEqual(["3003870", "3003900"]);
  });
  it("a point in Beverly Hills is in Beverly Hills Unified; the ocean is in no district", () => {
    expect(idx.districtsAt(-118.4004, 34.0736).map((h) => h.district.leaid)).toEqual(["0604830"]);
    expect(idx.districtsAt(-119.5, 33.5)).toEqual([]);
  });
  it("South Padre Island, which the drawn coast leaves out, is about 490 m from Point Isabel ISD; Sun City, AZ is land of no district; the open sea is near none", () => {
    expect(idx.districtsAt(-97.173798, 26.09947)).toEqual([]);
    expect(idx.nearestWithin(-97.173798, 26.09947, 1600).map((n) => [n.district.leaid, Math.round(n.metres / 10) * 10])).toEqual([["4835250", 490]]);
    expect([idx.inNoDistrict(-112.2766, 33.6037), idx.nearestWithin(-112.2766, 33.6037, 1600)]).toEqual([true, []]);
    expect(idx.nearestWithin(-119.5, 33.5, 1600)).toEqual([]);
    // Palo, MI: a 2016 district mapped to none today; no neighbour answers it.
    expect([idx.unmappedAt(-84.9586, 43.07)?.name, idx.nearestWithin(-84.9586, 43.07, 1600)]).toEqual(["Palo Community School District", []]);
  });
});

/** pointInPart against point-in-polygon-hao on the materialized rings, at a point. */
function expectSameAsHao(idx: LocationIndex, part: number, lon: number, lat: number): void {
  expect(idx.pointInPart(part, lon, lat), `part ${part} at ${lon}, ${lat}`).toBe(pointInPolygon([lon, lat], idx.partRings(part)));
}

describe("pointInPart (in place over the arcs) answers as point-in-polygon-hao on the materialized rings", () => {
  it("on the hand-made topology: every point of a 0.05° grid, every vertex and every edge midpoint", () => {
    const idx = LocationIndex.parse(topo(), "test");
    for (let part = 0; part < idx.partCount; part++) {
      for (let i = -10; i <= 50; i++) for (let j = -10; j <= 30; j++) expectSameAsHao(idx, part, i / 20, j / 20);
      for (const ring of idx.partRings(part)) {
        ring.forEach(([x, y], k) => {
          expectSameAsHao(idx, part, x, y);
          const [nx, ny] = ring[(k + 1) % ring.length]!;
          expectSameAsHao(idx, part, (x + nx) / 2, (y + ny) / 2);
        });
      }
    }
    // The grid meets borders and holes: every answer occurs.
    const answers = new Set<boolean | 0>();
    for (let i = -10; i <= 50; i++) answers.add(idx.pointInPart(0, i / 20, 0.5));
    expect(answers).toEqual(new Set([true, false, 0]));
  });

  const committed = join(import.meta.dirname, "../../../data/boundaries.topojson");
  it("on the committed boundaries: random points in parts' boxes, and their vertices", () => {
    const idx = LocationIndex.parse(readFileSync(committed), "data/boundaries.topojson");
    const part = fc.integer({ min: 0, max: idx.partCount - 1 });
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(part, unit, unit, (p, tx, ty) => {
        const outer = idx.partRings(p)[0]!;
        const xs = outer.map((q) => q[0]);
        const ys = outer.map((q) => q[1]);
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        expectSameAsHao(idx, p, x0 + tx * (x1 - x0), y0 + ty * (y1 - y0));
      }),
      { numRuns: 3000, seed: 20261123 },
    );
    fc.assert(
      fc.property(part, unit, (p, t) => {
        const rings = idx.partRings(p);
        const ring = rings[Math.floor(t * rings.length) % rings.length]!;
        const [x, y] = ring[Math.floor(t * 7919) % ring.length]!;
        expect(idx.pointInPart(p, x, y)).toBe(0);
        expectSameAsHao(idx, p, x, y);
      }),
      { numRuns: 1000, seed: 20261123 },
    );
  });
});

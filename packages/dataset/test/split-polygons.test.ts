/**
 * A 2016 polygon cut into the parts of the districts that split it since (split-polygons.ts).
 */
import { describe, expect, it } from "vitest";
import pointInPolygon from "point-in-polygon-hao";
import type { MultiPolygon } from "../src/boundaries.ts";
import { nearestOwner, splitByZcta } from "../src/split-polygons.ts";

const rect = (x0: number, y0: number, x1: number, y1: number): MultiPolygon => [[[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]];
const inside = (polygons: MultiPolygon, x: number, y: number) => polygons.some((p) => pointInPolygon([x, y], p) === true);

describe("splitByZcta", () => {
  // A district 4 wide; ZCTA "A" covers its left quarter and beyond, "B" the next quarter.
  const district = rect(0, 0, 4, 1);
  const zctas = new Map([
    ["A", rect(-1, -1, 1, 2)],
    ["B", rect(1, -1, 2, 2)],
  ]);

  it("gives each part the polygon's area inside its ZCTAs, and the rest to the join's district", () => {
    const { rest, parts } = splitByZcta(district, [{ leaid: "new", zctas: ["A", "B"] }], zctas);
    expect(parts.map((p) => p.leaid)).toEqual(["new"]);
    const part = parts[0]!.polygons;
    expect([inside(part, 0.5, 0.5), inside(part, 1.5, 0.5), inside(part, 3, 0.5), inside(part, -0.5, 0.5)]).toEqual([true, true, false, false]);
    expect([inside(rest, 0.5, 0.5), inside(rest, 1.5, 0.5), inside(rest, 3, 0.5)]).toEqual([false, false, true]);
  });

  it("cuts for two districts along the ZCTA border between them", () => {
    const { rest, parts } = splitByZcta(district, [{ leaid: "a", zctas: ["A"] }, { leaid: "b", zctas: ["B"] }], zctas);
    const [a, b] = parts.map((p) => p.polygons);
    expect([inside(a!, 0.9, 0.5), inside(b!, 0.9, 0.5), inside(a!, 1.1, 0.5), inside(b!, 1.1, 0.5)]).toEqual([true, false, false, true]);
    expect(inside(rest, 2.5, 0.5)).toBe(true);
  });

  it("gives a seam of the cut to the piece it lies against, not the rest: no stray island", () => {
    // ZCTA A's top border dips just below the district's between x 0.2 and 0.8: a strip 0.001 high.
    const dipped = new Map([["A", [[[[-1, -1], [1, -1], [1, 1.001], [0.8, 1.001], [0.8, 0.999], [0.2, 0.999], [0.2, 1.001], [-1, 1.001], [-1, -1]]]] as MultiPolygon]]);
    const { rest, parts } = splitByZcta(district, [{ leaid: "new", zctas: ["A"] }], dipped);
    expect(inside(parts[0]!.polygons, 0.5, 0.9995)).toBe(true);
    expect(inside(rest, 0.5, 0.9995)).toBe(false);
    expect([parts[0]!.polygons.length, rest.length]).toEqual([1, 1]);
  });

  it("keeps a small island the polygon had before the cut where it lies", () => {
    const withIsland: MultiPolygon = [...district, ...rect(0.5, 2, 0.51, 2.01)];
    const { rest, parts } = splitByZcta(withIsland, [{ leaid: "new", zctas: ["A"] }], new Map([["A", rect(-1, -1, 1, 1.5)]]));
    expect(inside(rest, 0.505, 2.005)).toBe(true);
    expect(inside(parts[0]!.polygons, 0.505, 2.005)).toBe(false);
  });

  it("keeps a compact piece of an island the ZCTA border cuts, however small (Hale's Location, NH: 3.4 km² of Coos County's polygon)", () => {
    // An island of 0.02 x 0.02 beside a district of 4: half of it in ZCTA A, which the district has none of otherwise.
    const withIsland: MultiPolygon = [...district, ...rect(5, 0, 5.02, 0.02)];
    const { rest, parts } = splitByZcta(withIsland, [{ leaid: "new", zctas: ["A"] }], new Map([["A", rect(5.01, -1, 6, 1)]]));
    expect(inside(parts[0]!.polygons, 5.015, 0.01)).toBe(true);
    expect(inside(rest, 5.005, 0.01)).toBe(true);
    expect(inside(rest, 2, 0.5)).toBe(true);
  });

  it("gives a sliver touching both sides of the cut to the other side than its own", () => {
    const sliver = { owner: "", polygon: rect(1, 1, 2, 1.001)[0]! };
    const rest = { owner: "", polygon: rect(2, 0, 3, 1.001)[0]! };
    const part = { owner: "new", polygon: rect(0, 0, 1, 1.001)[0]! };
    expect(nearestOwner(sliver, [rest, part])).toBe("new");
    expect(nearestOwner(sliver, [part, rest])).toBe("new");
    // Nearer one side, it goes there.
    expect(nearestOwner(sliver, [{ ...rest, polygon: rect(2, 0, 3, 1)[0]! }, { ...part, polygon: rect(-1, 0, 0.5, 1)[0]! }])).toBe("");
  });

  it("leaves out a ZCTA it has no polygon for, and a part with no area inside the polygon", () => {
    const far = new Map([["C", rect(10, 10, 11, 11)]]);
    const { rest, parts } = splitByZcta(district, [{ leaid: "x", zctas: ["C"] }, { leaid: "y", zctas: ["missing"] }], far);
    expect(parts).toEqual([]);
    expect([inside(rest, 0.5, 0.5), inside(rest, 3.5, 0.5)]).toEqual([true, true]);
  });
});

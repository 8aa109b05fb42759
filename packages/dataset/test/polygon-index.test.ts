import { describe, expect, it } from "vitest";
import { PolygonIndex } from "../src/polygon-index.ts";
import type { MultiPolygon } from "../src/boundaries.ts";
import { bboxOf } from "../src/boundaries.ts";

const square = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
const item = (name: string, polygons: MultiPolygon) => ({ name, polygons, bbox: bboxOf(polygons) });

describe("PolygonIndex", () => {
  const items = [
    item("ring", [[square(0, 0, 10, 10), square(4, 4, 6, 6)]]), // a square with a hole
    item("hole", [[square(4, 4, 6, 6)]]),
    item("two parts", [[square(20, 0, 21, 1)], [square(30, 0, 31, 1)]]),
    item("neighbour", [[square(10, 0, 12, 10)]]),
  ];
  const idx = new PolygonIndex(items);
  it("finds the polygon containing a point, holes excluded", () => {
    expect(idx.find(1, 1)?.name).toBe("ring");
    expect(idx.find(5, 5)?.name).toBe("hole");
    expect(idx.find(30.5, 0.5)?.name).toBe("two parts");
    expect(idx.find(11, 5)?.name).toBe("neighbour");
    expect(idx.find(50, 50)).toBeUndefined();
  });
  it("gives a point on a shared edge to the lowest item", () => {
    expect(idx.find(10, 5)?.name).toBe("ring");
  });
  it("answers nothing for an empty list", () => {
    expect(new PolygonIndex([]).find(0, 0)).toBeUndefined();
  });
});

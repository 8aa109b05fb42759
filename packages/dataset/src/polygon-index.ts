/**
 * Which polygon contains a point: a flatbush index of bounding boxes, then an exact
 * point-in-polygon test (point-in-polygon-hao, robust on edges) on the candidates.
 */
import Flatbush from "flatbush";
import pointInPolygon from "point-in-polygon-hao";
import type { MultiPolygon } from "./boundaries.ts";

interface Indexed {
  polygons: MultiPolygon;
  bbox: [number, number, number, number];
}

export class PolygonIndex<T extends Indexed> {
  readonly items: readonly T[];
  private readonly index: Flatbush | null;
  /** one entry per polygon part: the item it belongs to */
  private readonly partItem: number[] = [];
  private readonly parts: MultiPolygon = [];
  private readonly partBox: [number, number, number, number][] = [];
  /** item -> its part numbers */
  private readonly itemParts: number[][] = [];

  /**
   * @example
   * const idx = new PolygonIndex(await readDistrictBoundaries(raw));
   * idx.find(-108.5, 45.78)?.leaid;
   */
  constructor(items: readonly T[]) {
    this.items = items;
    const boxes: [number, number, number, number][] = [];
    items.forEach((it, i) => {
      for (const p of it.polygons) {
        if (p.length === 0 || p[0]!.length < 4) continue;
        let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
        for (const [x, y] of p[0]!) {
          if (x < x0) x0 = x;
          if (y < y0) y0 = y;
          if (x > x1) x1 = x;
          if (y > y1) y1 = y;
        }
        boxes.push([x0, y0, x1, y1]);
        (this.itemParts[i] ??= []).push(this.parts.length);
        this.parts.push(p);
        this.partItem.push(i);
      }
    });
    this.partBox = boxes;
    if (boxes.length === 0) {
      this.index = null;
      return;
    }
    this.index = new Flatbush(boxes.length);
    for (const b of boxes) this.index.add(b[0], b[1], b[2], b[3]);
    this.index.finish();
  }

  /**
   * The item whose polygon contains (lon, lat); a point on a shared edge or in two
   * overlapping polygons goes to the lowest item index, so the answer is deterministic.
   */
  findIndex(lon: number, lat: number): number {
    if (this.index === null) return -1;
    let best = -1;
    for (const part of this.index.search(lon, lat, lon, lat)) {
      const item = this.partItem[part]!;
      if (best !== -1 && item >= best) continue;
      if (pointInPolygon([lon, lat], this.parts[part]!) !== false) best = item;
    }
    return best;
  }

  /**
   * As findIndex, testing the item `hint` first (a neighbouring point's answer): in a layer
   * of polygons that do not overlap (districts of one level, ZCTAs) the answer is the same,
   * and one polygon is tested instead of every candidate.
   */
  findIndexNear(lon: number, lat: number, hint: number): number {
    if (hint >= 0) {
      for (const part of this.itemParts[hint] ?? []) {
        const b = this.partBox[part]!;
        if (lon < b[0] || lon > b[2] || lat < b[1] || lat > b[3]) continue;
        if (pointInPolygon([lon, lat], this.parts[part]!) === true) return hint;
      }
    }
    return this.findIndex(lon, lat);
  }

  /** The item containing (lon, lat), or undefined. */
  find(lon: number, lat: number): T | undefined {
    const i = this.findIndex(lon, lat);
    return i === -1 ? undefined : this.items[i];
  }
}

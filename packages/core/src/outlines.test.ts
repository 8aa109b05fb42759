import { describe, expect, it } from "vitest";
import { DatasetError } from "./dataset.ts";
import { ZctaOutlines } from "./outlines.ts";

/** A quantized topology: a unit square 12345 (one arc) and its neighbour 12346 sharing the square's east side, reversed. */
const topo = (geometries: unknown[], arcs: unknown = [[[0, 0], [10, 0], [0, 10], [-10, 0], [0, -10]], [[10, 0], [10, 0], [0, 10], [-10, 0]]]) =>
  JSON.stringify({ type: "Topology", transform: { scale: [0.1, 0.1], translate: [-100, 40] }, objects: { zctas: { type: "GeometryCollection", geometries } }, arcs });

describe("ZctaOutlines", () => {
  it("decodes each ZCTA's rings from the quantized, delta-encoded arcs", () => {
    const z = ZctaOutlines.parse(topo([{ type: "Polygon", arcs: [[0]], id: "12345" }, { type: "MultiPolygon", arcs: [[[1]]], id: "12346" }]), "t");
    expect(z.size).toBe(2);
    expect(z.outline("12345")).toEqual([[[[-100, 40], [-99, 40], [-99, 41], [-100, 41], [-100, 40]]]]);
    expect(z.outline("12346")).toEqual([[[[-99, 40], [-98, 40], [-98, 41], [-99, 41]]]]);
    expect(z.has("12347")).toBe(false);
    expect(z.outline("12347")).toBeUndefined();
  });

  it("holds: a point inside or on the border of a ZCTA's outline, not one outside or of a ZCTA without an outline", () => {
    const z = ZctaOutlines.parse(topo([{ type: "Polygon", arcs: [[0]], id: "12345" }]), "t");
    expect(z.holds("12345", -99.5, 40.5)).toBe(true);
    expect(z.holds("12345", -99, 40.5)).toBe(true);
    expect(z.holds("12345", -98.5, 40.5)).toBe(false);
    expect(z.holds("12347", -99.5, 40.5)).toBe(false);
  });

  it.each([
    ["a ZCTA twice", topo([{ type: "Polygon", arcs: [[0]], id: "12345" }, { type: "Polygon", arcs: [[0]], id: "12345" }]), /ZCTA 12345 twice/],
    ["an arc that does not exist", topo([{ type: "Polygon", arcs: [[0, 7]], id: "12345" }]), /ZCTA 12345: arc 7 does not exist/],
    ["an id that is not a ZCTA", topo([{ type: "Polygon", arcs: [[0]], id: "1234" }]), /geometry with id "1234"/],
    ["no zctas object", JSON.stringify({ type: "Topology", transform: { scale: [1, 1], translate: [0, 0] }, objects: {}, arcs: [] }), /no "zctas" object/],
    ["a truncated file", topo([{ type: "Polygon", arcs: [[0]], id: "12345" }]).slice(0, -20), /truncated/],
  ])("refuses %s with a DatasetError naming the file", (_what, text, message) => {
    expect(() => ZctaOutlines.parse(text, "data/zctas.topojson")).toThrow(DatasetError);
    expect(() => ZctaOutlines.parse(text, "data/zctas.topojson")).toThrow(message);
    expect(() => ZctaOutlines.parse(text, "data/zctas.topojson")).toThrow(/data\/zctas\.topojson/);
  });
});

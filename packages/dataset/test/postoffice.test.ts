/**
 * PO-box ZIPs placed by their post office's location (postoffice.ts): the rule, the
 * figures and the held-out tally, and how a placement changes a record and its overlaps.
 */
import { describe, expect, it } from "vitest";
import { applyPlacements, placeByLocation } from "../src/postoffice.ts";

type P = [number, number];
// Two ZCTAs as unit squares: 10001 at x 0-1, 10002 at x 1-2. Districts by x: A below 0.5, B from 0.5.
const inZcta = (zcta: string, p: P) => (zcta === "10001" ? p[0] >= 0 && p[0] < 1 : zcta === "10002" ? p[0] >= 1 && p[0] < 2 : undefined);
const districtsAt = (p: P) => (p[0] < 0 ? {} : { elementary: p[0] < 0.5 ? "A" : "B", secondary: p[0] < 0.5 ? "HA" : "HB" });

function fixture() {
  const records = [
    { zip: "10001", zcta: "10001", leaid: "A" },
    { zip: "10090", zcta: "10001", leaid: "A" }, // point inside 10001, in B: placed
    { zip: "10091", zcta: "10001", leaid: "A" }, // point outside 10001 (in 10002), in B: kept
    { zip: "10092", zcta: "10001", leaid: "A" }, // point inside, in A: same
    { zip: "10093", zcta: "10001", leaid: "A" }, // no point
    { zip: "10094", zcta: "99999", leaid: "A" }, // no polygon for its ZCTA
  ];
  const rows = (zip: string) => [
    { zip, leaid: "A", serves_most: "elementary" },
    { zip, leaid: "B", serves_most: "" },
    { zip, leaid: "HA", serves_most: "secondary" },
    { zip, leaid: "HB", serves_most: "" },
  ];
  const overlaps = ["10001", "10090", "10091", "10092", "10094"].flatMap(rows);
  const centres = new Map<string, { point: P; source: "geonames" | "zipcodes" }>([
    ["10090", { point: [0.7, 0], source: "geonames" }],
    ["10091", { point: [1.5, 0], source: "geonames" }],
    ["10092", { point: [0.2, 0], source: "zipcodes" }],
    ["10094", { point: [0.7, 0], source: "geonames" }], // the same point as 10090's: a place's point
  ]);
  return { records, overlaps, centres };
}

describe("placeByLocation", () => {
  it("places only a point inside the crosswalk's ZCTA in another of its districts, and counts the rest", () => {
    const { records, overlaps, centres } = fixture();
    const offices = new Map([
      ["10090", new Set(["B"])],
      ["10091", new Set(["A"])],
    ]);
    const r = placeByLocation(records, overlaps, centres, inZcta, districtsAt, offices);
    expect(r.records).toBe(5);
    expect(r.withPoint).toEqual({ geonames: 3, zipcodes: 1 });
    expect(r.sharedPoint).toBe(2);
    expect(r.noPolygon).toBe(1);
    expect(r.insideZcta).toBe(2);
    expect(r.same).toBe(1);
    expect(r.kept).toBe(0);
    expect(r.placed).toEqual([{ zip: "10090", zcta: "10001", source: "geonames", from: "A", to: "B", secondaryTo: "HB" }]);
    expect(r.check.placed).toEqual({ checks: 1, point: 1, zcta: 0 });
    expect(r.check.outside).toEqual({ checks: 1, point: 0, zcta: 1 });
    // Nothing is changed by the search itself.
    expect(records.find((x) => x.zip === "10090")!.leaid).toBe("A");
  });

  it("keeps the ZCTA's district when the point's district does not overlap the ZCTA", () => {
    const { records, overlaps, centres } = fixture();
    const without = overlaps.filter((o) => !(o.zip === "10090" && o.leaid === "B"));
    const r = placeByLocation(records, without, centres, inZcta, districtsAt, new Map());
    expect(r.placed).toEqual([]);
    expect(r.kept).toBe(1);
  });
});

describe("applyPlacements", () => {
  it("moves the record's district and the serves_most marks; other ZIPs stay as they were", () => {
    const { records, overlaps } = fixture();
    applyPlacements(records, overlaps, [{ zip: "10090", zcta: "10001", source: "geonames", from: "A", to: "B", secondaryTo: "HB" }]);
    expect(records.find((x) => x.zip === "10090")!.leaid).toBe("B");
    expect(overlaps.filter((o) => o.zip === "10090").map((o) => [o.leaid, o.serves_most])).toEqual([
      ["A", ""],
      ["B", "elementary"],
      ["HA", ""],
      ["HB", "secondary"],
    ]);
    expect(overlaps.filter((o) => o.zip === "10001").map((o) => o.serves_most)).toEqual(["elementary", "", "secondary", ""]);
  });

  it("keeps the secondary mark where the point's secondary-grade district is not the ZCTA's", () => {
    const { records, overlaps } = fixture();
    applyPlacements(records, overlaps, [{ zip: "10090", zcta: "10001", source: "geonames", from: "A", to: "B", secondaryTo: "" }]);
    expect(overlaps.filter((o) => o.zip === "10090").map((o) => o.serves_most)).toEqual(["", "elementary", "secondary", ""]);
  });

  it("refuses a placement whose record no longer names the district it was placed from", () => {
    const { records, overlaps } = fixture();
    expect(() => applyPlacements(records, overlaps, [{ zip: "10090", zcta: "10001", source: "geonames", from: "Z", to: "B", secondaryTo: "" }])).toThrow(/placed from Z/);
  });
});

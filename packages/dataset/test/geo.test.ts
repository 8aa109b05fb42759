/**
 * The join of 2016 boundaries to today's districts (geo.ts): Census secondary
 * pseudo-district pieces ("… (9-12) in …") drawn as the district they belong to.
 */
import { describe, expect, it } from "vitest";
import type { DistrictBoundary } from "../src/boundaries.ts";
import type { BuildStats } from "../src/build.ts";
import { formerDistricts, joinBoundaries, pieceOf } from "../src/geo.ts";

describe("pieceOf", () => {
  it.each([
    ["Tracy Unified School District (9-12) in New Jerusalem", "tracy unified"],
    ["Santa Paula Unified (9-12) in Mupu", "santa paula unified"],
    ["Trinity Alps Unified School District in Coffee Creek", "trinity alps unified"],
    ["Marshall-Tracy Public Schools in Milroy (9-12)", "marshall-tracy public schools"],
    ["Minneota-Ivanhoe Public School Districts in Ivanhoe (7-12)", "minneota-ivanhoe public school districts"],
  ])("%s is a piece of %s", (name, base) => expect(pieceOf(name)).toBe(base));

  it.each(["Billings High School District", "Tracy Unified School District"])("%s is no piece", (name) => expect(pieceOf(name)).toBeUndefined());
});

describe("joinBoundaries: secondary pseudo-district pieces", () => {
  const square = (x: number): DistrictBoundary["polygons"] => [[[[x, 0], [x + 1, 0], [x + 1, 1], [x, 1], [x, 0]]]];
  const boundary = (leaid: string, level: DistrictBoundary["level"], name: string, x: number): DistrictBoundary => ({
    leaid,
    level,
    name,
    statefp: "06",
    aland: 1,
    polygons: square(x),
    bbox: [x, 0, x + 1, 1],
  });
  const district = (leaid: string, name: string, level: string) => [leaid, { leaid, name, level }] as const;
  const stats = (overlaps: { zip: string; leaid: string }[]) =>
    ({
      districts: new Map([district("0600047", "Tracy Unified School District", "U"), district("0618900", "Jefferson Elementary School District", "E")]),
      joins: [],
      heirs: new Map(),
      overlaps: overlaps.map((o) => ({ ...o, share: "1.0000", basis: "population", serves_most: "" })),
    }) as unknown as BuildStats;
  const boundaries = [
    boundary("0600047", "unified", "Tracy Unified School District", 0),
    boundary("0606032", "secondary", "Tracy Unified School District (9-12) in Jefferson", 1),
    boundary("0618900", "elementary", "Jefferson Elementary School District", 1),
  ];
  const points = new Map<string, [number, number]>([
    ["95304", [1.5, 0.5]],
    ["95376", [0.5, 0.5]],
  ]);

  it("draws the piece as the district of that name that overlaps a ZCTA whose point lies in it", () => {
    const joins = joinBoundaries(boundaries, stats([{ zip: "95304", leaid: "0600047" }, { zip: "95304", leaid: "0618900" }]), points);
    expect(joins[1]).toEqual({
      geoid: "0606032",
      level: "secondary",
      name: "Tracy Unified School District (9-12) in Jefferson",
      leaid: "0600047",
      how: "piece of a district (same name)",
      evidence: { zctas: 1, shared: 1 },
    });
  });

  it("leaves it undrawn when that district overlaps none of those ZCTAs", () => {
    const joins = joinBoundaries(boundaries, stats([{ zip: "95304", leaid: "0618900" }]), points);
    expect(joins[1]).toMatchObject({ leaid: "", how: "none" });
  });

  it("formerDistricts lists the piece drawn as its district (not a district of its own), not the undrawn one nor districts of today", () => {
    const drawn = joinBoundaries(boundaries, stats([{ zip: "95304", leaid: "0600047" }, { zip: "95304", leaid: "0618900" }]), points);
    expect(formerDistricts(drawn, stats([]))).toEqual({ "0606032": { name: "Tracy Unified School District (9-12) in Jefferson", district: "0600047" } });
    const undrawn = joinBoundaries(boundaries, stats([{ zip: "95304", leaid: "0618900" }]), points);
    expect(formerDistricts(undrawn, stats([]))).toEqual({});
  });
});

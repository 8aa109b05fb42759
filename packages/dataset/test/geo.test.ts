/**
 * The join of 2016 boundaries to today's districts (geo.ts): Census secondary
 * pseudo-district pieces ("… (9-12) in …") drawn as the district they belong to.
 */
import { describe, expect, it } from "vitest";
import type { DistrictBoundary, ZctaBoundary } from "../src/boundaries.ts";
import type { BuildStats } from "../src/build.ts";
import { formerDistricts, joinBoundaries, pieceOf, splitBetweenSuccessors } from "../src/geo.ts";

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
    awater: 0,
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

describe("joinBoundaries and splitBetweenSuccessors: districts new since 2016", () => {
  const rect = (x0: number, x1: number): DistrictBoundary["polygons"] => [[[[x0, 0], [x1, 0], [x1, 1], [x0, 1], [x0, 0]]]];
  const boundary = (leaid: string, name: string, x0: number, x1: number): DistrictBoundary => ({
    leaid,
    level: "unified",
    name,
    statefp: leaid.slice(0, 2),
    aland: 1,
    awater: 0,
    polygons: rect(x0, x1),
    bbox: [x0, 0, x1, 1],
  });
  const zcta = (z: string, x0: number, x1: number): ZctaBoundary => ({ zcta: z, aland: 1, polygons: rect(x0, x1), bbox: [x0, 0, x1, 1] });
  const stats = (districts: [string, string][], overlaps: [string, string][], leaders: [string, [string, string][]][]) =>
    ({
      districts: new Map(districts.map(([leaid, name]) => [leaid, { leaid, name, level: "U" }])),
      joins: [],
      heirs: new Map(),
      overlaps: overlaps.map(([zip, leaid]) => ({ zip, leaid, share: "0.5000", basis: "population", serves_most: "" })),
      successorLeaders: new Map(leaders.map(([polygon, zs]) => [polygon, new Map(zs)])),
    }) as unknown as BuildStats;

  it("a district re-numbered since keeps its name: that successor first (Dallas Elementary 327, IL)", () => {
    const boundaries = [boundary("1711670", "Dallas Elementary School District 327", 0, 2)];
    const points = new Map<string, [number, number]>([["62330", [0.5, 0.5]], ["62358", [1.5, 0.5]]]);
    const s = stats(
      [["1701381", "La Harpe Community School District 347"], ["1701388", "Dallas Elementary School District 327"]],
      [["62330", "1701381"], ["62330", "1701388"], ["62358", "1701381"]],
      [],
    );
    expect(joinBoundaries(boundaries, s, points)[0]).toMatchObject({ leaid: "1701388", how: "successor (new since 2016)" });
  });

  // West Clark (0-3) split into Borden-Henryville and Silver Creek; Sellersburg's ZCTA 47172 is x 2-3.
  const boundaries = [boundary("1809370", "West Clark Community Schools", 0, 3), boundary("1800001", "Old Neighbour", 3, 4)];
  const points = new Map<string, [number, number]>([["47106", [0.5, 0.5]], ["47126", [1.5, 0.5]], ["47172", [2.4, 0.5]], ["47199", [3.5, 0.5]]]);
  const zctas = [zcta("47106", 0, 1), zcta("47126", 1, 2), zcta("47172", 2, 3.2), zcta("47199", 3.2, 4)];
  const districts: [string, string][] = [["1800212", "Borden-Henryville School Corp"], ["1800213", "Silver Creek School Corporation"], ["1800214", "New Neighbour"]];
  const overlaps: [string, string][] = [["47106", "1800212"], ["47126", "1800212"], ["47172", "1800212"], ["47172", "1800213"], ["47199", "1800214"]];

  it("draws a polygon's part in a ZCTA as the new district its people there went to", () => {
    const s = stats(districts, overlaps, [["1809370", [["47106", "1800212"], ["47126", "1800212"], ["47172", "1800213"]]]]);
    const joins = joinBoundaries(boundaries, s, points);
    const cutBy = splitBetweenSuccessors(joins, boundaries, s, zctas);
    expect(joins[0]).toMatchObject({ leaid: "1800212", how: "successor (new since 2016)", parts: [{ leaid: "1800213", zctas: ["47172"] }] });
    expect([...cutBy.keys()]).toEqual(["47172"]);
  });

  it("draws a district's own polygon in parts where a district carved out of it since has its people (Pulaski County Special: Jacksonville North Pulaski in 72076)", () => {
    const own = [boundary("0511850", "Pulaski County Special School District", 0, 3)];
    const s = stats(
      [["0511850", "Pulaski County Special School District"], ["0500419", "Jacksonville North Pulaski School District"]],
      [["47106", "0511850"], ["47126", "0511850"], ["47172", "0511850"], ["47172", "0500419"]],
      [["0511850", [["47172", "0500419"]]]],
    );
    const joins = joinBoundaries(own, s, points);
    expect(joins[0]).toMatchObject({ leaid: "0511850", how: "same LEAID" });
    splitBetweenSuccessors(joins, own, s, zctas);
    expect(joins[0]!.parts).toEqual([{ leaid: "0500419", zctas: ["47172"] }]);
  });

  it("keeps a polygon drawn as the neighbour that absorbed it whole (Windsor Northwest, VT: a sliver of Montpelier-Roxbury in 05060)", () => {
    const s = stats(districts, overlaps, [["1809370", [["47172", "1800213"]]]]);
    const joins = joinBoundaries(boundaries, s, points);
    joins[0] = { ...joins[0]!, leaid: "1800214", how: "successor (neighbour)" };
    expect(splitBetweenSuccessors(joins, boundaries, s, zctas).size).toBe(0);
    expect(joins[0]!.parts).toBeUndefined();
  });

  it("not as a new district that is the successor of another polygon covering that ZCTA (Holmes County in 39038: Greenwood-Leflore is Leflore's)", () => {
    // The neighbour's polygon (x 3-4) covers a sixth of 47172 (x 2-3.2), and its successor is 1800213.
    const s = stats(
      [...districts, ["1800213", "Silver Creek School Corporation"]],
      [...overlaps, ["47199", "1800213"]],
      [["1809370", [["47106", "1800212"], ["47172", "1800213"]]], ["1800001", [["47172", "1800213"], ["47199", "1800213"]]]],
    );
    const joins = joinBoundaries(boundaries, s, points);
    expect(joins[1]).toMatchObject({ leaid: "1800213", how: "successor (new since 2016)" });
    expect(splitBetweenSuccessors(joins, boundaries, s, zctas).size).toBe(0);
    expect(joins[0]!.parts).toBeUndefined();
  });
});

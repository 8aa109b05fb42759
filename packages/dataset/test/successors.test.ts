import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { highSchoolCoverOf, k12Successors, peopleOffHighSchools, peopleToSuccessors, vanishedHeirs, type GrfPiece } from "../src/successors.ts";

// Montpelier, 05602: the 2016 polygon of Montpelier (5005700, gone from the 2021 crosswalk)
// holds most people; the crosswalk has Montpelier-Roxbury (5000406, no 2016 polygon).
const polygons = new Map([["5005700", "unified"], ["5099932", "unified"], ["5099942", "unified"], ["5000001", "elementary"]] as const);
const level = (leaid: string) => polygons.get(leaid as never);
const pieces = new Map<string, GrfPiece[]>([
  ["05602", [{ grfLeaid: "5000406", leaid: "5000406", land: 10 }, { grfLeaid: "5099932", leaid: "5099932", land: 65 }, { grfLeaid: "5099942", leaid: "5099942", land: 12 }]],
  ["05601", [{ grfLeaid: "5099932", leaid: "5099932", land: 5 }]],
]);

describe("peopleToSuccessors", () => {
  it("gives the people of a gone district's polygon to the crosswalk's district without a polygon, same level; keeps the rest", () => {
    const placed = new Map([["05602", new Map([["5005700", 7000], ["5099932", 3000], ["5099942", 100], ["5000001", 50]])]]);
    const { people, zctas } = peopleToSuccessors(placed, pieces, level, () => "unified");
    expect(people.get("05602")).toEqual(new Map([["5099932", 3000], ["5099942", 100], ["5000001", 50], ["5000406", 7000]]));
    expect(zctas).toEqual(["05602"]);
    // The input is not changed.
    expect(placed.get("05602")!.get("5005700")).toBe(7000);
  });

  it("changes nothing where no piece lacks a polygon, or the levels differ, or the polygon's district is still in the crosswalk", () => {
    const placed = new Map([["05601", new Map([["5005700", 500], ["5099932", 900]])], ["05602", new Map([["5005700", 7000]])]]);
    expect(peopleToSuccessors(placed, pieces, level, () => "elementary").zctas).toEqual([]);
    const still = new Map([...pieces, ["05601", [{ grfLeaid: "5005700", leaid: "5005700", land: 1 }]]]);
    const { people, zctas } = peopleToSuccessors(placed, still, level, () => "unified");
    expect(zctas).toEqual([]);
    expect(people.get("05602")).toEqual(new Map([["5005700", 7000]]));
  });

  it("shares the people of a district still there with a district carved out of it since, by land: all of them where the crosswalk no longer has it in the ZCTA (audit 31 #1, #3)", () => {
    // Pulaski County Special (0511850, a polygon) keeps 16 of 100 sq mi of 72076; Jacksonville North
    // Pulaski (0500419, no polygon) was carved out of it. RSU 10 (2314795) left 04224 to RSU 56 (2314833).
    const polygons2 = new Map([["0511850", "unified"], ["0510680", "unified"], ["2314795", "unified"]] as const);
    const level2 = (leaid: string) => polygons2.get(leaid as never);
    const carvedPieces = new Map<string, GrfPiece[]>([
      ["72076", [{ grfLeaid: "0511850", leaid: "0511850", land: 16 }, { grfLeaid: "0500419", leaid: "0500419", land: 84 }]],
      ["72117", [{ grfLeaid: "0510680", leaid: "0510680", land: 6 }, { grfLeaid: "0511850", leaid: "0511850", land: 43 }, { grfLeaid: "0500419", leaid: "0500419", land: 5 }]],
      ["04224", [{ grfLeaid: "2314833", leaid: "2314833", land: 60 }]],
      // RSU 10 is still in the crosswalk, in Rumford.
      ["04276", [{ grfLeaid: "2314795", leaid: "2314795", land: 70 }]],
    ]);
    const placed = new Map([
      ["72076", new Map([["0511850", 1000]])],
      ["72117", new Map([["0510680", 600], ["0511850", 480]])],
      ["04224", new Map([["2314795", 3000]])],
    ]);
    // Carved out of Pulaski County Special and RSU 10 only: North Little Rock lost no land.
    const carvedFrom = (polygon: string, piece: GrfPiece) => (polygon === "0511850" && piece.leaid === "0500419") || (polygon === "2314795" && piece.leaid === "2314833");
    const { people, zctas, leaders, carved, byLand } = peopleToSuccessors(placed, carvedPieces, level2, () => "unified", new Map(), carvedFrom);
    // Shared by land where the old district keeps a part (72076, 72117); RSU 56 took all of 04224's.
    expect(byLand).toEqual(new Map([["0500419", new Set(["72076", "72117"])]]));
    expect(people.get("72076")).toEqual(new Map([["0511850", 160], ["0500419", 840]]));
    expect(people.get("72117")).toEqual(new Map([["0510680", 600], ["0511850", (480 * 43) / 48], ["0500419", (480 * 5) / 48]]));
    expect(people.get("04224")).toEqual(new Map([["2314833", 3000]]));
    expect(zctas).toEqual(["04224", "72076", "72117"]);
    // Drawn as the carved district where it has more land than the polygon's own district.
    expect(leaders.get("0511850")).toEqual(new Map([["72076", "0500419"]]));
    expect(leaders.get("2314795")).toEqual(new Map([["04224", "2314833"]]));
    // The part each carved piece takes, for the Geocorr 2010 share (build.ts).
    expect(carved.get("72076")).toEqual(new Map([["0511850", new Map([["0500419", 0.84]])]]));
    // Without the carve-out evidence nothing moves (the district may have lost no land: Humphreys County, 39038).
    expect(peopleToSuccessors(placed, carvedPieces, level2, () => "unified").zctas).toEqual([]);
  });

  it("a district carved out of one still placed in the ZCTA is not also a vanished polygon's successor there (review 31 #4)", () => {
    // ZCTA Z: V's district is gone (its successor S is new, no polygon); N was carved out of R, which remains.
    const levels = new Map([["V", "unified"], ["R", "unified"]] as const);
    const z = new Map<string, GrfPiece[]>([
      ["Z", [{ grfLeaid: "S", leaid: "S", land: 10 }, { grfLeaid: "N", leaid: "N", land: 10 }, { grfLeaid: "R", leaid: "R", land: 10 }]],
    ]);
    const placed = new Map([["Z", new Map([["V", 1000], ["R", 1000]])]]);
    const { people, leaders } = peopleToSuccessors(placed, z, (l) => levels.get(l as never), () => "unified", new Map(), (polygon, piece) => polygon === "R" && piece.leaid === "N");
    expect(people.get("Z")).toEqual(new Map([["S", 1000], ["R", 500], ["N", 500]]));
    expect(leaders.get("V")).toEqual(new Map([["Z", "S"]]));
  });

  it("splits by land among several successors of the level", () => {
    const two = new Map<string, GrfPiece[]>([["11111", [{ grfLeaid: "A", leaid: "A", land: 3 }, { grfLeaid: "B", leaid: "B", land: 1 }]]]);
    const { people, byLand } = peopleToSuccessors(new Map([["11111", new Map([["5005700", 400]])]]), two, level, () => "unified");
    expect(people.get("11111")).toEqual(new Map([["A", 300], ["B", 100]]));
    expect(byLand).toEqual(new Map([["A", new Set(["11111"])], ["B", new Set(["11111"])]]));
  });
});

describe("vanishedHeirs and the heir's people (La Marque ISD into Texas City ISD)", () => {
  // La Marque (4826160, gone from the crosswalk and the directories) in 77568 and 77591; Texas
  // City ISD (4842510) has its own 2016 polygon and, in GRF21, most of both ZCTAs' land.
  const lv = new Map([["4826160", "unified"], ["4842510", "unified"], ["4823310", "unified"], ["4817070", "unified"], ["4899997", "unified"], ["4806017", "secondary"]] as const);
  const levelOf = (leaid: string) => lv.get(leaid as never);
  const grf = new Map<string, GrfPiece[]>([
    ["77568", [{ grfLeaid: "4842510", leaid: "4842510", land: 8.73 }, { grfLeaid: "4823310", leaid: "4823310", land: 2.84 }, { grfLeaid: "4817070", leaid: "4817070", land: 2.7 }]],
    ["77591", [{ grfLeaid: "4842510", leaid: "4842510", land: 5.9 }, { grfLeaid: "4817070", leaid: "4817070", land: 4.42 }]],
  ]);
  const placed = new Map([
    ["77568", new Map([["4826160", 12000], ["4823310", 2000], ["4817070", 800], ["4899997", 50], ["4806017", 40]])],
    ["77591", new Map([["4826160", 10000], ["4842510", 3000], ["4817070", 1000]])],
  ]);

  it("names the district of its level that takes at least half of the polygon's people spread by land; none for land in no district or a secondary piece", () => {
    const heirs = vanishedHeirs(placed, grf, levelOf, () => "unified");
    expect(heirs).toEqual(new Map([["4826160", "4842510"]]));
  });

  it("gives the heir the polygon's people where it has a piece and no district new since 2016 does", () => {
    const heirs = vanishedHeirs(placed, grf, levelOf, () => "unified");
    const { people, zctas } = peopleToSuccessors(placed, grf, levelOf, () => "unified", heirs);
    expect(people.get("77568")).toEqual(new Map([["4823310", 2000], ["4817070", 800], ["4899997", 50], ["4806017", 40], ["4842510", 12000]]));
    expect(people.get("77591")).toEqual(new Map([["4842510", 13000], ["4817070", 1000]]));
    expect(zctas).toEqual(["77568", "77591"]);
  });

  it("has no heir for a polygon split between neighbours (none takes half)", () => {
    const split = new Map<string, GrfPiece[]>([["77568", [{ grfLeaid: "A", leaid: "A", land: 1 }, { grfLeaid: "B", leaid: "B", land: 1 }, { grfLeaid: "C", leaid: "C", land: 1 }]]]);
    expect(vanishedHeirs(new Map([["77568", new Map([["4826160", 900]])]]), split, levelOf, () => "unified")).toEqual(new Map());
  });
});

describe("peopleOffHighSchools", () => {
  // East Helena, 59635: East Helena Elementary's 2016 polygon (3009560), now East Helena K-12,
  // lies mostly under Helena High School District's (3013830), partly under Jefferson's (3015120).
  const placed = new Map([
    ["59635", new Map([["3009560", 9000], ["3013830", 9500], ["3015120", 600], ["3006840", 400]])],
    ["59601", new Map([["3013830", 20000]])],
  ]);
  const pairs = new Map([
    ["59635", new Map([["3009560|3013830", 8800], ["3009560|3015120", 200], ["3006840|3013830", 300]])],
    ["59601", new Map([["3013850|3013830", 20000]])],
  ]);

  it("takes the people of a K-12 district's former elementary polygon off each high-school polygon over it, per ZCTA", () => {
    const people = peopleOffHighSchools(placed, pairs, new Set(["3009560"]));
    expect(people.get("59635")).toEqual(new Map([["3009560", 9000], ["3013830", 700], ["3015120", 400], ["3006840", 400]]));
    // Other ZCTAs and other elementary polygons are kept as placed, and the input is not changed.
    expect(people.get("59601")).toBe(placed.get("59601"));
    expect(placed.get("59635")!.get("3013830")).toBe(9500);
  });

  it("changes nothing without such polygons, and never leaves a polygon below zero", () => {
    expect(peopleOffHighSchools(placed, pairs, new Set()).get("59635")).toBe(placed.get("59635"));
    const more = new Map([["59635", new Map([["3009560|3015120", 5000]])]]);
    expect(peopleOffHighSchools(placed, more, new Set(["3009560"])).get("59635")!.get("3015120")).toBe(0);
  });

  it("the committed data: the K-12 successors serve their ZIPs' high school too (East Helena, Lockwood, North Rock Creek)", () => {
    const rows = readFileSync(resolve(import.meta.dirname, "../../../data/overlaps.csv"), "utf8").split("\n").slice(1).map((l) => l.split(","));
    const row = (zip: string, leaid: string) => rows.find((r) => r[0] === zip && r[1] === leaid)!;
    // [zip, district]: both levels' shares equal, the district serving most of 59635's high school.
    for (const [zip, leaid] of [["59635", "3000655"], ["59602", "3000655"], ["59101", "3000656"], ["74804", "4000802"]] as const) {
      expect(Number(row(zip, leaid)[6]), `${zip} ${leaid}`).toBeGreaterThan(0);
    }
    expect(row("59635", "3000655")[4]).toBe("elementary secondary");
  });
});

describe("k12Successors (a K-12 district drawn at the secondary level over the elementary district it replaced)", () => {
  // Williamstown (2513020) and Lanesborough (2506630), MA: elementary polygons of 2016 that GRF21
  // no longer has, inside Mount Greylock's (2508160, Pre-K to 12th) secondary polygon.
  const people = new Map([
    ["01267", new Map([["2513020", 7000], ["2508160", 7600], ["2505760", 900]])],
    ["01237", new Map([["2506630", 2400], ["2508160", 3100], ["2505760", 600]])],
  ]);
  const pairs = new Map([
    ["01267", new Map([["2513020|2508160", 6950], ["2505760|2525013", 300]])],
    ["01237", new Map([["2506630|2508160", 2200], ["2506630|2525013", 200]])],
  ]);
  const closed = (p: string) => p === "2513020" || p === "2506630";
  const k12 = (p: string) => p === "2508160";

  it("gives a closed elementary polygon to the K-12 district whose secondary polygon holds 90 % or more of its people", () => {
    // 2506630: 2,200 of 2,400 (92 %) in Mount Greylock's polygon.
    expect(k12Successors(pairs, people, closed, k12)).toEqual(new Map([["2506630", "2508160"], ["2513020", "2508160"]]));
  });

  it("gives none under 90 %, for an open elementary district, or for a secondary district that is not K-12", () => {
    const less = new Map([["01237", new Map([["2506630|2508160", 2000]])]]);
    expect(k12Successors(less, people, closed, k12).has("2506630")).toBe(false);
    expect(k12Successors(pairs, people, () => false, k12).size).toBe(0);
    expect(k12Successors(pairs, people, closed, () => false).size).toBe(0);
  });

  it("the committed data: Williamstown, Lanesborough, Big Sandy and Plains name their K-12 district for the elementary grades too", () => {
    const zips = readFileSync(resolve(import.meta.dirname, "../../../data/zips.csv"), "utf8").split("\n").slice(1).map((l) => l.split(","));
    const leaidOf = (zip: string) => zips.find((r) => r[0] === zip)![4];
    // They named Hancock (58 students), Bear Paw Elementary and Thompson Falls Elementary.
    expect([leaidOf("01267"), leaidOf("01237"), leaidOf("59520"), leaidOf("59859")]).toEqual(["2508160", "2508160", "3003750", "3020850"]);
  });
});

describe("highSchoolCoverOf (how much of a ZIP a high-school boundary covers)", () => {
  it("outside unified districts, covers no one where the crosswalk draws no secondary piece (St. Johnsbury in 05819)", () => {
    // 85 % of the ZIP in St. Johnsbury (elementary), whatever the 2016 placement says.
    const cover = highSchoolCoverOf(new Map([["5007650", 0.85]]), new Map([["5007650", 1]]), false, new Map([["5007650", 850]]), new Map([["5007650|5000017", 850]]));
    expect(cover.zip).toBeCloseTo(0.15, 12);
    expect(cover.outsideUnified).toBe(0);
  });

  it("covers each elementary piece as far as a secondary polygon holds its people (Armstrong-Ellis under Armstrong Township, Potomac under none, 61865)", () => {
    const people = new Map([["1732090", 1092], ["1704200", 293], ["1704230", 293], ["1706390", 44]]);
    const pairs = new Map([["1704200|1704230", 292.82]]);
    const cover = highSchoolCoverOf(new Map([["1732090", 0.6966], ["1704200", 0.2682]]), new Map([["1732090", 0.722], ["1704200", 0.278]]), true, people, pairs);
    // Potomac's 69.66 % uncovered, Armstrong-Ellis's 26.82 % covered but for 0.06 % of its people.
    expect(cover.zip).toBeCloseTo(0.30324, 5);
    expect(cover.outsideUnified).toBeCloseTo(0.27783, 5);
  });

  it("covers whole an elementary piece the crosswalk draws another level's piece over exactly (Camptonville under Nevada Joint Union (9-12), 95922)", () => {
    // No 2016 polygon places anyone under the high-school piece; the crosswalk draws it over the whole elementary piece.
    const cover = highSchoolCoverOf(new Map([["0607260", 0.977]]), new Map([["0607260", 1]]), false, new Map([["0607260", 500]]), new Map(), new Set(["0607260"]));
    expect(cover).toEqual({ zip: 1, outsideUnified: 1 });
    expect(highSchoolCoverOf(new Map([["0607260", 0.977]]), new Map([["0607260", 1]]), false, new Map([["0607260", 500]]), new Map()).outsideUnified).toBe(0);
  });

  it("secondary pieces with no 2016 polygon cover, by their land, the elementary land the polygons leave uncovered (Eureka City (7-12) over South Bay Union, 95503)", () => {
    // Two elementary pieces, 60 and 40 of land, no secondary polygon over them; 80 of unplaced secondary land covers 80 % of both.
    const unplaced = { land: new Map([["0637440", 60], ["0610500", 40]]), secondaryLand: 80 };
    const cover = highSchoolCoverOf(new Map([["0637440", 0.3], ["0610500", 0.2]]), new Map([["0637440", 0.6], ["0610500", 0.4]]), true, new Map([["0637440", 300], ["0610500", 200]]), new Map(), new Set(), unplaced);
    expect(cover.zip).toBeCloseTo(0.9, 12);
    expect(cover.outsideUnified).toBeCloseTo(0.8, 12);
    // More land than is uncovered covers all of it, never more.
    expect(highSchoolCoverOf(new Map([["0637440", 0.5]]), new Map([["0637440", 1]]), true, new Map([["0637440", 300]]), new Map(), new Set(), { land: new Map([["0637440", 60]]), secondaryLand: 90 })).toEqual({ zip: 1, outsideUnified: 1 });
  });

  it("a piece whose polygon has no one placed takes the ZIP's elementary polygons' part; all where no one is placed at all", () => {
    const pairs = new Map([["1704200|1704230", 100]]);
    // 9999999 (no people placed): as 1704200's 100 of 400.
    expect(highSchoolCoverOf(new Map([["9999999", 0.5], ["1704200", 0.5]]), new Map([["9999999", 0.5], ["1704200", 0.5]]), true, new Map([["1704200", 400]]), pairs)).toEqual({ zip: 0.25, outsideUnified: 0.25 });
    expect(highSchoolCoverOf(new Map([["9999999", 0.5]]), new Map([["9999999", 1]]), true, undefined, undefined)).toEqual({ zip: 1, outsideUnified: 1 });
    // No elementary piece: nothing to cover.
    expect(highSchoolCoverOf(new Map(), new Map(), true, undefined, undefined)).toEqual({ zip: 1, outsideUnified: 1 });
  });

  it("the committed data: no unified district is given the high-school people of elementary districts it does not hold (05819, 03886, 36064, 65733)", () => {
    const rows = readFileSync(resolve(import.meta.dirname, "../../../data/overlaps.csv"), "utf8").split("\n").slice(1).map((l) => l.split(","));
    const row = (zip: string, leaid: string) => rows.find((r) => r[0] === zip && r[1] === leaid)!;
    // [zip, unified district]: its share at high school no more than at the elementary grades
    // (it was > 99 % for Caledonia Central in 05819, 15 % of the residents; Inter-Lakes in 03886, 3 %).
    for (const [zip, leaid] of [["05819", "5099909"], ["03886", "3303960"], ["36064", "0102430"], ["65733", "0503420"]] as const) {
      expect(Number(row(zip, leaid)[6]), `${zip} ${leaid}`).toBeLessThanOrEqual(Number(row(zip, leaid)[5]) + 0.05);
    }
    // Where a high-school district is drawn over the elementary one, it keeps the ZIP (Billings, 59101),
    // also where the crosswalk's piece for it has no 2016 polygon (Nevada Joint Union (9-12) over Camptonville, 95922; Upper Lake (9-12) over Lucerne, 95443).
    expect(Number(row("95922", "0626880")[6])).toBeGreaterThan(0.9);
    expect(Number(row("95443", "0601442")[6])).toBe(1);
    expect(Number(rows.find((r) => r[0] === "59101" && r[4]?.includes("secondary"))![6])).toBeGreaterThan(0.5);
  });
});

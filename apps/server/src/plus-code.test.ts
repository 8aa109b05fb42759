import { describe, expect, it } from "vitest";
import { plusCodeOf, plusCodePlace, type TownArea } from "./plus-code.ts";

// The centre of 86HJV9MF+QV (in the Loop, Chicago), an area 1/8000 of a degree square from 41.884375, -87.625375 (to the float's last bits).
const LOOP = { lat: expect.closeTo(41.8844375, 9), lon: expect.closeTo(-87.6253125, 9) };
type Box = [west: number, south: number, east: number, north: number];
/** How many metres a place lies outside a box (about: a degree of latitude is 111 km), 0 inside. */
const metresOutside = ([w, s, e, n]: Box, lon: number, lat: number) =>
  Math.hypot(Math.max(w - lon, 0, lon - e) * 111_000 * Math.cos((lat * Math.PI) / 180), Math.max(s - lat, 0, lat - n) * 111_000);
/** A town's ZIP codes' points, its areas as a box, and the districts its ZIP codes' records name as another (none if not given). */
const town = (points: [number, number][], areas: Box, districts?: Box): TownArea => ({
  points,
  metresFrom: (lon, lat) => metresOutside(areas, lon, lat),
  inNamedDistrict: (lon, lat) => districts !== undefined && metresOutside(districts, lon, lat) === 0,
});
const CHICAGO_BOX: Box = [-87.95, 41.64, -87.52, 42.03];
/** Chicago, from two of its ZIP codes' points, and Springfield in Illinois and Massachusetts. */
const towns = (name: string): TownArea[] =>
  /^chicago/i.test(name)
    ? [town([[-87.63, 41.88], [-87.7, 41.95]], CHICAGO_BOX)]
    : /^springfield/i.test(name)
      ? [town([[-89.65, 39.78]], [-89.75, 39.7, -89.55, 39.87]), town([[-72.59, 42.1]], [-72.65, 42.05, -72.5, 42.15])]
      : [];

describe("plusCodeOf: a plus code in a box's text", () => {
  it.each([
    ["86HJV9MF+QV", { code: "86HJV9MF+QV", full: true, town: "" }],
    [" 86hjv9mf+qv ", { code: "86HJV9MF+QV", full: true, town: "" }],
    ["V9MF+QV Chicago, Illinois", { code: "V9MF+QV", full: false, town: "Chicago, Illinois" }],
    ["V9MF+QV, Chicago", { code: "V9MF+QV", full: false, town: "Chicago" }],
  ])("%j", (text, read) => expect(plusCodeOf(text)).toEqual(read));
  it.each(["86HJ0000+", "86HJV9MF", "9MF+QV Chicago", "V9MF+QB", "45.7833, -108.5007", "Chicago"])("%j is none (a padded code is a whole region's)", (text) => expect(plusCodeOf(text)).toBeUndefined());
});

describe("plusCodePlace: the centre of the code's area (pages audit 41 #7)", () => {
  it("a full code, anywhere; a town after it adds nothing", () => {
    expect(plusCodePlace("86HJV9MF+QV")).toEqual(LOOP);
    expect(plusCodePlace("86HJV9MF+QV Springfield", towns)).toEqual(LOOP);
    // An 8-character code is a block's area (about 275 by 200 m): its centre.
    expect(plusCodePlace("86HJV9MF+")).toEqual({ lat: expect.closeTo(41.88375, 9), lon: expect.closeTo(-87.62625, 9) });
  });
  it("a short code from the middle of its town's ZIP codes' points, as Google Maps shows a dropped pin", () => {
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", towns)).toEqual(LOOP);
    expect(plusCodePlace("HJV9MF+QV Chicago", towns)).toEqual(LOOP);
  });
  it("none for a short code without its town, a town not known, or one whose name has places in several states", () => {
    expect(plusCodePlace("V9MF+QV")).toBeUndefined();
    expect(plusCodePlace("V9MF+QV Chicago")).toBeUndefined();
    expect(plusCodePlace("V9MF+QV Atlantis", towns)).toBeUndefined();
    expect(plusCodePlace("V9MF+QV Springfield", towns)).toBeUndefined(); // (the Loop's code: no Springfield's areas hold it)
    // Short by 6 characters: a town's middle is too far to place it (review 42 #5: "JC+QV Chicago" was 4 km off).
    expect(plusCodePlace("JC+QV Chicago, Illinois", towns)).toBeUndefined();
  });

  it("from the median of the town's points, which its few far ZIP codes do not move (review 42 #1: Anchorage's mean was a degree west)", () => {
    const spread = () => [town([[-87.63, 41.88], [-87.64, 41.89], [-89.4, 41.88]], CHICAGO_BOX)];
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", spread)).toEqual(LOOP);
  });

  it("the place one of the town's ZIP codes' areas holds, of those nearest its middle and a cell away (review of the mends 42 #1: Cordova, AK's was a degree off)", () => {
    // The middle more than half a degree west of the place: the nearest is a degree west, the one a cell east is the town's.
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-88.3, 41.88]], CHICAGO_BOX)])).toEqual(LOOP);
    // No place held by the town's areas, or two: none.
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-87.63, 41.88]], [-80, 30, -79, 31])])).toBeUndefined();
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-87.63, 41.88]], [-89, 40, -87, 43])])).toBeUndefined();
  });

  it("of two places the town's areas hold, the one in a district its ZIP codes' records name (review 42 final #1: Valdez, AK's 99686 holds two)", () => {
    // The areas reach a degree west of the Loop; the district named is Chicago's.
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-87.63, 41.88]], [-89, 40, -87, 43], CHICAGO_BOX)])).toEqual(LOOP);
    // A district as wide as the areas tells them apart no more (Juneau, AK): none.
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-87.63, 41.88]], [-89, 40, -87, 43], [-89, 40, -87, 43])])).toBeUndefined();
  });

  it("no district's choice that is not the cell nearest the town's median, or with another nearly as near (review-links-43 #1: a 400, not a place a degree off)", () => {
    // Reno, NV: 89521's Storey County part holds the place, nearest the median; the district named (Washoe) holds only the cell 1° north.
    const reno = () => [town([[-119.8, 39.53]], [-120, 39, -119, 40.6], [-120, 40, -119, 40.6])];
    expect(plusCodePlace("9CRV+9C Reno, Nevada", reno)).toBeUndefined();
    // Fairbanks, AK: south Fairbanks holds the place; the district named there (Yukon Flats) only the cell 1° north and west.
    const fairbanks = () => [town([[-147.72, 64.84]], [-149, 64.4, -147.5, 65.8], [-149, 65.3, -148.5, 65.8])];
    expect(plusCodePlace("J622+22 Fairbanks, Alaska", fairbanks)).toBeUndefined();
    // The Loop is nearest a median 0.43° west of it, but the cell a degree west is only 0.57° from it: none ("25Q5+Q6 Kotzebue, Alaska").
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-88.05, 41.88]], [-89, 40, -87, 43], CHICAGO_BOX)])).toBeUndefined();
  });

  it("of no place the town's areas hold, the one a few km off their edge in a district its records name (review 42 final #1: Heber City, UT, 3.6 km)", () => {
    // The areas end about 3.3 km west of the Loop (0.04° of longitude at 41.9°N), the district named holds it.
    const offEdge = (districts?: Box) => () => [town([[-87.7, 41.88]], [-87.75, 41.8, -87.665, 41.95], districts)];
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", offEdge(CHICAGO_BOX))).toEqual(LOOP);
    // Not in a district its ZIP codes' records name, or more than PLUS_CODE_OFF_EDGE_M off: none.
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", offEdge())).toBeUndefined();
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [town([[-87.9, 41.88]], [-88, 41.8, -87.8, 41.95], CHICAGO_BOX)])).toBeUndefined();
  });

  it("for a name of towns in several places, no district's or edge's choice, only a place one town's areas hold (review-mends-43 #1: '763G+83 Virginia City', near Nevada's, went to Montana's)", () => {
    // The Loop lies off the first town's areas; the second's district holds the cell a degree east, 3 km off its areas.
    const chicago = town([[-87.63, 41.88]], [-80, 30, -79, 31]);
    const offEdge = town([[-86.7, 41.88]], [-86.75, 41.8, -86.665, 41.95], [-87, 41.8, -86.5, 42]);
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [offEdge])).toEqual({ lat: LOOP.lat, lon: expect.closeTo(-86.6253125, 9) });
    expect(plusCodePlace("V9MF+QV Chicago", () => [chicago, offEdge])).toBeUndefined();
    // Areas holding two places, one in the district named: the choice is one town's only.
    const wide = town([[-87.63, 41.88]], [-89, 40, -87, 43], CHICAGO_BOX);
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", () => [wide])).toEqual(LOOP);
    expect(plusCodePlace("V9MF+QV Chicago", () => [wide, chicago])).toBeUndefined();
  });

  it("a name of towns in several states: the one whose areas hold the place", () => {
    // Springfield, IL's Old State Capitol; no place of the code lies in Springfield, MA's areas.
    // (86FGR922+M8, the Old State Capitol's code, as Google Maps shows it beside its town.)
    expect(plusCodePlace("R922+M8 Springfield", towns)).toEqual({ lat: expect.closeTo(39.8016875, 9), lon: expect.closeTo(-89.6491875, 9) });
  });
});

import { describe, expect, it } from "vitest";
import { plusCodeOf, plusCodePlace } from "./plus-code.ts";

// The centre of 86HJV9MF+QV (in the Loop, Chicago), an area 1/8000 of a degree square from 41.884375, -87.625375 (to the float's last bits).
const LOOP = { lat: expect.closeTo(41.8844375, 9), lon: expect.closeTo(-87.6253125, 9) };
/** Chicago's ZIP codes' points, two of them (the town's middle is theirs), and Springfield's in Illinois and Massachusetts. */
const towns = (town: string): [number, number][][] =>
  /^chicago/i.test(town) ? [[[-87.63, 41.88], [-87.7, 41.95]]] : /^springfield/i.test(town) ? [[[-89.65, 39.78]], [[-72.59, 42.1]]] : [];

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
    expect(plusCodePlace("V9MF+QV Springfield", towns)).toBeUndefined();
    // Short by 6 characters: a town's middle is too far to place it (review 42 #5: "JC+QV Chicago" was 4 km off).
    expect(plusCodePlace("JC+QV Chicago, Illinois", towns)).toBeUndefined();
  });

  it("from the median of the town's points, which its few far ZIP codes do not move (review 42 #1: Anchorage's mean was a degree west)", () => {
    const spread = () => [[[-87.63, 41.88], [-87.64, 41.89], [-89.4, 41.88]] as [number, number][]];
    expect(plusCodePlace("V9MF+QV Chicago, Illinois", spread)).toEqual(LOOP);
  });
});

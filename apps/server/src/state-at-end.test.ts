import { describe, expect, it } from "vitest";
import { plainStateName, stateAtEndReader, stateTypedAfter } from "./state-at-end.ts";

const NAMES: Record<string, string> = {
  AL: "Alabama", CO: "Colorado", MA: "Massachusetts", NC: "North Carolina", TX: "Texas", VA: "Virginia", WV: "West Virginia", VI: "U.S. Virgin Islands", MP: "Northern Marianas", IN: "Indiana",
};
const atEnd = stateAtEndReader(new Set(Object.keys(NAMES)), (code) => NAMES[code]!);

describe("the state at the end of a text (review 37: one reader for the town, district and address searches)", () => {
  it.each([
    ["Hoover, AL", "AL", "code", "Hoover"],
    ["Hoover AL", "AL", "code", "Hoover"],
    ["Boston ma", "MA", "code", "Boston"],
    ["Boston, Ma 02901".slice(0, -6), "MA", "code", "Boston"],
    ["Winston-Salem, N. C.", "NC", "code", "Winston-Salem"],
    ["Winston-Salem, N.C.", "NC", "abbreviation", "Winston-Salem"],
    ["Springfield M.A.", "MA", "code", "Springfield"],
    ["Austin, Texas", "TX", "name", "Austin"],
    ["Austin Texas", "TX", "name", "Austin"],
    ["Austin, Texas.", "TX", "name", "Austin"],
    ["Austin, TX, USA", "TX", "code", "Austin"],
    ["Austin, Tex.", "TX", "abbreviation", "Austin"],
    ["Jeffco Public Schools, Colo.", "CO", "abbreviation", "Jeffco Public Schools"],
    ["Boston, Mass.", "MA", "abbreviation", "Boston"],
    // The longest name first: West Virginia, not Virginia.
    ["Charleston West Virginia", "WV", "name", "Charleston"],
    ["Charleston, Virginia", "VA", "name", "Charleston"],
    // The territories' other names (review 37 #5: 400s).
    ["St Thomas, Virgin Islands", "VI", "name", "St Thomas"],
    ["St Thomas, US Virgin Islands", "VI", "name", "St Thomas"],
    ["St Thomas, USVI", "VI", "name", "St Thomas"],
    ["St Thomas, U.S. Virgin Islands", "VI", "name", "St Thomas"],
    ["Saipan, CNMI", "MP", "name", "Saipan"],
    ["Saipan, Northern Mariana Islands", "MP", "name", "Saipan"],
  ])("%j: %s (%s), after %j", (typed, state, form, rest) => {
    expect(atEnd(typed)).toEqual({ state, form, rest });
  });

  it.each(["Austin", "AL", "Texas", ", Texas", "Hoover, ZZ", "Winston-Salem, NCX", "Lake in the Hills", "Colorado Springs"])("%j ends with none (nothing before it, or no state)", (typed) => {
    expect(atEnd(typed)).toBeUndefined();
  });
});

describe("plainStateName", () => {
  it("compares names without case, extra spaces, or 'the', 'U.S.', 'United States' before them", () => {
    for (const name of ["the U.S.  Virgin Islands", "U.S. Virgin Islands", "United States Virgin Islands", "virgin islands"]) expect(plainStateName(name), name).toBe("virgin islands");
    expect(plainStateName("Texas")).toBe("texas");
  });
});

describe("the state typed right after a town (stop 43's Left: 'Canton OH class of 2021' was told “2021” has 4 digits, Canton, MA's 02021)", () => {
  it.each([
    ["Canton AL class of 2021", "Canton", "AL"],
    ["Salem, Virginia 1970", "Salem", "VA"],
    ["salem, va 1970", "Salem", "VA"],
    ["Salem Mass. 1970", "Salem", "MA"],
    ["12 Main St, Norwood 2062", "Norwood", undefined],
    ["Lynn 1902", "Lynn", undefined],
    ["Canton 2021", "Boston", undefined],
  ])("%j after %j: %j", (typed, town, state) => {
    expect(stateTypedAfter(typed, town, atEnd)).toBe(state);
  });
});

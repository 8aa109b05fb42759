import { describe, expect, it } from "vitest";
import { stateSearch } from "./state-search.ts";

const NAMES: Record<string, string> = {
  TX: "Texas", CT: "Connecticut", TN: "Tennessee", ME: "Maine", VI: "U.S. Virgin Islands", MP: "Northern Marianas", DC: "District of Columbia", GU: "Guam",
  CO: "Colorado", ND: "North Dakota", SD: "South Dakota",
};
const search = stateSearch(new Set(Object.keys(NAMES)), (code) => NAMES[code]!);

describe("the states the search box reads", () => {
  it("a code in any case, with dots, a name, or another name people give it", () => {
    for (const [typed, code] of [["TX", "TX"], ["tx", "TX"], ["Tx.", "TX"], ["D.C.", "DC"], ["texas", "TX"], ["Virgin Islands", "VI"], ["the U.S. Virgin Islands", "VI"], ["USVI", "VI"], ["C.N.M.I.", "MP"], ["Northern Mariana Islands", "MP"]] as const) {
      expect([typed, search.typedAlone(typed)]).toEqual([typed, code]);
    }
    expect(search.typedAlone("ZZ")).toBeUndefined();
    expect(search.typedAlone("North Texas")).toBeUndefined();
  });
  it("a name misspelt by a letter (5 to 7 letters) or two (8 or more); shorter text is no state (review 33 #9: 'Main' is a street)", () => {
    for (const [typed, code] of [["Conneticut", "CT"], ["Tennesee", "TN"], ["Texass", "TX"], ["Maiine", "ME"]] as const) expect([typed, search.speltClose(typed)]).toEqual([typed, code]);
    // (Nor a name with a number, a district's everyday name: "Maine 207", "Indian 204", pages audit 39.)
    for (const typed of ["Main", "Texs", "Guan", "Tennessseeee", "Boston", "Maine 207", "Indian 204", "Texas 4"]) expect([typed, search.speltClose(typed)]).toEqual([typed, undefined]);
  });
  it("the boundaries of speltClose (review 34 #2g): 5 letters is long enough, 8 letters allows two", () => {
    // 4 letters is too short to tell, 5 is read ("Maime", one letter off Maine).
    expect(search.speltClose("Texa")).toBeUndefined();
    expect(search.speltClose("Maime")).toBe("ME");
    // A name of exactly 8 letters allows two letters off ("Clorada" for Colorado); one of 7 only one.
    expect(search.speltClose("Clorada")).toBe("CO");
    expect(search.speltClose("Tezaas")).toBeUndefined();
  });
  it("of names equally close, the first in the order of the states given (the site's are sorted by code)", () => {
    // "Nouth Dakota" is one letter off North Dakota and South Dakota.
    expect(search.speltClose("Nouth Dakota")).toBe("ND");
    const reversed = stateSearch(new Set(["SD", "ND"]), (code) => NAMES[code]!);
    expect(reversed.speltClose("Nouth Dakota")).toBe("SD");
    // A closer name later in the order still wins.
    expect(search.speltClose("Soth Dakota")).toBe("SD");
  });
});


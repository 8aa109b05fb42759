import { describe, expect, it } from "vitest";
import { stateSearch } from "./state-search.ts";

const NAMES: Record<string, string> = { TX: "Texas", CT: "Connecticut", TN: "Tennessee", ME: "Maine", VI: "U.S. Virgin Islands", MP: "Northern Marianas", DC: "District of Columbia", GU: "Guam" };
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
    for (const typed of ["Main", "Texs", "Guan", "Tennessseeee", "Boston"]) expect([typed, search.speltClose(typed)]).toEqual([typed, undefined]);
  });
});

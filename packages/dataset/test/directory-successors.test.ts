import { describe, expect, it } from "vitest";
import { directorySuccessors, nameWords } from "../src/directory-successors.ts";
import type { CcdRow } from "../src/sources.ts";
import { ccdRow } from "./ccd-row.ts";

const row = (leaid: string, name: string, phone: string, office: string, st = "SC"): CcdRow =>
  ccdRow({ leaid, fipst: "45", st, stateName: "SOUTH CAROLINA", name, phone, gslo: "PK", schools: 5, office });

// Hampton 01 and 02 (2018-19) are "Hampton" (2023-24, new): the same phone and office as Hampton 01, the name of both.
const older = new Map([
  ["4502430", row("4502430", "Hampton 01", "(803)943-4576", "29944 205 holly street")],
  ["4502460", row("4502460", "Hampton 02", "(803)625-5002", "29918 1 main st")],
  ["4502220", row("4502220", "Florence 04", "(843)346-3956", "29161 300 market st")],
  ["4501740", row("4501740", "Clarendon 01", "(803)485-2325", "29148 1 a st")],
]);
const newer = new Map([
  ["4503912", row("4503912", "Hampton", "(803) 943-4576", "29944 205 holly street")],
  ["4502210", row("4502210", "Florence 01", "(843)669-4141", "29501 319 s dargan st")],
  // Two new districts that fit Clarendon 01 by name: no successor is guessed.
  ["4503915", row("4503915", "Clarendon 06", "(803)435-4435", "29102 a st")],
  ["4503999", row("4503999", "Clarendon 07", "(803)000-0000", "29102 b st")],
]);

describe("directorySuccessors", () => {
  it("maps a district the newer directory lacks to the one new district of its state sharing its phone, office or name", () => {
    const found = directorySuccessors(["4502430", "4502460", "4502220", "4501740", "4502210"], () => false, newer, older);
    expect(found).toEqual([
      { grfLeaid: "4502430", leaid: "4503912", by: ["phone", "office", "name"] },
      { grfLeaid: "4502460", leaid: "4503912", by: ["name"] },
    ]);
  });

  it("leaves alone a district joins.csv maps, one still listed, one of another state's, and a district that fits two", () => {
    expect(directorySuccessors(["4502430"], (l) => l === "4502430", newer, older)).toEqual([]);
    // Still listed in the newer directory: no successor, though a new district shares its phone.
    const still = new Map([...newer, ["4502430", older.get("4502430")!]]);
    expect(directorySuccessors(["4502430"], () => false, still, older)).toEqual([]);
    // A charter at the old office with its phone is no district's successor.
    const charter = new Map([["4503912", { ...newer.get("4503912")!, leaType: "7" }]]);
    expect(directorySuccessors(["4502430"], () => false, charter, older)).toEqual([]);
    const elsewhere = new Map([["4503912", { ...newer.get("4503912")!, st: "GA" }]]);
    expect(directorySuccessors(["4502430"], () => false, elsewhere, older)).toEqual([]);
    // A new district that has a crosswalk id of its own is not a successor.
    expect(directorySuccessors(["4502430", "4503912"], () => false, newer, older)).toEqual([]);
  });

  it("compares names without numbers and generic words", () => {
    expect(nameWords("Hampton 01")).toBe("hampton");
    expect(nameWords("CHICKASAW CO SCHOOL DIST")).toBe("chickasaw");
    expect(nameWords("Williston Public School District 1")).toBe("williston");
    expect(nameWords("123")).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { openInItsPlace, placeOfName } from "../src/closed-districts.ts";
import type { CcdRow } from "../src/sources.ts";
import { ccdRow } from "./ccd-row.ts";

const row = (leaid: string, name: string, office: string, status = "Open", leaType = "1"): CcdRow =>
  ccdRow({ leaid, st: "MI", stateName: "MICHIGAN", name, office, status, leaType });

describe("closed districts: the open districts of their place that may run their schools now (answers audit 33 #3)", () => {
  it("reads the place a name begins with", () => {
    expect(placeOfName("Muskegon Heights School District")).toBe("muskegon heights");
    expect(placeOfName("School District 49")).toBe("");
    expect(placeOfName("S H Elementary School District")).toBe("s");
  });
  it("finds an open district of the same place with its office in the same ZIP code, and nothing else", () => {
    const closed = row("2624870", "Muskegon Heights School District", "49444 2603 sanford st", "Inactive");
    const directory = [
      closed,
      row("2601029", "Muskegon Heights Public School Academy System", "49444 2441 sanford st", "Open", "7"),
      row("2625830", "Muskegon City School District", "49444 349 w webster ave"), // another place
      row("2601030", "Muskegon Heights Academy", "49441 1 main st"), // another ZIP code
      row("2601031", "Muskegon Heights Prep", "49444 2 main st", "Closed"), // not open
    ];
    expect(openInItsPlace(closed, "Muskegon Heights School District", directory).map((r) => r.leaid)).toEqual(["2601029"]);
    // A place of initials only finds nothing (S H Elementary, MT, beside S Y Elem in the same ZIP code).
    const sh = row("3008040", "S H Elem", "59301 1 main st", "Closed");
    expect(openInItsPlace(sh, "S H Elementary School District", [sh, row("3008010", "S Y Elem", "59301 2 main st")])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { newerDistricts } from "../src/newer-districts.ts";
import type { CcdRow } from "../src/sources.ts";
import { ccdRow } from "./ccd-row.ts";

const row = (leaid: string, name: string, city: string, gslo: string, over: Partial<CcdRow> = {}): CcdRow =>
  ccdRow({ leaid, st: "AL", stateName: "ALABAMA", name, gslo, schools: 2, office: "36561 4544 orange beach blvd", city, ...over });

describe("newerDistricts (a town's own district that no map has)", () => {
  const ccd = new Map(
    [
      row("0103581", "Orange Beach City", "Orange Beach", "PK"),
      row("0100202", "Gulf Shores City", "Gulf Shores", "PK"),
      row("4801480", "TEXAS TECH UNIVERSITY K-12", "LUBBOCK", "KG"),
      row("3700489", "Appalachian State Univ Academy at Elkin", "Elkin", "02"),
      row("0100300", "Orange Beach Charter", "Orange Beach", "KG", { leaType: "7" }),
      row("0100301", "Orange Beach Closed", "Orange Beach", "KG", { status: "Closed" }),
      row("0100302", "Orange Beach Empty", "Orange Beach", "KG", { schools: 0 }),
      row("0100303", "Orangeburg", "Orange", "KG"),
      row("0100304", "Fairhope", "Fairhope", "KG", { office: "" }),
    ].map((r) => [r.leaid, r]),
  );
  const all = newerDistricts(ccd, (l) => l === "0100202");

  it("keeps a district that teaches young children and is named after the town of its office, with that office's ZIP", () => {
    expect(all.filter((c) => c.kept).map((c) => [c.leaid, c.officeZip])).toEqual([["0103581", "36561"]]);
  });

  it("leaves out what a map already has, other kinds of agency, closed or school-less districts", () => {
    const listed = all.map((c) => c.leaid);
    for (const l of ["0100202", "0100300", "0100301", "0100302"]) expect(listed).not.toContain(l);
  });

  it("says why a candidate is not a town's own district", () => {
    const why = new Map(all.map((c) => [c.leaid, c.why]));
    expect(why.get("4801480")).toMatch(/does not begin with the town of its office \(LUBBOCK\)/);
    expect(why.get("3700489")).toMatch(/teaches from grade 02/);
    // A name that only starts with the town's letters is not the town's ("Orangeburg" in Orange).
    expect(why.get("0100303")).toMatch(/does not begin with the town/);
    expect(why.get("0100304")).toBe("the directory gives no ZIP code for its office");
  });
});

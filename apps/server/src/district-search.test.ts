import { describe, expect, it } from "vitest";
import { clearDistrict, districtSearchIndex, namesADistrict, namesASchool, type DistrictMatch } from "./district-search.ts";

const d = (leaid: string, district: string, state: string, students: string): DistrictMatch => ({ leaid, district, state, county: "", students });
const DISTRICTS = [
  d("4823640", "Houston Independent School District", "TX", "183,603"),
  d("0101830", "Houston County School District", "AL", "6,145"),
  d("2914690", "Houston R-I School District", "MO", "1,300"),
  d("4700148", "Memphis-Shelby County Schools", "TN", "110,057"),
  d("0103030", "Shelby County School District", "AL", "20,937"),
  d("2929760", "Springfield R-XII School District", "MO", "24,000"),
  d("2513230", "Springfield School District", "MA", "23,000"),
  d("1200390", "Dade County School District", "FL", "335,500"),
  d("3620580", "New York City Department of Education", "NY", "845,509"),
  d("1709930", "City of Chicago School District 299", "IL", "322,106"),
];
const search = districtSearchIndex(DISTRICTS, new Set(["TX", "AL", "MO", "TN", "MA", "FL", "NY", "IL"]));
const leaids = (typed: string) => search(typed).map((m) => m.leaid);

describe("a district's name typed into the search box", () => {
  it("reads district words, not towns or schools", () => {
    for (const typed of ["Houston ISD", "Chicago Public Schools", "Los Angeles Unified", "Cobb County School District", "RSU 10 Rumford"]) expect(namesADistrict(typed), typed).toBe(true);
    for (const typed of ["Houston", "Springfield, IL", "High Point", "Lincoln High School", "ISD", "90210"]) expect(namesADistrict(typed), typed).toBe(false);
    expect(namesASchool("Lincoln High School")).toBe(true);
    expect(namesASchool("Jefferson Elementary")).toBe(true);
    expect(namesASchool("Lincoln High School District")).toBe(false);
  });
  it("finds the district of that very name; kind words pick one among a place's districts", () => {
    expect(leaids("Houston ISD")[0]).toBe("4823640");
    expect(clearDistrict("Houston ISD", search("Houston ISD"))?.leaid).toBe("4823640");
    // No kind word: every Houston district, none of them clear.
    expect(leaids("Houston Schools")).toEqual(["4823640", "0101830", "2914690"]);
    expect(clearDistrict("Houston Schools", search("Houston Schools"))).toBeUndefined();
    expect(clearDistrict("Chicago Public Schools", search("Chicago Public Schools"))?.leaid).toBe("1709930");
    expect(clearDistrict("NYC Public Schools", search("NYC Public Schools"))?.leaid).toBe("3620580");
  });
  it("the state typed at the end narrows; a roman numeral is a number, not a place", () => {
    expect(leaids("Springfield Public Schools")).toEqual(["2929760", "2513230"]);
    expect(leaids("Springfield Public Schools, MO")).toEqual(["2929760"]);
    expect(clearDistrict("Springfield Public Schools, MO", search("Springfield Public Schools, MO"))?.leaid).toBe("2929760");
  });
  it("part of a name finds the district, marked partial: an old name, a longer one", () => {
    // Typed "Shelby County Schools" (Memphis' name until 2021): Memphis-Shelby first by students, partial.
    expect(search("Shelby County Schools").map((m) => [m.leaid, m.partial ?? false])).toEqual([
      ["4700148", true],
      ["0103030", false],
    ]);
    // The one of the very name is not clearly meant where a larger district has the name in part.
    expect(clearDistrict("Shelby County Schools", search("Shelby County Schools"))).toBeUndefined();
    expect(clearDistrict("Shelby County Schools, AL", search("Shelby County Schools, AL"))?.leaid).toBe("0103030");
    expect(search("Miami-Dade County Public Schools").map((m) => [m.leaid, m.partial ?? false])).toEqual([["1200390", true]]);
    expect(search("Springfeld Public Schools")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { casedLike, casingIndex, cityAcronyms, completedName, districtCase, namesDiffer, namesMorePlaces, newerName, repairMojibake, schoolDistrictName } from "../src/names.ts";

describe("repairMojibake", () => {
  it.each([
    ["La CaÃ±ada Unified School District", "La Cañada Unified School District", 1],
    ["CaÃ±on City School District RE-1", "Cañon City School District RE-1", 1],
    ["EspaÃ±ola Municipal Schools", "Española Municipal Schools", 1],
    ["PeÃ±asco and MÃ©xico", "Peñasco and México", 2],
    // three-byte character read as Windows-1252 ("’" = E2 80 99); twice mis-decoded text loses one level per pass
    ["Oâ€™Brien", "O’Brien", 1],
    ["OÃ¢â‚¬â„¢Brien", "Oâ€™Brien", 3],
  ])("%s -> %s (%i repairs)", (input, want, n) => expect(repairMojibake(input)).toEqual({ text: want, repairs: n }));
  it("leaves correct text alone, including accented letters and a lone Ã", () => {
    for (const s of ["La Cañada", "Peñasco", "Ãbc", "Â", "São Tomé", "plain ASCII, 1,234"]) expect(repairMojibake(s)).toEqual({ text: s, repairs: 0 });
  });
});

describe("districtCase", () => {
  it.each([
    ["New York City Department Of Education", "New York City Department of Education"],
    ["Isle Of Wight County Public Schools", "Isle of Wight County Public Schools"],
    ["The Woodlands And The Hills School District", "The Woodlands and the Hills School District"],
    ["ALDINE ISD", "Aldine ISD"],
    ["Paw Paw Cusd 271", "Paw Paw CUSD 271"],
    ["Regional School Unit 09", "Regional School Unit 09"],
    ["Of Course Academy", "Of Course Academy"],
    ["Cañon City School District RE-1", "Cañon City School District RE-1"],
    ["Sadler Isle School", "Sadler Isle School"],
  ])("%s -> %s", (input, want) => expect(districtCase(input)).toBe(want));
});

describe("newer official names", () => {
  it("names of different places differ; abbreviations and added words do not", () => {
    expect(namesDiffer("Mount Pleasant Township Community School Corporation", "Yorktown Community Schools")).toBe(true);
    expect(namesDiffer("Racine School District", "Racine Unified School District")).toBe(false);
    expect(namesDiffer("Jefferson County School District", "JEFFERSON CO SCHOOL DIST")).toBe(false);
    expect(namesDiffer("Community Unit School District 2", "Serena CUSD 2")).toBe(false);
  });
  it("takes a full CCD name, never a legal description or a bare county", () => {
    expect(newerName("Windsor Central Supervisory Union", "Mountain Views Supervisory Union")).toBe("Mountain Views Supervisory Union");
    expect(newerName("Aransas County Independent School District", "Rockport-Fulton ISD")).toBe("Rockport-Fulton ISD");
    expect(newerName("Stratton School District R-4", "School District No. R-4 in the county of Kit Carson and Stat")).toBeNull();
    expect(newerName("Greensburg Unified School District 422", "Kiowa County")).toBeNull();
    expect(newerName("Canon City School District RE-1", "Fremont RE-1")).toBeNull();
    expect(newerName("New York City Department of Education", "NYC CHANCELLOR'S OFFICE")).toBeNull();
  });
  it("takes a CCD name that keeps the boundary name's places and adds one (renamed or merged since)", () => {
    expect(namesMorePlaces("Shelby County School District", "Memphis-Shelby County Schools")).toBe(true);
    expect(namesMorePlaces("Community Unit School District 2", "Serena CUSD 2")).toBe(true);
    expect(newerName("Shelby County School District", "Memphis-Shelby County Schools")).toBe("Memphis-Shelby County Schools");
    expect(newerName("Marvell School District", "MARVELL-ELAINE SCHOOL DISTRICT")).toBe("Marvell-Elaine School District");
    // Spacing, abbreviations and codes add no place; a dropped word is the directory shortening a name.
    expect(namesMorePlaces("DeForest Area School District", "De Forest Area School District")).toBe(false);
    expect(namesMorePlaces("Exeter Regional Cooperative School District", "Exeter Region Cooperative School District")).toBe(false);
    expect(namesMorePlaces("Wayne Township Metropolitan School District", "MSD Wayne Township")).toBe(false);
    expect(namesMorePlaces("Boulder Valley School District RE-2", "Boulder Valley School District No. Re2")).toBe(false);
    expect(namesMorePlaces("Gallup-McKinley County Schools", "GALLUP")).toBe(false);
    expect(namesMorePlaces("Nash-Rocky Mount Schools", "Nash County Public Schools")).toBe(false);
    // A place added in a short form, completed with the boundary name's words after its place (review 33 #7).
    expect(newerName("Dade County School District", "MIAMI-DADE")).toBe("Miami-Dade County School District");
    expect(newerName("Chatham County School District", "Savannah-Chatham County")).toBe("Savannah-Chatham County School District");
    expect(newerName("Manhattan Unified School District 383", "Manhattan-Ogden")).toBe("Manhattan-Ogden Unified School District 383");
    // Not a short form with abbreviations, parentheses or a legal description's words.
    expect(newerName("Westside Consolidated School District", "WESTSIDE CONS. SCH DIST(CRAIGH")).toBeNull();
    expect(newerName("Harmony Grove School District", "Harmony Grove School District (Ouachita)")).toBeNull();
    expect(newerName("Brandon School District", "Brandon School District in the Counties of Oakland and Lapee")).toBeNull();
    // A place added by a legal description is not a new name.
    expect(newerName("Littleton School District 6", "Littleton School District No. 6 in the county of Arapahoe")).toBeNull();
  });
});

describe("casedLike", () => {
  it("takes internal capitals from a source with the same letters", () => {
    expect(casedLike("Mckeesport", "McKeesport")).toBe("McKeesport");
    expect(casedLike("Dekalb", "DeKalb")).toBe("DeKalb");
    expect(casedLike("Mckeesport", "MCKEESPORT")).toBe("Mckeesport");
    expect(casedLike("Mckeesport", "Pittsburgh")).toBe("Mckeesport");
    expect(casedLike("Mckeesport", undefined)).toBe("Mckeesport");
  });
  it("takes small words in lower case and acronyms, not a two-letter word in capitals (data audit 38 #9)", () => {
    expect(casedLike("Fond Du Lac", "Fond du Lac")).toBe("Fond du Lac");
    expect(casedLike("Mcconnell AFB", "McConnell AFB")).toBe("McConnell AFB");
    expect(casedLike("Mcbh Kaneohe Bay", "MCBH Kaneohe Bay")).toBe("MCBH Kaneohe Bay");
    expect(casedLike("La Place", "LA Place")).toBe("La Place");
    expect(casedLike("Mi Wuk Village", "MI Wuk Village")).toBe("Mi Wuk Village");
    expect(casedLike("Pointe A La Hache", "Pointe A LA Hache")).toBe("Pointe A La Hache");
    // A word capitalised at its start by the other source is no internal capital.
    expect(casedLike("Prairie du Sac", "Prairie Du Sac")).toBe("Prairie du Sac");
  });
});

describe("completedName", () => {
  it("completes a boundary name that is only its town's from CCD, and writes a doubled word once", () => {
    expect(completedName("Bangor", "Bangor Public Schools")).toBe("Bangor Public Schools");
    expect(completedName("Isle au Haut", "ISLE AU HAUT PUBLIC SCHOOLS")).toBe("Isle au Haut Public Schools");
    expect(completedName("Alexander City City School District", "Alexander City")).toBe("Alexander City School District");
    expect(completedName("Delsea Regional High School School District", undefined)).toBe("Delsea Regional High School District");
  });
  it("leaves real names alone: a town doubled by name, a name that already says school, a CCD name for another place", () => {
    expect(completedName("Paw Paw Public School District", "Paw Paw Public School District")).toBeNull();
    expect(completedName("Walla Walla Public Schools", undefined)).toBeNull();
    expect(completedName("Bangor", "Brewer Public Schools")).toBeNull();
    expect(completedName("Bangor", "Bangor")).toBeNull();
    expect(completedName("Indian Island", undefined)).toBeNull();
  });
});

describe("casingIndex and cityAcronyms (audit 4: 'Mckinney', 'Jber', 'Usaf Academy')", () => {
  it("gives a name the one casing the post-office names write with internal capitals", () => {
    const index = casingIndex(["McKinney", "Dallas", "MCKINNEY", "LaGrange", "LAGRANGE"]);
    expect(index.get("mckinney")).toBe("McKinney");
    expect(index.get("lagrange")).toBe("LaGrange");
    expect(index.has("dallas")).toBe(false);
    // A plain spelling elsewhere ("Lagrange", ME) makes the name ambiguous: neither is taken.
    expect(casingIndex(["LaGrange", "Lagrange"]).has("lagrange")).toBe(false);
  });
  it("leaves out a name spelled two ways, and spellings with a word in capitals", () => {
    const index = casingIndex(["DeKalb", "De Kalb", "LA Place", "McAllen", "MCAllen"]);
    expect(index.get("dekalb")).toBe("DeKalb");
    expect(index.get("de kalb")).toBeUndefined(); // "De Kalb" is how title-casing writes it: nothing to learn
    expect(index.has("la place")).toBe(false);
    expect(index.has("mcallen")).toBe(false);
  });
  it.each([
    ["Jber", "JBER"],
    ["Jbsa Ft Sam Houston", "JBSA Ft Sam Houston"],
    ["Usaf Academy", "USAF Academy"],
    ["Hanscom Afb", "Hanscom AFB"],
    ["Jbphh", "JBPHH"],
    ["Nashville", "Nashville"],
    ["Napa", "Napa"],
  ])("%s -> %s", (city, cased) => expect(cityAcronyms(city)).toBe(cased));
});

describe("schoolDistrictName (a directory name drawn for a merged district)", () => {
  it("writes a name without school words as the Census writes district names; cases the rest", () => {
    expect(schoolDistrictName("Hampton")).toBe("Hampton School District");
    expect(schoolDistrictName("Bamberg 03")).toBe("Bamberg School District 3");
    expect(schoolDistrictName("GRAFTON 18")).toBe("Grafton School District 18");
    expect(schoolDistrictName("WILLISTON BASIN 7")).toBe("Williston Basin School District 7");
    expect(schoolDistrictName("Ada-Borup-West Public Schools")).toBe("Ada-Borup-West Public Schools");
    expect(schoolDistrictName("Banta Unified")).toBe("Banta Unified School District");
    // The directory's abbreviations written out.
    expect(schoolDistrictName("CHICKASAW CO SCHOOL DIST")).toBe("Chickasaw County School District");
    expect(schoolDistrictName("COVINGTON CITY PBLC SCHS")).toBe("Covington City Public Schools");
  });
});

import { describe, expect, it } from "vitest";
import { clearDistrict, districtNumbers, districtSearchIndex, everydayInitials, listOrder, MUCH_LARGER, nameInitials, namesADistrict, namesASchool, studentsOf, townAskedFor, withoutState, type IndexedDistrict, webInitials } from "./district-search.ts";
import { districtsFoundPage } from "./districts-found-page.ts";

const d = (leaid: string, district: string, state: string, students: string): IndexedDistrict => ({ leaid, district, state, county: "", students });
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
  d("1700105", "School District U-46", "IL", "34,000"),
  d("0604830", "Beverly Hills Unified School District", "CA", "3,074"),
  d("2502460", "Beverly Public Schools", "MA", "4,200"),
  d("1100030", "District of Columbia Public Schools", "DC", "49,896"),
  d("2910830", "Columbia Public Schools", "MO", "18,500"),
  d("4215150", "Mount Lebanon School District", "PA", "5,500"),
  d("4209690", "Lebanon School District", "PA", "5,000"),
];
const STATES = new Set(["TX", "AL", "MO", "TN", "MA", "FL", "NY", "IL", "CA", "DC", "PA", "SD"]);
const index = districtSearchIndex(DISTRICTS, STATES);
const search = (typed: string) => index.find(typed);
const leaids = (typed: string) => search(typed).map((m) => m.leaid);
const clear = (typed: string) => clearDistrict(typed, search(typed))?.leaid;

describe("a district's name typed into the search box", () => {
  it("reads district words, not towns or schools; a state's code at the end is the state (review 33 #1: 'Rapid City, SD')", () => {
    for (const typed of ["Houston ISD", "Chicago Public Schools", "Los Angeles Unified", "Cobb County School District", "RSU 10 Rumford", "Alhambra Elementary District", "Lamoille North Supervisory Union", "Rapid City SD 51-4"]) expect(namesADistrict(typed, STATES), typed).toBe(true);
    for (const typed of ["Houston", "Springfield, IL", "High Point", "Lincoln High School", "90210", "Rapid City, SD", "Box Elder SD", "123 Main St, Sioux Falls, SD", "District Heights", "123 Public School St, Springfield, MO"]) expect(namesADistrict(typed, STATES), typed).toBe(false);
    expect(withoutState("Rapid City, SD", STATES)).toEqual({ text: "Rapid City", state: "SD" });
    expect(withoutState("Houston ISD", STATES)).toEqual({ text: "Houston ISD" });
    expect(namesASchool("Lincoln High School")).toBe(true);
    expect(namesASchool("Jefferson Elementary")).toBe(true);
    expect(namesASchool("Lincoln High School District")).toBe(false);
  });
  it("the very name goes to its district, however few distinctive words it has (review 33 #2)", () => {
    expect(clear("School District U-46")).toBe("1700105");
    expect(clear("district of columbia public schools")).toBe("1100030");
    expect(clear("Mt. Lebanon School District")).toBe("4215150");
    expect(search("Beverly Hills Unified School District").map((m) => m.match)).toEqual(["name", "narrower"]);
    // "SD" ending a name where no South Dakota district has it: the name's own "SD" (Knoch SD, PA).
    const knoch = districtSearchIndex([d("4212630", "Knoch SD", "PA", "2,500")], STATES);
    expect(knoch.find("Knoch SD").map((m) => [m.leaid, m.match])).toEqual([["4212630", "name"]]);
    expect(knoch.named("Knoch SD").map((m) => m.leaid)).toEqual(["4212630"]);
    expect(knoch.named("Knoch")).toEqual([]);
  });
  it("finds the district of those words; kind words pick one among a place's districts", () => {
    expect(leaids("Houston ISD")[0]).toBe("4823640");
    expect(clear("Houston ISD")).toBe("4823640");
    // No kind word: every Houston district, none of them clear.
    expect(leaids("Houston Schools")).toEqual(["4823640", "0101830", "2914690"]);
    expect(clear("Houston Schools")).toBeUndefined();
    expect(clear("Chicago Public Schools")).toBe("1709930");
    expect(clear("NYC Public Schools")).toBe("3620580");
    // "DC" is the District of Columbia: its schools first among the Columbia districts.
    expect(leaids("DC Public Schools")[0]).toBe("1100030");
  });
  it("the very name of a small district does not take the place of a much larger one of the same words (review 33b #1: Orange County Public Schools)", () => {
    const orange = districtSearchIndex([d("5102790", "Orange County Public Schools", "VA", "5,000"), d("1201440", "Orange County School District", "FL", "207,000")], new Set([...STATES, "VA", "FL"]));
    const found = orange.find("Orange County Public Schools");
    expect(found.map((m) => [m.leaid, m.match])).toEqual([
      ["1201440", "words"],
      ["5102790", "name"],
    ]);
    expect(clearDistrict("Orange County Public Schools", found)).toBeUndefined();
    expect(clearDistrict("Orange County Public Schools, VA", orange.find("Orange County Public Schools, VA"))?.leaid).toBe("5102790");
    // Not where the other is of another kind, or not much larger.
    const dallas = districtSearchIndex([d("0101110", "Dallas County School District", "AL", "2,000"), d("4816230", "Dallas Independent School District", "TX", "140,000")], STATES);
    expect(clearDistrict("Dallas County School District", dallas.find("Dallas County School District"))?.leaid).toBe("0101110");
    const alhambra = districtSearchIndex([d("0400600", "Alhambra Elementary District", "AZ", "11,000"), d("0601770", "Alhambra Unified School District", "CA", "16,000")], STATES);
    expect(clearDistrict("Alhambra Elementary District", alhambra.find("Alhambra Elementary District"))?.leaid).toBe("0400600");
  });
  it("a state typed after a name is kept: no other state's district answers for it (review 33c #1); a plain everyday name gives way to one twice as large (#2)", () => {
    expect(search("Springfield Public Schools, TX")).toEqual([]);
    expect(index.named("Springfield School District, TX")).toEqual([]);
    const portland = districtSearchIndex([d("2309360", "Portland Public Schools", "ME", "6,649"), d("4110040", "Portland School District 1J", "OR", "44,039")], STATES);
    expect(clearDistrict("Portland Public Schools", portland.find("Portland Public Schools"))).toBeUndefined();
    // "RD" (Colorado's RD-2) is no place: a street's "Rd" finds nothing by it.
    const wray = districtSearchIndex([d("0807290", "Wray School District RD-2", "CO", "700")], new Set(["CO"]));
    expect(wray.find("123 Public School Rd, Wray, CO").map((m) => m.match)).toEqual(["narrower"]);
  });
  it("reads the USPS's short forms of place words typed as the words (review-late-43 L8, M2: 'Shaker Hts' found no Shaker Heights district, 'Highland Prk' every Highland one)", () => {
    const ohio = districtSearchIndex(
      [d("3904475", "Shaker Heights City School District", "OH", "4,800"), d("3904378", "Cleveland Heights-University Heights City School District", "OH", "4,900"), d("3904849", "Highland Local School District", "OH", "3,000"), d("3904848", "Highland Park School District", "OH", "1")],
      new Set(["OH"]),
    );
    expect(ohio.find("Shaker Hts, OH").map((m) => [m.leaid, m.match])).toEqual([["3904475", "words"]]);
    expect(ohio.find("Cleveland Hts schools").map((m) => m.leaid)).toEqual(["3904378"]);
    expect(ohio.find("Highland Prk schools").filter((m) => m.match !== "narrower").map((m) => m.leaid)).toEqual(["3904848"]);
    expect(ohio.find("Highland Pk School District").filter((m) => m.leaid === "3904848").map((m) => m.match)).toEqual(["name"]);
  });
  it("reads 'PK' before a grade's number as pre-kindergarten's, not Park (review-towns-44 L1: 'PK-12 schools' listed Galena Park ISD, Deer Park ISD)", () => {
    const parks = districtSearchIndex([d("4820010", "Galena Park Independent School District", "TX", "21,000"), d("4816110", "Deer Park Independent School District", "TX", "12,000")], new Set(["TX"]));
    expect(parks.find("PK-12 schools")).toEqual([]);
    expect(parks.find("Pk-8")).toEqual([]);
    expect(parks.find("Galena Pk ISD").map((m) => m.leaid)[0]).toBe("4820010");
  });
  it("a district found by part of the words typed is never the one meant (review 33b #2: an address on 'Public School Rd')", () => {
    const found = search("123 Public School Rd, Springfield, MO");
    expect(found.map((m) => [m.leaid, m.match])).toEqual([["2929760", "narrower"]]);
    expect(clearDistrict("123 Public School Rd, Springfield, MO", found)).toBeUndefined();
  });
  it("a district whose words are part of those typed never blocks the one they name (review 33 #2: Beverly, MA for Beverly Hills Unified)", () => {
    expect(search("Beverly Hills Unified").map((m) => [m.leaid, m.match])).toEqual([
      ["0604830", "words"],
      ["2502460", "narrower"],
    ]);
    expect(clear("Beverly Hills Unified")).toBe("0604830");
  });
  it("the state typed at the end narrows; a roman numeral is a number, not a place", () => {
    expect(leaids("Springfield Public Schools")).toEqual(["2929760", "2513230"]);
    expect(leaids("Springfield Public Schools, MO")).toEqual(["2929760"]);
    expect(clear("Springfield Public Schools, MO")).toBe("2929760");
  });
  it("more words than typed finds a renamed district, first by students, and keeps a smaller one of the very words from being taken as meant", () => {
    // Typed "Shelby County Schools" (Memphis' name until 2021).
    expect(search("Shelby County Schools").map((m) => [m.leaid, m.match])).toEqual([
      ["4700148", "wider"],
      ["0103030", "words"],
    ]);
    expect(clear("Shelby County Schools")).toBeUndefined();
    expect(clear("Shelby County Schools, AL")).toBe("0103030");
    expect(search("Miami-Dade County Public Schools").map((m) => [m.leaid, m.match])).toEqual([["1200390", "narrower"]]);
    expect(search("Springfeld Public Schools")).toEqual([]);
  });
  it("a district of more words that is smaller does not hide the one of the very words (review 34 #2f)", () => {
    // As above, with the sizes turned round: the district whose words were typed is the larger one.
    const shelby = districtSearchIndex([d("0103030", "Shelby County School District", "AL", "5,000"), d("4700148", "Memphis-Shelby County Schools", "TN", "200")], STATES);
    const found = shelby.find("Shelby County Schools");
    expect(found.map((m) => [m.leaid, m.match])).toEqual([
      ["0103030", "words"],
      ["4700148", "wider"],
    ]);
    expect(clearDistrict("Shelby County Schools", found)?.leaid).toBe("0103030");
  });
});

describe("townAskedFor: the town whose schools a search asks for (pages audit 34 #1)", () => {
  it.each([
    ["Raleigh schools", "Raleigh"],
    ["Raleigh public schools", "Raleigh"],
    ["Raleigh school district", "Raleigh"],
    ["Raleigh, NC schools", "Raleigh, NC"],
    ["Raleigh schools, NC", "Raleigh, NC"],
    ["Houston area schools", "Houston"],
    ["Houston ISD", "Houston"],
    ["Kansas City schools", "Kansas City"],
    ["St. Louis school system", "St. Louis"],
    // A state written otherwise after the words (review 34 #3).
    ["Raleigh schools, N.C.", "Raleigh, N.C."],
    ["Reno schools in Nevada", "Reno, Nevada"],
    ["Washington DC public schools", "Washington DC"],
    // Where the person is, not a state (review 34b #6); the place after the words (#5); plurals (#3).
    ["New York schools near me", "New York"],
    ["Fort Wayne schools nearby", "Fort Wayne"],
    ["schools in Raleigh, NC", "Raleigh, NC"],
    ["public schools of Texas", "Texas"],
    ["Raleigh school districts", "Raleigh"],
  ])("%j reads as the town %j", (typed, town) => expect(townAskedFor(typed, new Set([...STATES, "NC"]))).toBe(town));

  it.each(["Houston", "schools", "123 Main St schools", "Springfield Public School District 186", "Beverly Hills Unified"])("%j asks no town's schools", (typed) =>
    expect(townAskedFor(typed, STATES)).toBeUndefined(),
  );
});

describe("the list of districts found (pages audit 34 #2)", () => {
  const facts = { updated: "2026-11-27", records: 1, baseUrl: "http://localhost" };
  it("keeps the search's order, the most students first, and marks the very name typed, never cut off", () => {
    const buffalo = districtSearchIndex([d("4005550", "Buffalo Public Schools", "OK", "249"), d("3605850", "Buffalo City School District", "NY", "29,866")], STATES).find("Buffalo Public Schools");
    expect(buffalo.map((m) => [m.leaid, m.match])).toEqual([["3605850", "words"], ["4005550", "name"]]);
    const html = districtsFoundPage("Buffalo Public Schools", buffalo, facts);
    expect(html.indexOf("/district/3605850")).toBeLessThan(html.indexOf("/district/4005550"));
    expect(html).toContain("249 students · the name typed</span>");
    expect(html).toContain("the most students first (the name typed is marked)");
    // The very name before 30 larger names that only share a word with it (review 34 #1: Three Creek Joint Elementary was 25th of 25 Creeks).
    const many = [...Array.from({ length: 30 }, (_, i) => ({ ...d(String(3600000 + i), `Lincoln ${i} Schools`, "NY", String(10_000 - i)), match: "wider" as const })), { ...d("3100001", "Lincoln Schools", "NE", "5"), match: "name" as const }];
    const list = districtsFoundPage("Lincoln Schools", many, facts);
    const shown = [...list.matchAll(/href="\/district\/([0-9]{7})"/g)].map((m) => m[1]);
    expect(shown).toHaveLength(25);
    expect(shown[0]).toBe("3100001");
    expect(shown.slice(1)).toEqual(many.slice(0, 24).map((m) => m.leaid));
    // 30 larger of the very words (Franklin's), none owning the name more than the one typed: the very name first (review 34c #1).
    const words = [...Array.from({ length: 30 }, (_, i) => ({ ...d(String(3700000 + i), "Franklin School District", "NY", String(10_000 - i)), match: "words" as const })), { ...d("3100002", "Franklin Schools", "NE", "5"), match: "name" as const }];
    const franklins = [...districtsFoundPage("Franklin Schools", words, facts).matchAll(/href="\/district\/([0-9]{7})"/g)].map((m) => m[1]);
    expect(franklins).toHaveLength(25);
    expect(franklins[0]).toBe("3100002");
    expect(franklins.slice(1)).toEqual(words.slice(0, 24).map((m) => m.leaid));
    expect(districtsFoundPage("Franklin Schools", words, facts)).toContain(`the name typed first (after one holding its words, if ${MUCH_LARGER} times larger), then those like it`);
    // However many districts have the very name, each is listed (review 35 #4: the old cut-off was dead, and miscounted).
    const twins = [
      ...Array.from({ length: 30 }, (_, i) => ({ ...d(String(3800000 + i), "Lincoln Schools", "NE", String(100 + i)), match: "name" as const })),
      ...Array.from({ length: 5 }, (_, i) => ({ ...d(String(3900000 + i), `Lincoln ${i} Schools`, "NY", String(10_000 - i)), match: "wider" as const })),
    ];
    const listed = [...districtsFoundPage("Lincoln Schools", twins, facts).matchAll(/href="\/district\/([0-9]{7})"/g)].map((m) => m[1]);
    expect(listed).toHaveLength(31);
    expect(new Set(listed)).toEqual(new Set([...twins.slice(0, 30).map((m) => m.leaid), listed[30]]));
    expect(studentsOf({ students: "29,866" })).toBe(29_866);
  });

  it("lists the districts, the answer, before the box to search again (pages audit 41 #5: the box first put FCPS's first district at 722 px at 320 px)", () => {
    const buffalo = districtSearchIndex([d("4005550", "Buffalo Public Schools", "OK", "249"), d("3605850", "Buffalo City School District", "NY", "29,866")], STATES).find("Buffalo Public Schools");
    const html = districtsFoundPage("Buffalo Public Schools", buffalo, facts);
    const form = html.indexOf('<h2 id="search-again">Search again</h2>');
    expect(html.indexOf("<h2>Districts</h2>")).toBeGreaterThan(html.indexOf("<h1>"));
    expect(form).toBeGreaterThan(html.indexOf("/district/4005550"));
    expect(html.indexOf("<form", form)).toBeGreaterThan(form);
    // A short list: no link to the box from the lead.
    expect(html).not.toContain('href="#search-again"');
  });

  it("puts the box first where no district has the very name typed, as retyping is the likely next step; links it from the lead of a long list (review of stop 42 #6)", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...d(String(3800000 + i), `Lincoln ${i} Schools`, "NE", String(1000 - i)), match: "wider" as const }));
    const none = districtsFoundPage("Lincoln Lake Schools", many, facts);
    expect(none).toContain("No school district is named exactly that");
    const form = none.indexOf('<h2 id="search-again">Search again</h2>');
    expect(form).toBeGreaterThan(none.indexOf('<p class="answer">'));
    expect(form).toBeLessThan(none.indexOf("<h2>Districts</h2>"));
    expect(none).not.toContain('href="#search-again"');
    const named = districtsFoundPage("Lincoln Schools", many.map((m) => ({ ...m, district: "Lincoln Schools", match: "name" as const })), facts);
    const jump = named.indexOf('<a href="#search-again">Search again</a>');
    expect(jump).toBeGreaterThan(named.indexOf('<p class="answer">'));
    expect(jump).toBeLessThan(named.indexOf("<h2>Districts</h2>"));
    expect(named.indexOf('<h2 id="search-again">')).toBeGreaterThan(named.indexOf("/district/3800007"));
  });
});

describe("a district's initials (pages audit 34 #3: 'HISD' was an invalid ZIP code)", () => {
  it("are the first letters of its name's words, without of, the, and or numbers", () => {
    expect(nameInitials("Houston Independent School District")).toBe("hisd");
    expect(nameInitials("District of Columbia Public Schools")).toBe("dcps");
    expect(nameInitials("Charlotte-Mecklenburg Schools")).toBe("cms");
    expect(nameInitials("City of Chicago School District 299")).toBe("ccsd");
  });

  it("find the districts that have them, the most students first, as names like the text", () => {
    expect(index.initialed("HISD").map((m) => [m.leaid, m.match])).toEqual([["4823640", "wider"]]);
    // (Dade County School District goes by "Dade County Public Schools" too, and is over twice as large.)
    expect(index.initialed("dcps").map((m) => m.leaid)).toEqual(["1200390", "1100030"]);
    // In the state typed; none for 2 letters, words or digits.
    expect(index.initialed("HISD, TX").map((m) => m.leaid)).toEqual(["4823640"]);
    expect(index.initialed("HISD, AL")).toEqual([]);
    expect(index.initialed("CS")).toEqual([]);
    expect(index.initialed("Houston ISD")).toEqual([]);
    const two = districtSearchIndex([d("1", "Fairfax County Public Schools", "VA", "180,714"), d("2", "Frederick County Public Schools", "MD", "47,681"), d("3", "Fayette County Public Schools", "KY", "")], STATES);
    expect(two.initialed("FCPS").map((m) => m.leaid)).toEqual(["1", "2", "3"]);
  });
});

describe("listOrder (pages audit 34 #2, review 34b #1)", () => {
  const m = (leaid: string, district: string, state: string, students: string, match: "name" | "words" | "wider") => ({ ...d(leaid, district, state, students), match });
  it("puts the very name first, unless one of its very words and kind is much larger; none typed: the search's order", () => {
    const orange = [m("1201440", "Orange County School District", "FL", "206,815", "words"), m("5102820", "Orange County Public Schools", "VA", "5,076", "name"), m("3700001", "Orange County Schools", "NC", "7,000", "words")];
    expect(listOrder("Orange County Public Schools", orange).map((x) => x.state)).toEqual(["FL", "VA", "NC"]);
    const franklins = [m("1", "Franklin Special School District", "TN", "3,900", "words"), m("2", "Franklin Public Schools", "MA", "4,600", "words"), m("3", "Franklin City Public Schools", "VA", "1,100", "name")];
    expect(listOrder("Franklin City Public Schools", franklins).map((x) => x.leaid)).toEqual(["3", "1", "2"]);
    const shelby = [m("4700148", "Memphis-Shelby County Schools", "TN", "110,057", "wider"), m("0103030", "Shelby County School District", "AL", "20,937", "words")];
    expect(listOrder("Shelby County Schools", shelby).map((x) => x.leaid)).toEqual(["4700148", "0103030"]);
  });

  it("are also those a district goes by in everyday speech, which count a fifth in the order (pages audit 35 #3)", () => {
    expect(everydayInitials("Chicago Public School District 299")).toEqual(["cps", "cpss"]);
    // A town's plain "School District" goes by its own initials only (review 35 #2: Nebo School District was first for "NPS").
    expect(everydayInitials("Nebo School District")).toEqual([]);
    // A city's plain School District neither (A/B sweep 35: Philadelphia City School District was first for "PSD").
    expect(everydayInitials("Atlanta City School District")).toEqual([]);
    expect(everydayInitials("Chesapeake City Public Schools")).toEqual(["ccpss", "cps", "cpss"]);
    expect(everydayInitials("Jefferson County School District")).toEqual(["jcps", "jcpss"]);
    expect(everydayInitials("San Diego City Unified School District")).toEqual(["sdusd"]);
    // An ISD, a Unified district: only its own kind ("Dallas ISD" is no "DPS"); no place, none.
    expect(everydayInitials("Dallas Independent School District")).toEqual([]);
    expect(everydayInitials("School District U-46")).toEqual([]);
    const chicago = districtSearchIndex([d("1709930", "Chicago Public School District 299", "IL", "322,809"), d("0500001", "Cabot Public Schools", "AR", "10,635"), d("1100030", "District of Columbia Public Schools", "DC", "51,294"), d("0803360", "Denver County School District 1", "CO", "88,258")], STATES);
    expect(chicago.initialed("CPS").map((x) => x.leaid)).toEqual(["1709930", "0500001"]);
    // Its name's initials count five times: DC's "DCPS" before Denver County's everyday one.
    expect(chicago.initialed("DCPS").map((x) => x.leaid)).toEqual(["1100030", "0803360"]);
    expect(chicago.initialed("D.C.P.S.").map((x) => x.leaid)).toEqual(["1100030", "0803360"]);
  });

  it("are also those its own web address says, counted as its name's (Denver's dpsk12.org: 'DPS', which listed Durham and Detroit)", () => {
    expect(webInitials("Denver County School District 1", "http://www.dpsk12.org", "CO")).toEqual(["dps"]);
    expect(webInitials("Prince William County Public Schools", "https://www.pwcs.edu/", "VA")).toEqual(["pwcs"]);
    expect(webInitials("Mesa Unified District", "http://www.mpsaz.org", "AZ")).toEqual(["mps"]);
    expect(webInitials("Cincinnati City School District", "http://www.cps-k12.org", "OH")).toEqual(["cps"]);
    // An address that is no initials of its place and kind, its own initials, or none: nothing.
    expect(webInitials("San Diego City Unified School District", "http://www.sandi.net", "CA")).toEqual([]);
    expect(webInitials("Broward County School District", "http://www.browardschools.com", "FL")).toEqual([]);
    expect(webInitials("Durham Public Schools", "http://www.dpsnc.net", "NC")).toEqual([]);
    expect(webInitials("Dierks School District", "http://outlaw.dmsc.k12.ar.us", "AR")).toEqual([]);
    expect(webInitials("Denver County School District 1", "", "CO")).toEqual([]);
    expect(webInitials("School District 27J", "http://www.sd27j.org", "CO")).toEqual([]);
    // Its place's words and "Public Schools" spelt out (pages audit 41 #4: "BPS" listed no Boston in its first 25).
    expect(webInitials("Boston School District", "http://www.bostonpublicschools.org", "MA")).toEqual(["bps"]);
    expect(webInitials("Henderson County Schools", "http://www.hendersoncountypublicschools.org", "NC")).toEqual(["hcps"]);
    expect(webInitials("Kalamazoo Public School District", "http://www.kalamazoopublicschools.com", "MI")).toEqual(["kps"]);
    // Its own initials spelt out, or another word than its place's: nothing.
    expect(webInitials("Quincy Public Schools", "http://www.quincypublicschools.com", "IL")).toEqual([]);
    expect(webInitials("Boston School District", "http://www.bostonschools.org", "MA")).toEqual([]);
    const dps = districtSearchIndex(
      [
        { ...d("3701260", "Durham Public Schools", "NC", "31,339"), website: "http://www.dpsnc.net" },
        { ...d("2601103", "Detroit Public Schools Community District", "MI", "49,254"), website: "" },
        { ...d("0803360", "Denver County School District 1", "CO", "88,258"), website: "http://www.dpsk12.org" },
      ],
      new Set([...STATES, "CO", "NC", "MI"]),
    );
    expect(dps.initialed("DPS").map((x) => x.leaid)).toEqual(["0803360", "3701260", "2601103"]);
    expect(dps.initialed("DPS, CO").map((x) => x.leaid)).toEqual(["0803360"]);
  });

  it("reads initials in any case, as a phone writes them ('Cms': review 34c #2)", () => {
    const cms = districtSearchIndex([d("3702970", "Charlotte-Mecklenburg Schools", "NC", "144,116")], STATES);
    for (const typed of ["CMS", "Cms", "cms"]) expect(cms.initialed(typed).map((x) => x.leaid), typed).toEqual(["3702970"]);
    expect(cms.initialed("cm")).toEqual([]);
  });

  it("keeps the very name above districts that only look like it (review 34c #1)", () => {
    const fort = [m("2802160", "Jackson Public School District", "MS", "19,000", "words"), m("4500001", "Fort Jackson Schools", "SC", "700", "name")];
    expect(listOrder("Fort Jackson Schools", fort).map((x) => x.leaid)).toEqual(["4500001", "2802160"]);
    const florence = [m("4502010", "Florence School District 1", "SC", "16,000", "words"), m("4502040", "Florence School District 4", "SC", "600", "name")];
    expect(listOrder("Florence School District 4", florence).map((x) => x.leaid)).toEqual(["4502040", "4502010"]);
    // Several much larger: none owns the name more than the one typed (review 34c #1: Franklin Public Schools).
    const franklins = [m("1", "Franklin Township Community School Corporation", "IN", "11,240", "words"), m("2", "Franklin County Schools", "NC", "7,994", "words"), m("3", "Franklin Public Schools", "NE", "300", "name")];
    expect(listOrder("Franklin Public Schools", franklins).map((x) => x.leaid)).toEqual(["3", "1", "2"]);
    // A very name of no reported size is not ranked below any.
    const unknown = [m("1", "Madison County School District", "MS", "12,000", "words"), m("2", "Madison County Schools", "NC", "", "name")];
    expect(listOrder("Madison County Schools", unknown).map((x) => x.leaid)).toEqual(["2", "1"]);
  });
});

describe("a district's everyday name and number (pages audit 39 #1, #5)", () => {
  const everyday = districtSearchIndex(
    [
      ...DISTRICTS,
      d("4816110", "Cypress-Fairbanks Independent School District", "TX", "117,000"),
      d("0804800", "Jefferson County School District R-1", "CO", "76,000"),
      d("1741690", "Indian Prairie Community Unit School District 204", "IL", "26,000"),
      d("1727710", "Naperville Community Unit School District 203", "IL", "16,000"),
      d("1704680", "Aurora East Unit School District 131", "IL", "14,000"),
      d("0800600", "Aurora Public Schools", "CO", "39,000"),
      d("1709931", "Chicago Heights School District 170", "IL", "3,000"),
      d("2922110", "New York R-IV School District", "MO", "500"),
      d("3100204", "Hitchcock School District 204", "NE", "300"),
    ],
    STATES,
  );
  const first = (typed: string) => everyday.find(typed)[0]?.leaid;
  const clearly = (typed: string) => clearDistrict(typed, everyday.find(typed))?.leaid;

  it("reads the numbers of a name, a letter joined by a hyphen with its number", () => {
    expect(districtNumbers("School District U-46")).toEqual(new Set(["u46"]));
    expect(districtNumbers("Indian Prairie Community Unit School District 204")).toEqual(new Set(["204"]));
    expect(districtNumbers("Klein")).toEqual(new Set());
  });

  it("a number typed finds the districts of that number and the words typed, the most students first", () => {
    expect(clearly("Chicago 299")).toBe("1709930");
    expect(clearly("Naperville 203")).toBe("1727710");
    // Not Aurora, CO, the largest Aurora: the number says which.
    expect(clearly("Aurora 131")).toBe("1704680");
    expect(clearly("U-46")).toBe("1700105");
    expect(everyday.find("District 204").map((m) => m.leaid)).toEqual(["1741690", "3100204"]);
    expect(first("District 46")).toBe("1700105");
    // A very name keeps its own search ("City of Chicago School District 299": its name first).
    expect(everyday.find("City of Chicago School District 299")[0]).toMatchObject({ leaid: "1709930", match: "name" });
  });

  it("spells out everyday names ('Cy-Fair', 'Jeffco') and reads 'DOE' as a Department of Education", () => {
    expect(clearly("Cy-Fair")).toBe("4816110");
    expect(clearly("CyFair ISD")).toBe("4816110");
    expect(everyday.find("Jeffco").map((m) => m.leaid)).toContain("0804800");
    expect(clearly("NYC DOE")).toBe("3620580");
  });
});

import { describe, expect, it } from "vitest";
import { cityKey, citySearchIndex, editDistanceAtMost, endsAStreet, isAddressShape, isCanadianPostcode, MAX_CITY_MATCHES, nameWords, placeWordsSpelledOut, townWordKeys } from "./city-search.ts";
import { cityMatchesHtml, townPage } from "./town-page.ts";
import { testApp } from "../test/helpers.ts";

const entries = [
  { zip: "02108", city: "Boston", state: "MA", district: "Boston School District" },
  { zip: "02109", city: "Boston", state: "MA", district: "Boston School District" },
  { zip: "30623", city: "Boston", state: "GA", district: "Thomas County School District" },
  { zip: "63101", city: "Saint Louis", state: "MO", district: "St. Louis City School District" },
  { zip: "63105", city: "Saint Louis", state: "MO", district: "Clayton School District" },
];
const search = citySearchIndex(entries, new Set(["MA", "GA", "MO"]));

describe("citySearchIndex (a town typed into the ZIP box)", () => {
  it("finds every city of the name, most ZIP codes first, each with its ZIP codes and their districts", () => {
    expect(search("boston").map((m) => [m.city, m.state, m.zips.map((z) => z.zip)])).toEqual([
      ["Boston", "MA", ["02108", "02109"]],
      ["Boston", "GA", ["30623"]],
    ]);
    expect(search("Boston, MA").map((m) => m.state)).toEqual(["MA"]);
    expect(search("boston ma").map((m) => m.state)).toEqual(["MA"]);
    // A code that is no state of the dataset is part of the name.
    expect(search("Boston, ZZ")).toEqual([]);
  });

  it("a letter off in a town's first word, with its state: the town meant, not the town its last words name (pages audit 35 #1)", () => {
    const towns = citySearchIndex(
      [
        ...["10001", "10002", "10003"].map((zip) => ({ zip, city: "New York", state: "NY", district: "New York City Department of Education" })),
        { zip: "14592", city: "York", state: "NY", district: "York Central School District" },
        { zip: "60601", city: "Chicago", state: "IL", district: "Chicago Public School District 299" },
        { zip: "60415", city: "Chicago Ridge", state: "IL", district: "Chicago Ridge School District 127-5" },
        { zip: "05043", city: "East Thetford", state: "VT", district: "Thetford School District" },
        { zip: "05074", city: "Thetford", state: "VT", district: "Thetford School District" },
        { zip: "05075", city: "Thetford Center", state: "VT", district: "Thetford School District" },
        { zip: "05058", city: "North Thetford", state: "VT", district: "Thetford School District" },
        { zip: "05070", city: "South Strafford", state: "VT", district: "Strafford School District" },
      ],
      new Set(["NY", "IL", "VT"]),
    );
    const found = (typed: string) => towns(typed).map((m) => `${m.city}, ${m.state}${m.close ? " (close)" : ""}`);
    expect(found("Nw York, NY")).toEqual(["New York, NY (close)"]);
    expect(found("Nw York NY")).toEqual(["New York, NY (close)"]);
    expect(found("123 Main St, Nw York, NY")).toEqual(["New York, NY (close)"]);
    // The town's very name, and an address or a neighbourhood before a town, as before.
    expect(found("York, NY")).toEqual(["York, NY"]);
    expect(found("12 Main St York NY")).toEqual(["York, NY"]);
    expect(found("Hyde Park Chicago IL")).toEqual(["Chicago, IL"]);
    // Words that are all words of towns' names: a place before a town, not a misspelt town (review 35 #1: North Thetford).
    expect(found("South Thetford VT")).toEqual(["Thetford, VT"]);
    // Not words that end many towns' names, without a house number: no Valley for "Spokane Valley" (stop 43).
    const valleys = citySearchIndex(
      [
        { zip: "99201", city: "Spokane", state: "WA", district: "Spokane School District" },
        { zip: "99181", city: "Valley", state: "WA", district: "Valley School District" },
        ...["Apple", "Moses", "Pleasant", "Mill", "Sun"].map((w, i) => ({ zip: `9810${i}`, city: `${w} Valley`, state: "WA", district: "Other School District" })),
      ],
      new Set(["WA"]),
    );
    expect(valleys("Spokane Valley, WA")).toEqual([]);
    expect(valleys("Spokane Valley WA")).toEqual([]);
    expect(valleys("123 Main St, Spokane Valley, WA")).toEqual([]);
    expect(valleys("123 Main St Valley WA").map((m) => m.city)).toEqual(["Valley"]);
    // The page says the name is close, not that the text is a town.
    expect(cityMatchesHtml("Nw York, NY", towns("Nw York, NY"))).toContain("no town is written that way");
  });

  it("reads an address typed without commas from its end when it ends with a state (pages audit 30 #2)", () => {
    expect(search("14520 Sunrise Dr Boston MA").map((m) => [m.city, m.state])).toEqual([["Boston", "MA"]]);
    expect(search("1 Market St Saint Louis MO").map((m) => [m.city, m.state])).toEqual([["Saint Louis", "MO"]]);
    expect(search("12 Main Street St. Louis, MO").map((m) => m.city)).toEqual(["Saint Louis"]);
    // The page says it is an address, not "is a town" (pages audit 34 #6).
    expect(cityMatchesHtml("14520 Sunrise Dr Boston MA", search("14520 Sunrise Dr Boston MA"))).toContain(
      "<p class=\"answer\">“14520 Sunrise Dr Boston MA” is an address without its ZIP code. The ZIP codes of Boston, MA are below: open the one of the address",
    );
    // Only the state's towns; without a state at the end, the towns of the words after the street
    // (pages audit 39 #1: they were 400s), as the town typed alone.
    expect(search("14520 Sunrise Dr Boston GA").map((m) => m.state)).toEqual(["GA"]);
    expect(search("14520 Sunrise Dr Boston MO")).toEqual([]);
    expect(search("14520 Sunrise Dr Boston").map((m) => [m.city, m.state])).toEqual(search("Boston").map((m) => [m.city, m.state]));
    // A street's "St" is not the town's Saint (review 30 #3: "100 Main St Paris OH" was Saint Paris).
    const saints = citySearchIndex(
      [
        { zip: "45371", city: "Saint Paris", state: "OH", district: "Graham Local School District" },
        { zip: "45361", city: "Paris", state: "OH", district: "Paris District" },
        { zip: "63101", city: "Saint Louis", state: "MO", district: "St. Louis City School District" },
        { zip: "10550", city: "Mount Vernon", state: "NY", district: "Mount Vernon City School District" },
        { zip: "13476", city: "Vernon", state: "NY", district: "Vernon-Verona-Sherrill Central School District" },
        { zip: "16680", city: "Petersburg", state: "PA", district: "Juniata Valley School District" },
        { zip: "15701", city: "Saint Petersburg", state: "PA", district: "Allegheny-Clarion Valley School District" },
      ],
      new Set(["OH", "MO", "NY", "PA"]),
    );
    // Mt is always the town's; an St after a street word too (review 30b #1: Vernon, Petersburg, Paris were taken).
    expect(saints("10 Main Ave Mt Vernon NY").map((m) => m.city)).toEqual(["Mount Vernon"]);
    expect(saints("12 Oak Ave St Petersburg PA").map((m) => m.city)).toEqual(["Saint Petersburg"]);
    expect(saints("100 Main Street St Paris OH").map((m) => m.city)).toEqual(["Saint Paris"]);
    expect(saints("100 Main St Paris OH").map((m) => m.city)).toEqual(["Paris"]);
    expect(saints("100 Main St. Paris OH").map((m) => m.city)).toEqual(["Paris"]);
    expect(saints("100 Main St St Paris OH").map((m) => m.city)).toEqual(["Saint Paris"]);
    expect(saints("1 Market St St Louis MO").map((m) => m.city)).toEqual(["Saint Louis"]);
    expect(saints("1 Market Street St Louis MO").map((m) => m.city)).toEqual(["Saint Louis"]);
  });

  it("reads the town after a house number and a street typed without commas or a state (pages audit 39 #1: '3205 S Rural Rd Tempe' was a 400)", () => {
    const towns = (typed: string) => search(typed).map((m) => `${m.city}, ${m.state}`);
    expect(towns("45 Oak Ave Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    expect(towns("45 Oak Ave. Saint Louis")).toEqual(["Saint Louis, MO"]);
    expect(towns("12 Main St St Louis")).toEqual(["Saint Louis, MO"]);
    // After a direction, a road's number, a suite's letter, a PO box.
    expect(towns("220 3rd St W Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    expect(towns("1201 State Highway 99 Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    expect(towns("903 6th Avenue Ct NE Ste A Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    expect(towns("PO Box 13 Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    // A direction's letter after a street word is the street's; spelled out, it may be the town's.
    const east = citySearchIndex([...entries, { zip: "05833", city: "East Boston", state: "MA", district: "Boston School District" }], new Set(["MA", "GA", "MO"]));
    expect(east("1900 Kanawha Blvd. E. Boston").map((m) => m.city)).toEqual(["Boston", "Boston"]);
    expect(east("1900 Kanawha Blvd East Boston").map((m) => m.city)).toEqual(["East Boston"]);
    // Not without a street word before the town (a street's own name may be a town's), nor without a house number.
    expect(towns("45 Boston")).toEqual([]);
    expect(towns("45 Main Boston")).toEqual([]);
    expect(towns("Oak Ave Boston")).toEqual([]);
    // Nor after a street with no name, only a direction or numbers ("6101 W Madison", "9120 S 300 W"), nor where the
    // text ends as a street does ("420 Court Street", "306 Main St W"): a street typed without its town (review of the late commits 39 #1).
    expect(towns("6101 W Boston")).toEqual([]);
    const street = citySearchIndex([...entries, { zip: "21666", city: "Street", state: "MD", district: "Harford County Public Schools" }, { zip: "40000", city: "West", state: "MS", district: "Holmes County" }], new Set(["MA", "GA", "MO", "MD", "MS"]));
    expect(street("420 Court Street")).toEqual([]);
    expect(street("306 Main St W")).toEqual([]);
    // A grid's numbers are a street (review of the newest commits 39 #1: "2150 S 1300 E Salt Lake City" was a 400).
    expect(towns("2150 S 1300 E Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    // A PO box needs no street: "Box 250 Boston".
    expect(towns("Box 250 Boston")).toEqual(["Boston, MA", "Boston, GA"]);
    expect(endsAStreet("Rd.")).toBe(true);
    expect(endsAStreet("Rural")).toBe(false);
  });

  it("finds a county by its name where no town has it (pages audit 30 #6: 'Queens' was Queen, PA), before the towns only close to it", () => {
    const withCounties = citySearchIndex(
      [
        { zip: "11354", city: "Flushing", state: "NY", district: "New York City Department of Education", county: "Queens County" },
        { zip: "11432", city: "Jamaica", state: "NY", district: "New York City Department of Education", county: "Queens County" },
        { zip: "16670", city: "Queen", state: "PA", district: "Claysburg-Kimmel School District", county: "Bedford County" },
        { zip: "92866", city: "Orange", state: "CA", district: "Orange Unified School District", county: "Orange County" },
        { zip: "32801", city: "Orlando", state: "FL", district: "Orange County Public Schools", county: "Orange County" },
        { zip: "40001", city: "California", state: "KY", district: "Campbell County School District", county: "Campbell County" },
        { zip: "70001", city: "Metairie", state: "LA", district: "Jefferson Parish School District", county: "Jefferson Parish" },
        { zip: "40201", city: "Louisville", state: "KY", district: "Jefferson County School District", county: "Jefferson County" },
      ],
      new Set(["NY", "PA", "CA", "FL", "KY", "LA"]),
      { CA: "California", NY: "New York", KY: "Kentucky", LA: "Louisiana", FL: "Florida", PA: "Pennsylvania" },
    );
    // With the state written out, the county comes before a town named after the state (review 30b #2: California, KY).
    expect(withCounties("Orange County, California").map((m) => [m.city, m.state])).toEqual([["Orange County", "CA"]]);
    expect(withCounties("Queens, New York").map((m) => m.city)).toEqual(["Queens County"]);
    // The county word typed keeps the counties of that word: Jefferson Parish, not every Jefferson County.
    expect(withCounties("Jefferson Parish").map((m) => [m.city, m.state])).toEqual([["Jefferson Parish", "LA"]]);
    expect(withCounties("Jefferson").map((m) => m.state).sort()).toEqual(["KY", "LA"]);
    expect(withCounties("Queens").map((m) => [m.city, m.state, m.county, m.zips.map((z) => z.zip)])).toEqual([["Queens County", "NY", true, ["11354", "11432"]]]);
    expect(withCounties("queens county, ny").map((m) => m.city)).toEqual(["Queens County"]);
    // A town of the name comes first; a county of it with "County" typed, or with its state.
    expect(withCounties("Orange").map((m) => [m.city, m.county])).toEqual([["Orange", undefined]]);
    expect(withCounties("Orange County").map((m) => [m.city, m.state]).sort()).toEqual([["Orange County", "CA"], ["Orange County", "FL"]]);
    expect(withCounties("Orange County, FL").map((m) => m.zips.map((z) => z.zip))).toEqual([["32801"]]);
    // Still close to a town where no county has the name.
    expect(withCounties("Queeen, PA").map((m) => [m.city, m.close])).toEqual([["Queen", true]]);
    const html = cityMatchesHtml("Queens", withCounties("Queens"));
    expect(html).toContain("“Queens” is not a ZIP code, and no town is written that way, but Queens County, NY is a county. Its ZIP codes are below");
  });

  it("finds New York City's boroughs by the names people type: 'NYC' all five, 'Manhattan' New York, NY first (pages audit 30 #6: both were 400)", () => {
    const nyc = citySearchIndex(
      [
        { zip: "10001", city: "New York", state: "NY", district: "New York City Department of Education", county: "New York County" },
        { zip: "10002", city: "New York", state: "NY", district: "New York City Department of Education", county: "New York County" },
        { zip: "11201", city: "Brooklyn", state: "NY", district: "New York City Department of Education", county: "Kings County" },
        { zip: "11354", city: "Flushing", state: "NY", district: "New York City Department of Education", county: "Queens County" },
        { zip: "10451", city: "Bronx", state: "NY", district: "New York City Department of Education", county: "Bronx County" },
        { zip: "10301", city: "Staten Island", state: "NY", district: "New York City Department of Education", county: "Richmond County" },
        { zip: "66502", city: "Manhattan", state: "KS", district: "Manhattan-Ogden Unified School District 383", county: "Riley County" },
        { zip: "48433", city: "Flushing", state: "MI", district: "Flushing Community Schools", county: "Genesee County" },
      ],
      new Set(["NY", "KS", "MI"]),
      { NY: "New York", KS: "Kansas", MI: "Michigan" },
    );
    const all = [["Manhattan", "New York"], ["Brooklyn", "Brooklyn"], ["Queens", "Queens County"], ["The Bronx", "Bronx"], ["Staten Island", "Staten Island"]];
    for (const typed of ["NYC", "nyc", "New York City", "new york city, ny", "City of New York"]) {
      expect(nyc(typed).map((m) => [m.borough, m.city]), typed).toEqual(all);
    }
    expect(nyc("NYC")[0]!.zips.map((z) => z.zip)).toEqual(["10001", "10002"]);
    expect(nyc("Manhattan").map((m) => [m.city, m.state])).toEqual([["New York", "NY"], ["Manhattan", "KS"]]);
    expect(nyc("Manhattan, NY").map((m) => [m.borough, m.city])).toEqual([["Manhattan", "New York"]]);
    expect(nyc("Manhattan, New York").map((m) => m.city)).toEqual(["New York"]);
    // After a neighbourhood, the borough as typed alone (late review 35: "Upper West Side, Manhattan" listed Manhattan, KS only).
    expect(nyc("Upper West Side, Manhattan").map((m) => [m.city, m.state])).toEqual([["New York", "NY"], ["Manhattan", "KS"]]);
    expect(nyc("Park Slope, Brooklyn").map((m) => [m.city, m.state])).toEqual([["Brooklyn", "NY"]]);
    // A county no town is named after a neighbourhood: the county's ZIP codes ("Astoria, Queens" was a 400).
    expect(nyc("Astoria, Queens").map((m) => m.city)).toEqual(["Queens County"]);
    // A town of the borough or county before it is that town, with a comma or without (Flushing, NY, not Flushing, MI or Queens).
    for (const typed of ["Flushing, Queens", "Flushing Queens", "Flushing, Queens County", "Flushing Queens NY", "158 Main St, Flushing, Queens"]) {
      expect(nyc(typed).map((m) => [m.city, m.state]), typed).toEqual([["Flushing", "NY"]]);
    }
    expect(nyc("Flushing, Genesee County").map((m) => [m.city, m.state])).toEqual([["Flushing", "MI"]]);
    // Not a town of it: the borough's or county's ZIP codes, or nothing without a comma.
    expect(nyc("Flushing, Bronx").map((m) => [m.city, m.state])).toEqual([["Bronx", "NY"]]);
    expect(nyc("Astoria Queens")).toEqual([]);
    expect(cityMatchesHtml("Upper West Side, Manhattan", nyc("Upper West Side, Manhattan"))).toContain("“Upper West Side, Manhattan” is not a ZIP code: the town in it reads as Manhattan.");
    expect(nyc("Manhattan, KS").map((m) => [m.borough, m.city, m.state])).toEqual([[undefined, "Manhattan", "KS"]]);
    expect(nyc("the Bronx").map((m) => [m.borough, m.city])).toEqual([["The Bronx", "Bronx"]]);
    // The index's own matches are not changed by a borough found.
    expect(nyc("New York").map((m) => [m.borough, m.city])).toEqual([[undefined, "New York"]]);
    const html = cityMatchesHtml("NYC", nyc("NYC"));
    expect(html).toContain("<p class=\"answer\">“NYC” is not a ZIP code: New York City's 5 boroughs are below, each with its ZIP codes.");
    expect(html).toContain("<h2>Manhattan (New York, NY)</h2>");
    expect(html).toContain("<h2>Brooklyn, NY</h2>");
    expect(html).toContain("<h2>Queens (Queens County, NY)</h2>");
    expect(cityMatchesHtml("Manhattan, NY", nyc("Manhattan, NY"))).toContain("“Manhattan, NY” is not a ZIP code: Manhattan is a borough of New York City. Its ZIP codes are below.");
    expect(cityMatchesHtml("Manhattan", nyc("Manhattan"))).toContain("“Manhattan” is a place, not a ZIP code. 2 places have that name");
    expect(townPage("Manhattan", nyc("Manhattan"), { updated: "2026-11-22", records: 7, baseUrl: "http://localhost" })).toContain("<h1>ZIP codes of the places named “Manhattan”</h1>");
    expect(townPage("NYC", nyc("NYC"), { updated: "2026-11-22", records: 7, baseUrl: "http://localhost" })).toContain("<h1>ZIP codes of New York City</h1>");
  });

  it("reads a state's newspaper abbreviation after the town ('Boston, Mass.', 'Saint Louis, Mo.': pages audit 34 #4)", () => {
    const named = citySearchIndex(entries, new Set(["MA", "GA", "MO"]), { MA: "Massachusetts", GA: "Georgia", MO: "Missouri" });
    for (const typed of ["Boston, Mass.", "Boston Mass", "boston, MASS."]) expect(named(typed).map((m) => [m.city, m.state]), typed).toEqual([["Boston", "MA"]]);
    expect(named("Boston, Ga.").map((m) => [m.city, m.state])).toEqual([["Boston", "GA"]]);
    expect(named("Saint Louis, Mo.").map((m) => m.zips.length)).toEqual([2]);
    // Only the dataset's states: "Tex." names no town here.
    expect(named("Boston, Tex.")).toEqual([]);
  });

  it("finds a big city by its everyday short name where no town has it ('Philly', 'LA'; 'Vegas' was Vergas, MN)", () => {
    const cities = citySearchIndex(
      [
        { zip: "90012", city: "Los Angeles", state: "CA", district: "Los Angeles Unified School District" },
        { zip: "19103", city: "Philadelphia", state: "PA", district: "Philadelphia City School District" },
        { zip: "89101", city: "Las Vegas", state: "NV", district: "Clark County School District" },
        { zip: "56572", city: "Vergas", state: "MN", district: "Perham-Dent Public School District" },
        { zip: "70112", city: "New Orleans", state: "LA", district: "Orleans Parish School District" },
        { zip: "46204", city: "Indy", state: "KY", district: "A town of that very name" },
      ],
      new Set(["CA", "PA", "NV", "MN", "LA", "KY"]),
      { CA: "California", PA: "Pennsylvania", NV: "Nevada", MN: "Minnesota", LA: "Louisiana", KY: "Kentucky" },
    );
    const found = (typed: string) => cities(typed).map((m) => [m.city, m.state, m.nickname]);
    expect(found("Philly")).toEqual([["Philadelphia", "PA", true]]);
    expect(found("Vegas")).toEqual([["Las Vegas", "NV", true]]);
    for (const typed of ["LA", "L.A.", "la", "LA, CA", "LA California"]) expect(found(typed), typed).toEqual([["Los Angeles", "CA", true]]);
    expect(found("NOLA")).toEqual([["New Orleans", "LA", true]]);
    // Only with its own city's state; a town of that very name comes first and alone.
    expect(found("LA, NV")).toEqual([]);
    expect(found("Indy")).toEqual([["Indy", "KY", undefined]]);
    expect(cityMatchesHtml("Philly", cities("Philly"))).toContain("<p class=\"answer\">“Philly” is not a ZIP code: it reads as Philadelphia, PA, whose ZIP codes are below.");
    const page = townPage("LA", cities("LA"), { updated: "2026-11-22", records: 6, baseUrl: "http://localhost" }, { state: { code: "LA", name: "Louisiana" } });
    expect(page).toContain("<h1>ZIP codes of Los Angeles, CA</h1>");
    expect(page).toContain('<p>Looking for the state? <a href="/state/LA">Louisiana\'s school districts</a>; Los Angeles, CA is below.</p>');
  });

  it("finds the territories' islands and main places by the names people type ('St Croix' was Saint Croix, IN; 'Charlotte Amalie' a dead end: pages audit 34 #4)", () => {
    const places = citySearchIndex(
      [
        { zip: "00820", city: "Christiansted", state: "VI", district: "Virgin Islands Department of Education" },
        { zip: "00840", city: "Frederiksted", state: "VI", district: "Virgin Islands Department of Education" },
        { zip: "00850", city: "Kingshill", state: "VI", district: "Virgin Islands Department of Education" },
        { zip: "00802", city: "St Thomas", state: "VI", district: "Virgin Islands Department of Education" },
        { zip: "47371", city: "Saint Croix", state: "IN", district: "Perry Central Community School Corporation" },
      ],
      new Set(["VI", "IN"]),
      { VI: "U.S. Virgin Islands", IN: "Indiana" },
    );
    const found = (typed: string) => places(typed).map((m) => [m.city, m.state, m.nickname]);
    // The island first, then the town of that very name.
    for (const typed of ["St Croix", "St. Croix", "Saint Croix"]) {
      expect(found(typed), typed).toEqual([["Christiansted", "VI", true], ["Frederiksted", "VI", true], ["Kingshill", "VI", true], ["Saint Croix", "IN", undefined]]);
    }
    expect(found("Saint Croix, IN")).toEqual([["Saint Croix", "IN", undefined]]);
    expect(found("Charlotte Amalie")).toEqual([["St Thomas", "VI", true]]);
    expect(cityMatchesHtml("St Croix", places("St Croix"))).toContain(
      "<p class=\"answer\">“St Croix” is not a ZIP code: it reads as Christiansted, VI, Frederiksted, VI and Kingshill, VI, first below; then the town of that very name.",
    );
    expect(cityMatchesHtml("Charlotte Amalie", places("Charlotte Amalie"))).toContain("it reads as St Thomas, VI, whose ZIP codes are below.");
    expect(townPage("St Croix", places("St Croix"), { updated: "2026-11-27", records: 5, baseUrl: "http://localhost" })).toContain("<h1>ZIP codes of the places of “St Croix”</h1>");
  });

  it("spells out the USPS's short forms of place words people type (review-late-43 M2: 'Highland Prk IL' was no Highland Park)", () => {
    expect(cityKey("Highland Prk")).toBe(cityKey("Highland Park"));
    expect(cityKey("Overland Pk")).toBe(cityKey("Overland Park"));
    expect(cityKey("Rochester Hls")).toBe(cityKey("Rochester Hills"));
    expect(nameWords("Shaker Hts")).toBe("shaker heights");
    expect(nameWords("St Louis Prk")).toBe("st louis park");
  });

  it("reads 'PK' as pre-kindergarten's grade, not Park, before a number or with only school words (review-towns-44 L1: 'PK-12' was Park 12)", () => {
    expect(nameWords("PK-12 schools")).toBe("pk 12 schools");
    expect(nameWords("Pk-8")).toBe("pk 8");
    expect(nameWords("PK schools")).toBe("pk schools");
    expect(nameWords("Highland Park PK")).toBe("highland park pk");
    expect(cityKey("Pk")).toBe("pk");
    expect(cityKey("Prk")).toBe("prk");
    // (Beside a name's word it is still Park.)
    expect(cityKey("Pk City")).toBe(cityKey("Park City"));
    expect(nameWords("Highland Pk ISD")).toBe("highland park isd");
    expect(placeWordsSpelledOut(["kings", "canyon", "national", "pk"])).toEqual(["kings", "canyon", "national", "park"]);
  });

  it("compares without case, dots or apostrophes, and spells out St., Ft., Mt.", () => {
    expect(cityKey("St. Mary's-of the Woods")).toBe("saintmarysofthewoods");
    // The records' USPS forms: "O Fallon", "Mc Allen"; accents as typed or not.
    expect(cityKey("O'Fallon")).toBe(cityKey("O Fallon"));
    expect(cityKey("McAllen")).toBe(cityKey("Mc Allen"));
    expect(cityKey("Cañon City")).toBe(cityKey("Canon City"));
    expect(search("st. louis")[0]?.zips.map((z) => z.district)).toEqual(["St. Louis City School District", "Clayton School District"]);
    expect(search("ST LOUIS, mo")).toHaveLength(1);
    expect(search("xyzzy")).toEqual([]);
  });

  it("offers the towns whose name is one letter off (two for long names) where none has the name typed, marked close", () => {
    expect(search("Bostn").map((m) => [m.city, m.state, m.close])).toEqual([
      ["Boston", "MA", true],
      ["Boston", "GA", true],
    ]);
    expect(search("Bostn, MA").map((m) => m.state)).toEqual(["MA"]);
    expect(search("Saint Lewis").map((m) => m.city)).toEqual(["Saint Louis"]);
    // Too short to guess, or too far off.
    expect(search("Bstn")).toEqual([]);
    expect(search("Denver")).toEqual([]);
    expect(editDistanceAtMost("cincinatti", "cincinnati", 2)).toBe(2);
    expect(editDistanceAtMost("albequerque", "albuquerque", 2)).toBe(1);
    expect(editDistanceAtMost("bsoton", "boston", 1)).toBe(1);
    expect(editDistanceAtMost("boston", "denver", 1)).toBe(2);
    const html = cityMatchesHtml("Bostn", search("Bostn"));
    expect(html).toContain("“Bostn” is not a ZIP code, and no town is written that way. Towns with a close name are below");
  });

  it("does not search text longer than any town name (a long run of separators once took 130 ms)", () => {
    expect(search(`a${", ".repeat(5000)}!`)).toEqual([]);
    expect(search(`${"Boston ".repeat(10)}MA`)).toEqual([]);
  });

  it("finds every city of one name; the page lists MAX_CITY_MATCHES and says how many there are, and how to find another", () => {
    const many = citySearchIndex(
      Array.from({ length: 20 }, (_, i) => ({ zip: String(10000 + i), city: "Springfield", state: `S${String.fromCharCode(65 + i)}`, district: "D" })),
      new Set(),
    );
    expect(many("Springfield")).toHaveLength(20);
    const html = cityMatchesHtml("Springfield", many("Springfield"));
    expect(html).toContain(`20 towns have that name; the ${MAX_CITY_MATCHES} with the most ZIP codes are below, after links to the others`);
    expect(html.match(/<h2>/g)).toHaveLength(MAX_CITY_MATCHES);
    // Every other one is one tap away, on its own page (pages audit 33 #4: Jackson, NJ was out of reach).
    const others = html.match(/<p>The other 12 towns named so: (.*)\.<\/p>/)?.[1] ?? "";
    expect(others.match(/<a href="\/zip\?zip=Springfield%2C%20S[A-T]">Springfield, S[A-T]<\/a>/g)).toHaveLength(12);
    // One left over is "the other town", not "the other 1 towns" (pages audit 34 #6: Russell).
    const nine = citySearchIndex(
      Array.from({ length: MAX_CITY_MATCHES + 1 }, (_, i) => ({ zip: String(10000 + i), city: "Russell", state: `S${String.fromCharCode(65 + i)}`, district: "D" })),
      new Set(),
    );
    expect(cityMatchesHtml("Russell", nine("Russell"))).toMatch(/<p>The other town named so: <a [^>]+>Russell, S[A-I]<\/a>\.<\/p>/);
  });

  it("takes a state's name after the town as its code (“Fort Wayne, Indiana”), the longest name first", () => {
    const byName = citySearchIndex(
      [
        { zip: "46802", city: "Fort Wayne", state: "IN", district: "Fort Wayne Community Schools" },
        { zip: "25301", city: "Charleston", state: "WV", district: "Kanawha County Schools" },
        { zip: "29401", city: "Charleston", state: "SC", district: "Charleston 01" },
      ],
      new Set(["IN", "WV", "VA", "SC"]),
      { IN: "Indiana", WV: "West Virginia", VA: "Virginia", SC: "South Carolina" },
    );
    expect(byName("Fort Wayne, Indiana").map((m) => m.state)).toEqual(["IN"]);
    expect(byName("ft wayne indiana").map((m) => m.state)).toEqual(["IN"]);
    expect(byName("Charleston West Virginia").map((m) => m.state)).toEqual(["WV"]);
    expect(byName("Charleston").map((m) => m.state).sort()).toEqual(["SC", "WV"]);
  });

  it("reads a state's name after a comma as the state, not a town or county of its name, with punctuation after it or not (review 36 #1, pages audit 36 #1)", () => {
    const towns = citySearchIndex(
      [
        { zip: "77002", city: "Houston", state: "TX", district: "Houston ISD", county: "Harris County" },
        { zip: "65483", city: "Houston", state: "MO", district: "Houston R-I School District", county: "Texas County" },
        { zip: "48201", city: "Detroit", state: "MI", district: "Detroit Public Schools Community District", county: "Wayne County" },
        { zip: "58346", city: "Michigan", state: "ND", district: "Dakota Prairie", county: "Nelson County" },
        { zip: "60601", city: "Chicago", state: "IL", district: "Chicago Public School District 299", county: "Cook County" },
        { zip: "75201", city: "Dallas", state: "TX", district: "Dallas ISD", county: "Dallas County" },
      ],
      new Set(["TX", "MO", "MI", "ND", "IL"]),
      { TX: "Texas", MO: "Missouri", MI: "Michigan", ND: "North Dakota", IL: "Illinois" },
    );
    const read = (typed: string) => towns(typed).map((m) => `${m.city}, ${m.state}`);
    for (const typed of ["1 Main St Detroit, Michigan", "Detroit, Michigan.", "Detroit, MI, Michigan", "Detroit, Michigan, USA."]) expect(read(typed), typed).toEqual(["Detroit, MI"]);
    for (const typed of ["1 Main St Houston, Texas", "Houston, Texas.", "Houston, Texas!", "Houston, TX.", "Houston, TX,"]) expect(read(typed), typed).toEqual(["Houston, TX"]);
    // A state's abbreviation keeps its dot ("Ill" is no abbreviation without it).
    expect(read("Chicago, Ill.")).toEqual(["Chicago, IL"]);
    expect(read("Dallas, TX. ")).toEqual(["Dallas, TX"]);
    // The name alone is still the town of that name (the search box puts the state's page first).
    expect(read("Michigan")).toEqual(["Michigan, ND"]);
  });

  it("spells out the directions and the USPS's short forms of place words (pages audit 36 #2: 'W. Chester, PA' opened Chester)", () => {
    const towns = citySearchIndex(
      [
        { zip: "19380", city: "West Chester", state: "PA", district: "West Chester Area School District" },
        { zip: "19013", city: "Chester", state: "PA", district: "Chester-Upland School District" },
        { zip: "80903", city: "Colorado Springs", state: "CO", district: "Colorado Springs School District 11" },
        { zip: "81501", city: "Grand Junction", state: "CO", district: "Mesa County Valley School District 51" },
        { zip: "72114", city: "North Little Rock", state: "AR", district: "North Little Rock School District" },
      ],
      new Set(["PA", "CO", "AR"]),
    );
    const read = (typed: string) => towns(typed).map((m) => `${m.city}, ${m.state}${m.close ? " (close)" : ""}`);
    for (const typed of ["W. Chester, PA", "W Chester PA", "w. chester"]) expect(read(typed), typed).toEqual(["West Chester, PA"]);
    expect(read("Colorado Spgs, CO")).toEqual(["Colorado Springs, CO"]);
    expect(read("Grand Jct")).toEqual(["Grand Junction, CO"]);
    expect(read("N. Little Rock, AR")).toEqual(["North Little Rock, AR"]);
    expect(read("Chester, PA")).toEqual(["Chester, PA"]);
    expect(cityKey("S. San Francisco")).toBe(cityKey("South San Francisco"));
  });

  it("knows a Canadian postal code, with or without its space", () => {
    expect(["K1A 0B1", "k1a0b1", "M5V 3L9"].map(isCanadianPostcode)).toEqual([true, true, true]);
    expect(["90210", "SW1A 1AA", "Boston", "D1A 0B1"].map(isCanadianPostcode)).toEqual([false, false, false, false]);
  });
});

describe("the search box's page for a town", () => {
  it("says it is a town, then per district the ZIP codes where people live: the district linked and its ZIP codes, the most first", () => {
    const withLeaids = (list: ReturnType<typeof search>) => list.map((m) => ({ ...m, zips: m.zips.map((z) => ({ ...z, leaid: z.district.startsWith("Clayton") ? "2908850" : "2929280", share: 1, poBox: false })) }));
    const html = cityMatchesHtml("Boston", withLeaids(search("Boston")));
    expect(html).toContain("“Boston” is a town, not a ZIP code. 2 towns have that name");
    expect(html).toContain('<h2>Boston, MA</h2>\n<p>Its 2 ZIP codes where people live are in <a href="/district/2929280">Boston School District</a>.</p>');
    expect(html).toContain('<ul class="zips"><li><a href="/zip/02108">02108</a></li><li><a href="/zip/02109">02109</a></li></ul>');
    expect(html).not.toContain("records name");
    const stl = cityMatchesHtml("St Louis", withLeaids(search("St Louis")));
    // Each district of the sentence linked, so the first link is the town's main district (pages audit 41 #5).
    expect(stl).toContain('<p>Its 2 ZIP codes where people live are in 2 districts: <a href="/district/2929280">St. Louis City School District</a> (1 ZIP code), <a href="/district/2908850">Clayton School District</a> (1 ZIP code).</p>');
    expect(stl).toContain('<h3><a href="/district/2908850">Clayton School District</a></h3>\n<ul class="zips"><li><a href="/zip/63105">63105</a></li></ul>');
  });

  it("sets PO-box ZIP codes apart and gives a split ZIP code's part (pages audit 30 #3: Springfield, IL, 27 of 35 are PO boxes)", () => {
    const boston = search("Boston, MA").map((m) => ({
      ...m,
      zips: [
        { zip: "02108", district: "Boston School District", leaid: "2502790", share: 0.71, poBox: false },
        { zip: "02109", district: "Boston School District", leaid: "2502790", share: 0.95, poBox: false },
        { zip: "02112", district: "Boston School District", leaid: "2502790", share: 1, poBox: true },
      ],
    }));
    const html = cityMatchesHtml("Boston, MA", boston);
    expect(html).toContain(
      '<p>Its 2 ZIP codes where people live are in <a href="/district/2502790">Boston School District</a>. A percentage after a ZIP code is the part of its residents in that district (none is shown from 90 % up); the rest live in other districts, or in none (open the ZIP code to see which). One more is a PO-box ZIP code, with no homes (below).</p>',
    );
    expect(html).toContain('<ul class="zips"><li><a href="/zip/02108">02108</a><span class="part"> 71 %</span></li><li><a href="/zip/02109">02109</a></li></ul>');
    expect(html).toContain('<h3>PO-box ZIP codes of Boston, MA (no homes)</h3>\n<ul class="zips"><li><a href="/zip/02112">02112</a></li></ul>');
    // 90 % or more shows none, and the page says what that means (pages audit 35 #5).
    const mostly = cityMatchesHtml("Boston, MA", [{ ...boston[0]!, zips: [boston[0]!.zips[1]!, { ...boston[0]!.zips[1]!, zip: "02110", share: 1 }] }]);
    expect(mostly).toContain('are in <a href="/district/2502790">Boston School District</a>. In some of them a tenth or less is in another district, or in none (open the ZIP code to see which).');
    expect(mostly).toContain('<li><a href="/zip/02109">02109</a></li>');
    const one = cityMatchesHtml("Boston, MA", [{ ...boston[0]!, zips: [boston[0]!.zips[1]!] }]);
    expect(one).toContain("Its ZIP code where people live is in <a href=\"/district/2502790\">Boston School District</a>. A tenth of it or less is in another district");
    // The other districts of a tenth or more of a ZIP code's residents are named, with their parts (pages audit 38 #2).
    expect(html).not.toContain("Other districts with");
    const also = cityMatchesHtml("Boston, MA", [
      { ...boston[0]!, zips: boston[0]!.zips.map((z) => (z.zip === "02108" ? { ...z, also: [{ district: "Brookline School District", leaid: "2502820", share: 0.29 }] } : z)) },
    ]);
    expect(also).toContain('<p>Other districts with a tenth or more of a ZIP code\'s residents: <a href="/district/2502820">Brookline School District</a> (29 % of <a href="/zip/02108">02108</a>).</p>');
    const whole = cityMatchesHtml("Boston, MA", [{ ...boston[0]!, zips: [{ ...boston[0]!.zips[1]!, share: 0.996 }] }]);
    expect(whole).not.toContain("tenth");
    expect(whole).not.toContain("percentage");
    // A part under 1 % is escaped ("&lt; 1 %"), as every text of a page is.
    const sliver = cityMatchesHtml("Boston, MA", [{ ...boston[0]!, zips: [{ ...boston[0]!.zips[0]!, share: 0.004 }] }]);
    expect(sliver).toContain('<span class="part"> &lt; 1 %</span>');
    // A town with PO-box ZIP codes only.
    const only = cityMatchesHtml("Boston, MA", [{ ...boston[0]!, zips: [boston[0]!.zips[2]!] }]);
    expect(only).toContain("<p>Its ZIP code is a PO-box ZIP code, with no homes: look up the ZIP code of the home's street address.</p>");
  });

  it("a neighbourhood before its town: the page names the town read, not the whole text as a town (review 35: 'Williamsburg, Brooklyn')", () => {
    expect(search("Back Bay, Boston").map((m) => m.state)).toEqual(["MA", "GA"]);
    const html = cityMatchesHtml("Back Bay, Boston", search("Back Bay, Boston"));
    expect(html).toContain("<p class=\"answer\">“Back Bay, Boston” is not a ZIP code: the town in it reads as Boston. 2 towns have that name");
    expect(html).not.toContain("is a town");
    expect(cityMatchesHtml("Boston", search("Boston"))).toContain("“Boston” is a town, not a ZIP code.");
  });

  it("finds the town of a pasted address without its ZIP code, after a comma", () => {
    expect(search("123 Main St, Boston, MA").map((m) => [m.city, m.state])).toEqual([["Boston", "MA"]]);
    expect(search("1 Elm St, Apt 2, Saint Louis MO").map((m) => m.city)).toEqual(["Saint Louis"]);
    expect(search("123 Main St, Nowhere, ZZ")).toEqual([]);
    // With the country after the state.
    expect(search("Boston, MA, USA").map((m) => m.state)).toEqual(["MA"]);
    expect(search("Boston MA United States").map((m) => m.state)).toEqual(["MA"]);
    // In another language, as a phone set to it writes it (links-43).
    for (const country of ["EE. UU.", "EE.UU.", "Estados Unidos", "États-Unis", "Vereinigte Staaten"]) expect(search(`Boston, MA, ${country}`).map((m) => m.state), country).toEqual(["MA"]);
  });

  it("GET /zip?zip=Beverly Hills answers 200 with the town's ZIP codes, its districts linked; a Canadian code gets the 400 page saying so", async () => {
    const { app } = await testApp();
    const res = await app.request("/zip?zip=Beverly+Hills", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("etag")).toMatch(/^"/);
    const html = await res.text();
    expect(html).toContain("<h1>ZIP codes of Beverly Hills, CA</h1>");
    expect(html).toContain("<title>ZIP codes of Beverly Hills, CA</title>");
    expect(html).toContain('<a href="/zip/90210">90210</a>');
    expect(html).toMatch(/<a href="\/district\/[0-9]{7}">Beverly Hills Unified School District<\/a>/);
    // A pasted address line: the town after the comma.
    expect((await app.request("/zip?zip=9100+Wilshire+Blvd%2C+Beverly+Hills%2C+CA")).status).toBe(200);
    const canada = await app.request("/zip?zip=K1A+0B1", { headers: { Accept: "text/html" } });
    expect(canada.status).toBe(400);
    const canadaHtml = await canada.text();
    expect(canadaHtml).toContain("looks like a Canadian postal code: this service covers the public school districts of the United States only.");
    // The box is marked invalid and described by its message (GOV.UK's error message pattern).
    expect(canadaHtml).toContain('aria-describedby="zip-main-hint zip-main-error" aria-invalid="true" value="K1A 0B1"');
    expect(canadaHtml).toContain('<p class="error" id="zip-main-error"><span class="vh">Error: </span>“K1A 0B1” is a Canadian postal code');
    // Programs get the problem for what is neither a ZIP code nor a town.
    expect((await app.request("/zip?zip=xyzzy", { headers: { Accept: "application/json" } })).headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  });

  it("GET /zip?zip= ignores emoji and symbols around what was typed (pages audit 32 #7: '🏫 90210' was a 400)", async () => {
    const { app } = await testApp();
    for (const typed of ["🏫 90210", "90210 🏫", "👨‍👩‍👧 90210", "★90210★", "1️⃣ 90210", "90210 #️⃣"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, "/zip/90210"]);
    }
    // Inside the text they stay: not a ZIP code.
    expect((await app.request(`/zip?zip=${encodeURIComponent("902🏫10")}`)).status).toBe(400);
    // Only a symbol typed: quoted back, not "No ZIP code was typed" (pages audit 33 #8).
    const only = await (await app.request(`/zip?zip=${encodeURIComponent("😀")}`, { headers: { Accept: "text/html" } })).text();
    expect(only).toContain("<p>“😀” is not a ZIP code.</p>");
    expect(only).not.toContain("No ZIP code was typed");
  });

  it("GET /zip?zip= with a ZIP code before its own town goes to it (pages audit 33 #8: '90210 Beverly Hills' asked 'Did you mean 90210?'); before another town, it does not", async () => {
    const { app } = await testApp();
    for (const typed of ["90210 Beverly Hills", "90210, Beverly Hills, CA", "90210 beverly hills ca"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, "/zip/90210"]);
    }
    for (const typed of ["90210 Beverly Hills, NY", "90210 Main St"]) expect([typed, (await app.request(`/zip?zip=${encodeURIComponent(typed)}`)).headers.get("location")]).not.toEqual([typed, "/zip/90210"]);
  });

  it("GET /zip?zip= with Palau, Micronesia or the Marshall Islands: a 400 that says they are countries outside the service, not a town of a close name (pages audit 33 #5: Palau gave Pala, CA)", async () => {
    const { app } = await testApp();
    // Also after a place of theirs (review 35 #3: "Majuro, Marshall Islands" was "no town written that way").
    for (const typed of ["Palau", "the Marshall Islands", "Federated States of Micronesia", "FSM", "Majuro, Marshall Islands", "Pohnpei, Micronesia", "Koror Republic of Palau"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
      expect([typed, res.status]).toEqual([typed, 400]);
      expect(await res.text()).toMatch(/(is|are) an independent country in free association with the United States/);
    }
    // A place the service covers before "Micronesia", the region's name too (review 35 #3): that place.
    expect((await app.request("/zip?zip=Guam%2C+Micronesia")).headers.get("location")).toBe("/state/GU");
    // A town elsewhere before it is no place of the region: abroad (A/B sweep 35: "Colonia, Micronesia", Yap's capital, opened Colonia, NJ).
    const beverly = await app.request("/zip?zip=Beverly+Hills%2C+Micronesia", { headers: { Accept: "text/html" } });
    expect(beverly.status).toBe(400);
    expect(await beverly.text()).toContain("are an independent country in free association with the United States");
  });

  it("GET /zip?zip= with a state's code or name alone, which no town has: 303 to the state's page", async () => {
    const { app } = await testApp();
    for (const typed of ["CA", " CA. ", "C.A.", "California", "california."]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, "/state/CA"]);
    }
    // A code in any case: a phone's keyboard capitalises "ca" as "Ca" (pages audit 32 #1); typed alone, "ca" means the state.
    for (const typed of ["ca", "Ca", "c.a."]) expect([typed, (await app.request(`/zip?zip=${encodeURIComponent(typed)}`)).headers.get("location")]).toEqual([typed, "/state/CA"]);
    // A state's name that a town has ("New York", NY): the town's page, with the state's page linked first.
    const newYork = await app.request("/zip?zip=New+York", { headers: { Accept: "text/html" } });
    expect(newYork.status).toBe(200);
    const html = await newYork.text();
    expect(html).toContain('<p>Looking for the state? <a href="/state/NY">New York\'s school districts</a>; the towns of that name are below.</p>');
    expect(html.indexOf("Looking for the state?")).toBeLessThan(html.indexOf("<h2>New York, NY</h2>"));
    // Not where the text is no state's name.
    const boston = await app.request("/zip?zip=Boston", { headers: { Accept: "text/html" } });
    expect(boston.status).toBe(200);
    expect(await boston.text()).not.toContain("Looking for the state?");
    // A state's name that towns have too ("California", KY): the towns, and first a link to the state's page.
    const towns = [{ city: "California", state: "KY", zips: [{ zip: "41007", district: "Campbell County School District" }] }];
    const page = townPage("California", towns, { updated: "2026-11-22", records: 1, baseUrl: "http://localhost" }, { state: { code: "CA", name: "California" } });
    const link = page.indexOf('<p>Looking for the state? <a href="/state/CA">California\'s school districts</a>; the towns of that name are below.</p>');
    expect(link).toBeGreaterThan(page.indexOf("<h1>"));
    expect(link).toBeLessThan(page.indexOf("<h2>California, KY</h2>"));
    // A code of no state served, or a state's name in a longer text, is not a state.
    for (const typed of ["ZZ", "North California", "Cal"]) expect([typed, (await app.request(`/zip?zip=${encodeURIComponent(typed)}`)).status]).toEqual([typed, 400]);
    // A state's name misspelt by a letter or two, which no town has (pages audit 33 #3: "Conneticut" got a 400): the state's page.
    for (const typed of ["Californiaa", "Califronia", "californa"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, "/state/CA"]);
    }
  });

  it("GET /zip?zip= with a pasted address line ending in a ZIP code that has a page: 303 to it", async () => {
    const { app } = await testApp();
    for (const typed of ["Beverly Hills, CA 90210", "9100 Wilshire Blvd, Beverly Hills, CA 90210-3401, USA", "90210.", "９０２１０", "90210–1234"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, "/zip/90210"]);
    }
    // A ZIP code without a record (a PO-box ZIP, or unknown) is followed too: its page says what it is.
    expect((await app.request("/zip?zip=Richmond%2C+CA+94850")).headers.get("location")).toBe("/zip/94850");
    // Not a box number ending the line.
    expect((await app.request("/zip?zip=PO+Box+12345", { headers: { Accept: "text/html" } })).status).toBe(400);
    // A house number that is also a ZIP code (90210 Main St), then a town: the town wins.
    const houseAndTown = await app.request("/zip?zip=90210+Main+St%2C+Beverly+Hills", { headers: { Accept: "text/html" } });
    expect(houseAndTown.status).toBe(200);
    // A ZIP code followed by words may be a house number: named, not followed.
    const house = await app.request("/zip?zip=90210+Main+St", { headers: { Accept: "text/html" } });
    expect(house.status).toBe(400);
    expect(await house.text()).toContain('Did you mean <a href="/zip/90210">90210</a>?');
  });
});

describe("a town's ZIP codes as its pages say them (pages audit 32 #3, #4)", () => {
  const facts = { updated: "2026-11-22", records: 2, baseUrl: "http://localhost" };
  it("a ZIP code most of whose residents live in no district is grouped as such, not under the district of its sliver (Sun City, AZ)", () => {
    const sunCity = [{ city: "Sun City", state: "AZ", zips: [
      { zip: "85351", district: "Peoria Unified School District", leaid: "0406250", share: 0.004, none: true as const },
      { zip: "85373", district: "Peoria Unified School District", leaid: "0406250", share: 0.53 },
    ] }];
    const html = townPage("Sun City, AZ", sunCity, facts);
    expect(html).toContain("<p>Its 2 ZIP codes where people live are in 1 district, or mostly in none: <a href=\"/district/0406250\">Peoria Unified School District</a> (1 ZIP code), mostly in no school district (1 ZIP code: the Census draws most of that land as “School District Not Defined”; open the ZIP code to see whom to ask).");
    expect(html).toContain('<h3>Mostly in no school district</h3>\n<ul class="zips"><li><a href="/zip/85351">85351</a></li></ul>');
    const alone = townPage("Sun City West", [{ city: "Sun City West", state: "AZ", zips: [{ zip: "85375", district: "Dysart Unified District", leaid: "0402860", share: 0.19, none: true as const }] }], facts);
    expect(alone).toContain("<p>Its ZIP code where people live is mostly in no school district: the Census draws");
    expect(alone).not.toContain("in <a href=\"/district/0402860\"");
  });
  it("names the high-school district where another serves most of those grades (Billings, MT)", () => {
    const high = { district: "Billings High School District", leaid: "3003900" };
    const billings = [{ city: "Billings", state: "MT", zips: ["59101", "59102", "59105"].map((zip) => ({ zip, district: "Billings Elementary School District", leaid: "3003870", share: 0.95, high })) }];
    expect(townPage("Billings, MT", billings, facts)).toContain('<p>High school: <a href="/district/3003900">Billings High School District</a> (3 ZIP codes).</p>');
    const some = [{ city: "Billings", state: "MT", zips: [...billings[0]!.zips.slice(0, 2), { zip: "59106", district: "Elder Grove Elementary", leaid: "3009300", share: 0.6 }] }];
    expect(townPage("Billings, MT", some, facts)).toContain("Billings High School District</a> (2 of the 3 ZIP codes).</p>");
    expect(townPage("Boston", [{ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston", leaid: "2502790", share: 1 }] }], facts)).not.toContain("High school:");
  });
});

describe("an address's shape (review of stop 42 #3: '9021 Beverly Hills' was headed as an address)", () => {
  it.each([
    ["12 Oak St, Davie, FL", true],
    ["123 Main St, Springfield, IL 6270", true],
    ["10001 Main Street Dallas TX", true],
    ["PO Box 12, Hoover, AL", true],
    ["9021 Beverly Hills", false],
    ["90210 Beverly Hills, NY", false],
    ["Grosse Pointe Farms", false],
  ])("%j: %j", (typed, address) => {
    expect(isAddressShape(typed)).toBe(address);
  });
});

describe("townWordKeys (review-final-44 M4: one reading for the search box and the districts-found page)", () => {
  it.each([
    ["Beach Pk", ["beach", "park"]],
    ["Bch Pk IL", ["beach", "park", "il"]],
    ["St. Louis Park, MN", ["saint", "louis", "park", "mn"]],
    ["O'Fallon", ["ofallon"]],
    ["Winston-Salem/Forsyth", ["winston", "salem", "forsyth"]],
    ["Cañon City", ["canon", "city"]],
    ["PK-12 schools", ["pk", "12", "schools"]],
  ])("%j: %j", (text, keys) => {
    expect(townWordKeys(text)).toEqual(keys);
  });
});

/**
 * The search box (`GET /zip?zip=`) over the committed dataset (data/): every district's own name
 * reaches its district, and "<town> schools" for the towns with the most ZIP codes reaches a
 * district the town's own ZIP codes name (pages audit 34 #1: "Raleigh schools" opened Raleigh
 * County, WV; "Tampa schools" was a dead end). Case by case the readings are in app.test.ts.
 */
import { resolve } from "node:path";
import { parse } from "csv-parse/sync";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, loadFixture, testApp, testAssets } from "../test/helpers.ts";
import { createApp } from "./app.ts";
import { buildSite } from "./site.ts";
import { SEARCH_MAX_LENGTH } from "./layout.ts";
import { searchedText, zipBeforeItsTown } from "./search-box.ts";
import { stateSearch } from "./state-search.ts";

const DATA = resolve(import.meta.dirname, "../../../data");
let app: Hono;
let districts: { leaid: string; name: string }[];
let zips: { zip: string; city: string; state: string; leaid: string; zcta: string }[];
beforeAll(async () => {
  ({ app } = await testApp(DATA));
  districts = parse(await Bun.file(`${DATA}/districts.csv`).text(), { columns: true }) as typeof districts;
  zips = parse(await Bun.file(`${DATA}/zips.csv`).text(), { columns: true }) as typeof zips;
}, 120_000);

/** The box's answer: a district it opens (303), the districts a 200 page links in order, or another status. */
async function search(typed: string): Promise<{ status: number; opens?: string; links: string[] }> {
  const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
  const opens = res.status === 303 ? /^\/district\/([0-9]{7})$/.exec(res.headers.get("location") ?? "")?.[1] : undefined;
  const links = res.status === 200 ? [...(await res.text()).matchAll(/href="\/district\/([0-9]{7})"/g)].map((m) => m[1]!) : [];
  return { status: res.status, ...(opens === undefined ? {} : { opens }), links };
}

describe("the search box over every district of data/", () => {
  // 13,170 searches: about 36 s on an idle machine; 338 s once on a 2-core machine with one core kept busy and
  // another suite's 165,000 requests beside it, past the 300 s this guard had (a guard against a hang only).
  it("each district's own name opens its page, or lists it where others share the name", async () => {
    let open = 0;
    let list = 0;
    const lost: string[] = [];
    for (const d of districts) {
      const found = await search(d.name);
      if (found.opens === d.leaid) open++;
      else if (found.status === 200 && found.links.includes(d.leaid)) list++;
      else lost.push(`${d.leaid} ${d.name}: ${found.status} ${found.opens ?? ""}`);
    }
    expect(lost).toEqual([]);
    expect(open + list).toBe(districts.length);
    // Measured: a change to clearDistrict or the list shows here (update with the reason). 21 very
    // names of a small town's district ("Chattanooga Public Schools", OK) list it first on the page of
    // the much larger town of that name (pages audit 34 #1), where they opened it before. Data of
    // 2026-11-28: Rivendell Interstate's New Hampshire part joined to its Vermont id, one district of
    // that name now (it opens; the two were listed).
    expect({ open, list }).toEqual({ open: 10_683, list: 2_486 });
  }, 600_000);

  it("'<town> schools' reaches a district the town's own ZIP codes name, for the 150 towns with the most ZIP codes", async () => {
    const byTown = new Map<string, { city: string; state: string; leaids: Set<string>; count: number }>();
    for (const z of zips) {
      if (z.zcta !== z.zip) continue; // ZIP codes where people live
      const key = `${z.city}|${z.state}`;
      const town = byTown.get(key) ?? byTown.set(key, { city: z.city, state: z.state, leaids: new Set(), count: 0 }).get(key)!;
      town.leaids.add(z.leaid);
      town.count++;
    }
    const top = [...byTown.values()].sort((a, b) => b.count - a.count).slice(0, 150);
    expect(top).toHaveLength(150);
    const wrong: string[] = [];
    for (const town of top) {
      const found = await search(`${town.city} schools`);
      // A district opened, or a page whose links include one of the town's: never a namesake alone or a dead end.
      const reached = found.opens !== undefined ? town.leaids.has(found.opens) : found.links.some((l) => town.leaids.has(l));
      if (!reached) wrong.push(`${town.city}, ${town.state}: ${found.status} ${found.opens ?? found.links.slice(0, 3).join(" ")}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it("'<state> schools' leads with the state (review 34 #2), a county's schools are the county's (#6), 'magnet schools' no town's (#7), a state's abbreviation after the words is read (#3)", async () => {
    const page = async (typed: string) => {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      return { status: res.status, location: res.headers.get("location"), html: res.status === 200 ? await res.text() : "" };
    };
    const ohio = await page("Ohio schools");
    expect(ohio.status === 303 ? ohio.location : /Looking for the state\? <a href="(\/state\/OH)">/.exec(ohio.html)?.[1]).toBe("/state/OH");
    expect((await page("Queens schools")).html).toMatch(/<h2>Queens County, NY<\/h2>/);
    // A county asked for by its word, where a district of another state has the words (review 40 #1: Tarrant City
    // School District, AL, opened; Westchester SD 92-5, IL; Suffolk City Public Schools, VA): the county's page.
    for (const [typed, county] of [["Tarrant County schools", "Tarrant County, TX"], ["Westchester County schools", "Westchester County, NY"], ["Suffolk County schools", "Suffolk County, NY"]] as const) {
      const found = await page(typed);
      expect(found.status, typed).toBe(200);
      expect(found.html, typed).toContain(`<h2>${county}</h2>`);
    }
    // Counties said as counties (they were "2 towns have that name").
    expect((await page("El Paso County schools")).html).toContain("2 counties have that name; their ZIP codes are below, each with its district");
    // The district of every ZIP code of the only county of the name: opened.
    expect((await search("Monongalia County schools")).opens).toBe("5400930");
    // Districts named after the county keep their list (Fulton County School District, GA, first); none of them opened where
    // counties of the name are in several states, and those linked ("Kent County schools" opened Kent County Public Schools, MD).
    const fulton = await search("Fulton County schools");
    expect([fulton.status, fulton.links[0]]).toEqual([200, "1302280"]);
    const kent = await page("Kent County schools");
    expect(kent.status).toBe(200);
    expect(kent.html).toContain('<a href="/zip?zip=Kent%20County%2C%20MI">Kent County, MI</a>');
    // One county of the name, and its district: opened.
    expect((await search("Wake County schools")).opens).toBe("3704720");
    // The districts with the words, not the town of Magnet, NE (and a 200: an error page would have passed, review 35 #6).
    const magnet = await page("magnet schools");
    expect(magnet.status).toBe(200);
    expect(magnet.html).toContain("<h1>School districts for “magnet schools”</h1>");
    expect(magnet.html).not.toContain("Magnet, NE");
    // A state's code after "schools in", and "near me" after a state only counties have the name of (review 34c #3).
    expect((await page("schools in TX")).location).toBe("/state/TX");
    expect((await page("Texas schools near me")).location).toBe("/state/TX");
    const raleigh = await page("Raleigh schools, N.C.");
    expect(raleigh.status).toBe(200);
    expect(/<h2>([^<]+)<\/h2>/.exec(raleigh.html.slice(raleigh.html.indexOf("<main")))?.[1]).toBe("Raleigh, NC");
  });

  it("puts the towns' ZIP codes and districts before the box to search again, for one town and for several (pages audit 40 #4, 41 #5: at 320 px the form pushed the districts below the first screen)", async () => {
    const order = async (typed: string) => {
      const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
      return { town: html.indexOf("<h2>"), district: html.indexOf('href="/district/'), form: html.indexOf('<h2 class="vh" id="search-again">Search again</h2>'), jump: html.indexOf('<a href="#search-again">'), lastTown: html.lastIndexOf("<h2>") };
    };
    const evanston = await order("Evanston, IL");
    expect(evanston.town).toBeGreaterThan(0);
    expect(evanston.town).toBeLessThan(evanston.form);
    // Several towns of the name typed, a misspelt one, a town's schools: every town, and its first district, before the box.
    for (const typed of ["Springfield", "Las Vegas", "Kansas City", "Pheonix", "Houston schools"]) {
      const several = await order(typed);
      expect(several.lastTown, typed).toBeGreaterThan(several.town);
      expect(several.district, typed).toBeGreaterThan(several.town);
      expect(several.form, typed).toBeGreaterThan(several.lastTown);
    }
    // An address whose ZIP code is another place's: the box to retype it first (review of the late commits 40 #6).
    const elsewhere = await order("Seattle, WA 90210");
    expect(elsewhere.form).toBeGreaterThan(0);
    expect(elsewhere.form).toBeLessThan(elsewhere.town);
    expect(elsewhere.jump).toBe(-1);
  });

  it("links the box from the lead of a long page, several towns or one of many ZIP codes, before the first town; not on a short one (review of stop 42 #6: 'Springfield' put it at 5,795 px at 320 px)", async () => {
    const order = async (typed: string) => {
      const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
      return { town: html.indexOf("<h2>"), jump: html.indexOf('<a href="#search-again">Search again</a>'), target: html.indexOf('id="search-again"'), ids: [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]) };
    };
    for (const typed of ["Springfield", "Washington", "Clinton", "Sprinfield", "Franklin schools", "Lincoln school district", "Houston"]) {
      const long = await order(typed);
      expect(long.jump, typed).toBeGreaterThan(0);
      expect(long.jump, typed).toBeLessThan(long.town);
      expect(long.target, typed).toBeGreaterThan(long.town);
      expect(new Set(long.ids).size, typed).toBe(long.ids.length);
    }
    expect((await order("Evanston, IL")).jump).toBe(-1);
  });

  it.each([
    ["HISD", "Houston Independent School District"],
    ["LAUSD", "Los Angeles Unified School District"],
    ["FCPS", "Fairfax County Public Schools"],
    // Initials that are a district word themselves (review 34b #2).
    ["CCSD", "Clark County School District"],
    // Everyday initials, not its NCES name's (pages audit 35 #3: none of these listed the district).
    ["CPS", "Chicago Public School District 299"],
    ["JCPS", "Jefferson County School District"],
    ["MDCPS", "Miami-Dade County School District"],
    ["M-DCPS", "Miami-Dade County School District"],
    ["WCPSS", "Wake County Schools"],
    ["SDUSD", "San Diego City Unified School District"],
    // Those its web address spells (Denver's dpsk12.org, Prince William County's pwcs.edu: none listed it first).
    ["DPS", "Denver County School District 1"],
    ["PWCS", "Prince William County Public Schools"],
    // Or spells out (bostonpublicschools.org: pages audit 41 #4, no Boston in the first 25).
    ["BPS", "Boston School District"],
  ])("%j, a district's initials, lists %j first", async (typed, first) => {
    const res = await app.request(`/zip?zip=${typed}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<ul class="links">\n<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(html)?.[1]).toBe(first);
    expect(html).toContain(`“${typed}” reads as a school district's initials:`);
  });

  it.each([
    // Initials two large districts go by: both near the top (Duval County's is also "DCPS").
    ["DCPS", "District of Columbia Public Schools"],
    ["DPS", "Detroit Public Schools Community District"],
    // A town's plain School District is no "XPS" (review 35 #2: Nebo School District, UT, was first for "NPS").
    ["NPS", "Norman Public Schools"],
  ])("%j lists %j among its first three", async (typed, meant) => {
    const html = await (await app.request(`/zip?zip=${typed}`)).text();
    const names = [...html.matchAll(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(names.slice(0, 3)).toContain(meant);
  });

  it.each([
    ["Raleigh schools", "NC"],
    ["Raleigh, NC schools", "NC"],
    ["Chattanooga schools", "TN"],
    ["Tampa schools", "FL"],
    ["Reno school district", "NV"],
  ])("%j: the town's own districts first (a namesake elsewhere is only linked after them)", async (typed, state) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>School districts of [^<]+, by ZIP code<\/title>/);
    // The first town on the page is the one of that name with the most ZIP codes.
    expect(/<h2>([^<]+)<\/h2>/.exec(html.slice(html.indexOf("<main")))?.[1]).toMatch(new RegExp(`, ${state}$`));
  });
});

describe("searchedText and zipBeforeItsTown", () => {
  it("drops the symbols around a text, keeping symbols typed alone", () => {
    expect(searchedText(" 🏫 90210 ")).toBe("90210");
    expect(searchedText("1️⃣ Boston, MA 🙂")).toBe("Boston, MA");
    expect(searchedText("🏫")).toBe("🏫");
    expect(searchedText("   ")).toBe("");
  });

  it("takes a ZIP code before its own town only", () => {
    const site = {
      record: (zip: string) => (zip === "90210" ? { city: "Beverly Hills", state: "CA" as const } : undefined),
      postal: (zip: string) => (zip === "96960" ? { zip, city: "Majuro", state: "MH", type: "PO Box", zcta: "", county: "" } : undefined),
    };
    const states = stateSearch(new Set(["CA", "NV", "NY", "MH"]), (code) => ({ CA: "California", NV: "Nevada", NY: "New York", MH: "" })[code] ?? "");
    expect(zipBeforeItsTown("90210 Beverly Hills", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210, Beverly Hills, CA", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210-1234 beverly hills", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210 Boston", site, states)).toBeUndefined();
    expect(zipBeforeItsTown("90210 Beverly Hills, NY", site, states)).toBeUndefined();
    expect(zipBeforeItsTown("96960 Majuro", site, states)).toBe("96960");
    expect(zipBeforeItsTown("12345 Anywhere", site, states)).toBeUndefined();
    // The state's name, and a country after it (review 36 #1: "98101 Seattle, Washington" listed the towns named Washington).
    expect(zipBeforeItsTown("90210 Beverly Hills, California", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210 Beverly Hills, CA, USA", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210 Beverly Hills California", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210 Beverly Hills, Nevada", site, states)).toBeUndefined();
    // Any form of its state (review 37 #6: "98101 Seattle, Wash." listed Seattle's ZIP codes).
    expect(zipBeforeItsTown("90210 Beverly Hills, Calif.", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210 Beverly Hills, C. A.", site, states)).toBe("90210");
    expect(zipBeforeItsTown("90210 Beverly Hills ca", site, states)).toBe("90210");
  });

  it("reads a state's name after an address's town as the state, in every state (review 36 #1: 56 of 112 were another state's town)", async () => {
    const manifest = (await Bun.file(`${DATA}/manifest.json`).json()) as { state_names: Record<string, string> };
    // Each state's town with the most ZIP codes, and one of them.
    const towns = new Map<string, { state: string; city: string; zip: string; count: number }>();
    for (const z of zips) {
      const town = towns.get(`${z.state}\t${z.city}`) ?? towns.set(`${z.state}\t${z.city}`, { state: z.state, city: z.city, zip: z.zip, count: 0 }).get(`${z.state}\t${z.city}`)!;
      town.count++;
    }
    const largest = new Map<string, { city: string; zip: string }>();
    for (const t of [...towns.values()].sort((a, b) => a.count - b.count)) if (t.city !== "") largest.set(t.state, t);
    const wrong: string[] = [];
    for (const [state, { city, zip }] of largest) {
      const name = manifest.state_names[state]!;
      for (const typed of [`1 Main St ${city}, ${name}`, `1 Main St, ${city}, ${name}`, `${city}, ${name}`]) {
        const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
        const h1 = /<h1[^>]*>([^<]*)/.exec(await res.text())?.[1] ?? "";
        if (res.status !== 200 || !h1.includes(`${city}, ${state}`)) wrong.push(`${typed}: ${res.status} ${h1}`);
      }
      for (const typed of [`${zip} ${city}, ${name}`, `${zip} ${city}, ${state}, USA`]) {
        const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
        if (res.headers.get("location") !== `/zip/${zip}`) wrong.push(`${typed}: ${res.status} ${res.headers.get("location")}`);
      }
    }
    expect(largest.size).toBeGreaterThanOrEqual(50);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe("the town of a state's name, a state's code spaced, USPS short forms (review stop 36 #1, #3, #4)", () => {
  it.each([
    ["350 5th Ave, New York", "New York, NY"],
    ["Harlem, New York", "New York, NY"],
    ["1600 Pennsylvania Ave NW, Washington", "Washington, DC"],
    ["1 Main St, Indiana", "Indiana, PA"],
    ["Downtown, Indiana", "Indiana, PA"],
    ["Upper West Side, New York", "New York, NY"],
    ["Winston-Salem, N. C.", "Winston-Salem, NC"],
    ["Trenton, N. J.", "Trenton, NJ"],
    ["Albany N Y", "Albany, NY"],
    ["Silver Spg, MD", "Silver Spring, MD"],
    ["Big Spg, TX", "Big Spring, TX"],
    ["1 Main St Detroit, Michigan", "Detroit, MI"],
    // A town before its county or borough, then the state's name (review of the mends S2: New York, NY; Maryland, NY).
    ["Astoria Queens, New York", "Astoria, NY"],
    ["Bethesda Montgomery County, Maryland", "Bethesda, MD"],
  ])("%j lists %j first", async (typed, town) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const first = /<h1>ZIP codes of ([^<]+)<\/h1>/.exec(html)?.[1] === town || /<h2>([^<]+)<\/h2>/.exec(html.slice(html.indexOf("<main")))?.[1] === town;
    expect(first, /<h1>[^<]*/.exec(html)?.[0]).toBe(true);
  });
});

describe("a town with no post office of its name (pages audit 37 #1)", () => {
  // Their homes have Birmingham's, Columbus's, Minneapolis's ZIP codes: the district named after the town, not a 400 or a town of its last word.
  it.each([
    ["Hoover, AL", "Hoover City School District"],
    ["Hoover, Alabama", "Hoover City School District"],
    ["Upper Arlington, OH", "Upper Arlington City School District"],
    ["University Heights, OH", "Cleveland Heights-University Heights City School District"],
    ["Saint Louis Park, MN", "St. Louis Park Public School District"],
    // An address's town so (pages audit 41 #1: "123 Main St, Upper Arlington, OH" was Arlington, OH, 100 miles away).
    ["123 Main St, Upper Arlington, OH", "Upper Arlington City School District"],
    ["12 Oak St, Apt 4, East Grand Rapids, MI", "East Grand Rapids Public School District"],
    ["12 Elm St, Hoover, AL", "Hoover City School District"],
    // Without commas, the town after the street (pages audit 41, left: they were Arlington, OH, and Lebanon, PA).
    ["100 Main St Upper Arlington OH", "Upper Arlington City School District"],
    ["1 W 5th Ave Upper Arlington, Ohio", "Upper Arlington City School District"],
    ["PO Box 12 Mount Lebanon PA", "Mount Lebanon School District"],
    ["12 Oak Ave Apt 4 East Grand Rapids MI", "East Grand Rapids Public School District"],
    // A unit's letter before the town (review of the mends 42 #4: "No town found in the address").
    ["12 Main St Apt B Clayton MO", "Clayton School District"],
    ["123 Main St Unit B Mountain Brook AL", "Mountain Brook City School District"],
    // A place's word between the town's and the district's kind, no town having the longer name (review of the final commits 42 #5: a 400).
    ["Nordonia, OH", "Nordonia Hills City School District"],
    ["Nordonia OH", "Nordonia Hills City School District"],
  ])("%j lists %j first, saying no post office is named so", async (typed, district) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(html)?.[1]).toBe(district);
    expect(html).toContain("No post office is named");
    // Its name, not that it is named after the town: Centennial, CO's only such district is San Luis's (pages audit 41 #2).
    expect(html).toMatch(/school districts? of [A-Za-z ]+ (?:has a name beginning with “[^”]+”|have names beginning with “[^”]+”|has “[^”]+” in its name|have “[^”]+” in their names)/);
  });

  it.each([
    ["Indian, OH", "A school district of Ohio has a name beginning with “Indian”"],
    ["Hoover, AL", "A school district of Alabama has a name beginning with “Hoover”"],
    ["Saint Louis Park, MN", "A school district of Minnesota has a name beginning with “Saint Louis Park”"],
    ["University Heights, OH", "A school district of Ohio has “University Heights” in its name"],
  ])("%j says what the district's name has of the town's: %j (review-towns-43 L1: 'Indian, OH' said Indian Valley Local School District 'has that name')", async (typed, lead) => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
    expect(html).toContain(lead);
  });

  it.each([
    // With school words and its state (pages audit 41 #3: Clayton County, GA, came first; Upper Arlington's and Mount Lebanon's were Arlington, OH's and Lebanon, PA's).
    ["Clayton MO schools", "Clayton School District"],
    ["Clayton, MO school district", "Clayton School District"],
    ["Kettering, Ohio schools", "Kettering City School District"],
    ["Upper Arlington OH schools", "Upper Arlington City School District"],
    ["Mount Lebanon PA public schools", "Mount Lebanon School District"],
    // The state's name after a space (review 42 #7: Clayton County, GA, still came first, and Arlington, OH's page).
    ["Clayton Missouri schools", "Clayton School District"],
    ["Upper Arlington Ohio school district", "Upper Arlington City School District"],
    // A number's letter after the town's name ("Kirkwood R-VII"); not another place's word ("Woodbury Heights", "Point Pleasant Beach").
    ["Kirkwood MO schools", "Kirkwood R-VII School District"],
    ["Woodbury NJ schools", "Woodbury City School District"],
    ["Washington Township Indiana schools", "Washington Township Metropolitan School District"],
  ])("%j, with school words, lists %j alone, as the town and state typed without them do", async (typed, district) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect([...html.matchAll(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/g)].map((m) => m[1])).toEqual([district]);
    expect(html).toContain("No post office is named");
  });

  it.each([
    ["Upper Arlington schools, OH", "/district/3904493"],
    ["Cook IL schools", "ZIP codes of Cook County, IL"],
    ["Lamar TX schools", "ZIP codes of Lamar County, TX"],
    ["Raleigh NC schools", "ZIP codes of Raleigh, NC"],
    // (A district's own name ending with a state's: not "West" in Washington, review 42 #7.)
    ["West Washington schools", "West Washington School Corporation"],
    // (A region: no town "North" in Texas, though North East ISD's name starts with the word: review of the mends 42 #3.)
    ["North Texas schools", "School districts for “North Texas schools”"],
    ["Southern California schools", "School districts for “Southern California schools”"],
    ["Cook Illinois schools", "ZIP codes of Cook County, IL"],
  ])("%j keeps its answer: the one district meant, a county's or a post office town's page (%s)", async (typed, expected) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    if (expected.startsWith("/")) return expect(res.headers.get("location")).toBe(expected);
    const html = await res.text();
    expect(html).toContain(expected);
    expect(html).not.toContain("No post office is named");
  });

  it.each([
    // A state's name alone, a town's name ending with a state's name, a place people call so, a county, initials (review of stop 37 #1 to #4, #7).
    ["West Virginia", "/state/WV"],
    ["Port Washington", "ZIP codes of the towns named “Port Washington”"],
    ["LA, CA", "ZIP codes of Los Angeles, CA"],
    ["St Croix, VI", "ZIP codes of the places of “St Croix, VI”"],
    ["DeKalb, GA", "ZIP codes of DeKalb County, GA"],
  ])("%j is not read as a town with no post office: %s", async (typed, expected) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    const html = await res.text();
    expect(html).not.toContain("No post office is named");
    if (expected.startsWith("/")) expect(res.headers.get("location")).toBe(expected);
  });

  it("a neighbourhood whose last word is a town's name elsewhere keeps the towns of the state's name ('Capitol Hill, Washington': Washington, DC); a comma is no misspelt state ('Ary, Kansas')", async () => {
    const hill = await app.request(`/zip?zip=${encodeURIComponent("Capitol Hill, Washington")}`, { headers: { Accept: "text/html" } });
    expect(hill.status).toBe(200);
    expect(await hill.text()).toContain("Washington, DC");
    const ary = await app.request(`/zip?zip=${encodeURIComponent("Ary, Kansas")}`, { headers: { Accept: "text/html" } });
    expect(ary.headers.get("location")).not.toBe("/state/AR");
  });

  it("names the town of a name like it that the search found (Arlington, OH for Upper Arlington)", async () => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent("Upper Arlington, OH")}`)).text();
    expect(html).toContain(`<a href="/zip?zip=Arlington%2C%20OH">Arlington, OH</a>`);
  });

  it.each(["Crystal, MN", "Ballard, WA", "Old California"])("%j (words only after another place's in a district's name, or a state's name after a space: A/B sweep of the mends 37) stays the 400", async (typed) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
  });

  it("'West Washington' is no town West of Washington, but the everyday name of West Washington School Corporation (pages audit 39 #1: it was a 400)", async () => {
    const found = await search("West Washington");
    expect(found.status).toBe(200);
    expect(found.links[0]).toBe("1812930");
  });

  it("keeps a town that has a post office of its name, and an address's town that has one", async () => {
    expect((await app.request(`/zip?zip=${encodeURIComponent("Arlington, OH")}`)).status).toBe(200);
    // (A direction word of a town's name may end a street: "South" of South Lake Tahoe, "West" of West Jordan.)
    // (Nor a direction or a unit's letter after the street: "W St Paul" is Saint Paul, "Apt B North Olmsted" North Olmsted: review 42 #2.)
    for (const [typed, town] of [
      ["100 Main St Paris OH", "Paris, OH"],
      ["100 Oak Ave St Petersburg FL", "Saint Petersburg, FL"],
      ["12 Upper Arlington OH", "Arlington, OH"],
      ["123 Main St South Lake Tahoe CA", "South Lake Tahoe, CA"],
      ["9062 S 2200 W West Jordan UT", "West Jordan, UT"],
      ["1600 University Ave W St Paul MN", "Saint Paul, MN"],
      ["200 Fulton St E Grand Rapids MI", "Grand Rapids, MI"],
      ["100 Main St E Detroit MI", "Detroit, MI"],
      ["100 Main St N Kansas City MO", "Kansas City, MO"],
      ["12 Main St Apt B North Olmsted OH", "North Olmsted, OH"],
    ]) {
      const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed!)}`)).text();
      expect(html, typed).not.toContain("No post office is named");
      expect(/<h1[^>]*>([^<]*)/.exec(html)?.[1], typed).toBe(`ZIP codes of ${town}`);
    }
  });
});

describe("the state at the end, read by one reader for towns, districts and addresses (review 37 #1, #3 to #6)", () => {
  async function answerOf(typed: string): Promise<{ status: number; location: string | null; h1: string; html: string }> {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    const html = await res.text();
    return { status: res.status, location: res.headers.get("location"), h1: /<h1[^>]*>([^<]*)/.exec(html)?.[1] ?? "", html };
  }

  it.each([
    // A district's name with its state written otherwise (Colo, IA; Maine, NY; a list before).
    ["Regional School Unit 14, Maine", "/district/2314793"],
    ["Houston ISD, Tex.", "/district/4823640"],
    ["Houston ISD, TX, USA", "/district/4823640"],
    ["Denver Public Schools Colorado", "/district/0803360"],
    // A ZIP code before its town with the state abbreviated (its town's list before).
    ["98101 Seattle, Wash.", "/zip/98101"],
    ["98101 Seattle, W. A.", "/zip/98101"],
    // A district's very name with its state opens it before the districts named after a town no post office has (review of the mends 37).
    ["Munster School Town, IN", "/district/1807350"],
  ])("%j opens %s", async (typed, path) => {
    const a = await answerOf(typed);
    expect([a.status, a.location]).toEqual([303, path]);
  });

  it.each([
    // An address with another state's ZIP code, the state as a phone or a newspaper writes it: the town, said so (Providence's ZIP code before, without a word).
    ["Boston Ma 02901", "Boston, MA"],
    ["boston ma 02901", "Boston, MA"],
    ["Boston, Mass. 02901", "Boston, MA"],
    ["Charleston West Virginia 07099", "Charleston, WV"],
    ["Winston-Salem, N. C. 90210", "Winston-Salem, NC"],
    ["Birmingham, Ala. 39190", "Birmingham, AL"],
  ])("%j is %j's page, with the note that the ZIP code is another's", async (typed, town) => {
    const a = await answerOf(typed);
    expect([a.status, a.h1]).toEqual([200, `ZIP codes of ${town}`]);
    expect(a.html).toContain("The ZIP code typed, ");
  });

  it.each([
    // A town of 4 words or more after a street, a comma before the state (a 400).
    ["1 Main St Lake in the Hills, IL", "Lake in the Hills, IL"],
    ["1 Main St Cape May Court House, NJ", "Cape May Court House, NJ"],
    // The territories' other names, and a town before its island (a 400; Saint Croix, IN).
    ["St Thomas, Virgin Islands", "St Thomas, VI"],
    ["Saipan, CNMI", "Saipan, MP"],
    ["Ponce, P.R.", "Ponce, PR"],
    ["Christiansted, St. Croix", "Christiansted, VI"],
    ["Boise, Ida.", "Boise, ID"],
    // ", USA" after "SD" is no school district's word.
    ["Sioux Falls SD USA", "Sioux Falls, SD"],
  ])("%j is %j", async (typed, town) => {
    const a = await answerOf(typed);
    expect([a.status, a.h1]).toEqual([200, `ZIP codes of ${town}`]);
  });

  it.each(["1 Main St, Ark.", "1 Main St, Colo."])("%j is no town named after a state's abbreviation (Ark, VA; Colo, IA)", async (typed) => {
    const a = await answerOf(typed);
    expect(a.h1).not.toMatch(/Ark, VA|Colo, IA/);
  });
});

describe("Object's own keys typed (review 37 #2: 'constructor' was a 500 page)", () => {
  it.each(["constructor", "__proto__", "CONSTRUCTOR", "the constructor", "Republic of the constructor", "Constructor near me", "toString", "hasOwnProperty", "valueOf schools", "constructor, TX"])("%j is no 500, for a browser or a program", async (typed) => {
    for (const accept of ["text/html", "application/json"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: accept } });
      expect(res.status, `${typed} ${accept}`).toBeLessThan(500);
      expect(await res.text()).not.toContain("Internal error");
    }
  });
});

describe("a neighbourhood before a state's full name (review of the mends 36 S1)", () => {
  // Ballard and Fremont are Seattle's, not towns of Washington state: the 400 that says to type a
  // neighbourhood's city, not the towns named Washington (DC first); "schools in …" likewise, not
  // "no district is named".
  it.each(["Ballard, Washington", "Fremont, Washington", "schools in Ballard, Washington", "schools in Ballardx, WA"])("%j is the 400 that asks for the city", async (typed) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain("towns named “Washington”");
    expect(html).toContain("for a neighbourhood (Harlem, Hollywood), its city");
  });

  it("keeps a district's name that no district has as one ('Springfeld Public Schools')", async () => {
    const res = await app.request(`/zip?zip=${encodeURIComponent("Springfeld Public Schools")}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("No school district in this service is named “Springfeld Public Schools”");
  });
});

describe("an address's ZIP code and the town and state typed before it (review 36 #2 to #4)", () => {
  async function page(typed: string): Promise<{ status: number; location: string | null; h1: string; answer: string }> {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    const html = await res.text();
    const answer = (/<p class="answer">(.*?)<\/p>/s.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
    return { status: res.status, location: res.headers.get("location"), h1: /<h1[^>]*>([^<]*)/.exec(html)?.[1] ?? "", answer };
  }

  it("says so where the ZIP code is another state's than the one typed, with the town's ZIP codes (it went to the other ZIP code's page)", async () => {
    const seattle = await page("Seattle, WA 90210");
    expect([seattle.status, seattle.h1]).toEqual([200, "ZIP codes of Seattle, WA"]);
    expect(seattle.answer).toContain("The ZIP code typed, 90210, is that of Beverly Hills, CA, not of Seattle, WA");
    const boston = await page("1 Main St, Boston, MA 02901");
    expect([boston.status, boston.h1]).toEqual([200, "ZIP codes of Boston, MA"]);
    expect(boston.answer).toContain("02901, is that of Providence, RI");
    expect((await page("Seattle Washington 90210")).h1).toBe("ZIP codes of Seattle, WA");
    const unknown = await page("Boston, MA 99999");
    expect([unknown.status, unknown.h1]).toEqual([200, "ZIP codes of Boston, MA"]);
    expect(unknown.answer).toContain("99999, is no ZIP code this service knows");
    // Several towns: named by the text before the ZIP code (review stop 36 #6: "the towns named “Boston 00000”").
    expect((await page("Boston 00000")).h1).toBe("ZIP codes of the towns named “Boston”");
  });

  it("reads nine digits after another state's town as its ZIP+4 without the dash, said to be another place's, and a dashless ZIP+4 of the town's state as its ZIP code (review-links-43 #5)", async () => {
    const nine = await page("Boston, MA 902101234");
    // (The town typed, the ZIP code linked first, as for "Boston, MA 90210-1234"; it was "Nothing found".)
    expect([nine.status, nine.h1]).toEqual([200, "ZIP codes of Boston, MA"]);
    expect(nine.answer).toContain("The ZIP code typed, 90210, is that of Beverly Hills, CA, not of Boston, MA");
    expect((await page("Boston MA 021081234")).location).toBe("/zip/02108");
  });

  it("reads nine digits run together after a neighbourhood as a ZIP+4, not a phone number: the ZIP code is linked first, or opened where no town has the name (review-loc-44 H1: the town of that name elsewhere, alone)", async () => {
    for (const [typed, town, zip, place] of [
      ["Buckhead 303051234", "ZIP codes of Buckhead, GA", "30305", "Atlanta, GA"],
      ["1 Main St Buckhead 303051234", "ZIP codes of Buckhead, GA", "30305", "Atlanta, GA"],
      ["Bel Air 900771234", "ZIP codes of Bel Air, MD", "90077", "Los Angeles, CA"],
      ["Hollywood 900286136", "ZIP codes of the towns named “Hollywood”", "90028", "Los Angeles, CA"],
      // (A phone number a digit short whose first five digits are a ZIP code: the town typed, said so; it was the Colorado district on base.)
      // (Filed under phone numbers before: a state or "Village" typed changes nothing, review-final-44 M2.)
      ["Ellicott City 410555123", "ZIP codes of Ellicott City, MD", "41055", "Mayslick, KY"],
      ["Boston 617555123", "ZIP codes of the towns named “Boston”", "61755", "Mackinaw, IL"],
      ["Boston MA 617555123", "ZIP codes of Boston, MA", "61755", "Mackinaw, IL"],
      ["Boston, MA 617555123", "ZIP codes of Boston, MA", "61755", "Mackinaw, IL"],
      ["Cherry Hill NJ 856555123", "ZIP codes of Cherry Hill, NJ", "85655", "Douglas, AZ"],
      ["Elk Grove Village 847555123", "ZIP codes of Elk Grove Village, IL", "84755", "Mount Carmel, UT"],
    ]) {
      const res = await page(typed!);
      expect([res.status, res.h1], typed).toEqual([200, town]);
      expect(res.answer, typed).toContain(`The ZIP code typed, ${zip}, is that of ${place}, not of`);
    }
    // A ZIP code no record or post office has is said so, the town's ZIP codes below.
    const unknown = await page("Lake Oswego OR 503555123");
    expect([unknown.status, unknown.h1]).toEqual([200, "ZIP codes of Lake Oswego, OR"]);
    expect(unknown.answer).toContain("The ZIP code typed, 50355, is no ZIP code this service knows.");
    // No town of the name: the ZIP code, not a town of a close name (Wills Point, TX); never another state's than the one
    // typed, nor after a district's words, which keep their answer.
    for (const typed of ["Fells Point 212311234", "1 Main St Fells Point 212311234"]) expect((await page(typed)).location, typed).toBe("/zip/21231");
    for (const typed of ["Hollywood CA 617555123", "CHSD 218 617555123"]) expect((await page(typed)).location, typed).toBeNull();
    expect((await page("Queens NY 021081234")).h1).toBe("ZIP codes of Queens County, NY");
    expect((await page("Naperville 203 617555123")).location).toMatch(/^\/district\//);
    // Ten digits and a formatted number stay a phone number: the town alone.
    for (const typed of ["Ellicott City 4105551234", "Ellicott City 410-555-123"]) expect((await page(typed)).answer, typed).not.toContain("The ZIP code typed");
  });

  it("answers the town typed before a phone number, as without it (review-late-43 L1: another state's district; L2: 'Nothing found', or “1234” has 4 digits)", async () => {
    for (const typed of ["Ellicott City 4105551234", "Ellicott City 410-555-1234", "Ellicott City (410) 555-1234", "Ellicott City, MD 410-555-1234"]) {
      const res = await page(typed);
      expect([res.status, res.h1], typed).toEqual([200, "ZIP codes of Ellicott City, MD"]);
    }
    for (const [typed, town] of [
      ["Boston MA 6175551234", "Boston, MA"],
      ["Boston, MA 617.555.1234", "Boston, MA"],
      ["Boston MA (617) 555-1234", "Boston, MA"],
      ["Cherry Hill NJ 856-555-1234", "Cherry Hill, NJ"],
      ["Lake Oswego OR (503) 555-1234", "Lake Oswego, OR"],
      ["Elk Grove Village 847-555-1234", "Elk Grove Village, IL"],
    ]) {
      const res = await page(typed!);
      expect([res.status, res.h1], typed).toEqual([200, `ZIP codes of ${town}`]);
    }
    // A label and an extension (review-loc-44 L2); after a Canadian province, no US town (L3: it was Vancouver, WA).
    for (const typed of ["Boston MA phone: (617) 555-1234", "Boston MA 617-555-1234 x123"]) expect((await page(typed)).h1, typed).toBe("ZIP codes of Boston, MA");
    expect((await page("Ellicott City 617-555-1234 x123")).h1).toBe("ZIP codes of Ellicott City, MD");
    // (Its last 4 digits are no ZIP code short of a digit either: it was headed "“1234” has 4 digits", review-final-44 M5.)
    const vancouver = await page("Vancouver BC 604-555-1234");
    expect([vancouver.status, vancouver.h1]).toEqual([400, "Nothing found for “Vancouver BC 604-555-1234”"]);
    // A town's own ZIP+4 stays its ZIP code (ce071b2).
    expect((await page("Seattle WA 981011234")).location).toBe("/zip/98101");
    expect((await page("Ellicott City MD 210431234")).location).toBe("/zip/21043");
    expect((await page("Ellicott City 210431234")).location).toBe("/zip/21043");
  });

  it("reads a year after a town of another state than Massachusetts as no ZIP code short of its zero, and answers the town (stop 43's Left: Canton, MA's 02021, Salem, MA's 01970)", async () => {
    // (The town and state before it, as "class of 2021 Canton OH" reads: review-loc-44 M3, it was "Nothing found".)
    for (const [typed, town] of [["Canton OH class of 2021", "Canton, OH"], ["Salem, OR 1970", "Salem, OR"], ["Salem, Oregon est. 1850", "Salem, OR"], ["Canton OH 2025", "Canton, OH"]]) {
      const res = await page(typed!);
      expect([res.status, res.h1], typed).toEqual([200, `ZIP codes of ${town}`]);
    }
    // A year not ending the text is left to the error page, which reads the state typed after the town too (review-final-44 M3:
    // without it, "“2021” has 4 digits", Canton, MA's 02021).
    for (const typed of ["Canton OH 2021 reunion", "Canton, OH 2021 reunion"]) expect((await page(typed)).h1, typed).not.toContain("has 4 digits");
    // After the Massachusetts town, or with its state, it is that ZIP code short of its zero.
    for (const [typed, number] of [["Canton, MA 2021", "2021"], ["12 Main St, Norwood 2062", "2062"], ["12 Main St Lynn 1902", "1902"]]) expect((await page(typed!)).h1, typed).toBe(`“${number}” has 4 digits: a ZIP code has 5`);
  });

  it("opens the ZIP code where the state agrees, none is typed, or no town is found", async () => {
    for (const [typed, zip] of [
      ["Beverly Hills, CA 90210", "90210"],
      ["Hollywood, CA 90028", "90028"],
      ["Hollywood 90028", "90028"],
      ["Boston MA 02108", "02108"],
      ["1600 Pennsylvania Ave NW, Washington, DC 20500-0003, USA", "20500"],
      ["Forbes, ND 58439", "58439"],
      ["Main St, WA 90210", "90210"],
    ]) {
      const res = await page(typed!);
      expect([res.status, res.location], typed).toEqual([303, `/zip/${zip}`]);
    }
  });

  it("opens a ZIP code before its state, or in brackets (they were 400s)", async () => {
    for (const typed of ["02108, MA", "02108 MA", "02108 Massachusetts", "(02108)", "“02108”", "02108!"]) {
      const res = await page(typed);
      expect([res.status, res.location], typed).toEqual([303, "/zip/02108"]);
    }
    expect((await page("02108, CA")).status).toBe(400);
  });

  it("opens a district named with its state's name after a comma, and keeps a town of the district's words elsewhere first without one", async () => {
    for (const typed of ["Columbus City Schools, Ohio", "Columbus City Schools, OH"]) {
      const res = await page(typed);
      expect([res.status, res.location], typed).toEqual([303, "/district/3904380"]);
    }
    // Without the state, the town of those words (Columbus City, IA) and the district linked after it: "Elizabeth City
    // schools" is the North Carolina town's as surely as NCES's Elizabeth City School District is New Jersey's (A/B sweep 36).
    const columbus = await app.request(`/zip?zip=${encodeURIComponent("Columbus City Schools")}`, { headers: { Accept: "text/html" } });
    expect(columbus.status).toBe(200);
    expect(await columbus.text()).toContain('<a href="/district/3904380">Columbus City School District</a> (OH)');
    expect((await page("Seattle schools")).location).toBe("/district/5307710");
    // A small town's name a letter off a big city's asks about the city first (pages audit 39 #4: "Huston" was Huston, ID, only).
    const huston = await (await app.request(`/zip?zip=Huston`, { headers: { Accept: "text/html" } })).text();
    expect(huston).toContain('<p><strong>Did you mean <a href="/zip?zip=Houston%2C%20TX">Houston, TX</a>?</strong> The town of the very name typed is below.</p>');
    expect(huston).toContain("<h1>ZIP codes of Huston, ID</h1>");
    // Not for a town of several ZIP codes where people live, nor two letters off (review of the newest commits 39 #2:
    // Lewisville, TX, asked "Louisville, KY?", Tustin "Austin, TX?", Zanesville "Gainesville, FL?").
    // Nor for a county with a town of its name in it ("Alameda"), a small county ("Bell", "Bay"), a state's name
    // ("Delaware": the state first), or words spaced otherwise ("West Chester" is no Westchester): review 40 #3, #5, #6.
    for (const town of ["Boston", "Springfield", "Austin", "Portland", "Lewisville", "Tustin", "Layton", "Brookline", "Zanesville", "Alameda", "Bell", "Bay", "Delaware", "West Chester"]) {
      const html = await (await app.request(`/zip?zip=${town}`, { headers: { Accept: "text/html" } })).text();
      expect(html, town).not.toContain("Did you mean");
    }
    // A county of the very name, ten times larger than its towns, is asked about first (pages audit 39 #4: "Westchester"
    // listed Westchester, IL, and West Chester, PA, never Westchester County, NY); not with a state typed.
    const westchester = await (await app.request(`/zip?zip=Westchester`, { headers: { Accept: "text/html" } })).text();
    expect(westchester).toContain('<p><strong>Did you mean <a href="/zip?zip=Westchester%20County%2C%20NY">Westchester County, NY</a>?</strong>');
    const bergen = await (await app.request(`/zip?zip=${encodeURIComponent("Bergen, NY")}`, { headers: { Accept: "text/html" } })).text();
    expect(bergen).not.toContain("Did you mean");
    // A town of the name elsewhere in the county's state leaves the county asked (review 40 #2: Marion, IN, is in
    // Grant County, not Indianapolis's Marion County; Maricopa, AZ, is in Pinal County; Nassau, NY, in Rensselaer).
    for (const [town, county] of [["Marion", "Marion County, IN"], ["Maricopa", "Maricopa County, AZ"], ["Nassau", "Nassau County, NY"], ["Saint Marys", "St. Mary&#39;s County, MD"]] as const) {
      const html = await (await app.request(`/zip?zip=${town}`, { headers: { Accept: "text/html" } })).text();
      expect(/<strong>Did you mean (.*?)\?<\/strong>/.exec(html)?.[1], town).toContain(`>${county}</a>`);
    }
    // The two counties asked are those whose districts teach the most students, not those of the most ZIP codes
    // ("Jefferson" asked Alabama's and New York's, whose rural county has many, not Louisville's: stop 40, left).
    const jefferson = /<strong>Did you mean (.*?)\?<\/strong>/.exec(await (await app.request("/zip?zip=Jefferson", { headers: { Accept: "text/html" } })).text())?.[1];
    expect(jefferson).toContain(">Jefferson County, KY</a>");
    expect(jefferson).not.toContain(">Jefferson County, NY</a>");
    const raleigh = await page("Raleigh schools");
    expect(raleigh.h1).toBe("School districts of the towns named “Raleigh”, by ZIP code");
    // A home's schools are its address's district, not its ZIP code's: some are split (pages audit 39 #7).
    expect(raleigh.answer).toContain("A home's public schools are those of the school district of its address: most ZIP codes are in one, some are split.");
  });
});

describe("text longer than the box takes (review 35 #1: 15,000 spaces took 5 s of the server's thread)", () => {
  it("counts a run of white space once, so no reading sees a long run", () => {
    expect(searchedText("Boston,\n\t  MA")).toBe("Boston, MA");
    // Full-width forms, as a Japanese or Chinese keyboard types them (review 40 #10: a 400).
    expect(searchedText("Ｂｏｓｔｏｎ,\u3000ＭＡ")).toBe("Boston, MA");
    expect(searchedText("９０２１０")).toBe("90210");
    // Invisible characters copied with a ZIP code (pages audit 35 #7): a zero-width space, a byte-order mark, a word joiner.
    expect(["\u200B90210", "\uFEFF90210 ", "902\u206010", "90210\u200E"].map(searchedText)).toEqual(["90210", "90210", "90210", "90210"]);
    expect(searchedText(`${" ".repeat(15_000)}90210${"\n".repeat(15_000)}`)).toBe("90210");
    expect(searchedText(`Springfield,${"\u00A0".repeat(15_000)}IL`)).toBe("Springfield, IL");
  });

  it("answers text over SEARCH_MAX_LENGTH with a 400 page saying so, unread; text of that length is read", async () => {
    const long = await app.request(`/zip?zip=${encodeURIComponent(`${"usd ".repeat(4_000)}1`)}`, { headers: { Accept: "text/html" } });
    expect(long.status).toBe(400);
    const html = await long.text();
    expect(html).toContain("<h1>Too long to look up</h1>");
    expect(html).toContain(`What was typed is 16,001 characters long, and the box reads at most ${SEARCH_MAX_LENGTH}`);
    // The box is offered empty, not refilled with 16,000 characters.
    expect(html).toMatch(/<input id="zip-main"[^>]* value="">/);
    const json = await app.request(`/zip?zip=${"x".repeat(SEARCH_MAX_LENGTH + 1)}`, { headers: { Accept: "application/problem+json" } });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { detail: string }).detail).toBe(`The text searched for is ${SEARCH_MAX_LENGTH + 1} characters long; the search reads at most ${SEARCH_MAX_LENGTH}: a ZIP code, a town and its state, a district's name or one address line.`);
    // At the most the box takes, an address is read: its ZIP code's page.
    const street = "1 Main Street, Beverly Hills, CA 90210";
    const address = `${"Apartment 1 ".repeat(20)}${street}`.slice(-SEARCH_MAX_LENGTH);
    expect(address.length).toBe(SEARCH_MAX_LENGTH);
    const read = await app.request(`/zip?zip=${encodeURIComponent(address)}`);
    expect([read.status, read.headers.get("location")]).toEqual([303, "/zip/90210"]);
  });
});

describe("a ZIP code with school words (review 35 #3: '90210 schools' was 400 'A ZIP code has exactly 5 digits')", () => {
  it("goes to the ZIP code's page, before or after them", async () => {
    for (const typed of ["90210 schools", "90210 school district", "90210, public schools", "90210-1234 School Districts", "schools 90210", "schools in 90210"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.headers.get("location")]).toEqual([typed, 303, "/zip/90210"]);
    }
  });
});

describe("schools in a place, in Spanish (pages audit 35 #7: a dead end)", () => {
  it.each([
    ["escuelas en San Juan", "San Juan, PR"],
    ["Escuelas públicas de Ponce", "Ponce, PR"],
    ["distrito escolar de Miami", "Miami, FL"],
    ["escuelas en San Juan cerca de mí", "San Juan, PR"],
    // Without "de", after the place, "colegios" (pages audit 37 #5: 400s for every city tried).
    ["distrito escolar Miami", "Miami, FL"],
    ["escuelas publicas Ponce", "Ponce, PR"],
    ["Ponce distrito escolar", "Ponce, PR"],
    ["Miami escuelas públicas", "Miami, FL"],
    ["colegios en San Juan", "San Juan, PR"],
  ])("%j: the towns' page, %j first", async (typed, first) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(/<h2>([^<]+)<\/h2>/.exec(html.slice(html.indexOf("<main")))?.[1]).toBe(first);
  });
});

describe("a 400 for Spanish words says what to type in Spanish too (pages audit 37 #5)", () => {
  it("'escuelas cerca de mí' is the near-me page, with a Spanish line marked lang=es; English text has none", async () => {
    const near = await (await app.request(`/zip?zip=${encodeURIComponent("escuelas cerca de mí")}`, { headers: { Accept: "text/html" } })).text();
    expect(near).toContain("<h1>Schools near you: use your location or the home&#39;s ZIP code</h1>");
    expect(near).toContain('<p lang="es">Esta casilla no sabe dónde está usted: abra <a href="/location" lang="en">Find the districts of a place</a>');
    const unknown = await (await app.request(`/zip?zip=${encodeURIComponent("escuelas en Xyzzyq")}`, { headers: { Accept: "text/html" } })).text();
    expect(unknown).toContain('<p lang="es">Escriba el código postal de la casa (5 dígitos) o la ciudad y el estado, por ejemplo Houston, TX.</p>');
    const english = await (await app.request(`/zip?zip=${encodeURIComponent("schools near me")}`, { headers: { Accept: "text/html" } })).text();
    expect(english).not.toContain('lang="es"');
  });
});

describe("a word one letter off (pages audit 40 #2: 'Chicgo schools' and 453 of 457 large districts' names with a letter dropped were 400s saying nothing more)", () => {
  it.each([
    ["Chicgo schools", "Chicago schools"],
    ["Gwinnet County Public Schools", "Gwinnett County Public Schools"],
    ["Austn ISD", "Austin ISD"],
    ["Seattle Public Schols", "Seattle Public Schools"],
    ["schools in Chcago", "schools in Chicago"],
    // The plural's offer for "school", and the name's own capitals (review of the late commits 40 #3, #4).
    ["Chicgo school", "Chicago schools"],
    ["Mcalen ISD", "McAllen ISD"],
    // Two letters off a name of 9 or more (review of the final mends 40 #1).
    ["Cincinatti schools", "Cincinnati schools"],
  ])("%j asks 'Did you mean %s?', whose search finds it", async (typed, meant) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<p class="answer"><strong>Did you mean <a href="/zip?zip=${encodeURIComponent(meant)}">“${meant}”</a>?</strong></p>`);
    expect((await search(meant)).status).not.toBe(400);
  });

  it("keeps a possessive's 's ('Chicgo's schools'), and a misspelt name's page is headed as one, not 'Invalid ZIP code' (review of the final mends 40)", async () => {
    for (const typed of ["Chicgo's schools", "Chicgo’s schools"]) {
      const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
      const meant = typed.replace("Chicgo", "Chicago");
      expect(html, typed).toContain(`Did you mean <a href="/zip?zip=${encodeURIComponent(meant).replace("'", "&#39;")}">“${meant.replace("'", "&#39;")}”</a>?`);
      expect((await search(meant)).status, meant).toBe(303);
    }
    const html = await (await app.request("/zip?zip=Chicgo%20school", { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("<h1>Nothing is named “Chicgo school”</h1>");
    expect(html).not.toContain("Invalid ZIP code");
  });

  it("offers nothing where no word is a letter off a district's, nor for a school's name", async () => {
    // Nor a word into one of another first letter ("Tenderloin" is no Enderlin, "Dalls" no Falls: review of the late commits 40 #2).
    for (const typed of ["asdfgh schools", "qwertyuiop", "Lincon Elementary School", "the woodlands", "socal", "Tenderloin schools"]) {
      const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
      expect(html, typed).not.toContain("Did you mean");
    }
  });
});

describe("near me (review 34c #3)", () => {
  it("reads the place before 'near me', and sends 'schools near me' to the location lookup, which knows where the phone is", async () => {
    const boston = await app.request("/zip?zip=Boston%20near%20me");
    expect(boston.status).toBe(200);
    expect(await boston.text()).toContain("<h2>Boston, MA</h2>");
    for (const typed of ["schools near me", "public schools nearby", "near me"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
      expect(res.status, typed).toBe(400);
      const html = await res.text();
      expect(html, typed).toContain("<h1>Schools near you: use your location or the home&#39;s ZIP code</h1>");
      expect(html, typed).toContain('<a href="/location">Find the districts of a place</a> with “Use my location”');
      expect(html, typed).toContain("This box cannot tell where you are: type the home's ZIP code, or its town and state.");
    }
  });
});

describe("a district's page over data/: its PO-box ZIP codes (pages audit 36 #8)", () => {
  it("lists those naming another district apart, saying so (59107 names Lockwood K-12, not Billings Elementary)", async () => {
    const res = await app.request("/district/3003870");
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = html.slice(html.indexOf('<h2 id="po-box-zips">'));
    const [own, others] = section.split("<p>This one names another district: Billings Elementary School District covers only part of its post office's ZIP area.</p>");
    expect(others).toBeDefined();
    expect(others).toContain('<a href="/zip/59107">59107</a>');
    expect(own).not.toContain('<a href="/zip/59107">59107</a>');
    // Each one listed before the words names the district, as its own page says.
    const ownZips = [...own!.matchAll(/<li><a href="\/zip\/([0-9]{5})">/g)].map((m) => m[1]!);
    expect(ownZips.length).toBeGreaterThan(0);
    for (const zip of ownZips) expect(((await (await app.request(`/zip/${zip}.json`)).json()) as { district: string }).district, zip).toBe("Billings Elementary School District");
  });
});

describe("a district's everyday name, without the words that mark one (pages audit 39 #1: 136 of the 988 largest districts were 400s)", () => {
  it.each([
    ["Klein", "4825740"],
    ["Charlotte-Mecklenburg", "3702970"],
    ["Cypress-Fairbanks", "4816110"],
    ["Cy-Fair", "4816110"],
    ["cy fair", "4816110"],
    ["Anoka-Hennepin", "2703180"],
    ["Capistrano", "0607440"],
    ["Poudre", "0803990"],
    ["Mount Diablo", "0626370"],
    // Illinois's numbers: the town's and the number, or the letter and number ("U-46").
    ["Naperville 203", "1727710"],
    ["Chicago 299", "1709930"],
    ["U-46", "1713710"],
    ["Aurora 131", "1704680"],
    // A state's name as the district's first word: not that state misspelt (they opened Maine's and Indiana's pages).
    ["Maine 207", "1724090"],
    ["Indian 204", "1741690"],
    // "X High School" is X High School District where one is named so (it was 400 "Schools are not listed").
    ["Evanston Township High School", "1714490"],
    ["New Trier Township High School", "1728200"],
    // (pages audit 39 #5: a 400.)
    ["NYC DOE", "3620580"],
  ])("%j opens its district", async (typed, leaid) => {
    expect((await search(typed)).opens).toBe(leaid);
  });

  it.each([
    // A number many districts have: the list, the most students first.
    ["District 204", "1741690"],
    ["District 65", "1714460"],
    ["District 46", "1713710"],
    // Jefferson County's districts: Colorado's "Jeffco" among them.
    ["Jeffco", "0804800"],
  ])("%j lists %s among the districts of that name", async (typed, leaid) => {
    const found = await search(typed);
    expect(found.status).toBe(200);
    expect(found.links.slice(0, 5)).toContain(leaid);
  });

  it("comes before towns only close to the words typed ('McLean 5' was McLean's page), not before a town misspelt ('For Worth')", async () => {
    expect((await search("McLean 5")).opens).toBe("1728620");
    expect((await search("Aldine")).opens).toBe("4807710");
    for (const typo of ["For Worth", "Cincinatti", "Seatle"]) {
      const res = await app.request(`/zip?zip=${encodeURIComponent(typo)}`);
      expect(res.status, typo).toBe(200);
      expect(/<title>([^<]*)/.exec(await res.text())?.[1], typo).toContain("ZIP codes of");
    }
  });

  it("keeps towns, states, ZIP codes, schools and nonsense as they were", async () => {
    const title = async (typed: string) => /<title>([^<]*)/.exec(await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`)).text())?.[1] ?? "";
    expect(await title("Boston")).toContain("ZIP codes of the towns named “Boston”");
    expect(await title("Springfield")).toContain("ZIP codes of the towns named “Springfield”");
    expect((await app.request("/zip?zip=Texas")).headers.get("location")).toBe("/state/TX");
    expect((await app.request(`/zip?zip=${encodeURIComponent("1 Main St, Boston, MA 02108")}`)).headers.get("location")).toBe("/zip/02108");
    expect((await search("asdf")).status).toBe(400);
    expect((await search("Lincoln High School")).status).toBe(400);
    expect((await search("Lincoln Elementary School")).status).toBe(400);
    // A district's number with its town typed as a district's name keeps its own search.
    expect((await search("Klein schools")).opens).toBe("4825740");
  });
});

describe("an address typed without commas (pages audit 39 #1: 400 of 400 were 400s)", () => {
  it.each([
    ["3205 S Rural Rd Tempe", "ZIP codes of Tempe, AZ"],
    ["45 Oak Ave Evanston", "ZIP codes of the towns named “Evanston”"],
    ["4 Laurel Street Malden", "Malden"],
    ["319 E 117th St New York", "ZIP codes of New York, NY"],
    ["903 6th Avenue Ct NE Ste A Isanti", "Isanti"],
    ["PO Box 13 Tempe", "ZIP codes of Tempe, AZ"],
  ])("%j is the page of the town after the street: %s", async (typed, expected) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
    expect(res.status).toBe(200);
    expect(/<title>([^<]*)/.exec(await res.text())?.[1]).toContain(expected);
  });
});

describe("a street typed without its town, an address with a hyphen or a letter in its number (review of the late commits 39 #1, #4)", () => {
  it.each(["6101 W Madison", "433 N Hall", "9120 S 300 W", "420 Court Street", "306 Main St W", "1305 N Willow Street", "122-05 Smith St", "300A Greylock St."])("%j is no town's or district's page", async (typed) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect([res.status, res.headers.get("location")], typed).toEqual([400, null]);
  });
});

describe("a street typed alone that ends with a state's name (review of the newest commits 39 #3)", () => {
  it.each(["128 S Kansas", "12 W Virginia", "306 S Washington"])("%j is no state's page", async (typed) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect([res.status, res.headers.get("location")], typed).toEqual([400, null]);
  });
});

describe("'X High School' where towns of other states have the name (review of the late commits 39 #2)", () => {
  it("lists the district of that name, not opening it ('Troy High School': Troy, MT's, and a Troy in many states); opens it where no other town has the name", async () => {
    const troy = await app.request(`/zip?zip=${encodeURIComponent("Troy High School")}`, { headers: { Accept: "text/html" } });
    expect(troy.status).toBe(200);
    const troyHtml = await troy.text();
    expect(troyHtml).toContain('href="/district/3026580"');
    // One district: "1 school district has", not "1 school districts have" (review of the newest commits 39 #4).
    expect(troyHtml).not.toContain("1 school districts have");
    const evanston = await app.request(`/zip?zip=${encodeURIComponent("Evanston Township High School")}`);
    expect([evanston.status, evanston.headers.get("location")]).toEqual([303, "/district/1714490"]);
  });
});

describe("New York City's schools (pages audit 39 #5: Queens was left out, 'NYC school' a 400)", () => {
  it.each(["NYC", "NYC schools", "nyc schools", "NYC public schools", "schools in NYC", "NYC school"])("%j lists all five boroughs, Queens with them", async (typed) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const borough of ["Manhattan", "Brooklyn", "Queens", "Bronx", "Staten Island"]) expect(html, borough).toContain(borough);
    expect(html).not.toContain("4 towns have that name");
  });
});

// (With data/postal.csv: testApp's holds the small fixture's.)
describe("a town whose only ZIP code is a post office's, over data/ and data/postal.csv", () => {
  let postalApp: Hono;
  beforeAll(async () => {
    const assets = { ...(await testAssets()), postal: await Bun.file(`${DATA}/postal.csv`).text() };
    postalApp = createApp(buildSite(await loadFixture(DATA), BASE, assets));
  }, 120_000);

  it("answers a town whose only ZIP code is a post office's, typed with its state or alone, with that ZIP code's page, which says what it is (review of stop 42 #3: 'No town with a ZIP code is named “South Canaan, PA”')", async () => {
    const go = async (typed: string) => {
      const res = await postalApp.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
      return `${res.status} ${res.headers.get("location") ?? ""}`;
    };
    expect(await go("South Canaan, PA")).toBe("303 /zip/18459");
    expect(await go("South Canaan PA")).toBe("303 /zip/18459");
    expect(await go("South Canaan, Pennsylvania")).toBe("303 /zip/18459");
    expect(await go("South Canaan")).toBe("303 /zip/18459");
    expect(await go("12 Main St, South Canaan, PA")).toBe("303 /zip/18459");
    expect(await go("Cornish Flat, NH")).toBe("303 /zip/03746");
    expect(await go("Grand Lake Stream, ME")).toBe("303 /zip/04637");
    expect(await go("Knoxboro, NY")).toBe("303 /zip/13362");
    // Before a town only close to it or named by its last words (review of the final commits 42 #8: Mill River, MA; Eastham, MA; Winton, MN; Trinity, AL).
    expect(await go("Still River, MA")).toBe("303 /zip/01467");
    expect(await go("North Eastham, MA")).toBe("303 /zip/02651");
    expect(await go("Wilton, MN")).toBe("303 /zip/56687");
    expect(await go("Holy Trinity, AL")).toBe("303 /zip/36859");
    expect(await go("Earlville, PA")).toBe("303 /zip/19519");
    // Not an address's town, which has a page of its own (Oriskany, NY; the post office is Oriskany, VA's).
    expect(await go("1313 Utica St, Oriskany")).toBe("200 ");
    // Not in another state (Canaan, NY's page there).
    expect(await go("South Canaan, NY")).not.toContain("18459");
    const page = await (await postalApp.request("/zip/18459", { headers: { Accept: "text/html" } })).text();
    expect(page).toContain("<h1>ZIP code 18459 is a post-office or single-address ZIP code</h1>");
    expect(page).toContain("South Canaan, PA");
  });

  it("names the district named like a post-office town where no ZIP code of its town has a record ('Hoosick, NY': 12089 listed Rensselaer County's 11 districts only, review of the final commits 42 #6)", async () => {
    const res = await postalApp.request(`/zip?zip=${encodeURIComponent("Hoosick, NY")}`, { headers: { Accept: "text/html" } });
    expect(res.headers.get("location")).toBe("/zip/12089");
    const page = await (await postalApp.request("/zip/12089", { headers: { Accept: "text/html" } })).text();
    const named = page.indexOf('may be the town\'s: <a href="/district/3614760">Hoosick Falls Central School District</a>.');
    expect(named).toBeGreaterThan(0);
    // Before the county's districts.
    expect(named).toBeLessThan(page.indexOf("<h2>ZIP codes of Rensselaer County"));
  });
});

describe("a town of several words that no record names, typed with its state (stop 43: 'Spokane Valley, WA' answered the ZIP codes of Valley, WA)", () => {
  it.each([
    ["Spokane Valley, WA", "Spokane Valley", "Washington", ["Spokane, WA", "Valley, WA"]],
    ["Spokane Valley WA", "Spokane Valley", "Washington", ["Spokane, WA", "Valley, WA"]],
    ["New Hope, MN", "New Hope", "Minnesota", ["Hope, MN"]],
    ["Roeland Park, KS", "Roeland Park", "Kansas", ["Park, KS"]],
    ["123 Main St, Spokane Valley, WA", "Spokane Valley", "Washington", ["Spokane, WA", "Valley, WA"]],
    // With school words (the A/B of this change: they listed other states' districts of a word of it, or were a 400).
    ["Spokane Valley WA schools", "Spokane Valley", "Washington", ["Spokane, WA", "Valley, WA"]],
    ["New Hope schools, MN", "New Hope", "Minnesota", ["Hope, MN"]],
    ["Roeland Park Kansas school district", "Roeland Park", "Kansas", ["Park, KS"]],
  ])("%j says no town %j of %s is in the sources, and offers %j as links, not as the answer", async (typed, town, state, offered) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<h1>No town called “${town}” in ${state} is in this service&#39;s sources</h1>`);
    const links = [...html.matchAll(/<a href="\/zip\?zip=([^"]+)">ZIP codes of /g)].map((m) => decodeURIComponent(m[1]!));
    expect(links).toEqual(offered);
    expect(html).toContain('href="/location"');
    expect(html).not.toContain("/district/");
  });

  it("keeps an address's town after its street, and a neighbourhood before a city", async () => {
    const h1 = async (typed: string) => /<h1>([^<]*)<\/h1>/.exec(await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text())?.[1];
    expect(await h1("123 Main St Valley WA")).toContain("Valley, WA");
    expect(await h1("Hyde Park Chicago IL")).toContain("Chicago, IL");
    expect(await h1("Spokane, WA")).toContain("Spokane, WA");
    // A school's or a district's name with its state is no town (the A/B of this change).
    expect(await h1("Antelope Valley Union High CA")).toBe("Schools are not listed: look up the home&#39;s ZIP code");
    expect(await h1("Wayne RESA MI")).toBe("Nothing found for “Wayne RESA MI”");
  });

  it.each([
    ["Northwest Washington DC", "Washington, DC"],
    ["Georgetown Washington DC", "Washington, DC"],
    ["Pennsylvania Ave NW Washington DC", "Washington, DC"],
    ["West Salem OR", "Salem, OR"],
    ["Downtown Salem OR", "Salem, OR"],
    ["East Hudson OH", "Hudson, OH"],
    // An address's town after its comma reads as without the street (review towns-43 M3).
    ["123 Main St, East Palo Alto, CA", "Palo Alto, CA"],
  ])("keeps the city of %j, a part of it before a big city or after a direction (review towns-43 H2: a 400 'No town called …')", async (typed, town) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(/<h1>([^<]*)<\/h1>/.exec(await res.text())?.[1]).toBe(`ZIP codes of ${town}`);
  });
});

describe("a township's or a town's schools whose district was listed (review towns-43 H1: the 400 'No town called …' since d27c229)", () => {
  it.each([
    ["Cheltenham Township PA schools", "Cheltenham School District"],
    ["Haverford Twp PA schools", "Haverford Township School District"],
    ["Brick Twp NJ schools", "Brick Township School District"],
    ["Parsippany Township schools, NJ", "Parsippany-Troy Hills Township School District"],
    ["Grosse Pointe Woods MI schools", "Grosse Pointe Public Schools"],
    ["Grosse Pointe Farms MI schools", "Grosse Pointe Public Schools"],
    ["Los Altos Hills CA schools", "Los Altos Elementary School District"],
  ])("%j lists %j first", async (typed, name) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(await res.text())?.[1]).toBe(name);
  });
});

describe("the USPS's short forms of place words in a town's name (review-late-43 L8, M2: 'Shaker Hts OH schools' was a 400, 'Highland Prk IL schools' Highland CUSD 5 alone)", () => {
  const page = async (typed: string) => await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
  const firstLink = (html: string) => /<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(html)?.[1];

  it.each([
    ["Shaker Hts OH schools", "Shaker Heights City School District"],
    ["Cleveland Hts OH schools", "Cleveland Heights-University Heights City School District"],
    ["St Louis Prk MN schools", "St. Louis Park Public School District"],
  ])("%j lists %j first", async (typed, name) => {
    expect(firstLink(await page(typed))).toBe(name);
  });

  it.each([
    ["Highland Prk IL schools", "Highland Park, IL", "North Shore School District 112"],
    // (Orland SD 135 was kept by its first word a letter off, review towns-43 H4's mend; now it is on the town's page.)
    ["Orland Prk IL schools", "Orland Park, IL", "Orland School District 135"],
  ])("reads %j as spelt in full: the page of %s, with %j", async (typed, town, district) => {
    const html = await page(typed);
    expect(/<h1>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(`School districts of ${town}, by ZIP code`);
    expect(html).toContain(`>${district}</a>`);
  });
});

describe("a short form gives exactly what its full word gives (review-towns-44 M1, L3: at base 'Colorado Spgs CO schools' was the town page, 'Highland Pk ISD' a list, while the full words opened D11 and the town page)", () => {
  const answer = async (typed: string) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    return [res.status, res.headers.get("location"), [...(await res.text()).matchAll(/<a href="(\/district\/[0-9]{7})">/g)].map((m) => m[1])];
  };
  it.each([
    ["Colorado Spgs CO schools", "Colorado Springs CO schools"],
    ["Walnut Crk schools, CA", "Walnut Creek schools, CA"],
    ["Highland Pk ISD", "Highland Park ISD"],
    // (Pk read beside its neighbours where the words are keyed one by one: was Beach Park CCSD 3 alone, the full words a list.)
    ["Beach Pk IL", "Beach Park IL"],
    ["Bch Pk IL", "Beach Park IL"],
  ])("%j as %j", async (short, full) => {
    expect(await answer(short)).toEqual(await answer(full));
  });
});

describe("'PK' typed as pre-kindergarten's grade (review-towns-44 L1: 'PK-12 schools' listed Galena Park ISD, Clover Park SD…)", () => {
  it.each(["PK-12 schools", "PK-12", "Pk-8", "PK-8 schools", "PK schools", "Pk", "Prk"])("%j lists no Park district or town, as before Pk was read as Park", async (typed) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/<a href="\/(district\/[0-9]{7}|zip\/[0-9]{5})">/);
  });

  it("'Pk City UT' is still Park City, UT's page", async () => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent("Pk City UT")}`, { headers: { Accept: "text/html" } })).text();
    expect(/<h1>([^<]*)<\/h1>/.exec(html)?.[1]).toBe("ZIP codes of Park City, UT");
  });
});

describe("a 'Hills' or 'Heights' place no record names, with school words (review-towns-44 H1: a namesake town's district hundreds of miles away)", () => {
  // (No record in data/ says where such a place is: "Windsor Hills" is in Los Angeles, not Windsor, CA's Sonoma County. The
  // page links the town of its first words instead, for a home next to it: "Rochester Hills schools, MI" → Rochester, MI.)
  it.each([
    ["Windsor Hills CA schools", "Windsor, CA"],
    ["Hamilton Heights NY schools", "Hamilton, NY"],
    ["Breckenridge Hills MO schools", "Breckenridge, MO"],
    ["Rochester Hills schools, MI", "Rochester, MI"],
    ["Farmington Hills schools, MI", "Farmington, MI"],
    ["Bedford Heights schools, OH", "Bedford, OH"],
    ["Rye Brook NY schools", "Rye, NY"],
    ["Terrell Hills TX schools", "Terrell, TX"],
  ])("%j is the no-such-town page, linking %s", async (typed, town) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("<h1>No town called");
    expect(html).toContain(`href="/zip?zip=${encodeURIComponent(town)}"`);
  });
});

describe("a misspelt or doubled word in a suburb's name with school words (stop 43, left: worse than before the no-such-town page)", () => {
  it("'Cleveland Hieghts OH schools' lists Cleveland Heights-University Heights, the district of that state with every word typed, one a letter off", async () => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent("Cleveland Hieghts OH schools")}`, { headers: { Accept: "text/html" } })).text();
    expect([...html.matchAll(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(["Cleveland Heights-University Heights City School District"]);
  });

  it("'Penn Township Township schools, PA' reads as 'Penn Township schools, PA'", async () => {
    const links = async (typed: string) => [...(await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text()).matchAll(/href="\/district\/([0-9]{7})"/g)].map((m) => m[1]);
    const once = await links("Penn Township schools, PA");
    expect(once.length).toBeGreaterThan(0);
    expect(await links("Penn Township Township schools, PA")).toEqual(once);
  });
});

describe("a town the search finds close or by another spelling, with school words (review towns-43 M1, M2: 'No town called “Cedar Rapid” in Iowa')", () => {
  it.each(["Cedar Rapid IA schools", "Sterling Hieghts MI schools", "Newton Centre MA schools"])("%j is not said to be no town of the sources", async (typed) => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
    expect(html).not.toContain("<h1>No town called");
  });
});

describe("a region's phrase with a state's name (review of the final commits 42 #4: 'North Idaho schools' listed Ohio's and California's 'North …' districts)", () => {
  it.each([
    ["North Idaho schools", "ID"],
    ["North Colorado schools", "CO"],
    ["North Texas schools", "TX"],
    ["Southern California schools", "CA"],
  ])("%j lists districts of %s only", async (typed, state) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    const html = await res.text();
    const leaids = [...html.matchAll(/href="\/district\/([0-9]{7})"/g)].map((m) => m[1]!);
    const codes = new Set(leaids.map((id) => districts.find((d) => d.leaid === id)?.leaid.slice(0, 2)));
    const fips = zips.find((z) => z.state === state)!.leaid.slice(0, 2);
    // Either the state's districts with the words, or the 400 saying none is named so.
    if (res.status === 200) expect([...codes]).toEqual([fips]);
    else expect(res.status).toBe(400);
  });

  it.each([
    ["Central Hawaii schools", "Hawaii Department of Education"],
    ["Central Puerto Rico schools", "Puerto Rico Department of Education"],
  ])("%j still opens %j, the state's one district (the A/B of this change)", async (typed, name) => {
    const res = await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(303);
    expect(districts.find((d) => `/district/${d.leaid}` === res.headers.get("location"))?.name).toBe(name);
  });

  it("keeps a county's page, a town's, and a district found by other words than the state's name (the A/B of this change)", async () => {
    const page = async (typed: string) => await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
    expect(await page("Allen County Indiana schools")).toContain("<h1>School districts of Allen County, IN, by ZIP code</h1>");
    expect(await page("Douglas County Nebraska schools")).toContain("<h1>School districts of Douglas County, NE, by ZIP code</h1>");
    expect(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(await page("Jeffco Colorado schools"))?.[1]).toBe("Jefferson County School District R-1");
    expect(await page("Central Texas schools")).not.toContain("Texas City Independent School District");
    expect(await page("Oklahoma County Oklahoma schools")).toContain("Oklahoma City Public Schools");
  });

  it.each([
    ["Central New York schools", "York Central School District"],
    ["Northern New Jersey schools", "Jersey City School District"],
    ["Eastern South Dakota schools", "South Central School District 26-5"],
    ["Cutler Bay FL schools", "Bay County School District"],
    ["West University Place TX schools", "West Independent School District"],
    ["Terrell Hills TX schools", "Terrell Independent School District"],
  ])("%j does not list %j, which lacks the words typed or holds only a word of the state's name (review towns-43 H3, H4)", async (typed, name) => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
    expect(html).not.toContain(`>${name}</a>`);
  });

  it.each([
    ["Canton Township schools, MI", "Plymouth-Canton Community Schools"],
    ["Park Cty UT schools", "Park City School District"],
    ["Rapid Cty SD schools", "Rapid City School District 51-4"],
    ["Mayfield Heights OH schools", "Mayfield City School District"],
    ["Parma Heights OH schools", "Parma City School District"],
  ])("%j keeps %j, which holds the words typed, one a letter off (the A/B of review towns-43 H4's mend)", async (typed, name) => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent(typed)}`, { headers: { Accept: "text/html" } })).text();
    expect(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(html)?.[1]).toBe(name);
  });

  it("lists North Gem School District 149 first for 'North Idaho schools' (review towns-43 L3)", async () => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent("North Idaho schools")}`, { headers: { Accept: "text/html" } })).text();
    expect(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(html)?.[1]).toBe("North Gem School District 149");
  });

  it("keeps a district whose name starts with the words, in another state ('West Washington schools': West Washington School Corporation, IN)", async () => {
    const html = await (await app.request(`/zip?zip=${encodeURIComponent("West Washington schools")}`, { headers: { Accept: "text/html" } })).text();
    expect(/<li><a href="\/district\/[0-9]{7}">([^<]+)<\/a>/.exec(html)?.[1]).toBe("West Washington School Corporation");
  });
});

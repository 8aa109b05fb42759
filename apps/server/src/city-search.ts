/**
 * A town typed into the ZIP box ("Boston", "Boston, MA"): the ZIP codes of the cities of that
 * name, with the district each one's record names, so the search box's 400 page can offer them
 * instead of a dead end ("is not a ZIP code"). Names compare without case, dots, apostrophes
 * or hyphens ("St. Louis" and "st louis").
 */
import { foldedPlaceName } from "@school-districts/core";
import { ownTable } from "./own-table.ts";
import { COUNTRY_AT_END, STATE_ABBREVIATIONS, stateAtEndReader, type StateAtEnd } from "./state-at-end.ts";

/** One city of the name typed: its ZIP codes with a record, and the district each names. */
export interface CityMatch {
  city: string;
  state: string;
  /**
   * Filled in by the site for the cities a page shows: `leaid`, the named district's (to link it;
   * "" where unknown); `share`, the part of the ZIP's residents in it (0-1); `poBox`, a PO-box or
   * delivery ZIP (no homes: it repeats the answer of the ZIP area its post office lies in); `none`,
   * most of its residents in no school district; `high`, the district of its high-school grades
   * where another than the named one serves most of them (Billings High School District); `newer`,
   * the districts newer than the maps whose office is in it (Orange Beach City in 36561); `also`, the
   * other districts of a tenth or more of its residents (Richardson ISD in Garland's 75040).
   */
  zips: {
    zip: string;
    district: string;
    leaid?: string;
    share?: number;
    poBox?: boolean;
    none?: true;
    high?: { district: string; leaid: string };
    newer?: { district: string; leaid: string; office_zip: string }[];
    /** the other districts of a tenth or more of its residents (at its elementary or only grade level), with their part */
    also?: { district: string; leaid: string; share: number }[];
  }[];
  /** true where no town has the name typed and this one's is close to it ("Cincinatti": Cincinnati) */
  close?: true;
  /** true where no town has the name typed and this is a county of it ("Queens": Queens County, NY); `city` is the county's name */
  county?: true;
  /** true where the state's name typed after a comma was read as this town's for want of any other ("Harlem, New York": New York, NY) */
  stateNamed?: true;
  /** the New York City borough typed ("Manhattan", "NYC"), where its ZIP codes' town or county is named otherwise (New York, NY) */
  borough?: string;
  /** true where what was typed is the place's everyday name ("LA", "Philly", "St Croix"), not its ZIP codes' town's */
  nickname?: true;
}

/**
 * New York City's boroughs by the names people type, and the town (USPS) or county (Census)
 * the records name each by: Manhattan's ZIP codes are "New York", the Bronx's "Bronx", Queens'
 * are its neighbourhoods' (Flushing, Jamaica…), so Queens County.
 */
type Borough = { borough: string; town?: string; county?: string };
const NYC_BOROUGHS: readonly Borough[] = [
  { borough: "Manhattan", town: "New York" },
  { borough: "Brooklyn", town: "Brooklyn" },
  { borough: "Queens", county: "Queens County" },
  { borough: "The Bronx", town: "Bronx" },
  { borough: "Staten Island", town: "Staten Island" },
];

/** The typed names (cityKey) of New York City, all five boroughs, and of a borough no town is named. */
const NYC_NAMES = ownTable<readonly Borough[]>({
  nyc: NYC_BOROUGHS,
  newyorkcity: NYC_BOROUGHS,
  cityofnewyork: NYC_BOROUGHS,
  manhattan: NYC_BOROUGHS.filter((b) => b.borough === "Manhattan"),
  thebronx: NYC_BOROUGHS.filter((b) => b.borough === "The Bronx"),
});


/**
 * Places by the names people type for them where the records name them otherwise (cityKey of
 * the name): big cities' short names ("Vegas" was Vergas, MN; "Philly" no town at all), and the
 * territories' islands and main places, whose ZIP codes' towns are others ("Charlotte Amalie" is
 * St Thomas, VI; St. Croix's are Christiansted, Frederiksted and Kingshill). Used where no town
 * has the name, or `first`, before the towns that have it ("St Croix": the island before Saint
 * Croix, IN: pages audits 32, 33, 34). Only names of one place each ("KC" is two Kansas Cities,
 * "SA" many places: left out). "LA" is also Louisiana's code: its page then links the state first.
 */
const PLACE_NAMES = ownTable<{ towns: readonly string[]; state: string; first?: true }>({
  la: { towns: ["Los Angeles"], state: "CA" },
  sf: { towns: ["San Francisco"], state: "CA" },
  philly: { towns: ["Philadelphia"], state: "PA" },
  vegas: { towns: ["Las Vegas"], state: "NV" },
  nola: { towns: ["New Orleans"], state: "LA" },
  slc: { towns: ["Salt Lake City"], state: "UT" },
  okc: { towns: ["Oklahoma City"], state: "OK" },
  indy: { towns: ["Indianapolis"], state: "IN" },
  atl: { towns: ["Atlanta"], state: "GA" },
  saintcroix: { towns: ["Christiansted", "Frederiksted", "Kingshill"], state: "VI", first: true },
  charlotteamalie: { towns: ["St Thomas"], state: "VI" },
  cruzbay: { towns: ["St John"], state: "VI" },
  garapan: { towns: ["Saipan"], state: "MP" },
  kona: { towns: ["Kailua Kona"], state: "HI" },
});

/**
 * How a page names a town or county found: "Boston, MA"; a borough typed as its name and the
 * records' name, "Manhattan (New York, NY)".
 *
 * @example
 * placeOf({ city: "New York", state: "NY", zips: [], borough: "Manhattan" }) // "Manhattan (New York, NY)"
 */
export function placeOf(c: CityMatch): string {
  return c.borough !== undefined && c.borough !== c.city ? `${c.borough} (${c.city}, ${c.state})` : `${c.city}, ${c.state}`;
}

/** How many cities of one name a page lists (Springfield is in 24 states): the search finds them all. */
export const MAX_CITY_MATCHES = 8;

/**
 * The USPS's short forms of place words as people type them in a town's name ("Shaker Hts", "Highland Prk", "Colorado Spgs"),
 * and the words they stand for; "Prk" is a phone's Park. No town's or district's name in the sources writes one of them as a
 * word of its own but "Pk" in two National Park post offices' names (Kings Canyon National Pk, CA), which compare the same
 * spelt out (checked over data/zips.csv and data/districts.csv), so each is read as its word wherever names compare.
 * A table a typed word looks up (a word is no key of Object's prototype).
 */
const PLACE_WORDS_SPELLED = ownTable({
  spgs: "springs",
  spg: "spring",
  hts: "heights",
  hls: "hills",
  pk: "park",
  prk: "park",
  jct: "junction",
  ctr: "center",
  vly: "valley",
  lk: "lake",
  mtn: "mountain",
  hbr: "harbor",
  bch: "beach",
  vlg: "village",
  cyn: "canyon",
  crk: "creek",
  pt: "point",
});

/** The short forms that are also pre-kindergarten's grade ("PK-12", "Pk-8", "PK schools"): Park only beside a name's word. */
const GRADE_SHORT_FORMS = new Set(["pk", "prk"]);

/** Words beside "PK" that make it a grade, not a name's Park: school and kind words, and a span's ("PK through 5"). */
const GRADE_COMPANIONS = new Set("school schools district districts isd usd sd public elementary program programs grade grades only through thru to and or".split(" "));

/**
 * Lower-case words with the USPS's short forms of place words spelled out (`table`: PLACE_WORDS_SPELLED, or a table
 * holding it). "Pk"/"Prk" is Park only as a word of a name of two or more words: after another word ("Highland Pk ISD") or
 * before one ("Pk City UT"), never before a number, after Park or with only school words ("PK-12 schools", "Pk-8", "PK
 * schools", "Highland Park PK" and a lone "Pk" are pre-kindergarten's grade, not Park: review-towns-44 L1).
 *
 * @example
 * placeWordsSpelledOut(["highland", "pk", "isd"]) // ["highland", "park", "isd"]
 * placeWordsSpelledOut(["pk", "12", "schools"]) // ["pk", "12", "schools"]
 */
export function placeWordsSpelledOut(words: readonly string[], table: Readonly<Record<string, string | undefined>> = PLACE_WORDS_SPELLED): string[] {
  const nameWord = (w: string | undefined) => w !== undefined && /^[a-z]+$/.test(w) && !GRADE_COMPANIONS.has(w);
  // (Nor after Park itself: "Highland Park PK" is its pre-kindergarten, no "Highland Park Park".)
  const grade = (i: number) => /^[0-9]/.test(words[i + 1] ?? "") || words[i - 1] === "park" || !(nameWord(words[i - 1]) || nameWord(words[i + 1]));
  return words.map((w, i) => (GRADE_SHORT_FORMS.has(w) && grade(i) ? w : (table[w] ?? w)));
}

/** Abbreviations people type for the words city names spell out ("St. Louis" for Saint Louis). */
const SPELLED_OUT = ownTable<string | undefined>({
  st: "saint",
  ste: "sainte",
  ft: "fort",
  mt: "mount",
  // Directions, as address forms write them ("W. Chester": pages audit 36 #2, none of 743 North/South/East/West towns
  // was found so; "W. Chester, PA" opened Chester, another district). No two towns' names meet so (checked over the records).
  n: "north",
  s: "south",
  e: "east",
  w: "west",
  // The USPS's short forms of place words, as address forms write them too ("Colorado Spgs", "Shaker Hts").
  ...PLACE_WORDS_SPELLED,
});

/** No town name comes near this long: longer text is not searched (it would only cost time). */
const MAX_TOWN_LENGTH = 64;

/** The most words a town's name has where an address typed without commas is read from its end ("Rancho Santa Margarita", "King and Queen Court House"). */
export const MAX_TOWN_WORDS = 5;

/**
 * A name's words as compared here: lower case, separated by one space, punctuation left out, the USPS's short forms of
 * place words spelled out ("Shaker Hts" is Shaker Heights City School District's first words).
 *
 * @example
 * nameWords("Evanston Township High School") // "evanston township high school"
 * nameWords("Shaker Hts") // "shaker heights"
 */
export function nameWords(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
  return placeWordsSpelledOut(words).join(" ");
}

/**
 * A text's words keyed as towns compare, for a name that begins with a town's words: each word's cityKey (no case or
 * accents, "St" as Saint), the USPS's short forms of place words read beside their neighbours ("Pk" is Park in "Beach Pk",
 * pre-kindergarten's grade in "PK-12"). Words split at every character not a letter or digit, as nameWords splits them, after
 * foldedPlaceName drops dots and apostrophes ("O'Fallon" is one word, as the search box read it).
 * One reading for the search box and the districts-found page (review-final-44 M4: two copies split differently).
 *
 * @example
 * townWordKeys("Beach Pk") // ["beach", "park"]
 * townWordKeys("St. Louis Park, MN") // ["saint", "louis", "park", "mn"]
 */
export function townWordKeys(text: string): string[] {
  return placeWordsSpelledOut(
    foldedPlaceName(text)
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== "")
      .map(cityKey),
  );
}

/**
 * The key a city name compares by: no case, accents, dots, apostrophes, hyphens or spaces
 * (the records write USPS forms such as "O Fallon" and "Mc Indoe Falls"), and the usual
 * abbreviations spelled out.
 *
 * @example
 * cityKey("St. Mary's-of the Woods") // "saintmarysofthewoods"
 * cityKey("O'Fallon") === cityKey("O Fallon") // true
 */
export function cityKey(name: string): string {
  return placeWordsSpelledOut(foldedPlaceName(name).replace(/[^a-z0-9]+/g, " ").trim().split(" "), SPELLED_OUT).join("");
}

/**
 * An index of the records' cities (entries of /index.json: zip, city, state, district) that
 * finds the cities a typed text names, with or without its state's code or name after it; the
 * cities with the most ZIP codes first. With `withClose`, where towns have the very name typed, the
 * towns only close to it follow them, marked close (a small town's name one letter off a city's:
 * "Huston", pages audit 39 #4).
 *
 * @example
 * const search = citySearchIndex([{ zip: "02108", city: "Boston", state: "MA", district: "Boston School District" }], new Set(["MA"]));
 * search("boston, ma") // [{ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston School District" }] }]
 */
export function citySearchIndex(
  entries: Iterable<{ zip: string; city: string; state: string; district: string; county?: string }>,
  states: ReadonlySet<string>,
  stateNames: Readonly<Record<string, string>> = {},
): (typed: string, withClose?: boolean) => CityMatch[] {
  // "Fort Wayne, Indiana", "Boston, Mass.", "St Thomas, USVI": the state at the end (state-at-end.ts).
  const stateAtEnd = stateAtEndReader(states, (code) => stateNames[code] ?? "");
  const byName = new Map<string, CityMatch[]>();
  // Counties by their name without "County" ("Queens", "Orange"), for a name no town has.
  const byCounty = new Map<string, CityMatch[]>();
  const add = (index: Map<string, CityMatch[]>, key: string, name: string, state: string, zip: string, district: string, county?: true) => {
    const list = index.get(key) ?? index.set(key, []).get(key)!;
    let match = list.find((m) => m.state === state);
    if (match === undefined) list.push((match = { city: name, state, zips: [], ...(county ? { county } : {}) }));
    match.zips.push({ zip, district });
  };
  for (const { zip, city, state, district, county } of entries) {
    if (city !== "") add(byName, cityKey(city), city, state, zip, district);
    if (county) add(byCounty, cityKey(county.replace(COUNTY_WORD, "")), county, state, zip, district, true);
  }
  // Every word of every town's name ("north", "mount", "longmeadow"): a text of such words only is a
  // place before a town ("South Thetford VT": Thetford), not a misspelt town (North Thetford: review 35 #1).
  const townWords = new Set<string>();
  for (const list of byName.values()) for (const m of list) for (const w of m.city.toLowerCase().split(/[^a-z]+/)) if (w !== "") townWords.add(w);
  // How many towns' names end with a name's words ("valley": Spokane Valley, Apple Valley, …), by cityKey.
  const nameEnds = new Map<string, number>();
  for (const list of byName.values()) {
    const name = list[0]!.city.split(/[\s-]+/).filter((w) => w !== "");
    for (let i = 1; i < name.length; i++) nameEnds.set(cityKey(name.slice(i).join(" ")), (nameEnds.get(cityKey(name.slice(i).join(" "))) ?? 0) + 1);
  }
  const bySize = (list: CityMatch[]) => [...list].sort((a, b) => b.zips.length - a.zips.length || (a.state < b.state ? -1 : 1));
  /** The town a text names, with its state's code or name after it or not, that state, and how it was written. */
  const parse = (text: string): { state: string | undefined; town: string; form?: StateAtEnd["form"] } => {
    const read = stateAtEnd(text);
    return read === undefined ? { state: undefined, town: text } : { state: read.state, town: read.rest, form: read.form };
  };
  const exact = (text: string): CityMatch[] => {
    const { state, town } = parse(text);
    const found = state !== undefined ? (byName.get(cityKey(town)) ?? []).filter((m) => m.state === state) : [];
    return found.length > 0 ? found : (byName.get(cityKey(text)) ?? []);
  };
  // A misspelt town ("Cincinatti", "Albequerque"): the towns whose name is one or two letters
  // off (two for names of 9 letters or more), marked as close.
  const closeTo = (text: string): CityMatch[] => {
    const { state, town } = parse(text);
    const key = cityKey(state !== undefined ? town : text);
    if (key.length < 5) return [];
    const most = key.length >= 9 ? 2 : 1;
    const close: CityMatch[] = [];
    for (const [name, list] of byName) {
      if (Math.abs(name.length - key.length) > most || editDistanceAtMost(key, name, most) > most) continue;
      for (const m of list) if (state === undefined || m.state === state) close.push({ ...m, close: true });
    }
    return close;
  };
  // New York City ("NYC": its five boroughs) and a borough no town is named ("Manhattan": New
  // York, NY), with NY after it or nothing.
  const boroughs = (text: string): CityMatch[] => {
    const { state, town } = parse(text);
    // "City of New York" ends with a state's name but is the whole name.
    const names = NYC_NAMES[cityKey(text)] ?? (state === "NY" ? NYC_NAMES[cityKey(town)] : undefined) ?? [];
    return names.flatMap((b) => {
      const found = b.town !== undefined ? byName.get(cityKey(b.town)) : byCounty.get(cityKey(b.county!.replace(COUNTY_WORD, "")));
      const ny = found?.find((m) => m.state === "NY");
      return ny === undefined ? [] : [{ ...ny, borough: b.borough }];
    });
  };
  // A place by the name people type for it ("Philly", "LA, CA", "St Croix"), the records naming it otherwise.
  const otherwiseNamed = (text: string): { towns: CityMatch[]; first: boolean } => {
    const { state, town } = parse(text);
    // "LA, CA": the name with its place's state (not "LA, NV").
    const withState = state !== undefined ? PLACE_NAMES[cityKey(town)] : undefined;
    const place = PLACE_NAMES[cityKey(text)] ?? (withState?.state === state ? withState : undefined);
    if (place === undefined) return { towns: [], first: false };
    const towns = place.towns.flatMap((name) => (byName.get(cityKey(name)) ?? []).filter((m) => m.state === place.state).map((m): CityMatch => ({ ...m, nickname: true })));
    return { towns, first: place.first === true };
  };
  // The counties a text names ("Queens", "Orange County, California"), in the state typed if any; a
  // county word typed ("Jefferson Parish") keeps the counties of that word.
  const countiesNamed = (text: string): CityMatch[] => {
    const asCounty = parse(text);
    const countyTyped = (asCounty.state !== undefined ? asCounty.town : text).trim();
    const word = COUNTY_WORD.exec(countyTyped)?.[1]?.toLowerCase();
    return (byCounty.get(cityKey(countyTyped.replace(COUNTY_WORD, ""))) ?? []).filter(
      (m) => (asCounty.state === undefined || m.state === asCounty.state) && (word === undefined || m.city.toLowerCase().endsWith(word)),
    );
  };
  // Punctuation after the place ("Houston, Texas.": a phone's double space types ". "; "Dallas, TX,"):
  // no part of it, but the dot of a state's abbreviation ("Chicago, Ill.") is (pages audit 36 #1: "Houston,
  // Texas." listed the counties named Texas, "Dallas, TX." was a 400).
  const abbreviated = Object.values(STATE_ABBREVIATIONS).flat().filter((name) => name.endsWith("."));
  const withoutEndPunctuation = (text: string): string => {
    const t = text.trim().replace(/[\s,;:!?)\]]+$/, "");
    const lower = t.toLowerCase();
    const keepsDot = abbreviated.some((name) => lower.endsWith(name) && /[\s,]/.test(lower.at(-name.length - 1) ?? ""));
    return keepsDot ? t : t.replace(/[\s.,;:!?)\]]+$/, "");
  };
  // The towns of a name that have a ZIP code in one of the areas (a county, a borough): a town
  // typed before its county ("Astoria, Queens") is that town, not every town of the name.
  const townIn = (name: string, areas: readonly CityMatch[]): CityMatch[] => {
    const zips = new Set(areas.flatMap((a) => a.zips.map((z) => `${a.state}\t${z.zip}`)));
    return (byName.get(cityKey(name)) ?? []).filter((m) => m.zips.some((z) => zips.has(`${m.state}\t${z.zip}`)));
  };
  return (typed, withClose = false) => {
    // A country after the state, as an address copied from a map has it ("Springfield, IL, USA").
    const text = withoutEndPunctuation(withoutEndPunctuation(typed).replace(COUNTRY_AT_END, ""));
    if (text.length > MAX_TOWN_LENGTH) return [];
    const all = exact(text);
    const other = otherwiseNamed(text);
    if (other.towns.length > 0 && (all.length === 0 || other.first)) return [...other.towns, ...bySize(all.filter((m) => !other.towns.some((o) => o.city === m.city && o.state === m.state)))];
    // The borough first: "Manhattan" is New York, NY before Manhattan, KS.
    const nyc = boroughs(text);
    if (nyc.length > 0) return [...nyc, ...bySize(all)];
    if (all.length > 0) return withClose ? [...bySize(all), ...bySize(closeTo(text).filter((m) => !all.some((a) => a.city === m.city && a.state === m.state)))] : bySize(all);
    // A county's name ("Queens", "Orange County, California"), where no town has it: before the
    // towns after a comma ("California", KY) and those only close to it. A county word typed
    // ("Jefferson Parish") keeps the counties of that word.
    const counties = countiesNamed(text);
    if (counties.length > 0) return bySize(counties);
    // A pasted address without its ZIP code ("123 Main St, Springfield, IL"): the town after a
    // comma, the longest such end first.
    const afterCommas: string[] = [];
    const commas: number[] = [];
    for (let at = text.indexOf(","); at >= 0; at = text.indexOf(",", at + 1)) {
      afterCommas.push(text.slice(at + 1).trim());
      commas.push(at);
    }
    // The words before a comma (after the one before it, if any): "Astoria" of "31-10 Main St, Astoria, Queens".
    const beforeComma = (i: number) => text.slice(0, commas[i]).split(",").at(-1)!;
    // The state typed at the end, after its comma, is no town or county of its name ("1 Main St
    // Detroit, Michigan" listed Michigan, ND; "Houston, Texas" after a street the counties named
    // Texas: review 36 #1, 56 of 112 addresses of the largest towns with the state's name).
    const typedState = parse(text);
    const statePart = typedState.state !== undefined ? cityKey(text.slice(typedState.town.length)) : undefined;
    const isStatePart = (rest: string) => rest === "" || cityKey(rest) === statePart;
    for (const [i, rest] of afterCommas.entries()) {
      const found = isStatePart(rest) ? [] : exact(rest);
      // A borough after a neighbourhood ("Upper West Side, Manhattan"): New York's first, as typed alone (late review 35),
      // unless what is before it is a town of the borough ("Astoria, Queens", "Flushing, Queens": postal towns of Queens County).
      const nycAfter = isStatePart(rest) ? [] : boroughs(rest);
      const townOfBorough = nycAfter.length > 0 ? townIn(beforeComma(i), nycAfter) : [];
      if (townOfBorough.length > 0) return bySize(townOfBorough);
      // A town before its island ("Christiansted, St. Croix", "Cruz Bay, St John": Saint Croix, IN before, review 37 #5).
      const island = isStatePart(rest) ? [] : otherwiseNamed(rest).towns;
      const townOfIsland = island.length > 0 ? (byName.get(cityKey(beforeComma(i))) ?? []).filter((m) => island.some((t) => t.state === m.state)) : [];
      if (townOfIsland.length > 0) return bySize(townOfIsland);
      if (nycAfter.length > 0) return [...nycAfter, ...bySize(found)];
      if (found.length > 0) return bySize(found);
    }
    // A county no town is named after a town of it ("Bethesda, Montgomery County": Bethesda, MD) or after
    // a neighbourhood ("Harlem, New York County": its ZIP codes), the longest such end first.
    for (const [i, rest] of afterCommas.entries()) {
      const counties = isStatePart(rest) ? [] : countiesNamed(rest);
      const townOfCounty = counties.length > 0 ? townIn(beforeComma(i), counties) : [];
      if (townOfCounty.length > 0) return bySize(townOfCounty);
      if (counties.length > 0) return bySize(counties);
    }
    const { state, town } = typedState;
    // A town of the state typed whose name is a letter or two off the whole name, or off the name
    // after a comma: before the last words alone, which may be another town ("Nw York, NY" read
    // York, NY, a hamlet; "Wst Palm Beach, FL" Palm Beach: 521 of 3,000 big towns, pages audit 35 #1).
    // Only where a word typed is no word of any town's name ("Nw"): else the last words stand.
    const misspelt = (rest: string) => parse(rest).town.toLowerCase().split(/[^a-z]+/).some((w) => w !== "" && !townWords.has(w));
    if (state !== undefined) {
      for (const rest of [text, ...afterCommas]) {
        if (isStatePart(rest) || !misspelt(rest)) continue;
        const close = closeTo(rest).filter((m) => m.state === state);
        if (close.length > 0) return bySize(close);
      }
    }
    // Typed without commas ("14520 Sunrise Dr Bellevue WA"): with a state at the end, the town is
    // the last words before it, the most words first ("Salt Lake City UT", not "City UT").
    if (state !== undefined) {
      const words = town.trim().split(/[\s,]+/).filter((w) => w !== "");
      const townOf = (n: number) => (byName.get(cityKey(words.slice(-n).join(" "))) ?? []).filter((m) => m.state === state);
      const address = ADDRESS_START.test(text);
      // The words after the town's comma are its whole name at least ("123 Main St, Spokane Valley, WA": no Valley), unless they hold a unit ("…, Apt 4 Valley WA").
      const afterComma = town.includes(",") ? town.slice(town.lastIndexOf(",") + 1).trim().split(/\s+/).filter((w) => w !== "") : [];
      // (Nor after a direction, as without the street: "123 Main St, East Palo Alto, CA" is Palo Alto's page as "East Palo Alto, CA" is, review towns-43 M3.)
      const atLeast = afterComma.some((w) => /\d/.test(w) || UNIT_WORDS.test(w)) || DIRECTIONS.has((afterComma[0] ?? "").toLowerCase()) ? 1 : afterComma.length;
      for (let n = Math.min(words.length - 1, MAX_TOWN_WORDS); n >= Math.max(1, atLeast); n--) {
        // Without a house number, not words that end many towns' names ("Valley", "Park", "Hope"): "Spokane
        // Valley, WA" is a town no record names, not Valley, WA (unknownTownCandidates offers both); a
        // neighbourhood before its city stays the city ("Hyde Park Chicago IL", "South Thetford VT").
        // Only where that town of the state is small (Valley, WA, Park, KS, Hope, MN: one ZIP code each), and not after a
        // direction, a quadrant, Downtown-like words or a street ("Northwest Washington DC", "Georgetown Washington DC",
        // "West Salem OR", "Pennsylvania Ave NW Washington DC" keep their city: review towns-43 H2).
        const wordsBefore = words.slice(0, -n).map((w) => w.toLowerCase().replace(/[.,]+$/, ""));
        const placeBefore = wordsBefore.some((w) => DIRECTIONS.has(w) || STREET_WORDS.has(w) || AREA_WORDS.has(w));
        const small = townOf(n).every((m) => new Set(m.zips.map((z) => z.zip)).size <= SMALL_TOWN_ZIPS);
        if (!address && small && !placeBefore && (nameEnds.get(cityKey(words.slice(-n).join(" "))) ?? 0) >= NAME_END_OF_MANY) continue;
        // "100 Main St Paris OH": an "St" after a street's name ends the street, so the town after
        // it comes first (not Saint Paris, OH); after a street word ("Oak Ave St Petersburg") it is
        // the town's Saint, and Mt, Ft are always the town's ("Main Ave Mt Vernon": Mount Vernon).
        const first = words[words.length - n]!.toLowerCase().replace(/\.$/, "");
        const before = (words[words.length - n - 1] ?? "").toLowerCase().replace(/\.$/, "");
        const shorter = n > 1 && n < words.length && first === "st" && !STREET_WORDS.has(before) ? townOf(n - 1) : [];
        const found = shorter.length > 0 ? shorter : townOf(n);
        if (found.length > 0) return bySize(found);
      }
    }
    // Typed without commas or a state ("3205 S Rural Rd Tempe", "45 Oak Ave Evanston"): the town is
    // the last words after a house number and a street (pages audit 39 #1: 400 of 400 were 400s), and
    // a state's name no town of it comes before is a town's ("319 E 117th St New York": New York, NY).
    if (state === undefined || typedState.form === "name") {
      const found = townAfterStreet(text, (name) => byName.get(cityKey(name)) ?? []);
      if (found.length > 0) return bySize(found);
    }
    // A town before its county or borough without a comma ("Astoria Queens", "Bethesda Montgomery County MD",
    // "Astoria Queens, New York": before the state's name read as a town, review of the mends S2).
    const words = (state !== undefined ? town : text).trim().split(/[\s,]+/).filter((w) => w !== "");
    for (let n = 1; n <= Math.min(3, words.length - 1); n++) {
      const area = words.slice(-n).join(" ") + (state !== undefined ? `, ${state}` : "");
      const towns = townIn(words.slice(0, -n).join(" "), [...boroughs(area), ...countiesNamed(area)]);
      if (towns.length > 0) return bySize(towns);
    }
    // Whether a text is a town's name, after the words asking for its schools if any ("Ballard", "schools in
    // Ballard": Ballard, WV), not only its last word ("Capitol Hill": Hill, NH; review of stop 37 #6).
    const endsWithTown = (before: string) => byName.has(cityKey(before.trim().replace(/^.*\b(?:in|of|near|for)\s+/i, "")));
    // The state's name after a comma is a town's after all where nothing before it is one ("350 5th
    // Ave, New York", "Harlem, New York", "1 Main St, Indiana": New York, NY; Indiana, PA: review stop 36 #1).
    // Not where what is before it is a town's name elsewhere ("Ballard, Washington", "Fremont, Washington":
    // a neighbourhood of Seattle, not the towns named Washington, review of the mends 36 S1), but the
    // state's own town of its name stays ("Harlem, New York": New York, NY).
    for (const [i, rest] of afterCommas.entries()) {
      // (Only a state's name: "Colo." is no Colo, IA, nor "Ark." Ark, VA, review 37 #1.)
      const found = rest !== "" && typedState.form === "name" && isStatePart(rest) ? exact(rest) : [];
      const marked = found.map((m): CityMatch => ({ ...m, stateNamed: true }));
      const own = marked.filter((m) => m.state === typedState.state);
      if (own.length > 0) return bySize(own);
      if (found.length > 0 && !endsWithTown(beforeComma(i))) return bySize(marked);
    }
    return bySize(closeTo(text));
  };
}

/**
 * How many towns' names must end with a name for it to read, typed after other words without a house
 * number, as the end of a town's name rather than a town (Valley ends 120 names, Park 146, Hope 8;
 * Chicago 3, York 4: "Hyde Park Chicago IL" is Chicago).
 */
const NAME_END_OF_MANY = 5;

/** At most how many ZIP codes the town of a name's last words may have in the state typed for those words to be skipped so (Valley, WA has one; Washington, DC and Salem, OR many). */
const SMALL_TOWN_ZIPS = 2;

/** Words for a part of a town typed before it, besides directions ("Downtown Salem OR", "Old Town Washington, DC"). */
const AREA_WORDS = new Set("northeast northwest southeast southwest downtown uptown midtown town".split(" "));

/** Words that end a street's name: an "St" after one is a town's Saint ("Oak Ave St Petersburg"). */
const STREET_WORDS = new Set(
  "st street ave avenue rd road dr drive blvd boulevard ln lane way ct court pl place hwy highway pkwy parkway cir circle ter terrace trl trail sq square".split(" "),
);

/** Directions written after a street's name ("220 3rd St W Hector", "1600 Pennsylvania Ave NW Washington"). */
const DIRECTIONS = new Set("n s e w ne nw se sw north south east west".split(" "));

/** Words before a suite's, apartment's or room's number or letter. */
export const UNIT_WORDS = /^(?:suite|ste|apt|apartment|unit|rm|room|bldg|building|#)\.?$/i;

/** An address's start: a house number ("3205", "12B", "31-10"), or a PO box ("PO Box 13", "Box 13"). */
export const ADDRESS_START = /^(?:[0-9]+[a-z]?(?:-[0-9]+)?\s|(?:p\.?\s*o\.?\s*)?box\s+[0-9]+\s)/i;

/**
 * Whether a text reads as a street address: a house number or a PO box first, and for a house
 * number, a street word after it ("12 Oak St, Davie, FL"; not "9021 Beverly Hills", a ZIP code
 * short of a digit before its town: review of stop 42 #3).
 *
 * @example
 * isAddressShape("12 Oak St, Davie, FL") // true
 * isAddressShape("PO Box 12, Hoover, AL") // true
 * isAddressShape("9021 Beverly Hills") // false
 */
export function isAddressShape(text: string): boolean {
  const t = text.replace(/,/g, " ").trim();
  const start = ADDRESS_START.exec(t);
  if (start === null) return false;
  return /^\D/.test(start[0]) || t.slice(start[0].length).split(/\s+/).some((w) => STREET_WORDS.has(w.toLowerCase().replace(/\.$/, "")));
}

/**
 * Whether a word can end an address's street part, so that a town may follow it: a street word
 * ("Rd", "Ave.", "Street"), a direction after the street ("St W"), or a number ("Highway 99", "Box 250", "Suite 4").
 *
 * @example
 * endsAStreet("Rd.") // true
 * endsAStreet("Rural") // false
 */
export function endsAStreet(word: string): boolean {
  const w = word.toLowerCase().replace(/[.,]+$/, "");
  return STREET_WORDS.has(w) || DIRECTIONS.has(w) || /^#?[0-9]+[a-z]?$/.test(w);
}

/**
 * The towns an address typed without commas or a state ends with ("3205 S Rural Rd Tempe": the
 * towns named Tempe): after a house number or PO box and a street, the last words that name a
 * town (the most words first, "Westhampton Beach" before "Beach"), where a street word, a direction
 * or a number comes just before them (so "100 Pine Ridge" is no town "Ridge"); [] for other text.
 *
 * @example
 * townAfterStreet("45 Oak Ave Evanston", (name) => towns.get(name) ?? []) // the towns named Evanston
 * townAfterStreet("Evanston", …) // []
 */
function townAfterStreet(text: string, townsNamed: (name: string) => CityMatch[]): CityMatch[] {
  if (!ADDRESS_START.test(text.trim())) return [];
  const words = text.trim().split(/\s+/);
  const boxed = /^(?:p\.?\s*o\.?\s*)?box\s/i.test(text.trim());
  // At least the house number and one street word before the town.
  for (let n = Math.min(words.length - 2, MAX_TOWN_WORDS); n >= 1; n--) {
    // (Or a suite's or room's number or letter: "903 6th Avenue Ct NE Ste A Isanti".)
    const before = words[words.length - n - 1]!;
    const unit = UNIT_WORDS.test(words[words.length - n - 2] ?? "") && /^#?[0-9a-z-]{1,6}$/i.test(before);
    if (!endsAStreet(before) && !unit) continue;
    // A direction's letter after a street word is the street's ("1900 Kanawha Blvd. E. Charleston":
    // Charleston, not East Charleston, VT), as the USPS writes it; a direction spelled out may be the town's.
    const first = words[words.length - n]!.toLowerCase().replace(/\.$/, "");
    const streets = n > 1 && STREET_WORDS.has(before.toLowerCase().replace(/\.$/, "")) && /^(?:[nsew]|ne|nw|se|sw)$/.test(first);
    // The street before the town is more than a direction ("6101 W Madison" is a street with no town, not
    // the towns named Madison: review of the late commits 39 #1).
    // (A PO box has no street: "Box 250 Tempe"; a grid's numbers are a street: "2150 S 1300 E Salt Lake City",
    // review of the newest commits 39 #1.)
    const street = words.slice(1, words.length - n).map((w) => w.toLowerCase().replace(/[.,]+$/, ""));
    if (!boxed && street.every((w) => DIRECTIONS.has(w))) continue;
    const shorter = streets ? townsNamed(words.slice(-(n - 1)).join(" ")) : [];
    if (shorter.length > 0) return shorter;
    // Nor a lone street word or direction as a town ("420 Court Street": Street, MD; "306 Main St W": West).
    const lone = n === 1 ? words.at(-1)!.toLowerCase().replace(/[.,]+$/, "") : "";
    if (STREET_WORDS.has(lone) || DIRECTIONS.has(lone)) continue;
    const found = townsNamed(words.slice(-n).join(" "));
    if (found.length > 0) return found;
  }
  return [];
}

/** The word a county's name ends with (Census: County, Parish, Borough, Municipio…), and the "County" a person may type. */
export const COUNTY_WORD = /[\s,]+(county|parish|borough|census area|city and borough|municipio|municipality)[\s,]*$/i;

/**
 * The edit distance of two strings (insertions, deletions, substitutions, and a swap of two
 * neighbouring letters), or `most + 1` once it is sure to be larger than `most`.
 *
 * @example
 * editDistanceAtMost("cincinatti", "cincinnati", 2) // 2
 * editDistanceAtMost("boston", "denver", 1) // 2
 */
export function editDistanceAtMost(a: string, b: string, most: number): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > most) return most + 1;
    [before, previous] = [previous, row];
  }
  return Math.min(previous[b.length]!, most + 1);
}

/**
 * Whether a text looks like a Canadian postal code ("K1A 0B1"), which people type into a ZIP box too.
 *
 * @example
 * isCanadianPostcode("k1a0b1") // true
 */
export function isCanadianPostcode(typed: string): boolean {
  return /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/i.test(typed.trim());
}

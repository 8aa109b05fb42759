/**
 * The search box (`GET /zip?zip=`): what a text typed into it reads as, decided without HTTP. A
 * ZIP code (or ZIP+4, an address ending with one, a ZIP code before its town) goes to its page; a map
 * app's link with its place in it, to the /location page of that place; a
 * district's name to its page or the list of those of that name; a town's name ("Boston, MA",
 * "Raleigh schools") to the page of its ZIP codes; a state's code or name to its page; anything
 * else is a 400 page saying what the text reads as. app.ts turns the answer into a response.
 */
import { GENERIC_DISTRICT_WORDS, type DistrictRecord } from "@school-districts/core";
import { ADDRESS_START, cityKey, COUNTY_WORD, editDistanceAtMost, endsAStreet, isAddressShape, MAX_TOWN_WORDS, nameWords, townWordKeys, UNIT_WORDS, type CityMatch } from "./city-search.ts";
import { COUNTRY_AT_END } from "./state-at-end.ts";
import { clearDistrict, KIND_START, matchesExactly, namesADistrict, namesASchool, NEAR_ME, SCHOOLS_IN_PLACE, townAskedFor, type DistrictMatch } from "./district-search.ts";
import type { ErrorPageExtra, UnknownTown } from "./error-pages.ts";
import { districtsFoundPage, type NoPostOffice } from "./districts-found-page.ts";
import { townNameTyped, townPage, type ZipElsewhere } from "./town-page.ts";
import { districtHref, SEARCH_MAX_LENGTH } from "./layout.ts";
import { addressZip, typedZip } from "./near-path.ts";
import { linkPlace } from "./place-input.ts";
import { beforePhoneNumber } from "./phone-number.ts";
import { townBeforeYear } from "./year-at-end.ts";
import { countryAfterPlace, freelyAssociatedNamed, invalidZipDetail, searchTooLongDetail } from "./problems.ts";
import type { Site } from "./site.ts";
import type { StateSearch } from "./state-search.ts";

/** Nine digits ending a text, maybe before a full stop, comma or the country: a ZIP+4 typed without its dash (never a phone number a digit short: "Buckhead 303051234" is 30305). */
const DASHLESS_ZIP4 = /(?<![0-9])[0-9]{9}(?![0-9])[^0-9]*$/;

/** What the search box takes: a ZIP, or a ZIP+4 with a dash, a space or nothing between (the 5 digits kept). */
const SEARCHED_ZIP = /^([0-9]{5})(?:[-–—\s]?[0-9]{4})?$/;
/** "Schools in <place>" in Spanish ("escuelas en San Juan", "distrito escolar de Miami"): Puerto Rico's and many parents' language (pages audit 35 #7). */
const SPANISH_SCHOOLS_OF = /^(?:(?:las|los|el)\s+)?(?:(?:escuelas?|colegios?)(?:\s+p[úu]blic[ao]s?)?|distritos?\s+escolar(?:es)?)(?:\s+(?:en|de|del|para))?\s+(.*\p{L}.*)$/iu;
/** The same words after the place ("Houston distrito escolar", "Miami escuelas públicas"), as "Houston schools" reads (pages audit 37 #5: 400s, with or without "de"). */
const SPANISH_SCHOOLS_AFTER = /^(.*\p{L}.*?)\s+(?:(?:escuelas?|colegios?)(?:\s+p[úu]blic[ao]s?)?|distritos?\s+escolar(?:es)?)$/iu;
/** School words after a ZIP code ("90210 schools", "90210 public school district"). */
const ZIP_SCHOOL_WORDS = /[\s,]+(?:public\s+)?(?:schools?|school\s+districts?)$/i;
/** One symbol or emoji (with its joiners and variation selectors, or a keycap: "1️⃣"), or white space. */
const SYMBOL = "(?:[\\p{Extended_Pictographic}\\p{So}\\p{Sk}\\u200D\\uFE0F\\s]|[0-9#*]\\uFE0F?\\u20E3)";
/** Symbols and emoji at either end of a search. */
const EDGE_SYMBOLS = new RegExp(`^${SYMBOL}+|${SYMBOL}+$`, "gu");

/** Brackets and quotes around a ZIP code, and a "!" or "?" after it ("(02108)", "02108!": review 36 #4, a 400). */
const ZIP_WRAPPING = /^[("'“‘[]+|[)"'”’\]!?]+$/g;

/** Words before "schools" that say what kind of schools, not where ("magnet schools": not Magnet, NE: review 34 #7). */
const NO_TOWN = /^(?:the\s+)?(?:best|top|good|great|local|nearby|my|our|public|private|charter|magnet|catholic|christian|religious|parochial|independent|online|virtual|home|elementary|primary|middle|junior high|high|secondary|k-?12|all|district|county|city|state)$/i;

/** Schools with no place ("schools", "public schools", "good school districts"), as typed before "near me": NO_TOWN's words. */
function noPlaceSchools(text: string): boolean {
  // (In Spanish too: "escuelas cerca de mí".)
  const m = /^(?:(.*\S)\s+)?(?:schools?|school\s+districts?|escuelas?(?:\s+p[úu]blicas?)?|colegios?|distritos?\s+escolar(?:es)?)$/i.exec(text);
  return m !== null && (m[1] === undefined || NO_TOWN.test(m[1]));
}

/**
 * How many times more ZIP codes where people live a town must have than the town of a district's
 * very name in another state for "<town> schools" to mean it ("Chattanooga Public Schools": Chattanooga,
 * TN, 17, before the district of Chattanooga, OK, 1; "Franklin School District" keeps its district).
 */
const MUCH_LARGER_TOWN = 5;

/** What the search box needs of the site: its searches, and a ZIP code's record and whether a path has a page. */
export type SearchSite = Pick<Site, "states" | "stateName" | "citySearch" | "countiesNamed" | "countyTown" | "districtStudents" | "districtSearch" | "districtRespelled" | "districtsNamed" | "districtsInitialed" | "freelyAssociatedTown" | "postOfficeTowns" | "postal" | "facts"> & {
  record(zip: string): Pick<DistrictRecord, "city" | "state"> | undefined;
  hasPage(path: string): boolean;
};

/**
 * The search box's answer: a path to go to (303), a page (200; `town`: a town's page, worth
 * keeping by the text typed), or a text that is none of these (400, with what the page says it
 * reads as).
 */
type SearchAnswer =
  | { go: string }
  | { page: string; town?: true }
  | { invalid: { detail: string } & Pick<ErrorPageExtra, "meant" | "reads" | "country" | "respelled" | "unknownTown"> };

/**
 * The text typed, without the symbols and emoji around it ("🏫 90210", as a phone's keyboard
 * suggests them); only symbols typed are kept, as the page quotes them back.
 *
 * @example
 * searchedText(" 🏫 90210 ") // "90210"
 * searchedText("\u200B90210") // "90210" (a zero-width space copied with it)
 * searchedText("Ｂｏｓｔｏｎ, ＭＡ") // "Boston, MA"
 */
export function searchedText(asTyped: string): string {
  // Runs of white space as one space (a pasted address's line breaks), in one linear pass: the
  // readings' patterns never see a long run, on which some take quadratic time (review 35 #1:
  // 15,000 spaces took 5 s of the server's one thread).
  // Invisible format characters (a zero-width space or a byte-order mark that chat apps and web
  // pages copy along with a ZIP code: pages audit 35 #7) are no part of it.
  // Full-width letters and digits (a Japanese or Chinese keyboard's "Ｂｏｓｔｏｎ": review 40 #10) as their plain forms (NFKC).
  const trimmed = asTyped.normalize("NFKC").replace(/\p{Cf}/gu, "").replace(/\s+/g, " ").trim();
  // Longer than the box takes: not read at all (searchAnswer says so), not even for symbols.
  if (trimmed.length > SEARCH_MAX_LENGTH) return trimmed;
  return trimmed.replace(EDGE_SYMBOLS, "").trim() || trimmed;
}

/**
 * A ZIP code typed before its own town ("90210 Beverly Hills", "90210, Beverly Hills, CA"): the
 * ZIP code, where the town is its record's city (and the state its state); else undefined.
 *
 * @example
 * zipBeforeItsTown("90210 Beverly Hills", site, states)     // "90210"
 * zipBeforeItsTown("90210 Beverly Hills, Calif.", site, states) // "90210"
 * zipBeforeItsTown("90210 Boston", site, states)            // undefined
 */
export function zipBeforeItsTown(typed: string, site: Pick<SearchSite, "record" | "postal">, states: Pick<StateSearch, "typedAlone" | "atEnd">): string | undefined {
  const m = /^([0-9]{5})(?:-[0-9]{4})?[\s,]+(.+)$/.exec(typed);
  if (m === null) return undefined;
  // Its record's town, or, for a ZIP code with no record, its post office's (96960 Majuro).
  const place = site.record(m[1]!) ?? site.postal(m[1]!);
  if (place === undefined) return undefined;
  // The town alone, or with its state after it in any form ("Santa Fe" is no town "Santa" in
  // "FE": review 33c #5; "98101 Seattle, Washington", "…, WA, USA": review 36 #1; "…, Wash.",
  // "…, W. A.": review 37 #6), or the state alone ("02108, MA", "98101 Washington": review 36 #4).
  const same = (town: string) => cityKey(town) === cityKey(place.city);
  const text = m[2]!.replace(COUNTRY_AT_END, "").trim();
  const read = states.atEnd(text);
  return same(text) || states.typedAlone(text) === place.state || (read?.state === place.state && same(read.rest)) ? m[1] : undefined;
}

/**
 * An address ending with a ZIP code that is not of the state typed just before it ("Seattle, WA
 * 90210", "1 Main St, Boston, MA 02901": review 36 #2, they went to Beverly Hills' and Providence's
 * districts without a word), or that no record or post office has ("Boston, MA 99999"): the towns
 * typed (of that state), and the ZIP code with its own town; undefined where the ZIP code agrees,
 * no state is typed before a known ZIP code (a neighbourhood's name may be a town elsewhere:
 * "Hollywood 90028"), or no town is found.
 *
 * @example
 * addressElsewhere("Seattle, WA 90210", "90210", site, states) // { towns: [Seattle, WA], zip: { zip: "90210", place: "Beverly Hills, CA" } }
 * addressElsewhere("Beverly Hills, CA 90210", "90210", site, states) // undefined
 */
function addressElsewhere(typed: string, zip: string, site: Pick<SearchSite, "record" | "postal" | "citySearch">, states: Pick<StateSearch, "atEnd">): { towns: CityMatch[]; zip: ZipElsewhere } | undefined {
  // (With its dot: "Wash." is Washington's, "Wash" no state; "Birmingham, Ala." a town, review of the mends 37.)
  const before = placeBeforeZip(typed, zip);
  if (!/\p{L}/u.test(before)) return undefined;
  // The state at the end in any form ("Boston, MA", "Boston Ma" as a phone capitalises it, "Boston, Mass.",
  // "Charleston West Virginia": review 37 #3, each went to the other state's ZIP code without a word).
  // (A word read as a state that is none, "in", finds no town of it below.)
  const state = states.atEnd(before)?.state;
  const record = site.record(zip);
  const post = site.postal(zip);
  const known = record !== undefined || post !== undefined;
  if (known && (state === undefined || state === record?.state || state === post?.state)) return undefined;
  return townsBeforeZip(typed, zip, site, states);
}

/**
 * The towns of the name typed before an address's ZIP code (of the state typed, if one is), with that ZIP code and its own
 * town, for a town page that links the ZIP code first; undefined where no town has that name. Nine digits run together
 * after a place they are no ZIP+4 of are answered so ("Buckhead 303051234": Atlanta's 30305 linked first on Buckhead, GA's
 * page, review-loc-44 H1; it went to Buckhead, GA alone, read as a phone number).
 *
 * @example
 * townsBeforeZip("Buckhead 303051234", "30305", site, states) // { towns: [Buckhead, GA], zip: { zip: "30305", typedPlace: "Buckhead", place: "Atlanta, GA" } }
 * townsBeforeZip("Fells Point 212311234", "21231", site, states) // undefined: no town is so named
 */
function townsBeforeZip(typed: string, zip: string, site: Pick<SearchSite, "record" | "postal" | "citySearch">, states: Pick<StateSearch, "atEnd">): { towns: CityMatch[]; zip: ZipElsewhere } | undefined {
  const before = placeBeforeZip(typed, zip);
  if (!/\p{L}/u.test(before)) return undefined;
  const state = states.atEnd(before)?.state;
  const towns = site.citySearch(before).filter((t) => !t.close && !t.county && (state === undefined || t.state === state));
  if (towns.length === 0) return undefined;
  const own = site.record(zip) ?? site.postal(zip);
  return { towns, zip: { zip, typedPlace: before, ...(own === undefined ? {} : { place: `${own.city}, ${own.state}` }) } };
}

/** The words typed before an address's ZIP code, without the comma or space after them ("Seattle WA" of "Seattle WA 981011234"). */
function placeBeforeZip(typed: string, zip: string): string {
  const text = typed.normalize("NFKC");
  return text.slice(0, text.lastIndexOf(zip)).replace(/[\s,;]+$/, "");
}

/**
 * Whether a ZIP code read from an address's end is of the place typed before it: the state typed
 * is the ZIP code's, or, with no state, a town of that name is the ZIP code's town. Nine digits
 * without a dash are the ZIP code's page only so ("Seattle WA 981011234"); else a ZIP+4 said to be another
 * place's (nineDigitsNotOfPlace: "Boston 617555123").
 *
 * @example
 * zipOfPlaceTyped("Seattle WA 981011234", "98101", site, states) // true
 * zipOfPlaceTyped("Boston 617555123", "61755", site, states) // false: 61755 is Mackinaw, IL's
 */
function zipOfPlaceTyped(typed: string, zip: string, site: Pick<SearchSite, "record" | "postal" | "citySearch">, states: Pick<StateSearch, "atEnd">): boolean {
  const before = placeBeforeZip(typed, zip);
  const own = site.record(zip) ?? site.postal(zip);
  if (own === undefined || !/\p{L}/u.test(before)) return false;
  const state = states.atEnd(before)?.state;
  if (state !== undefined) return state === own.state;
  return site.citySearch(before).some((t) => !t.close && !t.county && t.state === own.state && cityKey(t.city) === cityKey(own.city));
}

/**
 * The ZIP code of a town typed ("South Canaan, PA", "South Canaan") that no record names but a
 * ZIP code of data/postal.csv does, its only one (a PO box's or a post office's: review of stop
 * 42 #3, they were said to be no town); with the state typed, that state's; else undefined, and
 * where the name is that of such towns in two states (Wilton, AL and MN).
 *
 * @example
 * postOfficeTownZip("South Canaan, PA", site, states) // "18459"
 * postOfficeTownZip("12 Main St, South Canaan, PA", site, states) // "18459"
 * postOfficeTownZip("South Canaan, NY", site, states) // undefined
 */
function postOfficeTownZip(typed: string, site: Pick<SearchSite, "postOfficeTowns">, states: Pick<StateSearch, "atEnd">): string | undefined {
  const whole = typed.replace(COUNTRY_AT_END, "").trim();
  // An address's town after its street and a comma ("12 Main St, South Canaan, PA").
  const text = isAddressShape(whole) && whole.includes(",") ? whole.slice(whole.indexOf(",") + 1).trim() : whole;
  const read = states.atEnd(text);
  const found = [...site.postOfficeTowns(text), ...(read === undefined ? [] : site.postOfficeTowns(read.rest).filter((p) => p.state === read.state))];
  return found.length === 1 ? found[0]!.zip : undefined;
}

/** Words of a district's, school's or county's name that no town's name has: such a text is no town no record names ("Douglas County Nebraska schools" keeps its county's page). */
const DISTRICT_NOT_TOWN = /\b(?:county|parish|borough|elementary|elem|high|middle|union|unified|academy|academies|charter|resa|isd|cisd|usd|cusd|esd|sd|boces|district|schools?|public|prep|preparatory|institute|learning|cooperative|consolidated|education)\b/i;

/**
 * The districts found for a district's or schools' phrase that names a state after other words, in that state only
 * ("North Idaho schools" listed North Union Local, OH, and North County Joint Union, CA: review of the final commits
 * 42 #4), with the words before the state's name in theirs (none left, the 400 says no district is named so); all of them where a district's name starts with the words
 * ("West Washington schools": West Washington School Corporation, IN) or no state is named.
 *
 * @example
 * inStateNamed("North Idaho schools", found, site, states) // the districts of Idaho among found
 */
function inStateNamed(typed: string, found: DistrictMatch[], site: Pick<SearchSite, "states" | "districtSearch" | "stateName" | "citySearch">, states: Pick<StateSearch, "atEnd">): DistrictMatch[] {
  const asked = found.length === 0 ? undefined : townAskedFor(typed, site.states);
  const at = asked === undefined ? undefined : states.atEnd(asked);
  if (at === undefined || at.rest.replace(/[\s,]+$/, "") === "" || found.some((d) => `${nameWords(d.district)} `.startsWith(`${nameWords(asked!)} `))) return found;
  // (Not one found by the state's name alone, without the words before it: "North Texas schools" is no Texas City ISD;
  // "Jeffco Colorado schools" keeps Jefferson County School District R-1.)
  // (A county's word is no word of its districts' names: "Oklahoma County Oklahoma schools" keeps Oklahoma City Public Schools.)
  const words = nameWords(at.rest).split(" ").filter((w) => w !== "" && !/^(?:county|parish|borough|township|twp)$/.test(w));
  const stateWords = nameWords(site.stateName(at.state));
  const has = (d: DistrictMatch, w: string) => ` ${nameWords(d.district)} `.includes(` ${w} `);
  const starts = (d: DistrictMatch, w: string) => `${nameWords(d.district)} `.startsWith(`${w} `);
  // The first word typed before the state ("Cutler Bay FL schools" is no Bay County: review towns-43 H4; "Canton Township
  // schools, MI" keeps Plymouth-Canton, "Mayfield Heights OH schools" Mayfield City SD), all of them after a region's word
  // ("West University Place TX schools" is no West ISD); or the town of the first words typed
  // ("Grosse Pointe Woods MI schools": Grosse Pointe Public Schools); or none of the words nor the state's (found by another
  // name: "Jeffco Colorado schools", Jefferson County School District R-1). Not one holding a word of a two-word state's name
  // without the whole name, unless typed ("Central New York schools" is no York Central School District: review towns-43 H3).
  const townFirst = words.slice(0, -1).map((_, i) => words.slice(0, words.length - 1 - i).join(" ")).filter((w) => site.citySearch(`${w}, ${at.state}`).some((t) => !t.close && !t.county && t.state === at.state && nameWords(t.city) === w));
  const stateParts = stateWords.split(" ");
  const partOfState = (d: DistrictMatch) => stateParts.length > 1 && !has(d, stateWords) && stateParts.some((w) => has(d, w) && !words.includes(w));
  const named = (d: DistrictMatch) =>
    (holdsWordTyped(d.district, words[0]!) && (words.length === 1 || !REGION_WORDS.has(words[0]!) || words.every((w) => holdsWordTyped(d.district, w)))) || townFirst.some((w) => starts(d, w)) || !words.concat(stateParts).some((w) => has(d, w));
  const inState = (list: readonly DistrictMatch[]) => list.filter((d) => d.state === at.state && named(d) && !partOfState(d));
  const kept = inState(found);
  // (Else those the words find in the state: the first found were other states', "North Gem School District 149" for "North Idaho".)
  const more = kept.length > 0 ? kept : inState(site.districtSearch(`${at.rest.replace(/[\s,]+$/, "")}, ${at.state}`).filter((d) => d.match !== "narrower"));
  // (Else the state's own district, of every part of it: "Central Hawaii schools", Hawaii Department of Education, as before.)
  const statewide = found.filter((d) => d.state === at.state && `${nameWords(d.district)} `.startsWith(`${stateWords} `) && nameWords(d.district).slice(stateWords.length).trim().split(" ").every((w) => STATEWIDE_WORDS.has(w)));
  return more.length > 0 ? more : statewide;
}

/** At most how many ZIP codes the town of an unknown town's first words has for a district named after it to be listed instead ("Grosse Pointe", MI; not Spokane, WA). */
const SMALL_FIRST_TOWN_ZIPS = 5;

/** The words after a state's name in the name of its one district of the whole state ("Hawaii Department of Education", "Puerto Rico Department of Education"). */
const STATEWIDE_WORDS = new Set(["department", "of", "education", "public", "schools", "school", "system"]);

/**
 * A town of two or more words typed with its state (or an address's, after its last comma) that no
 * record names ("Spokane Valley, WA", "New Hope, MN", "Roeland Park, KS": no post office has their
 * names), and the towns of that state named by its first words or its last words (Spokane, WA;
 * Valley, WA), the longest of each; undefined where the name is a town's, holds a digit, or no such
 * town is found.
 *
 * @example
 * unknownTownCandidates("Spokane Valley, WA", site, states) // { town: "Spokane Valley", stateName: "Washington", towns: [Spokane, WA; Valley, WA] }
 * unknownTownCandidates("Spokane, WA", site, states) // undefined
 */
function unknownTownCandidates(typed: string, site: Pick<SearchSite, "citySearch" | "stateName">, states: Pick<StateSearch, "atEnd">): UnknownTown | undefined {
  const at = states.atEnd(typed.replace(COUNTRY_AT_END, "").trim());
  if (at === undefined) return undefined;
  const rest = at.rest.replace(/[\s,]+$/, "");
  // An address's town is the words after its last comma ("123 Main St, Spokane Valley, WA").
  const name = ADDRESS_START.test(rest) ? (rest.includes(",") ? rest.slice(rest.lastIndexOf(",") + 1).trim() : "") : rest;
  // (A township's word is no word of its town's name: "Cheltenham Township PA schools" is Cheltenham's, review towns-43 H1.)
  const words = name.split(/[\s,]+/).filter((w) => w !== "");
  // (Every one: "Penn Township Township schools, PA" is Penn Township's, a word typed twice.)
  while (words.length > 1 && /^(?:township|twp\.?)$/i.test(words[words.length - 1]!)) words.pop();
  // (Not a district's or school's name: "Wayne RESA MI", "Antelope Valley Union High CA".)
  if (/\d/.test(name) || DISTRICT_NOT_TOWN.test(name) || words.length < 2 || words.length > MAX_TOWN_WORDS) return undefined;
  const townOf = (part: readonly string[]): CityMatch[] => {
    const town = part.join(" ");
    return site.citySearch(`${town}, ${at.state}`).filter((t) => !t.close && !t.county && t.state === at.state && cityKey(t.city) === cityKey(town));
  };
  // (Nor a town the search finds for the whole name in the state, close or by another spelling: "Cedar Rapid IA schools" is
  // Cedar Rapids, "Newton Centre MA schools" Newton Center, as without the school words: review towns-43 M1, M2.)
  if (townOf(words).length > 0 || site.citySearch(`${words.join(" ")}, ${at.state}`).some((t) => !t.county && t.state === at.state)) return undefined;
  const longest = (parts: readonly (readonly string[])[]) => parts.map(townOf).find((found) => found.length > 0) ?? [];
  const first = longest(words.slice(1).map((_, i) => words.slice(0, words.length - 1 - i)));
  const last = longest(words.slice(1).map((_, i) => words.slice(i + 1)));
  const towns = [...first, ...last.filter((t) => !first.some((f) => f.city === t.city))];
  return towns.length === 0 ? undefined : { town: name, stateName: site.stateName(at.state), towns: towns.map((t) => `${t.city}, ${t.state}`) };
}

/**
 * The answer for nine digits run together after a place whose ZIP code they do not begin with: a ZIP+4 typed without its
 * dash, not a phone number a digit short (review-loc-44 H1: "Buckhead 303051234" was read so, and answered as Buckhead, GA
 * alone). The towns of the name typed, the ZIP code typed linked first, as for "Seattle, WA 90210"; where no town has the
 * name, what the words alone answer if they name a district ("Naperville 203 617555123") or come with another state than
 * the ZIP code's ("Queens NY 981011234"), else the ZIP code's page ("Fells Point 212311234": Baltimore's 21231); undefined
 * where none of these is (a ZIP code no record or post office has, after words that answer nothing).
 *
 * @example
 * nineDigitsNotOfPlace("Buckhead 303051234", "30305", site, states) // { page: "…The ZIP code typed, 30305, is that of Atlanta, GA, not of Buckhead, GA…", town: true }
 * nineDigitsNotOfPlace("Fells Point 212311234", "21231", site, states) // { go: "/zip/21231" }
 */
function nineDigitsNotOfPlace(typed: string, zip: string, site: SearchSite, states: StateSearch): SearchAnswer | undefined {
  // (addressElsewhere would give townsBeforeZip's answer or none here: the place typed is not the ZIP code's.)
  const elsewhere = townsBeforeZip(typed, zip, site, states);
  if (elsewhere !== undefined) return { page: townPage(typed, elsewhere.towns, site.facts, { zipElsewhere: elsewhere.zip }), town: true };
  const before = placeBeforeZip(typed, zip);
  const alone = /\p{L}/u.test(before) ? searchAnswer(before, site, states) : undefined;
  const known = site.record(zip) !== undefined || site.postal(zip) !== undefined;
  const stateTyped = states.atEnd(before) !== undefined;
  // (A town page here is of towns only close to the name, or a neighbourhood's last word: "Fells Point" is no Wills Point, TX.)
  if (alone !== undefined && !("invalid" in alone) && (!known || stateTyped || !("town" in alone))) return alone;
  // (Never another state's ZIP code than the one typed, "Hollywood CA 617555123", nor one after a district's words or number,
  // "CHSD 218 617555123"; an address's house number is none, "1 Main St Fells Point 212311234".)
  const districtLike = namesADistrict(before, site.states) || (/[0-9]/.test(before) && !ADDRESS_START.test(before));
  return known && !stateTyped && !districtLike ? { go: `/zip/${zip}` } : undefined;
}

/**
 * What the search box answers for `typed` (searchedText of what was sent).
 *
 * @example
 * searchAnswer("90210-1234", site, states)       // { go: "/zip/90210" }
 * searchAnswer("Raleigh schools", site, states)  // { page: "<!doctype html>…School districts of the towns named “Raleigh”…" }
 * searchAnswer("asdf", site, states)             // { invalid: { detail: "…" } }
 */
export function searchAnswer(asked: string, site: SearchSite, states: StateSearch): SearchAnswer {
  // Longer than the form's box takes (a whole e-mail pasted, or a request made to be slow): said so, unread.
  if (asked.length > SEARCH_MAX_LENGTH) return { invalid: { detail: searchTooLongDetail(asked.length), reads: "long" } };
  // A map app's link pasted here, not into the location form ("https://waze.com/ul/hdp3wjztvf", "maps.google.com/?q=41.88,-87.62",
  // or after an app's Share words: links-43): that place's page, as the form answers it.
  const mapped = linkPlace(asked);
  if (mapped !== undefined) return { go: `/location?lat=${mapped.lat}&lon=${mapped.lon}` };
  // "Boston near me", "schools near me": the place, if one is named; else the location lookup,
  // which knows where the phone is (review 34c: 400 "not a ZIP code" for 103 of 120 big towns).
  // (A space first: "near me" alone is matched too.)
  const near = NEAR_ME.exec(` ${asked}`);
  const spoken = near === null ? asked : ` ${asked}`.slice(0, near.index).trim();
  if (near !== null && (spoken === "" || noPlaceSchools(spoken))) return { invalid: { detail: invalidZipDetail(asked, "/zip/02108"), reads: "near" } };
  // "Guam, Micronesia", "Saipan, Micronesia": Micronesia is also the region of Guam and the Northern
  // Marianas, which the service covers: the place alone (review 35 #3). "Majuro, Marshall Islands" and
  // "Colonia, Micronesia" (Yap's capital, not Colonia, NJ: A/B sweep 35) stay abroad.
  const after = countryAfterPlace(spoken);
  const inRegion = (state: string | undefined) => state === "GU" || state === "MP";
  const ours = after?.code === "FM" && (inRegion(states.typedAlone(after.place)) || site.citySearch(after.place).some((t) => !t.close && inRegion(t.state)));
  const place = ours ? after.place : spoken;
  // In Spanish, the place after the words, as "schools in <place>" reads.
  // (A comma, colon or "!" after it is no part of it: "Sioux Falls, SD," and "Huron, SD!" read "SD" as a school district, pages audit 36 #1.)
  const typed = (SPANISH_SCHOOLS_OF.exec(place)?.[1]?.trim() ?? SPANISH_SCHOOLS_AFTER.exec(place)?.[1]?.trim() ?? place).replace(/[\s,;:!?]+$/, "") || place;
  // A ZIP+4 copied from an address (90210-1234) goes to its 5-digit ZIP; a pasted address line that
  // ends with its ZIP code goes to that ZIP's page, which explains a ZIP code without a record (a
  // PO-box ZIP) or says it is unknown.
  // ("90210 schools": the ZIP code's page, as "schools 90210" is: review 35 #3.)
  // (A ZIP+4 without its dash opens its ZIP code only where it is of the town or state typed before it, "Seattle WA 981011234":
  // "Boston MA 617555123" and "Boston 617555123" opened 61755, Mackinaw, IL's, without a word: review-links-43 #5, review-mends-43 #2.)
  const read = addressZip(typed);
  const nineNotOfPlace = read !== undefined && DASHLESS_ZIP4.test(typed.normalize("NFKC")) && !zipOfPlaceTyped(typed, read, site, states);
  const nineAnswer = nineNotOfPlace ? nineDigitsNotOfPlace(typed, read, site, states) : undefined;
  if (nineAnswer !== undefined) return nineAnswer;
  const addressed = nineNotOfPlace ? undefined : read;
  const zip = SEARCHED_ZIP.exec(typed.replace(ZIP_WRAPPING, ""))?.[1] ?? SEARCHED_ZIP.exec(typed.replace(ZIP_SCHOOL_WORDS, ""))?.[1] ?? addressed ?? zipBeforeItsTown(typed, site, states);
  // An address whose ZIP code is not of the state typed before it ("Seattle, WA 90210"), or is none: the town's page, saying so.
  const addressedElsewhere = zip !== undefined && zip === addressed ? addressElsewhere(typed, zip, site, states) : undefined;
  if (addressedElsewhere !== undefined) return { page: townPage(typed, addressedElsewhere.towns, site.facts, { zipElsewhere: addressedElsewhere.zip }), town: true };
  if (zip !== undefined) return { go: `/zip/${zip}` };
  // A phone number after the town, not a ZIP+4 of it ("Ellicott City 410-555-1234", "Boston MA (617) 555-1234"): the town, as
  // typed without it (review-late-43 L1, L2: another state's district by its words, or "Nothing found" for Boston, MA).
  const beforePhone = beforePhoneNumber(typed);
  if (beforePhone !== undefined) return searchAnswer(beforePhone, site, states);
  // A year after a town and its state ("Canton OH class of 2021", "Salem, OR 1970"): the town, as "class of 2021 Canton OH"
  // reads, where the words alone answer (review-loc-44 M3: "Nothing found", Canton, OH never named).
  const beforeYear = townBeforeYear(typed, (text) => states.atEnd(text));
  const yearAnswer = beforeYear === undefined ? undefined : searchAnswer(beforeYear, site, states);
  if (yearAnswer !== undefined && !("invalid" in yearAnswer)) return yearAnswer;
  // A letter O for a zero, a space inside ("9OO11", "902 10"): the ZIP meant is named, if it has a page.
  const guess = typedZip(typed);
  // Not a number of an address whose state is another ("14520 Sunrise Dr Bellevue WA": 14520 is in New York).
  const stateTyped = /[\s,]([A-Za-z]{2})\.?$/.exec(typed)?.[1]?.toUpperCase();
  const elsewhere = (zip: string) => stateTyped !== undefined && site.states.has(stateTyped) && site.record(zip)?.state !== stateTyped;
  const meant = guess !== undefined && site.hasPage(`/zip/${guess}`) && !elsewhere(guess) ? `/zip/${guess}` : undefined;
  // Palau, Micronesia, the Marshall Islands: said to be outside the service, not a town of a close name.
  const country = freelyAssociatedNamed(typed) ?? site.freelyAssociatedTown(typed);
  if (country !== undefined) return { invalid: { detail: invalidZipDetail(typed, "/zip/02108"), reads: "abroad", country } };
  // A district's name ("Houston ISD", "Chicago Public Schools"): its page where one district is
  // meant, else the districts of that name; where none has it, a town of that very name (an
  // address on "Public School Rd"), never one of a close name (Houstonia, MO, for "Houston ISD").
  // Districts found only by part of the words typed wait for the towns: "123 Public School Rd,
  // Springfield, IL" is an address in Springfield, not Springfield School District 186 (review 33b #2).
  const districtNamed = namesADistrict(typed, site.states);
  const named = districtNamed ? site.districtSearch(typed) : [];
  const namedStrong = named.filter((d) => d.match !== "narrower");
  const schools = townSchools(typed, site, states, namedStrong, clearDistrict(typed, namedStrong), districtNamed);
  if (schools !== undefined) return schools;
  // Where no town's or county's schools are asked for, a phrase naming a state keeps its districts ("North Idaho schools").
  const districts = inStateNamed(typed, named, site, states);
  const strong = districts === named ? namedStrong : districts.filter((d) => d.match !== "narrower");
  const one = clearDistrict(typed, strong);
  // The same for its schools ("Spokane Valley WA schools" listed Park City's and other states' districts of a word of it),
  // where no district is meant or has the very words.
  const townAsked = districtNamed && one === undefined && !strong.some(matchesExactly) ? townAskedFor(typed, site.states) : undefined;
  const unknownTownsSchools = townAsked === undefined || NO_TOWN.test(townAsked) ? undefined : unknownTownCandidates(townAsked, site, states);
  // (Not where the list holds a district of that state named after the small town of its first words: "Grosse Pointe Woods MI
  // schools" keeps Grosse Pointe Public Schools, "Los Altos Hills CA schools" Los Altos ESD, review towns-43 H1. A big
  // city's district is its own: "Spokane Valley WA schools" is no Spokane Public Schools.)
  const small = (town: string) => site.citySearch(town).filter((t) => !t.close && `${t.city}, ${t.state}` === town).every((t) => new Set(t.zips.map((z) => z.zip)).size <= SMALL_FIRST_TOWN_ZIPS);
  // (Not a region's word: "West University Place TX schools" is no West ISD of West, TX.)
  // (Of two words or more: "Terrell Hills TX schools" is no Terrell ISD.)
  const firstTowns = unknownTownsSchools === undefined ? [] : unknownTownsSchools.towns.filter((t) => small(t) && nameWords(t.split(", ")[0]!).includes(" ")).map((t) => t.split(", ")).filter(([city]) => `${nameWords(unknownTownsSchools.town)} `.startsWith(`${nameWords(city!)} `));
  const namedAfterFirst = districts.some((d) => firstTowns.some(([city, state]) => d.state === state && `${nameWords(d.district)} `.startsWith(`${nameWords(city!)} `)));
  const askedState = townAsked === undefined ? undefined : states.atEnd(townAsked)?.state;
  // (Nor where it holds one of that state with every word typed, one perhaps a letter off.)
  const townWords = unknownTownsSchools === undefined ? [] : nameWords(unknownTownsSchools.town).split(" ");
  const holdsEveryWord = (d: DistrictMatch) => d.state === askedState && townWords.every((w) => holdsWordTyped(d.district, w));
  // (Or where none found does, a misspelt word being no name's, those of that state its first word finds that hold them
  // so, one a letter off: "Cleveland Hieghts OH schools" lists Cleveland Heights-University Heights, as before the
  // no-such-town page, not Cleveland Municipal. Not the words all spelt right: "Spokane Valley WA schools" is no East Valley
  // School District (Spokane) alone, Central Valley's left out.)
  const letterOff = (d: DistrictMatch) => !townWords.every((w) => nameWords(d.district).split(" ").includes(w));
  const spelledSo = unknownTownsSchools !== undefined && askedState !== undefined && !districts.some(holdsEveryWord) ? site.districtSearch(`${townWords[0]}, ${askedState}`).filter((d) => d.match !== "narrower" && holdsEveryWord(d) && letterOff(d)) : [];
  const namedSo = unknownTownsSchools !== undefined && (districts.some(holdsEveryWord) || spelledSo.length > 0);
  if (unknownTownsSchools !== undefined && !namedAfterFirst && !namedSo) return { invalid: { detail: invalidZipDetail(typed, "/zip/02108"), unknownTown: unknownTownsSchools } };
  if (one !== undefined) return { go: districtHref(one.leaid) };
  const districtsPage = (found: readonly DistrictMatch[]): SearchAnswer => ({ page: districtsFoundPage(typed, found, site.facts) });
  if (spelledSo.length > 0) return districtsPage(spelledSo);
  if (strong.length > 0) return districtsPage(strong);
  // A town found by its name comes before a ZIP guessed from the digits ("10001 Main St, Dallas,
  // TX" is Dallas, not New York's 10001); a town only close to what was typed, after it.
  const found = (/\p{L}/u.test(typed.replace(/[OolI]/g, "")) ? site.citySearch(typed) : []).filter((t) => !districtNamed || !t.close);
  const towns = meant === undefined || found.some((t) => !t.close) ? found : [];
  // A district's very name without the words that mark one ("Glenbrook HSD 225", "Munster School
  // Town"): its page, where no town has that name.
  const sameName = districtNamed ? [] : site.districtsNamed(typed);
  // (Not a town read from the state's name after a comma: "Regional School Unit 14, Maine" is the district, not Maine, NY, review 37 #1.)
  if (sameName.length === 1 && !found.some((t) => !t.close && !t.stateNamed)) return { go: districtHref(sameName[0]!.leaid) };
  // (After a district's very name: "Munster School Town, IN" opens it, review of the mends 37.)
  // A town with no post office of its name ("Hoover, AL", "Upper Arlington, OH": their homes have
  // Birmingham's and Columbus's ZIP codes): the districts of its state named after it, before towns only
  // close to it or named by its last word (Arlington, OH: pages audit 37 #1, 157 of 276 suburbs).
  // The same for an address's town after a comma ("123 Main St, Upper Arlington, OH" was Arlington, OH: pages audit 41 #1).
  const noPostOffice = districtNamed ? undefined : (townWithoutPostOffice(typed, site, states, found) ?? addressTownWithoutPostOffice(typed, site, states));
  if (noPostOffice !== undefined) return { page: districtsFoundPage(typed, noPostOffice.districts, site.facts, { noPostOffice }) };
  // A state's code or name typed ("TX", "Texas"): the state's page, unless towns have that very
  // name ("California", KY): then their page, with the state's linked first (not for a county
  // or a town only close to it: "Utah" is the state, not Utah County; "Alaska" not Akaska, SD).
  const state = states.typedAlone(typed);
  if (state !== undefined && !towns.some((t) => !t.close && !t.county)) return { go: `/state/${state}` };
  // A state's name misspelt ("Tennesee", "Conneticut"): the state where no town has that very
  // name; beside towns of a close name (Tennessee, IL), the state's link leads their page.
  // (Not a text with a comma: "Ary, Kansas" is no Arkansas, "Webb, Virginia" no West Virginia: review of stop 37 #6.)
  // (Nor a street typed alone: "128 S Kansas" is no Arkansas, review of the newest commits 39 #3.)
  const misspelt = state === undefined && !towns.some((t) => !t.close) && !typed.includes(",") && !ADDRESS_START.test(typed) ? states.speltClose(typed) : undefined;
  if (misspelt !== undefined && towns.length === 0) return { go: `/state/${misspelt}` };
  // A district's everyday name before towns only close to it ("McLean 5": McLean County Unit District 5, not McLean):
  // the words typed are its very words (pages audit 39 #1).
  const closeOnly = towns.length > 0 && towns.every((t) => t.close) && state === undefined && misspelt === undefined;
  // (Only where every word typed is a place's or a number: "For Worth" is Fort Worth misspelt.)
  const everydayFirst = closeOnly && !districtNamed && allWordsDistinctive(typed) ? everydayDistrictName(typed, site) : undefined;
  if (everydayFirst !== undefined) return everydayFirst;
  // A town whose only ZIP code is a post office's, typed by its very name, before towns only close to it or named by its
  // last words ("Still River, MA" was Mill River, "North Eastham, MA" Eastham: review of the final commits 42 #8).
  const atEnd = states.atEnd(typed);
  const veryName = (t: CityMatch) => !t.close && !t.county && [typed, atEnd?.rest ?? typed].some((name) => cityKey(t.city) === cityKey(name));
  // (Not an address: "1313 Utica St, Oriskany" is Oriskany, NY, not the post office of Oriskany, VA.)
  const postOfficeFirst = towns.length > 0 && !districtNamed && !ADDRESS_START.test(typed) && !towns.some(veryName) ? postOfficeTownZip(typed, site, states) : undefined;
  if (postOfficeFirst !== undefined) return { go: `/zip/${postOfficeFirst}` };
  if (towns.length > 0) {
    const stateShown = state ?? misspelt;
    return { page: townPage(typed, towns, site.facts, stateShown === undefined ? { larger: askedFirst(typed, towns, site) } : { state: { code: stateShown, name: site.stateName(stateShown) } }), town: true };
  }
  // No town: the districts with part of the words typed ("Springfield Lake Public Schools": Springfield's).
  if (districts.length > 0) return districtsPage(districts);
  // "Dallas County SD": no town of South Dakota; "SD" is the district's (review 33c #6).
  const asDistrict = !districtNamed && /\sSD\.?$/i.test(typed) ? site.districtSearch(typed.replace(/\s+SD\.?$/i, " School District")).filter((d) => d.match !== "narrower") : [];
  const sdOne = clearDistrict(typed, asDistrict);
  if (sdOne !== undefined) return { go: districtHref(sdOne.leaid) };
  if (asDistrict.length > 0) return districtsPage(asDistrict);
  // A district's initials, as parents call it ("HISD", "LAUSD", "DCPS"): the districts with them,
  // the most students first, always as a list, as NCES may name the one meant otherwise ("JCPS" is
  // Louisville's Jefferson County Public Schools, which NCES calls a School District: pages audit 34 #3).
  // (Also where the letters are a district word themselves: "CCSD", Clark County's, review 34b #2.)
  const initialed = site.districtsInitialed(typed);
  if (initialed.length > 0) return { page: districtsFoundPage(typed, initialed, site.facts, { initials: true }) };
  // "NYC school", "Raleigh school": read as "NYC schools" where that finds something (pages audit 39 #5: a 400).
  // (Not one school's name: "Lincoln Elementary School" stays the schools' 400.)
  const plural = districtNamed || namesASchool(typed) || !/\sschool$/i.test(typed) ? undefined : searchAnswer(`${typed}s`, site, states);
  if (plural !== undefined && !("invalid" in plural)) return plural;
  // ("Chicgo school": the plural's offer, "Chicago schools", review of the late commits 40 #3.)
  const pluralOffer = plural !== undefined && "invalid" in plural && plural.invalid.respelled !== undefined ? { respelled: plural.invalid.respelled } : undefined;
  // A district's everyday name without its kind words ("Klein", "Charlotte-Mecklenburg", "Naperville 203"),
  // or "X High School" for X High School District: the district, as "Klein schools" finds it (pages audit 39 #1).
  const everyday = districtNamed ? undefined : everydayDistrictName(typed, site);
  if (everyday !== undefined) return everyday;
  // A town whose only ZIP code is a post office's ("South Canaan, PA": 18459): that ZIP code's page, which says what it is.
  const postOffice = districtNamed ? undefined : postOfficeTownZip(typed, site, states);
  if (postOffice !== undefined) return { go: `/zip/${postOffice}` };
  // A town of several words no record names, typed with its state ("Spokane Valley, WA": its homes have Spokane's ZIP
  // codes): said so, with the towns of its first and last words there offered, never answered as Valley, WA.
  const unknownTown = districtNamed || namesASchool(typed) ? undefined : unknownTownCandidates(typed, site, states);
  if (unknownTown !== undefined) return { invalid: { detail: invalidZipDetail(typed, "/zip/02108"), unknownTown } };
  // ("schools in Ballard, WA" asks for a place, not a district of that name: the town's message, which says to type a neighbourhood's city.)
  const reads = districtNamed && !SCHOOLS_IN_PLACE.test(typed) ? "district" : namesASchool(typed) ? "school" : undefined;
  // A word of a district's or town's name one letter off ("Chicgo schools", "Austn ISD", "Seattle Public Schols"): the
  // text respelled is offered where it finds something (pages audit 40 #2: 453 of 457 large districts were lost so).
  // (Also where a district's word itself is misspelt: "Seattle Public Schols". Not a school's name, nor an address.)
  const respelled = pluralOffer === undefined && reads !== "school" && meant === undefined && !ADDRESS_START.test(typed) ? site.districtRespelled(typed) : undefined;
  // (Only a text that names a district once respelled: not "the woodlands" as "the woodland", nor "socal" as "local".)
  const again = respelled === undefined || !namesADistrict(respelled, site.states) ? undefined : searchAnswer(respelled, site, states);
  const offered = again !== undefined && !("invalid" in again) ? { respelled: respelled! } : (pluralOffer ?? {});
  return { invalid: { detail: invalidZipDetail(typed, "/zip/02108", meant), ...(meant === undefined ? {} : { meant }), ...(reads === undefined ? {} : { reads }), ...offered } };
}

/**
 * The district a text names by its everyday name, without the words that mark a district, where no
 * town, state or initials read it (pages audit 39 #1: 136 of the 988 largest districts' everyday names
 * were 400s): "X High School" is X High School District where one is named so ("Evanston Township High
 * School"), else the districts of the words typed, as "X schools" finds them ("Klein": Klein ISD;
 * "Naperville 203"; "District 204" a list); undefined for an address (a house number first), another
 * school's name ("Lincoln Elementary"), or words no district has as its very words ("asdf"; "Crystal, MN",
 * only within Lake Crystal-Wellcome Memorial's).
 *
 * @example
 * everydayDistrictName("Klein", site) // { go: "/district/4825740" }
 * everydayDistrictName("Evanston Township High School", site) // { go: "/district/1714490" }
 * everydayDistrictName("asdf", site) // undefined
 */
function everydayDistrictName(typed: string, site: SearchSite): SearchAnswer | undefined {
  // Not an address ("122-05 Smith St", "300A Greylock St.": review of the late commits 39 #4).
  if (ADDRESS_START.test(typed) || !/\p{L}/u.test(typed)) return undefined;
  const answer = (found: readonly DistrictMatch[]): SearchAnswer | undefined => {
    const one = clearDistrict(typed, found);
    if (one !== undefined) return { go: districtHref(one.leaid) };
    return found.length > 0 ? { page: districtsFoundPage(typed, found, site.facts) } : undefined;
  };
  if (/\bhigh\s+school$/i.test(typed)) {
    // The district named with these words and "District" (and its number: "Evanston Township High School District 202").
    const start = `${nameWords(typed)} district`;
    const highSchool = site.districtSearch(`${typed} District`).filter((d) => `${nameWords(d.district)} `.startsWith(`${start} `));
    // Where towns of another state have the name ("Troy High School": Troy, MT's district, and a Troy in 20 states), a
    // school of one of them may be meant: the district listed, not opened (review of the late commits 39 #2).
    const place = typed.replace(/\s+high\s+school$/i, "");
    const elsewhere = site.citySearch(place).some((t) => !t.close && !highSchool.some((d) => d.state === t.state));
    const found = elsewhere && highSchool.length > 0 ? { page: districtsFoundPage(typed, highSchool, site.facts) } : answer(highSchool.map((d) => ({ ...d, match: "name" as const })));
    if (found !== undefined) return found;
  }
  if (namesASchool(typed)) return undefined;
  // Only where a district has the very words typed: words found only within a longer name are
  // another place's ("Crystal, MN" in Lake Crystal-Wellcome Memorial: A/B sweep of the mends 37).
  const strong = site.districtSearch(typed).filter((d) => d.match !== "narrower");
  return strong.some(matchesExactly) ? answer(strong) : undefined;
}

/**
 * Whether every word of a text is a word that tells one district from another or a number (no
 * "Fort", "County", "Schools", no single letter): a district's everyday name as typed, not a town
 * misspelt ("For Worth").
 *
 * @example
 * allWordsDistinctive("McLean 5") // true
 * allWordsDistinctive("For Worth") // false
 */
function allWordsDistinctive(text: string): boolean {
  return nameWords(text)
    .split(" ")
    .every((w) => /^[0-9]+$/.test(w) || (w.length > 1 && !GENERIC_DISTRICT_WORDS.has(w)));
}

/**
 * Whether a district's name holds a word typed, or the word a letter off or shortened by one ("Cty" for City, "Prk" for
 * Park, "Hieghts" for Heights: review towns-43's A/B, "Park Cty UT schools" lost Park City School District).
 *
 * @example
 * holdsWordTyped("Park City School District", "cty") // true
 * holdsWordTyped("Bay County School District", "cutler") // false
 */
function holdsWordTyped(district: string, typed: string): boolean {
  return nameWords(district)
    .split(" ")
    .some((w) => w === typed || (typed.length >= 3 && w.length >= 3 && w[0] === typed[0] && editDistanceAtMost(typed, w, 1) <= 1));
}

/**
 * How many times more ZIP codes where people live a town a letter off the name typed must have than
 * every town of that very name to be offered first ("Huston": Huston, ID, 1 PO-box ZIP code, and
 * Houston, TX, 170).
 */
const MUCH_LARGER_CLOSE_TOWN = 10;

/** How many times more ZIP codes where people live a county must have than every town of its name to be asked about first ("Westchester"). */
const MUCH_LARGER_COUNTY = 10;

/**
 * How many times more ZIP codes where people live the largest county of a name typed with its county word must have
 * than the county of the one district found, in another state, for the districts to be listed with the counties, not
 * that district opened ("Kent County schools": Kent County, MI, 28, and Kent County Public Schools's Kent County, MD, 9).
 */
const MUCH_LARGER_COUNTY_ELSEWHERE = 3;

/** How many ZIP codes where people live a county must have for its bare name to be asked about ("Westchester", "Bergen", "Cook"). */
const BIG_COUNTY_ZIPS = 25;

/** A place's ZIP codes where people live: not PO-box ZIP codes (as the site marks them). */
function homes(place: CityMatch | undefined): number {
  return place?.zips.filter((z) => !z.poBox).length ?? 0;
}

/**
 * What a town's page asks about first ("Did you mean …?"), for a town's name typed alone: the counties
 * of that very name much larger than its towns (largerCounties), else, where those towns have no ZIP
 * code where people live, the much larger towns a letter off it (largerTownsLetterOff); none where a
 * state's name is typed ("Delaware") or the towns found are only close to it.
 *
 * @example
 * askedFirst("Westchester", westchesters, site) // [{ city: "Westchester County", state: "NY", county: true, zips: [...] }]
 * askedFirst("Huston", [hustonId], site) // [{ city: "Houston", state: "TX", close: true, zips: [...] }]
 * askedFirst("Boston", [bostonMa], site) // []
 */
function askedFirst(typed: string, towns: readonly CityMatch[], site: SearchSite): CityMatch[] {
  if (/\d/.test(typed) || towns.some((t) => t.close || t.county || t.nickname || t.borough !== undefined)) return [];
  const counties = largerCounties(typed, towns, site);
  return counties.length > 0 ? counties : largerTownsLetterOff(typed, towns, site);
}

/**
 * The counties of the very name typed ("Westchester": Westchester, IL, and West Chester, PA, are its
 * towns) with BIG_COUNTY_ZIPS ZIP codes where people live or more and MUCH_LARGER_COUNTY times those
 * of every town of the name, where no town of the name is in the county ("Alameda" is the city of Alameda
 * County, listed below; but Marion, IN, is not in Marion County, Indianapolis's): the two whose districts teach the most students, or none.
 * Not where a state's code or a comma is typed ("Bergen, NY" is the town), nor for the words spaced
 * otherwise ("West Chester" is no Westchester).
 *
 * @example
 * largerCounties("Westchester", westchesters, site) // [{ city: "Westchester County", state: "NY", county: true, zips: [...] }]
 * largerCounties("Alameda", alamedas, site) // []
 */
function largerCounties(typed: string, towns: readonly CityMatch[], site: SearchSite): CityMatch[] {
  if (townNameTyped(typed, towns) !== typed || typed.includes(",")) return [];
  // (Words as spaced, an apostrophe or full stop no break: "Saint Marys" is St. Mary's County's two.)
  const wordCount = (name: string) => name.replace(/['’.]/g, "").trim().split(/\s+/).length;
  const words = wordCount(typed);
  const largest = Math.max(...towns.map(homes));
  // (And more than all the towns of the name together: "Clinton", 26 towns' ZIP codes, asks no Clinton County, NY, of 25: review of stop 40 #3.)
  const floor = Math.max(BIG_COUNTY_ZIPS, MUCH_LARGER_COUNTY * largest, towns.reduce((sum, t) => sum + homes(t), 0) + 1);
  // (The ZIP codes of every county first, PO boxes too: no county below the floor is read further.)
  const big = site.countiesNamed(typed).filter((c) => c.zips.length >= floor && wordCount(c.city.replace(COUNTY_WORD, "")) === words);
  const counties = big.flatMap((c) => {
    const zips = new Set(c.zips.map((z) => z.zip));
    if (towns.some((t) => t.state === c.state && t.zips.some((z) => zips.has(z.zip)))) return [];
    const county = site.countyTown(c.city, c.state);
    return county !== undefined && homes(county) >= floor ? [county] : [];
  });
  // The two whose districts teach the most students, a measure of people the ZIP codes' count is not ("Jefferson": Jefferson
  // County, KY, Louisville's, with Alabama's, not Jefferson County, NY, of many rural ZIP codes: stop 40, left).
  const students = (county: CityMatch) => [...new Set(county.zips.filter((z) => !z.poBox && z.leaid).map((z) => z.leaid!))].reduce((sum, leaid) => sum + site.districtStudents(leaid), 0);
  return counties
    .map((county) => ({ county, students: students(county) }))
    .sort((a, b) => b.students - a.students || homes(b.county) - homes(a.county))
    .slice(0, 2)
    .map(({ county }) => county);
}

/**
 * The towns a letter off the name typed that are much larger than every town of that very name, where
 * those have no ZIP code where people live (pages audit 39 #4: "Huston", a PO box in Idaho, never offered
 * Houston; a town with homes is likely meant as typed: review of the newest commits 39 #2, "Lewisville"
 * asked "Louisville, KY?"): the two largest such, or none.
 *
 * @example
 * largerTownsLetterOff("Huston", [hustonId], site) // [{ city: "Houston", state: "TX", close: true, zips: [...] }]
 * largerTownsLetterOff("Lewisville", [lewisvilleTx], site) // []
 */
function largerTownsLetterOff(typed: string, towns: readonly CityMatch[], site: SearchSite): CityMatch[] {
  if (towns.some((t) => homes(t) > 0)) return [];
  const typedKey = cityKey(townNameTyped(typed, towns));
  // (The scan of every town's name, a few milliseconds, only here.)
  const close = site.citySearch(typed, true).filter((t) => t.close && !t.county && homes(t) >= MUCH_LARGER_CLOSE_TOWN && editDistanceAtMost(typedKey, cityKey(t.city), 1) <= 1);
  return close.sort((a, b) => homes(b) - homes(a)).slice(0, 2);
}

/** The words that may follow a town's in the name of a district named after it: its kind's (KIND_START) or its place's ("City", "Township", "Borough", "Area", "County"). */
const NAME_KIND_START = new Set([...KIND_START, "city", "town", "township", "borough", "village", "area", "county", "parish", "metropolitan", "isd", "usd", "cusd", "sd", "unified"]);

/** The words a district's place may add to the town it is named after ("Nordonia Hills City"): a place's kind. */
const PLACE_SUFFIX = new Set(["hills", "heights", "valley", "park"]);

/** Words of a region, not a town's name alone ("North Pennsylvania schools" is no town "North" of North Hills School District). */
const REGION_WORDS = new Set("north south east west northern southern eastern western northeast northwest southeast southwest upper lower mid central greater new rural".split(" "));

/** Whether a town found is one with a post office of the very name, in the state ("Arlington", OH; not Arlington for "Upper Arlington"). */
function isPostOfficeTown(found: readonly CityMatch[], name: string, state: string): boolean {
  return found.some((t) => !t.close && t.state === state && cityKey(t.city) === cityKey(name));
}

/**
 * A town typed with its state after a comma or as a code ("Hoover, AL", "Hoover, Alabama", "Hoover AL")
 * that no town found has the very name of, and the districts of that state whose names start with its
 * words (Hoover City School District); undefined where a town, a place people call so, a county or a
 * borough has the name, nothing reads as a state at the end, the text holds a digit
 * (an address: its town is the last words) or no district is named so.
 */
function townWithoutPostOffice(typed: string, site: SearchSite, states: StateSearch, found: readonly CityMatch[] = site.citySearch(typed)): (NoPostOffice & { districts: DistrictMatch[] }) | undefined {
  const at = states.atEnd(typed);
  if (at === undefined || at.rest === "" || /\d/.test(at.rest) || at.rest.split(/\s+/).length > MAX_TOWN_WORDS) return undefined;
  // The state after a comma, or its code: a name after a space may be the town's own ("West Washington",
  // "North Washington", IA; "Old California": A/B sweep of the mends 37, read as a town "West" of Washington).
  if (at.form !== "code" && !/^\s*,/.test(typed.trim().slice(at.rest.length))) return undefined;
  if (isPostOfficeTown(found, at.rest, at.state) || found.some((t) => !t.close && cityKey(t.city) === cityKey(typed))) return undefined;
  // Nor a place people call so, a county or a borough ("LA, CA", "St Croix, VI", "DeKalb, GA": review of stop 37 #3, #4),
  // nor initials ("RED AZ": #7).
  if (found.some((t) => t.nickname || t.county || t.borough !== undefined) || /^[A-Z]{2,6}$/.test(at.rest)) return undefined;
  // A name or a part of it between hyphens starting with the town's words (Upper Arlington City, Rosemount-Apple
  // Valley-Eagan), not one holding them after another place's (Lake Crystal-Wellcome Memorial for Crystal, MN).
  // (Each word's key, then "Pk" read beside its neighbours as a whole name's is: "Beach Pk, IL" as "Beach Park, IL".)
  const town = townWordKeys(at.rest);
  // (The town's words whole: the name's next word begins its kind, "Clayton School District", "Upper Arlington City", or
  // another place's, after a hyphen; not "North East ISD" for "North Texas schools", review of the mends 42 #3.)
  const namedAfter = (name: string) =>
    name.split("-").some((part) => {
      const partWords = townWordKeys(part);
      const next = partWords[town.length];
      // (Or a number's or a letter's, Missouri's "Kirkwood R-VII", "Raytown C-2", "No. 1".)
      if (partWords.slice(0, town.length).join(" ") !== town.join(" ")) return false;
      if (next === undefined || /^(?:\d.*|[a-z]|[ivx]+|no)$/.test(next) || NAME_KIND_START.has(next)) return true;
      // (Or one word of a place's kind before the district's kind, where no town of the state has the longer name: "Nordonia, OH"
      // is Nordonia Hills City School District, review of the final commits 42 #5; not for a region's word, "North, PA" of North
      // Hills School District, nor where the longer name is a town's, Hoosick Falls for "Hoosick, NY".)
      const after = partWords[town.length + 1];
      return PLACE_SUFFIX.has(next) && !town.every((w) => REGION_WORDS.has(w)) && (after === undefined || NAME_KIND_START.has(after)) && !isPostOfficeTown(site.citySearch(`${at.rest} ${next}, ${at.state}`), `${at.rest} ${next}`, at.state);
    });
  const districts = site.districtSearch(`${at.rest}, ${at.state}`).filter((d) => d.state === at.state && d.match !== "narrower" && namedAfter(d.district));
  return districts.length === 0 ? undefined : { town: at.rest, stateName: site.stateName(at.state), towns: found.filter((t) => t.state === at.state), districts };
}

/**
 * townWithoutPostOffice for the town of an address typed without its ZIP code, after a comma ("123 Main St, Upper
 * Arlington, OH", "12 Oak St, Apt 4, East Grand Rapids, MI"): the first text after a comma that reads as such a town;
 * without commas ("123 Main St Upper Arlington OH", "PO Box 12 Mount Lebanon PA"), the first words after a word that
 * can end a street (endsAStreet) that read so with the state typed at the end.
 */
function addressTownWithoutPostOffice(typed: string, site: SearchSite, states: StateSearch): (NoPostOffice & { districts: DistrictMatch[] }) | undefined {
  if (!ADDRESS_START.test(typed)) return undefined;
  for (let at = typed.indexOf(","); at >= 0; at = typed.indexOf(",", at + 1)) {
    const rest = typed.slice(at + 1).trim();
    const found = /\d/.test(rest) ? undefined : townWithoutPostOffice(rest, site, states);
    if (found !== undefined) return found;
  }
  // (After its last comma, if any: "123 Main St Upper Arlington, OH". Not after the house number: "12 Upper Arlington OH" names no street.)
  const state = states.atEnd(typed);
  const words = state?.rest.replace(/,\s*$/, "").split(",").at(-1)!.trim().split(/\s+/) ?? [];
  const inState = (town: string) => `${town}, ${state!.state}`;
  // The longest last words that are a town with a post office of their name: a suburb's name is longer ("Upper Arlington",
  // not Arlington), as the words of a street are not part of it ("E" of "200 Fulton St E Grand Rapids MI", "Apt B" of
  // "12 Main St Apt B North Olmsted OH": review 42 #2, they listed East Grand Rapids's and Olmsted Falls's districts).
  const postOffice = words.findIndex((_, j) => {
    const town = words.slice(j).join(" ");
    return j > 0 && j >= words.length - MAX_TOWN_WORDS && !/\d/.test(town) && isPostOfficeTown(site.citySearch(inState(town)), town, state!.state);
  });
  const end = postOffice === -1 ? words.length - 1 : postOffice - 1;
  for (let i = 1; i < end; i++) {
    const town = words.slice(i + 1).join(" ");
    // (Or a unit's letter after its word: "12 Main St Apt B Clayton MO", review of the mends 42 #4.)
    const unit = UNIT_WORDS.test(words[i - 1]!) && /^#?[0-9a-z-]{1,6}$/i.test(words[i]!);
    // (Not a town starting with a direction's letter or a unit's: "W St Paul" of "1600 University Ave W St Paul MN" is Saint Paul.)
    if ((!endsAStreet(words[i]!) && !unit) || /\d/.test(town) || /^(?:[a-z]|[ns][ew])\.?$/i.test(words[i + 1]!)) continue;
    const found = townWithoutPostOffice(inState(town), site, states);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A town's name with words any district has ("Raleigh schools", "Tampa public schools", "Raleigh,
 * NC school district"): the page of the towns of that name and their ZIP codes' districts, or the
 * one district meant (`one`) where it serves the town of that name with the most ZIP codes
 * ("Seattle schools"), never a namesake elsewhere (Raleigh County, WV) or a dead end (pages audit
 * 34 #1). A district's very name keeps its own search unless the town is in another state and much
 * larger: then it is linked first ("Chattanooga Public Schools" is Oklahoma's; Chattanooga, TN's
 * are Hamilton County's). Undefined where the text asks for no town's schools.
 */
function townSchools(typed: string, site: SearchSite, states: StateSearch, strong: readonly DistrictMatch[], one: DistrictMatch | undefined, districtNamed: boolean): SearchAnswer | undefined {
  const townAsked = districtNamed ? townAskedFor(typed, site.states) : undefined;
  if (townAsked === undefined || NO_TOWN.test(townAsked)) return undefined;
  // A state's schools ("Ohio schools", "Texas public schools", review 34 #2): its page, or where
  // towns have that very name (Ohio, IL), theirs with the state's linked first, as for "Ohio" alone.
  const state = states.typedAlone(townAsked);
  // In the state typed after a comma, if any ("Columbus City Schools, Ohio": not Ohio, IL, a town of the state's name).
  const askedIn = townAsked.includes(",") ? states.typedAlone(townAsked.slice(townAsked.lastIndexOf(",") + 1)) : undefined;
  const found = site.citySearch(townAsked).filter((t) => !t.close && (askedIn === undefined || t.state === askedIn));
  // A town with no post office of its name, its state typed ("Clayton MO schools", "Upper Arlington OH schools"): the
  // districts of that state named after it, as "Clayton, MO" finds them (pages audit 41 #3: Clayton County, GA, came
  // first; Upper Arlington's were Arlington, OH's, a town matched by its last word), or the one meant where it is of them.
  // (Not a county's name typed without its word: "Cook IL schools" keeps Cook County's page, townWithoutPostOffice.)
  // (Its state's name after a space, "Clayton Missouri schools", read as after a comma: with school words after it, the
  // words before are no town of the state's name ("West Washington" alone), but not where a district's name starts with
  // them all, "West Washington schools": West Washington School Corporation, IN. Review 42 #7.)
  const named = states.atEnd(townAsked);
  const ownName = strong.some((d) => `${nameWords(d.district)} `.startsWith(`${nameWords(townAsked)} `));
  const townInState = named?.form === "name" && !townAsked.includes(",") && named.rest !== "" && !ownName ? `${named.rest}, ${named.state}` : undefined;
  const asTyped = state === undefined ? townWithoutPostOffice(townAsked, site, states) : undefined;
  const noPostOffice = asTyped ?? (state === undefined && townInState !== undefined ? townWithoutPostOffice(townInState, site, states) : undefined);
  const meantAmong = one !== undefined && noPostOffice?.districts.some((d) => d.leaid === one.leaid) === true;
  if (noPostOffice !== undefined && (asTyped !== undefined || one === undefined || meantAmong)) {
    return meantAmong ? { go: districtHref(one!.leaid) } : { page: districtsFoundPage(typed, noPostOffice.districts, site.facts, { noPostOffice }) };
  }
  // A county's schools where no town and no district has the name ("Queens schools": review 34 #6).
  // (A borough that is a county is New York City's own: "NYC schools" keeps Queens, pages audit 39 #5.)
  // A county asked for by its word ("Tarrant County schools") keeps its counties where no district is named after them
  // (review 40 #1: they were dropped for any district with the words, and Tarrant City School District, AL, opened;
  // "Westchester County schools" an Illinois district). Where districts are, those, as before ("Montgomery County
  // schools": Montgomery County Public Schools, MD, first); listed with the counties, not one opened, where a county of
  // the name in another state is much larger than the district's ("Kent County schools" opened Kent County Public
  // Schools, MD, never naming Grand Rapids's Kent County, MI).
  const counties = COUNTY_WORD.test(townAsked.replace(/,[^,]*$/, "")) ? found.filter((t) => t.county) : [];
  const afterCounty = counties.length > 0 ? strong.filter((d) => counties.some((c) => ` ${nameWords(d.district)} `.includes(` ${nameWords(c.city)} `))) : [];
  const countyAsked = counties.length > 0 && afterCounty.length === 0;
  const largest = counties[0];
  const largerElsewhere =
    one !== undefined && one.match !== "name" && largest !== undefined && largest.state !== one.state && homes(largest) >= MUCH_LARGER_COUNTY_ELSEWHERE * Math.max(1, homes(counties.find((c) => c.state === one.state)));
  if (afterCounty.length > 0 && largerElsewhere && state === undefined) return { page: districtsFoundPage(typed, strong, site.facts, { counties }) };
  const towns = !countyAsked && (found.some((t) => !t.county) || strong.length > 0) ? found.filter((t) => !t.county || t.borough !== undefined) : found;
  const veryName = strong.filter((d) => d.match === "name");
  // (A district's very name is its own: "District of Columbia Public Schools".)
  // (A state's name that only counties have, "Texas schools near me": Texas County, review 34c #3; the state.)
  if (towns.length === 0 || (state !== undefined && towns.every((t) => t.county))) return state === undefined || veryName.length > 0 ? undefined : { go: `/state/${state}` };
  const stateShown = state === undefined ? undefined : { code: state, name: site.stateName(state) };
  // (A city much larger than the very name's own town: Chattanooga, TN's 17 ZIP codes to Chattanooga, OK's 1.)
  const muchLarger = (t: CityMatch) => veryName.every((d) => d.state !== t.state && homes(t) >= MUCH_LARGER_TOWN * Math.max(1, homes(towns.find((o) => o.state === d.state))));
  if (veryName.length > 0 && !muchLarger(towns[0]!)) return undefined;
  const servedBy = (list: readonly CityMatch[]) => new Set(list.flatMap((t) => t.zips.flatMap((z) => [z.leaid, ...(z.high ? [z.high.leaid] : [])])));
  // (For a county asked for, only the district of every ZIP code of the largest county of the name: "Monongalia County
  // schools" is Monongalia School District; "El Paso County schools" are several districts', of two counties.)
  const servesFirst = servedBy(towns.slice(0, 1));
  if (one !== undefined && state === undefined && servesFirst.has(one.leaid) && (!countyAsked || servesFirst.size === 1)) return { go: districtHref(one.leaid) };
  const served = servedBy(towns);
  // (A city's short name, "LA", shares its letters with many names: no namesakes for it.)
  const namesakes = towns.some((t) => t.nickname) ? [] : strong.filter((d) => !served.has(d.leaid) && d.match !== "name");
  return { page: townPage(typed, towns, site.facts, { ...(stateShown === undefined ? {} : { state: stateShown }), schools: { town: townAsked, named: veryName, namesakes } }) };
}

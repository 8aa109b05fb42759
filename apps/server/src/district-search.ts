/**
 * A district's name typed into the search box ("Houston ISD", "Chicago Public Schools", "Los
 * Angeles Unified"): the district of that very name, else the districts whose name has the same
 * distinctive words (the place, not "county", "unified" or "schools"), so the box answers with
 * the district's page, or a short list, instead of a town with a close name (Houstonia, MO) or a
 * dead end. A state's code at the end is the state ("Rapid City, SD" is a town; review 33 #1).
 */
import { distinctiveDistrictWords, GENERIC_DISTRICT_WORDS } from "@school-districts/core";
import { editDistanceAtMost, placeWordsSpelledOut } from "./city-search.ts";
import { ownTable } from "./own-table.ts";
import { COUNTRY_AT_END, stateAtEndReader } from "./state-at-end.ts";

/** A district the search can offer: as `/state/{state}/districts.json` lists it. */
export interface DistrictMatch {
  leaid: string;
  district: string;
  state: string;
  county: string;
  /** "12,345", "" where not reported */
  students: string;
  /**
   * How its name matches what was typed: "name", the very name (case, punctuation and the
   * abbreviations St., Mt., Ft. aside); "words", the same distinctive words; "wider", more words
   * than typed (Memphis-Shelby County Schools for "Shelby County Schools"); "narrower", part of
   * the words typed (Beverly Public Schools, MA, for "Beverly Hills Unified").
   */
  match: "name" | "words" | "wider" | "narrower";
}

/** A district as the index is given it: with its web address where known, whose initials it goes by (webInitials). */
export type IndexedDistrict = Omit<DistrictMatch, "match"> & { website?: string };

/**
 * Words that say a typed text names a school district, not a town: "Houston ISD", "Denver Public
 * Schools", "Beverly Hills Unified", "Cobb County School District", "RSU 10", "Alhambra
 * Elementary District", "Lamoille North Supervisory Union".
 */
const DISTRICT_WORDS =
  /\b(isd|cisd|usd|cusd|ccsd|ufsd|csd|sd|unified|schools|school districts?|school systems?|school corporation|school city|public school|rsu|msad|sau|k-12|supervisory union|board of education|department of education|(elementary|unit|union|consolidated|accommodation|regional|joint|community|county|city|independent|public|free|high school|special) district)\b/i;

/** Words that say a typed text names one school ("Lincoln High School", "Jefferson Elementary"). */
const SCHOOL_WORDS = /\b(high school|middle school|elementary school|junior high|academy|elementary|high|middle|primary school|charter school)\b/i;

/** The kind words of a name that narrow a search where the place is shared ("Houston ISD", not Houston County Schools). */
const KINDS: readonly [RegExp, RegExp][] = [
  [/\b(isd|independent)\b/i, /\b(isd|independent)\b/i],
  [/\b(cisd)\b/i, /\b(cisd|consolidated independent)\b/i],
  [/\b(usd|unified)\b/i, /\b(usd|unified)\b/i],
  [/\b(cusd|community unit)\b/i, /\b(cusd|community unit)\b/i],
  [/\bcounty\b/i, /\bcounty\b/i],
  [/\bcity\b/i, /\bcity\b/i],
  // ("NYC DOE" is New York City's Department of Education, not New York R-IV: pages audit 39 #5.)
  [/\b(doe|department of education)\b/i, /\bdepartment of education\b/i],
];

/**
 * A typed text without the state's code at its end, and that state, where one of `states` ends it
 * after a comma or a space ("Springfield Public Schools, MO"; "Rapid City, SD": the state, not a
 * school district's "SD").
 *
 * @example
 * withoutState("Rapid City, SD", new Set(["SD"])) // { text: "Rapid City", state: "SD" }
 */
export function withoutState(typed: string, states: ReadonlySet<string>): { text: string; state?: string } {
  const trimmed = typed.trim();
  const m = /^(.*\S)(?:,\s*|\s+)([A-Za-z]{2})\.?$/.exec(trimmed);
  const code = m?.[2]?.toUpperCase();
  return m !== null && code !== undefined && states.has(code) ? { text: m[1]!.replace(/,$/, ""), state: code } : { text: trimmed };
}

/** Words after a search that say where the person is ("near me"), no place. */
export const NEAR_ME = /[\s,]+(?:near\s*(?:me|by|here)|nearby|around\s+(?:me|here)|in\s+my\s+area|close\s+to\s+me|cerca\s+de\s+(?:m[ií]|aqu[ií]))\s*$/iu;

/** "<town> schools" and its everyday forms: the town's words, then words any district may have. */
const SCHOOLS_OF_TOWN = /^(.*?\p{L}.*?)[\s,]+(?:(?:public|area|local)\s+)?(?:school\s+(?:district|system|board)s?|schools?|isd|usd)\.?(?:,?\s+((?:in\s+)?[A-Za-z][A-Za-z. ]{1,24}))?$/iu;

/** "schools in Raleigh", "public schools of Texas", "school districts near Reno": the place after the words (its first group). */
export const SCHOOLS_IN_PLACE = /^(?:public\s+)?(?:school\s+districts?|schools?)\s+(?:in|of|near|for)\s+(.*\p{L}.*)$/iu;

/**
 * The town a search asks the schools of ("Raleigh schools", "Raleigh, NC school district",
 * "Tampa public schools"), with the state where one is typed before or after the words; undefined
 * for any other text. The caller decides whether it is a town's name (pages audit 34 #1: such
 * text went to a namesake district elsewhere, Raleigh County, WV, or to a dead end).
 *
 * @example
 * townAskedFor("Raleigh, NC schools", states) // "Raleigh, NC"
 * townAskedFor("Reno school district NV", states) // "Reno, NV"
 * townAskedFor("Raleigh schools, N.C.", states) // "Raleigh, N.C."
 * townAskedFor("Houston", states) // undefined
 */
export function townAskedFor(typed: string, states: ReadonlySet<string>): string | undefined {
  // "near me", "nearby" are where the person is, not a state ("New York schools near me" read as York, ME: review 34b #6).
  const plain = typed.replace(NEAR_ME, "");
  // "schools in Raleigh", "public schools of Texas", "schools in TX": the place after the words.
  const inPlace = SCHOOLS_IN_PLACE.exec(plain.trim())?.[1]?.trim();
  if (inPlace !== undefined) return inPlace;
  const { text, state } = withoutState(plain, states);
  const m = SCHOOLS_OF_TOWN.exec(text);
  const town = m?.[1]?.replace(/,$/, "").trim();
  if (town === undefined || town === "" || /^\d+\s/.test(town)) return undefined;
  // A state written otherwise after the words ("Raleigh schools, N.C.", "Reno schools in Nevada": review 34 #3): read with the town, as the town search reads it.
  const after = m?.[2]?.replace(/^in\s+/i, "").trim();
  return state !== undefined ? `${town}, ${state}` : after !== undefined ? `${town}, ${after}` : town;
}

/**
 * True when a typed text reads as a school district's name rather than a town's or an address
 * (a state's code at its end aside).
 *
 * @example
 * namesADistrict("Houston ISD", states) // true
 * namesADistrict("Rapid City, SD", states) // false
 */
export function namesADistrict(typed: string, states: ReadonlySet<string>): boolean {
  // (", USA" after the state is no district's word: "Sioux Falls SD USA" is the town, review of the mends 37.)
  const { text } = withoutState(typed.replace(COUNTRY_AT_END, ""), states);
  // A house number first is an address ("123 Public School St, Springfield, MO"), never a district's name.
  return DISTRICT_WORDS.test(text) && !/^\d+\s/.test(text);
}

/**
 * True when a typed text reads as one school's name ("Lincoln High School"), which this service
 * does not list, and not as a district's.
 *
 * @example
 * namesASchool("Lincoln High School") // true
 * namesASchool("Lincoln High School District") // false
 */
export function namesASchool(typed: string): boolean {
  return SCHOOL_WORDS.test(typed) && !/\b(district|schools|isd|usd|unified)\b/i.test(typed);
}

/**
 * A district's students as a number (0 where not reported).
 *
 * @example
 * studentsOf({ students: "29,866" }) // 29866
 */
export function studentsOf(d: Pick<IndexedDistrict, "students">): number {
  return Number(d.students.replace(/,/g, "")) || 0;
}

/** Roman numerals of district names ("Springfield R-XII"): numbers, not places. */
const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;

/** Words people type for the words of district names ("NYC Public Schools", "DC Public Schools"). */
const TYPED_ALIASES = ownTable<readonly string[]>({ nyc: ["new", "york"], dc: ["columbia"] });

/**
 * Everyday names people type for districts whose names have other words (pages audit 39 #1:
 * "Cy-Fair" for Cypress-Fairbanks ISD, "Jeffco" for Jefferson County), written as the name has them.
 */
const EVERYDAY_NAMES: readonly [RegExp, string][] = [
  [/\bcy[\s-]*fair\b/gi, "Cypress-Fairbanks"],
  [/\bjeffco\b/gi, "Jefferson County"],
];

/** Kind words people type that no name has as a word: "DOE", "BOE" (Department, Board of Education: "NYC DOE", pages audit 39 #5). */
const TYPED_KIND_WORDS = new Set(["doe", "boe"]);

/**
 * The words a search compares: distinctiveDistrictWords without roman numerals or typed kind words, everyday names, aliases
 * and the USPS's short forms of place words spelled out ("Shaker Hts": shaker, heights; "Highland Prk": highland, park, not
 * every Highland district: review-late-43 M2, L8).
 */
function searchWords(name: string): Set<string> {
  const everyday = EVERYDAY_NAMES.reduce((text, [typed, named]) => text.replace(typed, named), name);
  // (Before the generic words go, and beside the numbers: "PK-12" is pre-kindergarten's grade, not Park: placeWordsSpelledOut.)
  const words = placeWordsSpelledOut([...everyday.matchAll(/[A-Za-z]+|[0-9]+/g)].map((m) => m[0].toLowerCase()));
  let at = 0;
  const spelled = everyday.replace(/[A-Za-z]+|[0-9]+/g, (w) => {
    const word = words[at++]!;
    return word === w.toLowerCase() ? w : word;
  });
  return new Set([...distinctiveDistrictWords(spelled)].filter((w) => !ROMAN.test(w) && !TYPED_KIND_WORDS.has(w)).flatMap((w) => TYPED_ALIASES[w] ?? [w]));
}

/**
 * Whether a name's numbers (districtNumbers) have the one typed: the same, or for a bare number
 * the same after a letter ("District 46" is School District U-46 too; "U-46" only it).
 *
 * @example
 * hasNumber(new Set(["u46"]), "46") // true
 * hasNumber(new Set(["46"]), "u46") // false
 */
function hasNumber(numbers: ReadonlySet<string>, typed: string): boolean {
  return numbers.has(typed) || (/^[0-9]/.test(typed) && [...numbers].some((n) => n.replace(/^[a-z]+/, "") === typed));
}

/**
 * The numbers of a district's name or a text typed, with a letter joined to one by a hyphen
 * ("School District U-46": u46; "Naperville 203": 203), as Illinois parents call districts by them.
 *
 * @example
 * districtNumbers("School District U-46") // Set { "u46" }
 * districtNumbers("Indian Prairie Community Unit School District 204") // Set { "204" }
 */
export function districtNumbers(name: string): Set<string> {
  return new Set([...name.toLowerCase().matchAll(/(?<![a-z0-9])(?:([a-z]{1,2})-)?([0-9]+)(?![0-9])/g)].map((m) => `${m[1] ?? ""}${m[2]}`));
}

/** Abbreviations written either way in names ("Mt. Lebanon", "Mount Lebanon School District"). */
const SPELLED = ownTable<string>({ st: "saint", mt: "mount", ft: "fort", "&": "and" });

/** A whole name as it compares: lower case, no punctuation, the abbreviations of SPELLED and the place words' (placeWordsSpelledOut) written out. */
function nameKey(name: string): string {
  const words = name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " & ")
    .split(/[^a-z0-9&]+/)
    .filter((w) => w !== "");
  return placeWordsSpelledOut(words).map((w) => SPELLED[w] ?? w).join(" ");
}

/** How a search of district names answers (districtSearchIndex). */
export interface DistrictSearch {
  /** The districts a typed name means, the likeliest first. */
  find(typed: string): DistrictMatch[];
  /** The districts of that very name only (a lookup, no scan: asked of every town typed). */
  named(typed: string): DistrictMatch[];
  /** The districts whose name's initials are the letters typed ("HISD", "LAUSD"), the most students first; "wider" matches, as the name holds more than was typed. */
  initialed(typed: string): DistrictMatch[];
  /**
   * The text typed with its words that no district's name has, nor `known` (a town's), respelled as the one a letter off
   * (two from 9 letters) with the same first letter that names the most students ("Chicgo schools": "Chicago schools"; "Seattle Public Schols":
   * "Seattle Public Schools"), at most three; undefined where no word is respelled.
   */
  respelled(typed: string, known?: (word: string) => boolean): string | undefined;
}

/**
 * The initials a district goes by: the first letter of each word of its name, "of", "the" and
 * "and" and words with digits left out ("Houston Independent School District": hisd; "District
 * of Columbia Public Schools": dcps; "Charlotte-Mecklenburg Schools": cms).
 *
 * @example
 * nameInitials("Los Angeles Unified School District") // "lausd"
 */
export function nameInitials(name: string): string {
  return initialWords(name)
    .map((w) => w[0])
    .join("");
}

/** The words of a name its initials count: "of", "the" and "and" and words with digits left out. */
function initialWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s\-/]+/)
    .filter((w) => /^[a-z]/.test(w) && !/\d/.test(w) && !["of", "the", "and"].includes(w));
}

/** The word that begins the kind part of a district's name ("Public Schools", "Unified School District"): its place's words come before it. */
export const KIND_START = new Set(
  "public school schools unified independent elementary union high community consolidated joint unit district regional central local municipal free special exempted department board supervisory".split(" "),
);

/** The words of a plain district's kind ("School District", "Public Schools", "Public Schools Community District"). */
const PLAIN_KIND = new Set(["public", "school", "schools", "district", "community", "system"]);

/**
 * A district's name's initial words (initialWords) split where its kind begins (KIND_START): the
 * place's words and the kind's; undefined where no place comes before a kind word.
 *
 * @example
 * placeAndKind("Chicago Public School District 299") // { place: ["chicago"], kind: ["public", "school", "district"] }
 */
function placeAndKind(name: string): { place: string[]; kind: string[] } | undefined {
  const words = initialWords(name);
  const at = words.findIndex((w) => KIND_START.has(w));
  return at <= 0 ? undefined : { place: words.slice(0, at), kind: words.slice(at) };
}

/**
 * The initials a district goes by in everyday speech besides its name's (pages audit 35 #3: "CPS"
 * found no Chicago, whose NCES name is Chicago Public School District 299): its place's initials
 * with a trailing "City" or not (Atlanta City School District: APS; San Diego City Unified School
 * District: SDUSD), then its kind part's, or, for plain public schools or a county's plain school
 * district, "Public Schools" or "Public School System" (Wake County Schools: WCPSS; Jefferson County
 * School District: JCPS). [] where the name has no place before its kind words.
 *
 * @example
 * everydayInitials("Chicago Public School District 299") // ["cps", "cpss"]
 * everydayInitials("Jefferson County School District") // ["jcps", "jcpss"]
 */
export function everydayInitials(name: string): string[] {
  const split = placeAndKind(name);
  if (split === undefined) return [];
  const { place, kind: kindWords } = split;
  // Its place without "City" where the kind says more than "School District" (San Diego City Unified:
  // SDUSD); a city's plain school district goes by its own initials (Philadelphia City School District is no "PSD": A/B sweep 35).
  const places = place.length > 1 && place.at(-1) === "city" && kindWords.join(" ") !== "school district" ? [place, place.slice(0, -1)] : [place];
  const kind = kindWords.map((w) => w[0]).join("");
  // "Public Schools" only for plain public schools, or a county's plain school district ("Jefferson
  // County School District": JCPS): an ISD or a Unified one goes by its own kind (Dallas ISD is no
  // "DPS"), and a town's "School District" seldom by it (Nebo School District is no "NPS": review 35 #2).
  const plain = kindWords.every((w) => PLAIN_KIND.has(w)) && (kindWords.some((w) => w === "public" || w === "schools") || place.at(-1) === "county");
  const own = nameInitials(name);
  const all = places.flatMap((p) => (plain ? [kind, "ps", "pss"] : [kind]).map((k) => p.map((w) => w[0]).join("") + k));
  return [...new Set(all)].filter((i) => i !== own && i.length >= 3);
}

/** How a school system's web address abbreviates its kind after its place's initials: Public Schools, Public School System, Schools, School System, School District, Public School District, Unified or Independent School District, County (Public) Schools, Board or Department of Education, School Board. */
const WEB_KIND = /^(ps|pss|s|ss|sd|psd|usd|isd|cps|cs|css|be|boe|de|sb)$/;

/**
 * The initials a district's own web address says it goes by (pages audit 35 #3 left "DPS" for
 * Denver after Durham and Detroit): the address's first name, "k12", digits, hyphens and a
 * trailing state code aside, where it is its place's initials (all of them, or its first words'
 * where the rest is "County" or "City") and a school system's kind (WEB_KIND), or those words and
 * "Public Schools" spelt out (WEB_KIND_SPELT). [] where the
 * address is no such thing (sandi.net, browardschools.com) or spells the name's own initials.
 *
 * @example
 * webInitials("Denver County School District 1", "http://www.dpsk12.org", "CO") // ["dps"]
 * webInitials("Prince William County Public Schools", "http://www.pwcs.edu", "VA") // ["pwcs"]
 * webInitials("Durham Public Schools", "http://www.dpsnc.net", "NC") // [] (its own initials)
 * webInitials("Boston School District", "http://www.bostonpublicschools.org", "MA") // ["bps"]
 */
export function webInitials(name: string, website: string, state: string): string[] {
  const host = /^(?:https?:\/\/)?([^/:?#]+)/i.exec(website.trim())?.[1]?.toLowerCase().split(".") ?? [];
  const first = host.find((label) => label !== "www");
  if (first === undefined || host.length < 2) return [];
  let letters = first.replace(/k12|\d+|-/g, "");
  const st = state.toLowerCase();
  if (letters.length > st.length + 2 && letters.endsWith(st)) letters = letters.slice(0, -st.length);
  const split = placeAndKind(name);
  if (split === undefined || split.place.includes(letters) || split.kind.includes(letters)) return [];
  const { place } = split;
  // Its place's words, or its first ones where the rest is "County"/"City" (Denver County: "d", DPS).
  const prefixes = place.map((_, i) => place.slice(0, i + 1)).filter((p, i) => i === place.length - 1 || place.slice(i + 1).every((w) => w === "county" || w === "city"));
  const own = nameInitials(name);
  const found = prefixes.some((p) => {
    const initials = p.map((w) => w[0]).join("");
    return letters.startsWith(initials) && WEB_KIND.test(letters.slice(initials.length));
  });
  if (found) return letters !== own && letters.length >= 3 && letters.length <= 8 ? [letters] : [];
  // Or its place's words and "Public Schools" spelt out: the initials of those (bostonpublicschools.org: BPS; pages audit 41 #4).
  const spelt = prefixes.flatMap((p) => {
    const kind = letters.startsWith(p.join("")) ? WEB_KIND_SPELT[letters.slice(p.join("").length)] : undefined;
    return kind === undefined ? [] : [p.map((w) => w[0]).join("") + kind];
  });
  return spelt.filter((initials) => initials !== own && initials.length >= 3).slice(0, 1);
}

/** A school system's kind as its web address spells it out after its place's words, and the initials it goes by. */
const WEB_KIND_SPELT: Readonly<Record<string, string>> = { publicschools: "ps", publicschoolsystem: "pss" };

/**
 * An index of districts that finds those a typed name means: the districts of that very name
 * ("District of Columbia Public Schools", "School District U-46") and those whose distinctive
 * words are the typed ones ("Chicago Public Schools": City of Chicago School District 299), or
 * hold them, or are part of them ("Shelby County Schools" also finds Memphis-Shelby County
 * Schools; "Beverly Hills Unified", Beverly Public Schools, MA); in the state typed
 * at the end if any ("Springfield Public Schools, MO"). Those sharing its kind words come first
 * (ISD, Unified, County), then the most students (the district a name most likely means), then
 * the closer match.
 *
 * @example
 * const search = districtSearchIndex([{ leaid: "4823640", district: "Houston Independent School District", state: "TX", county: "Harris County", students: "183,603" }], new Set(["TX"]));
 * search.find("Houston ISD") // [{ leaid: "4823640", ..., match: "words" }]
 */
export function districtSearchIndex(districts: Iterable<IndexedDistrict>, states: ReadonlySet<string>, stateNames: Readonly<Record<string, string>> = {}): DistrictSearch {
  // "RD" of Colorado's "Wray School District RD-2" says what kind of district it is, no place: a
  // street's "Rd" typed does not find it (review 33c #4).
  const all = [...districts].map((d) => ({ d, words: new Set([...searchWords(d.district)].filter((w) => w !== "rd")), key: nameKey(d.district), numbers: districtNumbers(d.district) }));
  const byKey = new Map<string, IndexedDistrict[]>();
  for (const x of all) (byKey.get(x.key) ?? byKey.set(x.key, []).get(x.key)!).push(x.d);
  const closeness: Record<DistrictMatch["match"], number> = { name: 0, words: 1, wider: 2, narrower: 3 };
  const namedIn = (text: string, state: string | undefined): DistrictMatch[] =>
    (byKey.get(nameKey(text)) ?? []).filter((d) => state === undefined || d.state === state).map((d) => ({ ...d, match: "name" as const }));
  // The districts whose name has every number typed and every word typed: the very words and number
  // ("Chicago 299" is Chicago Public School District 299, not Chicago Heights' 170), the most students first.
  const numberedIn = (words: Set<string>, numbers: Set<string>, state: string | undefined): DistrictMatch[] =>
    all
      .filter((x) => (state === undefined || x.d.state === state) && [...numbers].every((n) => hasNumber(x.numbers, n)) && [...words].every((w) => x.words.has(w)))
      .map((x) => ({ ...x.d, match: "words" as const }))
      .sort((a, b) => studentsOf(b) - studentsOf(a) || (a.leaid < b.leaid ? -1 : 1));
  const find = (text: string, state: string | undefined): DistrictMatch[] => {
    const words = searchWords(text);
    const key = nameKey(text);
    // A district's number typed ("District 204", "Naperville 203", "U-46"): those of that number and
    // the words typed, where any has them (pages audit 39 #1: 38 of 44 were 400s).
    const numbers = districtNumbers(text);
    // (A district's very name keeps the search it had: "Florence School District 4" among Florence's.)
    const numbered = numbers.size === 0 || byKey.has(key) ? [] : numberedIn(words, numbers, state);
    if (numbered.length > 0) return numbered;
    if (words.size === 0) return namedIn(text, state).sort((a, b) => studentsOf(b) - studentsOf(a));
    const within = (a: Set<string>, b: Set<string>) => [...a].every((w) => b.has(w));
    const kinds = KINDS.filter(([typedKind]) => typedKind.test(text)).map(([, nameKind]) => nameKind);
    const kindsShared = (d: IndexedDistrict) => kinds.filter((k) => k.test(d.district)).length;
    const found: DistrictMatch[] = [];
    for (const x of all) {
      if (state !== undefined && x.d.state !== state) continue;
      if (x.key === key) {
        found.push({ ...x.d, match: "name" });
        continue;
      }
      if (x.words.size === 0) continue;
      const holds = within(words, x.words);
      const inside = within(x.words, words);
      if (holds || inside) found.push({ ...x.d, match: holds && inside ? "words" : holds ? "wider" : "narrower" });
    }
    return found.sort(
      (a, b) => kindsShared(b) - kindsShared(a) || studentsOf(b) - studentsOf(a) || closeness[a.match] - closeness[b.match] || (a.leaid < b.leaid ? -1 : 1),
    );
  };
  // The state at the end in any form the town search reads ("Jeffco Public Schools, Colo." opened Colo, IA;
  // "Regional School Unit 14, Maine" Maine, NY; "Houston ISD, TX, USA" a list: review 37 #1), as state-at-end.ts reads it.
  const stateAt = stateAtEndReader(states, (code) => stateNames[code] ?? "");
  const withStateOrNot = (typed: string, search: (text: string, state: string | undefined) => DistrictMatch[]) => {
    const text = typed.trim();
    const read = stateAt(text);
    if (read === undefined) return search(text, undefined);
    const found = search(read.rest, read.state);
    // After a comma it is the state: a name no district of it has is no district of another (review 33c #1:
    // "Hazleton Public Schools, IN" opened Pennsylvania's).
    if (/^\s*,/.test(text.slice(read.rest.length))) return found;
    // Without one the words may be the district's own ("Lake Washington", "Knoch SD": School District, not
    // South Dakota): the whole text where it names a district exactly and the state's reading does not.
    if (found.some(matchesExactly)) return found;
    const whole = search(text, undefined);
    return whole.some(matchesExactly) || (found.length === 0 && read.state === "SD") ? whole : found;
  };
  // By initials, 3 letters or more ("CPS" is Chicago's and many others': a list): its name's, and
  // those it goes by in everyday speech (everydayInitials), which count a fifth as much in the order,
  // as a district surely goes by its name's initials and only may by the others: "CCPS" lists
  // Chesterfield County Public Schools (63,000 students) before Clark County School District (309,000,
  // "CCSD"), "DCPS" DC's (51,000) before Duval County's (129,000); "CPS" still lists Chicago
  // (323,000) first, "OCPS" Orange County, FL (207,000) before Oklahoma City Public Schools (33,000: A/B sweep 35).
  const byInitials = new Map<string, { d: IndexedDistrict; weight: number }[]>();
  const index = (initials: string, d: IndexedDistrict, weight: number) => (byInitials.get(initials) ?? byInitials.set(initials, []).get(initials)!).push({ d, weight });
  for (const x of all) {
    const initials = nameInitials(x.d.district);
    if (initials.length >= 3) index(initials, x.d, 5);
    // Its web address's as surely as its name's (Denver's dpsk12.org: "DPS").
    const web = webInitials(x.d.district, x.d.website ?? "", x.d.state);
    for (const w of web) index(w, x.d, 5);
    for (const everyday of everydayInitials(x.d.district)) if (!web.includes(everyday)) index(everyday, x.d, 1);
  }
  // In any case, with dots or a hyphen: a phone writes "Cms" (review 34c #2), Miami's is "M-DCPS"; "red" may list a district or two, harmless.
  const initialed = (text: string, state: string | undefined): DistrictMatch[] => {
    const letters = text.trim().replace(/[.\-]/g, "");
    if (!/^[A-Za-z]{3,8}$/.test(letters)) return [];
    return (byInitials.get(letters.toLowerCase()) ?? [])
      .filter(({ d }) => state === undefined || d.state === state)
      .sort((a, b) => b.weight * studentsOf(b.d) - a.weight * studentsOf(a.d))
      .map(({ d }) => ({ ...d, match: "wider" as const }));
  };
  // Every word of every district's name, generic ones too ("schools"), as the name writes it ("McAllen"), with the students
  // of the districts named with it, and each word with one letter left out, to find the words a letter off (SymSpell's
  // deletions, distance 1): made on the first respelling (a search that found nothing), then a lookup per word typed.
  let vocabulary: { words: Map<string, { form: string; weight: number }>; deletions: Map<string, string[]>; byFirst: Map<string, string[]> } | undefined;
  const wordsOf = (name: string) => name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/['’]/g, "").split(/[^A-Za-z]+/).filter((w) => w.length > 1);
  const deletionsOf = (word: string) => Array.from({ length: word.length }, (_, i) => word.slice(0, i) + word.slice(i + 1));
  const vocabularyOf = () => {
    if (vocabulary !== undefined) return vocabulary;
    const words = new Map<string, { form: string; weight: number }>();
    for (const x of all) for (const form of new Set(wordsOf(x.d.district))) {
      const w = form.toLowerCase();
      const known = words.get(w);
      words.set(w, { form: known?.form ?? (form === form.toUpperCase() ? w : form), weight: (known?.weight ?? 0) + studentsOf(x.d) + 1 });
    }
    for (const w of GENERIC_DISTRICT_WORDS) if (w.length > 1 && !words.has(w)) words.set(w, { form: w, weight: 1 });
    const deletions = new Map<string, string[]>();
    for (const w of words.keys()) for (const d of new Set([w, ...deletionsOf(w)])) (deletions.get(d) ?? deletions.set(d, []).get(d)!).push(w);
    const byFirst = new Map<string, string[]>();
    for (const w of words.keys()) (byFirst.get(w[0]!) ?? byFirst.set(w[0]!, []).get(w[0]!)!).push(w);
    return (vocabulary = { words, deletions, byFirst });
  };
  /**
   * The word of a district's name a letter off `lower` (added, dropped, changed or two swapped), its first letter the same,
   * naming the most students; for a word of 9 letters or more, two letters off where none is one off ("Cincinatti").
   */
  const closestWord = (lower: string): string | undefined => {
    const { words, deletions, byFirst } = vocabularyOf();
    const heaviest = (candidates: Iterable<string>, most: number) => {
      let best: { w: string; weight: number } | undefined;
      for (const w of candidates) {
        if (w[0] !== lower[0] || w === lower || Math.abs(w.length - lower.length) > most || editDistanceAtMost(lower, w, most) > most) continue;
        const weight = words.get(w)!.weight;
        if (best === undefined || weight > best.weight) best = { w, weight };
      }
      return best?.w;
    };
    const oneOff = heaviest(new Set([...(deletions.get(lower) ?? []), ...deletionsOf(lower).flatMap((d) => [...(words.has(d) ? [d] : []), ...(deletions.get(d) ?? [])])]), 1);
    // (Two off: the words of the same first letter, scanned: a few hundred, and only for a long word one off found none.)
    return oneOff ?? (lower.length >= 9 ? heaviest(byFirst.get(lower[0]!) ?? [], 2) : undefined);
  };
  const respelled = (typed: string, known: (word: string) => boolean = () => false): string | undefined => {
    const { words } = vocabularyOf();
    let changed = 0;
    let tried = 0;
    const text = typed.replace(/\p{L}+(?:['’]\p{L}+)?/gu, (typedWord) => {
      // A possessive's word respelled, its "'s" kept ("Chicgo's schools": Chicago's; review of the final mends 40).
      const possessive = /['’]s$/i.exec(typedWord)?.[0] ?? "";
      const word = typedWord.slice(0, typedWord.length - possessive.length);
      const lower = word.toLowerCase().replace(/['’]/g, "");
      // (At most four words looked up, three respelled: a text of junk is no name misspelt, and costs no more than one.)
      if (tried >= 4 || changed >= 3 || lower.length < 5 || words.has(lower) || !/^[a-z]+$/.test(lower) || known(lower)) return typedWord;
      tried++;
      const found = closestWord(lower);
      if (found === undefined) return typedWord;
      changed++;
      const form = words.get(found)!.form;
      return (word === word.toUpperCase() ? form.toUpperCase() : /^\p{Lu}/u.test(word) ? form[0]!.toUpperCase() + form.slice(1) : form.toLowerCase()) + possessive;
    });
    return changed > 0 ? text : undefined;
  };
  return { find: (typed) => withStateOrNot(typed, find), named: (typed) => withStateOrNot(typed, namedIn), initialed: (typed) => withStateOrNot(typed, initialed), respelled };
}

/**
 * How many times larger (students) another district of the same words and kind must be for a
 * district's very name not to be taken as meant: Florida's Orange County School District, whose
 * everyday name is Virginia's district's, is 41 times its size; Alhambra Unified (CA) does not
 * hide Alhambra Elementary District (AZ).
 */
export const MUCH_LARGER = 10;

/**
 * The same for a plain everyday name, "X (County|City) (Public) Schools", which many districts'
 * people use whatever their official name is: `Portland Public Schools` is Maine's official name
 * and Oregon's (44,000 students, 6.6 times) everyday one; `Rutherford County Schools` North
 * Carolina's and Tennessee's (review 33c #2).
 */
const MUCH_LARGER_PLAIN = 2;

/** A plain everyday name (MUCH_LARGER_PLAIN). */
const PLAIN_NAME = /^[a-z .'-]+?( county| city| parish)?( public)? schools$/i;

/**
 * True for a match of the very name or words typed (not of more words, nor of part of them).
 *
 * @example
 * matchesExactly({ ...houstonIsd, match: "words" }) // true
 */
export function matchesExactly(d: DistrictMatch): boolean {
  return d.match === "name" || d.match === "words";
}

/**
 * The order a list of districts found is shown in: where a district has the very name typed, it
 * (the most students first among several) before the names like it, unless the only one holding
 * every word typed is MUCH_LARGER: Florida's Orange County
 * School District, 207,000 students, before Virginia's Orange County Public Schools, 5,000 (pages
 * audit 34 #2); never "Franklin City Public Schools" below every other Franklin (review 34b #1).
 * Where none has the very name, the search's order ("Shelby County Schools": Memphis-Shelby first).
 *
 * @example
 * listOrder("Orange County Public Schools", found).map((d) => d.state) // ["FL", "VA", …]
 */
export function listOrder(typed: string, found: readonly DistrictMatch[]): DistrictMatch[] {
  const named = found.filter((d) => d.match === "name").sort((a, b) => studentsOf(b) - studentsOf(a));
  if (named.length === 0) return [...found];
  // Every word typed but the plainest ("Fort", "Central", a district's number count: review 34c #1,
  // "Fort Jackson Schools" was below Jackson Public School District, "Florence School District 4" below 1).
  const typedWords = [...new Set(nameKey(typed).split(" "))].filter((w) => w !== "" && !LIST_PLAIN_WORDS.has(w));
  const holdsTyped = (d: DistrictMatch) => {
    const words = new Set(nameKey(d.district).split(" "));
    return typedWords.every((w) => words.has(w));
  };
  // (Ten times a very name's reported students; none where its size is not reported.)
  const largest = studentsOf(named[0]!);
  const larger = largest === 0 ? [] : found.filter((d) => d.match === "words" && holdsTyped(d) && studentsOf(d) > MUCH_LARGER * largest);
  // Only one such, the name's everyday owner (Orange County, FL); several larger Franklins own it no more than the one typed.
  const before = larger.length === 1 ? larger : [];
  return [...before, ...named, ...found.filter((d) => d.match !== "name" && !before.includes(d))];
}

/** The words of a name typed that any district's name may have ("Public Schools", "School District"), left out where a list compares names. */
const LIST_PLAIN_WORDS = new Set(["public", "schools", "school", "district", "the", "of"]);

/**
 * The one district a search means, where it is clear: the only one of the very name typed where
 * no district of the same or more words and of the same kind (County, ISD, City) is MUCH_LARGER,
 * or MUCH_LARGER_PLAIN for a plain everyday name (typed
 * "Orange County Public Schools", Virginia's name, Florida's Orange County, 207,000 students: a
 * list; review 33b #1; "Dallas County School District" is Alabama's, Dallas ISD is no county's); else the only one of the very words
 * where no district whose name holds more words is larger (typed "Shelby County Schools",
 * Memphis-Shelby's old name), or the only one of those words sharing every kind word typed
 * ("Houston ISD" among Houston's districts); else undefined. A district found by part of the words
 * typed is never clear (an address on "Public School Rd" names no district).
 *
 * @example
 * clearDistrict("Houston ISD", [houstonIsd, houstonCountyAl]) // houstonIsd
 */
export function clearDistrict(typed: string, found: readonly DistrictMatch[]): DistrictMatch | undefined {
  const kinds = KINDS.filter(([typedKind]) => typedKind.test(typed)).map(([, nameKind]) => nameKind);
  // Another of the same kind ("County", "ISD"): Dallas ISD does not hide Dallas County School District, AL.
  const sameKind = (d: DistrictMatch) => kinds.every((k) => k.test(d.district));
  const named = found.filter((d) => d.match === "name");
  const times = PLAIN_NAME.test(typed.trim()) ? MUCH_LARGER_PLAIN : MUCH_LARGER;
  if (named.length === 1 && !found.some((d) => d !== named[0] && d.match !== "narrower" && sameKind(d) && studentsOf(d) > times * studentsOf(named[0]!))) return named[0];
  const exact = found.filter(matchesExactly);
  const largest = Math.max(0, ...exact.map(studentsOf));
  if (found.some((d) => d.match === "wider" && studentsOf(d) > largest)) return undefined;
  if (exact.length === 1) return exact[0];
  if (kinds.length === 0) return undefined;
  const all = exact.filter((d) => kinds.every((k) => k.test(d.district)));
  return all.length === 1 ? all[0] : undefined;
}

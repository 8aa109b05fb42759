/**
 * Names as a reader expects them: text mis-decoded upstream repaired, small words and
 * known acronyms cased the way they are written, a city's internal capitals kept.
 */
import { distinctiveDistrictWords } from "@school-districts/core";

// Windows-1252 characters of bytes 0x80-0x9F (the ones Latin-1 leaves as controls).
const CP1252: Record<string, number> = {
  "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88, "‰": 0x89,
  "Š": 0x8a, "‹": 0x8b, "Œ": 0x8c, "Ž": 0x8e, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95,
  "–": 0x96, "—": 0x97, "˜": 0x98, "™": 0x99, "š": 0x9a, "›": 0x9b, "œ": 0x9c, "ž": 0x9e, "Ÿ": 0x9f,
};
const byteOf = (c: string): number | undefined => {
  const cp = c.codePointAt(0)!;
  if (cp >= 0x80 && cp <= 0xff) return cp;
  return CP1252[c];
};
const CONT = "[\\u0080-\\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]";
// A UTF-8 lead byte read as Latin-1 (Â-ô) followed by 1-3 continuation bytes read as Latin-1/CP1252.
const MOJIBAKE = new RegExp(`[\\u00C2-\\u00F4]${CONT}{1,3}`, "g");

/**
 * Repairs UTF-8 text that was decoded as Latin-1 / Windows-1252 somewhere upstream
 * ("CaÃ±ada" -> "Cañada"). Only a sequence that re-encodes to exactly one valid UTF-8
 * character is replaced, so correct text (which never holds such sequences in names)
 * is left alone. Returns the text and the number of sequences repaired.
 *
 * @example
 * repairMojibake("La CaÃ±ada Unified") // { text: "La Cañada Unified", repairs: 1 }
 */
export function repairMojibake(text: string): { text: string; repairs: number } {
  let repairs = 0;
  const out = text.replace(MOJIBAKE, (seq) => {
    const bytes = [...seq].map(byteOf);
    if (bytes.some((b) => b === undefined)) return seq;
    const lead = bytes[0]!;
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    if (bytes.length < need) return seq;
    const decoded = new TextDecoder("utf-8", { fatal: false }).decode(new Uint8Array(bytes.slice(0, need) as number[]));
    if (decoded.includes("\uFFFD") || [...decoded].length !== 1) return seq;
    repairs++;
    return decoded + seq.slice([...seq].slice(0, need).join("").length);
  });
  return { text: out, repairs };
}

/** Words written lower-case inside a name ("New York City Department of Education"). */
const SMALL_WORDS = new Set(["of", "and", "the", "in", "at", "for", "on"]);

/**
 * Acronyms written upper-case in district and place names: school-district kinds of
 * several states (ISD Texas, CUSD/CCSD Illinois, RSU/MSAD/SAD Maine, SAU New Hampshire,
 * BOCES New York, …) and military bases (AFB, MCAS).
 */
export const ACRONYMS = new Set([
  "ISD", "CISD", "USD", "CUSD", "CCSD", "CSD", "UFSD", "SD", "ESD", "UHSD", "HSD", "RSU", "MSAD", "SAD", "SAU", "AOS",
  "BOCES", "AFB", "MCAS", "NAS", "DOD", "DODEA", "NYC", "USA", "RE", "II", "III", "IV", "VI", "VII", "VIII", "IX", "XI", "XII",
]);

/**
 * Cases a district name as written: "of", "and", "the" (and a few other small words)
 * lower-case except first, known acronyms upper-case; everything else unchanged. A name
 * given all in capitals is first title-cased.
 *
 * @example
 * districtCase("New York City Department Of Education") // "New York City Department of Education"
 * districtCase("ALDINE ISD")                             // "Aldine ISD"
 */
export function districtCase(name: string): string {
  const t = name.trim().replace(/\s+/g, " ");
  const base = /[a-z]/.test(t) ? t : t.toLowerCase().replace(/(^|[\s\-'.(\/#])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
  let first = true;
  return base.replace(/[A-Za-z][A-Za-z']*/g, (w, offset: number) => {
    const isFirst = first;
    first = false;
    const lower = w.toLowerCase();
    const prev = base[offset - 1];
    if (!isFirst && SMALL_WORDS.has(lower) && prev === " ") return lower;
    if (ACRONYMS.has(w.toUpperCase()) && (w === w.toUpperCase() || w === w[0]!.toUpperCase() + w.slice(1).toLowerCase())) {
      // "Re" of Colorado's "RE-1" and Roman numerals only as separate tokens, not inside words.
      return w.toUpperCase();
    }
    return w;
  });
}

/**
 * The casing of `name` as another source spells the same name (same letters, case aside),
 * when that source only adds capitals inside words ("Mckeesport" + "McKeesport") or writes
 * small words in lower case ("Fond du Lac", "Croton on Hudson") or acronyms in capitals
 * ("McConnell AFB"). Not a source that writes a two-letter word in capitals: the post-office
 * names' "LA Place", "MI Wuk Village", "Pointe A LA Hache" (data audit 38 #9; so "Southern Md
 * Facility" stays as the other source writes it). Otherwise `name` unchanged.
 *
 * @example
 * casedLike("Mckeesport", "McKeesport") // "McKeesport"
 * casedLike("Mckeesport", "Pittsburgh") // "Mckeesport"
 * casedLike("La Place", "LA Place")     // "La Place"
 */
export function casedLike(name: string, other: string | undefined): string {
  if (other === undefined || other === name) return name;
  if (other.toLowerCase() !== name.toLowerCase() || other.length !== name.length) return name;
  // A capitals-only source has no casing to give.
  if (!/\p{Ll}/u.test(other)) return name;
  const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
  for (let i = 0; i < other.length; i++) {
    if (other[i] === name[i]) continue;
    // A capital added after a letter (Mc|K, La|G, O|B) in a word not all in capitals, or a word begun in lower case (du, on, of).
    const word = /\p{L}+$/u.exec(other.slice(0, i + 1))![0] + (/^\p{L}*/u.exec(other.slice(i + 1))?.[0] ?? "");
    const upper = other[i] !== other[i]!.toLowerCase();
    // (Two letters in capitals are a word, "LA Place", "MI Wuk": longer ones are acronyms, "McConnell AFB", "MCBH Kaneohe Bay".)
    const capitalAdded = upper && isLetter(other[i - 1]) && !(word.length === 2 && word === word.toUpperCase());
    const smallWord = !upper && !isLetter(other[i - 1]);
    if (!capitalAdded && !smallWord) return name;
  }
  return other;
}

/**
 * The casing of each place name that some source writes with internal capitals or lower-case
 * small words (McKinney, LaGrange, Avon By the Sea), by the name in lower case; a name two
 * sources write differently is left out. For a ZIP whose own post-office name is missing or
 * in capitals (75072: "Mckinney", where the other McKinney ZIPs read "McKinney").
 *
 * @example
 * casingIndex(["McKinney", "Dallas", "MCKINNEY"]).get("mckinney") // "McKinney"
 */
export function casingIndex(names: Iterable<string>): Map<string, string> {
  const spellings = new Map<string, Set<string>>();
  for (const name of names) {
    // Not one in capitals only (no casing to give), nor one with a word in capitals ("LA Place"
    // for La Place, IL: acronyms are CITY_ACRONYMS' business). A plain spelling counts: where one
    // source writes "Lagrange" and another "LaGrange", neither is taken.
    if (!/[a-z]/.test(name) || /\b[A-Z]{2,}\b/.test(name)) continue;
    const key = name.toLowerCase();
    const set = spellings.get(key) ?? new Set<string>();
    spellings.set(key, set.add(name));
  }
  return new Map(
    [...spellings].filter(([, set]) => set.size === 1 && plainCase([...set][0]!) !== [...set][0]).map(([key, set]) => [key, [...set][0]!]),
  );
}

/** A name in lower case with each word's first letter a capital ("avon by the sea" -> "Avon By The Sea"). */
const plainCase = (name: string) => name.toLowerCase().replace(/(^|[\s\-'.(\/])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

/**
 * Military place names the sources write as words ("Jber", "Usaf Academy", "Jbsa Ft Sam Houston"):
 * the bases' acronyms, written in capitals in a city.
 */
const CITY_ACRONYMS = new Set(["AFB", "MCAS", "NAS", "JBER", "JBSA", "JBPHH", "USAF", "APO", "FPO", "DPO", "MDL"]);

/**
 * A city name with the military acronyms of CITY_ACRONYMS in capitals.
 *
 * @example
 * cityAcronyms("Jbsa Ft Sam Houston") // "JBSA Ft Sam Houston"
 * cityAcronyms("Nashville")           // "Nashville"
 */
export function cityAcronyms(city: string): string {
  return city.replace(/[A-Za-z]+/g, (w) => (CITY_ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w));
}

/**
 * True when two names of one LEAID name different places: each has a word that says
 * which district it is (generic words such as "school", "district", "unified", "county"
 * and numbers aside), and they share none. "Mount Pleasant Township Community School
 * Corporation" vs "Yorktown Community Schools" differ; "Racine School District" vs
 * "Racine Unified School District" and "Jefferson County School District" vs
 * "JEFFERSON CO SCHOOL DIST" do not.
 *
 * @example
 * namesDiffer("Mount Pleasant Township Community School Corporation", "Yorktown Community Schools") // true
 */
export function namesDiffer(a: string, b: string): boolean {
  const x = distinctiveDistrictWords(a);
  const y = distinctiveDistrictWords(b);
  if (x.size === 0 || y.size === 0) return false;
  for (const w of x) if (y.has(w)) return false;
  // A word of one that starts the other's word (abbreviations: "Mtn" / "Mountain", "Lk" / "Lake").
  for (const w of x) for (const v of y) if (w.startsWith(v) || v.startsWith(w)) return false;
  return true;
}

/**
 * True when `ccdName` keeps every distinctive word of `boundaryName` and adds a place the
 * boundary name lacks: a word of five letters or more, without digits, that the boundary name
 * does not write even without its spaces ("Shelby County School District" -> "Memphis-Shelby
 * County Schools", "Marvell" -> "Marvell-Elaine": districts renamed or merged since; not
 * "DeForest" -> "De Forest", "Sumner" -> "Sumner SD" or an abbreviation such as "MSD", "Re1J").
 * A CCD name that drops a word is no evidence of a new name: the directory shortens names
 * ("Gallup-McKinley County Schools" -> "GALLUP").
 *
 * @example
 * namesMorePlaces("Shelby County School District", "Memphis-Shelby County Schools") // true
 * namesMorePlaces("DeForest Area School District", "De Forest Area School District") // false
 */
export function namesMorePlaces(boundaryName: string, ccdName: string): boolean {
  const x = distinctiveDistrictWords(boundaryName);
  const y = distinctiveDistrictWords(ccdName);
  const covers = (w: string, words: Set<string>) => [...words].some((v) => w.startsWith(v) || v.startsWith(w));
  if ([...x].some((w) => !covers(w, y))) return false;
  const letters = boundaryName.toLowerCase().replace(/[^a-z]/g, "");
  return [...y].some((w) => !covers(w, x) && w.length >= 5 && !/[0-9]/.test(w) && !letters.includes(w));
}

/**
 * The newer official name of a district, when CCD 2023-24 names it differently from the
 * boundary file (GRF21): `ccdName` cased by `districtCase` if the two name different
 * places (`namesDiffer`) or the CCD name adds a place (`namesMorePlaces`), and the CCD name is a full district name (it ends with a word
 * such as "School District", "Schools", "ISD", "SD 15"); a CCD name that is a legal
 * description ("School District No. RE-10 in the county of Weld…") or a bare county
 * ("Kiowa County") is not taken. Otherwise null.
 *
 * @example
 * newerName("Mount Pleasant Township Community School Corporation", "Yorktown Community Schools") // "Yorktown Community Schools"
 * newerName("Shelby County School District", "Memphis-Shelby County Schools") // "Memphis-Shelby County Schools"
 * newerName("Stratton School District R-4", "School District No. R-4 in the county of Kit Carson and Stat") // null
 */
export function newerName(boundaryName: string, ccdName: string): string | null {
  if (!namesDiffer(boundaryName, ccdName) && !namesMorePlaces(boundaryName, ccdName)) return null;
  const c = ccdName.trim();
  if (/school district no\b|\bcounty of\b|^sd\b/i.test(c)) return null;
  if (/\bcounty\b/i.test(c) && !/\bcounty\b/i.test(boundaryName)) return null;
  if (!/\b(schools?|district|isd|cisd|sd|hsd|cusd|ccsd|usd|corporation|corp|unified|union|elementary)(\s+#?[0-9][0-9a-z-]*)?$/i.test(c)) {
    // A place added in a short form ("MIAMI-DADE", "Savannah-Chatham County"): completed with the
    // boundary name's words after its place ("Miami-Dade County School District"; review 33 #7).
    return namesMorePlaces(boundaryName, ccdName) && PLACES_ONLY.test(c) && !SCHOOL_WORDS.test(c) && !SHORT_SCHOOL_WORDS.test(c) ? completedPlaceName(boundaryName, c) : null;
  }
  return districtCase(c);
}

/** A short name of places only: letters, spaces, hyphens, slashes and dots; no digits, parentheses or commas ("MIAMI-DADE", "Savannah-Chatham County"). */
const PLACES_ONLY = /^[A-Za-z][A-Za-z .'\/-]*$/;
/** The directory's abbreviations of school words and the words of a legal description, which a name of places only has none of. */
const SHORT_SCHOOL_WORDS = /\b(msd|schls?|sch|dist|cons|csd|sd|isd|usd|cisd|of|in|at|and)\b/i;

/**
 * A CCD short name that adds a place to the boundary name ("MIAMI-DADE" for "Dade County School
 * District"), cased, followed by the boundary name's words after its last distinctive word
 * ("County School District"), without repeating those the short name ends with ("Savannah-Chatham
 * County" + "County School District" -> "Savannah-Chatham County School District").
 *
 * @example
 * completedPlaceName("Dade County School District", "MIAMI-DADE") // "Miami-Dade County School District"
 */
function completedPlaceName(boundaryName: string, ccdName: string): string {
  const places = distinctiveDistrictWords(boundaryName);
  const words = boundaryName.trim().split(/\s+/);
  const lastPlace = words.reduce((at, w, i) => (w.toLowerCase().split(/[^a-z0-9]+/).some((p) => places.has(p)) ? i : at), -1);
  const tail = words.slice(lastPlace + 1);
  const short = districtCase(ccdName.trim()).split(/\s+/);
  // The longest end of the short name that the tail begins with is written once.
  let overlap = Math.min(short.length, tail.length);
  while (overlap > 0 && short.slice(-overlap).join(" ").toLowerCase() !== tail.slice(0, overlap).join(" ").toLowerCase()) overlap--;
  return districtCase([...short, ...tail.slice(overlap)].join(" "));
}

/**
 * A directory name without school words, written as the Census writes a district's ("Hampton"
 * -> "Hampton School District", "Bamberg 03" -> "Bamberg School District 3", "GRAFTON 18" ->
 * "Grafton School District 18"), so a page does not say a ZIP "is in Hampton"; a name with
 * school words is only cased ("Ada-Borup-West Public Schools").
 *
 * @example
 * schoolDistrictName("Clarendon 06") // "Clarendon School District 6"
 * schoolDistrictName("CHICKASAW CO SCHOOL DIST") // "Chickasaw County School District"
 */
export function schoolDistrictName(ccdName: string): string {
  // The directory's abbreviations written out, as the Census writes its names ("Chickasaw Co School Dist").
  const cased = districtCase(ccdName.trim()).replace(/\b(Co|Dist|Schs|Pblc|Elem)\b\.?/g, (w) => SPELLED_OUT_WORDS[w.replace(".", "")]!);
  if (SCHOOL_WORDS.test(cased)) return cased;
  const numbered = /^(.*\D)\s+0*([0-9]+)$/.exec(cased);
  return numbered === null ? `${cased} School District` : `${numbered[1]!.trim()} School District ${numbered[2]}`;
}

/** The directory's abbreviations of district words (schoolDistrictName). */
const SPELLED_OUT_WORDS: Readonly<Record<string, string>> = { Co: "County", Dist: "District", Schs: "Schools", Pblc: "Public", Elem: "Elementary" };

/** Words that say a name is a school district's, not a place's. */
const SCHOOL_WORDS = /\b(schools?|district|districts|unit|union|isd|cisd|hsd|cusd|ccsd|usd|sd|academy|education|public|board|system|corporation|consolidated|department|plantation|rsu|msad|sau|region|regional|k-12|elem(entary)?|high)\b/i;

/**
 * A boundary name that is only its town's ("Bangor", as GRF21 names 160 districts, most in
 * Maine) completed from CCD 2023-24 where that name is the town's followed by school words
 * ("Bangor Public Schools"), cased by `districtCase`; a word the boundary file doubles by
 * mistake ("Alexander City City School District", "Delsea Regional High School School
 * District") written once. Otherwise null.
 *
 * @example
 * completedName("Bangor", "Bangor Public Schools") // "Bangor Public Schools"
 * completedName("Brown County County School Corporation", undefined) // "Brown County School Corporation"
 * completedName("Paw Paw Public School District", undefined) // null
 */
export function completedName(boundaryName: string, ccdName: string | undefined): string | null {
  const once = boundaryName.replace(/\b(City|County|School) \1\b/g, "$1");
  if (once !== boundaryName) return once;
  const c = districtCase(ccdName ?? "");
  if (SCHOOL_WORDS.test(boundaryName) || !c.toLowerCase().startsWith(`${boundaryName.toLowerCase()} `)) return null;
  // The town as the boundary file writes it ("Isle au Haut"), the school words as CCD does (cased).
  const rest = c.slice(boundaryName.length);
  return SCHOOL_WORDS.test(rest) ? boundaryName + rest : null;
}

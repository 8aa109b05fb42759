/**
 * A district's name typed into the search box ("Houston ISD", "Chicago Public Schools", "Los
 * Angeles Unified"): the districts whose name has the same distinctive words (the place, not
 * "county", "unified" or "schools"), so the box answers with the district's page, or a short
 * list, instead of a town with a close name (Houstonia, MO) or a dead end.
 */
import { distinctiveDistrictWords } from "@school-districts/core";

/** A district the search can offer: as `/state/{state}/districts.json` lists it. */
export interface DistrictMatch {
  leaid: string;
  district: string;
  state: string;
  county: string;
  /** "12,345", "" where not reported */
  students: string;
  /** found by part of its name: its words hold those typed, or are part of them */
  partial?: true;
}

/**
 * Words that say a typed text names a school district, not a town: "Houston ISD", "Denver Public
 * Schools", "Beverly Hills Unified", "Cobb County School District", "RSU 10".
 */
const DISTRICT_WORDS = /\b(isd|cisd|usd|cusd|ccsd|ufsd|csd|sd|unified|schools|school district|school system|school corporation|public school|rsu|msad|sau|board of education|department of education)\b/i;

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
];

/**
 * True when a typed text reads as a school district's name rather than a town's or an address.
 *
 * @example
 * namesADistrict("Houston ISD") // true
 * namesADistrict("Houston") // false
 */
export function namesADistrict(typed: string): boolean {
  return DISTRICT_WORDS.test(typed) && distinctiveDistrictWords(typed).size > 0;
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

/** A district's students as a number (0 where not reported). */
const studentsOf = (d: DistrictMatch) => Number(d.students.replace(/,/g, "")) || 0;

/** Roman numerals of district names ("Springfield R-XII"): numbers, not places. */
const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;

/** Words people type for the words of district names ("NYC Public Schools"). */
const TYPED_ALIASES: Readonly<Record<string, readonly string[]>> = { nyc: ["new", "york"] };

/** The words a search compares: distinctiveDistrictWords without roman numerals, aliases spelled out. */
function searchWords(name: string): Set<string> {
  return new Set([...distinctiveDistrictWords(name)].filter((w) => !ROMAN.test(w)).flatMap((w) => TYPED_ALIASES[w] ?? [w]));
}

/**
 * An index of districts that finds those a typed name means: the districts whose distinctive
 * words are exactly the typed ones ("Chicago Public Schools": City of Chicago School District
 * 299), then those whose words hold the typed ones or are part of them (`partial`: "Shelby County
 * Schools" also finds Memphis-Shelby County Schools, "Miami-Dade County Public Schools" Dade
 * County School District); in the state typed at the end if any ("Springfield Public Schools,
 * MO"). Those sharing its kind words come first (ISD, Unified, County), then the most students
 * (the district a name most likely means: Memphis-Shelby County Schools before Shelby County,
 * AL's), then the very name before a partial one.
 *
 * @example
 * const search = districtSearchIndex([{ leaid: "4823640", district: "Houston Independent School District", state: "TX", county: "Harris County", students: "183,603" }], new Set(["TX"]));
 * search("Houston ISD") // [{ leaid: "4823640", ... }]
 */
export function districtSearchIndex(districts: Iterable<DistrictMatch>, states: ReadonlySet<string>): (typed: string) => DistrictMatch[] {
  const all = [...districts].map((d) => ({ d, words: searchWords(d.district) })).filter((x) => x.words.size > 0);
  return (typed: string) => {
    // A state's code after a comma or at the end ("Springfield Public Schools, MO").
    const stateCode = /(?:,\s*|\s)([A-Za-z]{2})\.?$/.exec(typed.trim())?.[1]?.toUpperCase();
    const inState = stateCode !== undefined && states.has(stateCode) ? stateCode : undefined;
    const text = inState === undefined ? typed : typed.trim().replace(/(?:,\s*|\s)[A-Za-z]{2}\.?$/, "");
    const words = searchWords(text);
    if (words.size === 0) return [];
    const within = (a: Set<string>, b: Set<string>) => [...a].every((w) => b.has(w));
    const kinds = KINDS.filter(([typedKind]) => typedKind.test(text)).map(([, nameKind]) => nameKind);
    const kindsShared = (d: DistrictMatch) => kinds.filter((k) => k.test(d.district)).length;
    const found = all
      .filter((x) => (inState === undefined || x.d.state === inState) && (within(words, x.words) || within(x.words, words)))
      .map((x) => (x.words.size === words.size ? x.d : { ...x.d, partial: true as const }));
    return found.sort(
      (a, b) => kindsShared(b) - kindsShared(a) || studentsOf(b) - studentsOf(a) || Number(a.partial ?? false) - Number(b.partial ?? false) || (a.leaid < b.leaid ? -1 : 1),
    );
  };
}

/**
 * The one district a search means, where it is clear: the only one found, the only one of the
 * very name typed where no district found by part of its name is larger, or the only one of
 * that name sharing every kind word typed ("Houston ISD" among Houston's districts); else undefined.
 *
 * @example
 * clearDistrict("Houston ISD", [houstonIsd, houstonCountyAl]) // houstonIsd
 */
export function clearDistrict(typed: string, found: readonly DistrictMatch[]): DistrictMatch | undefined {
  if (found.length === 1) return found[0];
  // One of the very name typed is meant, unless a partial match is larger (typed "Shelby County
  // Schools", Memphis-Shelby's old name); several of it: the kind words decide.
  const exact = found.filter((d) => d.partial !== true);
  const largest = Math.max(0, ...exact.map(studentsOf));
  if (found.some((d) => d.partial === true && studentsOf(d) > largest)) return undefined;
  if (exact.length === 1) return exact[0];
  const kinds = KINDS.filter(([typedKind]) => typedKind.test(typed)).map(([, nameKind]) => nameKind);
  if (kinds.length === 0) return undefined;
  const all = exact.filter((d) => kinds.every((k) => k.test(d.district)));
  return all.length === 1 ? all[0] : undefined;
}

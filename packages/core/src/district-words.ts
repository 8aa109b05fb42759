/**
 * The words of a school district's name that say which district it is, not what kind: the
 * build compares CCD's and the Census' names by them (packages/dataset names.ts), and the
 * search box finds a district by them ("Houston ISD": houston).
 */

/** Words that say what kind of district a name is, not which one. */
export const GENERIC_DISTRICT_WORDS: ReadonlySet<string> = new Set(
  ("school schools sch schs schl district districts dist public pub unified unif union elementary elem el high hs h county co cnty city " +
    "community comm com consolidated consol cons con unit independent isd cisd usd cusd ccsd csd sd ufsd esd uhsd hsd corp corporation " +
    "township twp borough boro regional reg joint jt area central cent ctrl local exempted village free no number of the and department dept " +
    "education ed parish town common special spec metropolitan graded administrative rsu msad sad supervisory cooperative coop separate sep " +
    "municipal system systems board re r j u c jr sr in at for sch dist st saint mt mount ft fort isd ind ind. gr grade grades unorganized " +
    "territory plantation twsp schl. no. k pk kindergarten one two three four five six seven eight nine ten").split(/\s+/),
);

/**
 * The distinctive words of a district's name: lower case, without accents, split at anything
 * but letters and digits, with the generic words (GENERIC_DISTRICT_WORDS), single letters and
 * numbers ("28j", "r2") left out.
 *
 * @example
 * distinctiveDistrictWords("Memphis-Shelby County Schools") // Set { "memphis", "shelby" }
 * distinctiveDistrictWords("Houston ISD") // Set { "houston" }
 */
export function distinctiveDistrictWords(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !/^[0-9]+[a-z]?$/.test(w) && !/^[a-z]?[0-9]+$/.test(w) && !GENERIC_DISTRICT_WORDS.has(w)),
  );
}

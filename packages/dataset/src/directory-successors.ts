/**
 * Districts merged since the 2021 crosswalk (GRF21) that the NCES directories show: a Census
 * district the 2023-24 directory no longer lists (the 2018-19 one does) is the district of
 * the 2023-24 directory that is new since 2018-19, of the same state, without a crosswalk id
 * of its own, and that has its phone, its office (ZIP and street) or its name but for
 * numbers and generic words, when exactly one does (Hampton School District 1 and 2, SC, are
 * "Hampton", 4503912, at the same office and phone; Williston 1, ND, is Williston Basin 7).
 */
import { LEA_TYPE, type CcdRow } from "./sources.ts";

/** One Census district mapped to the directory district that replaced it, and the evidence. */
interface DirectorySuccessor {
  grfLeaid: string;
  leaid: string;
  /** the directory fields the two rows share */
  by: ("phone" | "office" | "name")[];
}

/** CCD LEA_TYPE codes of school districts: regular, component of a supervisory union, supervisory union. */
const DISTRICT_TYPES: ReadonlySet<string> = new Set(Object.values(LEA_TYPE));

/** Words a district name shares with any other ("School District", "Public Schools", "Co"). */
const GENERIC = new Set(["school", "schools", "district", "dist", "public", "pblc", "schs", "sd", "county", "co", "unified", "elementary", "elem", "independent", "isd", "consolidated", "of", "the", "union", "supervisory"]);

/**
 * A district name's own words: lower case, letters only, without the generic ones.
 *
 * @example
 * nameWords("Hampton 01") // "hampton"
 * nameWords("CHICKASAW CO SCHOOL DIST") // "chickasaw"
 */
export function nameWords(name: string): string {
  return [...new Set((name.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !GENERIC.has(w)))].sort().join(" ");
}

/**
 * The directory successor of each Census district (`grfLeaids`) that `older` lists and `newer`
 * does not, where exactly one district of `newer` fits (see the module comment); `joined` says
 * which Census districts joins.csv maps already (those are left as they are).
 *
 * @example
 * directorySuccessors(["4502430"], () => false, ccd2324, ccd1819) // [{ grfLeaid: "4502430", leaid: "4503912", by: ["phone", "office", "name"] }]
 */
export function directorySuccessors(
  grfLeaids: Iterable<string>,
  joined: (leaid: string) => boolean,
  newer: ReadonlyMap<string, CcdRow>,
  older: ReadonlyMap<string, CcdRow>,
): DirectorySuccessor[] {
  const inCrosswalk = new Set(grfLeaids);
  // Districts only (regular, a union's component, a supervisory union): not a charter or an
  // agency that took over a closed district's office or phone.
  const fresh = [...newer.values()].filter((r) => DISTRICT_TYPES.has(r.leaType) && !older.has(r.leaid) && !inCrosswalk.has(r.leaid));
  const digits = (phone: string) => phone.replace(/\D/g, "");
  const out: DirectorySuccessor[] = [];
  for (const leaid of [...inCrosswalk].sort()) {
    const old = older.get(leaid);
    if (old === undefined || newer.has(leaid) || joined(leaid)) continue;
    const fits = new Map<string, DirectorySuccessor["by"]>();
    for (const r of fresh) {
      if (r.st !== old.st) continue;
      const by: DirectorySuccessor["by"] = [];
      if (digits(r.phone).length === 10 && digits(r.phone) === digits(old.phone)) by.push("phone");
      if (r.office !== "" && r.office === old.office) by.push("office");
      if (nameWords(r.name) !== "" && nameWords(r.name) === nameWords(old.name)) by.push("name");
      if (by.length > 0) fits.set(r.leaid, by);
    }
    const [only] = fits.size === 1 ? [...fits] : [];
    if (only !== undefined) out.push({ grfLeaid: leaid, leaid: only[0], by: only[1] });
  }
  return out;
}

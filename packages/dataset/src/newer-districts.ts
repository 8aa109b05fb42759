/**
 * Districts newer than every map the build reads: a town's own school district that the NCES
 * directory of 2023-24 lists, open, running schools, and that none of the 2018-19 directory,
 * the 2021 crosswalk (GRF21) or the 2016 Census boundaries knows, so no source here says which
 * addresses it serves (Orange Beach City, AL, 2024; Richmond, ME; Warwick, MA). The ZIP code of
 * its office is the only evidence of where it is: that ZIP's page names it and says to ask it.
 */
import { LEA_TYPE, OPEN_STATUSES, type CcdRow } from "./sources.ts";

/** One district of the 2023-24 directory unknown to the maps, and whether it is a town's own district (`kept`) or why not. */
export interface NewerDistrictCandidate {
  leaid: string;
  st: string;
  name: string;
  /** the office's ZIP code (CCD LZIP), or "" */
  officeZip: string;
  /** the office's town (CCD LCITY) */
  city: string;
  gslo: string;
  gshi: string;
  kept: boolean;
  /** why it is not a town's own district ("" when kept) */
  why: string;
}

/** The first grades of a district that teaches a town's young children. */
const FIRST_GRADES = new Set(["PK", "KG"]);

/** Letters and digits only, lower case, single spaces: how a name and a town are compared. */
const plain = (s: string) => (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(" ");

/**
 * Every open regular district of `ccd2324` that runs schools and that `known` (the other
 * directory, the crosswalk, the boundaries, the dataset) does not have, each kept when it
 * is a town's own district: it teaches from pre-kindergarten or kindergarten and its name
 * begins with the town of its office (a university's lab school or an academy is not);
 * sorted by LEAID.
 *
 * @example
 * newerDistricts(ccd2324, (l) => known.has(l)).filter((c) => c.kept).map((c) => c.name) // ["Orange Beach City", "Richmond Public Schools", "Warwick"]
 */
export function newerDistricts(ccd2324: ReadonlyMap<string, CcdRow>, known: (leaid: string) => boolean): NewerDistrictCandidate[] {
  const out: NewerDistrictCandidate[] = [];
  for (const r of [...ccd2324.values()].sort((a, b) => (a.leaid < b.leaid ? -1 : 1))) {
    // Regular only: a component of a supervisory union is its union's.
    if (r.leaType !== LEA_TYPE.regular || !OPEN_STATUSES.has(r.status) || r.schools === null || r.schools <= 0 || known(r.leaid)) continue;
    const officeZip = /^[0-9]{5}/.exec(r.office)?.[0] ?? "";
    const town = plain(r.city);
    const why = !FIRST_GRADES.has(r.gslo)
      ? `teaches from grade ${r.gslo || "(none listed)"}, not a town's young children`
      : town === "" || !`${plain(r.name)} `.startsWith(`${town} `)
        ? `its name does not begin with the town of its office (${r.city || "none listed"})`
        : officeZip === ""
          ? "the directory gives no ZIP code for its office"
          : "";
    out.push({ leaid: r.leaid, st: r.st, name: r.name, officeZip, city: r.city, gslo: r.gslo, gshi: r.gshi, kept: why === "", why });
  }
  return out;
}

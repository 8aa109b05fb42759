/**
 * What the 2023-24 directory says beside a district it lists as closed or inactive while the
 * Census boundaries still draw its area: the open districts with their office in the same ZIP
 * code whose name begins with its place, which may run its schools now (Muskegon Heights Public
 * School Academy System, a charter district, for Muskegon Heights School District, inactive
 * since 2024: answers audit 33 #3). Named in its note, never joined: no source says it serves
 * the same addresses.
 */
import { GENERIC_DISTRICT_WORDS } from "@school-districts/core";
import { OPEN_STATUSES, type CcdRow } from "./sources.ts";

/**
 * The ZIP code of a directory row's office (CCD LZIP, the first word of `office`), or "".
 *
 * @example
 * officeZipOf({ office: "49444 2603 sanford st" }) // "49444"
 */
export function officeZipOf(row: Pick<CcdRow, "office">): string {
  return row.office.split(" ")[0] ?? "";
}

/**
 * The place a district's name begins with: its words before the first that says what kind of
 * district it is ("Muskegon Heights" of "Muskegon Heights School District"), lower case; "" for a
 * name that begins with such a word ("School District 49").
 *
 * @example
 * placeOfName("Muskegon Heights School District") // "muskegon heights"
 */
export function placeOfName(name: string): string {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");
  const end = words.findIndex((w) => GENERIC_DISTRICT_WORDS.has(w) || /[0-9]/.test(w));
  return words.slice(0, end === -1 ? words.length : end).join(" ");
}

/**
 * The open districts of the directory, other than `closed`, with their office in the same ZIP
 * code (CCD LZIP) whose name begins with the closed district's place; [] where its place or its
 * office is unknown.
 *
 * @example
 * openInItsPlace(ccd2324.get("2624870")!, "Muskegon Heights School District", ccd2324.values())
 * // [the row of 2601029 Muskegon Heights Public School Academy System]
 */
export function openInItsPlace(closed: CcdRow, name: string, directory: Iterable<CcdRow>): CcdRow[] {
  const place = placeOfName(name);
  const officeZip = officeZipOf(closed);
  // A place of initials only ("S H" of S H Elementary, MT) names nothing another district's name could begin with.
  if (!/[a-z]{3}/.test(place) || officeZip === "") return [];
  const found: CcdRow[] = [];
  for (const r of directory) {
    if (r.leaid === closed.leaid || !OPEN_STATUSES.has(r.status) || officeZipOf(r) !== officeZip) continue;
    const own = r.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "").join(" ");
    if (own === place || own.startsWith(`${place} `)) found.push(r);
  }
  return found.sort((a, b) => (a.leaid < b.leaid ? -1 : 1));
}

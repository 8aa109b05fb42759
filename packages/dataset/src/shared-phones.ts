/**
 * Phone numbers the directory gives a district that are not its own office's: a toll-free
 * line given to districts with offices in different ZIP codes is an agency's (Ohio's
 * department of education's (877) 644-6338 for Mapleton, Three Rivers, Midview and
 * Crestview Local: data audit 38 #5). The page would send a parent to the state's switchboard
 * as if it were the district's office.
 */
import { formatPhone } from "@school-districts/core";
import { LEA_TYPE, type CcdRow } from "./sources.ts";

/** North American toll-free area codes (a district's own office has a local number). */
const TOLL_FREE = /^\((800|833|844|855|866|877|888)\) /;

/** Whether a formatted phone ("(877) 644-6338") is toll-free. */
export function isTollFree(phone: string): boolean {
  return TOLL_FREE.test(phone);
}

/**
 * The toll-free phones (formatted) that one directory gives to districts (regular, component or
 * supervisory union) with offices in two or more ZIP codes.
 *
 * @example
 * sharedTollFreePhones(ccd2324.values()) // Set { "(877) 644-6338" }
 */
export function sharedTollFreePhones(rows: Iterable<CcdRow>): Set<string> {
  const districtTypes = new Set<string>(Object.values(LEA_TYPE));
  const officeZips = new Map<string, Set<string>>();
  for (const row of rows) {
    const phone = formatPhone(row.phone);
    if (!districtTypes.has(row.leaType) || !isTollFree(phone)) continue;
    const zip = row.office.slice(0, 5);
    (officeZips.get(phone) ?? officeZips.set(phone, new Set()).get(phone)!).add(zip);
  }
  return new Set([...officeZips].filter(([, zips]) => zips.size > 1).map(([phone]) => phone));
}

/**
 * A district's phone: the directory's, but where it is a shared toll-free line, the 2018-19
 * directory's where that is a local one, else none (the page then says the directory gives none).
 *
 * @example
 * districtPhone("(877) 644-6338", "(419) 945-2188", shared) // "(419) 945-2188"
 * districtPhone("(877) 644-6338", "(877) 644-6338", shared) // ""
 */
export function districtPhone(phone: string, older: string, shared: ReadonlySet<string>): string {
  if (!shared.has(phone)) return phone;
  return older !== "" && !isTollFree(older) ? older : "";
}

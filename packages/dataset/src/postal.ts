/**
 * data/postal.csv: the USPS ZIP codes that get no record (no ZIP area of their
 * own: PO boxes, single buildings and large mail customers, and a few ZIPs the
 * census draws no area for), from the UDS Mapper ZIP-to-ZCTA crosswalk 2020,
 * with their post-office city, USPS type and the ZIP area (ZCTA) they lie in; and the
 * military mail ZIPs (APO, FPO, DPO: state AA, AE or AP) of the `zipcodes` list, which the
 * crosswalk leaves out. The server's ZIP pages explain such a ZIP instead of answering "not found".
 */
import { stringify } from "csv-stringify/sync";
import { InputError } from "./errors.ts";
import { FILES, HEADERS, loadZipcodes } from "./sources.ts";
import { col, readTable, ZIP_RE } from "./read.ts";

/** The USPS codes of military mail (Armed Forces Americas, Europe, Pacific). */
const MILITARY_STATES = new Set(["AA", "AE", "AP"]);
/** The `type` of a military mail ZIP in postal.csv (the crosswalk's types are USPS's words). */
export const MILITARY_TYPE = "Military mail (APO/FPO/DPO)";

/** The columns of postal.csv. */
export const POSTAL_COLUMNS = ["zip", "city", "state", "type", "zcta", "county"] as const;

/**
 * postal.csv for the ZIPs of the crosswalk without a record, sorted by ZIP.
 * The ZCTA column is empty where the crosswalk gives none; `county` is the ZIP's county as a
 * record's is named (`countyOf`: HUD, else GeoNames…), empty for military mail or where none is known.
 *
 * @example
 * postalCsv("/work/shared/data/raw", new Set(["90210"]), (zip, state) => county.pick(zip, state).name) // "zip,city,state,type,zcta,county\n...90209,Beverly Hills,CA,Post Office or large volume customer,90210,Los Angeles County\n..."
 */
export function postalCsv(raw: string, recordZips: ReadonlySet<string>, countyOf: (zip: string, state: string) => string): string {
  const t = readTable(raw, FILES.uds, HEADERS.uds);
  const [zip, city, state, type, zcta] = ["ZIP_CODE", "PO_NAME", "STATE", "ZIP_TYPE", "ZCTA"].map((c) => col(t, c)) as [number, number, number, number, number];
  const rows = new Map<string, string[]>();
  for (const [i, r] of t.rows.entries()) {
    const z = r[zip]!;
    if (!ZIP_RE.test(z)) throw new InputError(FILES.uds, t.lines[i] ?? 0, `ZIP_CODE "${z}" is not 5 digits`);
    if (rows.has(z)) throw new InputError(FILES.uds, t.lines[i] ?? 0, `ZIP_CODE ${z} appears twice`);
    if (recordZips.has(z)) continue;
    rows.set(z, [z, r[city]!.trim(), r[state]!.trim(), r[type]!.trim(), ZIP_RE.test(r[zcta]!) ? r[zcta]! : "", countyOf(z, r[state]!.trim())]);
  }
  // Military mail (the USPS "states" AA, AE, AP): no area, no school district; its page says so.
  for (const [z, { city: office, state: armedForces }] of loadZipcodes(raw)) {
    if (!MILITARY_STATES.has(armedForces) || rows.has(z) || recordZips.has(z)) continue;
    rows.set(z, [z, office.toUpperCase(), armedForces, MILITARY_TYPE, "", ""]);
  }
  const sorted = [...rows.values()].filter((r) => r[1] !== "" && /^[A-Z]{2}$/.test(r[2]!)).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  return stringify([[...POSTAL_COLUMNS], ...sorted], { record_delimiter: "\n" });
}

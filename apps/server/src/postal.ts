/**
 * data/postal.csv: USPS ZIP codes that have no record because they have no
 * area of their own (PO boxes, single buildings, large mail customers), with
 * their post-office city and the ZIP area they lie in. Written by the dataset
 * pipeline from the UDS Mapper ZIP-to-ZCTA crosswalk; the ZIP pages use it to
 * explain such a ZIP instead of "not found".
 */
import { parse } from "csv-parse/sync";
import { DatasetError } from "@school-districts/core";
import type { NearZip, PostalZip } from "./error-pages.ts";

/**
 * The ZIP codes of each city, from entries with a zip, city and state (the records: /index.json
 * or zips.csv rows), in their order; cities compare without case. A PO-box ZIP's page and
 * problem detail list its city's ZIP codes from it.
 *
 * @example
 * cityZipIndex([{ zip: "90210", city: "Beverly Hills", state: "CA" }])("beverly hills", "CA") // ["90210"]
 */
export function cityZipIndex(entries: Iterable<{ zip: string; city: string; state: string }>): (city: string, state: string) => string[] {
  const cities = new Map<string, string[]>();
  const key = (city: string, state: string) => `${city.toLowerCase()}|${state}`;
  for (const entry of entries) {
    const list = cities.get(key(entry.city, entry.state));
    if (list) list.push(entry.zip);
    else cities.set(key(entry.city, entry.state), [entry.zip]);
  }
  return (city, state) => cities.get(key(city, state)) ?? [];
}

/** How many ZIP codes a mistyped ZIP code's page offers: a handful, on a phone's screen. */
export const MAX_NEAR_ZIPS = 8;

/**
 * Whether two 5-digit ZIP codes differ in exactly one digit (a digit mistyped: 60291 for 60201).
 *
 * @example
 * oneDigitOff("60291", "60201") // true
 */
function oneDigitOff(a: string, b: string): boolean {
  let off = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) off++;
  return off === 1;
}

/**
 * The ZIP codes with a record that share a mistyped ZIP code's first 3 digits (its USPS
 * sectional centre: 602, Evanston and north Cook County, IL), with their towns, from the records
 * (/index.json entries): those one digit off first, as one mistyped digit gives them, then the
 * nearest numbers; at most MAX_NEAR_ZIPS (pages audit 39 #6: 47 % of one-digit typos of real ZIP
 * codes got a 404 with no help).
 *
 * @example
 * nearZipIndex([{ zip: "60201", city: "Evanston", state: "IL" }, { zip: "60202", city: "Evanston", state: "IL" }])("60291")
 * // [{ zip: "60201", city: "Evanston", state: "IL" }, { zip: "60202", city: "Evanston", state: "IL" }]
 */
export function nearZipIndex(entries: Iterable<NearZip>): (zip: string) => NearZip[] {
  const byPrefix = new Map<string, NearZip[]>();
  for (const { zip, city, state } of entries) {
    const list = byPrefix.get(zip.slice(0, 3));
    if (list) list.push({ zip, city, state });
    else byPrefix.set(zip.slice(0, 3), [{ zip, city, state }]);
  }
  return (zip) => {
    const rank = (z: NearZip) => [oneDigitOff(z.zip, zip) ? 0 : 1, Math.abs(Number(z.zip) - Number(zip))] as const;
    return (byPrefix.get(zip.slice(0, 3)) ?? [])
      .filter((z) => z.zip !== zip)
      .map((z) => ({ z, r: rank(z) }))
      .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || (a.z.zip < b.z.zip ? -1 : 1))
      .slice(0, MAX_NEAR_ZIPS)
      .map(({ z }) => z);
  };
}

/** The columns of data/postal.csv, in order. */
export const POSTAL_COLUMNS = ["zip", "city", "state", "type", "zcta", "county"] as const;

/**
 * Parses postal.csv; "" gives an empty map. A wrong header or a malformed row
 * (a ZIP not of 5 digits, a state not of 2 capitals, a zcta neither empty nor of
 * 5 digits, an empty city) throws a DatasetError naming the file and the line.
 *
 * @example
 * parsePostal("zip,city,state,type,zcta,county\n90209,Beverly Hills,CA,Post Office or large volume customer,90210,Los Angeles County\n").get("90209")?.city // "Beverly Hills"
 */
export function parsePostal(text: string, file = "postal.csv"): Map<string, PostalZip> {
  const out = new Map<string, PostalZip>();
  if (text === "") return out;
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With each record's line (info.lines, the line it ends on): a quoted field may hold a newline,
    // so a record's index is not its line in the file. (csv-parse's types say string[][] whatever `info` is.)
    rows = parse(text, { relax_column_count: false, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw new DatasetError(file, `not valid CSV: ${(err as Error).message}`);
  }
  if (rows[0]?.record.join(",") !== POSTAL_COLUMNS.join(",")) throw new DatasetError(file, `header must be ${POSTAL_COLUMNS.join(",")}`);
  for (const { record: row, info } of rows.slice(1)) {
    const [zip, city, state, type, zcta, county] = row as [string, string, string, string, string, string];
    if (!/^[0-9]{5}$/.test(zip) || !/^[A-Z]{2}$/.test(state) || !/^([0-9]{5})?$/.test(zcta) || city === "") {
      throw new DatasetError(file, `line ${info.lines} is malformed: ${row.join(",")}`);
    }
    out.set(zip, { zip, city, state, type, zcta, county });
  }
  return out;
}

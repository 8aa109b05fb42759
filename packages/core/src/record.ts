import type { components } from "@school-districts/api-types";

/** A DistrictRecord of openapi.json: one ZIP code's record, 18 fields. */
export type DistrictRecord = components["schemas"]["DistrictRecord"];
/** The body of `/state/{state}.json`. */
export type StateCollection = components["schemas"]["StateCollection"];
/** The body of `/bulk/all-districts.json`. */
export type BulkCollection = components["schemas"]["BulkCollection"];
/** One entry of `/index.json`. */
export type IndexEntry = components["schemas"]["IndexEntry"];
/** The body of `/zip/{zip}/districts.json`. */
export type ZipDistricts = components["schemas"]["ZipDistricts"];
/** One district of `/zip/{zip}/districts.json`. */
export type DistrictOverlap = components["schemas"]["DistrictOverlap"];
/** The body of `/district/{leaid}.json`. */
export type District = components["schemas"]["District"];
/** One ZIP of a District's `zips`. */
export type DistrictZip = components["schemas"]["DistrictZip"];
/** One district of `/state/{state}/districts.json` (and a row of `/bulk/districts.csv`). */
export type DistrictSummary = components["schemas"]["DistrictSummary"];
/** The body of `/state/{state}/districts.json`. */
export type StateDistricts = components["schemas"]["StateDistricts"];
/** An RFC 9457 problem details body. */
export type Problem = components["schemas"]["Problem"];

/** Data source name of every record (decisions.md rule 6). */
export const RECORD_SOURCE: DistrictRecord["source"] =
  "National Center for Education Statistics (NCES): Common Core of Data and EDGE";
/** Data source URL of every record (decisions.md rule 6). */
export const RECORD_SOURCE_URL: DistrictRecord["source_url"] = "https://nces.ed.gov/ccd/";
/** License URL of every record and collection: CC BY 4.0. */
export const RECORD_LICENSE: DistrictRecord["license"] = "https://creativecommons.org/licenses/by/4.0/";

/** The CSV columns of `/bulk/all-districts.csv`, in the spec's order (section 2.4). */
export const CSV_COLUMNS = [
  "zip",
  "district",
  "city",
  "state",
  "county",
  "rating",
  "rating_label",
  "students",
  "schools",
  "per_pupil",
  "grade_span",
  "phone",
  "website",
  "page_url",
  "updated",
] as const satisfies readonly (keyof DistrictRecord)[];

/** The CSV columns of `/bulk/districts.csv`: a DistrictSummary without `url` (`notes` as their codes), then `updated`. */
export const DISTRICT_CSV_COLUMNS = [
  "leaid",
  "district",
  "state",
  "county",
  "level",
  "grade_span",
  "students",
  "schools",
  "per_pupil",
  "rating",
  "rating_label",
  "phone",
  "website",
  "page_url",
  "overlapping_zips",
  "chosen_zips",
  "per_pupil_year",
  "rating_source",
  "notes",
  "updated",
] as const satisfies readonly (keyof DistrictSummary | "updated")[];

/**
 * The CSV columns of `/bulk/zip-districts.csv`: one row per ZIP and district it overlaps, the
 * ZIP (its ZCTA and state) then the fields of that district in `/zip/{zip}/districts.json`
 * (`serves_most` as words separated by a space, `notes` as their codes), then `updated`.
 */
export const ZIP_DISTRICT_CSV_COLUMNS = [
  "zip",
  "zcta",
  "state",
  "leaid",
  "district",
  "level",
  "grade_span",
  "share",
  "share_elementary",
  "share_secondary",
  "basis",
  "chosen",
  "serves_most",
  "per_pupil_year",
  "rating_source",
  "notes",
  "updated",
] as const satisfies readonly (keyof DistrictOverlap | keyof ZipDistricts | "state" | "updated")[];

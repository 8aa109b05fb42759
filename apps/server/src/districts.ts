/**
 * Districts as resources: each district with every ZIP it overlaps (the
 * inverse of `/zip/{zip}/districts.json`, from the same overlap rows, so the
 * two always agree), every district of a state, and the whole country as CSV.
 */
import {
  DISTRICT_CSV_COLUMNS,
  RECORD_LICENSE,
  RECORD_SOURCE,
  RECORD_SOURCE_URL,
  ratingLabel,
  type Dataset,
  type District,
  type DistrictRow,
  type DistrictSummary,
  type DistrictZip,
  type StateDistricts,
} from "@school-districts/core";
import { teachesNoHighSchool } from "./answer.ts";
import { toCsv } from "./csv.ts";
import { LEVELS, overlapFields, overlapRows } from "./records.ts";

/**
 * Every ZIP each district overlaps, by LEAID, sorted by ZIP: the overlap rows
 * of each ZIP (or, for a ZIP without any, its record's district with share 1
 * by land, as `/zip/{zip}/districts.json` lists it), `chosen` where the ZIP's
 * record names the district, `serves_most` the grade levels at which it serves
 * most of the ZIP's residents.
 *
 * @example
 * districtZips(dataset).get("0604830") // [{ zip: "90046", share: 0, basis: "population", chosen: false, serves_most: [] }, ...]
 */
export function districtZips(dataset: Dataset): Map<string, DistrictZip[]> {
  const byDistrict = new Map<string, DistrictZip[]>();
  for (const row of dataset.zips) {
    // The same rows, and the same fallback, as zipDistricts.
    for (const o of overlapRows(dataset, row)) {
      let list = byDistrict.get(o.leaid);
      if (!list) byDistrict.set(o.leaid, (list = []));
      list.push({ zip: row.zip, ...overlapFields(o, row) });
    }
  }
  return byDistrict;
}

type Facts = Omit<DistrictSummary, "url" | "overlapping_zips" | "chosen_zips">;

/**
 * A district's facts in the formats of the ZIP records, in the contract's order.
 *
 * @example
 * districtFacts(dataset.districts.get("0604830")!, "http://localhost:8080").page_url // "http://localhost:8080/district/0604830"
 */
function districtFacts(d: DistrictRow, baseUrl: string): Facts {
  return {
    leaid: d.leaid,
    district: d.name,
    state: d.state as Facts["state"],
    county: d.county,
    level: LEVELS[d.level],
    grade_span: d.grade_span as Facts["grade_span"],
    students: d.students,
    schools: d.schools,
    per_pupil: d.per_pupil,
    rating: d.rating,
    rating_label: ratingLabel(d.rating),
    phone: d.phone,
    website: d.website,
    page_url: `${baseUrl}/district/${d.leaid}`,
  };
}

/**
 * The body of `/district/{leaid}.json`.
 *
 * @example
 * const zips = districtZips(dataset);
 * districtDetail(dataset.districts.get("0604830")!, zips.get("0604830") ?? [], dataset.updated, base).zips.length // 5
 */
export function districtDetail(d: DistrictRow, zips: DistrictZip[], updated: string, baseUrl: string): District {
  return {
    ...districtFacts(d, baseUrl),
    // Present only when known, as in /zip/{zip}/districts.json (issue 16).
    ...districtCaveats(d),
    source: RECORD_SOURCE,
    source_url: RECORD_SOURCE_URL,
    license: RECORD_LICENSE,
    updated,
    zips,
  };
}

/**
 * One district of `/state/{state}/districts.json`: its facts, URL and ZIP counts.
 *
 * @example
 * districtSummary(row, zips.get(row.leaid) ?? [], base).chosen_zips // 3
 */
function districtSummary(d: DistrictRow, zips: DistrictZip[], baseUrl: string): DistrictSummary {
  return {
    ...districtFacts(d, baseUrl),
    url: `${baseUrl}/district/${d.leaid}.json`,
    overlapping_zips: zips.length,
    chosen_zips: zips.reduce((n, z) => n + (z.chosen ? 1 : 0), 0),
    ...districtCaveats(d),
  };
}

/** A district's caveats, present only when known, as `/district/{leaid}.json` and its summaries give them (issue 16). */
function districtCaveats(d: DistrictRow): Pick<District, "per_pupil_year" | "rating_source" | "notes"> {
  return {
    ...(d.per_pupil_year !== "" ? { per_pupil_year: d.per_pupil_year } : {}),
    ...(d.rating_source !== "" ? { rating_source: d.rating_source } : {}),
    ...(d.notes.length > 0 ? { notes: d.notes as NonNullable<District["notes"]> } : {}),
  };
}

/**
 * A cell of `/bulk/districts.csv`: empty for a null rating or a caveat not known, the notes' codes
 * separated by a space (as /bulk/zip-districts.csv writes them).
 *
 * @example
 * districtCsvCell(summary, "notes", "2026-11-22") // "umbrella rating-none"
 */
function districtCsvCell(summary: DistrictSummary, column: (typeof DISTRICT_CSV_COLUMNS)[number], updated: string): string {
  if (column === "updated") return updated;
  if (column === "notes") return (summary.notes ?? []).map((n) => n.code).join(" ");
  const value = summary[column];
  return value === null || value === undefined ? "" : String(value);
}

/** The district bodies of a site, as text by path. */
interface DistrictBodies {
  /** `/district/{leaid}.json` of every district, by LEAID order. */
  districts: Map<string, string>;
  /** `/state/{state}/districts.json` of each of the given states. */
  states: Map<string, string>;
  /** `/bulk/districts.csv`. */
  csv: string;
  /**
   * By LEAID, where not 0: the ZIPs where people live whose high-school grades a district serves
   * most of without being the district their record names (a high-school district over elementary ones).
   */
  highSchoolOf: Map<string, number>;
  /**
   * By LEAID, where not 0: its PO-box ZIPs (no homes), those whose record names it and all it
   * overlaps, which the state page leaves out of its counts as the district page sets them apart.
   */
  postOfficeOf: Map<string, { named: number; overlapping: number }>;
  /** LEAID -> the ZIP codes where people live that it touches only in a part with no residents (share 0, not named): its page lists them apart, not as covered (pages audit 39 #7) */
  emptyOf: Map<string, number>;
}

/**
 * The ZIPs a district is the high-school district of: it serves most of their high-school
 * grades (half or more) without being the district their record names (a high-school district
 * over elementary ones). None for a district that stops before 9th grade (Arock, K-8, which the
 * boundaries mark for 97917's high school).
 *
 * @example
 * highSchoolZips("9th – 12th", zips.get("3003900") ?? []).length // 15
 */
export function highSchoolZips<Z extends Pick<DistrictZip, "chosen" | "serves_most" | "share_secondary">>(gradeSpan: string, zips: readonly Z[]): Z[] {
  // Most of the ZIP's high-school grades, as the ZIP page's answer says it: where the mark holds a
  // part (Londonderry, 0.5 % of Derry's 03038), that page says no district teaching high school covers most of it.
  return teachesNoHighSchool(gradeSpan) ? [] : zips.filter((z) => !z.chosen && z.serves_most.includes("secondary") && z.share_secondary >= 0.5);
}

/**
 * Renders every district body: one per district, one per state (each of
 * `states`, empty when it has no district), and the CSV of all of them.
 *
 * @example
 * const bodies = renderDistrictBodies(dataset, "http://localhost:8080", ["AK", "AL"]);
 * JSON.parse(bodies.districts.get("/district/0604830.json")!).zips[0].zip // "90046"
 */
export function renderDistrictBodies(dataset: Dataset, baseUrl: string, states: readonly string[]): DistrictBodies {
  const zips = districtZips(dataset);
  const rows = [...dataset.districts.values()].sort((a, b) => (a.leaid < b.leaid ? -1 : 1));
  const districts = new Map<string, string>();
  const byState = new Map<string, DistrictSummary[]>(states.map((s) => [s, []]));
  const csv: string[][] = [[...DISTRICT_CSV_COLUMNS]];
  const highSchoolOf = new Map<string, number>();
  const postOfficeOf = new Map<string, { named: number; overlapping: number }>();
  const emptyOf = new Map<string, number>();
  for (const d of rows) {
    const list = zips.get(d.leaid) ?? [];
    // ZIP codes where people live, as the district's page counts them (review 34 #5: Phoenix Union 44 against 22).
    const highSchoolList = highSchoolZips(d.grade_span, list).filter((z) => z.basis !== "post office");
    const highSchool = highSchoolList.length;
    if (highSchool > 0) highSchoolOf.set(d.leaid, highSchool);
    const empty = list.filter((z) => z.basis !== "post office" && !z.chosen && !highSchoolList.includes(z) && z.share === 0).length;
    if (empty > 0) emptyOf.set(d.leaid, empty);
    const boxes = list.filter((z) => z.basis === "post office");
    if (boxes.length > 0) postOfficeOf.set(d.leaid, { named: boxes.filter((z) => z.chosen).length, overlapping: boxes.length });
    districts.set(`/district/${d.leaid}.json`, JSON.stringify(districtDetail(d, list, dataset.updated, baseUrl)));
    const summary = districtSummary(d, list, baseUrl);
    byState.get(d.state)?.push(summary);
    csv.push(DISTRICT_CSV_COLUMNS.map((c) => districtCsvCell(summary, c, dataset.updated)));
  }
  const stateBodies = new Map<string, string>();
  for (const [state, list] of byState) {
    const body: StateDistricts = {
      state: state as StateDistricts["state"],
      count: list.length,
      source: RECORD_SOURCE,
      license: RECORD_LICENSE,
      updated: dataset.updated,
      districts: list,
    };
    stateBodies.set(`/state/${state}/districts.json`, JSON.stringify(body));
  }
  return { districts, states: stateBodies, csv: toCsv(csv), highSchoolOf, postOfficeOf, emptyOf };
}

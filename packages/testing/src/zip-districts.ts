import { ZIP_DISTRICT_CSV_COLUMNS, type DistrictOverlap } from "@school-districts/core";

/**
 * The `/bulk/zip-districts.csv` row a district of `/zip/{zip}/districts.json` should have, cell
 * by cell from the JSON (the server writes the CSV from the dataset, not from these): the
 * suites compare the two.
 *
 * @example
 * zipDistrictCsvRow({ zip: "90210", zcta: "90210", state: "CA", updated: "2026-11-22" }, list.districts[0])
 * // ["90210", "90210", "CA", "0604830", "Beverly Hills Unified School District", "unified", …]
 */
export function zipDistrictCsvRow(zip: { zip: string; zcta: string; state: string; updated: string }, d: DistrictOverlap): string[] {
  const cells: Record<(typeof ZIP_DISTRICT_CSV_COLUMNS)[number], string> = {
    ...zip,
    leaid: d.leaid,
    district: d.district,
    level: d.level,
    grade_span: d.grade_span,
    share: String(d.share),
    share_elementary: String(d.share_elementary),
    share_secondary: String(d.share_secondary),
    basis: d.basis,
    chosen: String(d.chosen),
    serves_most: d.serves_most.join(" "),
    per_pupil_year: d.per_pupil_year ?? "",
    rating_source: d.rating_source ?? "",
    notes: (d.notes ?? []).map((n) => n.code).join(" "),
  };
  return ZIP_DISTRICT_CSV_COLUMNS.map((c) => cells[c]);
}

/**
 * Turns the dataset into the API's objects (DistrictRecord, IndexEntry,
 * ZipDistricts), each built once for a given base URL.
 */
import {
  RECORD_LICENSE,
  RECORD_SOURCE,
  RECORD_SOURCE_URL,
  ratingLabel,
  type DistrictOverlap,
  type DistrictRecord,
  type IndexEntry,
  type ZipDistricts,
} from "@school-districts/core";
import type { Dataset, OverlapRow, ZipRow } from "@school-districts/core";

/** District levels of districts.csv as the API names them. */
export const LEVELS = { U: "unified", E: "elementary", S: "secondary" } as const;

/**
 * The record of one ZIP: exactly the 18 fields, in order (rules 1-7).
 *
 * @example
 * zipRecord(dataset, dataset.zips[0], "http://localhost:8080").page_url // "http://localhost:8080/zip/00501"
 */
export function zipRecord(dataset: Dataset, row: ZipRow, baseUrl: string): DistrictRecord {
  const d = dataset.districts.get(row.leaid)!;
  return {
    zip: row.zip,
    district: d.name,
    city: row.city,
    state: row.state as DistrictRecord["state"],
    county: row.county,
    rating: d.rating,
    rating_label: ratingLabel(d.rating),
    students: d.students,
    schools: d.schools,
    per_pupil: d.per_pupil,
    grade_span: d.grade_span,
    phone: d.phone,
    website: d.website,
    page_url: `${baseUrl}/zip/${row.zip}`,
    source: RECORD_SOURCE,
    source_url: RECORD_SOURCE_URL,
    license: RECORD_LICENSE,
    updated: dataset.updated,
  };
}

/**
 * The index entry of a record (rule 8).
 *
 * @example
 * indexEntry(record, "http://localhost:8080").url // "http://localhost:8080/zip/90210.json"
 */
export function indexEntry(record: DistrictRecord, baseUrl: string): IndexEntry {
  return {
    zip: record.zip,
    district: record.district,
    city: record.city,
    state: record.state,
    rating: record.rating,
    url: `${baseUrl}/zip/${record.zip}.json`,
  };
}

/** 4 decimals, as overlaps.csv has them. */
export const round4 = (x: number) => Math.round(x * 10000) / 10000;

/**
 * The fields one overlap row gives both the ZIP's district list and the district's ZIP list,
 * in the contract's order: share, basis, chosen (the record's district), serves_most, per-grade shares.
 *
 * @example
 * overlapFields(overlapRows(dataset, row)[0], row).chosen // true
 */
export function overlapFields(o: OverlapRow, row: ZipRow): Pick<DistrictOverlap, "share" | "basis" | "chosen" | "serves_most" | "share_elementary" | "share_secondary"> {
  return {
    share: round4(o.share),
    basis: o.basis,
    chosen: o.leaid === row.leaid,
    serves_most: [...o.servesMost],
    share_elementary: round4(o.shareElementary),
    share_secondary: round4(o.shareSecondary),
  };
}

/**
 * A ZIP's rows of overlaps.csv; a ZIP without any (none in a full build) gets its record's
 * district alone, at every grade, by land.
 *
 * @example
 * overlapRows(dataset, row)[0].leaid // "0604830"
 */
export function overlapRows(dataset: Dataset, row: ZipRow): readonly OverlapRow[] {
  return dataset.overlaps.get(row.zip) ?? [{ leaid: row.leaid, share: 1, basis: "land", servesMost: ["elementary", "secondary"], shareElementary: 1, shareSecondary: 1 }];
}

/**
 * Every district overlapping a ZIP, largest share first (rule 20), `chosen`
 * marking the record's district. A ZIP without overlap rows lists its record's
 * district alone. `zcta` is the ZCTA the shares are measured on: the ZIP itself,
 * or for a PO-box ZIP the ZCTA holding its post office. `newer_districts`: those
 * newer than the maps whose office is in the ZIP or that ZCTA (no share).
 *
 * @example
 * zipDistricts(dataset, row).districts[0].level // "unified"
 */
export function zipDistricts(dataset: Dataset, row: ZipRow): ZipDistricts {
  const districts: DistrictOverlap[] = overlapRows(dataset, row).map((o) => {
    const d = dataset.districts.get(o.leaid);
    return {
      leaid: o.leaid,
      district: d?.name ?? "",
      level: LEVELS[d?.level ?? "U"],
      grade_span: (d?.grade_span ?? "") as DistrictOverlap["grade_span"],
      ...overlapFields(o, row),
      ...(d !== undefined && d.per_pupil_year !== "" ? { per_pupil_year: d.per_pupil_year } : {}),
      ...(d !== undefined && d.rating_source !== "" ? { rating_source: d.rating_source } : {}),
      ...(d !== undefined && d.notes.length > 0 ? { notes: d.notes as NonNullable<DistrictOverlap["notes"]> } : {}),
    };
  });
  return { zip: row.zip, zcta: row.zcta, districts, newer_districts: newerDistricts(dataset, row) };
}

/**
 * The districts newer than the maps whose office is in a ZIP, in the ZCTA of its post office, or
 * in a PO-box ZIP of its area (`newer_districts` of its districts list): named, no share. Empty almost everywhere.
 *
 * @example
 * newerDistricts(dataset, row36561).map((d) => d.district) // ["Orange Beach City School District"]
 */
export function newerDistricts(dataset: Dataset, row: ZipRow): ZipDistricts["newer_districts"] {
  const found = new Map([row.zip, row.zcta].flatMap((key) => dataset.newer.get(key) ?? []).map((n) => [n.leaid, n.office]));
  return [...found].map(([leaid, office_zip]) => {
    const d = dataset.districts.get(leaid)!;
    return { leaid, district: d.name, level: LEVELS[d.level], grade_span: d.grade_span as DistrictOverlap["grade_span"], office_zip };
  });
}

/**
 * Renders the dataset-derived bodies straight to UTF-8 bytes. JSON.stringify of
 * 100k objects and encoding ~80 MB of (UTF-16, because of the en dash) text
 * dominated start-up, so the district-level part of every record (13k districts
 * for 34k ZIPs) is encoded once and each body is assembled from byte pieces.
 * The output is byte-for-byte JSON.stringify of the objects in records.ts and
 * of the collections (tests check every body of the fixture).
 */
import { RECORD_LICENSE, RECORD_SOURCE, RECORD_SOURCE_URL, ratingLabel, type BulkCollection, type StateCollection } from "@school-districts/core";
import { ByteWriter, encodedCache } from "./bytes.ts";
import { csvCell, toCsv } from "./csv.ts";
import { CSV_COLUMNS, ZIP_DISTRICT_CSV_COLUMNS } from "@school-districts/core";
import type { Dataset } from "@school-districts/core";
import { LEVELS, newerDistricts, overlapRows, round4 } from "./records.ts";

const q = JSON.stringify as (value: string) => string;
const encoder = new TextEncoder();
const enc = (s: string) => encoder.encode(s);

/** Every dataset-derived body, as bytes. */
interface RenderedBodies {
  /** `/zip/{zip}.json`, in dataset order (views into one buffer). */
  records: Uint8Array<ArrayBuffer>[];
  /** `/zip/{zip}/districts.json`, in dataset order. */
  districts: Uint8Array<ArrayBuffer>[];
  /** `/state/{state}.json` of each of `states`. */
  states: Map<string, Uint8Array<ArrayBuffer>>;
  bulk: Uint8Array<ArrayBuffer>;
  csv: Uint8Array<ArrayBuffer>;
  /** `/bulk/zip-districts.csv`: every row of every `/zip/{zip}/districts.json`. */
  zipDistrictsCsv: Uint8Array<ArrayBuffer>;
  index: Uint8Array<ArrayBuffer>;
}

/**
 * Renders all record, districts, state, bulk, CSV and index bodies.
 *
 * @example
 * const bodies = renderBodies(dataset, "http://localhost:8080", ["AK", ...]);
 * new TextDecoder().decode(bodies.records[0]) === JSON.stringify(zipRecord(dataset, dataset.zips[0], base)) // true
 */
export function renderBodies(dataset: Dataset, baseUrl: string, states: readonly string[]): RenderedBodies {
  const rows = dataset.zips;
  const jsonString = encodedCache(q);
  const csvString = encodedCache(csvCell);
  const zipBase = enc(q(`${baseUrl}/zip/`).slice(0, -1));
  const tail = enc(`",` + `"source":${q(RECORD_SOURCE)},"source_url":${q(RECORD_SOURCE_URL)},"license":${q(RECORD_LICENSE)},"updated":${q(dataset.updated)}}`);

  type Part = { name: Uint8Array<ArrayBuffer>; middle: Uint8Array<ArrayBuffer>; csvName: Uint8Array<ArrayBuffer>; csvMiddle: Uint8Array<ArrayBuffer>; rating: Uint8Array<ArrayBuffer> };
  const parts = new Map<string, Part>();
  const part = (leaid: string): Part => {
    let p = parts.get(leaid);
    if (p) return p;
    const d = dataset.districts.get(leaid)!;
    const rating = d.rating === null ? "null" : String(d.rating);
    p = {
      name: enc(q(d.name)),
      middle: enc(
        `,"rating":${rating},"rating_label":${q(ratingLabel(d.rating))},"students":${q(d.students)},"schools":${q(d.schools)},` +
          `"per_pupil":${q(d.per_pupil)},"grade_span":${q(d.grade_span)},"phone":${q(d.phone)},"website":${q(d.website)},"page_url":`,
      ),
      csvName: enc(csvCell(d.name)),
      csvMiddle: enc(
        [d.rating === null ? "" : String(d.rating), ratingLabel(d.rating), d.students, d.schools, d.per_pupil, d.grade_span, d.phone, d.website]
          .map(csvCell)
          .join(","),
      ),
      rating: enc(rating),
    };
    parts.set(leaid, p);
    return p;
  };

  // Records: one buffer, each body a view.
  const all = new ByteWriter(rows.length * 640);
  const ends: number[] = [];
  for (const row of rows) {
    const p = part(row.leaid);
    all.ascii(`{"zip":"${row.zip}","district":`).bytes(p.name).ascii(',"city":').bytes(jsonString(row.city));
    all.ascii(`,"state":`).bytes(jsonString(row.state)).ascii(',"county":').bytes(jsonString(row.county));
    all.bytes(p.middle).bytes(zipBase).ascii(row.zip).bytes(tail);
    ends.push(all.length);
  }
  const recordBuffer = all.take();
  const records = ends.map((end, i) => recordBuffer.subarray(i === 0 ? 0 : ends[i - 1]!, end));

  // Districts of each ZIP, and the same rows as one CSV (with the ZIP's ZCTA and state).
  const dw = new ByteWriter(rows.length * 300);
  const zw = new ByteWriter(rows.length * 400);
  zw.text(toCsv([ZIP_DISTRICT_CSV_COLUMNS]));
  const zipCsvTail = enc(`,${csvCell(dataset.updated)}\r\n`);
  const dEnds: number[] = [];
  for (const row of rows) {
    const overlaps = overlapRows(dataset, row);
    for (const o of overlaps) {
      const d = dataset.districts.get(o.leaid);
      zw.ascii(`${row.zip},${row.zcta},`).bytes(csvString(row.state)).ascii(`,${o.leaid},`).bytes(d ? part(o.leaid).csvName : csvString(""));
      zw.ascii(`,${LEVELS[d?.level ?? "U"]},`).bytes(csvString(d?.grade_span ?? ""));
      zw.ascii(`,${round4(o.share)},${round4(o.shareElementary)},${round4(o.shareSecondary)},${o.basis},${o.leaid === row.leaid},${o.servesMost.join(" ")},`);
      zw.bytes(csvString(d?.per_pupil_year ?? "")).ascii(`,${d?.rating_source ?? ""},${(d?.notes ?? []).map((n) => n.code).join(" ")}`).bytes(zipCsvTail);
    }
    dw.ascii(`{"zip":"${row.zip}","zcta":"${row.zcta}","districts":[`);
    overlaps.forEach((o, i) => {
      const d = dataset.districts.get(o.leaid);
      dw.ascii(`${i ? "," : ""}{"leaid":`).bytes(jsonString(o.leaid)).ascii(',"district":').bytes(d ? part(o.leaid).name : jsonString(""));
      dw.ascii(`,"level":"${LEVELS[d?.level ?? "U"]}","grade_span":`).bytes(jsonString(d?.grade_span ?? ""));
      dw.ascii(`,"share":${round4(o.share)},"basis":"${o.basis}","chosen":${o.leaid === row.leaid},"serves_most":[${o.servesMost.map((g) => `"${g}"`).join(",")}]`);
      dw.ascii(`,"share_elementary":${round4(o.shareElementary)},"share_secondary":${round4(o.shareSecondary)}`);
      if (d !== undefined && d.per_pupil_year !== "") dw.ascii(`,"per_pupil_year":`).bytes(jsonString(d.per_pupil_year));
      if (d !== undefined && d.rating_source !== "") dw.ascii(`,"rating_source":"${d.rating_source}"`);
      if (d !== undefined && d.notes.length > 0) dw.ascii(',"notes":').bytes(enc(JSON.stringify(d.notes.map((n) => ({ code: n.code, text: n.text, ...(n.zips ? { zips: n.zips } : {}) })))));
      dw.ascii("}");
    });
    const newer = newerDistricts(dataset, row);
    dw.ascii('],"newer_districts":');
    if (newer.length === 0) dw.ascii("[]");
    else dw.bytes(enc(JSON.stringify(newer)));
    dw.ascii("}");
    dEnds.push(dw.length);
  }
  const districtBuffer = dw.take();
  const districts = dEnds.map((end, i) => districtBuffer.subarray(i === 0 ? 0 : dEnds[i - 1]!, end));

  // Collections joined from the record bodies.
  const byState = new Map<string, number[]>(states.map((s) => [s, []]));
  rows.forEach((row, i) => byState.get(row.state)?.push(i));
  const stateBodies = new Map<string, Uint8Array<ArrayBuffer>>();
  const stateHeads = new Map<string, string>();
  for (const [state, list] of byState) {
    const head: Omit<StateCollection, "records"> = { state: state as StateCollection["state"], count: list.length, source: RECORD_SOURCE, license: RECORD_LICENSE };
    const open = collectionHead(head);
    stateHeads.set(state, open);
    stateBodies.set(state, joinRecords(open, list.map((i) => records[i]!)));
  }
  const bulkHead: Omit<BulkCollection, "records"> = { total: rows.length, source: RECORD_SOURCE, license: RECORD_LICENSE, updated: dataset.updated };
  const bulk = joinRecords(collectionHead(bulkHead), records);

  // CSV (rule 10): the cells in CSV_COLUMNS' order, written by hand for speed (app.test.ts reads
  // every row back with csv-parse and compares it with the record's fields by column name).
  const cw = new ByteWriter(rows.length * 260);
  cw.text(toCsv([CSV_COLUMNS]));
  const csvBase = `${baseUrl}/zip/`;
  const csvQuoted = csvCell(csvBase) !== csvBase;
  const updatedCell = enc(`,${csvCell(dataset.updated)}\r\n`);
  for (const row of rows) {
    const p = part(row.leaid);
    cw.ascii(`${row.zip},`).bytes(p.csvName).ascii(",").bytes(csvString(row.city)).ascii(",").bytes(csvString(row.state));
    cw.ascii(",").bytes(csvString(row.county)).ascii(",").bytes(p.csvMiddle).ascii(",");
    if (csvQuoted) cw.text(csvCell(`${csvBase}${row.zip}`));
    else cw.text(csvBase).ascii(row.zip);
    cw.bytes(updatedCell);
  }

  // Index (rule 8).
  const iw = new ByteWriter(rows.length * 160);
  iw.ascii("[");
  rows.forEach((row, i) => {
    const p = part(row.leaid);
    iw.ascii(`${i ? "," : ""}{"zip":"${row.zip}","district":`).bytes(p.name).ascii(',"city":').bytes(jsonString(row.city));
    iw.ascii(',"state":').bytes(jsonString(row.state)).ascii(',"rating":').bytes(p.rating).ascii(',"url":').bytes(zipBase).ascii(`${row.zip}.json"}`);
  });
  iw.ascii("]");

  return { records, districts, states: stateBodies, bulk, csv: cw.take(), zipDistrictsCsv: zw.take(), index: iw.take() };
}

/**
 * The opening of a collection body: JSON.stringify of `head` with an empty
 * `records` array last, cut before the array's end.
 *
 * @example
 * collectionHead({ total: 1 }) // '{"total":1,"records":['
 */
function collectionHead(head: object): string {
  return JSON.stringify({ ...head, records: [] }).slice(0, -2);
}

/**
 * A collection body: `open`, the record bodies joined by ",", then "]}".
 *
 * @example
 * joinRecords('{"total":1,"records":[', [recordBytes]) // bytes of '{"total":1,"records":[{...}]}'
 */
function joinRecords(open: string, records: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const w = new ByteWriter(records.reduce((n, b) => n + b.length + 1, open.length * 3 + 2));
  w.text(open);
  records.forEach((b, i) => (i ? w.ascii(",") : w).bytes(b));
  return w.ascii("]}").take();
}


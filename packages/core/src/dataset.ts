/**
 * Loader of the compiled dataset (`data/`: manifest.json, zips.csv, districts.csv,
 * overlaps.csv, built by `bun run data:build`, format described in data/README.md).
 * Every CSV is checked against the manifest (presence, sha256, row count) and its
 * header against the expected one before anything is returned; any problem throws a
 * DatasetError naming the file.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";

/** One row of zips.csv: a ZIP and the district of its record. */
export interface ZipRow {
  zip: string;
  /** the ZIP's two-letter state or territory code */
  state: string;
  city: string;
  /** full county name with legal suffix, "" when unknown (Guam) */
  county: string;
  /** LEAID of the record's district, a key of `Dataset.districts` */
  leaid: string;
  /** the ZCTA whose districts the record uses: the ZIP itself, or for a PO-box / delivery ZIP the ZCTA holding its post office */
  zcta: string;
}

/** One row of districts.csv; the string values are already formatted (decisions.md rule 4). */
export interface DistrictRow {
  leaid: string;
  state: string;
  /** the county of the district's office (its office ZIP's county, as a record's), or "" */
  county: string;
  name: string;
  level: "U" | "E" | "S";
  grade_span: string;
  phone: string;
  website: string;
  schools: string;
  students: string;
  per_pupil: string;
  /** 1-10 or null */
  rating: number | null;
  /** fiscal year of `per_pupil` ("2022", "2021"; "" when empty or estimated) */
  per_pupil_year: string;
  /** source of the rating's outcome: "seda", "edfacts", "" when unrated */
  rating_source: "seda" | "edfacts" | "";
  /** notes shown with the district's facts (data/README.md "Notes": umbrella, enrollment, spending year, no rating) */
  notes: DistrictNote[];
}

/** The note code of a district newer than every map the build reads, with the ZIP of its office (`zips`). */
export const NEWER_THAN_MAPS = "newer-than-maps";

/** A note on a district's facts: a code and one plain sentence for people. */
export interface DistrictNote {
  code: string;
  text: string;
  /** the ZIP codes the note is about, where it is about some only (`share-by-land`, `newer-than-maps`) */
  zips?: string[];
}

/** One row of overlaps.csv for one ZIP (the ZIP is the key of `Dataset.overlaps`). */
export interface OverlapRow {
  leaid: string;
  /** 0-1, 4 decimals */
  share: number;
  /** "post office": a PO-box ZIP's share, that of the ZCTA holding its post office */
  basis: "population" | "land" | "post office";
  /** the grade levels at which this district serves the most of the ZIP's people */
  servesMost: ("elementary" | "secondary")[];
  /** 0-1: its share at the elementary grades (its unified and elementary pieces) */
  shareElementary: number;
  /** 0-1: its share at the secondary grades (its unified and secondary pieces) */
  shareSecondary: number;
}

/**
 * The version of the compiled dataset's files. 2: districts.csv has a `county` column (after
 * `state`); a folder of an older build is refused with a message saying to rebuild it.
 */
export const DATASET_FORMAT = 2;

/** manifest.json. */
export interface DatasetManifest {
  format: typeof DATASET_FORMAT;
  /** the build's --date: the records' `updated` */
  updated: string;
  methods: { share: string; rating: string };
  counts: Record<string, number>;
  /** state code -> name for the pages ("" where the sources name none); absent in older builds */
  state_names?: Record<string, string>;
  /**
   * LEAID of a district drawn by the 2016 Census boundaries (or GRF21) that is not a district
   * today -> its 2016 name and the district of today the build draws its area as (BOUNDARIES.md's
   * join); absent in older builds. An old id then gets a 404 that names where its area went.
   */
  former_districts?: Record<string, FormerDistrict>;
  files: Record<DatasetCsv, { sha256: string; rows: number }>;
}

/** A district id of the 2016 boundaries that is not a district today, and where its area went. */
export interface FormerDistrict {
  /** its name in the 2016 Census boundaries */
  name: string;
  /** the LEAID of the district of today drawn over its area (in districts.csv) */
  district: string;
  /** where the district split since (West Clark, IN, 1809370): the other districts of today drawn over part of its area (BOUNDARIES.md) */
  parts?: string[];
}

/** The dataset, validated and indexed. */
export interface Dataset {
  manifest: DatasetManifest;
  /** = manifest.updated */
  updated: string;
  /** sorted by ZIP */
  zips: ZipRow[];
  /** by LEAID */
  districts: Map<string, DistrictRow>;
  /** by ZIP, in file order: largest share first */
  overlaps: Map<string, OverlapRow[]>;
  /**
   * by ZIP: the districts newer than the maps whose `newer-than-maps` note names it (the ZIP of
   * their office) or, where that is a PO-box ZIP, its ZCTA (the ZIP of the homes there): LEAID and office ZIP
   */
  newer: Map<string, { leaid: string; office: string }[]>;
}

/** The four files of a compiled dataset, as text. */
export interface DatasetFiles {
  manifest: string;
  zips: string;
  districts: string;
  overlaps: string;
}

/** A dataset that cannot be used: `file` names the file, the message the problem. */
export class DatasetError extends Error {
  readonly file: string;
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "DatasetError";
    this.file = file;
  }
}

/** The values of overlaps.csv's serves_most column. */
const SERVES_MOST = new Set(["", "elementary", "secondary", "elementary secondary"]);

/** The expected header of each CSV file. */
export const DATASET_HEADERS = {
  "zips.csv": ["zip", "state", "city", "county", "leaid", "zcta"],
  "districts.csv": ["leaid", "state", "county", "name", "level", "grade_span", "phone", "website", "schools", "students", "per_pupil", "rating", "per_pupil_year", "rating_source", "notes"],
  "overlaps.csv": ["zip", "leaid", "share", "basis", "serves_most", "share_elementary", "share_secondary"],
} as const;

export type DatasetCsv = keyof typeof DATASET_HEADERS;

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function parseManifest(text: string, file: string): DatasetManifest {
  if (text.startsWith("\uFEFF")) throw new DatasetError(file, "starts with a byte-order mark (U+FEFF): the build writes UTF-8 without one");
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch (e) {
    throw new DatasetError(file, `not valid JSON (${(e as Error).message})`);
  }
  const o = m as Partial<DatasetManifest> | null;
  if (o === null || typeof o !== "object" || Array.isArray(o)) throw new DatasetError(file, "not a JSON object");
  if (o.format !== DATASET_FORMAT) {
    throw new DatasetError(file, `format ${JSON.stringify(o.format)}, expected ${DATASET_FORMAT}: a dataset of another build; rebuild it with bun run data:build`);
  }
  if (o.updated === undefined) throw new DatasetError(file, "updated is missing (the dataset's date, YYYY-MM-DD)");
  // A date that exists: it is every record's `updated` and the responses' Last-Modified (an HTTP-date).
  const day = typeof o.updated === "string" ? new Date(`${o.updated}T00:00:00Z`) : undefined;
  // From 2000 to 2100: a year 0000 or 2999 is a typo, and would send every response a Last-Modified from long ago or the future.
  if (typeof o.updated !== "string" || !/^(?:20\d\d|2100)-\d{2}-\d{2}$/.test(o.updated) || day === undefined || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== o.updated) {
    throw new DatasetError(file, `updated ${JSON.stringify(o.updated)} is not a date written YYYY-MM-DD`);
  }
  for (const name of Object.keys(DATASET_HEADERS) as DatasetCsv[]) {
    const f = o.files?.[name];
    if (f === undefined || typeof f.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(f.sha256) || !Number.isInteger(f.rows) || f.rows < 0) {
      throw new DatasetError(file, `no valid entry for ${name} in "files" (sha256 and rows expected)`);
    }
  }
  if (o.state_names !== undefined) {
    const names = o.state_names as unknown;
    if (names === null || typeof names !== "object" || Array.isArray(names)) throw new DatasetError(file, "state_names is not an object");
    for (const [st, name] of Object.entries(names)) {
      if (!/^[A-Z]{2}$/.test(st) || typeof name !== "string") throw new DatasetError(file, `state_names: ${JSON.stringify(st)}: ${JSON.stringify(name)} is not a state code and its name`);
    }
  }
  if (o.former_districts !== undefined) {
    const former = o.former_districts as unknown;
    if (former === null || typeof former !== "object" || Array.isArray(former)) throw new DatasetError(file, "former_districts is not an object");
    for (const [leaid, f] of Object.entries(former)) {
      const { name, district, parts } = (f ?? {}) as { name?: unknown; district?: unknown; parts?: unknown };
      const leaids = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((p) => typeof p === "string" && /^\d{7}$/.test(p));
      if (!/^\d{7}$/.test(leaid) || typeof name !== "string" || name === "" || typeof district !== "string" || !/^\d{7}$/.test(district) || (parts !== undefined && !leaids(parts))) {
        throw new DatasetError(file, `former_districts: ${JSON.stringify(leaid)}: ${JSON.stringify(f)} is not a LEAID with a name and a district`);
      }
    }
  }
  return o as DatasetManifest;
}

/**
 * Checks a file the server reads besides the three CSVs (postal.csv, RATING.md, SOURCES.md)
 * against the manifest's entry for it: its sha256, and for a CSV its rows, so a truncated or
 * emptied one stops start-up naming it (ops audit 33 #2). A file the manifest does not list (a
 * build from before 2026-11-27) is not checked.
 *
 * @example
 * checkListedFile("postal.csv", text, manifest.files, "data/postal.csv") // throws DatasetError("data/postal.csv", "sha256 mismatch …")
 */
export function checkListedFile(name: string, text: string, files: Readonly<Record<string, { sha256?: unknown; rows?: unknown }>> | undefined, path: string): void {
  const entry = files?.[name];
  if (entry === undefined) return;
  if (sha256(text) !== entry.sha256) throw new DatasetError(path, "sha256 mismatch (file corrupt or edited after the build)");
  if (entry.rows !== undefined) {
    const lines = text.split("\n").length - 2;
    if (lines !== entry.rows) throw new DatasetError(path, `${lines} rows, the manifest says ${String(entry.rows)} (${lines < Number(entry.rows) ? "truncated?" : "rows added?"})`);
  }
}

function rows(name: DatasetCsv, text: string | undefined, manifest: DatasetManifest, label: string): string[][] {
  const file = `${label}/${name}`;
  if (text === undefined) throw new DatasetError(file, "missing");
  // Excel and Notepad add one when a row is "just fixed": said as what it is, not as a header mismatch.
  if (text.startsWith("\uFEFF")) throw new DatasetError(file, "starts with a byte-order mark (U+FEFF): the build writes UTF-8 without one");
  const entry = manifest.files[name];
  if (sha256(text) !== entry.sha256) throw new DatasetError(file, "sha256 mismatch (file corrupt or edited after the build)");
  let all: string[][];
  try {
    all = parse(text, { relax_column_count: false }) as string[][];
  } catch (e) {
    throw new DatasetError(file, `not valid CSV (${(e as Error).message})`);
  }
  const header = all.shift() ?? [];
  const want = DATASET_HEADERS[name];
  if (header.join(",") !== want.join(",")) throw new DatasetError(file, `header is "${header.join(",")}", expected "${want.join(",")}"`);
  if (all.length !== entry.rows) throw new DatasetError(file, `${all.length} rows, the manifest says ${entry.rows} (${all.length < entry.rows ? "truncated?" : "rows added?"})`);
  return all;
}

/** A count as the build writes it: "7", "1,234". */
const COUNT = /^\d{1,3}(,\d{3})*$/;
/** A web address a page can link: http or https, no spaces, quotes or angle brackets. */
const WEB_ADDRESS = /^https?:\/\/[^\s"'<>]+$/;
/** Control characters (a NUL byte, an escape) no value the build writes has. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The five territories the service covers besides the states and DC. The Census boundary files
 * the pipeline draws from (school districts 2016, ZCTAs) have no polygon for them: their pages
 * have no map, their places no district boundary.
 *
 * @example
 * TERRITORIES.has("PR") // true
 */
export const TERRITORIES: ReadonlySet<string> = new Set(["PR", "VI", "GU", "AS", "MP"]);

/**
 * A state's name for people from a dataset's `state_names` (its manifest's, or the site's
 * copy of it), else (an older build, or a state the sources name none for) its code.
 *
 * @example
 * stateName(dataset.manifest.state_names, "MT") // "Montana"
 */
export function stateName(names: Readonly<Record<string, string>> | undefined, state: string): string {
  return names?.[state] || state;
}

/**
 * Validates and indexes the dataset from the files' contents; `label` names their folder
 * in error messages (for files embedded in a binary, any name).
 *
 * @example
 * const ds = parseDataset({ manifest, zips, districts, overlaps }, "data");
 * ds.districts.get(ds.zips[0].leaid)?.name
 */
export function parseDataset(files: Partial<DatasetFiles>, label = "data"): Dataset {
  if (files.manifest === undefined) throw new DatasetError(`${label}/manifest.json`, "missing");
  const manifest = parseManifest(files.manifest, `${label}/manifest.json`);
  const districts = new Map<string, DistrictRow>();
  const dFile = `${label}/districts.csv`;
  for (const r of rows("districts.csv", files.districts, manifest, label)) {
    const [leaid, state, county, name, level, grade_span, phone, website, schools, students, per_pupil, rating, per_pupil_year, rating_source, notesCell] = r as [
      string, string, string, string, string, string, string, string, string, string, string, string, string, string, string,
    ];
    if (!/^\d{7}$/.test(leaid)) throw new DatasetError(dFile, `LEAID "${leaid}" is not 7 digits`);
    if (districts.has(leaid)) throw new DatasetError(dFile, `duplicate LEAID ${leaid}`);
    if (level !== "U" && level !== "E" && level !== "S") throw new DatasetError(dFile, `${leaid}: level "${level}", expected U, E or S`);
    if (rating !== "" && !/^(10|[1-9])$/.test(rating)) throw new DatasetError(dFile, `${leaid}: rating "${rating}", expected 1-10 or empty`);
    if (per_pupil_year !== "" && !/^20[0-9]{2}$/.test(per_pupil_year)) throw new DatasetError(dFile, `${leaid}: per_pupil_year "${per_pupil_year}", expected a year or empty`);
    if (rating_source !== "" && rating_source !== "seda" && rating_source !== "edfacts") throw new DatasetError(dFile, `${leaid}: rating_source "${rating_source}", expected seda, edfacts or empty`);
    // What pages and records show as given: a name, counts as the build formats them, a web address a link can open (ops audit 33 #1).
    if (name.trim() === "") throw new DatasetError(dFile, `${leaid}: empty name`);
    for (const [column, value] of [["schools", schools], ["students", students]] as const) {
      if (value !== "" && !COUNT.test(value)) throw new DatasetError(dFile, `${leaid}: ${column} "${value}", expected a count such as 1,234 or empty`);
    }
    if (website !== "" && !WEB_ADDRESS.test(website)) throw new DatasetError(dFile, `${leaid}: website "${website}", expected an http(s) address or empty`);
    const control = r.find((cell) => CONTROL.test(cell));
    if (control !== undefined) throw new DatasetError(dFile, `${leaid}: a control character in ${JSON.stringify(control)}`);
    districts.set(leaid, {
      leaid, state, county, name, level, grade_span, phone, website, schools, students, per_pupil,
      rating: rating === "" ? null : Number(rating),
      per_pupil_year,
      rating_source,
      notes: parseNotes(notesCell, dFile, leaid),
    });
  }
  const zips: ZipRow[] = [];
  const zFile = `${label}/zips.csv`;
  let previous = "";
  for (const r of rows("zips.csv", files.zips, manifest, label)) {
    const [zip, state, city, county, leaid, zcta] = r as [string, string, string, string, string, string];
    // (Said as what it is: a ZIP code's second row, ops audit 36 #10, was "not 5 digits in ascending order".)
    if (zip === previous) throw new DatasetError(zFile, `ZIP ${zip} has two rows`);
    if (!/^\d{5}$/.test(zip) || zip < previous) throw new DatasetError(zFile, `ZIP ${JSON.stringify(zip)} is not 5 digits in ascending order`);
    if (!districts.has(leaid)) throw new DatasetError(zFile, `ZIP ${zip}: district ${leaid} is not in districts.csv`);
    if (!/^\d{5}$/.test(zcta)) throw new DatasetError(zFile, `ZIP ${zip}: zcta ${JSON.stringify(zcta)} is not 5 digits`);
    if (city.trim() === "") throw new DatasetError(zFile, `ZIP ${zip}: empty city`);
    const control = r.find((cell) => CONTROL.test(cell));
    if (control !== undefined) throw new DatasetError(zFile, `ZIP ${zip}: a control character in ${JSON.stringify(control)}`);
    previous = zip;
    zips.push({ zip, state, city, county, leaid, zcta });
  }
  const names = manifest.state_names;
  const unnamed = names === undefined ? undefined : zips.find((z) => !(z.state in names));
  if (unnamed !== undefined) throw new DatasetError(`${label}/manifest.json`, `state_names has no entry for ${unnamed.state} (ZIP ${unnamed.zip})`);
  // A district of a state the manifest does not name would be in no state's list (ops audit 33 #1: QQ).
  const stateless = names === undefined ? undefined : [...districts.values()].find((d) => !(d.state in names));
  if (stateless !== undefined) throw new DatasetError(dFile, `${stateless.leaid}: state "${stateless.state}" has no entry in the manifest's state_names`);
  for (const [leaid, f] of Object.entries(manifest.former_districts ?? {})) {
    if (districts.has(leaid)) throw new DatasetError(`${label}/manifest.json`, `former_districts: ${leaid} is a district of districts.csv`);
    for (const d of [f.district, ...(f.parts ?? [])]) {
      if (!districts.has(d)) throw new DatasetError(`${label}/manifest.json`, `former_districts: ${leaid}'s district ${d} is not in districts.csv`);
    }
  }
  const zipSet = new Set(zips.map((z) => z.zip));
  for (const z of zips) {
    if (z.zcta !== z.zip && !zipSet.has(z.zcta)) throw new DatasetError(zFile, `ZIP ${z.zip}: its post office's ZCTA ${z.zcta} has no row`);
  }
  const overlaps = new Map<string, OverlapRow[]>();
  const oFile = `${label}/overlaps.csv`;
  for (const r of rows("overlaps.csv", files.overlaps, manifest, label)) {
    const [zip, leaid, share, basis, most, shareElementary, shareSecondary] = r as [string, string, string, string, string, string, string];
    if (basis !== "population" && basis !== "land" && basis !== "post office") throw new DatasetError(oFile, `ZIP ${zip}: basis "${basis}"`);
    if (!SERVES_MOST.has(most)) throw new DatasetError(oFile, `ZIP ${zip}: serves_most "${most}" (expected "", "elementary", "secondary" or "elementary secondary")`);
    for (const [column, value] of [["share", share], ["share_elementary", shareElementary], ["share_secondary", shareSecondary]] as const) {
      if (!/^\d\.\d{4}$/.test(value) || Number(value) > 1) throw new DatasetError(oFile, `ZIP ${zip}: ${column} "${value}" is not 0-1 with 4 decimals`);
    }
    if (!districts.has(leaid)) throw new DatasetError(oFile, `ZIP ${zip}: district ${leaid} is not in districts.csv`);
    if (!zipSet.has(zip)) throw new DatasetError(oFile, `ZIP ${zip} has no row in zips.csv`);
    let list = overlaps.get(zip);
    if (list === undefined) overlaps.set(zip, (list = []));
    if (list.some((o) => o.leaid === leaid)) throw new DatasetError(oFile, `ZIP ${zip} lists district ${leaid} twice`);
    list.push({
      leaid,
      share: Number(share),
      basis,
      servesMost: most === "" ? [] : (most.split(" ") as OverlapRow["servesMost"]),
      shareElementary: Number(shareElementary),
      shareSecondary: Number(shareSecondary),
    });
  }
  // Each ZIP's districts hold the one its record names (exactly one `chosen` per ZIP, README).
  for (const z of zips) {
    if (!(overlaps.get(z.zip) ?? []).some((o) => o.leaid === z.leaid)) throw new DatasetError(oFile, `ZIP ${z.zip}: its record's district ${z.leaid} has no row`);
  }
  // What the records and the districts bodies say of each ZIP's rows holds (ops audit 36 #4: two
  // districts serving most of one level, shares of a level summing to 1.9, were served): one
  // district at most serves most of each level, the elementary one is the record's district, and a
  // level's shares sum to 1 (each is rounded to 4 decimals: up to 0.00005 off per row).
  const leaidOf = new Map(zips.map((z) => [z.zip, z.leaid]));
  for (const [zip, list] of overlaps) {
    for (const level of ["elementary", "secondary"] as const) {
      const most = list.filter((o) => o.servesMost.includes(level));
      if (most.length > 1) throw new DatasetError(oFile, `ZIP ${zip}: ${most.length} districts serve most of its ${level} grades (${most.map((o) => o.leaid).join(", ")})`);
    }
    const elementary = list.find((o) => o.servesMost.includes("elementary"));
    if (elementary !== undefined && elementary.leaid !== leaidOf.get(zip)) throw new DatasetError(oFile, `ZIP ${zip}: district ${elementary.leaid} serves most of its elementary grades, but its record names ${leaidOf.get(zip)}`);
    for (const [column, of] of [["share_elementary", (o: OverlapRow) => o.shareElementary], ["share_secondary", (o: OverlapRow) => o.shareSecondary]] as const) {
      const sum = list.reduce((total, o) => total + of(o), 0);
      if (sum > 1 + 0.00005 * list.length + 1e-9) throw new DatasetError(oFile, `ZIP ${zip}: its ${column} values sum to ${sum.toFixed(4)}, more than 1`);
    }
  }
  // The manifest's counts are those of the files (ops audit 36 #4: any counts were taken).
  const overlapRows = [...overlaps.values()].reduce((n, list) => n + list.length, 0);
  for (const [key, actual] of [["records", zips.length], ["districts", districts.size], ["overlaps", overlapRows], ["states", new Set(zips.map((z) => z.state)).size], ["post_office_records", zips.filter((z) => z.zcta !== z.zip).length]] as const) {
    const said = manifest.counts?.[key];
    if (said !== undefined && said !== actual) throw new DatasetError(`${label}/manifest.json`, `counts.${key} is ${said}, the files hold ${actual}`);
  }
  // A district newer than the maps has no overlap: the ZIP of its office names it (data/README.md, "Notes").
  const newer = new Map<string, { leaid: string; office: string }[]>();
  const zctaOf = new Map(zips.map((z) => [z.zip, z.zcta]));
  for (const d of districts.values()) {
    for (const z of d.notes.find((n) => n.code === NEWER_THAN_MAPS)?.zips ?? []) {
      if (!zipSet.has(z)) throw new DatasetError(dFile, `${d.leaid}: its ${NEWER_THAN_MAPS} note names ZIP ${z}, which has no row in zips.csv`);
      for (const key of new Set([z, zctaOf.get(z)!])) (newer.get(key) ?? newer.set(key, []).get(key)!).push({ leaid: d.leaid, office: z });
    }
  }
  return { manifest, updated: manifest.updated, zips, districts, overlaps, newer };
}

function parseNotes(cell: string, file: string, leaid: string): DistrictNote[] {
  if (cell === "") return [];
  let v: unknown;
  try {
    v = JSON.parse(cell);
  } catch {
    throw new DatasetError(file, `${leaid}: notes are not valid JSON`);
  }
  const zipList = (z: unknown) => z === undefined || (Array.isArray(z) && z.length > 0 && z.every((x) => typeof x === "string" && /^[0-9]{5}$/.test(x)));
  if (!Array.isArray(v) || v.some((n) => typeof n?.code !== "string" || typeof n?.text !== "string" || n.text === "" || !zipList(n?.zips))) {
    throw new DatasetError(file, `${leaid}: notes must be an array of {code, text} strings, with zips a list of ZIP codes where given`);
  }
  return v.map((n: DistrictNote) => ({ code: n.code, text: n.text, ...(n.zips ? { zips: n.zips } : {}) }));
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/**
 * Reads, validates and indexes the dataset in folder `dir` (named by `dir` in errors).
 *
 * @example
 * const ds = await loadDataset("data");
 * ds.updated            // "2026-11-22"
 * ds.zips.length        // 40881
 */
export async function loadDataset(dir: string): Promise<Dataset> {
  const [manifest, zips, districts, overlaps] = await Promise.all(
    ["manifest.json", "zips.csv", "districts.csv", "overlaps.csv"].map((f) => readOptional(join(dir, f))),
  );
  return parseDataset({ manifest, zips, districts, overlaps }, dir);
}

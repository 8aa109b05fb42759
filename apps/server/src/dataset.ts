/**
 * The compiled dataset as the server uses it: ZIP rows, districts by LEAID and
 * the overlaps of each ZIP, read from a `data/` folder (manifest.json, zips.csv,
 * districts.csv, overlaps.csv) or from the same files embedded in the binary.
 * Every file is checked against the manifest (sha256, row count, header) before
 * anything is served; a problem throws a DatasetError naming the file.
 */
import { parseCsv } from "./csv.ts";

/** One row of zips.csv: a ZIP and the district of its record. */
export interface ZipRow {
  zip: string;
  state: string;
  city: string;
  county: string;
  leaid: string;
}

/** One row of districts.csv; values are already formatted (rule 4). */
export interface DistrictRow {
  leaid: string;
  state: string;
  name: string;
  level: "U" | "E" | "S";
  grade_span: string;
  phone: string;
  website: string;
  schools: string;
  students: string;
  per_pupil: string;
  rating: number | null;
}

/** One row of overlaps.csv: a district overlapping a ZIP. */
export interface OverlapRow {
  leaid: string;
  share: number;
  basis: "population" | "land";
}

/** The dataset, validated and indexed. */
export interface Dataset {
  updated: string;
  /** Sorted by ZIP. */
  zips: ZipRow[];
  districts: Map<string, DistrictRow>;
  /** Largest share first, per ZIP. */
  overlaps: Map<string, OverlapRow[]>;
}

/** The four files of a compiled dataset, as text. */
export interface DatasetFiles {
  manifest: string;
  zips: string;
  districts: string;
  overlaps: string;
}

/** A dataset that cannot be served: names the file and the problem. */
export class DatasetError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = "DatasetError";
  }
}

const HEADERS = {
  "zips.csv": ["zip", "state", "city", "county", "leaid"],
  "districts.csv": ["leaid", "state", "name", "level", "grade_span", "phone", "website", "schools", "students", "per_pupil", "rating"],
  "overlaps.csv": ["zip", "leaid", "share", "basis"],
} as const;
type FileName = keyof typeof HEADERS;

function rows(name: FileName, text: string, manifest: Manifest, label: string): string[][] {
  const file = `${label}/${name}`;
  const entry = manifest.files[name];
  if (!entry) throw new DatasetError(`${label}/manifest.json`, `no entry for ${name}`);
  const sha = new Bun.CryptoHasher("sha256").update(text).digest("hex");
  if (sha !== entry.sha256) throw new DatasetError(file, `sha256 ${sha} does not match the manifest's ${entry.sha256}`);
  const all = parseCsv(text);
  const header = all.shift() ?? [];
  const want = HEADERS[name];
  if (header.join(",") !== want.join(",")) {
    throw new DatasetError(file, `header is "${header.join(",")}", expected "${want.join(",")}"`);
  }
  if (all.length !== entry.rows) throw new DatasetError(file, `${all.length} rows, the manifest says ${entry.rows}`);
  all.forEach((r, i) => {
    if (r.length !== want.length) throw new DatasetError(file, `line ${i + 2} has ${r.length} fields, expected ${want.length}`);
  });
  return all;
}

interface Manifest {
  format: number;
  updated: string;
  files: Partial<Record<FileName, { sha256: string; rows: number }>>;
}

/**
 * Validates and indexes the dataset files; `label` names their folder in errors.
 *
 * @example
 * const dataset = parseDataset(await readDatasetFiles("data"), "data");
 * dataset.zips.length // 33759
 */
export function parseDataset(files: DatasetFiles, label: string): Dataset {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(files.manifest) as Manifest;
  } catch (e) {
    throw new DatasetError(`${label}/manifest.json`, `not JSON (${(e as Error).message})`);
  }
  if (manifest.format !== 1) throw new DatasetError(`${label}/manifest.json`, `format ${manifest.format}, expected 1`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(manifest.updated ?? "")) {
    throw new DatasetError(`${label}/manifest.json`, `updated "${manifest.updated}" is not YYYY-MM-DD`);
  }
  const districts = new Map<string, DistrictRow>();
  for (const [leaid, state, name, level, grade_span, phone, website, schools, students, per_pupil, rating] of rows(
    "districts.csv",
    files.districts,
    manifest,
    label,
  )) {
    if (level !== "U" && level !== "E" && level !== "S") throw new DatasetError(`${label}/districts.csv`, `${leaid}: level "${level}"`);
    districts.set(leaid!, {
      leaid: leaid!, state: state!, name: name!, level, grade_span: grade_span!, phone: phone!, website: website!,
      schools: schools!, students: students!, per_pupil: per_pupil!, rating: rating === "" ? null : Number(rating),
    });
  }
  const zips: ZipRow[] = [];
  let previous = "";
  for (const [zip, state, city, county, leaid] of rows("zips.csv", files.zips, manifest, label)) {
    if (!/^\d{5}$/.test(zip!) || zip! <= previous) throw new DatasetError(`${label}/zips.csv`, `ZIP "${zip}" is not 5 digits in ascending order`);
    if (!districts.has(leaid!)) throw new DatasetError(`${label}/zips.csv`, `ZIP ${zip}: district ${leaid} is not in districts.csv`);
    previous = zip!;
    zips.push({ zip: zip!, state: state!, city: city!, county: county!, leaid: leaid! });
  }
  const overlaps = new Map<string, OverlapRow[]>();
  for (const [zip, leaid, share, basis] of rows("overlaps.csv", files.overlaps, manifest, label)) {
    if (basis !== "population" && basis !== "land") throw new DatasetError(`${label}/overlaps.csv`, `ZIP ${zip}: basis "${basis}"`);
    let list = overlaps.get(zip!);
    if (!list) overlaps.set(zip!, (list = []));
    list.push({ leaid: leaid!, share: Number(share), basis });
  }
  return { updated: manifest.updated, zips, districts, overlaps };
}

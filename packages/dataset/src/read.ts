import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { InputError } from "./errors.ts";
import { repairMojibake } from "./names.ts";

/**
 * Mis-decoded UTF-8 sequences repaired per raw file since the last `takeRepairs()`
 * (readText repairs every file it reads; the build reports the counts).
 */
const repairsByFile = new Map<string, number>();

/** The repair counts per file since the last call, and a fresh start. */
export function takeRepairs(): Map<string, number> {
  const out = new Map(repairsByFile);
  repairsByFile.clear();
  return out;
}

/** One parsed input table: data rows (header removed) and the file line of each row. */
export interface Table {
  file: string;
  header: readonly string[];
  rows: string[][];
  lines: number[];
}

/** Reads a raw file as UTF-8 text (gunzipping `.gz`), mis-decoded sequences repaired; a missing file stops the build. */
export function readText(dir: string, rel: string): string {
  const path = join(dir, rel);
  if (!existsSync(path)) throw new InputError(rel, 0, "missing (file not found)");
  let buf: Buffer = readFileSync(path);
  if (rel.endsWith(".gz")) {
    try {
      buf = gunzipSync(buf);
    } catch (e) {
      throw new InputError(rel, 0, `not a valid gzip file (${(e as Error).message})`);
    }
  }
  const { text, repairs } = repairMojibake(buf.toString("utf8"));
  if (repairs > 0) repairsByFile.set(rel, (repairsByFile.get(rel) ?? 0) + repairs);
  return text;
}

interface CsvOptions {
  delimiter?: string;
  /** The file has no header row: `header` then only gives the column count and names. */
  headerless?: boolean;
  /** Disable quote handling (GeoNames TSV). */
  noQuotes?: boolean;
}

/**
 * Parses CSV text; checks the header is exactly `header` and every row has as many
 * fields. Errors name the file and line.
 */
export function parseTable(rel: string, text: string, header: readonly string[], opts: CsvOptions = {}): Table {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: opts.delimiter ?? ",",
      quote: opts.noQuotes ? false : '"',
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw new InputError(rel, err.lines ?? 0, `not valid CSV: ${err.message}`);
  }
  let start = 0;
  if (!opts.headerless) {
    const first = records[0];
    if (first === undefined) throw new InputError(rel, 1, "empty file (no header row)");
    const got = first.record;
    if (got.length !== header.length || got.some((h, i) => h !== header[i])) {
      const diff = header.findIndex((h, i) => got[i] !== h);
      throw new InputError(
        rel,
        1,
        `header changed: expected ${header.length} columns [${header.join(",")}], got ${got.length} [${got.join(",")}]` +
          (diff >= 0 ? ` (first difference at column ${diff + 1}: expected "${header[diff]}", got "${got[diff] ?? ""}")` : ""),
      );
    }
    start = 1;
  }
  const rows: string[][] = [];
  const lines: number[] = [];
  for (let i = start; i < records.length; i++) {
    const r = records[i]!;
    if (r.record.length !== header.length) {
      throw new InputError(rel, r.info.lines, `expected ${header.length} fields, got ${r.record.length}`);
    }
    rows.push(r.record);
    lines.push(r.info.lines);
  }
  if (rows.length === 0) throw new InputError(rel, 0, "no data rows");
  return { file: rel, header, rows, lines };
}

/** Reads and parses a raw CSV file. */
export function readTable(dir: string, rel: string, header: readonly string[], opts: CsvOptions = {}): Table {
  return parseTable(rel, readText(dir, rel), header, opts);
}

/** Column index lookup for a table's header. */
export function col(t: Table, name: string): number {
  const i = t.header.indexOf(name);
  if (i < 0) throw new Error(`internal: column ${name} not in ${t.file}`);
  return i;
}

export const LEAID_RE = /^[0-9]{7}$/;
export const ZIP_RE = /^[0-9]{5}$/;

/** Validates a 7-character LEAID; `pad` accepts an integer form that lost leading zeros. */
export function checkLeaid(t: Table, i: number, value: string, pad = false): string {
  const v = pad && /^[0-9]{5,7}$/.test(value) ? value.padStart(7, "0") : value;
  if (!LEAID_RE.test(v)) throw new InputError(t.file, t.lines[i]!, `malformed LEAID "${value}" (expected 7 digits)`);
  return v;
}

/** Validates a 5-character ZIP/ZCTA. */
export function checkZip(t: Table, i: number, value: string): string {
  if (!ZIP_RE.test(value)) throw new InputError(t.file, t.lines[i]!, `malformed ZIP "${value}" (expected 5 digits)`);
  return value;
}

/** Parses a number; empty/NA gives null; anything else non-numeric stops the build. */
export function checkNumber(t: Table, i: number, column: string, value: string, missing: readonly string[] = ["", "NA"]): number | null {
  const v = value.trim();
  if (missing.includes(v)) return null;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new InputError(t.file, t.lines[i]!, `column ${column}: not a number "${value}"`);
  return n;
}

/** Tracks keys to stop the build on a duplicate. */
export class KeySet {
  private seen = new Map<string, number>();
  constructor(private t: Table, private what: string) {}
  add(key: string, i: number): void {
    const prev = this.seen.get(key);
    if (prev !== undefined) {
      throw new InputError(this.t.file, this.t.lines[i]!, `duplicate ${this.what} "${key}" (first on line ${prev})`);
    }
    this.seen.set(key, this.t.lines[i]!);
  }
}

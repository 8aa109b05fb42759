/**
 * The build's snapshot of the rendered bodies for the default base URL, so the
 * compiled binary starts without parsing the dataset or rendering anything:
 * the bodies concatenated and zstd-compressed (`site.bin`) with an index
 * (`site.json`). Record bodies are views into the bulk body (which is them
 * joined by ","), and state bodies are rebuilt from runs of it on reading (a
 * copy is faster than decompressing them).
 * The bodies are rendered with BASE_URL_MARKER as their base URL, which
 * readSnapshot() replaces by the run's, so any base URL starts from the
 * snapshot. With --data the site is rendered at start-up instead.
 */
import { collectionHead } from "./render.ts";
import type { SiteBodies } from "./site.ts";

/** The index of a snapshot. */
export interface SnapshotIndex {
  format: 4;
  /** The base URL the bodies were rendered with: BASE_URL_MARKER. */
  baseUrl: string;
  updated: string;
  records: number;
  /** [path, offset, length] into the decompressed blob (record bodies lie inside the bulk body). */
  entries: [string, number, number][];
  /** State collections: [path, opening text, the bulk-order positions of its records]. */
  states: [string, string, number[]][];
}

const BULK = "/bulk/all-districts.json";

/**
 * The base URL the snapshot is rendered with, replaced on reading. Only ASCII
 * that JSON and CSV write as is, so the replacement (a base URL without `"`,
 * `\\`, `,` or spaces: see config.ts) lands the same in every body.
 */
export const BASE_URL_MARKER = "http://@@school-districts-base-url@@";
const RECORD_PATH = /^\/zip\/\d{5}\.json$/;
/** State collections of records (rebuilt from record bodies on reading); other `/state/` bodies are stored whole. */
const STATE_RECORDS = /^\/state\/[A-Z]{2}\.json$/;

/**
 * Serializes rendered bodies.
 *
 * @example
 * const { index, blob } = writeSnapshot(renderSiteBodies(dataset, base, openapi));
 */
export function writeSnapshot(site: SiteBodies): { index: SnapshotIndex; blob: Uint8Array } {
  const entries: SnapshotIndex["entries"] = [];
  const bulk = site.bodies.get(BULK)!;
  entries.push([BULK, 0, bulk.length]);
  let size = bulk.length;
  const recordPaths = [...site.bodies.keys()].filter((p) => RECORD_PATH.test(p)).sort();
  const position = new Map<string, number>();
  let at = collectionHead(headOf(bulk)).length; // the head is ASCII
  recordPaths.forEach((path, i) => {
    const body = site.bodies.get(path)!;
    if (Buffer.compare(bulk.subarray(at, at + body.length), body) !== 0) throw new Error(`${path} is not where expected in the bulk body`);
    entries.push([path, at, body.length]);
    position.set(path, i);
    at += body.length + 1;
  });
  const states: SnapshotIndex["states"] = [];
  const others: string[] = [];
  for (const [path, body] of site.bodies) {
    if (path === BULK || position.has(path)) continue;
    if (!STATE_RECORDS.test(path)) {
      others.push(path);
      continue;
    }
    const records = (JSON.parse(new TextDecoder().decode(body)) as { records: { zip: string }[] }).records;
    states.push([path, collectionHead(headOf(body)), records.map((r) => position.get(`/zip/${r.zip}.json`)!)]);
  }
  for (const path of others) {
    entries.push([path, size, site.bodies.get(path)!.length]);
    size += site.bodies.get(path)!.length;
  }
  const all = new Uint8Array(size);
  all.set(bulk, 0);
  for (const path of others) {
    const [, offset] = entries.find((e) => e[0] === path)!;
    all.set(site.bodies.get(path)!, offset);
  }
  const index: SnapshotIndex = { format: 4, baseUrl: site.baseUrl, updated: site.updated, records: site.records, entries, states };
  return { index, blob: Bun.zstdCompressSync(all, { level: 3 }) };
}

function headOf(body: Uint8Array): object {
  const { records: _, ...head } = JSON.parse(new TextDecoder().decode(body)) as { records: unknown };
  return head;
}

/**
 * Reads a snapshot back into rendered bodies (views into one buffer).
 *
 * @example
 * const bodies = readSnapshot(index, await Bun.file(blobPath).bytes());
 */
export function readSnapshot(index: SnapshotIndex, blob: Uint8Array, baseUrl = index.baseUrl): SiteBodies {
  const { bytes: all, shift } = replaceAll(Bun.zstdDecompressSync(blob) as Uint8Array<ArrayBuffer>, index.baseUrl, baseUrl);
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  const records: [number, number][] = [];
  for (const [path, oldOffset, oldLength] of index.entries) {
    const offset = shift(oldOffset);
    const length = shift(oldOffset + oldLength) - offset;
    bodies.set(path, all.subarray(offset, offset + length));
    if (RECORD_PATH.test(path)) records.push([offset, length]);
  }
  const encoder = new TextEncoder();
  for (const [path, open, positions] of index.states) {
    // Copy runs of consecutive records (states are mostly contiguous in ZIP order).
    const head = encoder.encode(open);
    let size = head.length + 2 + Math.max(0, positions.length - 1);
    for (const p of positions) size += records[p]![1];
    const out = new Uint8Array(size);
    out.set(head, 0);
    let at = head.length;
    for (let i = 0; i < positions.length; ) {
      let j = i;
      while (j + 1 < positions.length && positions[j + 1] === positions[j]! + 1) j++;
      const start = records[positions[i]!]![0];
      const [lastStart, lastLength] = records[positions[j]!]!;
      if (i > 0) out[at++] = 44; // ","
      out.set(all.subarray(start, lastStart + lastLength), at);
      at += lastStart + lastLength - start;
      i = j + 1;
    }
    out[at++] = 93; // "]"
    out[at++] = 125; // "}"
    bodies.set(path, out);
  }
  return { baseUrl, updated: index.updated, records: index.records, bodies };
}

/**
 * Replaces every `from` by `to` in `bytes`; `shift` maps an offset in the
 * input to the offset of the same byte in the output (for offsets not inside
 * a replaced occurrence).
 *
 * @example
 * const { bytes, shift } = replaceAll(encode("a X b X"), "X", "YY"); // "a YY b YY", shift(4) === 5
 */
export function replaceAll(bytes: Uint8Array<ArrayBuffer>, from: string, to: string): { bytes: Uint8Array<ArrayBuffer>; shift: (offset: number) => number } {
  if (from === to) return { bytes, shift: (o) => o };
  const encoder = new TextEncoder();
  const needle = Buffer.from(encoder.encode(from));
  const replacement = encoder.encode(to);
  const haystack = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hits: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) hits.push(at);
  const delta = replacement.length - needle.length;
  const out = new Uint8Array(bytes.length + delta * hits.length);
  let from0 = 0;
  let to0 = 0;
  for (const hit of hits) {
    out.set(bytes.subarray(from0, hit), to0);
    to0 += hit - from0;
    out.set(replacement, to0);
    to0 += replacement.length;
    from0 = hit + needle.length;
  }
  out.set(bytes.subarray(from0), to0);
  const shift = (offset: number) => {
    let lo = 0;
    let hi = hits.length; // count hits < offset
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (hits[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return offset + delta * lo;
  };
  return { bytes: out, shift };
}

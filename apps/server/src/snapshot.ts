/**
 * The build's snapshot of the rendered bodies, so the compiled binary starts
 * without parsing the dataset or rendering anything, and holds the bodies
 * compressed until they are asked for.
 *
 * `site.bin` is 16 bytes that identify it (a hash of the rest), the tables
 * (Uint32, little-endian), then zstd frames ("chunks"). The records, the
 * districts lists and the district bodies (families of numbered paths, 95k
 * bodies) are cut into chunks of about CHUNK bytes in path order; every other
 * body (state, bulk, index, openapi, sitemaps) is a chunk of its own. The
 * tables: each family's numbers in order, every body's length, each chunk's
 * first body and offset. `site.json` holds the rest (families, other paths,
 * size and CRC-32 of site.bin). A body is read by decompressing its chunk
 * (about 15 µs for 16 KB) and kept in a bounded slab (KEPT_GENERATION).
 *
 * The bodies are rendered with BASE_URL_MARKER as their base URL, which is
 * replaced by the run's in each body read, so any base URL starts from the
 * snapshot. With --data the site is rendered at start-up instead.
 *
 * Reading checks the size and CRC-32 of site.bin and that the tables hold
 * together (cheap: the file is streamed through the page cache, nothing is
 * decompressed), so a corrupt or truncated snapshot stops start-up with a
 * DatasetError naming the file.
 */
import { DatasetError, type FormerDistrict } from "@school-districts/core";
import { bytesSource, type ByteSource } from "./embedded.ts";
import { entityTag } from "./representation.ts";
import type { RenderedBody } from "./site.ts";

/** A family of paths `${prefix}${number, zero-padded to digits}${suffix}`. */
interface Family {
  prefix: string;
  suffix: string;
  digits: number;
  count: number;
}

/** The index of a snapshot (`site.json`). */
export interface SnapshotIndex {
  format: 5;
  /** The base URL the bodies were rendered with: BASE_URL_MARKER. */
  baseUrl: string;
  updated: string;
  records: number;
  /** The dataset's state names for the pages (SiteBodies.stateNames). */
  stateNames: Record<string, string>;
  /** The dataset's former district ids and where their area went (SiteBodies.formerDistricts). */
  formerDistricts: Record<string, FormerDistrict>;
  /** Size in bytes and CRC-32 of the blob. */
  size: number;
  crc32: number;
  /**
   * The base URL whose ETags of the family bodies are in the tables (the
   * build's): with it, no body is hashed at all; with another, each body is
   * hashed when first read (decisions.md rule 15: never per request).
   */
  etagBaseUrl: string;
  /**
   * Size and CRC-32 of other files the build embedded beside the snapshot (the
   * map files: 26 MB), checked at start-up instead of their manifest sha256:
   * the build checked that; CRC-32 through pread costs ~2 ms and no memory.
   */
  files?: Record<string, { size: number; crc32: number }>;
  /** The sha256 of the source and data it was rendered from (sourceFingerprint): running from source, a snapshot of other code is not used. */
  source?: string;
  /** The numbered families, in blob order (the records first: `records` of them). */
  families: Family[];
  /** Every other path, in blob order, one chunk each. */
  singles: string[];
  chunks: number;
}

/** What readSnapshot gives: the bodies by path, read on demand. */
interface SnapshotBodies {
  get(path: string): RenderedBody | undefined;
  /** The strong ETag of a family body (entityTag of its bytes), made once: from the build's tables, or when first read. */
  etag(path: string): string | undefined;
  /** The byte length of a family body, from the tables (read when another base URL changes it); undefined for any other path. */
  length(path: string): number | undefined;
  has(path: string): boolean;
  keys(): IterableIterator<string>;
  readonly size: number;
}

/** The families, in blob order. */
const FAMILIES: readonly Omit<Family, "count">[] = [
  { prefix: "/zip/", suffix: ".json", digits: 5 },
  { prefix: "/zip/", suffix: "/districts.json", digits: 5 },
  { prefix: "/district/", suffix: ".json", digits: 7 },
];

/** Raw bytes per chunk of a family: 16 KiB decompresses in ~15 µs and compresses records ~12x (bench/FINDINGS.md P5). */
const CHUNK = 16 << 10;
/** zstd levels: the families are read per request, the rest rarely (and are large, so slower to compress). */
const FAMILY_LEVEL = 19;
const SINGLE_LEVEL = 12;
const MAGIC = 16;

/**
 * The base URL the snapshot is rendered with, replaced on reading. Only ASCII
 * that JSON and CSV write as is, so the replacement (a base URL without `"`,
 * `\\`, `,` or spaces: see config.ts) lands the same in every body.
 */
export const BASE_URL_MARKER = "http://@@school-districts-base-url@@";

/** The number of a family's path, or -1. */
function numberIn(family: Omit<Family, "count">, path: string): number {
  const { prefix, suffix, digits } = family;
  if (path.length !== prefix.length + digits + suffix.length || !path.startsWith(prefix) || !path.endsWith(suffix)) return -1;
  let n = 0;
  for (let i = prefix.length; i < prefix.length + digits; i++) {
    const d = path.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function familyPath(family: Omit<Family, "count">, n: number): string {
  return `${family.prefix}${String(n).padStart(family.digits, "0")}${family.suffix}`;
}

/**
 * Serializes rendered bodies (the build; tests).
 *
 * @example
 * const { index, blob } = writeSnapshot(renderSiteBodies(dataset, BASE_URL_MARKER, openapi));
 */
export function writeSnapshot(
  rendered: {
    baseUrl: string;
    updated: string;
    records: number;
    stateNames: Readonly<Record<string, string>>;
    formerDistricts: Readonly<Record<string, FormerDistrict>>;
    bodies: Map<string, RenderedBody>;
  },
  etagBaseUrl = rendered.baseUrl,
): {
  index: SnapshotIndex;
  blob: Uint8Array<ArrayBuffer>;
} {
  const bytes = (path: string) => {
    const body = rendered.bodies.get(path)!;
    return typeof body === "function" ? body() : body;
  };
  const members: number[][] = FAMILIES.map(() => []);
  const singles: string[] = [];
  for (const path of rendered.bodies.keys()) {
    const f = FAMILIES.findIndex((family) => numberIn(family, path) >= 0);
    if (f >= 0) members[f]!.push(numberIn(FAMILIES[f]!, path));
    else singles.push(path);
  }
  members.forEach((m) => m.sort((a, b) => a - b));
  const singleBodies = new Map(singles.map((p) => [p, bytes(p)]));
  singles.sort((a, b) => singleBodies.get(a)!.length - singleBodies.get(b)!.length || (a < b ? -1 : 1));

  const lengths: number[] = [];
  const etags: number[] = []; // high, low 32 bits of each family body's hash with etagBaseUrl put in
  const frames: Uint8Array[] = [];
  const chunkFirst: number[] = [];
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  const flush = (level: number) => {
    if (pending.length === 0) return;
    const raw = new Uint8Array(pendingSize);
    let at = 0;
    for (const b of pending) {
      raw.set(b, at);
      at += b.length;
    }
    chunkFirst.push(lengths.length - pending.length);
    frames.push(Bun.zstdCompressSync(raw, { level }));
    pending = [];
    pendingSize = 0;
  };
  FAMILIES.forEach((family, f) => {
    for (const n of members[f]!) {
      const body = bytes(familyPath(family, n));
      if (pendingSize + body.length > CHUNK) flush(FAMILY_LEVEL);
      pending.push(body);
      pendingSize += body.length;
      lengths.push(body.length);
      const hash = etagHash(etagBaseUrl === rendered.baseUrl ? body : replaceAll(body, rendered.baseUrl, etagBaseUrl).bytes);
      etags.push(Number(hash >> 32n), Number(hash & 0xffffffffn));
    }
    flush(FAMILY_LEVEL);
  });
  for (const path of singles) {
    const body = singleBodies.get(path)!;
    pending.push(body);
    pendingSize = body.length;
    lengths.push(body.length);
    flush(SINGLE_LEVEL);
  }
  chunkFirst.push(lengths.length);

  const keys = members.flat();
  const tableWords = keys.length + lengths.length + etags.length + 2 * (frames.length + 1);
  const tablesEnd = MAGIC + 4 * tableWords;
  const offsets: number[] = [tablesEnd];
  for (const frame of frames) offsets.push(offsets[offsets.length - 1]! + frame.length);
  const size = offsets[offsets.length - 1]!;
  const blob = new Uint8Array(size);
  new Uint32Array(blob.buffer, MAGIC, tableWords).set([...keys, ...lengths, ...etags, ...chunkFirst, ...offsets]);
  frames.forEach((frame, i) => blob.set(frame, offsets[i]!));
  // The first 16 bytes: a hash of the rest, so that the file is found in the executable by them (embedded.ts).
  const rest = blob.subarray(MAGIC);
  const view = new DataView(blob.buffer);
  view.setBigUint64(0, BigInt.asUintN(64, BigInt(Bun.hash(rest, 1))), true);
  view.setBigUint64(8, BigInt.asUintN(64, BigInt(Bun.hash(rest, 2))), true);
  const index: SnapshotIndex = {
    format: 5,
    baseUrl: rendered.baseUrl,
    updated: rendered.updated,
    records: rendered.records,
    stateNames: { ...rendered.stateNames },
    formerDistricts: { ...rendered.formerDistricts },
    size,
    crc32: crc32Of(bytesSource(blob, "blob")),
    etagBaseUrl,
    families: FAMILIES.map((family, f) => ({ ...family, count: members[f]!.length })),
    singles,
    chunks: frames.length,
  };
  return { index, blob };
}

/** The 64-bit hash of entityTag (representation.ts). */
function etagHash(body: Uint8Array): bigint {
  return BigInt.asUintN(64, BigInt(Bun.hash(body)));
}

/** entityTag's text for a hash given as its high and low 32 bits. */
function etagText(high: number, low: number): string {
  return `"${high.toString(16).padStart(8, "0")}${low.toString(16).padStart(8, "0")}"`;
}

/**
 * Checks a file against the size and CRC-32 the build recorded; a DatasetError naming it otherwise.
 *
 * @example
 * checkFile(await fileSource(paths.data.zctas), index.files["zctas.topojson"]);
 */
export function checkFile(source: ByteSource, expected: { size: number; crc32: number }): void {
  if (source.size !== expected.size) throw new DatasetError(source.name, `is ${source.size} bytes where the build embedded ${expected.size} (truncated or replaced)`);
  if (crc32Of(source) !== expected.crc32) throw new DatasetError(source.name, "CRC-32 mismatch (corrupt)");
}

/**
 * CRC-32 of a source, read 256 KiB at a time into one buffer.
 *
 * @example
 * crc32Of(bytesSource(new Uint8Array([1, 2, 3]), "x"))
 */
export function crc32Of(source: ByteSource): number {
  const block = new Uint8Array(256 << 10);
  let crc = 0;
  for (let at = 0; at < source.size; at += block.length) {
    const part = block.subarray(0, Math.min(block.length, source.size - at));
    source.readInto(at, part);
    crc = Bun.hash.crc32(part, crc);
  }
  return crc;
}

/**
 * Family bodies once read are kept (so that a body asked for again is not
 * decoded again) in slabs of this many bytes, in two generations: when the
 * young slab is full it becomes the old one, and the old one goes; a body read
 * from the old slab is copied into the young one. So at most twice this is
 * kept, with no object per body (tens of thousands of small objects weigh
 * twice their bytes in resident memory: bench/FINDINGS.md P5), and every body
 * asked for within the last generation stays. Record bodies are ~600 bytes,
 * so a generation holds ~14,000 of them.
 */
const KEPT_GENERATION = 8 << 20;
/** Decoded chunks kept for the next reads (neighbouring ZIPs share a chunk). */
const CHUNKS_KEPT = 8;


/** A snapshot's bodies for one base URL. */
interface SnapshotRead {
  baseUrl: string;
  updated: string;
  records: number;
  stateNames: Readonly<Record<string, string>>;
  formerDistricts: Readonly<Record<string, FormerDistrict>>;
  bodies: SnapshotBodies;
  largePaths: string[];
}

/**
 * Reads a snapshot: see openSnapshot.
 *
 * @example
 * const read = readSnapshot(index, blob, "http://localhost:8080");
 */
export function readSnapshot(index: SnapshotIndex, blob: Uint8Array | ByteSource, baseUrl = index.baseUrl, keptGeneration = KEPT_GENERATION): SnapshotRead {
  return openSnapshot(index, blob, keptGeneration)(baseUrl);
}

/**
 * Opens a snapshot: checks it now (size, CRC-32, tables; a DatasetError naming
 * the source otherwise), and gives a function that gives its bodies by path
 * with a base URL put in, decompressed on demand: family bodies as bytes, the
 * others (large) as functions making them on each call, so they take no
 * memory until asked for.
 *
 * @example
 * const bodiesFor = openSnapshot(index, await fileSource(".bundle/site.bin")); // checked
 * const read = bodiesFor("http://localhost:8080");
 */
export function openSnapshot(index: SnapshotIndex, blob: Uint8Array | ByteSource, keptGeneration = KEPT_GENERATION): (baseUrl?: string) => SnapshotRead {
  const source = blob instanceof Uint8Array ? bytesSource(blob, "snapshot") : blob;
  const bad = (problem: string): never => {
    throw new DatasetError(source.name, problem);
  };
  if (source.size !== index.size) bad(`is ${source.size} bytes where the build wrote ${index.size} (truncated or replaced)`);
  if (crc32Of(source) !== index.crc32) bad("CRC-32 mismatch (corrupt)");
  if (index.stateNames === null || typeof index.stateNames !== "object") bad("its index has no stateNames (written by an older build)");
  if (index.formerDistricts === null || typeof index.formerDistricts !== "object") bad("its index has no formerDistricts (written by an older build)");
  const familyTotal = index.families.reduce((sum, f) => sum + f.count, 0);
  const bodies = familyTotal + index.singles.length;
  const tableWords = familyTotal + bodies + 2 * familyTotal + 2 * (index.chunks + 1);
  if (MAGIC + 4 * tableWords > source.size) bad("tables longer than the file");
  const tables = new Uint32Array(source.read(MAGIC, 4 * tableWords).buffer);
  const keys = tables.subarray(0, familyTotal);
  const lengths = tables.subarray(familyTotal, familyTotal + bodies);
  const builtEtags = tables.subarray(familyTotal + bodies, familyTotal + bodies + 2 * familyTotal);
  const chunkFirst = tables.subarray(familyTotal + bodies + 2 * familyTotal, familyTotal + bodies + 2 * familyTotal + index.chunks + 1);
  const chunkOffset = tables.subarray(familyTotal + bodies + 2 * familyTotal + index.chunks + 1);
  // The tables must hold together: numbers increasing within each family, chunks in order covering every body and the file.
  if (index.families[0]?.count !== index.records) bad(`holds ${index.families[0]?.count} records where the index says ${index.records}`);
  let k = 0;
  for (const family of index.families) {
    for (let i = 1; i < family.count; i++) if (keys[k + i]! <= keys[k + i - 1]!) bad(`${family.prefix}…${family.suffix} numbers out of order`);
    if (family.count > 0 && keys[k + family.count - 1]! >= 10 ** family.digits) bad(`${family.prefix}…${family.suffix} number too large`);
    k += family.count;
  }
  if (chunkFirst[0] !== 0 || chunkFirst[index.chunks] !== bodies) bad("chunks do not cover the bodies");
  if (chunkOffset[0] !== MAGIC + 4 * tableWords || chunkOffset[index.chunks] !== source.size) bad("chunks do not cover the file");
  for (let c = 0; c < index.chunks; c++) {
    if (chunkFirst[c + 1]! <= chunkFirst[c]! || chunkOffset[c + 1]! <= chunkOffset[c]!) bad(`chunk ${c} empty or out of order`);
  }
  const starts = new Float64Array(bodies + 1);
  for (let g = 0; g < bodies; g++) starts[g + 1] = starts[g]! + lengths[g]!;
  const familyStart: number[] = [];
  k = 0;
  for (const family of index.families) {
    familyStart.push(k);
    k += family.count;
  }
  const singleAt = new Map(index.singles.map((path, i) => [path, familyTotal + i]));

  // The last path found: a request asks for a body and then its ETag.
  let lastPath = "";
  let lastFound = -1;
  /** The body number of a path, or -1. */
  const find = (path: string): number => {
    if (path === lastPath) return lastFound;
    lastFound = findUncached(path);
    lastPath = path;
    return lastFound;
  };
  const findUncached = (path: string): number => {
    const single = singleAt.get(path);
    if (single !== undefined) return single;
    for (let f = 0; f < index.families.length; f++) {
      const n = numberIn(index.families[f]!, path);
      if (n < 0) continue;
      let lo = familyStart[f]!;
      let hi = lo + index.families[f]!.count;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (keys[mid]! < n) lo = mid + 1;
        else hi = mid;
      }
      if (lo < familyStart[f]! + index.families[f]!.count && keys[lo] === n) return lo;
    }
    return -1;
  };
  return (baseUrl = index.baseUrl) => {
    const decoded = new Map<number, Uint8Array>();
    const decode = (c: number): Uint8Array => {
      let raw = decoded.get(c);
      if (raw) return raw;
      raw = Bun.zstdDecompressSync(source.read(chunkOffset[c]!, chunkOffset[c + 1]! - chunkOffset[c]!));
      const expected = starts[chunkFirst[c + 1]!]! - starts[chunkFirst[c]!]!;
      if (raw.length !== expected) throw new Error(`${source.name}: chunk ${c} decompressed to ${raw.length} bytes, not ${expected}`);
      if (expected <= 4 * CHUNK) {
        if (decoded.size >= CHUNKS_KEPT) decoded.delete(decoded.keys().next().value!);
        decoded.set(c, raw);
      }
      return raw;
    };
    /** The body numbered g, read from its chunk (a family body: a copy; another: the decoded chunk itself). */
    const decodeBody = (g: number): Uint8Array<ArrayBuffer> => {
      let lo = 0;
      let hi = index.chunks - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (chunkFirst[mid]! <= g) lo = mid;
        else hi = mid - 1;
      }
      const raw = decode(lo);
      const at = starts[g]! - starts[chunkFirst[lo]!]!;
      // A copy, so that the chunk can go (a chunk of one body is that body).
      const body = chunkFirst[lo + 1]! - chunkFirst[lo]! === 1 ? (raw as Uint8Array<ArrayBuffer>) : new Uint8Array(raw.subarray(at, at + lengths[g]!));
      return baseUrl === index.baseUrl ? body : replaceAll(body, index.baseUrl, baseUrl).bytes;
    };
    // Family bodies once read are kept in two generations of slabs (see KEPT_GENERATION):
    // where each body lies, its length (the base URL put in changes it), and in which generation (0: not kept).
    const keptAt = new Uint32Array(familyTotal);
    const keptLength = new Uint32Array(familyTotal);
    const keptIn = new Uint32Array(familyTotal);
    let generation = 1;
    let young = new Uint8Array(keptGeneration);
    let old: Uint8Array<ArrayBuffer> | undefined;
    let youngUsed = 0;
    const keep = (g: number, body: Uint8Array): Uint8Array<ArrayBuffer> => {
      if (youngUsed + body.length > keptGeneration) {
        old = young;
        young = new Uint8Array(keptGeneration);
        youngUsed = 0;
        generation++;
      }
      if (body.length > keptGeneration) return new Uint8Array(body);
      young.set(body, youngUsed);
      keptAt[g] = youngUsed;
      keptLength[g] = body.length;
      keptIn[g] = generation;
      youngUsed += body.length;
      return young.subarray(keptAt[g]!, youngUsed);
    };
    const read = (g: number): Uint8Array<ArrayBuffer> => {
      if (g >= familyTotal) return decodeBody(g);
      if (keptIn[g] === generation) return young.subarray(keptAt[g]!, keptAt[g]! + keptLength[g]!);
      // A body of the old generation moves to the young one (so what is asked for stays).
      if (keptIn[g] === generation - 1 && old) return keep(g, old.subarray(keptAt[g]!, keptAt[g]! + keptLength[g]!));
      return keep(g, decodeBody(g));
    };
    // ETags made so far, by body number (strings only for the bodies asked for).
    const etags: (string | undefined)[] = new Array(familyTotal);
    const fromTables = baseUrl === index.etagBaseUrl;
    const etag = (g: number): string => {
      let tag = etags[g];
      if (tag !== undefined) return tag;
      tag = fromTables ? etagText(builtEtags[2 * g]!, builtEtags[2 * g + 1]!) : entityTag(read(g));
      etags[g] = tag;
      return tag;
    };
    const paths = function* (): IterableIterator<string> {
      let g = 0;
      for (const family of index.families) for (let i = 0; i < family.count; i++) yield familyPath(family, keys[g++]!);
      yield* index.singles;
    };
    return {
      baseUrl,
      updated: index.updated,
      records: index.records,
      stateNames: index.stateNames,
      formerDistricts: index.formerDistricts,
      largePaths: index.singles,
      bodies: {
        size: bodies,
        has: (path) => find(path) >= 0,
        etag: (path) => {
          const g = find(path);
          return g >= 0 && g < familyTotal ? etag(g) : undefined;
        },
        length: (path) => {
          const g = find(path);
          if (g < 0 || g >= familyTotal) return undefined;
          return baseUrl === index.baseUrl ? lengths[g]! : read(g).length;
        },
        get: (path) => {
          const g = find(path);
          if (g < 0) return undefined;
          return g >= familyTotal ? () => read(g) : read(g);
        },
        keys: paths,
      },
    };
  };
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

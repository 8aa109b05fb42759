/**
 * The build's snapshot of the rendered bodies for the default base URL, so the
 * compiled binary starts without parsing the dataset or rendering anything:
 * all bodies concatenated and zstd-compressed (`site.bin`) with an index
 * (`site.json`). Used only when the run's base URL is the snapshot's and no
 * --data is given; otherwise the site is rendered at start-up.
 */
import type { SiteBodies } from "./site.ts";

/** The index of a snapshot. */
export interface SnapshotIndex {
  format: 1;
  baseUrl: string;
  updated: string;
  records: number;
  /** [path, offset, length] into the decompressed blob. */
  entries: [string, number, number][];
}

/**
 * Serializes rendered bodies.
 *
 * @example
 * const { index, blob } = writeSnapshot(renderSiteBodies(dataset, base, openapi));
 */
export function writeSnapshot(site: SiteBodies): { index: SnapshotIndex; blob: Uint8Array } {
  const entries: SnapshotIndex["entries"] = [];
  let size = 0;
  for (const [path, body] of site.bodies) {
    entries.push([path, size, body.length]);
    size += body.length;
  }
  const all = new Uint8Array(size);
  for (const [path, offset] of entries) all.set(site.bodies.get(path)!, offset);
  const index: SnapshotIndex = { format: 1, baseUrl: site.baseUrl, updated: site.updated, records: site.records, entries };
  return { index, blob: Bun.zstdCompressSync(all, { level: 3 }) };
}

/**
 * Reads a snapshot back into rendered bodies (views into one buffer).
 *
 * @example
 * const bodies = readSnapshot(index, await Bun.file(blobPath).bytes());
 */
export function readSnapshot(index: SnapshotIndex, blob: Uint8Array): SiteBodies {
  const all = Bun.zstdDecompressSync(blob) as Uint8Array<ArrayBuffer>;
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const [path, offset, length] of index.entries) bodies.set(path, all.subarray(offset, offset + length));
  return { baseUrl: index.baseUrl, updated: index.updated, records: index.records, bodies };
}

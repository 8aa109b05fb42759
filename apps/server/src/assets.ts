/**
 * Where the site's inputs come from: files embedded in the compiled binary (the
 * build generates `.bundle/entry.ts`, which imports them `with { type: "file" }`)
 * or, when running from source, the repository's files.
 */
import { existsSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Coding } from "./compress.ts";
import { checkListedFile, DatasetError, type DatasetFiles } from "@school-districts/core";
import { fileSource } from "./embedded.ts";
import type { CodedBody } from "./representation.ts";
import type { BoundariesFacts } from "./pages.ts";
import type { Precompressed, SiteAssets, SiteBodies } from "./site.ts";
import { checkFile, openSnapshot, type SnapshotIndex } from "./snapshot.ts";
import { sourceFingerprint } from "./source-fingerprint.ts";

/** Files the snapshot's index checks at start-up (SnapshotIndex.files), by name: their key in AssetPaths.data. */
export const EMBEDDED_FILES: Record<string, keyof AssetPaths["data"]> = { "boundaries.topojson": "boundaries", "zctas.topojson": "zctas" };

/** Paths (in the binary's `$bunfs` or on disk) of everything the site is built from. */
export interface AssetPaths {
  version: string;
  /** The compiled dataset: manifest.json, zips.csv, districts.csv, overlaps.csv, and boundaries.topojson and zctas.topojson when the build made them. */
  data: { manifest: string; zips: string; districts: string; overlaps: string; boundaries?: string; zctas?: string };
  openapi: string;
  docs: string;
  /** Redoc's script, served at /docs/redoc.js. */
  docsScript: string;
  docsCsp: string;
  /** data/RATING.md and data/SOURCES.md (the about page) and data/postal.csv (PO-box ZIPs). */
  about: { rating: string; sources: string };
  postal: string;
  /** Index (JSON) and bytes of the coded bodies made at build time, if any. */
  precompressed?: { index: string; blob: string };
  /** Index (JSON) and bytes of the bodies rendered at build time (snapshot.ts), if any. */
  snapshot?: { index: string; blob: string };
}

/** The index of `.bundle/precompressed.bin`, written by scripts/build.ts. */
export interface PrecompressedIndex {
  baseUrl: string;
  entries: Record<string, { etag: string } & Partial<Record<Coding, { offset: number; length: number; tag: string }>>>;
  /** The .bin's size and CRC-32, checked at start-up as the snapshot's files are (a build before 2026-11-26 has none: refused, review 36 #8). */
  blob?: { size: number; crc32: number };
}

const REPO = resolve(import.meta.dirname, "../../..");
const BUNDLE = resolve(import.meta.dirname, "../.bundle");

/**
 * Paths of the repository's files, for `bun src/cli.ts` and the tests. The docs
 * page comes from `.bundle/` once `bun run build` has made it, else a stub; the
 * build's snapshot only while the source and data are those it was rendered from
 * (else the bodies are rendered at start-up).
 *
 * @example
 * const paths = repoAssetPaths();
 */
export function repoAssetPaths(): AssetPaths {
  const pre = join(BUNDLE, "precompressed.json");
  const snap = join(BUNDLE, "site.json");
  return {
    version: "dev",
    data: dataPaths(join(REPO, "data")),
    openapi: join(REPO, "openapi/openapi.json"),
    ...reportPaths(join(REPO, "data")),
    docs: join(BUNDLE, "docs.html"),
    docsScript: join(BUNDLE, "docs.js"),
    docsCsp: join(BUNDLE, "docs-csp.txt"),
    ...(existsSync(pre) ? { precompressed: { index: pre, blob: join(BUNDLE, "precompressed.bin") } } : {}),
    ...(snapshotIsCurrent(snap) ? { snapshot: { index: snap, blob: join(BUNDLE, "site.bin") } } : {}),
  };
}

/** Whether the build's snapshot index was rendered from the repository as it is now (an unreadable one is not). */
function snapshotIsCurrent(index: string): boolean {
  if (!existsSync(index)) return false;
  try {
    return (JSON.parse(readFileSync(index, "utf8")) as SnapshotIndex).source === sourceFingerprint(REPO);
  } catch {
    return false;
  }
}

/**
 * The about page's reports and the PO-box list of a data folder.
 *
 * @example
 * reportPaths("data").postal // "data/postal.csv"
 */
export function reportPaths(dir: string): Pick<AssetPaths, "about" | "postal"> {
  return { about: { rating: join(dir, "RATING.md"), sources: join(dir, "SOURCES.md") }, postal: join(dir, "postal.csv") };
}

/** The dataset file paths of a folder (the four CSV and JSON files, the boundaries and ZIP outlines). */
export function dataPaths(dir: string): AssetPaths["data"] {
  return {
    manifest: join(dir, "manifest.json"),
    zips: join(dir, "zips.csv"),
    districts: join(dir, "districts.csv"),
    overlaps: join(dir, "overlaps.csv"),
    boundaries: join(dir, "boundaries.topojson"),
    zctas: join(dir, "zctas.topojson"),
  };
}

/** UTF-8 exactly as written: a byte-order mark is kept (so the manifest's sha256 is of the file's bytes), bad bytes throw. */
const exactUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A data folder file's text, byte for byte (a byte-order mark kept, for the sha256 check and
 * its own message); a missing file (`missing` says why that is wrong), a folder in its place,
 * --data naming a file, or bytes that are not UTF-8 throw a DatasetError naming it.
 *
 * @example
 * await exactText("data/zips.csv", "missing") // "zip,state,city,county,leaid,zcta\n..."
 */
async function exactText(path: string, missing: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) {
    const parent = await stat(dirname(path)).catch(() => undefined);
    throw new DatasetError(path, parent !== undefined && !parent.isDirectory() ? `missing (${dirname(path)} is a file, not a folder)` : missing);
  }
  if (info.isDirectory()) throw new DatasetError(path, "is a folder, not a file");
  // A pipe, a device or a socket in its place is read forever or without end (ops audit 36 #9: a FIFO
  // hung start-up silently; /dev/zero was said "missing"); a file larger than any the build writes
  // would be read whole into memory first.
  if (!info.isFile()) throw new DatasetError(path, "is not a regular file (a pipe, device or socket is in its place)");
  if (info.size > DATA_FILE_MAX_BYTES) throw new DatasetError(path, `is ${info.size} bytes, more than any file the build writes (${DATA_FILE_MAX_BYTES})`);
  try {
    return exactUtf8.decode(await Bun.file(path).bytes());
  } catch {
    throw new DatasetError(path, "is not valid UTF-8");
  }
}

/** Larger than any text file of a dataset folder (the largest, overlaps.csv, is about 5 MB; the maps are read elsewhere). */
const DATA_FILE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Reads the dataset files' text (exactText; core's parser checks the byte-order mark and sha256).
 *
 * @example
 * const files = await readData(dataPaths("data"));
 */
export async function readData(paths: AssetPaths["data"]): Promise<DatasetFiles> {
  const read = (path: string) => exactText(path, "missing");
  // The manifest first: a folder that is not a dataset is said as its missing manifest.
  const manifest = await read(paths.manifest);
  const [zips, districts, overlaps] = await Promise.all([paths.zips, paths.districts, paths.overlaps].map(read));
  return { manifest, zips: zips!, districts: districts!, overlaps: overlaps! };
}

/**
 * A data folder file's text; a missing one stops start-up (DatasetError naming it): the build
 * writes the reports and the PO-box list into every dataset folder, so a folder without one is
 * damaged, and serving it would drop the about page's sections or the PO-box explanations quietly.
 * A folder in its place, bytes that are not UTF-8 or a byte-order mark are said as what they are.
 *
 * @example
 * await requiredText("data/postal.csv") // "zip,city,state,type,zcta,county\n..."
 */
export async function requiredText(path: string): Promise<string> {
  const text = await exactText(path, "missing (every dataset folder the build writes has it; rebuild it with bun run data:build)");
  if (text.startsWith("\uFEFF")) throw new DatasetError(path, "starts with a byte-order mark (U+FEFF): the build writes UTF-8 without one");
  return text;
}

/**
 * Reads openapi.json, the docs page and the build-time coded bodies.
 *
 * @example
 * const assets = await readAssets(repoAssetPaths());
 */
export async function readAssets(paths: AssetPaths): Promise<SiteAssets> {
  const docsFile = Bun.file(paths.docs);
  const hasDocs = await docsFile.exists();
  // The docs page and Redoc's script (2.8 MB) are read when asked for, not held: their coded variants come from the build.
  const onDemand = async (path: string) => {
    const source = await fileSource(path);
    return () => source.read(0, source.size);
  };
  const [openapi, docs, csp, docsScript, rating, sources, postal, manifest] = await Promise.all([
    Bun.file(paths.openapi).text(),
    hasDocs ? onDemand(paths.docs) : Promise.resolve(DOCS_STUB),
    hasDocs ? Bun.file(paths.docsCsp).text() : Promise.resolve("default-src 'none'"),
    hasDocs ? onDemand(paths.docsScript) : Promise.resolve(""),
    requiredText(paths.about.rating),
    requiredText(paths.about.sources),
    requiredText(paths.postal),
    manifestJson(paths.data.manifest),
  ]);
  const boundaries = boundariesOf(manifest);
  const listed = manifest?.files;
  checkListedFile("RATING.md", rating, listed, paths.about.rating);
  checkListedFile("SOURCES.md", sources, listed, paths.about.sources);
  checkListedFile("postal.csv", postal, listed, paths.postal);
  let precompressed: Precompressed | undefined;
  let precompressedBaseUrl: string | undefined;
  if (paths.precompressed) {
    let index: PrecompressedIndex;
    try {
      index = (await Bun.file(paths.precompressed.index).json()) as PrecompressedIndex;
    } catch (e) {
      throw new DatasetError(paths.precompressed.index, `not readable JSON (${(e as Error).message})`);
    }
    // A truncated or corrupt .bin would be served as cut-off br/gzip bodies under valid ETags (review 35 #7).
    // An index without the .bin's size and CRC-32 (a build from before they were written) is refused too:
    // the build then compresses anew rather than reuse an unchecked .bin (review 36 #8).
    if (index.blob === undefined) throw new DatasetError(paths.precompressed.index, "has no size and CRC-32 of precompressed.bin (written by an older build): rebuild with bun run build");
    checkFile(await fileSource(paths.precompressed.blob), index.blob);
    // Slices of the file, not copies: Bun sends them from the file's bytes (in the binary, its mapped pages).
    const blob = Bun.file(paths.precompressed.blob);
    precompressed = new Map();
    precompressedBaseUrl = index.baseUrl;
    for (const [path, entry] of Object.entries(index.entries)) {
      const coded: Partial<Record<Coding, { body: CodedBody; tag: string }>> = {};
      for (const coding of ["br", "gzip"] as const) {
        const c = entry[coding];
        if (c) coded[coding] = { body: blob.slice(c.offset, c.offset + c.length), tag: c.tag };
      }
      precompressed.set(path, { etag: entry.etag, coded });
    }
  }
  return {
    openapi,
    docs: { html: docs, csp: csp.trim(), script: docsScript },
    about: { rating, sources, ...(boundaries ? { boundaries } : {}) },
    postal,
    ...(precompressed ? { precompressed, precompressedBaseUrl: precompressedBaseUrl! } : {}),
  };
}

/**
 * The manifest's description of the boundary file (source, vintage, scale), for /about;
 * undefined when it lists none.
 *
 * @example
 * (await manifestBoundaries("data/manifest.json"))?.scale // "1:500,000"
 */
export async function manifestBoundaries(path: string): Promise<BoundariesFacts | undefined> {
  return boundariesOf(await manifestJson(path));
}

/** What start-up reads of a data folder's manifest: its boundaries' description and its files' checksums. */
type ManifestFacts = { boundaries?: Partial<BoundariesFacts>; files?: Record<string, { sha256?: unknown; rows?: unknown }> };

/** A data folder's manifest, read once for the assets; undefined where it is missing or not JSON (readData names those). */
async function manifestJson(path: string): Promise<ManifestFacts | undefined> {
  const file = Bun.file(path);
  if (!(await file.exists()) || !(await stat(path)).isFile()) return undefined;
  try {
    return (await file.json()) as ManifestFacts;
  } catch {
    return undefined;
  }
}

/** The boundaries' source, vintage and scale a manifest gives, where it gives all three. */
function boundariesOf(manifest: ManifestFacts | undefined): BoundariesFacts | undefined {
  const b = manifest?.boundaries;
  return typeof b?.source === "string" && typeof b.vintage === "string" && typeof b.scale === "string" ? { source: b.source, vintage: b.vintage, scale: b.scale } : undefined;
}

const DOCS_STUB = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API documentation</title></head>
<body><h1>API documentation</h1><p>Run <code>bun run build</code> to build this page; meanwhile see <a href="/openapi.json">/openapi.json</a>.</p></body></html>
`;

/**
 * The build's snapshot, checked now (a DatasetError naming the file when it is
 * missing, truncated or corrupt): a function giving its bodies with a base URL
 * put in; undefined when the build made none (the caller renders the dataset).
 *
 * @example
 * const bodiesFor = await openSnapshotFor(paths);
 * const bodies = bodiesFor?.("http://localhost:8080");
 */
export async function openSnapshotFor(paths: AssetPaths): Promise<((baseUrl: string) => SiteBodies) | undefined> {
  if (!paths.snapshot) return undefined;
  const indexFile = Bun.file(paths.snapshot.index);
  if (!(await indexFile.exists())) throw new DatasetError(paths.snapshot.index, "missing");
  let index: SnapshotIndex;
  try {
    index = (await indexFile.json()) as SnapshotIndex;
  } catch (e) {
    throw new DatasetError(paths.snapshot.index, `not JSON (${(e as Error).message})`);
  }
  if (index.format !== 5) return undefined;
  if (!(await Bun.file(paths.snapshot.blob).exists())) throw new DatasetError(paths.snapshot.blob, "missing");
  const bodiesFor = openSnapshot(index, await fileSource(paths.snapshot.blob));
  // The other files the build embedded with it (the map files), by size and CRC-32.
  for (const [name, expected] of Object.entries(index.files ?? {})) {
    const path = (paths.data as Record<string, string | undefined>)[EMBEDDED_FILES[name] ?? ""];
    if (path === undefined || !(await Bun.file(path).exists())) throw new DatasetError(path ?? name, "missing");
    checkFile(await fileSource(path), expected);
  }
  return (baseUrl) => ({ ...bodiesFor(baseUrl), fromBuild: true });
}

/**
 * `bun run build`: makes `dist/school-districts` at the repository root, one
 * binary embedding the dataset (`data/`), openapi.json, the docs page and the
 * large bodies precompressed for the default base URL.
 *
 * Steps, all into `.bundle/`:
 *   1. docs.html and docs.js: Redocly build-docs (no CDN) of /docs/interactive, finished by
 *      src/docs.ts (Redoc's script in its own cached file, telemetry off);
 *      docs-csp.txt: a CSP allowing that file and exactly the inline scripts left.
 *   2. precompressed.bin/.json: br (quality 9, 16 MB window) and gzip (9) of the state, bulk,
 *      CSV, index, openapi and docs bodies rendered for BUILD_BASE_URL (default
 *      http://localhost:8080). A server whose bodies are identical (same data
 *      and base URL) uses them; any other compresses at start-up (quality 4).
 *      Set BUILD_BASE_URL to your public URL to precompress for it.
 *   3. site.json/site.bin: every dataset-derived body (zstd), rendered with a
 *      marker for the base URL that start-up replaces: the binary serves any base
 *      URL without parsing the dataset or rendering (checked here byte for byte).
 *   4. entry.ts: imports every input `with { type: "file" }` and calls main().
 *   5. bun build --compile.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { EMBEDDED_FILES, readAssets, readData, repoAssetPaths, type PrecompressedIndex } from "../src/assets.ts";
import { MAX_EFFORT } from "../src/compress.ts";
import { parseDataset } from "@school-districts/core";
import { loadLocationData } from "../src/location.ts";
import { readZctaOutlines } from "../src/page-maps.ts";
import { cspHash } from "../src/html.ts";
import { finishDocs } from "../src/docs.ts";
import { assembleSite, bytesOf, compressLarge, isLarge, renderSiteBodies } from "../src/site.ts";
import { BASE_URL_MARKER, crc32Of, readSnapshot, writeSnapshot } from "../src/snapshot.ts";
import { bytesSource, fileSource } from "../src/embedded.ts";
import { sourceFingerprint } from "../src/source-fingerprint.ts";

const root = resolve(import.meta.dirname, "../../..");
const bundle = resolve(import.meta.dirname, "../.bundle");
const outfile = join(root, "dist/school-districts");
const baseUrl = (process.env.BUILD_BASE_URL ?? "http://localhost:8080").replace(/\/+$/, "");
const version = ((await Bun.file(resolve(import.meta.dirname, "../package.json")).json()) as { version: string }).version;
mkdirSync(bundle, { recursive: true });
// Taken before anything is rendered: an edit during the build makes the snapshot stale, never current.
const source = sourceFingerprint(root);
const step = (what: string) => console.log(`[build] ${what}`);
const t0 = performance.now();

// 1. Docs page.
step("docs: redocly build-docs");
const docsPath = join(bundle, "docs.html");
const redocly = Bun.spawnSync(
  [
    join(root, "node_modules/.bin/redocly"), "build-docs", join(root, "openapi/openapi.json"), "--inlineBundle", "-o", docsPath,
    "--openapi.routingBasePath=/docs/interactive", "--openapi.hideLoading=true",
  ],
  { cwd: root, stdout: "pipe", stderr: "pipe" },
);
if (redocly.exitCode !== 0) {
  console.error(redocly.stdout.toString(), redocly.stderr.toString());
  throw new Error("redocly build-docs failed");
}
// Finish the page (src/docs.ts): Redoc's script moved to its own cached file,
// sidebar links under /docs, a no-JavaScript reference, landmarks, contrast, no CDN logo.
const finished = finishDocs(await Bun.file(docsPath).text(), await Bun.file(join(root, "openapi/openapi.json")).text());
const docs = finished.html;
writeFileSync(docsPath, docs);
writeFileSync(join(bundle, "docs.js"), finished.script);
const scripts = [...docs.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => cspHash(m[1]!));
const docsCsp = [
  "default-src 'none'",
  `script-src 'self' ${scripts.join(" ")}`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
writeFileSync(join(bundle, "docs-csp.txt"), docsCsp + "\n");

// 2. Precompressed large bodies.
step(`precompress for ${baseUrl} (brotli ${MAX_EFFORT.br}, gzip ${MAX_EFFORT.gzip})`);
const paths = { ...repoAssetPaths(), precompressed: undefined, snapshot: undefined };
const dataset = parseDataset(await readData(paths.data), "data");
// The boundary file is indexed by the binary on its first location request: check it now, at build time.
await loadLocationData(paths.data, "data");
// So are the ZIP outlines of the page maps (read on the first ZIP page).
if (readZctaOutlines(paths.data, "data") === undefined) throw new Error("data/manifest.json lists no zctas.topojson: rebuild the dataset");
const assets = await readAssets(paths);
const rendered = renderSiteBodies(dataset, baseUrl, assets.openapi);
const snapshot = writeSnapshot(renderSiteBodies(dataset, BASE_URL_MARKER, assets.openapi), baseUrl);
// The snapshot with the base URL put back must give exactly the bodies rendered for it.
const back = readSnapshot(JSON.parse(JSON.stringify(snapshot.index)), snapshot.blob, baseUrl);
if (back.bodies.size !== rendered.bodies.size) throw new Error("snapshot: wrong number of bodies");
for (const [path, body] of rendered.bodies) {
  if (!Buffer.from(bytesOf(body)).equals(Buffer.from(bytesOf(back.bodies.get(path) ?? new Uint8Array())))) throw new Error(`snapshot: ${path} differs`);
}
// The map files are checked at start-up by size and CRC-32 (their sha256 is checked here, above).
snapshot.index.files = {};
for (const [name, key] of Object.entries(EMBEDDED_FILES)) {
  const path = paths.data[key];
  if (path === undefined) continue;
  const source = await fileSource(path);
  snapshot.index.files[name] = { size: source.size, crc32: crc32Of(source) };
}
snapshot.index.source = source;
writeFileSync(join(bundle, "site.json"), JSON.stringify(snapshot.index));
writeFileSync(join(bundle, "site.bin"), snapshot.blob);
step(`snapshot of ${back.bodies.size} bodies in ${snapshot.index.chunks} zstd chunks, ${(snapshot.blob.length / 1e6).toFixed(1)} MB, checked`);
const site = assembleSite(rendered, assets);
// Reuse the last build's bytes for bodies that did not change.
const previous = repoAssetPaths().precompressed;
// A previous .bin that fails its size and CRC check (a disk that filled mid-write) is not reused: all is compressed anew.
const reuse = previous
  ? await readAssets({ ...paths, precompressed: previous }).then(
      (assets) => assets.precompressed,
      (e: unknown) => (step(`not reusing the previous precompressed bodies: ${(e as Error).message}`), undefined),
    )
  : undefined;
for (const [path, entry] of reuse ?? []) {
  if (entry.coded.br?.tag !== `br${MAX_EFFORT.br}` || entry.coded.gzip?.tag !== `gz${MAX_EFFORT.gzip}`) reuse!.delete(path);
}
const coded = await compressLarge(site, reuse, MAX_EFFORT);
step(`reused ${coded.adopted} coded bodies, compressed ${coded.compressed}`);
const index: PrecompressedIndex = { baseUrl, entries: {} };
const chunks: Uint8Array[] = [];
let offset = 0;
for (const path of site.paths().filter(isLarge)) {
  const rep = site.get(path)!;
  const entry: PrecompressedIndex["entries"][string] = { etag: rep.etag };
  for (const coding of ["br", "gzip"] as const) {
    const coded = rep.codedBody(coding)!;
    const body = coded instanceof Blob ? await coded.bytes() : coded;
    entry[coding] = { offset, length: body.length, tag: rep.etagFor(coding).slice(rep.etag.length, -1) };
    chunks.push(body);
    offset += body.length;
  }
  index.entries[path] = entry;
}
const bin = Buffer.concat(chunks);
index.blob = { size: bin.length, crc32: crc32Of(bytesSource(bin, "precompressed.bin")) };
writeFileSync(join(bundle, "precompressed.bin"), bin);
writeFileSync(join(bundle, "precompressed.json"), JSON.stringify(index));
step(`precompressed ${Object.keys(index.entries).length} bodies, ${(offset / 1e6).toFixed(1)} MB`);

// 3. Entry point embedding every input.
const rel = (p: string) => JSON.stringify(`./${relative(bundle, p)}`);
const d = paths.data;
writeFileSync(
  join(bundle, "entry.ts"),
  `// Generated by scripts/build.ts: the compiled binary's entry point.
// The files read in place first, in this order: the binary finds them in its own file (src/embedded.ts).
import snapBlob from "./site.bin" with { type: "file" };
import docs from "./docs.html" with { type: "file" };
import docsScript from "./docs.js" with { type: "file" };
import boundaries from ${rel(d.boundaries!)} with { type: "file" };
import zctas from ${rel(d.zctas!)} with { type: "file" };
import manifest from ${rel(d.manifest)} with { type: "file" };
import zips from ${rel(d.zips)} with { type: "file" };
import districts from ${rel(d.districts)} with { type: "file" };
import overlaps from ${rel(d.overlaps)} with { type: "file" };
import openapi from ${rel(paths.openapi)} with { type: "file" };
import rating from ${rel(paths.about.rating)} with { type: "file" };
import sources from ${rel(paths.about.sources)} with { type: "file" };
import postal from ${rel(paths.postal)} with { type: "file" };
import docsCsp from "./docs-csp.txt" with { type: "file" };
import preIndex from "./precompressed.json" with { type: "file" };
import preBlob from "./precompressed.bin" with { type: "file" };
import snapIndex from "./site.json" with { type: "file" };
import { main } from "../src/cli.ts";

await main({
  version: ${JSON.stringify(version)},
  data: { manifest, zips, districts, overlaps, boundaries, zctas },
  openapi,
  about: { rating, sources },
  postal,
  docs,
  docsScript,
  docsCsp,
  precompressed: { index: preIndex, blob: preBlob },
  snapshot: { index: snapIndex, blob: snapBlob },
});
`,
);

// 4. Compile.
step("bun build --compile");
mkdirSync(join(root, "dist"), { recursive: true });
const compile = Bun.spawnSync(
  [process.execPath, "build", "--compile", "--minify", "--bytecode", "--format=esm", "--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", join(bundle, "entry.ts"), "--outfile", outfile],
  { cwd: resolve(import.meta.dirname, ".."), stdout: "inherit", stderr: "inherit" },
);
if (compile.exitCode !== 0) throw new Error("bun build --compile failed");
step(`${relative(root, outfile)}: ${((await Bun.file(outfile).size) / 1e6).toFixed(1)} MB, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

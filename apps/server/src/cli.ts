/**
 * The binary's entry: serve the API, or `export <dir>` it as static files.
 * Run from source with `bun src/cli.ts`; the compiled binary calls main() from
 * the generated `.bundle/entry.ts` with the paths of its embedded files.
 *
 * @example
 * school-districts --port 8080 --base-url https://schools.example.org
 * school-districts export ./public --base-url https://schools.example.org
 * school-districts lookup 90210 --json
 */
import { heapStats } from "bun:jsc";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { createApp, createHandler } from "./app.ts";
import { districtNamesOf, loadLocationData, readBoundaryIndex, type DistrictNames, type LocationData } from "./location.ts";
import { checkMapFiles, PageMaps, readZctaOutlines } from "./page-maps.ts";
import { dataPaths, openSnapshotFor, requiredText, readAssets, readData, repoAssetPaths, reportPaths, type AssetPaths } from "./assets.ts";
import { parsePostal } from "./postal.ts";
import { MAX_EFFORT, STARTUP_EFFORT } from "./compress.ts";
import { availableParallelism } from "node:os";
import { defaultBaseUrlWarning, parseArgs, USAGE, UsageError, workersWarning, type Command } from "./config.ts";
import { checkListedFile, DatasetError, parseDataset, type Dataset, type LocationIndex, type ZctaOutlines } from "@school-districts/core";
import { exportFolderProblem, writeExport } from "./export.ts";
import { accessLog } from "./log.ts";
import { lookup, lookupMany } from "./lookup.ts";
import { NATIVE_ROUTES, nativeRoutes } from "./native.ts";
import { listen, stopOnSignals, type Ready } from "./server.ts";
import { startWorkers, whenPrimaryGone, workerNumber } from "./workers.ts";
import { assembleSite, compressLarge, renderSiteBodies, type SiteBodies } from "./site.ts";

const started = performance.now();
const timing = process.env.SCHOOL_DISTRICTS_TIMING === "1";
/** With SCHOOL_DISTRICTS_TIMING=1, prints the time since start and the memory after each start-up phase to stderr. */
function mark(phase: string): void {
  if (!timing) return;
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
  const heap = heapStats();
  process.stderr.write(
    `[timing] ${phase}: ${Math.round(performance.now() - started)} ms (process ${Math.round(performance.now())} ms), RSS ${Math.round(Number(rss) / 1024)} MiB, JS heap ${Math.round(heap.heapSize / 2 ** 20)} MiB (extra ${Math.round(heap.extraMemorySize / 2 ** 20)} MiB)\n`,
  );
}

function fail(message: string, code: number): never {
  process.stderr.write(`school-districts: ${message}\n`);
  process.exit(code);
}

/** Whether a host name resolves (Bun's DNS), for the message of a failed listen. */
async function lookupHost(host: string): Promise<boolean> {
  try {
    return (await Bun.dns.lookup(host)).length > 0;
  } catch {
    return false;
  }
}

/** Exit status of `lookup` when the data cannot be read (1 is "not found" there). */
const LOOKUP_DATA_ERROR = 3;
/** Exit status of `lookup` when its output cannot be written (a full disk; a closed pipe exits 0). */
const LOOKUP_WRITE_ERROR = 4;

/** A DatasetError (missing or damaged data) stops the process with its message and `code`; anything else is rethrown. */
function exitOnDatasetError(e: unknown, code = 1): never {
  if (e instanceof DatasetError) fail(`cannot load the dataset: ${e.message}`, code);
  throw e;
}

/**
 * Runs `read` (sync or async), stopping the process on a DatasetError.
 *
 * @example
 * const index = orExit(() => readBoundaryIndex(paths.data, "(embedded data)"));
 */
function orExit<T>(read: () => T, code = 1): T {
  try {
    const value = read();
    return (value instanceof Promise ? value.catch((e: unknown) => exitOnDatasetError(e, code)) : value) as T;
  } catch (e) {
    exitOnDatasetError(e, code);
  }
}

function loadDataset(cmd: { data: string | undefined }, paths: AssetPaths, code = 1): Promise<Dataset> {
  return orExit(async () => parseDataset(await readData(cmd.data ? dataPaths(cmd.data) : paths.data), cmd.data ?? "(embedded data)"), code);
}

/**
 * Runs the command line `argv` with the site's inputs at `paths`.
 *
 * @example
 * await main(repoAssetPaths(), ["--port", "0", "--quiet"]);
 */
export async function main(paths: AssetPaths, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  let cmd: Command;
  try {
    cmd = parseArgs(argv, process.env);
  } catch (e) {
    if (e instanceof UsageError) fail(`${e.message}\n\n${USAGE}`, 2);
    throw e;
  }
  if (cmd.kind === "help") return void process.stdout.write(USAGE);
  if (cmd.kind === "version") {
    // The manifest's checksum tells two builds of one date apart (pages audit 34 #5: a stale binary
    // said the same version and date as one with 13 names renamed); it holds every data file's sha256.
    const manifest = cmd.data ? dataPaths(cmd.data).manifest : paths.data.manifest;
    let text: string;
    let updated: string;
    try {
      text = await Bun.file(manifest).text();
      ({ updated } = JSON.parse(text) as { updated: string });
    } catch (e) {
      return fail(`cannot read ${manifest}: ${(e as Error).message}`, 1);
    }
    const fingerprint = new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12);
    // And the source and data the build rendered (sourceFingerprint): a binary older than the tree is told apart (ops audit 38 #1).
    const source = !cmd.data && paths.snapshot ? ((await Bun.file(paths.snapshot.index).json()) as { source?: string }).source : undefined;
    return void process.stdout.write(`school-districts ${paths.version} (${cmd.data ? `data ${updated} in ${cmd.data}` : `embedded data ${updated}`}, manifest sha256 ${fingerprint}${source ? `, source ${source.slice(0, 12)}` : ""})\n`);
  }
  mark("args");
  if (cmd.kind === "lookup") {
    // From the data alone: no snapshot, no server.
    const dataset = await loadDataset(cmd, paths, LOOKUP_DATA_ERROR);
    let location: LocationData | undefined;
    if ("lat" in cmd.query) {
      const [used, label] = [cmd.data ? dataPaths(cmd.data) : paths.data, cmd.data ?? "(embedded data)"];
      // The ZIP outlines are read now, not on first use inside lookup(): a missing or damaged
      // zctas.topojson is then a damaged install (one line, exit 3), as boundaries.topojson is;
      // read there, its DatasetError escaped as a stack trace, exit 1, "not found" (ops audit 38 #2).
      // locate() reads them for every point anyway, found or not.
      const outlines = orExit(() => readZctaOutlines(used, label), LOOKUP_DATA_ERROR);
      location = await orExit(() => loadLocationData(used, label, undefined, undefined, () => outlines), LOOKUP_DATA_ERROR);
    }
    // data/postal.csv: what a real USPS ZIP without a record is.
    const postalPath = cmd.data ? reportPaths(cmd.data).postal : paths.postal;
    // Checked against the manifest as the server checks it: a truncated or edited one is a damaged install (exit 3), not "not found" (ops audit 36 #2).
    const postal = orExit(async () => {
      const text = await requiredText(postalPath);
      checkListedFile("postal.csv", text, dataset.manifest.files, postalPath);
      return parsePostal(text, postalPath);
    }, LOOKUP_DATA_ERROR);
    // A reader that stops early (| head) ends the output quietly; another write error (a full disk) says so, exit 4.
    process.stdout.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(0);
      fail(`cannot write the output: ${e.message}`, LOOKUP_WRITE_ERROR);
    });
    if ("zips" in cmd.query) {
      // (A stdin that cannot be read, a directory: said, exit 2, not a stack trace and the "not found" exit 1: ops audit 40 #5.)
      const stdin = async () => Bun.stdin.text().catch((e: Error) => fail(`lookup -: cannot read stdin (${(e as NodeJS.ErrnoException).code ?? e.message})`, 2));
      const zips = cmd.query.zips === "-" ? (await stdin()).split(/[\s,]+/).filter((z) => z !== "") : cmd.query.zips;
      // An empty upstream is bad input, not a batch of nothing that succeeded.
      if (zips.length === 0) fail("lookup -: no ZIP codes on stdin (separate them by spaces, commas or lines)", 2);
      process.exitCode = lookupMany(dataset, zips, { ...cmd, postal: await postal }, (out, err) => {
        process.stdout.write(out);
        process.stderr.write(err);
      });
      return;
    }
    const result = lookup(dataset, cmd.query, { ...cmd, location, postal: await postal });
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exitCode = result.code;
    return;
  }
  // The build's snapshot serves the embedded data at any base URL; a --data
  // folder is checked, then rendered now.
  // A bad --data folder stops start-up here, before listening.
  const given = cmd.data ? await loadDataset(cmd, paths) : undefined;
  const dataPathsUsed = cmd.data ? dataPaths(cmd.data) : paths.data;
  const dataLabel = cmd.data ?? "(embedded data)";
  // The boundary index, read once on first use by the location routes or a page's map.
  let boundaryIndex: { index: LocationIndex | undefined } | undefined;
  const boundaries = (): LocationIndex | undefined =>
    (boundaryIndex ??= { index: orExit(() => readBoundaryIndex(dataPathsUsed, dataLabel)) }).index;
  // The ZIP outlines of the page maps and of the location answers' ZIP, read once on first use.
  let zctaOutlines: { outlines: ZctaOutlines | undefined } | undefined;
  const zctas = (): ZctaOutlines | undefined =>
    (zctaOutlines ??= { outlines: orExit(() => readZctaOutlines(dataPathsUsed, dataLabel)) }).outlines;
  const loadLocation = (names?: DistrictNames): Promise<LocationData | undefined> =>
    orExit(() => loadLocationData(dataPathsUsed, dataLabel, boundaries, names, zctas));
  // The build's snapshot is checked (size, CRC-32, tables; and the map files embedded with it) before listening.
  const snapshot = await orExit(async () => {
    const opened = given ? undefined : await openSnapshotFor(paths);
    // The map files are decoded on first use, but checked now: a missing or damaged one stops start-up
    // (the build's were checked with the snapshot; a --data folder's against its manifest's sha256).
    if (!opened) await checkMapFiles(dataPathsUsed, dataLabel, { hash: cmd.data !== undefined });
    return opened;
  });
  mark("snapshot checked");
  // (Its sha256's first 12 hex digits are said in the start-up line: which data a --data folder holds, ops audit 37 #4.)
  let manifestSha = "";
  const manifestJson = await orExit(async () => {
    const text = await Bun.file(dataPathsUsed.manifest).text();
    manifestSha = new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12);
    try {
      return JSON.parse(text) as { boundaries?: { vintage?: string } };
    } catch (e) {
      throw new DatasetError(dataPathsUsed.manifest, `not valid JSON (${(e as Error).message})`);
    }
  });
  const maps = new PageMaps({ boundaries, zctas, vintage: manifestJson.boundaries?.vintage ?? "" });
  // A bad --data folder's boundary file also stops start-up before listening.
  const givenLocation = cmd.data && cmd.kind !== "export" ? await loadLocation() : undefined;
  // A --data folder's ZIP outlines are read now too: the service keeps running from memory if the folder goes away.
  if (cmd.data && cmd.kind !== "export") zctas();
  const rendered = async (baseUrl: string): Promise<SiteBodies> => {
    if (snapshot) return snapshot(baseUrl);
    const dataset = given ?? (await loadDataset(cmd, paths));
    mark("dataset");
    return renderSiteBodies(dataset, baseUrl, assets.openapi);
  };
  // With --data, the about page and PO-box pages come from that folder too, checked against its manifest.
  const assetPaths = cmd.data ? { ...paths, ...reportPaths(cmd.data), data: dataPaths(cmd.data) } : paths;
  const assets = await orExit(() => readAssets(assetPaths));
  orExit(() => parsePostal(assets.postal, assetPaths.postal));
  mark("assets");

  if (cmd.kind === "export") {
    // Into a new or empty folder only: files of an older export (a retired ZIP) would keep answering 200.
    const refusal = exportFolderProblem(cmd.dir);
    if (refusal !== undefined) fail(refusal, 1);
    // Its pages offer what a static host answers: ZIP codes, not towns or places (layout.ts staticCopy).
    const site = assembleSite(await rendered(cmd.baseUrl), assets, maps, { staticCopy: true });
    await compressLarge(site, assets.precompressed, MAX_EFFORT);
    const count = await writeExport(site, cmd.dir, assets.docs.csp, (done, total) => {
      if (!cmd.quiet) process.stderr.write(`exported ${done} of ${total} paths\n`);
    }).catch((e: unknown) => fail(`cannot write the export into ${cmd.dir}: ${e instanceof Error ? e.message : String(e)}`, 1));
    process.stderr.write(`school-districts: wrote ${count} paths (each with .br and .gz) for ${cmd.baseUrl} into ${cmd.dir}\n`);
    return;
  }

  const log = accessLog(cmd.quiet);
  let resolveReady!: (ready: Ready) => void;
  const ready = new Promise<Ready>((r) => (resolveReady = r));
  let server: ReturnType<typeof listen>;
  const worker = workerNumber();
  const shared = cmd.workers > 1 || worker > 0;
  try {
    server = listen(ready, { port: cmd.port, host: cmd.host, log, reusePort: shared });
  } catch (e) {
    // A host that is no address (999.1.1.1, a name that does not resolve) gets Bun's odd
    // "ENOTTY: inappropriate ioctl for device": say what is wrong instead.
    const unknownHost = isIP(cmd.host) === 0 && !(await lookupHost(cmd.host));
    fail(`cannot listen on ${cmd.host}:${cmd.port}: ${unknownHost ? `"${cmd.host}" is not an IP address, and no address is found for that name (--host takes an address of this machine, like 127.0.0.1 or 0.0.0.0)` : (e as Error).message}`, 1);
  }
  // --workers n: this process serves too, and starts n - 1 more on its port (workers.ts).
  const workers = worker === 0 && cmd.workers > 1 ? startWorkers(cmd.workers - 1, server.port!, argv, (n, code) => void stop(`worker ${n} exited (${code})`, code === 0 ? 0 : 1)) : undefined;
  const stop = stopOnSignals(server, log, undefined, workers?.stop, ready);
  if (worker > 0) whenPrimaryGone(() => void stop("primary gone"));
  const baseUrl = cmd.baseUrl ?? `http://localhost:${server.port}`;
  const warning = worker === 0 ? defaultBaseUrlWarning(cmd.host, cmd.baseUrl, baseUrl) : undefined;
  if (warning !== undefined) process.stderr.write(`school-districts: warning: ${warning}\n`);
  const tooMany = worker === 0 ? workersWarning(cmd.workers, availableParallelism()) : undefined;
  if (tooMany !== undefined) process.stderr.write(`school-districts: warning: ${tooMany}\n`);
  mark("listening");
  const site = assembleSite(await rendered(baseUrl), assets, maps);
  mark("site");
  // Large bodies not precompressed by the build are compressed now on worker
  // threads; requests for them wait until theirs are done.
  const coding = compressLarge(site, assets.precompressed, STARTUP_EFFORT);
  // The embedded boundaries are indexed on the first location request (about a second, which
  // that request waits for), so start-up and the memory of a service nobody asks by location stay as they were.
  let loading: Promise<LocationData | undefined> | undefined;
  const location: PromiseLike<LocationData | undefined> | LocationData =
    // Names and grade spans from the site's district resources, which it holds anyway (a --data
    // folder's location data was loaded above, from its districts.csv, to check it before listening).
    givenLocation ?? { then: (ok, fail) => (loading ??= loadLocation(districtNamesOf(site))).then(ok, fail) };
  // Native routes (native.ts) stay off: with any `routes`, Bun 1.4.5 hands an unknown
  // method token (FOO, BREW, lowercase get) to the server as GET, so `BREW /healthz`
  // would get a 200 instead of 405 or a close (bench/FINDINGS.md P3).
  resolveReady({ handle: createHandler(site, createApp(site, location)), ...(NATIVE_ROUTES ? { routes: nativeRoutes(site) } : {}) });
  const ms = Math.round(performance.now() - started);
  process.stderr.write(
    `school-districts ${paths.version}${worker > 0 ? ` (worker ${worker})` : workers ? ` (primary of ${cmd.workers} processes, worker pids ${workers.pids.join(" ")})` : ""}: ${site.records} ZIP codes (data ${site.updated}, manifest sha256 ${manifestSha}) on http://${cmd.host.includes(":") ? `[${cmd.host}]` : cmd.host}:${server.port}, base URL ${baseUrl}, ready in ${ms} ms\n`,
  );
  // A failed compression leaves the service serving (the bodies are compressed on first request): said in one line, not a stack trace.
  const coded = await coding.catch((err: unknown) => void process.stderr.write(`school-districts: ${(err as Error).message}\n`));
  mark("compressed");
  // Start-up leaves ~60 MB of garbage (the decompressed snapshot, path lists);
  // collect it once now rather than whenever the heap next grows.
  Bun.gc(true);
  mark("collected");
  if (coded && coded.compressed > 0) {
    process.stderr.write(
      `school-districts: ${coded.compressed} large bodies compressed in ${Math.round(performance.now() - started - ms)} ms after start-up (${coded.adopted} came precompressed from the build for its base URL)\n`,
    );
  }
}

if (import.meta.main) await main(repoAssetPaths());

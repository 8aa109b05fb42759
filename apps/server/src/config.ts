/**
 * Command line and environment: flags win over PORT, HOST and BASE_URL.
 */

/** What the binary was asked to do. */
export type Command =
  | { kind: "serve"; port: number; host: string; baseUrl: string | undefined; data: string | undefined; quiet: boolean; workers: number }
  | { kind: "export"; dir: string; baseUrl: string; data: string | undefined; quiet: boolean }
  | { kind: "lookup"; query: { zip: string } | { zips: string[] | "-" } | { leaid: string } | { lat: string; lon: string }; json: boolean; baseUrl: string; data: string | undefined }
  | { kind: "help" }
  | { kind: "version"; data?: string };

/** A usage error: the message says what to fix. */
export class UsageError extends Error {}

export const USAGE = `Usage:
  school-districts [options]              serve the API
  school-districts export <dir> [options] write the whole API as static files into <dir>
  school-districts lookup <zip> [--json]  print a ZIP code's record and the other districts
                                          of a split ZIP, from the data, without a server
  school-districts lookup <zip> <zip>... [--json], lookup - [--json] < zips.txt
                                          several ZIP codes (or those read from stdin,
                                          separated by spaces, commas or lines): one answer
                                          each, with --json one object per line (JSON Lines)
  school-districts lookup --district <leaid> [--json]
                                          print a district and every ZIP code it overlaps
  school-districts lookup --lat <deg> --lon <deg> [--json]
                                          print the districts whose boundaries hold a point
                                          (decimal degrees) and its ZIP code (else the nearest)
                                          lookup exits 0 when found, 1 when not found, 2 for
                                          bad input, 3 when the data cannot be read, 4 when
                                          the output cannot be written (the messages are the
                                          API's problem details)

Options:
  --port <n>        port to listen on (env PORT, default 8080; 0 picks a free port)
  --host <addr>     address to bind (env HOST, default 127.0.0.1; 0.0.0.0 for all)
  --base-url <url>  public URL of the service, used in page_url, url, servers and
                    problem types (env BASE_URL, default http://localhost:<port>;
                    for lookup http://localhost:8080, whatever PORT is)
  --data <dir>      serve another compiled dataset folder instead of the embedded
                    one: every file bun run data:build writes there (manifest.json,
                    zips.csv, districts.csv, overlaps.csv, boundaries.topojson,
                    zctas.topojson, postal.csv, RATING.md, SOURCES.md)
  --workers <n>     serve with n processes sharing the port (SO_REUSEPORT), one
                    per core is the most useful; each holds its own copy (default 1)
  --quiet           no access log (one JSON line per request on stdout); with
                    export, no progress lines
  --json            lookup: print the API's JSON (the record and the ZIP's districts,
                    or /district/{leaid}.json; a problem details object when not found)
  --district <id>   lookup: the 7-digit NCES district id (LEAID) to look up
  --lat, --lon      lookup: a point in WGS84 decimal degrees (as /location.json takes)
  --help, -h        this text
  --version         the version

lookup refuses --port, --host, --workers and --quiet (they are for serving the API);
export refuses --host and --workers.
`;

/**
 * Parses argv (without the executable) and the environment.
 *
 * @example
 * parseArgs(["--port", "9000"], {}) // { kind: "serve", port: 9000, host: "127.0.0.1", ... }
 */
export function parseArgs(argv: readonly string[], env: Record<string, string | undefined>): Command {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    // "--" ends the options (POSIX): what follows is positional, even if it starts with "--".
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    // -h, as most tools take it.
    if (arg === "-h") {
      flags.help = true;
      continue;
    }
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (name === "help" || name === "version" || name === "quiet" || name === "json") {
      // A switch takes no value: "--json=false" turned JSON on (review 34 #8).
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    }
    else if (["port", "host", "base-url", "data", "district", "workers", "lat", "lon"].includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") throw new UsageError(`--${name} needs a value`);
      // Twice is refused rather than one silently winning (/location.json?lat=&lat= takes the first).
      if (name in flags) throw new UsageError(`--${name} is given twice`);
      flags[name] = value;
    } else throw new UsageError(`unknown option --${name}`);
  }
  if (flags.help) return { kind: "help" };
  // With --data: that folder's data, which the service would serve (ops audit 38 #4: it named the embedded data).
  if (flags.version) return typeof flags.data === "string" ? { kind: "version", data: flags.data } : { kind: "version" };
  const str = (name: string) => (typeof flags[name] === "string" ? (flags[name] as string) : undefined);
  // An environment variable set to "" (as in `BASE_URL= school-districts`) counts as unset.
  const fromEnv = (name: string) => (env[name] === undefined || env[name].trim() === "" ? undefined : env[name]);
  // Read only where a port is used (serve; export's default base URL): PORT in the environment is
  // the service's, and a lookup run beside it must neither fail on it nor print its URLs (ops audit 38 #4).
  const port = () => {
    const portText = str("port") ?? fromEnv("PORT") ?? "8080";
    if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new UsageError(`port "${portText}" is not a number from 0 to 65535`);
    return Number(portText);
  };
  let baseUrl = str("base-url") ?? fromEnv("BASE_URL");
  if (baseUrl !== undefined) {
    const given = baseUrl;
    // Scheme and host in any case, as URLs allow ("HTTP://Example.ORG": ops audit 35 #9), written in lower case.
    baseUrl = baseUrl.replace(/\/+$/, "").replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, (origin) => origin.toLowerCase());
    // A host or path in other letters than ASCII ("schüle.example.org") written as URLs carry it (xn--schle-kva…):
    // every page_url must be a URI (ops audit 40 #3: each record failed the contract's format: uri).
    // (Only once the text is known to hold none of the characters refused below, which the URL parser would escape:
    // review of stop 40, "https://schüle.org/a b" passed as a%20b.)
    if (/[^\x00-\x7f]/.test(baseUrl) && !/[\s"'\\,<>$;&{}\x00-\x1f]/.test(baseUrl) && URL.canParse(baseUrl)) baseUrl = new URL(baseUrl).href.replace(/\/+$/, "");
    // No quote, apostrophe, backslash, comma, space, $, ;, & or braces: JSON, CSV, XML (the sitemaps: ops audit 40 #3)
    // and nginx.conf (where $ starts a variable even in quotes) then write it as is;
    // a URL that parses (a port up to 65535), with no user name or password (RFC 9110 §4.2.4) and
    // only whole percent-escapes.
    const parsed = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
    if (
      !/^https?:\/\/[^/?#\s"'\\,<>$;&{}\x00-\x1f]+(\/[^?#\s"'\\,<>$;&{}\x00-\x1f]*)?$/.test(baseUrl) ||
      parsed === undefined ||
      parsed.username !== "" ||
      parsed.password !== "" ||
      /%(?![0-9A-Fa-f]{2})/.test(baseUrl)
    ) {
      throw new UsageError(`base URL "${given}" must be an absolute http(s) URL (a port up to 65535) without user name, query, fragment, quotes, commas, spaces, $, ;, & or braces, like https://schools.example.org`);
    }
  }
  const data = str("data");
  const quiet = flags.quiet === true;
  if (positional[0] === "lookup") {
    refuseServeOptions("lookup", flags);
    // The build's default, whatever PORT the service's environment sets: lookup listens on nothing (ops audit 38 #4).
    const lookupBase = baseUrl ?? DEFAULT_BASE_URL;
    const leaid = str("district");
    const [lat, lon] = [str("lat"), str("lon")];
    if (lat !== undefined || lon !== undefined) {
      if (lat === undefined || lon === undefined || positional.length > 1 || leaid !== undefined) {
        throw new UsageError("lookup by location needs both --lat and --lon (and no ZIP code or --district): school-districts lookup --lat 45.7833 --lon -108.5007");
      }
      return { kind: "lookup", query: { lat, lon }, json: flags.json === true, baseUrl: lookupBase, data };
    }
    // Several ZIP codes, or "-": ZIP codes read from stdin (a batch: one answer per ZIP, JSON Lines with --json).
    if (leaid === undefined && (positional.length > 2 || positional[1] === "-")) {
      const zips = positional.slice(1);
      if (zips.includes("-") && zips.length > 1) throw new UsageError('"-" (ZIP codes from stdin) goes alone: school-districts lookup - < zips.txt');
      return { kind: "lookup", query: { zips: zips[0] === "-" ? "-" : zips }, json: flags.json === true, baseUrl: lookupBase, data };
    }
    if (positional.length > 2 || (positional.length === 2) === (leaid !== undefined)) {
      throw new UsageError("lookup needs one ZIP code or --district <leaid>: school-districts lookup 90210, school-districts lookup --district 0604830");
    }
    const query = leaid !== undefined ? { leaid } : { zip: positional[1]! };
    return { kind: "lookup", query, json: flags.json === true, baseUrl: lookupBase, data };
  }
  if (flags.json || flags.district !== undefined || flags.lat !== undefined || flags.lon !== undefined) {
    throw new UsageError("--json, --district, --lat and --lon go with lookup: school-districts lookup 90210 --json");
  }
  if (positional[0] === "export") {
    refuseServeOptions("export", flags);
    const dir = positional[1];
    if (!dir || positional.length > 2) throw new UsageError("export needs exactly one folder: school-districts export <dir>");
    // --port/PORT still set the default base URL, http://localhost:<port>, as README and deploy/README say.
    return { kind: "export", dir, baseUrl: baseUrl ?? `http://localhost:${port() || 8080}`, data, quiet };
  }
  if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const workersText = str("workers") ?? "1";
  const workers = Number(workersText);
  if (!/^\d+$/.test(workersText) || workers < 1 || workers > 64) throw new UsageError(`workers "${workersText}" is not a number from 1 to 64`);
  // An IPv6 address as URLs write it ("[::1]"): the address itself (ops audit 40 #3: "http://[[::1]]:8960", warned as not loopback).
  const host = (str("host") ?? fromEnv("HOST") ?? "127.0.0.1").replace(/^\[(.*)\]$/, "$1");
  return { kind: "serve", port: port(), host, baseUrl, data, quiet, workers };
}

/** The base URL where none is given: the build's default (scripts/build.ts BUILD_BASE_URL) and serve's on its default port. */
const DEFAULT_BASE_URL = "http://localhost:8080";

/**
 * Options of serving that `lookup` and `export` would ignore: refused, as serve refuses lookup's
 * (ops audit 38 #4, review 38 #8: `lookup 90210 --workers abc --host 999.1.1.1 --quiet` exited 0, and
 * `--port` changed lookup's URLs). `export` keeps --quiet (it silences its progress lines) and
 * --port (its default base URL is http://localhost:<port>).
 */
const SERVE_ONLY = { lookup: ["port", "host", "workers", "quiet"], export: ["host", "workers"] } as const;

/** Throws a UsageError naming the serve-only options given to `command`, if any. */
function refuseServeOptions(command: keyof typeof SERVE_ONLY, flags: Record<string, string | true>): void {
  const given = SERVE_ONLY[command].filter((name) => name in flags).map((name) => `--${name}`);
  if (given.length === 0) return;
  const list = given.length === 1 ? given[0]! : `${given.slice(0, -1).join(", ")} and ${given.at(-1)!}`;
  const hint = command === "lookup" ? " (lookup's URLs take --base-url)" : "";
  throw new UsageError(`${list} ${given.length === 1 ? "goes" : "go"} with serving the API, not ${command}${hint}: school-districts --host 0.0.0.0 --port 8080 --workers 2`);
}

/** Hosts only this machine reaches. */
const LOOPBACK = /^(127\.[0-9.]+|::1|localhost)$/;

/**
 * The warning for more workers than the machine has cores (ops audit 37 #6: 16 on 2 cores took 28 s
 * to answer and 3.8 GB; each holds its own copy of the site), or undefined.
 *
 * @example
 * workersWarning(16, 2) // "16 workers on 2 cores: …"
 * workersWarning(2, 2)  // undefined
 */
export function workersWarning(workers: number, cores: number): string | undefined {
  return workers > cores ? `${workers} workers on ${cores} core${cores === 1 ? "" : "s"}: each holds its own copy of the site (about 250 MB) and they start one after another; more than one per core only costs memory and start-up time (--workers ${cores})` : undefined;
}

/**
 * The warning for a server reachable from other machines with no --base-url: every record, page
 * and link would point at localhost (and a CDN in front would cache that). Undefined otherwise.
 *
 * @example
 * defaultBaseUrlWarning("0.0.0.0", undefined, "http://localhost:8080") // "listening on 0.0.0.0 with the default base URL …"
 * defaultBaseUrlWarning("127.0.0.1", undefined, "http://localhost:8080") // undefined
 */
export function defaultBaseUrlWarning(host: string, given: string | undefined, baseUrl: string): string | undefined {
  if (given !== undefined || LOOPBACK.test(host)) return undefined;
  return `listening on ${host} with the default base URL ${baseUrl}: records, pages and links will point at localhost; give --base-url with the public URL`;
}

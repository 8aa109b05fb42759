/**
 * The static export (rule 24): every path of the site as a file, with `.br` and
 * `.gz` variants, a `_headers` file (Netlify, Cloudflare Pages) and an nginx
 * snippet, so any static host or CDN can serve the API.
 *
 * Path to file: `/` -> `index.html`, `/docs` -> `docs.html`, `/docs/{section}` and `/docs/interactive` -> `docs/{name}.html`, `/about` -> `about.html`, `/zip/{zip}` ->
 * `zip/{zip}.html`, `/district/{leaid}` -> `district/{leaid}.html`, `/state/{state}`
 * -> `state/{state}.html`, `/problems/{kind}` -> `problems/{kind}.html` (hosts map extensionless URLs to `.html`), `/healthz` ->
 * `healthz` (typed by the headers file), everything else as named. `404.html` is the page a
 * person gets at an address with nothing (Netlify and Cloudflare Pages serve it themselves; the
 * nginx snippet too).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { INTERACTIVE_DOCS } from "./docs-page.ts";
import { errorPage } from "./error-pages.ts";
import { PAGE_CSP } from "./layout.ts";
import { nginxErrorLocations, nginxErrorPages, problemLocation } from "./nginx-errors.ts";
import { methodDetail, problem, type ProblemKind } from "./problems.ts";
import { CACHE_CONTROL } from "./representation.ts";
import { BULK_LINK, type Site } from "./site.ts";

/** Pages below a folder, written as `<path>.html`. */
const PAGE_PATH = /^\/(zip\/[0-9]{5}|district\/[0-9]{7}|state\/[A-Z]{2}|problems\/[a-z-]+)$/;

/**
 * The file of a path in the export.
 *
 * @example
 * exportFile("/zip/90210") // "zip/90210.html"
 * exportFile("/zip/90210.json") // "zip/90210.json"
 * exportFile("/state/CA") // "state/CA.html" (beside the folder state/CA/ of /state/CA/districts.json)
 */
export function exportFile(path: string): string {
  if (path === "/") return "index.html";
  if (path === "/docs" || path === "/about" || /^\/docs\/[a-z0-9-]+$/.test(path) || PAGE_PATH.test(path)) return `${path.slice(1)}.html`;
  return path.slice(1);
}

/**
 * Why `dir` cannot take an export, or undefined: it must be a new or empty folder, since the
 * files of an older export (a ZIP retired since) would keep answering beside the new ones.
 *
 * @example
 * exportFolderProblem("/tmp/new-folder") // undefined
 * exportFolderProblem("/etc/hostname")   // "/etc/hostname is a file, not a folder: …"
 */
export function exportFolderProblem(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  if (!statSync(dir).isDirectory()) return `${dir} is a file, not a folder: export into a new or empty folder`;
  if (readdirSync(dir).length > 0) return `${dir} is not empty: export into a new or empty folder (files of an older export would keep answering beside the new ones)`;
  return undefined;
}

/**
 * Writes the site into `dir`; returns the number of paths written.
 *
 * @example
 * await writeExport(site, "public");
 */
export async function writeExport(site: Site, dir: string, docsCsp: string, onProgress?: (done: number, total: number) => void): Promise<number> {
  const paths = site.paths();
  const dataDate = new Date(site.lastModified);
  // No file dated after this run (RFC 9110 §8.8.2.1: nginx sends a file's time as Last-Modified; review 33 #4).
  const started = Date.now();
  const made = new Set<string>();
  let done = 0;
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const rep = site.get(path)!;
      const file = join(dir, exportFile(path));
      const folder = dirname(file);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await Promise.all([
        Bun.write(file, rep.body),
        Bun.write(`${file}.br`, rep.variant("br").payload),
        Bun.write(`${file}.gz`, rep.variant("gzip").payload),
      ]);
      // Dated as the data, not the export run: a host's Last-Modified then falls on the data's day and
      // agrees between two exports of one dataset made after that day. nginx's ETag is made of the time
      // and the size, so the time of day comes from the body: a body changed at the same length by a new
      // build of the same day gets another ETag, where a CDN would otherwise keep serving the old one.
      // On the data's own day (or for a dataset dated ahead, whose Last-Modified is the site's making)
      // a time past the run's start is cut to it: no future time, and two such exports do not agree.
      const dated = new Date(Math.min(dataDate.getTime() + Number(BigInt(Bun.hash(rep.body)) % 86_400n) * 1000, started));
      await Promise.all([file, `${file}.br`, `${file}.gz`].map((f) => utimes(f, dated, dated)));
      if (++done % 5000 === 0) onProgress?.(done, paths.length);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const docsSections = paths.filter((p) => /^\/docs\/[a-z0-9-]+$/.test(p) && p !== INTERACTIVE_DOCS).sort();
  // What a person reads at an address with nothing, as the binary's page says it.
  await writeFile(join(dir, "404.html"), errorPage(problem(site.baseUrl, "not-found", STATIC_NOT_FOUND, ""), "not-found", site.facts));
  await utimes(join(dir, "404.html"), dataDate, dataDate);
  // What a person reads after typing into the search box what a static copy cannot look up (a town,
  // an address without its ZIP code last), or at /location: type the ZIP code.
  await writeFile(join(dir, ZIP_ONLY_PAGE), errorPage(problem(site.baseUrl, "not-found", STATIC_ZIP_ONLY, ""), "not-found", site.facts, { zipOnly: true }));
  await utimes(join(dir, ZIP_ONLY_PAGE), dataDate, dataDate);
  await writeFile(join(dir, "_headers"), netlifyHeaders(docsCsp, docsSections));
  await writeFile(join(dir, "nginx.conf"), nginxSnippet(dir, docsCsp, site.baseUrl));
  return paths.length;
}

// The search box's query as nginx reads it (raw, percent-encoded), as the binary reads it: the first
// zip= only; SEARCHED_ZIP (a ZIP, a ZIP+4) and addressZip (near-path.ts: a text ending with its ZIP
// code, maybe a ZIP+4 and the country, not a box or unit number). export.test.ts runs one table of
// queries against both.
// White space as a browser sends it (UTF-8, percent-encoded): every character JavaScript's \s and trim() take,
// as the binary reads the box: space, tab, line ends, no-break and narrow no-break space, the
// Unicode spaces of U+2000-U+200A, ideographic space, and the byte-order mark.
const WHITE = String.raw`%20|\+|(?i:%0[9A-D]|%C2%A0|%E1%9A%80|%E2%80%8[0-9A]|%E2%80%A[89F]|%E2%81%9F|%E3%80%80|%EF%BB%BF)`;
const SPACE = `(?:${WHITE})`;
const FIRST_ZIP_PARAM = String.raw`^(?:(?!zip=)[^&]*&)*zip=`;
/** After a ZIP code: punctuation, and the country ("90210.", "90210, USA"). */
const AFTER_ZIP = String.raw`(?:${WHITE}|%2C|,|%3B|;|\.)*(?:(?i:USA|US|U\.S\.A\.?|U\.S\.?|United${SPACE}States(?:${SPACE}of${SPACE}America)?)(?:${WHITE}|\.)*)?(?:&.*)?$`;
const ADDRESS_END = String.raw`(?:${SPACE}*(?:-|%2D|%E2%80%93|%E2%80%94)${SPACE}*[0-9]{4})?${AFTER_ZIP}`;
/** nginx: the search box's ZIP code or ZIP+4, alone, maybe with punctuation or the country after it (ops audit 37 #8: "90210," was the page saying to type a ZIP code). */
const NGINX_SEARCHED_ZIP = String.raw`${FIRST_ZIP_PARAM}${SPACE}*([0-9]{5})(?:(?:-|${WHITE}|%E2%80%93|%E2%80%94)?[0-9]{4})?${AFTER_ZIP}`;
/** nginx: a text ending with a box or unit number of 5 digits. */
const NGINX_BOXED_NUMBER = String.raw`${FIRST_ZIP_PARAM}(?:[^&]*(?:${WHITE}|%2C|,))?(?:(?i:box|pob|p\.o\.b|apt|apartment|unit|suite|ste|no|number)\.?|%23)${SPACE}*[0-9]{5}${ADDRESS_END}`;
/** nginx: a text with a letter, ending with its ZIP code. */
const NGINX_ADDRESS_ZIP = String.raw`${FIRST_ZIP_PARAM}(?=[^&]*[A-Za-z])[^&]*(?:${WHITE}|%2C|,)([0-9]{5})${ADDRESS_END}`;
/** nginx: a search longer than the box takes (SEARCH_MAX_LENGTH, percent-encoded): not read further. */
const NGINX_LONG_SEARCH = String.raw`${FIRST_ZIP_PARAM}[^&]{1000}`;

/** Internal locations of nginx.conf for a path with an empty segment or an encoded slash (no address of the service's). */
const EMPTY_SEGMENT_API = "/.sd-empty-segment.json";
const EMPTY_SEGMENT_PAGE = "/.sd-empty-segment";

/** The static copy's page for a search it cannot answer (404.html's sibling; nginx serves it with 404). */
const ZIP_ONLY_PAGE = "zip-only.html";
const STATIC_ZIP_ONLY = "This static copy of the service looks up 5-digit ZIP codes only.";

/** The detail of a static copy's 412. */
const STATIC_PRECONDITION =
  "If-Match or If-Unmodified-Since does not hold for this resource: the copy you hold is not the one served now, or its ETag comes from another host (this static copy makes its own: take them from its responses).";

/** The detail of a static copy's 404: it cannot say more about the address than that nothing is there. */
const STATIC_NOT_FOUND = "Nothing at this address in this copy of the service. /index.json lists every ZIP code with a record; see /docs for the paths it answers.";

/**
 * `_headers` for Netlify and Cloudflare Pages (they compress on their own).
 * Each docs page is named: these hosts merge the headers of every rule a path
 * matches, and Redoc's page needs a CSP of its own.
 *
 * @example
 * netlifyHeaders(docsCsp, ["/docs/records"])
 */
function netlifyHeaders(docsCsp: string, docsSections: readonly string[]): string {
  // Cache-Control on /* covers every path, 404s included (decision 15); /healthz adds no-store,
  // and where these hosts join the two values, no-store forbids storing whatever else is there
  // (RFC 9111 §5.2.2.5). No other rule repeats it.
  const page = `  Content-Security-Policy: ${PAGE_CSP}\n  Referrer-Policy: no-referrer\n`;
  return `# Headers of the school districts API, for Netlify and Cloudflare Pages.
/*
  Access-Control-Allow-Origin: *
  Access-Control-Expose-Headers: ETag
  Cache-Control: ${CACHE_CONTROL}
  X-Content-Type-Options: nosniff
/*.json
  Content-Type: application/json; charset=utf-8
/healthz
  Content-Type: application/json; charset=utf-8
  Cache-Control: no-store
/bulk/*
  Link: ${BULK_LINK}
  Access-Control-Expose-Headers: ETag, Content-Disposition, Link
/bulk/all-districts.csv
  Content-Type: text/csv; charset=utf-8
  Content-Disposition: attachment; filename="all-districts.csv"
/bulk/districts.csv
  Content-Type: text/csv; charset=utf-8
  Content-Disposition: attachment; filename="districts.csv"
/bulk/zip-districts.csv
  Content-Type: text/csv; charset=utf-8
  Content-Disposition: attachment; filename="zip-districts.csv"
/bulk/sha256sums.txt
  Content-Type: text/plain; charset=utf-8
/
${page}/zip/*
${page}/district/*
${page}/state/*
${page}/problems/*
${page}/about
${page}/robots.txt
  Content-Type: text/plain; charset=utf-8
/sitemap*
  Content-Type: application/xml; charset=utf-8
/docs
${page}${docsSections.map((path) => `${path}\n${page}`).join("")}${INTERACTIVE_DOCS}
  Content-Security-Policy: ${docsCsp}
  Referrer-Policy: no-referrer
/docs/redoc.js
  Content-Type: text/javascript; charset=utf-8
`;
}

/**
 * An nginx server block serving the export in `dir` (written as an absolute path: nginx reads a
 * relative `root` under its own prefix) with its precompressed files and the binary's headers:
 * `Vary: Accept-Encoding` on every body, CORS preflight (204) and 405 with `Allow` on every path,
 * `Referrer-Policy` on pages; `nginx.conf` and `_headers` themselves are not served.
 *
 * @example
 * nginxSnippet("/srv/school-districts/public", docsCsp) // "# nginx: …server {\n  listen 80;\n  …server_name localhost;\n  root /srv/school-districts/public;…"
 */
export function nginxSnippet(dir: string, docsCsp: string, baseUrl = "http://localhost:8080"): string {
  // The binary's problem of a kind, its instance the path where it is plain characters
  // ($sd_instance: a decoded path could hold a quote).
  const problemBody = (kind: ProblemKind, detail: string) => JSON.stringify(problem(baseUrl, kind, detail, "INSTANCE")).replace("INSTANCE", "$sd_instance");
  // A named location answering a problem (nginx-errors.ts: the same block as nginx's own errors').
  const problemAt = (name: string, status: number, cacheControl: string, body: string, headers: string[] = []) => problemLocation(`@${name}`, status, body, "  ", { cacheControl, headers });
  // A preflight on any path: 204 with the binary's CORS headers. (An `if` in a location may add
  // headers; one at server level may not, and a location's own add_header hides the server's.)
  // The headers asked for are allowed, as the binary allows them ($sd_allow_headers, a map).
  const preflight = `if ($request_method = OPTIONS) {
      add_header Access-Control-Allow-Origin "*";
      add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS";
      add_header Access-Control-Allow-Headers $sd_allow_headers;
      add_header Access-Control-Max-Age 86400;
      add_header Allow "GET, HEAD, OPTIONS";
      add_header Vary "Access-Control-Request-Headers";
      return 204;
    }`;
  // A file's headers: CORS (the headers browsers may read), caching, no sniffing.
  const served = (expose: string) => `${preflight}
    add_header Access-Control-Allow-Origin "*" always;
    add_header Access-Control-Expose-Headers "${expose}" always;
    add_header Cache-Control "${CACHE_CONTROL}" always;
    add_header X-Content-Type-Options "nosniff" always;`;
  const common = served("ETag");
  // A download: its licence and sources travel in Link, which browsers may read with its file name.
  const download = `${served("ETag, Content-Disposition, Link")}
    add_header Link '${BULK_LINK}' always;`;
  const page = (csp: string) => `${common}
    add_header Content-Security-Policy "${csp}" always;
    add_header Referrer-Policy "no-referrer" always;`;
  return `# nginx: serve the static export of the school districts API (include it in the http block).
# The .br files are served with ngx_brotli (Debian: libnginx-mod-http-brotli-static): uncomment
# brotli_static below; without it gzip still works.

# A CORS preflight allows the headers it asks for, and these, as the binary does.
map $http_access_control_request_headers $sd_allow_headers {
  "" "If-None-Match, If-Modified-Since, Accept-Encoding, Content-Type";
  default "$http_access_control_request_headers, If-None-Match, If-Modified-Since, Accept-Encoding, Content-Type";
}
# A problem's instance: the path asked for, where it is plain characters (else "", still JSON).
map $request_uri $sd_instance {
  "~^(?<sd_path>[A-Za-z0-9/._~-]*)(?:\\?.*)?$" $sd_path;
  default "";
}
# A path with an empty segment ("//zip/90210.json", "/zip//90210.json") or an encoded slash ("%2F"),
# as sent: the binary has no such address (404), but nginx merges the slashes and decodes %2F before it
# picks a location, and served the record. An API path (*.json, *.csv) or a page's, as the 404s below.
# (Its location below, unless the request is already at the 404 page it sends a page's to, or at an
# error's problem: nginx runs the server's rewrites again there, with the same $request_uri; volatile,
# as a map's value is kept for the rest of a request.)
map $request_uri $sd_empty_segment {
  "~*^[^?]*(?://|%2F)[^?]*\\.(?:json|csv)(?:\\?.*)?$" ${EMPTY_SEGMENT_API};
  "~*^[^?]*(?://|%2F)" ${EMPTY_SEGMENT_PAGE};
  default "";
}
map "$sd_empty_segment $uri" $sd_empty_segment_location {
  volatile;
  "~^\\S+ /(?:404\\.html|\\.sd-error/)" "";
  "~^(?<sd_location>\\S+) " $sd_location;
  default "";
}

server {
  listen 80;
  # With IPv6 too: listen [::]:80;
  # The host of --base-url. Where nginx has a default site (Debian's sites-enabled/default),
  # a request for another name goes there: remove that site, or add default_server above.
  server_name ${new URL(baseUrl).hostname};
  root "${resolve(dir).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}";
  charset utf-8;
  charset_types application/json text/csv text/plain application/xml text/javascript;
  types { application/json json; text/csv csv; text/html html; text/plain txt; application/xml xml; text/javascript js; }
  default_type application/json;
  gzip_static on;
  # brotli_static on;
  # Vary: Accept-Encoding on every body, compressed or not, as the binary sends: a cache in front
  # must not hand the .gz or .br bytes to a client that did not ask for them.
  gzip_vary on;
  etag on;
  # Range ignored, the whole body sent, as the binary and nginx-proxy.conf do (ops audit 39 #5: a
  # range past the end got a 416 sending every header twice, CORS's "*, *" among them).
  max_ranges 0;
  # Redirects (the search box's 303) keep the path only, as the binary's: behind a CDN or TLS
  # proxy an absolute one would name this server's scheme, host and port.
  absolute_redirect off;
  # A page with nothing at its address: the 404 page a person reads (API paths answer problem+json below).
  error_page 404 /404.html;

  # Any other method: 405 with Allow and CORS, as the binary answers (a problem+json body). No method
  # at all passes: a HEAD whose request line nginx could not read to the end has none when its error
  # page runs these lines again, and got nginx's HTML 405 for a 414, 505 or 400 (review of ops 43 M1).
  if ($request_method !~ ^(?:GET|HEAD|OPTIONS|)$) { return 405; }
  error_page 405 = @method-not-allowed;
  # The errors nginx answers itself (a malformed request line or header, a URI, header or body too
  # large, an unknown Transfer-Encoding or HTTP version): problem+json with CORS, never cached, as the
  # binary's errors, not nginx's HTML page. (A location with an error_page of its own repeats these.)
  ${nginxErrorPages("  ")}
  ${nginxErrorLocations("  ")}
  # A failed If-Match or If-Unmodified-Since: the binary's 412 problem, never cached (nginx's own
  # is an HTML page, with the day-long Cache-Control of the location that refused it).
  error_page 412 = @precondition-failed;
  ${problemAt("precondition-failed", 412, "no-store", problemBody("precondition-failed", STATIC_PRECONDITION))}
  # (The method filled in by nginx: a method is a token, no quote to escape.)
  ${problemAt("method-not-allowed", 405, "no-store", problemBody("method-not-allowed", methodDetail("METHOD")).replace("METHOD", "$request_method"), ['add_header Allow "GET, HEAD, OPTIONS" always;'])}
  # An empty segment or an encoded slash in the path (the map above): 404, as the binary answers, not
  # the file nginx finds once it merged the slashes; a preflight still gets its 204, as from the binary.
  if ($sd_empty_segment_location) { rewrite ^ $sd_empty_segment_location last; }
  location = ${EMPTY_SEGMENT_API} {
    internal;
    ${preflight}
    error_page 404 = @not-found;
    ${nginxErrorPages("    ")}
    return 404;
  }
  location = ${EMPTY_SEGMENT_PAGE} {
    internal;
    ${preflight}
    return 404;
  }

  # Files by their own names only: every page has its location below ("$uri.html" here would serve
  # /404 and /index, names the binary does not answer, as pages without their headers).
  location / {
    ${common}
    try_files $uri =404;
  }
  location = /404.html {
    internal;
    ${page(PAGE_CSP)}
  }
  # The API (*.json, *.csv): a missing file is the binary's 404 problem+json, not an HTML page.
  location ~* \\.(json|csv)$ {
    ${common}
    error_page 404 = @not-found;
    # (A location's error_page hides the server's: the 412 and nginx's own errors again.)
    error_page 412 = @precondition-failed;
    ${nginxErrorPages("    ")}
    try_files $uri =404;
  }
  # The binary's 404 problem for an API path with no file (a page's is 404.html).
  ${problemAt("not-found", 404, CACHE_CONTROL, problemBody("not-found", STATIC_NOT_FOUND))}
  # The export's own files under their names (the precompressed copies, pages by their file): not
  # addresses of the service, as the binary has none of them (gzip_static and try_files still read them).
  location ~* \\.(gz|br|html)$ { return 404; }
  # Never cached, as the binary sends it (a static copy's healthz says only that the host serves files).
  location = /healthz {
    ${preflight}
    add_header Access-Control-Allow-Origin "*" always;
    add_header Access-Control-Expose-Headers "ETag" always;
    add_header Cache-Control "no-store" always;
    add_header X-Content-Type-Options "nosniff" always;
  }
  # The export's own configuration files are not part of the site.
  location = /nginx.conf { return 404; }
  location = /_headers { return 404; }
  location = / {
    ${page(PAGE_CSP)}
    try_files /index.html =404;
  }
  # The search box (GET /zip?zip=90210, a ZIP+4 or a pasted space too): 303 to the ZIP's page, as the binary answers.
  location = /zip {
    ${common}
    # A search longer than the box takes is not read (the patterns below would cost time on it).
    if ($args ~ "${NGINX_LONG_SEARCH}") { return 404; }
    # zip= exactly, its first one (nginx's $arg_zip would take ZIP= too); a ZIP+4 with a dash, space or nothing between.
    if ($args ~ "${NGINX_SEARCHED_ZIP}") { return 303 /zip/$1; }
    # A box or unit number that ends the text is no ZIP code (PO Box 12345), as the binary reads it.
    if ($args ~ "${NGINX_BOXED_NUMBER}") { return 404; }
    # A pasted address that ends with its ZIP code (or ZIP+4, or the country after it), as the binary follows it.
    if ($args ~ "${NGINX_ADDRESS_ZIP}") { return 303 /zip/$1; }
    # Anything else (a town, an address without its ZIP code last): the page that says to type the ZIP code.
    error_page 404 /${ZIP_ONLY_PAGE};
    ${nginxErrorPages("    ")}
    return 404;
  }
  # The location lookup needs the binary: the same page.
  location = /location {
    ${page(PAGE_CSP)}
    error_page 404 /${ZIP_ONLY_PAGE};
    ${nginxErrorPages("    ")}
    return 404;
  }
  location = /${ZIP_ONLY_PAGE} {
    internal;
    ${page(PAGE_CSP)}
  }
  location ~ "^/zip/[0-9]{5}$" {
    ${page(PAGE_CSP)}
    try_files $uri.html =404;
  }
  location ~ "^/(district/[0-9]{7}|state/[A-Z]{2})$" {
    ${page(PAGE_CSP)}
    try_files $uri.html =404;
  }
  location ~ ^/problems/[a-z-]+$ {
    ${page(PAGE_CSP)}
    try_files $uri.html =404;
  }
  location = /about {
    ${page(PAGE_CSP)}
    try_files /about.html =404;
  }
  location = ${INTERACTIVE_DOCS} {
    ${page(docsCsp)}
    try_files ${INTERACTIVE_DOCS}.html =404;
  }
  location ~ ^/docs/[a-z0-9-]+$ {
    ${page(PAGE_CSP)}
    try_files $uri.html =404;
  }
  location = /docs {
    ${page(PAGE_CSP)}
    try_files /docs.html =404;
  }
  location = /bulk/all-districts.json {
    ${download}
  }
  location = /bulk/all-districts.csv {
    ${download}
    add_header Content-Disposition 'attachment; filename="all-districts.csv"' always;
  }
  location = /bulk/districts.csv {
    ${download}
    add_header Content-Disposition 'attachment; filename="districts.csv"' always;
  }
  location = /bulk/zip-districts.csv {
    ${download}
    add_header Content-Disposition 'attachment; filename="zip-districts.csv"' always;
  }
  location = /bulk/sha256sums.txt {
    ${download}
  }
}
`;
}

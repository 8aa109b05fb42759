/**
 * The errors nginx answers itself, before any file or the binary is reached (a malformed request
 * line or header, a URI or header longer than its buffers, a body, a Transfer-Encoding or an HTTP
 * version it does not take): as problem+json with CORS and `no-store`, like the binary's own
 * errors, not nginx's HTML page, which a browser's fetch from another origin cannot read (ops 43 #2).
 * deploy/nginx-proxy.conf has the same blocks written out; tests/server/proxy.test.ts and
 * export.test.ts send each of these requests to nginx.
 */

/** One error nginx answers itself. */
interface NginxError {
  /** The status nginx gives it (494: a header too large, its own code, answered as 431). */
  nginx: number;
  /** The status answered. */
  status: number;
  /** Its internal location: /.sd-error/<name>. */
  name: string;
  /** RFC 9110's reason phrase: the problem's title ("about:blank" problems take it). */
  title: string;
  /** What to do about it (no single quote: the body is written in one). */
  detail: string;
}

/** Every error of nginx's own that an error_page can answer (nginx sends 408 and 444 without a response). */
export const NGINX_ERRORS: readonly NginxError[] = [
  { nginx: 400, status: 400, name: "bad-request", title: "Bad Request", detail: "The request could not be read: its request line, a header or its framing is malformed. Send a plain GET, such as GET /zip/90210.json." },
  { nginx: 494, status: 431, name: "header-too-large", title: "Request Header Fields Too Large", detail: "A request header (a cookie, perhaps) is longer than this server reads. Send the request without it." },
  { nginx: 414, status: 414, name: "uri-too-long", title: "URI Too Long", detail: "The address is longer than this server reads. The paths of this service are short: see /docs." },
  { nginx: 413, status: 413, name: "content-too-large", title: "Content Too Large", detail: "This service is read-only and reads no request body. Send GET or HEAD without one." },
  { nginx: 501, status: 501, name: "not-implemented", title: "Not Implemented", detail: "The request has a Transfer-Encoding this server does not read. Send GET or HEAD without a body." },
  { nginx: 505, status: 505, name: "version-not-supported", title: "HTTP Version Not Supported", detail: "Use HTTP/1.1 (or HTTP/1.0, HTTP/2)." },
];

/** The folder of the internal locations answering them (no file or path of the service starts so). */
export const NGINX_ERROR_FOLDER = "/.sd-error/";

/**
 * The `error_page` lines sending nginx's own errors to their problems: at the server level, and
 * again in every location with an `error_page` of its own (which hides the server's). To a URI,
 * not a named location: nginx cannot redirect a request whose request line it could not read
 * (no URI) to a named location, and answered those with its HTML 500. `targets` replaces the
 * target of some of nginx's statuses: the proxy sends its 413 to a variable that chooses the
 * problem or the service by method (a POST too large gets the service's 405, as without nginx).
 *
 * @example
 * nginxErrorPages("    ") // "error_page 400 = /.sd-error/bad-request;\n    error_page 494 = /.sd-error/header-too-large;\n    …"
 * nginxErrorPages("  ", { 413: "$sd_body_too_large" }) // "…error_page 413 = $sd_body_too_large;…"
 */
export function nginxErrorPages(indent: string, targets: Readonly<Record<number, string>> = {}): string {
  return NGINX_ERRORS.map((e) => `error_page ${e.nginx} = ${targets[e.nginx] ?? NGINX_ERROR_FOLDER + e.name};`).join(`\n${indent}`);
}

/**
 * An nginx location answering a problem: problem+json whatever the path's extension (`types` would
 * type a .csv path's problem text/csv), in UTF-8, with CORS, its Cache-Control and no sniffing.
 * `first` are directives before these (`internal;`), `headers` more headers (Allow). The body is
 * written in single quotes, so it may hold none (nginx would end the string there).
 *
 * @example
 * problemLocation("@not-found", 404, '{"status":404}', "  ", { cacheControl: "no-store" })
 * // "location @not-found {\n    types { }\n    default_type application/problem+json;\n    …\n    return 404 '{\"status\":404}';\n  }"
 */
export function problemLocation(selector: string, status: number, body: string, indent: string, options: { cacheControl?: string; first?: readonly string[]; headers?: readonly string[] } = {}): string {
  if (body.includes("'")) throw new Error(`a problem body for nginx holds a single quote: ${body}`);
  const lines = [
    ...(options.first ?? []),
    "types { }",
    "default_type application/problem+json;",
    "charset utf-8;",
    "charset_types application/problem+json;",
    ...(options.headers ?? []),
    'add_header Access-Control-Allow-Origin "*" always;',
    `add_header Cache-Control "${options.cacheControl ?? "no-store"}" always;`,
    'add_header X-Content-Type-Options "nosniff" always;',
    `return ${status} '${body}';`,
  ];
  return `location ${selector} {\n${lines.map((line) => `${indent}  ${line}`).join("\n")}\n${indent}}`;
}

/**
 * The internal locations answering nginx's own errors: problem+json ("about:blank": the status
 * says it), CORS, `no-store`, its instance `$sd_instance` (the path where it is plain characters).
 * `fromOutside`, a directive in each, decides what a client asking for one of these paths gets
 * (nginx's 404, as they are internal): the proxy sends it to the service, as before they existed.
 * `client_max_body_size 0` in each: a request sent here with a body still unread (a GET of 2 MB over
 * HTTP/2; `Content-Length` of 2 MB with `Transfer-Encoding: chunked`) had its size checked again in
 * the location, and got nginx's HTML 413, not the problem (review of ops 44 L1). The body is never
 * read here: these locations return at once.
 *
 * @example
 * nginxErrorLocations("  ") // "location = /.sd-error/bad-request {\n    internal;\n    client_max_body_size 0;\n    types { }\n    default_type application/problem+json;…"
 * nginxErrorLocations("  ", "error_page 404 = @service;") // "…internal;\n    client_max_body_size 0;\n    error_page 404 = @service;\n    types { }…"
 */
export function nginxErrorLocations(indent: string, fromOutside = ""): string {
  return NGINX_ERRORS.map((e) => {
    const body = JSON.stringify({ type: "about:blank", title: e.title, status: e.status, detail: e.detail, instance: "INSTANCE" }).replace("INSTANCE", "$sd_instance");
    return problemLocation(`= ${NGINX_ERROR_FOLDER}${e.name}`, e.status, body, indent, { first: ["internal;", "client_max_body_size 0;", ...(fromOutside ? [fromOutside] : [])] });
  }).join(`\n${indent}`);
}

/**
 * Writing responses: a prepared representation (negotiated coding, 304, HEAD)
 * or a problem. Every response carries `Access-Control-Allow-Origin: *`.
 */
import type { Problem } from "@school-districts/core";
import { codingFor, noneMatchHits, notModifiedSince, prefersHtml } from "./negotiate.ts";
import { PAGE_HEADERS } from "./layout.ts";
import { problem, type ProblemKind } from "./problems.ts";
import type { Representation } from "./representation.ts";
import { CACHE_CONTROL, notModifiedHeaders } from "./representation.ts";
import { TYPES } from "./site.ts";

/** The methods every path accepts. */
export const ALLOW = "GET, HEAD, OPTIONS";

/**
 * The answer to an error nothing else handled: a 500 problem+json that is never cached, with
 * CORS and `Allow` like every answer of the app. One builder for the app's `onError` and
 * `Bun.serve`'s `error`, so that a throw outside Hono (the prepared-path shortcut, a HEAD's Date,
 * a large body still being compressed) gets the same answer, not Bun's plain-text 500.
 *
 * @example
 * const res = internalError();
 * res.status                       // 500
 * res.headers.get("content-type")  // "application/problem+json"
 */
export function internalError(): Response {
  // The fields decisions.md 14 asks of every problem (no instance: Bun's error option is given no request),
  // and a Content-Length, which the access log reads its bytes from (review 38 #1, #10).
  const body = JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500, detail: "The server failed to answer this request and wrote why to its error log. Try again; if it keeps failing, tell the site's operator." });
  return new Response(body, {
    status: 500,
    headers: { "Content-Type": "application/problem+json", "Content-Length": String(Buffer.byteLength(body)), "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", Allow: ALLOW },
  });
}

/**
 * Answers with a prepared representation: picks br/gzip/identity from
 * Accept-Encoding (an identityOnly body is always identity), gives 304 when
 * If-None-Match (or, without it, If-Modified-Since) says the client's copy is
 * current, no body for HEAD. A large body still being compressed after
 * start-up is waited for.
 *
 * @example
 * sendRepresentation(request, site.paths.get("/index.json")!)
 */
export function sendRepresentation(req: Request, rep: Representation): Response | Promise<Response> {
  if (rep.pending) return rep.pending.then(() => sendRepresentation(req, rep));
  const v = rep.variant(rep.identityOnly ? "identity" : codingFor(req.headers.get("accept-encoding")));
  const inm = req.headers.get("if-none-match");
  const ims = inm === null ? req.headers.get("if-modified-since") : null;
  if (inm !== null ? noneMatchHits(inm, v.etag) : ims !== null && notModifiedSince(ims, Date.parse(rep.lastModified))) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(v.etag, rep.lastModified, rep.cacheControl, rep.exposeHeaders, rep.vary) });
  }
  return new Response(req.method === "HEAD" ? null : v.payload, { headers: v.headers });
}

/** How an error may be answered with an HTML page instead of problem+json. */
interface ProblemPage {
  /** A page route (HTML unless JSON is ranked higher) or another non-API path (JSON unless HTML is ranked higher). */
  onPage: boolean;
  /** Renders the page for the problem. */
  render: (p: Problem) => string;
  /** A 404's Cache-Control where not CACHE_CONTROL (a device's position: DEVICE_CACHE_CONTROL). */
  cacheControl?: string;
}

/**
 * Answers with an RFC 9457 problem: 404s are cacheable like successes, 400 and
 * 405 are `no-store`; 405 carries `Allow`. With `page` the answer is
 * negotiated on Accept (`Vary: Accept`): a browser gets an HTML page with the
 * same status and Cache-Control; API routes pass no `page` and always get
 * problem+json.
 *
 * @example
 * sendProblem(request, "http://localhost:8080", "zip-not-found", "ZIP code 00000 is not in the dataset.")
 */
export function sendProblem(req: Request, baseUrl: string, kind: ProblemKind, detail: string, page?: ProblemPage): Response {
  const instance = pathOf(req.url);
  const body = problem(baseUrl, kind, detail, instance);
  const html = page !== undefined && prefersHtml(req.headers.get("accept"), page.onPage);
  const headers: [string, string][] = [
    ["Content-Type", html ? TYPES.html : TYPES.problem],
    ["Cache-Control", body.status === 404 ? (page?.cacheControl ?? CACHE_CONTROL) : "no-store"],
    ["Access-Control-Allow-Origin", "*"],
  ];
  if (page) headers.push(["Vary", "Accept"]);
  headers.push(...(html ? PAGE_HEADERS : ([["X-Content-Type-Options", "nosniff"]] as [string, string][])));
  if (body.status === 405) headers.push(["Allow", ALLOW]);
  const bytes = new TextEncoder().encode(html ? page.render(body) : JSON.stringify(body));
  headers.push(["Content-Length", String(bytes.length)]);
  return new Response(req.method === "HEAD" ? null : bytes, { status: body.status, headers });
}

/**
 * What kind of path an error is for: an API route (`*.json`, `*.csv`,
 * `/healthz`: always problem+json), a page route (`/`, `/zip`, `/zip/{zip}`,
 * `/about`, `/location`, `/problems/*`) or any other path.
 *
 * @example
 * pathKind("/zip/9021.json") // "api"
 * pathKind("/zip/9021")      // "page"
 * pathKind("/zip/9021.csv")  // "api" (a format guessed on the ZIP page route: answered as the API is)
 * pathKind("/problems/not-found.json") // "api"
 * pathKind("/nope")          // "other"
 */
export function pathKind(asSent: string): "api" | "page" | "other" {
  // As the router reads it: percent-escapes decoded ("/zip/%33%38%33%37%32%2E%6A%73%6F%6E" is
  // /zip/38372.json, whose 405 is problem+json: review 35); decodeURI keeps an escaped "/" escaped.
  let path = asSent;
  try {
    path = decodeURI(asSent);
  } catch {
    // A malformed escape: the path as sent.
  }
  // Exactly as the routes match: /zip/{x} is the ZIP page unless x ends in ".json" (case-sensitive).
  // /problems/{kind} likewise; a .json or .csv there is a program's guess at a format too (ops audit 34 #3).
  // /district/{x} and /state/{x} likewise (their .json twins are API routes).
  // A .csv or .JSON there is a program's guess at a format (/state/RI.csv): answered as the API is.
  if (/^\/(zip|district|state)\/[^/]+$/.test(path) && !/\.(json|csv)$/i.test(path)) return "page";
  if (/^\/problems\/[^/]*$/.test(path) && !/\.(json|csv)$/i.test(path)) return "page";
  if (/\.(json|csv)$/i.test(path) || path === "/healthz") return "api";
  if (path === "/" || path === "/zip" || path === "/about" || path === "/location") return "page";
  return "other";
}

/**
 * The path of a request URL (absolute or not), without query or fragment, as sent.
 *
 * @example
 * pathOf("http://localhost:8080/zip/9021.json?x=1") // "/zip/9021.json"
 * pathOf("/zip/9021.json") // "/zip/9021.json"
 */
export function pathOf(url: string): string {
  const scheme = url.indexOf("://");
  const start = scheme < 0 ? url.indexOf("/") : url.indexOf("/", scheme + 3);
  if (start < 0) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}

const DEFAULT_ALLOWED_HEADERS = ["If-None-Match", "If-Modified-Since", "Accept-Encoding", "Content-Type"];

/**
 * Answers a CORS preflight (or any OPTIONS): 204 with the allowed methods, the
 * requested headers (plus the defaults) and a one-day Max-Age.
 *
 * @example
 * preflight(new Request("http://x/zip/90210.json", { method: "OPTIONS", headers: { "Access-Control-Request-Headers": "x-foo" } }))
 */
export function preflight(req: Request): Response {
  const requested = (req.headers.get("access-control-request-headers") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(h));
  const seen = new Set(requested.map((h) => h.toLowerCase()));
  const allowed = [...requested, ...DEFAULT_ALLOWED_HEADERS.filter((h) => !seen.has(h.toLowerCase()))];
  return new Response(null, {
    status: 204,
    headers: [
      ["Access-Control-Allow-Origin", "*"],
      ["Access-Control-Allow-Methods", ALLOW],
      ["Access-Control-Allow-Headers", allowed.join(", ")],
      ["Access-Control-Max-Age", "86400"],
      ["Allow", ALLOW],
      ["Vary", "Access-Control-Request-Headers"],
    ],
  });
}

/**
 * Request header parsing: Accept-Encoding (RFC 9110 §12.5.3) and
 * If-None-Match (§13.1.2, weak comparison).
 */
import type { Coding } from "./compress.ts";

/** The chosen content coding; "identity" means none. */
export type Choice = Coding | "identity";

/**
 * Picks br, gzip or identity from Accept-Encoding: the highest q wins, ties go to
 * br, then gzip; q=0 excludes a coding; `*` covers codings not named. Identity
 * wins only when ranked above both explicitly, and is the fallback when nothing
 * else is acceptable (even `identity;q=0`: an uncoded body beats no body).
 *
 * @example
 * chooseCoding("gzip, deflate, br")    // "br"
 * chooseCoding("br;q=0.5, gzip")       // "gzip"
 * chooseCoding(null)                   // "identity"
 */
export function chooseCoding(header: string | null | undefined): Choice {
  if (!header) return "identity";
  let br: number | undefined;
  let gzip: number | undefined;
  let identity: number | undefined;
  let star: number | undefined;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    if (name === "") continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(p);
      if (m) q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(m[1]!) ? Number(m[1]) : 0; // a malformed q excludes

    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = q;
    else if (name === "identity") identity = q;
    else if (name === "*") star = q;
  }
  const qBr = br ?? star ?? 0;
  const qGzip = gzip ?? star ?? 0;
  // Identity is acceptable unless excluded, but it only beats a coding the
  // client accepts when the client ranks it higher explicitly.
  const qIdentity = identity ?? star ?? 0;
  const best: Coding | undefined = qBr > 0 && qBr >= qGzip ? "br" : qGzip > 0 ? "gzip" : undefined;
  if (best && (best === "br" ? qBr : qGzip) >= qIdentity) return best;
  return "identity";
}

const CODING_MEMO_MAX = 512;
const codingMemo = new Map<string, Choice>();

/**
 * chooseCoding() through a lookup on the whole header value: clients send a
 * handful of distinct Accept-Encoding values, so a request costs one Map
 * lookup, not a parse. The first CODING_MEMO_MAX values are kept; others
 * (a client making up values) are parsed each time.
 *
 * @example
 * codingFor("gzip, deflate, br, zstd") // "br" (parsed once, then looked up)
 */
export function codingFor(header: string | null): Choice {
  if (header === null) return "identity";
  let choice = codingMemo.get(header);
  if (choice === undefined) {
    choice = chooseCoding(header);
    if (codingMemo.size < CODING_MEMO_MAX) codingMemo.set(header, choice);
  }
  return choice;
}

/**
 * True when If-None-Match names this ETag (weak comparison: W/ is ignored) or is `*`.
 *
 * @example
 * noneMatchHits('W/"abc", "def"', '"abc"') // true
 * noneMatchHits('"abc"', '"abd"')          // false
 */
export function noneMatchHits(header: string, etag: string): boolean {
  if (header === etag) return true; // the usual revalidation: the one ETag as sent, no parse
  if (header.trim() === "*") return true;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const m of header.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (m[1] === opaque) return true;
  }
  return false;
}

/**
 * The ETag of a body whatever its content coding: a coded variant's tag is the identity one with
 * "-br4", "-gz9"… added (representation.ts etagFor), so the one body has one tag here.
 *
 * @example
 * bodyTag('"968b1311d8668d71-br4"') // '"968b1311d8668d71"'
 */
function bodyTag(etag: string): string {
  return etag.replace(/-(?:br|gz)[0-9]+"$/, '"');
}

/**
 * True when If-Match names this ETag by strong comparison (a weak tag never matches), or is `*`
 * (the resource has a current representation: every 2xx does), compared by body: an ETag of any
 * coding of the current body holds (consumers audit 30 #6: a tag saved from a gzip download failed
 * a check sent with br, and the 412 said the copy was not current). The precondition guards the
 * data, which is the same.
 *
 * @example
 * matchHits('"abc", "def"', '"abc"') // true
 * matchHits('W/"abc"', '"abc"')      // false
 * matchHits('"abc-gz9"', '"abc-br4"') // true
 */
export function matchHits(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  if (etag.startsWith("W/")) return false;
  const current = bodyTag(etag);
  for (const m of header.matchAll(/(W\/)?("[^"]*")/g)) {
    if (m[1] === undefined && bodyTag(m[2]!) === current) return true;
  }
  return false;
}

/**
 * True when If-Unmodified-Since lets the request through: not a valid HTTP-date (ignored, RFC
 * 9110 §13.1.4), or at or after `lastModifiedMs`.
 *
 * @example
 * unmodifiedSince("Sat, 21 Nov 2026 00:00:00 GMT", Date.UTC(2026, 10, 22)) // false: changed since
 * unmodifiedSince("soon", Date.UTC(2026, 10, 22)) // true: ignored
 */
export function unmodifiedSince(header: string, lastModifiedMs: number): boolean {
  const value = header.trim();
  if (!HTTP_DATE.some((form) => form.test(value))) return true;
  return notModifiedSince(value, lastModifiedMs);
}

/** The three HTTP-date forms of RFC 9110 §5.6.7: IMF-fixdate, obsolete RFC 850 and asctime. */
const HTTP_DATE = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [0-9]{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} [0-9]{4}$/,
];

/**
 * True when If-Modified-Since is a valid HTTP-date at or after `lastModifiedMs`
 * (used only when the request has no If-None-Match). Anything else ("2027",
 * "2026-11-23") is ignored, as RFC 9110 §13.1.3 requires.
 *
 * @example
 * notModifiedSince("Sun, 22 Nov 2026 00:00:00 GMT", Date.UTC(2026, 10, 22)) // true
 * notModifiedSince("2027", Date.UTC(2026, 10, 22)) // false
 */
export function notModifiedSince(header: string, lastModifiedMs: number): boolean {
  const value = header.trim();
  if (!HTTP_DATE.some((form) => form.test(value))) return false;
  // Date.parse reads all three forms; asctime has no zone, and is GMT (not the machine's local time).
  const since = Date.parse(HTTP_DATE[2]!.test(value) ? `${value} GMT` : value);
  return !Number.isNaN(since) && lastModifiedMs <= since;
}

/**
 * The q-value an Accept header gives a media type: the most specific matching
 * range wins (`type/subtype`, then `type/*`, then `*\/*`); no header accepts
 * everything at q=1 (RFC 9110 §12.5.1).
 *
 * @example
 * acceptQ("text/html,application/xml;q=0.9,*\/*;q=0.8", "application/json") // 0.8
 */
export function acceptQ(header: string | null | undefined, type: string): number {
  if (!header || header.trim() === "") return 1;
  const [major] = type.split("/");
  let best = -1;
  let q = 0;
  for (const part of header.split(",")) {
    const [rawRange, ...params] = part.split(";");
    const range = rawRange!.trim().toLowerCase();
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity < best || specificity < 0) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(p);
      if (m) value = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(m[1]!) ? Number(m[1]) : 0;
    }
    if (specificity > best) {
      best = specificity;
      q = value;
    } else q = Math.max(q, value);
  }
  return q;
}

/**
 * Whether an error should be an HTML page rather than problem+json. On a page
 * route (`onPage`) HTML wins unless JSON is ranked strictly higher; elsewhere
 * JSON wins unless `text/html` is ranked strictly higher, so browsers (which
 * list text/html first) get pages and scripts (`*\/*`, no Accept) keep JSON.
 *
 * @example
 * prefersHtml("text/html,*\/*;q=0.8", false) // true
 * prefersHtml("*\/*", false)                 // false
 * prefersHtml("*\/*", true)                  // true
 * prefersHtml("application/json", true)      // false
 */
export function prefersHtml(header: string | null | undefined, onPage: boolean): boolean {
  const html = acceptQ(header, "text/html");
  const json = Math.max(acceptQ(header, "application/json"), acceptQ(header, "application/problem+json"));
  return onPage ? html > 0 && html >= json : html > json;
}

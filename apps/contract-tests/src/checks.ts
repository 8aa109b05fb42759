// The checks run on every response, and on pairs of responses (HEAD vs GET, 304 vs 200).
import { createHash } from "node:crypto";
import { decodeBody, header, type RawRequest, type RawResponse } from "./http.ts";
import type { SchemaValidator } from "./schema.ts";
import { parseMediaType, type Operation, type ResponseSpec, type Spec } from "./spec.ts";

export const CHECKS = [
  "transport", // the server answered with a parseable HTTP/1.1 response
  "http-framing", // Content-Length / chunked framing matches the bytes sent
  "no-5xx",
  "status-documented", // the status is documented for the operation
  "status-expected", // the status is the one the rules give for this request (400/404/405/304...)
  "content-type", // the documented media type for that status
  "headers", // documented headers present and valid against their schema
  "schema", // the body validates against the documented schema
  "problem-details", // problem+json `status` equals the HTTP status; lowercase-state hint
  "cors", // Access-Control-Allow-Origin: * on every response
  "content-encoding", // coding acceptable per Accept-Encoding, decodable, Vary, br preferred
  "etag", // strong, stable per representation, distinct per coding
  "head-matches-get", // HEAD: same status and headers as GET, no body
  "not-modified", // 304: no body, the same ETag and caching headers
  "method-not-allowed", // 405 with Allow: GET, HEAD, OPTIONS
  "preflight", // OPTIONS: 204 CORS preflight
  "spec-examples", // the examples in openapi.json validate against their own schemas
  "semantics", // what the descriptions promise beyond the schema: sort order, counts, CSV framing
  "spec-served", // GET /openapi.json serves openapi/openapi.json (servers aside)
  "spec-methods", // every GET operation's path documents HEAD (the GET's statuses) and OPTIONS (204)
  "spec-nullable", // every `nullable: true` lets null through under OpenAPI 3.0.3 (a `type` beside it, no allOf/anyOf/oneOf)
] as const;
export type CheckName = (typeof CHECKS)[number];

export interface Exchange {
  req: RawRequest;
  res?: RawResponse;
  error?: string;
  /** The operation the path belongs to; undefined for unknown paths. */
  op?: Operation;
  opKey: string;
  /** Body decoded per Content-Encoding (GET only). */
  decoded?: Buffer;
  /** Parsed JSON body, when the media type is JSON and it parsed. */
  json?: unknown;
  coding: string;
}

export interface CheckResult {
  check: CheckName;
  ok: boolean;
  reason?: string;
  ex?: Exchange;
}

export interface CheckContext {
  spec: Spec;
  validator: SchemaValidator;
  /** ETag per representation: path -> coding -> { etag, bodyHash } */
  etags: Map<string, Map<string, { etag: string; bodyHash?: string }>>;
  /** Codings the server has been seen to use per path. */
  codingsSeen: Map<string, Set<string>>;
  /** Memo of parsing and validating identical bodies: `${pointer}\n${hash}` -> result. */
  validated: Map<string, Parsed>;
}

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const ALLOW = ["GET", "HEAD", "OPTIONS"];
/** Decision 12: what a preflight must allow at least. */
export const PREFLIGHT_MIN_HEADERS = ["if-none-match", "if-modified-since", "accept-encoding", "content-type"];

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const sameSet = (a: string[], b: string[]) => {
  const x = new Set(a.map((s) => s.toUpperCase()));
  const y = new Set(b.map((s) => s.toUpperCase()));
  return x.size === y.size && [...x].every((s) => y.has(s));
};
/** A fast content hash (bodies reach tens of MB; this is for memos, not security). */
const sha = (b: Uint8Array) =>
  typeof Bun !== "undefined" ? `${b.length}:${Bun.hash(b).toString(16)}` : createHash("sha256").update(b).digest("hex");

/** The q-value a request's Accept-Encoding gives a coding (RFC 9110 §12.5.3). */
function qOf(coding: string, acceptEncoding: string | undefined): number {
  if (acceptEncoding === undefined) return 1;
  const entries = list(acceptEncoding).map((e) => {
    const [name = "", ...params] = e.split(";").map((s) => s.trim());
    const q = params.find((p) => /^q=/i.test(p));
    return { name: name.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
  });
  const exact = entries.find((e) => e.name === coding);
  if (exact) return Number.isFinite(exact.q) ? exact.q : 0;
  const star = entries.find((e) => e.name === "*");
  if (star) return star.q;
  return coding === "identity" ? 1 : 0;
}

function requestHeader(req: RawRequest, name: string): string | undefined {
  const h = req.headers.find(([k]) => k.toLowerCase() === name.toLowerCase());
  return h?.[1];
}

/** The documented response for a status, or why it is undocumented. */
function documentedResponse(
  spec: Spec,
  op: Operation | undefined,
  method: string,
  status: number,
): { documented: boolean; response?: ResponseSpec; why: string } {
  if (method === "OPTIONS" && !op?.options) {
    // An unknown path (or one whose OPTIONS is not documented); decision 12: a 204 preflight on every path.
    return { documented: status === 204, why: "OPTIONS answers CORS preflight with 204 (decision 12)" };
  }
  // HEAD and OPTIONS are documented as operations of their own on each path.
  if (method === "OPTIONS" && op?.options) op = op.options;
  else if (method === "HEAD" && op?.head) op = op.head;
  if (!op) {
    const name = status === 404 ? "NotFound" : status === 405 && !SAFE_METHODS.has(method) ? "MethodNotAllowed" : undefined;
    const response = name ? spec.components.responses.get(name) : undefined;
    return { documented: !!response, response, why: "unknown paths get 404 (components/responses/NotFound)" };
  }
  const response =
    op.responses.get(String(status)) ?? op.responses.get(`${Math.floor(status / 100)}XX`) ?? op.responses.get("default");
  return {
    documented: !!response,
    response,
    why: `${op.operationId} documents ${[...op.responses.keys()].join(", ")}`,
  };
}

/** Checks that apply to one response on its own. */
export function checkResponse(ctx: CheckContext, ex: Exchange, expected: number[]): CheckResult[] {
  const out: CheckResult[] = [];
  const r = (check: CheckName, ok: boolean, reason?: string) => out.push({ check, ok, reason: ok ? undefined : reason, ex });
  const { req, res } = ex;
  if (!res) {
    r("transport", false, ex.error ?? "no response");
    return out;
  }
  r("transport", true);
  r("http-framing", !res.framingError, res.framingError);
  r("no-5xx", res.status < 500, `server error ${res.status} ${res.reason}`);
  const { documented, response, why } = documentedResponse(ctx.spec, ex.op, req.method, res.status);
  r("status-documented", documented, `status ${res.status} is not documented: ${why}`);
  r("status-expected", expected.includes(res.status), `expected ${expected.join(" or ")}, got ${res.status}`);
  const acao = header(res, "access-control-allow-origin");
  r("cors", acao === "*", `Access-Control-Allow-Origin is ${acao === undefined ? "missing" : JSON.stringify(acao)}, expected "*"`);

  const bodyless = req.method === "HEAD" || res.status === 304 || res.status === 204;

  // Content coding.
  const ce = header(res, "content-encoding")?.toLowerCase();
  const coding = ce && ce !== "identity" ? ce : "identity";
  ex.coding = coding;
  const ae = requestHeader(req, "accept-encoding");
  if (res.status !== 204) {
    const q = qOf(coding, ae);
    r("content-encoding", q > 0, `Content-Encoding ${coding} but Accept-Encoding ${JSON.stringify(ae ?? null)} gives it q=${q}`);
    if (coding !== "identity") {
      const vary = list(header(res, "vary")).map((s) => s.toLowerCase());
      r("content-encoding", vary.includes("accept-encoding") || vary.includes("*"), `Content-Encoding ${coding} without Vary: Accept-Encoding`);
    }
    const path = req.path;
    if (res.status === 200 && ae !== undefined) {
      const seen = ctx.codingsSeen.get(path) ?? new Set<string>();
      seen.add(coding);
      ctx.codingsSeen.set(path, seen);
      const rank = (c: string) => ({ br: 3, gzip: 2, identity: 1 })[c] ?? 0;
      // identity has no q-value of its own unless the header names it (or `*`): RFC 9110 only
      // says it stays acceptable, so a coding with any q > 0 may be preferred to it.
      const named = (c: string) => c !== "identity" || /(^|,)\s*(identity|\*)\s*(;|,|$)/i.test(ae);
      const better = [...seen].find((c) => {
        if (!named(c)) return false;
        const qc = qOf(c, ae);
        const qm = qOf(coding, ae);
        return qc > 0 && (qc > qm || (qc === qm && rank(c) > rank(coding)));
      });
      r(
        "content-encoding",
        better === undefined,
        `sent ${coding} though the server has ${better} for this path and Accept-Encoding ${JSON.stringify(ae)} prefers it (br, then gzip)`,
      );
    }
  }
  if (!bodyless) {
    try {
      ex.decoded = decodeBody(res.body, coding === "identity" ? undefined : coding);
      r("content-encoding", true);
    } catch (e) {
      r("content-encoding", false, `body does not decode as ${coding}: ${(e as Error).message}`);
    }
  }

  // Bodies that must be empty.
  if (req.method === "HEAD") r("head-matches-get", res.wire.length === 0, `HEAD response has a ${res.wire.length}-byte body`);
  else if (res.status === 304) r("not-modified", res.wire.length === 0, `304 response has a ${res.wire.length}-byte body`);
  else if (res.status === 204) r("preflight", res.wire.length === 0, `204 response has a ${res.wire.length}-byte body`);

  // ETags.
  const etag = header(res, "etag");
  if ((req.method === "GET" || req.method === "HEAD") && (res.status === 200 || res.status === 304) && etag !== undefined) {
    r("etag", !etag.startsWith("W/"), `ETag ${etag} is weak; strong ETags required (decision 15)`);
  }
  if ((req.method === "GET" || req.method === "HEAD") && res.status === 200 && etag !== undefined) {
    // A 304 carries no Content-Encoding, so only 200s say which representation an ETag names.
    const byCoding = ctx.etags.get(req.path) ?? new Map<string, { etag: string; bodyHash?: string }>();
    ctx.etags.set(req.path, byCoding);
    const prev = byCoding.get(coding);
    if (prev) r("etag", prev.etag === etag, `ETag of ${req.path} (${coding}) changed between requests: ${prev.etag} then ${etag}`);
    else byCoding.set(coding, { etag });
    for (const [c, v] of byCoding) {
      if (c !== coding && v.etag === etag)
        r("etag", false, `the ${c} and ${coding} representations of ${req.path} share the ETag ${etag}; each coding needs its own`);
    }
    if (res.status === 200 && req.method === "GET" && ex.decoded) {
      const entry = byCoding.get(coding)!;
      const h = sha(res.body);
      if (entry.etag === etag) {
        if (entry.bodyHash && entry.bodyHash !== h) r("etag", false, `ETag ${etag} of ${req.path} (${coding}) was sent with two different bodies`);
        entry.bodyHash ??= h;
      }
    }
  }

  // 405 and preflight.
  if (!SAFE_METHODS.has(req.method) && res.status === 405) {
    const allow = header(res, "allow");
    r("method-not-allowed", sameSet(list(allow), ALLOW), `405 with Allow ${JSON.stringify(allow ?? null)}, expected "GET, HEAD, OPTIONS"`);
  }
  if (req.method === "OPTIONS") checkPreflight(req, res, r);

  if (!response) return out;

  // Documented headers.
  for (const h of response.headers) {
    const v = header(res, h.name);
    if (v === undefined) {
      if (h.required) r("headers", false, `documented header ${h.name} missing from the ${res.status} response`);
      continue;
    }
    const err = ctx.validator.validate(h.schemaPointer, v);
    r("headers", !err, `header ${h.name}: ${JSON.stringify(v)} does not match its schema (${err})`);
  }

  // Content type and body.
  if (response.content.length === 0) {
    if (!bodyless) r("schema", res.body.length === 0, `${res.status} documents no content but has a ${res.body.length}-byte body`);
    return out;
  }
  const ctRaw = header(res, "content-type");
  const documentedTypes = response.content.map((m) => m.key).join(" or ");
  if (ctRaw === undefined) {
    r("content-type", false, `no Content-Type; documented: ${documentedTypes}`);
    return out;
  }
  const ct = parseMediaType(ctRaw);
  const media = response.content.find(
    (m) => m.type === ct.type && Object.entries(m.params).every(([k, v]) => (ct.params[k] ?? "").toLowerCase() === v.toLowerCase()),
  );
  const charsetOk = !ct.params.charset || ct.params.charset.toLowerCase() === "utf-8";
  r("content-type", !!media && charsetOk, `Content-Type ${JSON.stringify(ctRaw)} for ${res.status}; documented: ${documentedTypes}`);
  if (!media || bodyless || !ex.decoded) return out;

  const isJson = media.type === "application/json" || media.type.endsWith("+json");
  // Identical large bodies (the bulk files, fetched again and again) are decoded, parsed and
  // validated once.
  const big = ex.decoded.length > 65536;
  const memoKey = `${media.schemaPointer ?? media.key}\n${sha(ex.decoded)}`;
  let memo = big ? ctx.validated.get(memoKey) : undefined;
  if (!memo) {
    memo = parseAndValidate(ctx, ex.decoded, isJson, media.schemaPointer);
    if (big) ctx.validated.set(memoKey, memo);
  }
  for (const e of memo.errors) r("schema", false, e);
  if (memo.errors.length === 0) r("schema", true);
  if (memo.value === undefined) return out;
  const value = memo.value;
  if (isJson) ex.json = value;
  if (media.type === "application/problem+json" && value && typeof value === "object") {
    const p = value as Record<string, unknown>;
    r("problem-details", p.status === res.status, `problem status ${JSON.stringify(p.status)} differs from the HTTP status ${res.status}`);
  }
  return out;
}

export interface Parsed {
  /** The parsed JSON or the text; undefined when it could not be read. */
  value?: unknown;
  errors: string[];
}

function parseAndValidate(ctx: CheckContext, decoded: Buffer, isJson: boolean, schemaPointer: string | undefined): Parsed {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(decoded);
  } catch {
    return { errors: ["body is not valid UTF-8"] };
  }
  const errors: string[] = [];
  if (text.charCodeAt(0) === 0xfeff) errors.push("body starts with a byte order mark");
  let value: unknown = text;
  if (isJson) {
    try {
      value = JSON.parse(text);
    } catch (e) {
      return { errors: [...errors, `body is not JSON: ${(e as Error).message}; starts ${JSON.stringify(text.slice(0, 80))}`] };
    }
  }
  if (schemaPointer) {
    const err = ctx.validator.validate(schemaPointer, value);
    if (err) errors.push(`body does not match ${schemaPointer}: ${err}`);
  }
  return { value, errors };
}

function checkPreflight(req: RawRequest, res: RawResponse, r: (c: CheckName, ok: boolean, reason?: string) => void) {
  r("preflight", res.status === 204, `OPTIONS got ${res.status}, expected 204`);
  if (res.status !== 204) return;
  const methods = header(res, "access-control-allow-methods");
  r("preflight", sameSet(list(methods), ALLOW), `Access-Control-Allow-Methods ${JSON.stringify(methods ?? null)}, expected "GET, HEAD, OPTIONS"`);
  const maxAge = header(res, "access-control-max-age");
  r("preflight", maxAge === "86400", `Access-Control-Max-Age ${JSON.stringify(maxAge ?? null)}, expected "86400"`);
  const allowed = list(header(res, "access-control-allow-headers")).map((s) => s.toLowerCase());
  const asked = list(requestHeader(req, "access-control-request-headers")).map((s) => s.toLowerCase());
  const missing = [...new Set([...PREFLIGHT_MIN_HEADERS, ...asked])].filter((h) => !allowed.includes(h) && !allowed.includes("*"));
  r("preflight", missing.length === 0, `Access-Control-Allow-Headers ${JSON.stringify(allowed.join(", "))} lacks ${missing.join(", ")}`);
}

const COMPARED = [
  "content-type",
  "etag",
  "cache-control",
  "last-modified",
  "content-encoding",
  "vary",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "allow",
  "content-disposition",
  "content-language",
];

/** HEAD must answer like GET, without the body. */
export function checkHeadVsGet(head: Exchange, get: Exchange): CheckResult[] {
  const out: CheckResult[] = [];
  const r = (ok: boolean, reason?: string) => out.push({ check: "head-matches-get", ok, reason: ok ? undefined : reason, ex: head });
  if (!head.res || !get.res) return out;
  r(head.res.status === get.res.status, `HEAD got ${head.res.status}, GET got ${get.res.status}`);
  for (const h of COMPARED) {
    const a = header(head.res, h);
    const b = header(get.res, h);
    r(a === b, `${h}: HEAD ${JSON.stringify(a ?? null)} vs GET ${JSON.stringify(b ?? null)}`);
  }
  const hl = header(head.res, "content-length");
  if (hl !== undefined && header(get.res, "transfer-encoding") === undefined) {
    r(Number(hl) === get.res.body.length, `HEAD Content-Length ${hl}, GET body ${get.res.body.length} bytes`);
  }
  return out;
}

/** A 304 must carry the ETag and caching headers of the 200 it stands for, and no body. */
export function checkNotModified(notModified: Exchange, ok200: Exchange | undefined, etag: string): CheckResult[] {
  const out: CheckResult[] = [];
  const r = (ok: boolean, reason?: string) => out.push({ check: "not-modified", ok, reason: ok ? undefined : reason, ex: notModified });
  const res = notModified.res;
  if (!res || res.status !== 304) return out;
  r(header(res, "etag") === etag, `304 ETag ${JSON.stringify(header(res, "etag") ?? null)}, the 200 had ${etag}`);
  if (ok200?.res) {
    for (const h of ["cache-control", "last-modified", "vary", "access-control-expose-headers"]) {
      const a = header(res, h);
      const b = header(ok200.res, h);
      r(a === b, `${h}: 304 ${JSON.stringify(a ?? null)} vs 200 ${JSON.stringify(b ?? null)}`);
    }
  }
  return out;
}

/** RFC 9110 §13.1.2: If-None-Match uses weak comparison; `*` matches any current representation. */
export function ifNoneMatchMatches(inm: string, etag: string): boolean {
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return list(inm).some((t) => t === "*" || strip(t) === strip(etag));
}

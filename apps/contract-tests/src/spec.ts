// Loads openapi/openapi.json from the repository root (never a copy) and exposes its
// operations, responses and headers with every `$ref` resolved.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** Walks up from this file to the monorepo root (the folder holding openapi/openapi.json). */
export function findRepoRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, "openapi", "openapi.json")) && existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`openapi/openapi.json not found above ${start}`);
    dir = up;
  }
}

export function specPath(root = findRepoRoot()): string {
  return join(root, "openapi", "openapi.json");
}

export function loadSpec(path = specPath()): JsonObject {
  return JSON.parse(readFileSync(path, "utf8")) as JsonObject;
}

/** JSON Pointer (RFC 6901) fragment encoding of one segment. */
const ptr = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

function resolvePointer(doc: Json, ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
  let node: Json = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`unresolvable $ref ${ref}`);
    node = (node as JsonObject)[key] as Json;
  }
  return node;
}

/** Follows `$ref` chains at the top of a node (parameters, responses, headers). */
function deref(doc: JsonObject, node: Json): { node: JsonObject; pointer?: string } {
  let pointer: string | undefined;
  let cur = node as JsonObject;
  for (let i = 0; i < 32 && cur && typeof cur === "object" && typeof cur.$ref === "string"; i++) {
    pointer = cur.$ref;
    cur = resolvePointer(doc, cur.$ref) as JsonObject;
  }
  return { node: cur, pointer };
}

export interface ParamSpec {
  name: string;
  in: "path" | "header" | "query" | "cookie";
  required: boolean;
  schema: JsonObject;
  example?: Json;
  /**
   * `x-status-when-read`: the statuses a value outside the pattern may get instead of 400 when
   * the server reads it anyway (the /location page's 303 for "45.7833° N"; the search form's
   * 303 for an address ending with a ZIP code, 200 for a town's name). A number or a list.
   */
  statusWhenRead?: number[];
}

export interface HeaderSpec {
  name: string;
  /** JSON pointer of the header's schema inside the document, for Ajv. */
  schemaPointer: string;
  schema: JsonObject;
  required: boolean;
}

export interface MediaSpec {
  /** The key as written, e.g. "text/csv; charset=utf-8". */
  key: string;
  type: string;
  params: Record<string, string>;
  /** JSON pointer of the schema, for Ajv, if the media type has one. */
  schemaPointer?: string;
  example?: Json;
}

export interface ResponseSpec {
  status: string;
  pointer: string;
  headers: HeaderSpec[];
  content: MediaSpec[];
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  params: ParamSpec[];
  pathParams: ParamSpec[];
  responses: Map<string, ResponseSpec>;
  /** Matches a raw request path (percent-encoded, no query); captures the raw param segments. */
  regex: RegExp;
  paramNames: string[];
  /** The path's HEAD and OPTIONS operations, when documented (they are fuzzed with the GET, not on their own). */
  head?: Operation;
  options?: Operation;
}

export interface Spec {
  doc: JsonObject;
  file: string;
  /** Every operation but HEAD and OPTIONS, which hang on their path's GET (`head`, `options`). */
  operations: Operation[];
  components: { responses: Map<string, ResponseSpec> };
}

export function parseMediaType(value: string): { type: string; params: Record<string, string> } {
  const [type = "", ...rest] = value.split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const i = p.indexOf("=");
    if (i < 0) continue;
    params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return { type: type.trim().toLowerCase(), params };
}

function responseSpec(doc: JsonObject, status: string, raw: Json, fallbackPointer: string): ResponseSpec {
  const { node, pointer: refPtr } = deref(doc, raw);
  const pointer = refPtr ?? fallbackPointer;
  const headers: HeaderSpec[] = [];
  const hs = (node.headers ?? {}) as JsonObject;
  for (const [name, h] of Object.entries(hs)) {
    const { node: hnode, pointer: hp } = deref(doc, h);
    const base = hp ?? `${pointer}/headers/${ptr(name)}`;
    headers.push({
      name,
      schemaPointer: `${base}/schema`,
      schema: (hnode.schema ?? {}) as JsonObject,
      // OpenAPI 3.0 headers have `required: false` by default; the service's rules (decisions
      // 12-16) make every documented response header mandatory, so the checker requires them all,
      // but one the contract marks `x-sent-only-sometimes` (the sitemaps' Content-Disposition, sent
      // with their precompressed bodies only): checked where sent.
      required: hnode["x-sent-only-sometimes"] !== true,
    });
  }
  const content: MediaSpec[] = [];
  for (const [key, m] of Object.entries((node.content ?? {}) as JsonObject)) {
    const media = m as JsonObject;
    const { type, params } = parseMediaType(key);
    content.push({
      key,
      type,
      params,
      schemaPointer: media.schema ? `${pointer}/content/${ptr(key)}/schema` : undefined,
      example: media.example,
    });
  }
  return { status, pointer, headers, content };
}

/** `/zip/{zip}.json` -> /^\/zip\/([^/]*)\.json$/ over the raw (still percent-encoded) path. */
function templateRegex(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let src = "";
  let last = 0;
  for (const m of path.matchAll(/\{([^}]+)\}/g)) {
    src += escapeRe(path.slice(last, m.index));
    src += "([^/]*)";
    names.push(m[1]!);
    last = m.index! + m[0].length;
  }
  src += escapeRe(path.slice(last));
  return { regex: new RegExp(`^${src}$`), names };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function buildSpec(doc: JsonObject = loadSpec(), file = specPath()): Spec {
  const operations: Operation[] = [];
  const paths = doc.paths as JsonObject;
  for (const [path, itemRaw] of Object.entries(paths)) {
    const item = itemRaw as JsonObject;
    const byMethod = new Map<string, Operation>();
    for (const method of METHODS) {
      const op = item[method] as JsonObject | undefined;
      if (!op) continue;
      const params: ParamSpec[] = [];
      for (const p of [...((item.parameters ?? []) as Json[]), ...((op.parameters ?? []) as Json[])]) {
        const { node } = deref(doc, p);
        params.push({
          name: String(node.name),
          in: node.in as ParamSpec["in"],
          required: node.required === true,
          schema: deref(doc, (node.schema ?? {}) as Json).node,
          example: node.example,
          ...statusesWhenRead(node["x-status-when-read"]),
        });
      }
      const responses = new Map<string, ResponseSpec>();
      for (const [status, r] of Object.entries((op.responses ?? {}) as JsonObject)) {
        responses.set(status, responseSpec(doc, status, r, `#/paths/${ptr(path)}/${method}/responses/${status}`));
      }
      const { regex, names } = templateRegex(path);
      byMethod.set(method, {
        operationId: String(op.operationId ?? `${method} ${path}`),
        method: method.toUpperCase(),
        path,
        params,
        pathParams: params.filter((p) => p.in === "path"),
        responses,
        regex,
        paramNames: names,
      });
    }
    const get = byMethod.get("get");
    for (const [method, op] of byMethod) {
      if (get && method === "head") get.head = op;
      else if (get && method === "options") get.options = op;
      else operations.push(op);
    }
  }
  const compResponses = new Map<string, ResponseSpec>();
  const comps = ((doc.components as JsonObject | undefined)?.responses ?? {}) as JsonObject;
  for (const [name, r] of Object.entries(comps)) {
    compResponses.set(name, responseSpec(doc, name, r, `#/components/responses/${ptr(name)}`));
  }
  return { doc, file, operations, components: { responses: compResponses } };
}

/** The operation whose path template matches a raw request path, with its raw param segments. */
/**
 * RFC 3986 §6.2.2.2: percent-encoded unreserved characters (ALPHA DIGIT - . _ ~) are the same
 * as the characters, so `/zip/%39%30%32%31%30%2E%6A%73%6F%6E` is `/zip/90210.json`.
 * Reserved ones (%2F, %3F...) and everything else stay encoded.
 */
export function normalizePath(rawPath: string): string {
  return rawPath.replace(/%([0-9A-Fa-f]{2})/g, (all, h: string) => {
    const c = String.fromCharCode(parseInt(h, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : all.toUpperCase();
  });
}

export function matchOperation(
  spec: Spec,
  rawPath: string,
  normalize = true,
): { op: Operation; raw: Record<string, string>; query: URLSearchParams; normalized: boolean } | undefined {
  const [rawOnly = "", search = ""] = rawPath.split(/\?(.*)/s);
  const path = normalize ? normalizePath(rawOnly) : rawOnly;
  const normalized = path !== rawOnly;
  const query = new URLSearchParams(search);
  // The most specific template wins: `/zip/90210.json` is getZipRecord, not getZipPage with
  // zip "90210.json" (both templates match it); static paths beat templated ones.
  const literal = (p: string) => p.replace(/\{[^}]+\}/g, "").length;
  const sorted = [...spec.operations].sort(
    (a, b) => a.paramNames.length - b.paramNames.length || literal(b.path) - literal(a.path),
  );
  for (const op of sorted) {
    const m = op.regex.exec(path);
    if (!m) continue;
    const raw: Record<string, string> = {};
    op.paramNames.forEach((n, i) => (raw[n] = m[i + 1]!));
    return { op, raw, query, normalized };
  }
  return undefined;
}

/**
 * A parameter's `x-status-when-read` (a status or a list of them) as a list, or nothing.
 *
 * @example
 * statusesWhenRead([303, 200]) // { statusWhenRead: [303, 200] }
 * statusesWhenRead(undefined)  // {}
 */
function statusesWhenRead(value: Json | undefined): { statusWhenRead?: number[] } {
  if (typeof value === "number") return { statusWhenRead: [value] };
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) return { statusWhenRead: value as number[] };
  return {};
}

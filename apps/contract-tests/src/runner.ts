// Generates requests for every operation of openapi.json, sends them, checks every response,
// and summarises. Each group of cases is a fast-check property, so a failure comes with a
// shrunk counterexample and the seed that replays it.
import fc from "fast-check";
import {
  CHECKS,
  checkHeadVsGet,
  checkNotModified,
  checkResponse,
  ifNoneMatchMatches,
  SAFE_METHODS,
  type CheckContext,
  type CheckName,
  type CheckResult,
  type Exchange,
} from "./checks.ts";
import {
  acceptEncoding,
  buildPath,
  enumOf,
  negativeValue,
  OTHER_METHODS,
  patternOf,
  positiveValue,
  unknownPath,
  unknownValue,
  type Dataset,
  type ParamValue,
} from "./generators.ts";
import { curl, header, parseBase, send, type RawRequest, type Target } from "./http.ts";
import { nullableWithoutEffect, SchemaValidator } from "./schema.ts";
import { checkSemantics } from "./semantics.ts";
import { buildSpec, loadSpec, matchOperation, normalizePath, specPath, type JsonObject, type Operation, type Spec } from "./spec.ts";

export const UNKNOWN_PATHS = "(unknown paths)";
/** Operations whose body is CSV: their semantics are checked on the text. */
const CSV_OPERATIONS = new Set(["getBulkCsv", "getDistrictsCsv", "getZipDistrictsCsv"]);

interface RunOptions {
  baseUrl: string;
  seed?: number;
  /** fast-check runs per property; each operation has 4-7 properties of 1-3 requests each. */
  runs?: number;
  /** Only these operationIds (and/or UNKNOWN_PATHS). */
  only?: string[];
  specFile?: string;
  log?: (line: string) => void;
  /** Parallel properties (each property runs its cases one after another). */
  concurrency?: number;
  timeoutMs?: number;
}

export interface Failure {
  property: string;
  operation: string;
  check: CheckName;
  reason: string;
  curl: string;
  status?: number;
}

export interface PropertyFailure {
  property: string;
  /** fast-check's report: seed, path, shrunk counterexample and the error it raised. */
  message: string;
  checks: CheckName[];
}

export interface Report {
  seed: number;
  runs: number;
  baseUrl: string;
  operations: { operationId: string; method: string; path: string; requests: number }[];
  checks: Record<CheckName, { passed: number; failed: number }>;
  failures: Failure[];
  propertyFailures: PropertyFailure[];
  totalRequests: number;
  ok: boolean;
}

interface Ctx extends CheckContext {
  target: Target;
  data: Dataset;
  requests: Map<string, number>;
  tally: Map<CheckName, { passed: number; failed: number }>;
  failures: Failure[];
  failureKeys: Set<string>;
  semanticsSeen: Set<string>;
  timeoutMs: number;
}

type Outcome = CheckResult[];

function tryDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The operation's documented success statuses (2xx/3xx but 304), e.g. [200] or [303]. */
function successStatuses(op: Operation): number[] {
  const ok = [...op.responses.keys()].map(Number).filter((n) => n >= 200 && n < 400 && n !== 304);
  return ok.length ? ok : [200];
}

/**
 * Statuses the rules allow for a request (decisions 12 and 14). Paths are compared after
 * RFC 3986 normalisation; where that changed the path, what the raw path would get is allowed too.
 */
function expectedStatuses(spec: Spec, data: Dataset, req: RawRequest): number[] {
  const normalized = statusesFor(spec, data, req, true);
  if (normalizePath(req.path.split("?")[0]!) === req.path.split("?")[0]) return normalized;
  return [...new Set([...normalized, ...statusesFor(spec, data, req, false)])];
}

function statusesFor(spec: Spec, data: Dataset, req: RawRequest, normalize: boolean): number[] {
  const m = matchOperation(spec, req.path, normalize);
  if (!m) {
    if (req.method === "OPTIONS") return [204, 404];
    return SAFE_METHODS.has(req.method) ? [404] : [404, 405];
  }
  if (req.method === "OPTIONS") return [204];
  let bad = 0; // 0: fine, 404: unknown value, 400: malformed
  const lenient = new Set<number>();
  // Percent-encoded unreserved characters are equivalent to the characters (RFC 3986 §6.2.2.2),
  // but a server that matches the raw path and answers 400 is not wrong enough to fail.
  if (m.normalized) lenient.add(400);
  for (const p of m.op.pathParams) {
    const raw = m.raw[p.name] ?? "";
    const value = tryDecode(raw);
    const re = patternOf(p);
    let status = 0;
    const values = enumOf(p);
    // On a page route, a value ending in .csv (or .json in other letter case) is a program's guess
    // at a format: 404 naming the JSON twin (the contract's PageNotFound), not a malformed value.
    if (value !== undefined && !m.op.path.endsWith(".json") && /\.(?:csv|json)$/i.test(value)) status = 404;
    else if (value === undefined || (re && !re.test(value))) status = 400;
    else if (values && !values.includes(value)) status = 404; // a name outside a closed set: nothing there
    else if (p.name === "zip" && !data.zipSet.has(value)) status = 404;
    else if (p.name === "state" && !data.stateSet.has(value)) status = 404;
    else if (p.name === "leaid" && !data.leaidSet.has(value)) status = 404;
    // An empty segment, or a decoded "/", may be routed as an unknown path.
    if (raw === "" || value?.includes("/")) lenient.add(404);
    if (value !== undefined && raw.toUpperCase() !== encodeURIComponent(value).toUpperCase()) lenient.add(400);
    if (status === 400 || (status === 404 && bad === 0)) bad = status;
  }
  for (const p of m.op.params.filter((p) => p.in === "query")) {
    const value = m.query.get(p.name);
    const re = patternOf(p);
    if ((value === null && p.required) || (value !== null && re && !re.test(value))) bad = 400;
    if (value !== null && re && !re.test(value) && p.statusWhenRead !== undefined) for (const status of p.statusWhenRead) lenient.add(status);
  }
  const get = bad === 0 ? successStatuses(m.op) : [bad];
  if (SAFE_METHODS.has(req.method)) return [...new Set([...get, ...lenient])];
  // Other methods: 405 (decision 12); a server that validates the path first may answer 400/404.
  return [...new Set([405, ...(bad ? [bad] : []), ...lenient])];
}

async function exchange(ctx: Ctx, req: RawRequest, expected?: number[]): Promise<{ ex: Exchange; results: Outcome }> {
  const m = matchOperation(ctx.spec, req.path);
  const opKey = m ? m.op.operationId : UNKNOWN_PATHS;
  ctx.requests.set(opKey, (ctx.requests.get(opKey) ?? 0) + 1);
  const ex: Exchange = { req, op: m?.op, opKey, coding: "identity" };
  try {
    ex.res = await send(ctx.target, req, ctx.timeoutMs);
  } catch (e) {
    ex.error = (e as Error).message;
  }
  const results = checkResponse(ctx, ex, expected ?? expectedStatuses(ctx.spec, ctx.data, req));
  if (m && ex.res && req.method !== "OPTIONS") results.push(...problemHint(ex, m.raw, ctx.data.stateSet));
  if (m && ex.res?.status === 200 && req.method === "GET" && ex.decoded && (ex.json !== undefined || CSV_OPERATIONS.has(m.op.operationId))) {
    // Identical big bodies are checked once.
    const key = `${m.op.operationId}\n${req.path}\n${ex.res.body.length}\n${header(ex.res, "etag")}`;
    if (!ctx.semanticsSeen.has(key)) {
      const params = Object.fromEntries(Object.entries(m.raw).map(([k, v]) => [k, tryDecode(v)]));
      const sem = checkSemantics(ctx.spec, ctx.data, ex, params, ctx.spec.doc);
      if (sem.every((x) => x.ok)) ctx.semanticsSeen.add(key);
      results.push(...sem);
    }
  }
  return { ex, results };
}

/** Decision 14: a lowercase state gets a `detail` suggesting the uppercase form. */
function problemHint(ex: Exchange, raw: Record<string, string>, states: Set<string>): CheckResult[] {
  const state = raw.state === undefined ? undefined : tryDecode(raw.state);
  // Only where the uppercase form is one of the 56: suggesting "TQ" for "tq" would not help.
  if (!state || !states.has(state.toUpperCase()) || state === state.toUpperCase() || ex.res?.status !== 400 || !ex.json) return [];
  const detail = String((ex.json as Record<string, unknown>).detail ?? "");
  return [
    {
      check: "problem-details",
      ok: detail.includes(state.toUpperCase()),
      reason: `the 400 for state ${JSON.stringify(state)} should suggest ${state.toUpperCase()}; detail: ${JSON.stringify(detail)}`,
      ex,
    },
  ];
}

function headers(h: Record<string, string | undefined>): [string, string][] {
  return Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined);
}

class Property {
  failed = false;
  checks = new Set<CheckName>();
  constructor(
    readonly name: string,
    readonly ctx: Ctx,
  ) {}

  /** Records results; throws (failing the fast-check run) if any check failed. */
  settle(results: Outcome): void {
    const bad = results.filter((r) => !r.ok);
    const counting = !this.failed; // runs after the first failure are fast-check shrinking
    if (counting) {
      for (const r of results) {
        const t = this.ctx.tally.get(r.check)!;
        if (r.ok) t.passed++;
        else t.failed++;
      }
    }
    if (bad.length === 0) return;
    for (const b of bad) this.checks.add(b.check);
    if (counting) {
      for (const b of bad) {
        const key = `${this.name}\n${b.check}\n${b.reason}`;
        if (this.ctx.failureKeys.has(key)) continue;
        this.ctx.failureKeys.add(key);
        this.ctx.failures.push({
          property: this.name,
          operation: b.ex?.opKey ?? "?",
          check: b.check,
          reason: b.reason ?? "",
          curl: b.ex ? curl(this.ctx.target, b.ex.req) : "",
          status: b.ex?.res?.status,
        });
      }
    }
    this.failed = true;
    throw new Error(
      bad
        .map((b) => `[${b.check}] ${b.reason}\n      ${b.ex ? curl(this.ctx.target, b.ex.req) : ""}${b.ex?.res ? ` -> ${b.ex.res.status}` : ""}`)
        .join("\n    "),
    );
  }
}

/** Sends GET and, for HEAD, the GET twin, and compares them. */
async function getOrHead(ctx: Ctx, method: "GET" | "HEAD", req: Omit<RawRequest, "method">, expected?: number[]): Promise<Outcome> {
  const first = await exchange(ctx, { ...req, method }, expected);
  if (method === "GET") return first.results;
  const twin = await exchange(ctx, { ...req, method: "GET" }, expected);
  return [...first.results, ...twin.results, ...checkHeadVsGet(first.ex, twin.ex)];
}

const CONDITIONAL = [
  "same", "wrong", "star", "list", "weak", "other-coding", "garbage",
  "ims-same", "ims-later", "ims-earlier", "ims-garbage", "ims-with-wrong-inm",
  "im-same", "im-wrong", "im-weak", "im-wrong-with-inm", "ius-same", "ius-earlier", "ius-garbage",
] as const;

/** An HTTP date `days` days from the given one. */
const shiftDate = (httpDate: string, days: number) => new Date(Date.parse(httpDate) + days * 86400_000).toUTCString();

function buildProperties(ctx: Ctx, op: Operation) {
  const props: { name: string; arb: fc.Arbitrary<unknown>; run: (v: never) => Promise<Outcome> }[] = [];
  const params = op.params.filter((p) => p.in === "path" || p.in === "query");
  // Optional query parameters are sometimes left out.
  const maybe = (p: (typeof params)[number], a: fc.Arbitrary<ParamValue>) =>
    p.in === "query" && !p.required ? fc.option(a, { nil: undefined }) : a;
  const values = (f: (p: (typeof params)[number]) => fc.Arbitrary<ParamValue>) =>
    params.length === 0
      ? fc.constant({} as Record<string, ParamValue>)
      : (fc.record(Object.fromEntries(params.map((p) => [p.name, maybe(p, f(p))]))) as fc.Arbitrary<Record<string, ParamValue>>);
  const positive = values((p) => positiveValue(p, ctx.data));
  const method = fc.constantFrom<"GET" | "HEAD">("GET", "GET", "HEAD");
  const id = op.operationId;

  props.push({
    name: `${id}: positive`,
    arb: fc.record({ v: positive, method, ae: acceptEncoding }),
    run: async ({ v, method, ae }: { v: Record<string, ParamValue>; method: "GET" | "HEAD"; ae?: string }) =>
      getOrHead(ctx, method, { path: buildPath(op, v), headers: headers({ "Accept-Encoding": ae }) }),
  });

  if (params.length > 0) {
    // One parameter broken, the others valid.
    const broken = fc.integer({ min: 0, max: params.length - 1 }).chain((i) =>
      fc.record(Object.fromEntries(params.map((p, j) => [p.name, j === i ? negativeValue(p, ctx.data) : maybe(p, positiveValue(p, ctx.data))]))),
    ) as fc.Arbitrary<Record<string, ParamValue>>;
    props.push({
      name: `${id}: negative`,
      arb: fc.record({ v: broken, method, ae: acceptEncoding }),
      run: async ({ v, method, ae }: { v: Record<string, ParamValue>; method: "GET" | "HEAD"; ae?: string }) =>
        getOrHead(ctx, method, { path: buildPath(op, v), headers: headers({ "Accept-Encoding": ae }) }),
    });
    // Unknown but well-formed values: 404 for path parameters (decision 14).
    const unknowns = params.filter((p) => p.in === "path").map((p) => unknownValue(p, ctx.data));
    if (unknowns.length > 0 && unknowns.every(Boolean)) {
      props.push({
        name: `${id}: unknown values`,
        arb: fc.record({ v: values((p) => unknownValue(p, ctx.data) ?? positiveValue(p, ctx.data)), method, ae: acceptEncoding }),
        run: async ({ v, method, ae }: { v: Record<string, ParamValue>; method: "GET" | "HEAD"; ae?: string }) =>
          getOrHead(ctx, method, { path: buildPath(op, v), headers: headers({ "Accept-Encoding": ae }) }),
      });
    }
  }

  props.push({
    name: `${id}: conditional`,
    arb: fc.record({
      v: positive,
      method,
      ae: acceptEncoding,
      kind: fc.constantFrom(...CONDITIONAL),
      other: acceptEncoding,
    }),
    run: async ({ v, method, ae, kind, other }: { v: Record<string, ParamValue>; method: "GET" | "HEAD"; ae?: string; kind: (typeof CONDITIONAL)[number]; other?: string }) => {
      const path = buildPath(op, v);
      const results: Outcome = [];
      // Prime with HEAD (cheap for the bulk files); its headers are checked like any response.
      const prime = await exchange(ctx, { method: "HEAD", path, headers: headers({ "Accept-Encoding": ae }) });
      results.push(...prime.results);
      const etag = prime.ex.res ? header(prime.ex.res, "etag") : undefined;
      if (!etag || prime.ex.res?.status !== 200) return results;
      let inm: string | undefined;
      let ims: string | undefined;
      // If-Match and If-Unmodified-Since (RFC 9110 §13.1.1, §13.1.4): 412 unless the copy is current.
      let im: string | undefined;
      let ius: string | undefined;
      // An ETag that is not this one (for If-Match and If-None-Match alike).
      const notIt = `"${etag.replace(/"/g, "")}-not-it"`;
      const lastModified = header(prime.ex.res, "last-modified");
      if ((kind.startsWith("ims") || kind.startsWith("ius")) && (!lastModified || Number.isNaN(Date.parse(lastModified)))) return results;
      switch (kind) {
        case "im-same":
          im = etag;
          break;
        case "im-wrong":
          im = notIt;
          break;
        case "im-weak":
          im = `W/${etag.replace(/^W\//, "")}`;
          break;
        case "im-wrong-with-inm":
          im = notIt;
          inm = etag;
          break;
        case "ius-same":
          ius = lastModified;
          break;
        case "ius-earlier":
          ius = shiftDate(lastModified!, -1);
          break;
        case "ius-garbage":
          ius = "yesterday";
          break;
        // If-Modified-Since (RFC 9110 §13.1.3): 304 when the date is not older than
        // Last-Modified; ignored when invalid or when If-None-Match is present.
        case "ims-same":
          ims = lastModified;
          break;
        case "ims-later":
          ims = shiftDate(lastModified!, 3);
          break;
        case "ims-earlier":
          ims = shiftDate(lastModified!, -1);
          break;
        case "ims-garbage":
          ims = "yesterday";
          break;
        case "ims-with-wrong-inm":
          ims = lastModified;
          inm = notIt;
          break;
        case "same":
          inm = etag;
          break;
        case "wrong":
          inm = notIt;
          break;
        case "star":
          inm = "*";
          break;
        case "list":
          inm = `"nope-1", ${etag}, "nope-2"`;
          break;
        case "weak":
          inm = `W/${etag.replace(/^W\//, "")}`;
          break;
        case "garbage":
          inm = "not-an-etag";
          break;
        case "other-coding": {
          const o = await exchange(ctx, { method: "HEAD", path, headers: headers({ "Accept-Encoding": other }) });
          results.push(...o.results);
          inm = (o.ex.res && header(o.ex.res, "etag")) || `"none"`;
          break;
        }
      }
      const precondition =
        im !== undefined ? !etag.startsWith("W/") && im === etag : ius === undefined || ius === "yesterday" || Number.isNaN(Date.parse(ius)) || Date.parse(ius) >= Date.parse(lastModified!);
      const hit =
        inm !== undefined ? ifNoneMatchMatches(inm, etag) : ims !== undefined && !Number.isNaN(Date.parse(ims)) && ims !== "yesterday" && Date.parse(ims) >= Date.parse(lastModified!);
      const cond = await exchange(
        ctx,
        { method, path, headers: headers({ "Accept-Encoding": ae, "If-None-Match": inm, "If-Modified-Since": ims, "If-Match": im, "If-Unmodified-Since": ius }) },
        [!precondition ? 412 : hit ? 304 : 200],
      );
      results.push(...cond.results);
      if (cond.ex.res?.status === 304) results.push(...checkNotModified(cond.ex, prime.ex, etag));
      return results;
    },
  });

  const anyValue = values((p) =>
    fc.oneof(
      { weight: 3, arbitrary: positiveValue(p, ctx.data) },
      { weight: 1, arbitrary: negativeValue(p, ctx.data) },
      ...(unknownValue(p, ctx.data) ? [{ weight: 1, arbitrary: unknownValue(p, ctx.data)! }] : []),
    ),
  );
  props.push({
    name: `${id}: other methods`,
    arb: fc.record({
      v: anyValue,
      m: fc.constantFrom(...OTHER_METHODS),
      body: fc.option(fc.constantFrom('{"zip":"90210"}', "", "zip=90210", "\u0000\u00ff"), { nil: undefined }),
      ct: fc.option(fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"), { nil: undefined }),
    }),
    run: async ({ v, m, body, ct }: { v: Record<string, ParamValue>; m: string; body?: string; ct?: string }) =>
      (
        await exchange(ctx, {
          method: m,
          path: buildPath(op, v),
          headers: headers({ "Content-Type": body === undefined ? undefined : ct }),
          body: m === "TRACE" ? undefined : body,
        })
      ).results,
  });

  props.push({
    name: `${id}: OPTIONS`,
    arb: fc.record({
      v: anyValue,
      origin: fc.option(fc.constantFrom("https://example.org", "http://localhost:3000", "null"), { nil: undefined }),
      reqMethod: fc.option(fc.constantFrom("GET", "HEAD"), { nil: undefined }),
      reqHeaders: fc.option(
        fc.subarray(["if-none-match", "If-Modified-Since", "accept-encoding", "content-type", "X-Requested-With"], { minLength: 1 }),
        { nil: undefined },
      ),
    }),
    run: async ({ v, origin, reqMethod, reqHeaders }: { v: Record<string, ParamValue>; origin?: string; reqMethod?: string; reqHeaders?: string[] }) =>
      (
        await exchange(ctx, {
          method: "OPTIONS",
          path: buildPath(op, v),
          headers: headers({
            Origin: origin,
            "Access-Control-Request-Method": reqMethod,
            "Access-Control-Request-Headers": reqHeaders?.join(", "),
          }),
        })
      ).results,
  });
  return props;
}

function unknownPathProperties(ctx: Ctx) {
  return [
    {
      name: `${UNKNOWN_PATHS}: GET/HEAD`,
      arb: fc.record({ path: unknownPath, method: fc.constantFrom<"GET" | "HEAD">("GET", "HEAD"), ae: acceptEncoding }),
      run: async ({ path, method, ae }: { path: string; method: "GET" | "HEAD"; ae?: string }) =>
        getOrHead(ctx, method, { path, headers: headers({ "Accept-Encoding": ae }) }),
    },
    {
      name: `${UNKNOWN_PATHS}: other methods`,
      arb: fc.record({ path: unknownPath, m: fc.constantFrom("OPTIONS", ...OTHER_METHODS) }),
      run: async ({ path, m }: { path: string; m: string }) => (await exchange(ctx, { method: m, path, headers: [] })).results,
    },
  ];
}

/** Explicit examples, not generated: parameter examples, every state, a ZIP of every state, every enum value. */
async function examples(ctx: Ctx, op: Operation, prop: Property): Promise<void> {
  const sets: Record<string, string>[] = [];
  const params = op.params.filter((p) => p.in === "path" || p.in === "query");
  if (params.length === 0) sets.push({});
  else {
    const byParam = params.map((p) => {
      const vs = new Set<string>();
      if (typeof p.example === "string") vs.add(p.example);
      if (p.name === "state") ctx.data.states.forEach((s) => vs.add(s));
      enumOf(p)?.forEach((v) => vs.add(v));
      if (p.name === "zip") {
        const seen = new Set<string>();
        for (const z of ctx.data.zips) {
          const st = ctx.data.zipState.get(z)!;
          if (!seen.has(st)) {
            seen.add(st);
            vs.add(z);
          }
        }
        vs.add(ctx.data.zips[0]!);
        vs.add(ctx.data.zips[ctx.data.zips.length - 1]!);
      }
      if (p.name === "leaid") {
        // A district of every state (the LEAID's first two digits), the first and the last.
        const seen = new Set<string>();
        for (const l of ctx.data.leaids) {
          if (!seen.has(l.slice(0, 2))) {
            seen.add(l.slice(0, 2));
            vs.add(l);
          }
        }
        vs.add(ctx.data.leaids[0]!);
        vs.add(ctx.data.leaids[ctx.data.leaids.length - 1]!);
      }
      return [...vs].map((v) => [p.name, v] as const);
    });
    // Every value of each parameter at least once (there is one parameter per path today).
    const n = Math.max(...byParam.map((b) => b.length));
    for (let i = 0; i < n; i++) sets.push(Object.fromEntries(byParam.map((b) => b[i % b.length]!)));
  }
  for (const [i, s] of sets.entries()) {
    const path = buildPath(op, Object.fromEntries(Object.entries(s).map(([k, v]) => [k, { value: v, encoding: "component" }])));
    const results = await getOrHead(ctx, i < 3 ? "HEAD" : "GET", { path, headers: [] });
    try {
      prop.settle(results);
    } catch {
      // recorded; go on with the other examples
    }
  }
}

/** The examples in openapi.json must validate against their own schemas. */
function checkSpecExamples(ctx: Ctx, prop: Property): void {
  const results: Outcome = [];
  const visit = (resp: { content: { schemaPointer?: string; example?: unknown; key: string }[] }, where: string) => {
    for (const m of resp.content) {
      if (m.example === undefined || !m.schemaPointer) continue;
      const err = ctx.validator.validate(m.schemaPointer, m.example);
      results.push({ check: "spec-examples", ok: !err, reason: `example of ${where} ${m.key}: ${err}` });
    }
  };
  for (const op of ctx.spec.operations) for (const [s, r] of op.responses) visit(r, `${op.operationId} ${s}`);
  for (const [n, r] of ctx.spec.components.responses) visit(r, `components/responses/${n}`);
  for (const op of ctx.spec.operations) {
    if (op.method !== "GET") continue;
    const statuses = [...op.responses.keys()].filter((s) => s !== "405").sort().join(", ");
    const head = op.head ? [...op.head.responses.keys()].sort().join(", ") : "none";
    results.push({ check: "spec-methods", ok: head === statuses, reason: `HEAD ${op.path} documents ${head}; its GET ${statuses} (405 aside)` });
    const options = op.options ? [...op.options.responses.keys()].join(", ") : "none";
    results.push({ check: "spec-methods", ok: options === "204", reason: `OPTIONS ${op.path} documents ${options}, expected the 204 preflight` });
  }
  const noEffect = nullableWithoutEffect(ctx.spec.doc);
  results.push({ check: "spec-nullable", ok: noEffect.length === 0, reason: `nullable: true refuses null at ${noEffect.join(", ")} (OpenAPI 3.0.3)` });
  const schemas = ((ctx.spec.doc.components as JsonObject).schemas ?? {}) as JsonObject;
  for (const [name, s] of Object.entries(schemas)) {
    const ex = (s as JsonObject).example;
    if (ex === undefined) continue;
    const err = ctx.validator.validate(`#/components/schemas/${name}`, ex);
    results.push({ check: "spec-examples", ok: !err, reason: `example of components/schemas/${name}: ${err}` });
  }
  try {
    prop.settle(results);
  } catch {
    // recorded
  }
}

async function loadDataset(target: Target, spec: Spec, timeoutMs: number): Promise<Dataset> {
  const res = await send(target, { method: "GET", path: "/index.json", headers: [["Accept-Encoding", "identity"]] }, timeoutMs);
  if (res.status !== 200) throw new Error(`GET ${target.base}/index.json answered ${res.status}; cannot take ZIPs from it`);
  const index = JSON.parse(Buffer.from(res.body).toString("utf8")) as { zip: string; state: string }[];
  if (!Array.isArray(index) || index.length === 0) throw new Error("/index.json is empty");
  const zips = index.map((e) => e.zip);
  const zipState = new Map(index.map((e) => [e.zip, e.state] as const));
  const schemas = ((spec.doc.components as JsonObject).schemas ?? {}) as JsonObject;
  const enumStates = ((schemas.StateCode as JsonObject | undefined)?.enum ?? []) as string[];
  const states = [...new Set([...enumStates, ...zipState.values()])].sort();
  // District ids: the first column of /bulk/districts.csv (LEAIDs never need quoting).
  const csv = await send(target, { method: "GET", path: "/bulk/districts.csv", headers: [["Accept-Encoding", "identity"]] }, timeoutMs);
  if (csv.status !== 200) throw new Error(`GET ${target.base}/bulk/districts.csv answered ${csv.status}; cannot take district ids from it`);
  const leaids = Buffer.from(csv.body)
    .toString("utf8")
    .split(/\r?\n/) // framing is checked by the semantics of getDistrictsCsv, not here
    .slice(1)
    .map((line) => line.slice(0, line.indexOf(",")))
    .filter((l) => /^[0-9]{7}$/.test(l))
    .sort();
  if (leaids.length === 0) throw new Error("/bulk/districts.csv lists no district");
  return { zips, zipSet: new Set(zips), states, stateSet: new Set(enumStates.length ? enumStates : states), zipState, leaids, leaidSet: new Set(leaids) };
}

function nameHash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 1;
}

async function pool<T>(items: T[], n: number, f: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(n, items.length)) }, async () => {
      while (i < items.length) await f(items[i++]!);
    }),
  );
}

export async function run(opts: RunOptions): Promise<Report> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const seed = opts.seed ?? 20261122;
  const runs = opts.runs ?? 50;
  const file = opts.specFile ?? specPath();
  const doc = loadSpec(file);
  const spec = buildSpec(doc, file);
  const target = parseBase(opts.baseUrl);
  const timeoutMs = opts.timeoutMs ?? 30000;
  const data = await loadDataset(target, spec, timeoutMs);
  const ctx: Ctx = {
    spec,
    validator: new SchemaValidator(doc),
    etags: new Map(),
    codingsSeen: new Map(),
    validated: new Map(),
    target,
    data,
    requests: new Map(),
    tally: new Map(CHECKS.map((c) => [c, { passed: 0, failed: 0 }])),
    failures: [],
    failureKeys: new Set(),
    semanticsSeen: new Set(),
    timeoutMs,
  };
  const wanted = (id: string) => !opts.only || opts.only.includes(id);
  const ops = spec.operations.filter((o) => wanted(o.operationId));
  log(`contract-tests: ${file}`);
  log(`  target ${target.base}, seed ${seed}, runs ${runs}, ${data.zips.length} ZIPs and ${data.states.length} states from /index.json`);

  checkSpecExamples(ctx, new Property("openapi.json examples", ctx));

  const propertyFailures: PropertyFailure[] = [];
  const all: { name: string; arb: fc.Arbitrary<unknown>; run: (v: never) => Promise<Outcome> }[] = [];
  for (const op of ops) {
    await examples(ctx, op, new Property(`${op.operationId}: examples`, ctx));
    all.push(...buildProperties(ctx, op));
  }
  if (wanted(UNKNOWN_PATHS)) all.push(...unknownPathProperties(ctx));

  await pool(all, opts.concurrency ?? 2, async (p) => {
    const prop = new Property(p.name, ctx);
    try {
      await fc.assert(
        fc.asyncProperty(p.arb, async (v) => {
          prop.settle(await p.run(v as never));
        }),
        // Each property's seed depends on its name, not its position, so `--only` replays it.
        { seed: (seed + nameHash(p.name)) | 0, numRuns: runs, endOnFailure: false },
      );
    } catch (e) {
      // fast-check 4 keeps the shrunk case's own error in `cause`: its checks and curl commands.
      const err = e as Error & { cause?: unknown };
      const cause = err.cause instanceof Error ? `\nShrunk case: ${err.cause.message}` : "";
      propertyFailures.push({ property: p.name, message: err.message + cause, checks: [...prop.checks] });
    }
  });

  const report: Report = {
    seed,
    runs,
    baseUrl: target.base,
    operations: [
      ...ops.map((o) => ({ operationId: o.operationId, method: o.method, path: o.path, requests: ctx.requests.get(o.operationId) ?? 0 })),
      ...(wanted(UNKNOWN_PATHS) ? [{ operationId: UNKNOWN_PATHS, method: "*", path: "*", requests: ctx.requests.get(UNKNOWN_PATHS) ?? 0 }] : []),
    ],
    checks: Object.fromEntries(ctx.tally) as Report["checks"],
    failures: ctx.failures,
    propertyFailures,
    totalRequests: [...ctx.requests.values()].reduce((a, b) => a + b, 0),
    ok: ctx.failures.length === 0 && propertyFailures.length === 0,
  };
  for (const line of formatReport(report)) log(line);
  return report;
}

function formatReport(r: Report): string[] {
  const out: string[] = [];
  if (r.failures.length) {
    out.push("", `FAILURES (${r.failures.length}):`);
    for (const f of r.failures) {
      out.push(`  ✗ [${f.check}] ${f.operation} (${f.property}): ${f.reason}`);
      if (f.curl) out.push(`      repro: ${f.curl}${f.status ? `   # got ${f.status}` : ""}`);
    }
  }
  if (r.propertyFailures.length) {
    out.push("", "SHRUNK COUNTEREXAMPLES (fast-check):");
    for (const p of r.propertyFailures) {
      out.push(`  ${p.property} [${p.checks.join(", ")}]`);
      out.push(...p.message.split("\n").filter((l) => l.trim() && !/^\s+at /.test(l) && !l.includes("Hint:")).slice(0, 24).map((l) => `    ${l}`));
    }
  }
  out.push("", `SUMMARY  seed ${r.seed}, runs ${r.runs}, ${r.totalRequests} requests to ${r.baseUrl}`);
  out.push(`  operations covered: ${r.operations.length}`);
  const w = Math.max(...r.operations.map((o) => `${o.method} ${o.path}`.length));
  for (const o of r.operations) out.push(`    ${`${o.method} ${o.path}`.padEnd(w)}  ${o.operationId.padEnd(20)} ${String(o.requests).padStart(6)} requests`);
  out.push("  checks:                passed   failed");
  for (const [c, t] of Object.entries(r.checks)) out.push(`    ${c.padEnd(20)} ${String(t.passed).padStart(8)} ${String(t.failed).padStart(8)}`);
  out.push(r.ok ? "  RESULT: PASS (0 failures)" : `  RESULT: FAIL (${r.failures.length} failing checks, ${r.propertyFailures.length} failing properties)`);
  return out;
}

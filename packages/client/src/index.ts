/**
 * A typed client of the school districts API. The types are generated from
 * openapi/openapi.json by openapi-typescript (src/openapi.ts); requests go
 * through openapi-fetch. Every helper resolves to `{ data }` on success or
 * `{ problem }`, the service's RFC 9457 problem details, on an error status:
 * it never throws for an HTTP error (a network failure still rejects).
 *
 * @example
 * const client = createClient({ baseUrl: "https://schools.example.org" });
 * const { data, problem } = await client.zip("90210");
 * if (data) console.log(data.district); else console.error(problem.detail);
 */
import createFetchClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./openapi.js";

export type { components, paths };

type Schemas = components["schemas"];
/** `/zip/{zip}.json`: one ZIP code's record. */
export type DistrictRecord = Schemas["DistrictRecord"];
/** `/zip/{zip}/districts.json`: every district overlapping a ZIP code. */
export type ZipDistricts = Schemas["ZipDistricts"];
/** `/state/{state}.json`: every record of a state. */
export type StateCollection = Schemas["StateCollection"];
/** `/state/{state}/districts.json`: every district of a state. */
export type StateDistricts = Schemas["StateDistricts"];
/** `/district/{leaid}.json`: one district and every ZIP code it overlaps. */
export type District = Schemas["District"];
/** `/bulk/all-districts.json`: every record. */
export type BulkCollection = Schemas["BulkCollection"];
/** `/location.json`: the districts holding a point, the nearest ZIP code's record, the boundaries' vintage (null for a place in a one-district territory, which has none). */
export type LocationAnswer = Schemas["LocationAnswer"];
/** One of the 56 state and territory codes. */
export type StateCode = Schemas["StateCode"];

/**
 * An error answer: the service's problem details (`status` 400, 404 or 405).
 * A response that is not the service's own (a proxy's 502, say) gets a
 * problem with its status, its status text as `title` and its body as `detail`.
 */
export interface Problem extends Omit<Schemas["Problem"], "status"> {
  status: number;
}

/** What every helper resolves to: the body on success, else the problem; with the Response either way. */
export type Result<T> = { data: T; problem?: undefined; response: Response } | { data?: undefined; problem: Problem; response: Response };

/** Options of createClient. */
export interface ClientOptions {
  /** The service's base URL, e.g. `https://schools.example.org` (a trailing slash is ignored). */
  baseUrl: string;
  /** A fetch implementation (default: the global fetch of the browser, Bun or Node 18+). */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** The body type of a GET's 200 answer, from the generated `paths`. */
type Ok<P extends keyof paths, M extends string = "application/json"> = paths[P] extends {
  get: { responses: { 200: { content: Record<M, infer T> } } };
}
  ? T
  : never;

/** The client: a helper per common question, and the underlying typed openapi-fetch client as `api`. */
export interface SchoolDistrictsClient {
  /** One ZIP code's record (the district covering most of it). */
  zip(zip: string): Promise<Result<Ok<"/zip/{zip}.json">>>;
  /** Every district overlapping a ZIP code, largest share first, `chosen` marking the record's. */
  zipDistricts(zip: string): Promise<Result<Ok<"/zip/{zip}/districts.json">>>;
  /** Every record of a state or territory (two uppercase letters). */
  state(state: string): Promise<Result<Ok<"/state/{state}.json">>>;
  /** Every district of a state or territory, with the number of ZIP codes each is chosen for. */
  stateDistricts(state: string): Promise<Result<Ok<"/state/{state}/districts.json">>>;
  /** One district (7-digit NCES LEAID) and every ZIP code it overlaps. */
  district(leaid: string): Promise<Result<Ok<"/district/{leaid}.json">>>;
  /**
   * The districts whose boundaries hold a point (WGS84 decimal degrees; numbers are sent
   * with 6 decimals, about 0.1 m, strings as given), one per level, with the nearest ZIP
   * code's record. A point in no district is a 404 problem, a bad coordinate a 400 one.
   */
  location(lat: number | string, lon: number | string): Promise<Result<Ok<"/location.json">>>;
  /** Every record at once: fetch this once instead of looping over ZIP codes. */
  bulk(): Promise<Result<Ok<"/bulk/all-districts.json">>>;
  /** The typed openapi-fetch client, for every other operation. */
  api: Client<paths>;
}

/**
 * Creates a client for the service at `baseUrl`.
 *
 * @example
 * const client = createClient({ baseUrl: "http://localhost:8080" });
 * const { data } = await client.district("0604830");
 * data?.zips.filter((z) => z.chosen).map((z) => z.zip); // ["90210", "90211", "90212"]
 */
export function createClient(options: ClientOptions): SchoolDistrictsClient {
  const api = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return {
    zip: (zip) => settle(api.GET("/zip/{zip}.json", { params: { path: { zip } } })),
    zipDistricts: (zip) => settle(api.GET("/zip/{zip}/districts.json", { params: { path: { zip } } })),
    state: (state) => settle(api.GET("/state/{state}.json", { params: { path: { state } } })),
    stateDistricts: (state) => settle(api.GET("/state/{state}/districts.json", { params: { path: { state } } })),
    district: (leaid) => settle(api.GET("/district/{leaid}.json", { params: { path: { leaid } } })),
    location: (lat, lon) => settle(api.GET("/location.json", { params: { query: { lat: degrees(lat), lon: degrees(lon) } } })),
    bulk: () => settle(api.GET("/bulk/all-districts.json")),
    api,
  };
}

/**
 * A coordinate as the API takes it: a plain decimal, never an exponent (`String(1e-7)` is
 * "1e-7", which the API refuses), so numbers get 6 decimals; strings pass unchanged.
 *
 * @example
 * degrees(-108.5007) // "-108.500700"
 */
export function degrees(value: number | string): string {
  return typeof value === "number" ? value.toFixed(6) : value;
}

/** Turns openapi-fetch's `{ data, error, response }` into a Result. */
async function settle<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Result<T>> {
  const { data, error, response } = await request;
  if (response.ok && data !== undefined) return { data, response };
  return { problem: toProblem(error, response), response };
}

/**
 * The problem of an error answer: the body when it is problem details, else
 * one made from the status.
 *
 * @example
 * toProblem({ type: "...", title: "ZIP code not found", status: 404, detail: "...", instance: "/zip/00000.json" }, response).title
 */
export function toProblem(error: unknown, response: Response): Problem {
  const e = error as Partial<Problem> | undefined;
  if (e && typeof e === "object" && typeof e.title === "string" && typeof e.status === "number") {
    return { type: String(e.type ?? "about:blank"), title: e.title, status: e.status, detail: String(e.detail ?? ""), instance: String(e.instance ?? "") };
  }
  return {
    type: "about:blank",
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: typeof error === "string" ? error : "",
    instance: new URL(response.url || "http://invalid/").pathname,
  };
}

/**
 * The Hono app: the route table of the service. Every body is prepared in the
 * Site; a handler validates its path parameter, looks the path up and writes.
 * Hono's own cors(), etag(), compress() and not-found body are not used: they
 * differ from decisions.md (methods, per-request hashing, no brotli, plain-text
 * 404), so http.ts does those things.
 */
import { Hono, type Context } from "hono";
import { ALLOW, pathOf, preflight, sendProblem, sendRepresentation } from "./http.ts";
import { coordinateProblem, degreesProblem, locate, type LocationData } from "./location.ts";
import { locationFormPage, locationPage } from "./location-page.ts";
import { PAGE_HEADERS } from "./pages.ts";
import {
  districtNotFoundDetail,
  invalidLeaidDetail,
  invalidStateDetail,
  locationNotFoundDetail,
  invalidZipDetail,
  methodDetail,
  notFoundDetail,
  stateNotFoundDetail,
  zipNotFoundDetail,
} from "./problems.ts";
import { Representation } from "./representation.ts";
import { TYPES, type Site } from "./site.ts";

const ZIP = /^[0-9]{5}$/;
const STATE = /^[A-Z]{2}$/;
const LEAID = /^[0-9]{7}$/;

/**
 * Creates the app for a prepared site; `location` (the boundaries, possibly still
 * loading) answers /location.json.
 *
 * @example
 * const app = createApp(site, loadLocationData(paths.data));
 * const res = await app.request("/zip/90210.json");
 */
export function createApp(site: Site, location?: PromiseLike<LocationData | undefined> | LocationData): Hono {
  const app = new Hono({ strict: true });
  const fixed = (c: Context) => sendRepresentation(c.req.raw, site.get(c.req.path)!);

  /** GET /zip/{zip}.json, /zip/{zip}/districts.json, /zip/{zip}: validate, then look up `path`. */
  const zipPath = (c: Context, zip: string, path: string, example: string) => {
    if (!ZIP.test(zip)) return sendProblem(c.req.raw, site.baseUrl, "invalid-zip", invalidZipDetail(zip, example));
    const rep = site.get(path);
    if (!rep) return sendProblem(c.req.raw, site.baseUrl, "zip-not-found", zipNotFoundDetail(zip));
    return sendRepresentation(c.req.raw, rep);
  };

  /** GET /state/{state}.json, /state/{state}/districts.json, /state/{state}: validate, then look up `path`. */
  const statePath = (c: Context, state: string, suffix: string) => {
    if (!STATE.test(state)) {
      const known = site.states.has(state.toUpperCase());
      return sendProblem(c.req.raw, site.baseUrl, "invalid-state", invalidStateDetail(state, known, suffix));
    }
    const rep = site.get(`/state/${state}${suffix}`);
    if (!rep) return sendProblem(c.req.raw, site.baseUrl, "state-not-found", stateNotFoundDetail(state));
    return sendRepresentation(c.req.raw, rep);
  };

  /** GET /district/{leaid}.json, /district/{leaid}: validate, then look up `path`. */
  const districtPath = (c: Context, leaid: string, suffix: string) => {
    if (!LEAID.test(leaid)) return sendProblem(c.req.raw, site.baseUrl, "invalid-leaid", invalidLeaidDetail(leaid, `/district/0604830${suffix}`));
    const rep = site.get(`/district/${leaid}${suffix}`);
    if (!rep) return sendProblem(c.req.raw, site.baseUrl, "district-not-found", districtNotFoundDetail(leaid));
    return sendRepresentation(c.req.raw, rep);
  };

  // Every method but GET, HEAD and OPTIONS gets 405; OPTIONS is a CORS preflight.
  app.use(async (c, next) => {
    const method = c.req.method;
    if (method === "OPTIONS") return preflight(c.req.raw);
    if (method !== "GET" && method !== "HEAD") {
      return sendProblem(c.req.raw, site.baseUrl, "method-not-allowed", methodDetail(method));
    }
    await next();
  });

  // ---- Routes ------------------------------------------------------------
  app.get("/", fixed);
  app.get("/zip/:zip{[^/]+\\.json}", (c) => {
    const zip = c.req.param("zip").slice(0, -".json".length);
    return zipPath(c, zip, `/zip/${zip}.json`, "/zip/02108.json");
  });
  app.get("/zip/:zip/districts.json", (c) => {
    const zip = c.req.param("zip");
    return zipPath(c, zip, `/zip/${zip}/districts.json`, "/zip/02108/districts.json");
  });
  app.get("/zip/:zip", (c) => {
    const zip = c.req.param("zip");
    return zipPath(c, zip, `/zip/${zip}`, "/zip/02108");
  });
  app.get("/zip", (c) => searchRedirect(c, site)); // the home page's search form
  app.get("/state/:state{[^/]+\\.json}", (c) => statePath(c, c.req.param("state").slice(0, -".json".length), ".json"));
  app.get("/state/:state/districts.json", (c) => statePath(c, c.req.param("state"), "/districts.json"));
  app.get("/state/:state", (c) => statePath(c, c.req.param("state"), ""));
  app.get("/district/:leaid{[^/]+\\.json}", (c) => districtPath(c, c.req.param("leaid").slice(0, -".json".length), ".json"));
  app.get("/district/:leaid", (c) => districtPath(c, c.req.param("leaid"), ""));
  app.get("/bulk/all-districts.json", fixed);
  app.get("/bulk/all-districts.csv", fixed);
  app.get("/bulk/districts.csv", fixed);
  app.get("/index.json", fixed);
  app.get("/openapi.json", fixed);
  app.get("/docs", fixed);
  app.get("/problems/:kind", (c) => {
    // A prepared page per problem kind (the `type` URI of problem bodies); any other kind is unknown.
    const rep = site.get(`/problems/${c.req.param("kind")}`);
    return rep ? sendRepresentation(c.req.raw, rep) : sendProblem(c.req.raw, site.baseUrl, "not-found", notFoundDetail(c.req.path));
  });
  app.get("/healthz", fixed);
  app.get("/location.json", (c) => locationAnswer(c, site, location));
  app.get("/location", (c) => locationHtml(c, site, location));
  // ------------------------------------------------------------------------

  app.notFound((c) => sendProblem(c.req.raw, site.baseUrl, "not-found", notFoundDetail(c.req.path)));
  app.onError((err, c) => {
    console.error(err);
    return new Response(JSON.stringify({ title: "Internal error", status: 500 }), {
      status: 500,
      headers: { "Content-Type": "application/problem+json", "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store", Allow: ALLOW },
    });
  });
  return app;
}

/**
 * The server's request handler: the app, with one shortcut in front. A GET or
 * HEAD whose path (no query) is a prepared path goes straight to its
 * representation, skipping Hono's routing (the same answer, at about half the
 * CPU per request); everything else (errors, OPTIONS, the search redirect,
 * percent-encoded paths) goes through the app.
 *
 * @example
 * Bun.serve({ fetch: createHandler(site) });
 */
export function createHandler(site: Site, app: Hono = createApp(site)): (req: Request) => Response | Promise<Response> {
  return (req) => {
    const method = req.method;
    if (method === "GET" || method === "HEAD") {
      const url = req.url;
      if (!url.includes("?")) {
        const rep = site.get(pathOf(url));
        if (rep) return sendRepresentation(req, rep);
      }
    }
    return app.fetch(req);
  };
}

/** `GET /location.json?lat=&lon=`: validate, find the districts, answer (rendered per request, cached like the records). */
async function locationAnswer(c: Context, site: Site, location: PromiseLike<LocationData | undefined> | LocationData | undefined): Promise<Response> {
  const url = new URL(c.req.url);
  const [lat, lon] = [url.searchParams.get("lat"), url.searchParams.get("lon")];
  const bad = coordinateProblem(lat, lon);
  if (bad !== undefined) return sendProblem(c.req.raw, site.baseUrl, "invalid-location", bad);
  const data = await location;
  if (data === undefined) return sendProblem(c.req.raw, site.baseUrl, "not-found", "This dataset was built without boundaries: look up by ZIP code instead.");
  const json = (path: string) => {
    const rep = site.get(path);
    return rep === undefined ? undefined : JSON.parse(new TextDecoder().decode(rep.body));
  };
  const answer = locate(
    data,
    Number(lat),
    Number(lon),
    site.baseUrl,
    (zip) => json(`/zip/${zip}.json`),
    (zip) => ((json(`/zip/${zip}/districts.json`)?.districts ?? []) as { leaid: string }[]).map((d) => d.leaid),
  );
  if (answer === undefined) return sendProblem(c.req.raw, site.baseUrl, "location-not-found", locationNotFoundDetail(Number(lat), Number(lon)));
  return sendRepresentation(c.req.raw, new Representation(JSON.stringify(answer), TYPES.json, site.lastModified));
}

/** `GET /location?lat=&lon=`: the page for people; the form alone without coordinates, 400 and 404 pages with the form. */
async function locationHtml(c: Context, site: Site, location: PromiseLike<LocationData | undefined> | LocationData | undefined): Promise<Response> {
  const url = new URL(c.req.url);
  const [lat, lon] = [url.searchParams.get("lat"), url.searchParams.get("lon")];
  const facts = { updated: site.updated, records: site.records };
  // Browsers (Accept: text/html) get an HTML page with the form; other clients the problem details.
  const wantsHtml = (c.req.header("accept") ?? "").includes("text/html");
  const page = (status: 400 | 404, html: string, kind: "invalid-location" | "location-not-found", detail: string) =>
    !wantsHtml ? sendProblem(c.req.raw, site.baseUrl, kind, detail) : new Response(c.req.method === "HEAD" ? null : html, {
      status,
      headers: [
        ["Content-Type", TYPES.html],
        ["Cache-Control", status === 404 ? "public, max-age=86400, stale-while-revalidate=604800" : "no-store"],
        ["Access-Control-Allow-Origin", "*"],
        ...PAGE_HEADERS,
      ],
    });
  const ok = (html: string) => sendRepresentation(c.req.raw, new Representation(html, TYPES.html, site.lastModified, PAGE_HEADERS));
  // A value given must be degrees in range; until both are given, the form (with what was given filled in).
  const bad = (lat === null ? undefined : degreesProblem("lat", lat)) ?? (lon === null ? undefined : degreesProblem("lon", lon));
  if (bad === undefined && (lat === null || lon === null)) return ok(locationFormPage(200, "", lat ?? "", lon ?? "", facts));
  if (bad !== undefined) return page(400, locationFormPage(400, bad, lat ?? "", lon ?? "", facts), "invalid-location", bad);
  const data = await location;
  const answer =
    data &&
    locate(data, Number(lat), Number(lon), site.baseUrl, (zip) => json(site, `/zip/${zip}.json`), (zip) =>
      ((json(site, `/zip/${zip}/districts.json`)?.districts ?? []) as { leaid: string }[]).map((d) => d.leaid),
    );
  if (!data || !answer) {
    const detail = data ? locationNotFoundDetail(Number(lat), Number(lon)) : "This service was built without boundaries.";
    return page(404, locationFormPage(404, detail, lat!, lon!, facts), "location-not-found", detail);
  }
  return ok(locationPage(answer, data, facts));
}

/** The parsed JSON body prepared at `path`, if any. */
function json(site: Site, path: string) {
  const rep = site.get(path);
  return rep === undefined ? undefined : JSON.parse(new TextDecoder().decode(rep.body));
}

/** `GET /zip?zip=90210` (the search form without JavaScript): 303 to `/zip/90210`. */
function searchRedirect(c: Context, site: Site): Response {
  const zip = (c.req.query("zip") ?? "").trim();
  if (!ZIP.test(zip)) return sendProblem(c.req.raw, site.baseUrl, "invalid-zip", invalidZipDetail(zip, "/zip/02108"));
  return new Response(null, {
    status: 303,
    headers: { Location: `/zip/${zip}`, "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800" },
  });
}

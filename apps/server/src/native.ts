/**
 * Native routes: prepared bodies that Bun's HTTP layer answers without
 * running JavaScript (`Bun.serve({ routes })` with a Response per path, GET and
 * HEAD only, so other methods and OPTIONS still reach the app). Bun answers
 * `If-None-Match` (weak comparison, lists, `*`) and `If-Modified-Since` of such
 * a route with 304 itself, and HEAD with the GET headers and no body but no
 * `Date`, so server.ts answers a route's HEAD through the app instead.
 *
 * Which bodies: every identityOnly one (small, not negotiated), except those
 * under a path segment with more than NATIVE_SIBLINGS_MAX children. Bun 1.4.5's
 * router looks a request's path segments up by a linear scan of each node's
 * children, at registration (quadratic in the route count) and on every request
 * (oven-sh/bun PR 30410, 35248; measured in bench/FINDINGS.md P3: 8,000 routes
 * take 1-2.5 s to register, 16,000 take 3-25 s, and a request to one of 16,000
 * sibling routes costs 40 µs of CPU against 19 µs through JavaScript). So the
 * 40,881 `/zip/{zip}.json` records stay on the JavaScript fast path
 * (app.ts createHandler) and small families (the home page, problem pages,
 * /healthz, small state bodies, ...) would go native. The server does not
 * register them on Bun 1.4.5 (NATIVE_ROUTES).
 */
import type { Site } from "./site.ts";

/**
 * Whether the server registers native routes: not on Bun 1.4.5, where any
 * `routes` make Bun hand an unknown method token (`FOO`, `BREW`, `get`) to
 * the server as GET (native.test.ts shows it; without routes the parser
 * closes the connection). Turn on when that test fails on a newer Bun.
 */
export const NATIVE_ROUTES = false;

/** Most children a path segment may have for the bodies below it to be native routes. */
const NATIVE_SIBLINGS_MAX = 128;

/** A native route: the same prepared Response for GET and HEAD (server.ts sends HEAD through the app, for its Date). */
export type NativeRoutes = Record<string, { GET: Response; HEAD: Response }>;

/**
 * The paths of `paths` whose every ancestor segment has at most `max` children
 * (counted over all of `paths`).
 *
 * @example
 * inSmallFamilies(["/a", "/zip/1.json", "/zip/2.json"], 1) // ["/a"]
 */
export function inSmallFamilies(paths: readonly string[], max = NATIVE_SIBLINGS_MAX): string[] {
  const children = new Map<string, Set<string>>();
  for (const path of paths) {
    let at = 0;
    for (let slash = path.indexOf("/", 1); ; slash = path.indexOf("/", slash + 1)) {
      const parent = path.slice(0, at);
      let set = children.get(parent);
      if (!set) children.set(parent, (set = new Set()));
      if (set.size <= max) set.add(path.slice(at + 1, slash < 0 ? path.length : slash)); // past max, the count no longer matters
      if (slash < 0) break;
      at = slash;
    }
  }
  return paths.filter((path) => {
    for (let at = 0; at >= 0; at = path.indexOf("/", at + 1)) {
      if (children.get(path.slice(0, at))!.size > max) return false;
    }
    return true;
  });
}

/**
 * The native routes of a site: each small family's identityOnly bodies with
 * their final headers (Bun adds Content-Length and Date).
 *
 * @example
 * server.reload({ routes: nativeRoutes(site), fetch: handler });
 */
export function nativeRoutes(site: Site): NativeRoutes {
  const routes: NativeRoutes = {};
  for (const path of inSmallFamilies(site.paths())) {
    const rep = site.get(path);
    if (!rep || !rep.identityOnly || rep.pending) continue;
    const v = rep.variant("identity");
    const { "Content-Length": _, ...headers } = v.headers;
    const res = new Response(v.payload, { headers });
    routes[path] = { GET: res, HEAD: res };
  }
  return routes;
}

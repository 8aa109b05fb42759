import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "bun";
import { testApp } from "../test/helpers.ts";
import { createHandler } from "./app.ts";
import { inSmallFamilies, NATIVE_ROUTES, nativeRoutes, type NativeRoutes } from "./native.ts";
import type { Site } from "./site.ts";

describe("inSmallFamilies", () => {
  it("keeps the paths whose every ancestor has at most `max` children", () => {
    // Children: "" has "", healthz, zip, state; /zip has 1.json, 2.json, 3.json, 4.json, 1; /state has RI.json.
    const paths = ["/", "/healthz", "/zip/1.json", "/zip/2.json", "/zip/3.json", "/zip/4.json", "/zip/1/districts.json", "/state/RI.json"];
    expect(inSmallFamilies(paths, 4)).toEqual(["/", "/healthz", "/state/RI.json"]);
    expect(inSmallFamilies(paths, 5)).toEqual(paths);
    expect(inSmallFamilies(paths, 3)).toEqual([]);
  });
});

describe("native routes answer as the app does, without calling it", () => {
  let site: Site;
  let routes: NativeRoutes;
  let server: Server<undefined>;
  let appCalls = 0;
  beforeAll(async () => {
    ({ site } = await testApp());
    routes = nativeRoutes(site);
    const handle = createHandler(site);
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      routes,
      fetch: (req) => {
        appCalls++;
        return handle(req);
      },
    });
  });
  afterAll(() => void server.stop(true));

  it("takes the small identity-only bodies and no large or coded one", () => {
    const paths = Object.keys(routes);
    expect(paths).toContain("/healthz");
    expect(paths).toContain("/zip/90210.json"); // the fixture has 7 ZIPs: a small family
    for (const path of paths) expect(site.get(path)!.identityOnly, path).toBe(true);
    for (const path of ["/bulk/all-districts.json", "/index.json", "/openapi.json", "/"]) expect(paths).not.toContain(path);
  });

  const cases: [string, string, Record<string, string>][] = [
    ["GET", "/healthz", {}],
    ["HEAD", "/healthz", {}],
    ["GET", "/zip/90210.json", { "Accept-Encoding": "gzip, deflate, br" }],
    ["GET", "/zip/90210.json", { "If-Modified-Since": "Sun, 22 Nov 2026 00:00:00 GMT" }],
    ["GET", "/zip/90210.json", { "If-Modified-Since": "Sat, 21 Nov 2026 00:00:00 GMT" }],
    ["GET", "/zip/90210.json", { "If-Modified-Since": "not a date" }],
    ["GET", "/zip/90210.json", { "If-None-Match": '"x"', "If-Modified-Since": "Sun, 22 Nov 2026 00:00:00 GMT" }],
    ["GET", "/zip/90210.json", { "If-None-Match": "*" }],
  ];
  it.each(cases)("%s %s %j: same status, headers and body", async (method, path, headers) => {
    const before = appCalls;
    const res = await fetch(`${server.url}${path.slice(1)}`, { method, headers: { "Accept-Encoding": "identity", ...headers } });
    expect(appCalls).toBe(before); // answered natively
    const want = await createHandler(site)(new Request(`http://localhost${path}`, { method, headers }));
    expect(res.status).toBe(want.status);
    // A 304 carries the validators and caching headers (Bun's also repeats Content-Type).
    const names = res.status === 304 ? ["etag", "last-modified", "cache-control", "vary", "access-control-allow-origin"] : ["content-type", "etag", "last-modified", "cache-control", "vary", "access-control-allow-origin", "access-control-expose-headers", "x-content-type-options"];
    for (const name of names) {
      expect(res.headers.get(name), name).toBe(want.headers.get(name));
    }
    if (res.status === 200) expect(res.headers.get("content-length")).toBe(want.headers.get("content-length"));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await want.arrayBuffer()));
  });

  it("If-None-Match in weak and list forms gives 304 natively", async () => {
    const etag = (await fetch(`${server.url}healthz`)).headers.get("etag")!;
    for (const inm of [etag, `W/${etag}`, `"a", ${etag}`, `W/"a" , W/${etag}`]) {
      const res = await fetch(`${server.url}healthz`, { headers: { "If-None-Match": inm } });
      expect(res.status, inm).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    expect((await fetch(`${server.url}healthz`, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("other methods, OPTIONS and unknown paths reach the app", async () => {
    const before = appCalls;
    const post = await fetch(`${server.url}healthz`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await fetch(`${server.url}healthz`, { method: "OPTIONS" })).status).toBe(204);
    expect((await fetch(`${server.url}zip/00000.json`)).status).toBe(404);
    expect(appCalls).toBe(before + 3);
  });
});

describe("why the server does not register native routes on this Bun", () => {
  /** The first line of the answer to a raw request, or "closed" when the server closes without one. */
  async function rawFirstLine(port: number, request: string): Promise<string> {
    let text = "";
    const done = Promise.withResolvers<void>();
    const socket = await Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: { data: (_s, d) => void (text += d.toString()), close: () => done.resolve(), error: () => done.resolve() },
    });
    socket.write(request);
    await Promise.race([done.promise, Bun.sleep(3000)]);
    socket.end();
    return text === "" ? "closed" : text.split("\r\n")[0]!;
  }
  it("with routes, Bun 1.4.5 answers the unknown method BREW as GET; without, it closes", async () => {
    const fetch = (req: Request) => new Response(req.method);
    const plain = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch });
    const a = new Response("a");
    const routed = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: { "/a": { GET: a, HEAD: a } }, fetch });
    try {
      const brew = "BREW /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
      expect(await rawFirstLine(plain.port!, brew)).toBe("closed");
      // When this fails (a newer Bun refuses BREW with routes too), NATIVE_ROUTES can be turned on.
      expect(await rawFirstLine(routed.port!, brew)).toBe("HTTP/1.1 200 OK");
      expect(NATIVE_ROUTES).toBe(false);
    } finally {
      void plain.stop(true);
      void routed.stop(true);
    }
  });
});

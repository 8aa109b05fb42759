/**
 * deploy/nginx-proxy.conf, as shipped, in nginx in front of the binary: only its TLS listen line,
 * its upstream's port and its cache folder are changed for the test. What its comments promise
 * holds: bodies pass through with the service's headers, a failed If-Match is the service's 412
 * problem (ops audit 36 #1: nginx's own HTML 412, which a browser's fetch cannot read), Range is
 * ignored as the service ignores it (#7), and /healthz reaches the binary every time while the
 * pages are served stale once it is gone. A second nginx listens with TLS (a certificate made for
 * the test), for what plain HTTP sent to that port gets.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect as connectHttp2 } from "node:http2";
import { get } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblemsForMalformedRequests, startNginx, type RunningNginx } from "../support/nginx.ts";
import { ensurePackage } from "../support/packages.ts";
import { rawRequest } from "../support/raw-request.ts";
import { REPO, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let nginx: RunningNginx;
let tlsNginx: RunningNginx;
let work: string;
let url: string;

beforeAll(async () => {
  server = await startServer(["--quiet", "--base-url", "https://schools.example.org"]);
  work = mkdtempSync(join(tmpdir(), "sd-proxy-"));
  const shipped = readFileSync(join(REPO, "deploy/nginx-proxy.conf"), "utf8");
  const siteFor = (listen: string, cache: string) =>
    shipped
      .replace("listen 443 ssl http2;", `listen ${listen};`)
      .replaceAll("http://127.0.0.1:8080", server.url)
      .replace("/var/cache/nginx/school-districts", cache);
  // The three lines the test changes are in the file as shipped.
  expect(siteFor("127.0.0.1:1", "/c")).not.toBe(shipped);
  expect(siteFor("127.0.0.1:1", "/c")).not.toContain("8080");
  nginx = await startNginx(work, (listen) => siteFor(listen, join(work, "cache")));
  url = nginx.url;
  // The TLS listen line as shipped, with a self-signed certificate: the test's own folder and cache.
  const tls = join(work, "tls");
  mkdirSync(tls);
  // openssl as the other programs the tests need, installed on demand: a fresh CI machine has none (review of ops 44 M1).
  const openssl = ensurePackage("openssl", "/usr/bin/openssl");
  const cert = spawnSync(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=schools.example.org", "-keyout", join(tls, "key.pem"), "-out", join(tls, "cert.pem")], { encoding: "utf8" });
  expect(cert.status, cert.stderr).toBe(0);
  tlsNginx = await startNginx(tls, (listen) =>
    siteFor(`${listen} ssl http2`, join(tls, "cache")).replace("# ssl_certificate / ssl_certificate_key ...", `ssl_certificate ${join(tls, "cert.pem")}; ssl_certificate_key ${join(tls, "key.pem")};`),
  );
}, 120_000);

afterAll(async () => {
  nginx?.stop();
  tlsNginx?.stop();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A GET over https that takes the test's self-signed certificate: its status and body. */
function getInsecure(address: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(address, { rejectUnauthorized: false }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}

/**
 * One request over HTTP/2 (TLS, the test's self-signed certificate) with a body of `bodyBytes`: the status, headers and
 * body answered. The stream may be reset once the answer is in (nginx stops reading a body it refused): that is no error.
 * (endStream false: node ends a GET's or HEAD's stream with its headers, and would send no body.)
 */
function http2Request(origin: string, method: string, path: string, bodyBytes: number): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const session = connectHttp2(origin, { rejectUnauthorized: false });
    session.on("error", () => undefined);
    const stream = session.request({ ":method": method, ":path": path, "content-length": String(bodyBytes) }, { endStream: false });
    let status = 0;
    let headers: Record<string, string> = {};
    let body = "";
    const done = () => {
      session.close();
      if (status) resolve({ status, headers, body });
      else reject(new Error(`${method} ${path} over HTTP/2: no answer`));
    };
    stream.on("response", (h) => {
      status = Number(h[":status"]);
      headers = Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));
    });
    stream.on("data", (d: Buffer) => (body += d.toString()));
    stream.on("end", done);
    stream.on("close", done);
    stream.on("error", () => undefined);
    stream.end(Buffer.alloc(bodyBytes, "x"));
  });
}

describe("deploy/nginx-proxy.conf in nginx, in front of the binary", () => {
  it("passes the service's bodies and headers through, each coding cached under its own ETag", async () => {
    for (const coding of ["br", "gzip", "identity"]) {
      const direct = await fetch(`${server.url}/state/RI.json`, { headers: { "Accept-Encoding": coding } });
      for (const round of ["miss", "hit"]) {
        const proxied = await fetch(`${url}/state/RI.json`, { headers: { "Accept-Encoding": coding } });
        expect(proxied.status, `${coding} ${round}`).toBe(200);
        for (const header of ["etag", "content-type", "cache-control", "access-control-allow-origin", "vary"]) {
          expect(proxied.headers.get(header), `${coding} ${round} ${header}`).toBe(direct.headers.get(header));
        }
        expect(await proxied.text()).toBe(await direct.clone().text());
      }
      await direct.body?.cancel();
    }
  });

  it("answers a failed If-Match or If-Unmodified-Since with the 412 problem, readable cross-origin and never cached", async () => {
    const first = await fetch(`${url}/zip/90210.json`, { headers: { "Accept-Encoding": "br" } });
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const held = await fetch(`${url}/zip/90210.json`, { headers: { "If-Match": etag, "Accept-Encoding": "br" } });
    expect(held.status).toBe(200);
    await held.arrayBuffer();
    for (const [path, header] of [
      ["/zip/90210.json", { "If-Match": '"x"' }],
      ["/bulk/districts.csv", { "If-Match": '"x"' }],
      ["/state/RI.json", { "If-Unmodified-Since": "Mon, 01 Jan 2001 00:00:00 GMT" }],
    ] as const) {
      const res = await fetch(`${url}${path}`, { headers: { Origin: "https://a.example", ...header } });
      expect(res.status, path).toBe(412);
      expect(res.headers.get("content-type"), path).toBe("application/problem+json; charset=utf-8");
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      const body = (await res.json()) as { type: string; status: number; instance: string };
      expect(body, path).toMatchObject({ type: "https://schools.example.org/problems/precondition-failed", status: 412, instance: path });
    }
  });

  it("answers the requests nginx refuses itself (malformed, too large, TRACE) with a problem readable cross-origin, not its HTML page", async () => {
    // ops 43 #2: a bad request line, a 414, a 413, TRACE's 405 were nginx's HTML without CORS.
    await expectProblemsForMalformedRequests(url, "https://schools.example.org");
    // The service's own errors still pass through as it answers them.
    const invalid = await fetch(`${url}/zip/1234.json`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ type: "https://schools.example.org/problems/invalid-zip" });
  });

  it("answers a POST with a body over client_max_body_size (1 MB) as the service does, its 405 (the page for a person), not nginx's 413", async () => {
    // ops 44 #2: nginx refused the body with its 413 before the service could say the method is not served.
    // The body is sent, as declared: 2 MB after a Content-Length, or in one chunk (no length declared: nginx refuses it as it reads).
    const port = Number(new URL(url).port);
    const body = Buffer.alloc(2_000_000, "x");
    for (const [method, path, accept, framing] of [
      ["POST", "/zip/90210.json", "*/*", "length"],
      ["POST", "/zip/90210.json", "*/*", "chunked"],
      ["POST", "/bulk/districts.csv", "*/*", "length"],
      ["POST", "/zip/90210", "text/html", "length"],
      ["PUT", "/zip/90210", "text/html", "chunked"],
      ["DELETE", "/healthz", "*/*", "length"],
    ] as const) {
      const what = `${method} ${path} (${framing})`;
      const direct = await fetch(`${server.url}${path}`, { method, body: "x", headers: { Accept: accept } });
      const head = `${method} ${path} HTTP/1.1\r\nHost: schools.example.org\r\nAccept: ${accept}\r\n`;
      const request =
        framing === "length"
          ? [`${head}Content-Length: ${body.length}\r\n\r\n`, body]
          : [`${head}Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n`, body, "\r\n0\r\n\r\n"];
      const proxied = await rawRequest(port, request, 30_000);
      expect(proxied.status, what).toBe(405);
      for (const header of ["content-type", "allow", "vary", "access-control-allow-origin", "cache-control"]) {
        expect(proxied.headers[header] ?? null, `${what} ${header}`).toBe(direct.headers.get(header));
      }
      const answered = await direct.text();
      if (accept === "text/html") expect(proxied.body, what).toContain("<h1");
      else expect(JSON.parse(proxied.body), what).toEqual(JSON.parse(answered));
    }
    // A method that sends no body keeps the 413 problem (MALFORMED_REQUESTS: a GET of 2 MB), and a small body its 405.
    const small = await fetch(`${url}/zip/90210.json`, { method: "POST", body: "x" });
    expect(small.status).toBe(405);
    await small.body?.cancel();
  });

  it("redirects plain HTTP sent to its TLS port to the same address over https, keeping the method (308), which serves it", async () => {
    // ops 44 #3: nginx's 497 was its HTML 400 ("The plain HTTP request was sent to HTTPS port").
    const port = Number(new URL(tlsNginx.url).port);
    for (const method of ["GET", "POST", "HEAD"]) {
      const answer = await rawRequest(port, `${method} /zip/90210.json?x=1 HTTP/1.1\r\nHost: schools.example.org:${port}\r\nContent-Length: 0\r\n\r\n`, 30_000);
      expect(answer.status, method).toBe(308);
      expect(answer.headers.location, method).toBe(`https://schools.example.org:${port}/zip/90210.json?x=1`);
    }
    // To the port the client addressed, its Host as sent, not nginx's own (review of ops 44 L3: behind a port mapping,
    // docker -p 8443:443, the redirect named 443); without a Host (HTTP/1.0), the server's name and nginx's port.
    for (const [what, request, location] of [
      ["a port mapping (8443 to this port)", "GET /zip/90210.json HTTP/1.1\r\nHost: schools.example.org:8443\r\n\r\n", "https://schools.example.org:8443/zip/90210.json"],
      ["the default port (http://schools.example.org/)", "GET /zip/90210.json HTTP/1.1\r\nHost: schools.example.org\r\n\r\n", "https://schools.example.org/zip/90210.json"],
      ["HTTP/1.0 without Host", "GET /zip/90210.json HTTP/1.0\r\n\r\n", `https://schools.example.org:${port}/zip/90210.json`],
    ] as const) {
      const answer = await rawRequest(port, request, 30_000);
      expect(answer.status, what).toBe(308);
      expect(answer.headers.location, what).toBe(location);
    }
    const secure = await getInsecure(`https://127.0.0.1:${port}/zip/90210.json?x=1`);
    expect(secure.status).toBe(200);
    expect(JSON.parse(secure.body)).toMatchObject({ zip: "90210" });
  });

  it("answers a GET, HEAD or OPTIONS with a body over 1 MB over HTTP/2 (as browsers reach it) with the 413 problem, not nginx's HTML 413", async () => {
    // Review of ops 44 L1: over HTTP/2 the body is still unread at the error location, whose size check failed again.
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const answer = await http2Request(tlsNginx.url.replace("http:", "https:"), method, "/zip/90210.json", 2_000_000);
      expect(answer.status, method).toBe(413);
      expect(answer.headers["content-type"], method).toBe("application/problem+json; charset=utf-8");
      expect(answer.headers["access-control-allow-origin"], method).toBe("*");
      expect(answer.headers["cache-control"], method).toBe("no-store");
      if (method !== "HEAD") expect(JSON.parse(answer.body), method).toMatchObject({ type: "about:blank", title: "Content Too Large", status: 413, instance: "/zip/90210.json" });
    }
  });

  it("passes the paths of its error locations, asked for by a client, to the service, which has no such address", async () => {
    // Review of ops 43 L1: these internal locations answered a client nginx's HTML 404.
    for (const name of ["bad-request", "header-too-large", "uri-too-long", "content-too-large", "not-implemented", "version-not-supported"]) {
      const path = `/.sd-error/${name}`;
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toBe("application/problem+json; charset=utf-8");
      expect(await res.json(), path).toMatchObject({ type: "https://schools.example.org/problems/not-found", instance: path });
      const preflight = await fetch(`${url}${path}`, { method: "OPTIONS", headers: { Origin: "https://a.example", "Access-Control-Request-Method": "GET" } });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin"), path).toBe("*");
    }
  });

  it("ignores Range, as the service does", async () => {
    for (const path of ["/bulk/districts.csv", "/state/RI.json"]) {
      for (const round of ["miss", "hit"]) {
        const res = await fetch(`${url}${path}`, { headers: { Range: "bytes=0-99", "Accept-Encoding": "identity" } });
        expect(res.status, `${path} ${round}`).toBe(200);
        expect(res.headers.get("content-range"), path).toBeNull();
        expect(res.headers.get("accept-ranges"), path).not.toBe("bytes");
        expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
      }
    }
  });

  it("asks the binary for /healthz every time: once it is gone, the probe fails while cached pages are served stale, and others get a 503 problem", async () => {
    const health = await fetch(`${url}/healthz`);
    expect(health.headers.get("cache-control")).toBe("no-store");
    await health.body?.cancel();
    expect((await fetch(`${url}/zip/90210`)).status).toBe(200);
    await server.stop();
    expect((await fetch(`${url}/healthz`)).status).toBe(503);
    const stale = await fetch(`${url}/zip/90210`);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("90210");
    // An address not in the cache: a problem readable cross-origin, never cached (ops audit 37 #7: nginx's HTML 502 without CORS).
    const down = await fetch(`${url}/zip/60629.json`, { headers: { Origin: "https://a.example" } });
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(down.headers.get("access-control-allow-origin")).toBe("*");
    expect(down.headers.get("cache-control")).toBe("no-store");
    expect(down.headers.get("retry-after")).toBe("10");
    expect(await down.json()).toMatchObject({ type: "about:blank", title: "Service Unavailable", status: 503, instance: "/zip/60629.json" });
    // A path with a quote, a backslash, a line break or a made-up field is JSON still, its instance left empty (ops audit 40 #1:
    // the decoded path went into the body raw: invalid JSON, or a second "status":200).
    for (const path of ["/zip/%22.json", "/zip/%5C.json", "/zip/%0A.json", "/x%22,%22status%22:200,%22y%22:%22"]) {
      const odd = await fetch(`${url}${path}`);
      expect(odd.status, path).toBe(503);
      expect(JSON.parse(await odd.text()), path).toMatchObject({ status: 503, instance: "" });
    }
    // What the proxy passes to the service from an error page gets the same problem, not nginx's HTML 502 (ops 44 #1):
    // the paths of its error locations asked for by a client, and a POST with a body over 1 MB.
    const port = Number(new URL(url).port);
    for (const [what, request] of [
      ["GET /.sd-error/bad-request", "GET /.sd-error/bad-request HTTP/1.1\r\nHost: x\r\n\r\n"],
      ["GET /.sd-error/uri-too-long", "GET /.sd-error/uri-too-long HTTP/1.1\r\nHost: x\r\n\r\n"],
      ["a preflight of /.sd-error/bad-request", "OPTIONS /.sd-error/bad-request HTTP/1.1\r\nHost: x\r\nOrigin: https://a.example\r\nAccess-Control-Request-Method: GET\r\n\r\n"],
      ["a POST with a body of 2 MB", ["POST /zip/90210.json HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", Buffer.alloc(2_000_000, "x")]],
    ] as [what: string, request: string | (string | Buffer)[]][]) {
      const answer = await rawRequest(port, request, 30_000);
      expect(answer.status, what).toBe(503);
      expect(answer.headers["content-type"], what).toBe("application/problem+json; charset=utf-8");
      expect(answer.headers["access-control-allow-origin"], what).toBe("*");
      expect(JSON.parse(answer.body), what).toMatchObject({ type: "about:blank", title: "Service Unavailable", status: 503 });
    }
  });
});

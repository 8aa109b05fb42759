/**
 * nginx (Debian's nginx-light, installed on demand) in front of a test: started in the
 * foreground on a free loopback port with a private folder, and up once it answers as nginx.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { freePort } from "@school-districts/testing";
import { methodDetail } from "../../apps/server/src/problems.ts";
import { rawRequest } from "./raw-request.ts";
import { ensurePackage } from "./packages.ts";

/** A running nginx. */
export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  url: string;
  proc: ChildProcess;
  stop(): void;
}

/**
 * Starts nginx with the site `siteFor(listen)` gives for a `listen` address, in `work` (its
 * configuration, temp files, log and pid), after `nginx -t` passes. The port is free when
 * chosen, but another process may take it before nginx binds it: nginx then exits saying so, and
 * another port is tried (at most 5); a probe answered by anything but nginx is not nginx being up.
 *
 * @example
 * const nginx = await startNginx(work, (listen) => site.replace("listen 80;", `listen ${listen};`));
 * await fetch(`${nginx.url}/healthz`);
 * nginx.stop();
 */
export async function startNginx(work: string, siteFor: (listen: string) => string): Promise<RunningNginx> {
  const bin = ensurePackage("nginx-light", "/usr/sbin/nginx");
  for (let attempt = 1; ; attempt++) {
    // A log per attempt: only this attempt's failure decides whether to try another port.
    const log = join(work, `error-${attempt}.log`);
    const port = await freePort();
    writeFileSync(join(work, "site.conf"), siteFor(`127.0.0.1:${port}`));
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${work};`).join(" ");
    const conf = join(work, "nginx.conf");
    // As root, the workers read the test's private folder as root too.
    writeFileSync(conf, `${process.getuid?.() === 0 ? "user root;" : ""} worker_processes 1; daemon off; error_log ${log}; pid ${work}/nginx.pid; events {} http { access_log off; ${temp} include ${work}/site.conf; }\n`);
    const syntax = spawnSync(bin, ["-t", "-c", conf], { encoding: "utf8" });
    expect(syntax.status, syntax.stderr).toBe(0);
    const proc = spawn(bin, ["-c", conf], { stdio: "ignore" });
    const url = `http://127.0.0.1:${port}`;
    // Up when nginx itself answers (a hang guard, not a timing: the caller's hook timeout bounds it);
    // a redirect too (not followed: plain HTTP on a TLS port is redirected to https, ops 44 #3).
    for (;;) {
      if (proc.exitCode !== null || proc.signalCode !== null) break;
      const server = await fetch(`${url}/healthz`, { redirect: "manual" }).then(
        async (r) => (await r.arrayBuffer(), r.headers.get("server")),
        () => undefined,
      );
      if (server?.startsWith("nginx")) return { url, proc, stop: () => proc.kill("SIGTERM") };
      await new Promise((r) => setTimeout(r, 100));
    }
    const said = existsSync(log) ? readFileSync(log, "utf8") : "";
    if (!said.includes("Address already in use") || attempt === 5) throw new Error(`nginx exited (${proc.exitCode ?? proc.signalCode}) on ${url}: ${said}`);
  }
}

/**
 * Requests nginx answers itself, before any location or upstream (ops 43 #2), with the status each
 * gets: a malformed request line or header, a URI or header longer than its buffers, a body over
 * client_max_body_size, an unknown Transfer-Encoding or HTTP version, TRACE.
 */
export const MALFORMED_REQUESTS: readonly [what: string, request: string, status: number][] = [
  ["no request line", "GARBAGE\r\n\r\n", 400],
  ["a method in lower case", "get /zip/90210.json HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  ["no Host", "GET /zip/90210.json HTTP/1.1\r\n\r\n", 400],
  ["two Hosts", "GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400],
  ["a space in a header's name", "GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400],
  ["a path above the root", "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  ["a broken percent escape", "GET /zip/%zz.json HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  ["a Content-Length not a number", "GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400],
  ["a URI of 9,000 characters", `GET /zip/${"a".repeat(9000)}.json HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
  ["a header of 10,000 characters", `GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(10_000)}\r\n\r\n`, 431],
  ["a body of 2 MB", "GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", 413],
  // Both framings, the length over client_max_body_size: nginx's HTML 413 from the error location, which checked the
  // unread body's size again (review of ops 44 L1).
  ["Content-Length of 2 MB and Transfer-Encoding: chunked", "GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400],
  ["Transfer-Encoding: gzip", "GET /zip/90210.json HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501],
  ["HTTP/3.0", "GET /zip/90210.json HTTP/3.0\r\nHost: x\r\n\r\n", 505],
  ["TRACE", "TRACE /zip/90210.json HTTP/1.1\r\nHost: x\r\n\r\n", 405],
  // HEAD keeps no method name when its request line was not read to the end ($request_method is
  // empty): the export's 405 check refused it, with nginx's HTML 405 (review of ops 43 M1).
  ["HEAD with a URI of 9,000 characters", `HEAD /zip/${"a".repeat(9000)}.json HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
  ["HEAD with HTTP/3.0", "HEAD /zip/90210.json HTTP/3.0\r\nHost: x\r\n\r\n", 505],
  ["HEAD with a space in its path", "HEAD /zip/902 10.json HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  ["HEAD with words after its version", "HEAD /zip/90210.json HTTP/1.1 junk\r\nHost: x\r\n\r\n", 400],
];

/**
 * Sends each of MALFORMED_REQUESTS to nginx over a raw socket and expects the service's kind of
 * error: its status, problem+json readable cross-origin (CORS) and never cached; TRACE the
 * service's 405 problem with Allow, the others "about:blank" (HEAD: the headers, as it has no body).
 *
 * @example
 * await expectProblemsForMalformedRequests(nginx.url, "https://schools.example.org");
 */
export async function expectProblemsForMalformedRequests(url: string, baseUrl: string): Promise<void> {
  const port = Number(new URL(url).port);
  for (const [what, request, status] of MALFORMED_REQUESTS) {
    const answer = await rawRequest(port, request, 30_000);
    expect(answer.status, what).toBe(status);
    expect(answer.headers["content-type"], what).toBe("application/problem+json; charset=utf-8");
    expect(answer.headers["access-control-allow-origin"], what).toBe("*");
    expect(answer.headers["cache-control"], what).toBe("no-store");
    if (request.startsWith("HEAD ")) continue; // no body
    const body = JSON.parse(answer.body) as { type: string; status: number; title: string; detail: string };
    expect(body.status, what).toBe(status);
    if (status === 405) {
      expect(answer.headers.allow, what).toBe("GET, HEAD, OPTIONS");
      expect(body, what).toMatchObject({ type: `${baseUrl}/problems/method-not-allowed`, detail: methodDetail("TRACE") });
    } else expect(body.type, what).toBe("about:blank");
  }
}

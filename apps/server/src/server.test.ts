import { afterAll, describe, expect, it, vi } from "vitest";
import { accessLog, type AccessEntry, type AccessLog } from "./log.ts";
import { IDLE_TIMEOUT_S, listen, SECOND_SIGNAL_MS, stopOnSignals, withDate, type Ready } from "./server.ts";

// Bun closes a connection that sends no bytes for 10 s by default, even while its request is
// still being answered; a client then sees an empty reply. The server must keep such a
// connection open while it honestly works on the answer (a large body compressed after start-up
// on a busy machine took 23 s). The wait below is past Bun's default, well inside ours.
const WAIT_MS = 12_000;

describe("listen: a request answered after Bun's default idle time", () => {
  const server = listen(
    Promise.resolve({ handle: async () => (await Bun.sleep(WAIT_MS), new Response("late but whole")) }),
    { port: 0, host: "127.0.0.1", log: accessLog(true) },
  );
  afterAll(() => server.stop(true));

  it("is longer than Bun's default, inside Bun's maximum", () => {
    expect(IDLE_TIMEOUT_S * 1000).toBeGreaterThan(WAIT_MS);
    expect(IDLE_TIMEOUT_S).toBeLessThanOrEqual(255);
  });

  it("still gets its answer instead of an empty reply", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("late but whole");
  });
});

describe("withDate: HEAD responses carry Date, as GET's do (Bun leaves it out of HEAD)", () => {
  it("adds Date to a HEAD response, also one whose headers cannot change, and leaves others alone", () => {
    const head = new Request("http://x/", { method: "HEAD" });
    expect(withDate(head, new Response(null, { headers: { ETag: '"a"' } })).headers.get("date")).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    // Response.redirect's headers are immutable: a copy with the header, the same status and Location.
    const redirected = withDate(head, Response.redirect("http://x/zip/90210", 303));
    expect([redirected.status, redirected.headers.get("location"), redirected.headers.has("date")]).toEqual([303, "http://x/zip/90210", true]);
    const get = new Response("x");
    expect(withDate(new Request("http://x/"), get)).toBe(get);
    expect(get.headers.has("date")).toBe(false);
    const dated = new Response(null, { headers: { Date: "Sun, 22 Nov 2026 00:00:00 GMT" } });
    expect(withDate(head, dated).headers.get("date")).toBe("Sun, 22 Nov 2026 00:00:00 GMT");
  });
});

describe("listen: a throw that escapes the handler (review 34 #4)", () => {
  // What runs outside Hono (the prepared-path shortcut, a HEAD's Date, a body being compressed)
  // is not covered by app.onError: such a throw must get the app's 500 problem, not Bun's text.
  const handle = (req: Request): Response | Promise<Response> => {
    if (req.url.endsWith("/sync")) throw new Error("thrown at once");
    return Promise.reject(new Error("rejected later"));
  };
  let open: (ready: Ready) => void = () => undefined;
  // The log's lines, kept (review 38 #1: a 500 outside Hono had none, and a 500 was logged as 0 bytes).
  const entries: AccessEntry[] = [];
  const log: AccessLog = { enabled: true, write: (entry) => void entries.push(entry), flush: async () => 0, close: async () => {} };
  const server = listen(new Promise<Ready>((r) => (open = r)), { port: 0, host: "127.0.0.1", log });
  afterAll(() => server.stop(true));

  /** The answer to `path`, checked to be the app's 500 problem+json. */
  const expectInternalError = async (res: Response, method = "GET") => {
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("no-store");
    if (method !== "HEAD") {
      const body = await res.json();
      expect(body).toMatchObject({ type: "about:blank", title: "Internal Server Error", status: 500 });
      expect(body.detail).toMatch(/Try again/);
    }
  };

  it("is answered with the app's 500 problem+json, with CORS and no-store, before and after the site is ready", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // Asked while the site is not ready (the first handler waits for it), then ready.
      const early = fetch(`http://127.0.0.1:${server.port}/sync`);
      open({ handle });
      await expectInternalError(await early);
      // After the reload with the final handler: a synchronous throw, a rejection, and a HEAD.
      await expectInternalError(await fetch(`http://127.0.0.1:${server.port}/sync`));
      await expectInternalError(await fetch(`http://127.0.0.1:${server.port}/async`));
      await expectInternalError(await fetch(`http://127.0.0.1:${server.port}/async`, { method: "HEAD" }), "HEAD");
      // Each error is written to stderr, as app.onError does.
      expect(quiet.mock.calls.map(([err]) => (err as Error).message)).toEqual(["thrown at once", "thrown at once", "rejected later", "rejected later"]);
      // And each is logged, with its body's length and the peer's address.
      expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
        ["GET", "/sync", 500],
        ["GET", "/sync", 500],
        ["GET", "/async", 500],
        ["HEAD", "/async", 500],
      ]);
      expect(entries[0]!.bytes).toBeGreaterThan(50);
      expect(entries.every((e) => e.ip === "127.0.0.1")).toBe(true);
    } finally {
      quiet.mockRestore();
    }
  });
});

describe("listen: the access log of a request without a Host (review 38 #1)", () => {
  const entries: AccessEntry[] = [];
  const log: AccessLog = { enabled: true, write: (entry) => void entries.push(entry), flush: async () => 0, close: async () => {} };
  const server = listen(Promise.resolve({ handle: () => new Response("ok") }), { port: 0, host: "127.0.0.1", log });
  afterAll(() => server.stop(true));

  it("names the peer of an HTTP/1.0 request, which has no Host, and keeps no typed address", async () => {
    const { connect } = await import("node:net");
    const reply = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(server.port!, "127.0.0.1", () => socket.write("GET /zip?zip=12+Elm+Street HTTP/1.0\r\n\r\n"));
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.[01] 200/);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ path: "/zip?zip=(13)", status: 200, ip: "127.0.0.1" });
  });
});

describe("stopOnSignals: a second signal (review of stop 39 #5: two kills sent at once are often merged by the kernel, so the binary's test could not tell)", () => {
  it("within SECOND_SIGNAL_MS of the first is the same stop; after it, a stop at once with exit 1", async () => {
    const listeners = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM"), SIGHUP: process.listeners("SIGHUP"), SIGUSR1: process.listeners("SIGUSR1"), SIGUSR2: process.listeners("SIGUSR2") };
    let now = 0;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => now);
    const exits: (number | undefined)[] = [];
    const exit = vi.spyOn(process, "exit").mockImplementation(((code?: number) => void exits.push(code)) as never);
    const said: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string) => (said.push(String(chunk)), true)) as never);
    try {
      const server = { pendingRequests: 1, stop: async () => undefined } as unknown as Parameters<typeof stopOnSignals>[0];
      const log: AccessLog = { enabled: false, write() {}, flush: async () => 0, close: async () => {} };
      // Not started yet: the first stop waits (20 ms of grace) before draining.
      const stop = stopOnSignals(server, log, 20, async () => true, new Promise(() => undefined));
      const first = stop("SIGINT");
      now = SECOND_SIGNAL_MS - 1;
      await stop("SIGINT");
      expect(said.join("")).not.toContain("again");
      expect(exits).toEqual([]);
      now = SECOND_SIGNAL_MS;
      await stop("SIGINT");
      expect(said.join("")).toContain("SIGINT again: stopping now, cutting 1 in-flight request(s)\n");
      expect(exits).toEqual([1]);
      (server as { pendingRequests: number }).pendingRequests = 0;
      await first;
    } finally {
      clock.mockRestore();
      exit.mockRestore();
      write.mockRestore();
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP", "SIGUSR1", "SIGUSR2"] as const) {
        for (const l of process.listeners(signal)) if (!listeners[signal].includes(l)) process.removeListener(signal, l);
      }
    }
  });
});

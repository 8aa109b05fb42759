/**
 * The HTTP server: Bun.serve around the app, with the access log and a
 * graceful stop on SIGTERM and SIGINT.
 */
import type { Server } from "bun";
import { internalError } from "./http.ts";
import { loggedPath, type AccessLog } from "./log.ts";
import type { NativeRoutes } from "./native.ts";

/** Where and how `listen` serves: its port, host, access log and whether the port is shared. */
interface ServeOptions {
  port: number;
  host: string;
  log: AccessLog;
  /** SO_REUSEPORT, so that several processes (--workers) share the port. */
  reusePort?: boolean;
}

type Handler = (req: Request) => Response | Promise<Response>;

/** Seconds a connection may go without bytes before Bun closes it (Bun's default: 10; its maximum: 255). */
export const IDLE_TIMEOUT_S = 60;

/** What the server answers with once the site is ready. */
export interface Ready {
  handle: Handler;
  /** Answered by Bun without JavaScript (native.ts); not used when logging, since they would not be logged. */
  routes?: NativeRoutes;
}

/** Without a usable Host header (HTTP/1.0, "Host:" empty or invalid) Bun hands over a relative URL; the app needs an absolute one. */
function absolute(req: Request): Request {
  return req.url.startsWith("http") ? req : new Request(`http://localhost${req.url.startsWith("/") ? req.url : "/"}`, req);
}

/**
 * A HEAD response with the `Date` header its GET has (RFC 9110 6.6.1): Bun adds Date to the
 * other responses but not to HEAD ones, whether from a route or from `fetch`.
 *
 * @example
 * withDate(new Request("http://x/", { method: "HEAD" }), new Response(null)).headers.has("date") // true
 */
export function withDate(req: Request, res: Response): Response {
  if (req.method !== "HEAD" || res.headers.has("date")) return res;
  try {
    res.headers.set("Date", new Date().toUTCString());
    return res;
  } catch {
    // A Response whose headers are immutable: a copy with the header.
    const headers = new Headers(res.headers);
    headers.set("Date", new Date().toUTCString());
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

/**
 * Listens now; requests wait until `ready` resolves, then the server is
 * reloaded with the final handler (and the native routes when not logging),
 * so a request runs no start-up indirection. Logs each request unless the log
 * is off.
 *
 * @example
 * const server = listen(Promise.resolve({ handle: app.fetch }), { port: 8080, host: "127.0.0.1", log });
 */
export function listen(ready: Promise<Ready>, options: ServeOptions): Server<undefined> {
  const log = options.log;
  // A throw that escapes the handler (outside Hono, whose onError answers the same): the app's 500
  // problem+json, with CORS and no-store, instead of Bun's plain-text "Something went wrong!".
  // Passed to reload as well, so the final handlers do not rely on reload keeping an option it is not given.
  const error = (err: Error) => {
    console.error(err);
    return internalError();
  };
  const logged = (handle: Handler) => async (req: Request, server: Server<undefined>) => {
    // The peer of the request as received: absolute() may make another, which Bun knows no peer of (review 38 #1: HTTP/1.0, an empty Host).
    const ip = server.requestIP(req)?.address;
    req = absolute(req);
    const start = performance.now();
    let res: Response;
    try {
      res = await handle(req);
    } catch (err) {
      // Answered as Bun's error option would, and logged (review 38 #1: such a 500 had no line).
      res = error(err as Error);
    }
    const url = req.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const ua = req.headers.get("user-agent");
    log.write({
      time: new Date().toISOString(),
      method: req.method,
      path: loggedPath(pathStart < 0 ? "/" : url.slice(pathStart)),
      status: res.status,
      // The body sent: none for HEAD, whose Content-Length is the GET's (ops audit 35 #6).
      bytes: req.method === "HEAD" ? 0 : Number(res.headers.get("content-length") ?? 0),
      encoding: res.headers.get("content-encoding") ?? "identity",
      ms: Math.round((performance.now() - start) * 1000) / 1000,
      ...(ip ? { ip } : {}),
      ...(ua ? { ua } : {}),
    });
    return res;
  };
  // Only HEAD waits for its answer to add Date; GET keeps the handler's own (often synchronous) answer.
  const dated = (handle: Handler): Handler => (req) => (req.method === "HEAD" ? Promise.resolve(handle(req)).then((res) => withDate(req, res)) : handle(req));
  const final = (handle: Handler) => (log.enabled ? logged(dated(handle)) : (req: Request) => dated(handle)(absolute(req)));
  const server = Bun.serve({
    port: options.port,
    hostname: options.host,
    development: false,
    reusePort: options.reusePort ?? false,
    // Bun closes a connection after 10 s without bytes, even while its request is still being
    // answered ("Empty reply from server"). Honest waits can be longer on a busy machine: the site
    // being ready, or a large body compressed after start-up for another base URL (measured 23 s
    // for all of them at load average 12). One minute covers those; slow senders are still cut off.
    idleTimeout: IDLE_TIMEOUT_S,
    // Until the site is ready: wait for it.
    fetch: (req, server) => ready.then(({ handle }) => final(handle)(req, server)),
    error,
  });
  void ready.then(({ handle, routes }) => {
    const answer = final(handle);
    // HEAD goes through the app (its 304, and the Date Bun leaves out of a route's HEAD).
    const native = routes && !log.enabled ? Object.fromEntries(Object.entries(routes).map(([path, r]) => [path, { GET: r.GET, HEAD: (req: Request) => answer(req, server) }])) : undefined;
    server.reload({ fetch: answer, error, ...(native ? { routes: native } : {}) });
  });
  return server;
}

/** A signal this long after the first stops at once; one sooner is the same stop, delivered twice. */
export const SECOND_SIGNAL_MS = 1000;

/**
 * On SIGTERM or SIGINT (SIGHUP, SIGUSR1 and SIGUSR2 are said and ignored): stop accepting, let in-flight requests finish, then
 * close idle keep-alive connections (at most `graceMs` in all), run `also`
 * (stopping --workers) meanwhile, flush the log and exit 0 (1 when `also`
 * says something failed). Returns the stop function, for other reasons to stop.
 * The grace is 30 s, as long as a load balancer's usual drain: a client on a slow
 * link, or a busy machine, may need many seconds for the 20 MB bulk body, and 5 s cut such
 * answers off mid-transfer in the reliability suite. A stop before `started` settles waits for it
 * (within the grace), so the connections the socket took while the site was being made are
 * answered, not reset (ops audit 35 #2: "finishing 0 in-flight request(s)" while one was cut).
 *
 * @example
 * stopOnSignals(server, log);
 */
export function stopOnSignals(
  server: Server<undefined>,
  log: AccessLog,
  graceMs = 30_000,
  also: () => Promise<boolean> = async () => true,
  started: Promise<unknown> = Promise.resolve(),
): (reason: string, code?: number) => Promise<void> {
  let ready = false;
  void started.then(() => (ready = true));
  let stopping = false;
  let firstSignalAt: number | undefined;
  const stop = async (reason: string, code = 0) => {
    const signal = reason === "SIGINT" || reason === "SIGTERM";
    // A second signal (Ctrl-C twice) does not wait out the grace period: in-flight requests are cut,
    // exit 1. Not one within a second of the first (the same stop, delivered twice), nor the first
    // signal after a stop for another reason (a worker that exited before its primary was signalled).
    if (signal && firstSignalAt !== undefined && performance.now() - firstSignalAt >= SECOND_SIGNAL_MS) {
      process.stderr.write(`${reason} again: stopping now, cutting ${server.pendingRequests} in-flight request(s)\n`);
      await log.flush(200);
      process.exit(1);
    }
    if (signal) firstSignalAt ??= performance.now();
    if (stopping) return;
    stopping = true;
    const deadline = performance.now() + graceMs;
    if (!ready) {
      process.stderr.write(`${reason}: stopping once started, to answer the requests already taken\n`);
      await Promise.race([started, Bun.sleep(graceMs)]);
    }
    // Two turns of the event loop first: the connections waiting in the socket's queue (taken while
    // start-up kept the loop busy) are accepted and their requests read, so counted and answered,
    // not reset when the socket closes.
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    process.stderr.write(`${reason}: stopping, finishing ${server.pendingRequests} in-flight request(s)\n`);
    const others = also();
    void server.stop(false); // no new connections; waits for idle keep-alive ones too
    while (server.pendingRequests > 0 && performance.now() < deadline) await Bun.sleep(10);
    // Past the grace period, what is still in flight is cut: said, so a clean drain and a forced one differ.
    const cut = server.pendingRequests;
    await server.stop(true);
    const ok = await others;
    const unlogged = await log.flush();
    if (unlogged > 0) process.stderr.write(`access log: ${unlogged} line(s) not written: its reader did not read them\n`);
    process.stderr.write(cut > 0 ? `stopped: ${cut} request(s) cut after ${Math.round(graceMs / 1000)} s\n` : "stopped: every request finished\n");
    process.exit(ok ? code : 1);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // SIGHUP is no stop (ops audit 36 #5: it killed the process at once, cutting downloads, unlogged):
  // there is nothing to reload (the data is in the binary, the options are read at start-up), and a
  // `kill -HUP`, a habit for "reload", or a closed terminal must not take the service down.
  process.on("SIGHUP", () => void process.stderr.write("SIGHUP: ignored (nothing to reload); SIGTERM or SIGINT stops the service\n"));
  // Nor SIGUSR1 and SIGUSR2 (ops audit 40 #2: they killed it at once, a download cut, nothing said): USR1 is
  // logrotate's "reopen your log", and the log is stdout, which whoever redirects it reopens.
  for (const signal of ["SIGUSR1", "SIGUSR2"] as const) {
    process.on(signal, () => void process.stderr.write(`${signal}: ignored (no log file to reopen: the log is stdout); SIGTERM or SIGINT stops the service\n`));
  }
  return stop;
}

/**
 * The HTTP server: Bun.serve around the app, with the access log and a
 * graceful stop on SIGTERM and SIGINT.
 */
import type { Server } from "bun";
import type { AccessLog } from "./log.ts";

/** Serves requests with `handle` once `ready` resolves (requests arriving earlier wait). */
export interface ServeOptions {
  port: number;
  host: string;
  log: AccessLog;
}

type Handler = (req: Request) => Response | Promise<Response>;

/**
 * Listens now and answers with the handler `ready` gives; logs each request.
 *
 * @example
 * const server = listen(Promise.resolve(app.fetch), { port: 8080, host: "127.0.0.1", log });
 */
export function listen(ready: Promise<Handler>, options: ServeOptions): Server<undefined> {
  let handle: Handler | undefined;
  void ready.then((h) => (handle = h));
  return Bun.serve({
    port: options.port,
    hostname: options.host,
    development: false,
    async fetch(req, server) {
      // Without a usable Host header (HTTP/1.0, "Host:" empty or invalid) Bun hands
      // over a relative URL; the app needs an absolute one.
      if (!req.url.startsWith("http")) req = new Request(`http://localhost${req.url.startsWith("/") ? req.url : "/"}`, req);
      if (!options.log.enabled) return (handle ?? (await ready))(req);
      const start = performance.now();
      const res = await (handle ?? (await ready))(req);
      const url = req.url;
      const pathStart = url.indexOf("/", url.indexOf("//") + 2);
      const ua = req.headers.get("user-agent");
      const ip = server.requestIP(req)?.address;
      options.log.write({
        time: new Date().toISOString(),
        method: req.method,
        path: pathStart < 0 ? "/" : url.slice(pathStart),
        status: res.status,
        bytes: Number(res.headers.get("content-length") ?? 0),
        encoding: res.headers.get("content-encoding") ?? "identity",
        ms: Math.round((performance.now() - start) * 1000) / 1000,
        ...(ip ? { ip } : {}),
        ...(ua ? { ua } : {}),
      });
      return res;
    },
  });
}

/**
 * On SIGTERM or SIGINT: stop accepting, let in-flight requests finish, then
 * close idle keep-alive connections (at most `graceMs` in all), flush the log
 * and exit 0. The grace is 30 s, as long as a load balancer's usual drain: a client on a slow
 * link, or a busy machine, may need many seconds for the 20 MB bulk body, and 5 s cut such
 * answers off mid-transfer in the reliability suite.
 *
 * @example
 * stopOnSignals(server, log);
 */
export function stopOnSignals(server: Server<undefined>, log: AccessLog, graceMs = 30_000): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: stopping, finishing ${server.pendingRequests} in-flight request(s)\n`);
    const deadline = performance.now() + graceMs;
    void server.stop(false); // no new connections; waits for idle keep-alive ones too
    while (server.pendingRequests > 0 && performance.now() < deadline) await Bun.sleep(10);
    await server.stop(true);
    log.flush();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

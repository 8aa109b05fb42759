import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that was free a moment ago: listens on port 0, reads
 * the port the kernel chose and closes. For starting a server under test.
 *
 * @example
 * const port = await freePort();
 * spawn("dist/school-districts", ["--port", String(port), "--host", "127.0.0.1"]);
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

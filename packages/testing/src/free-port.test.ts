import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "./free-port.ts";

describe("freePort", () => {
  it("gives a port that a server can then listen on", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.on("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    server.close();
  });
});

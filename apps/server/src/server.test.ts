import { afterAll, describe, expect, it } from "vitest";
import { accessLog } from "./log.ts";
import { IDLE_TIMEOUT_S, listen } from "./server.ts";

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

import { afterAll, describe, expect, it } from "vitest";
import { accessLog } from "./log.ts";
import { IDLE_TIMEOUT_S, listen, withDate } from "./server.ts";

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

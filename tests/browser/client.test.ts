/**
 * The typed client (packages/client's built ESM, bundled for browsers by Bun)
 * in Chromium: a page of another origin (a second loopback server, on its own
 * port) calls the binary through createClient(), as a web app would (CORS
 * allows any origin).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type RunningBrowser } from "../support/chromium.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let chromium: RunningBrowser;
let app: ReturnType<typeof Bun.serve>;
const work = mkdtempSync(join(import.meta.dirname, ".client-bundle-"));

beforeAll(async () => {
  // An entry that puts createClient on window, bundled for the browser from the package's dist/.
  const entry = join(work, "entry.ts");
  writeFileSync(entry, `import { createClient } from "@school-districts/client";\n(globalThis as any).createClient = createClient;\n`);
  const built = await Bun.build({ entrypoints: [entry], target: "browser", format: "esm" });
  expect(built.success, built.logs.join("\n")).toBe(true);
  const bundle = await built.outputs[0]!.text();
  app = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (req) =>
      new URL(req.url).pathname === "/client.js"
        ? new Response(bundle, { headers: { "Content-Type": "text/javascript; charset=utf-8" } })
        : new Response('<!doctype html><html lang="en"><title>client</title><script type="module" src="/client.js"></script></html>', { headers: { "Content-Type": "text/html; charset=utf-8" } }),
  });
  [server, chromium] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await app?.stop(true);
  await chromium?.close();
  await server?.stop();
});

describe("the client in a browser", () => {
  it("answers data and typed problems across origins", async () => {
    const context = chromium.browser.contexts()[0] ?? (await chromium.browser.newContext());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${app.port}/`);
    await page.waitForFunction(() => typeof (globalThis as { createClient?: unknown }).createClient === "function");
    const got = await page.evaluate(async (baseUrl) => {
      type Client = { zip(z: string): Promise<{ data?: { district: string }; problem?: { status: number; type: string } }>; district(l: string): Promise<{ data?: { zips: { zip: string; chosen: boolean }[] } }> };
      const client = (globalThis as unknown as { createClient(o: { baseUrl: string }): Client }).createClient({ baseUrl });
      const zip = await client.zip("90210");
      const missing = await client.zip("00000");
      const district = await client.district("0604830");
      return { district: zip.data?.district, problem: missing.problem, named: district.data?.zips.filter((z) => z.chosen).map((z) => z.zip) };
    }, server.url);
    const expected = (await (await fetch(`${server.url}/zip/90210.json`)).json()) as { district: string };
    expect(got.district).toBe(expected.district);
    expect(got.problem).toEqual(await (await fetch(`${server.url}/zip/00000.json`)).json());
    expect(got.named).toContain("90210");
    expect(errors).toEqual([]);
    await page.close();
  });
});

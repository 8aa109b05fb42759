/**
 * What every browser test file needs: the compiled binary and Chromium, started once before
 * the file's tests (together, to save time) and stopped after them.
 */
import { afterAll, beforeAll } from "vitest";
import { launchChromium, type RunningBrowser } from "./chromium.ts";
import { startServer, type RunningServer } from "./server.ts";

/** The running binary and browser of a test file (set by its beforeAll). */
interface BrowserSuite {
  server: RunningServer;
  chromium: RunningBrowser;
}

/**
 * Registers the file's beforeAll/afterAll and returns what they start.
 *
 * @example
 * const suite = browserSuite();
 * it("...", async () => { const page = await suite.chromium.browser.newPage(); await page.goto(suite.server.url); });
 */
export function browserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.chromium] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await suite.chromium?.close();
    await suite.server?.stop();
  });
  return suite;
}

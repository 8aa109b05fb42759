/**
 * The district and state pages (issue 14) in Chromium, as a person on a phone
 * sees them: at 320 and 390 px wide nothing scrolls sideways, axe-core finds 0
 * violations, there are no console errors (CSP included), and the links lead
 * from a ZIP page to its district page and on to the district's ZIP pages.
 * Screenshots go to tests/browser/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite.ts";
import { axeViolations } from "../support/axe.ts";
import { squeezedText } from "../support/layout.ts";
import { consoleProblems } from "../support/chromium.ts";

const suite = browserSuite();
const SCREENSHOTS = join(import.meta.dirname, "screenshots");

/** Opens `path` at `width` px; returns the page and the console problems seen. */
async function open(path: string, width: number): Promise<{ page: Page; problems: string[] }> {
  const context = suite.chromium.browser.contexts()[0] ?? (await suite.chromium.browser.newContext());
  const page = await context.newPage();
  const problems = consoleProblems(page);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${suite.server.url}${path}`);
  return { page, problems };
}

describe("district and state pages on a phone", () => {
  for (const path of ["/district/0622710", "/district/0604830", "/district/2501890", "/state/CA", "/state/DC"]) {
    for (const width of [320, 390]) {
      it(`${path} at ${width} px: no sideways scroll, 0 axe violations, no console errors`, async () => {
        const { page, problems } = await open(path, width);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${path} at ${width}px`).toBeLessThanOrEqual(innerWidth);
        expect(await axeViolations(page)).toEqual([]);
        expect(await squeezedText(page), `${path} at ${width}px: text squeezed narrow`).toEqual([]);
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOTS, `${path.slice(1).replace(/\//g, "-")}-${width}.png`), fullPage: width === 390 && path !== "/state/CA" });
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }

  // Issue 12: the district's outline as an inline SVG with its text alternative (Alaska's
  // Aleutian Region across 180°, Hawaii), or a sentence when there is none (a territory).
  for (const [path, drawn] of [["/district/0200010", true], ["/district/1500030", true], ["/district/7200030", false]] as const) {
    for (const width of [320, 390]) {
      it(`${path} at ${width} px: ${drawn ? "the map and its text alternative" : "no map, said in words"}; no sideways scroll, 0 axe violations`, async () => {
        const { page, problems } = await open(path, width);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${path} at ${width}px`).toBeLessThanOrEqual(innerWidth);
        expect(await axeViolations(page)).toEqual([]);
        if (drawn) {
          const map = page.locator('svg[role="img"].map');
          expect(await map.count()).toBe(1);
          const box = (await map.boundingBox())!;
          expect(box.width).toBeGreaterThan(width / 2);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          // Named by its short title; the caption says the rest, once (no <desc> read a second time).
          expect(await page.locator("figure figcaption").textContent()).toMatch(/^Map of the outline of .+, shaded with a blue outline, in \d+ separate pieces .+ miles east to west/);
          expect(await page.locator("svg.map desc").count()).toBe(0);
          expect(await page.getByRole("img", { name: /^Map of / }).count()).toBe(1);
          mkdirSync(SCREENSHOTS, { recursive: true });
          await page.screenshot({ path: join(SCREENSHOTS, `${path.slice(1).replace(/\//g, "-")}-map-${width}.png`) });
        } else {
          expect(await page.locator("svg.map").count()).toBe(0);
          expect(await page.locator("#no-map").textContent()).toMatch(/no districts in PR, so no outline is drawn/);
        }
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }

  it("goes from a ZIP page to its district, and from there to another of its ZIPs", async () => {
    const { page, problems } = await open("/zip/90210", 390);
    await Promise.all([page.waitForURL(`${suite.server.url}/district/0604830`), page.locator("h2#district a").click()]);
    expect(await page.locator("h1").textContent()).toBe("Beverly Hills Unified School District");
    expect(await page.locator("main > p").nth(1).textContent()).toMatch(/^Beverly Hills Unified School District is the main school district of \d+ ZIP codes/);
    await Promise.all([page.waitForURL(`${suite.server.url}/zip/90211`), page.getByRole("link", { name: "90211", exact: true }).click()]);
    expect(await page.locator("h1").textContent()).toBe("ZIP code 90211");
    expect(problems).toEqual([]);
    await page.close();
  });
});

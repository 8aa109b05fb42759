/**
 * Maps on ZIP pages (issue 12) in Chromium at 320 and 390 px: the districts' outlines with
 * the ZIP's own outline over them, as an inline SVG named and described for assistive
 * technology, its description shown as the caption; no sideways scroll and 0 axe-core
 * violations with the map; at most ~15 KB of map per page. District pages' maps are
 * checked in districts.test.ts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite.ts";
import { axeViolations } from "../support/axe.ts";
import { consoleProblems } from "../support/chromium.ts";

const suite = browserSuite();
const SCREENSHOTS = join(import.meta.dirname, "screenshots");

/** [path, what its description must say] */
const ZIP_PAGES: [string, RegExp][] = [
  ["/zip/59901", /^Map of ZIP code 59901 \(thick outline.+over the school districts it overlaps: .+ and \d+ more/], // 21 districts
  ["/zip/90209", /^Map of the area of ZIP code 90210, where the post office of PO-box ZIP code 90209 lies/],
  ["/zip/10001", /^Map of ZIP code 10001 .+New York City Department of Education \(shaded blue\)/],
  ["/zip/99501", /^Map of ZIP code 99501 .+Anchorage School District \(shaded blue\)/],
];

describe("ZIP pages with their map, on a phone", () => {
  for (const [path, says] of ZIP_PAGES) {
    for (const width of [320, 390]) {
      it(`${path} at ${width} px: the map and its text alternative, no sideways scroll, 0 axe violations`, async () => {
        const context = suite.chromium.browser.contexts()[0] ?? (await suite.chromium.browser.newContext());
        const page = await context.newPage();
        const problems = consoleProblems(page);
        await page.setViewportSize({ width, height: 800 });
        const res = await page.goto(`${suite.server.url}${path}`);
        expect(res!.status()).toBe(200);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${path} at ${width}px`).toBeLessThanOrEqual(innerWidth);
        expect(await axeViolations(page)).toEqual([]);
        const map = page.locator('svg[role="img"].map');
        expect(await map.count()).toBe(1);
        const box = (await map.boundingBox())!;
        expect(box.width).toBeGreaterThan(width / 2);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // The ZIP's outline is drawn over the districts.
        expect(await page.locator('svg.map path[stroke="#111"]').count()).toBe(1);
        // The caption says what the map shows, once: no <desc> with the same words for a screen reader to read twice.
        expect(await page.locator("figure figcaption").textContent()).toMatch(says);
        expect(await page.locator("svg.map desc").count()).toBe(0);
        // Named by its title through aria-labelledby.
        expect(await page.getByRole("img", { name: /^Map of ZIP code \d{5} and its school districts/ }).count()).toBe(1);
        const labelledBy = await map.evaluate((svg) => (svg.getAttribute("aria-labelledby") ?? "").split(" ").map((id) => document.getElementById(id)?.tagName));
        expect(labelledBy).toEqual(["title"]);
        // The map (figure with its heading) adds at most ~15 KB to the page.
        const mapBytes = await page.evaluate(() => new Blob([document.querySelector("figure")!.outerHTML]).size);
        expect(mapBytes).toBeLessThanOrEqual(15_000);
        mkdirSync(SCREENSHOTS, { recursive: true });
        await map.screenshot({ path: join(SCREENSHOTS, `map-${path.slice(1).replace(/\//g, "-")}-${width}.png`) });
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }
});

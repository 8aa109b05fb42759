/**
 * The location page and the "Use my location" button in a real browser (issue 12):
 * at 320 and 390 px wide no sideways scroll, 0 axe-core violations, the map with its
 * text alternative; the button (shown only with JavaScript and the Geolocation API)
 * opens the page of the browser's position. No console errors (CSP violations included).
 */
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite.ts";
import type { Page } from "playwright-core";
import { axeViolations } from "../support/axe.ts";
import { consoleProblems, type RunningBrowser } from "../support/chromium.ts";

const suite = browserSuite();

async function open(path: string, width: number, options: Parameters<RunningBrowser["browser"]["newContext"]>[0] = {}): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await suite.chromium.browser.newContext({ viewport: { width, height: 800 }, ...options });
  const page = await context.newPage();
  const problems = consoleProblems(page);
  await page.goto(`${suite.server.url}${path}`);
  return { page, problems, close: () => context.close() };
}

describe("the location page in the browser", () => {
  for (const width of [320, 390]) {
    it(`at ${width} px: the answer, the map with its text alternative, no sideways scroll, 0 axe violations`, async () => {
      const { page, problems, close } = await open("/location?lat=45.7833&lon=-108.5007", width);
      expect(await page.locator("main strong").first().textContent()).toBe("This place is in Billings Elementary School District (Pre-Kindergarten – 8th) and Billings High School District (9th – 12th).");
      const svg = page.locator("svg[role=img]");
      expect(await svg.count()).toBe(1);
      expect(await svg.locator("desc").count()).toBe(0);
      expect(await page.locator("figcaption").textContent()).toMatch(/^Map of Billings Elementary School District .*with the place marked by a red dot/);
      const box = await svg.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      const [scrollWidth, innerWidth] = (await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")) as [number, number];
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    });
  }

  it("the 400 and 404 pages: no sideways scroll at 320 px, 0 axe violations", async () => {
    for (const path of ["/location?lat=91&lon=0", "/location?lat=33.5&lon=-119.5"]) {
      const { page, close } = await open(path, 320);
      const [scrollWidth, innerWidth] = (await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")) as [number, number];
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
      expect(await axeViolations(page), path).toEqual([]);
      await close();
    }
  });

  it('"Use my location" on the home page opens the page of the browser\'s position', async () => {
    // A precise fix: the page is asked with 4 decimals and whole metres (the position stays in the browser's history: README).
    const { page, problems, close } = await open("/", 390, { geolocation: { latitude: 34.07364567, longitude: -118.40041234, accuracy: 19.6 }, permissions: ["geolocation"] });
    const button = page.getByRole("button", { name: "Use my location" });
    expect(await button.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // With the accuracy the device reported (pages audit 36 #3: it was dropped).
    await Promise.all([page.waitForURL(/\/location\?lat=34\.0736&lon=-118\.4004&acc=20$/), button.click()]);
    expect(await page.locator("main strong").first().textContent()).toBe("This place is in Beverly Hills Unified School District (Kindergarten – 12th).");
    expect(await page.locator("main").textContent()).not.toContain("Your device placed you only within");
    expect(problems).toEqual([]);
    await close();
  });

  it('"Use my location" with a rough position (no GPS fix) says the home may be in another district, at 320 px without sideways scroll or axe violations', async () => {
    const { page, problems, close } = await open("/", 320, { geolocation: { latitude: 34.07356, longitude: -118.40036, accuracy: 1499.6 }, permissions: ["geolocation"] });
    await Promise.all([page.waitForURL(/\/location\?lat=34\.0736&lon=-118\.4004&acc=1500$/), page.getByRole("button", { name: "Use my location" }).click()]);
    expect(await page.locator("main p.answer").first().textContent()).toMatch(/^Your device placed you only within about 0\.9 miles of this point: the home may be in another district\. Check with the home's ZIP code \(this point is in 90210\)/);
    const [scrollWidth, innerWidth] = (await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")) as [number, number];
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('"Use my location" refused: the status says so in words and points to the ZIP code, not the browser\'s message', async () => {
    const { page, close } = await open("/", 390, { permissions: [] });
    await page.getByRole("button", { name: "Use my location" }).click();
    const status = page.locator("#here-status");
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/Look up your home's ZIP code instead, or type a latitude and longitude\.$/);
    expect(await status.textContent()).not.toContain("User denied");
    await close();
  });

  it("a 'lat, lon' pair pasted into Latitude, Longitude left empty, lands on the place's page", async () => {
    const { page, close } = await open("/location", 320, { javaScriptEnabled: false });
    await page.getByLabel("Latitude").fill("45.7833, -108.5007");
    await Promise.all([page.waitForURL(/\/location\?lat=45\.7833&lon=-108\.5007$/), page.getByRole("button", { name: "Find districts" }).click()]);
    expect(await page.locator("h1").textContent()).toBe("School districts of this place in Billings, MT");
    await close();
  });

  it("a keyboard's first Tab shows 'Skip to the answer', which takes focus to the page's main part at 320 px (pages audit 37 #8)", async () => {
    const { page, close } = await open("/location?lat=45.7833&lon=-108.5007", 320);
    const skip = page.getByRole("link", { name: "Skip to the answer" });
    // Off the screen until focused (an element there still counts as visible to Playwright: its box says where).
    expect((await skip.boundingBox())!.x).toBeLessThan(0);
    await page.keyboard.press("Tab");
    expect((await skip.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    const [scrollWidth, innerWidth] = (await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")) as [number, number];
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.keyboard.press("Enter");
    expect(await page.evaluate("document.activeElement.tagName")).toBe("MAIN");
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it("without JavaScript the button stays hidden and the form still works", async () => {
    const { page, close } = await open("/", 390, { javaScriptEnabled: false });
    expect(await page.getByRole("button", { name: "Use my location" }).isVisible()).toBe(false);
    // On the home page the coordinates are folded away under their summary.
    expect(await page.getByLabel("Latitude").isVisible()).toBe(false);
    await page.getByText("Type a latitude and longitude").click();
    await page.getByLabel("Latitude").fill("34.0736");
    await page.getByLabel("Longitude").fill("-118.4004");
    await Promise.all([page.waitForURL(/\/location\?lat=34\.0736&lon=-118\.4004$/), page.getByRole("button", { name: "Find districts" }).click()]);
    expect(await page.locator("h1").textContent()).toBe("School districts of this place in Beverly Hills, CA");
    await close();
  });
});

/**
 * A person's path through the pages in a real browser: open /, submit a ZIP,
 * land on its page, see its district; no console errors (CSP violations
 * included); a screenshot is saved under tests/browser/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite.ts";
import { consoleProblems } from "../support/chromium.ts";

const suite = browserSuite();
const SCREENSHOTS = join(import.meta.dirname, "screenshots");

describe("search in the browser", () => {
  it("submits a ZIP from / and shows its district", async () => {
    const expected = (await (await fetch(`${suite.server.url}/zip/90210.json`)).json()) as { district: string; city: string };
    const context = suite.chromium.browser.contexts()[0] ?? (await suite.chromium.browser.newContext());
    const page = await context.newPage();
    const problems = consoleProblems(page);

    await page.goto(`${suite.server.url}/`);
    expect(await page.title()).toContain("school districts");
    await page.getByLabel("ZIP code").fill("90210");
    await Promise.all([page.waitForURL(`${suite.server.url}/zip/90210`), page.getByRole("button", { name: "Look up" }).click()]);

    expect(await page.locator("h1").textContent()).toBe("ZIP code 90210");
    expect(await page.locator("h2#district").textContent()).toBe(expected.district);
    expect(await page.getByText("approximation", { exact: false }).count()).toBeGreaterThan(0);
    const embedded = JSON.parse((await page.locator("script#record").textContent())!) as { district: string };
    expect(embedded.district).toBe(expected.district);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "zip-90210.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a town typed into a page's header box lists its ZIP codes by district; one of them opens its page", async () => {
    const context = suite.chromium.browser.contexts()[0] ?? (await suite.chromium.browser.newContext());
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await page.goto(`${suite.server.url}/zip/90210`);
    const box = page.locator("header").getByLabel("ZIP or town");
    // A text box: a phone shows letters (a numeric keyboard has none).
    expect(await box.getAttribute("inputmode")).toBeNull();
    await box.fill("Beverly Hills, CA");
    const [answer] = await Promise.all([page.waitForNavigation(), box.press("Enter")]);
    expect(answer?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("ZIP codes of Beverly Hills, CA");
    expect(await page.locator("main .answer").textContent()).toContain("is a town, not a ZIP code");
    await Promise.all([page.waitForURL(`${suite.server.url}/zip/90210`), page.locator("ul.zips").getByRole("link", { name: "90210" }).click()]);
    expect(await page.locator("h1").textContent()).toBe("ZIP code 90210");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the interactive reference (Redoc), reached from the plain one, renders the operations without console errors", async () => {
    const context = suite.chromium.browser.contexts()[0] ?? (await suite.chromium.browser.newContext());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(`${suite.server.url}/docs`);
    await Promise.all([page.waitForURL(`${suite.server.url}/docs/interactive`), page.getByRole("link", { name: "interactive reference" }).first().click()]);
    await page.getByRole("heading", { name: /US School Districts by ZIP Code/ }).first().waitFor();
    expect(await page.locator("body").innerText()).toContain("/zip/{zip}/districts.json");
    // Its sidebar routes inside the page once Redoc runs, and Redoc renders the section's operations.
    await page.locator('a[href="/docs/records"]').first().click();
    await page.getByRole("heading", { name: "One ZIP code's district record" }).first().waitFor();
    expect(page.url()).toMatch(new RegExp(`^${suite.server.url}/docs/interactive`));
    // Its search works with the eval probe skipped (docs.ts): the index runs in the page.
    await page.getByText("Search").first().click();
    await page.keyboard.type("sitemap");
    await page.getByText("Sitemap index", { exact: true }).first().waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "docs.png") });
    expect(problems).toEqual([]);
    await page.close();
  });
});

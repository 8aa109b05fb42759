/**
 * Pages for people (issue 13) in Chromium at 320, 390 and 1280 px: every page
 * kind answers with the right status as HTML, never scrolls sideways, and has
 * no axe-core violations; the search form round-trips without JavaScript;
 * API routes stay problem+json for browsers. One Chromium and one server for
 * the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { axeViolations } from "../support/axe.ts";
import { squeezedText } from "../support/layout.ts";
import { consoleProblems, launchChromium, type RunningBrowser } from "../support/chromium.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let chromium: RunningBrowser;
let context: BrowserContext;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startServer(), launchChromium()]);
  // Under the pages' own Content-Security-Policy (axe and page.evaluate run over the DevTools
  // protocol, which it does not govern): a style or script the policy blocks is a console error.
  context = await chromium.browser.newContext();
});
afterAll(async () => {
  await context?.close();
  await chromium?.close();
  await server?.stop();
});

/** The page kinds of the issue: [name, path, status]. */
const PAGES: [string, string, number][] = [
  ["home", "/", 200],
  ["one-district ZIP", "/zip/02108", 200],
  ["split ZIP 90210", "/zip/90210", 200],
  ["split-level ZIP 59101", "/zip/59101", 200],
  ["ZIP with 21 districts", "/zip/59901", 200],
  ["PO-box ZIP with a record (its post office's ZCTA)", "/zip/90209", 200],
  ["PO-box ZIP placed by its post office's location", "/zip/07715", 200],
  ["PO-box ZIP without a record (postal.csv)", "/zip/01086", 404],
  ["military mail ZIP (postal.csv)", "/zip/09001", 404],
  ["malformed ZIP", "/zip?zip=9021", 400],
  ["unknown path", "/no/such/page", 404],
  ["problem page", "/problems/zip-not-found", 200],
  ["about", "/about", 200],
  ["docs (the plain reference)", "/docs", 200],
  ["docs, one section", "/docs/records", 200],
  ["docs, interactive (Redoc)", "/docs/interactive", 200],
];
const WIDTHS = [320, 390, 1280];

describe.each(WIDTHS)("at %i px", (width) => {
  it.each(PAGES)("%s (%s): status, HTML, no sideways scroll, no axe violations", async (_name, path, status) => {
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await page.setViewportSize({ width, height: 800 });
    const res = await page.goto(`${server.url}${path}`);
    expect(res!.status()).toBe(status);
    expect(res!.headers()["content-type"]).toBe("text/html; charset=utf-8");
    if (path === "/docs/interactive") await page.getByRole("heading", { name: /US School Districts by ZIP Code/ }).first().waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(innerWidth);
    expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
    // WCAG 2.2 target size (24 px, or room around), which Lighthouse scores and axe's defaults leave out.
    if (path !== "/docs/interactive") expect(await axeViolations(page, ["target-size"]), `${path} at ${width} px: target size`).toEqual([]);
    if (path !== "/docs/interactive") {
      // Tap targets: form controls and the links of the header, the navigation (footer too) and link lists; links inside a sentence are exempt (WCAG 2.5.8).
      // The district's phone and website (the page's calls to action) and the links of tables count too, at 32 px or more (they stood at 19).
      const smallFacts = await page.evaluate(() =>
        Array.from(document.querySelectorAll("dd > a, td a, th a"))
          .map((el) => [el.outerHTML.slice(0, 60), el.getBoundingClientRect().height] as const)
          .filter(([, h]) => h < 32),
      );
      expect(smallFacts, `${path} at ${width} px: phone, website and table links under 32 px`).toEqual([]);
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll("input, button, header > a, nav a, ul.links a"))
          // Not shown, not a target (the header's Search link appears only with large text).
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => [el.outerHTML.slice(0, 60), el.getBoundingClientRect().height] as const)
          .filter(([, h]) => h < 48),
      );
      expect(small, `${path} at ${width} px: tap targets under 48 px`).toEqual([]);
    }
    // On a phone, no text squeezed into a narrow column (a table caption once shrank to one letter
    // per line, which neither the scroll check nor axe sees); on a desktop, table cells are columns.
    if (width < 640) expect(await squeezedText(page), `${path} at ${width} px: text squeezed narrow`).toEqual([]);
    // Nothing the page's policy blocked, no script error (an error page's own status is no console problem of the page's).
    expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p)), `${path} at ${width} px: console`).toEqual([]);
    await page.close();
  });
});

describe("with the browser's text size at 200 % (default font 32 px)", () => {
  // A phone's large-text setting: the pages follow it (no fixed 16 px root) and still reflow,
  // the header's search box and the home page's coordinates wrapping instead of running off (WCAG 1.4.4, 1.4.10).
  const LARGE: string[] = ["/", "/zip/10025", "/zip/59101", "/state/CA", "/district/0622710", "/location?lat=45.7833&lon=-108.5007", "/about", "/docs", "/zip?zip=9021"];
  it.each([320, 390])("at %i px: the text is 32 px and nothing scrolls sideways", async (width) => {
    for (const path of LARGE) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
      await page.goto(`${server.url}${path}`);
      const { scrollWidth, innerWidth, rootFont } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        rootFont: getComputedStyle(document.documentElement).fontSize,
      }));
      expect(rootFont, path).toBe("32px");
      expect(scrollWidth, `${path} scrolls sideways at ${width} px with large text`).toBeLessThanOrEqual(innerWidth);
      // The header's search box gives way to a link to the home page's, so the answer starts on the first screen.
      if (path === "/zip/10025") {
        expect(await page.locator("header form").isVisible()).toBe(false);
        expect(await page.locator("header").getByRole("link", { name: "Search" }).isVisible()).toBe(true);
      }
      // The answer starts on the first screen of a 320 x 568 phone (pages audit 40 #6: 569 px down on a ZIP
      // page, 765 on a district's): a one-row header, smaller headings, the state's link close above its heading.
      if (width === 320 && /^\/(zip|district)\/\d/.test(path)) {
        const answerTop = await page.evaluate(() => (document.querySelector("main p.answer") ?? document.querySelector("main h1 ~ p"))!.getBoundingClientRect().top);
        expect(answerTop, `${path}: the answer's top at 320 px with large text`).toBeLessThan(568);
        // The headings keep their order of size (review of stop 41 #5: the h1 was made smaller than the h2s).
        const [h1, h2] = await page.evaluate(() => ["h1", "h2"].map((t) => parseFloat(getComputedStyle(document.querySelector(`main ${t}`)!).fontSize)));
        expect(h1!, path).toBeGreaterThan(h2!);
      }
      await page.close();
    }
  });
});

describe("in a dark colour scheme (a phone's dark mode)", () => {
  // The pages follow it (color-scheme and the stylesheet's dark palette): light text on a dark
  // ground, links and buttons still legible (axe's contrast rules), a light map card; printed, light.
  const DARK: string[] = ["/", "/zip/59101", "/zip/90210", "/zip?zip=asdf", "/zip?zip=Beverly+Hills", "/state/RI", "/district/0604830", "/location?lat=45.7833&lon=-108.5007", "/about", "/docs"];
  it.each(DARK.flatMap((path) => [320, 390].map((width) => [path, width] as const)))("%s at %i px: a dark ground, no axe violations", async (path, width) => {
    const dark = await chromium.browser.newContext({ colorScheme: "dark" });
    try {
      {
        const page = await dark.newPage();
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${server.url}${path}`);
        const ground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        expect(ground, path).toBe("rgb(18, 18, 18)");
        expect(await axeViolations(page), `${path} at ${width} px, dark`).toEqual([]);
        await page.emulateMedia({ media: "print" });
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).color), `${path} printed`).toBe("rgb(0, 0, 0)");
        await page.close();
      }
    } finally {
      await dark.close();
    }
  });
});

describe("tables on a phone", () => {
  it("show each cell's column name before it, but screen readers hear the name once (the header), not twice", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${server.url}/state/RI`);
    const cell = page.locator("td[data-label]").first();
    expect(await cell.evaluate((el) => getComputedStyle(el, "::before").content)).toMatch(/^"Main district of: "/);
    const cdp = await context.newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { role?: { value: string }; name?: { value: string } }[] };
    const cells = nodes.filter((n) => n.role?.value === "cell").map((n) => n.name?.value ?? "");
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.filter((name) => /^(District|Main district of|Overlaps): /.test(name))).toEqual([]);
    // Each row is named by its district (a row header), so "12" is heard with the district it counts (pages audit 37).
    const rowHeaders = nodes.filter((n) => n.role?.value === "rowheader").map((n) => n.name?.value ?? "");
    expect(rowHeaders.length).toBe(cells.length / 2);
    expect(rowHeaders.filter((name) => name.trim() === "")).toEqual([]);
    expect(rowHeaders[0]).toMatch(/^Barrington School District/);
    // Printed: the answer and lists, not the forms.
    await page.emulateMedia({ media: "print" });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("header form")!).display)).toBe("none");
    await page.close();
  });
});

describe("without JavaScript", () => {
  it("the search form round-trips: a ZIP lands on its page; a bad one on an HTML 400 whose search box works", async () => {
    const noJs = await chromium.browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel("ZIP code").fill("59101");
    await Promise.all([page.waitForURL(`${server.url}/zip/59101`), page.getByRole("button", { name: "Look up" }).click()]);
    expect(await page.locator("h1").textContent()).toBe("ZIP code 59101");
    expect(await page.locator("p.answer").first().textContent()).toMatch(/^Elementary grades: /);
    expect(await page.locator("p.answer").nth(1).textContent()).toMatch(/^High school: /);

    const bad = await page.goto(`${server.url}/zip?zip=9021`);
    expect(bad!.status()).toBe(400);
    expect(await page.locator("h1").textContent()).toBe("Invalid ZIP code");
    const box = page.locator("main").getByLabel("ZIP code");
    expect(await box.inputValue()).toBe("9021");
    await box.fill("90210");
    await Promise.all([page.waitForURL(`${server.url}/zip/90210`), page.locator("main").getByRole("button", { name: "Look up" }).click()]);
    expect(await page.locator("p.answer").first().textContent()).toMatch(/^Most of 90210 \(\d+\u00a0% of residents\) is in Beverly Hills Unified School District; part is in Los Angeles Unified School District/);

    // The reference: every section on /docs, each sidebar link a page of its own, and Redoc's
    // server-rendered sidebar leading to those pages.
    await page.goto(`${server.url}/docs`);
    expect(await page.locator("main h2#records").count()).toBe(1);
    expect(await page.locator("#operation-getZipRecord").isVisible()).toBe(true);
    await Promise.all([page.waitForURL(`${server.url}/docs/records`), page.getByRole("navigation", { name: "Sections of the reference" }).getByRole("link", { name: "Records" }).click()]);
    expect(await page.locator("h1").textContent()).toBe("API reference: Records");
    const interactive = await page.goto(`${server.url}/docs/interactive`);
    expect(interactive!.status()).toBe(200);
    await Promise.all([page.waitForURL(`${server.url}/docs/districts`), page.locator('a[href="/docs/districts"]').first().click()]);
    expect(await page.locator("h1").textContent()).toBe("API reference: Districts");
    await noJs.close();
  });
});

describe("API routes in a browser", () => {
  it.each(["/zip/9021.json", "/zip/01086.json", "/state/ca.json", "/nope.json"])("%s stays problem+json", async (path) => {
    const page = await context.newPage();
    const res = await page.goto(`${server.url}${path}`);
    expect(res!.status()).toBe(path === "/zip/9021.json" || path === "/state/ca.json" ? 400 : 404);
    expect(res!.headers()["content-type"]).toBe("application/problem+json; charset=utf-8");
    await page.close();
  });
});

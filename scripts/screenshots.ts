/**
 * `bun scripts/screenshots.ts`: screenshots of the pages at 390 px (a phone),
 * first screen only, into docs/screenshots/ (shown in the README). Needs the
 * binary (`bun run build`); starts it and Debian's chromium once.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { launchChromium } from "../tests/support/chromium.ts";
import { startServer } from "../tests/support/server.ts";

const OUT = resolve(import.meta.dirname, "../docs/screenshots");
const SHOTS: [file: string, path: string][] = [
  ["home.png", "/"],
  ["zip-90210.png", "/zip/90210"],
  ["zip-59101.png", "/zip/59101"],
  ["error-invalid-zip.png", "/zip?zip=9021"],
  ["po-box-90209.png", "/zip/90209"],
  ["location-billings.png", "/location?lat=45.7833&lon=-108.5007"],
  // The page maps (issue 12), scrolled to the map.
  ["map-zip-59101.png", "/zip/59101#map"],
  ["map-district-hawaii.png", "/district/1500030#map"],
];

mkdirSync(OUT, { recursive: true });
const [server, chromium] = await Promise.all([startServer(), launchChromium()]);
try {
  const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const [file, path] of SHOTS) {
    await page.goto(`${server.url}${path}`);
    await page.screenshot({ path: join(OUT, file) });
    console.log(`docs/screenshots/${file}: ${path}`);
  }
  await context.close();
} finally {
  await chromium.close();
  await server.stop();
}

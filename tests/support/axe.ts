/**
 * axe-core (the npm package) run in a page: the accessibility check of the
 * browser tests. It is evaluated over the DevTools protocol, which the pages'
 * strict Content-Security-Policy does not govern, so any context will do.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One violation, short enough to read in a test failure. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core's default rules on the page, or only the rules named (such as
 * "target-size", WCAG 2.2, which Lighthouse runs and the defaults do not);
 * returns the violations.
 *
 * @example
 * expect(await axeViolations(page)).toEqual([]);
 * expect(await axeViolations(page, ["target-size"])).toEqual([]);
 */
export async function axeViolations(page: Page, only?: string[]): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document, options?: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, rules ? { runOnly: { type: "rule", values: rules } } : {});
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  }, only);
}

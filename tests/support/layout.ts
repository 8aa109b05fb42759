/**
 * Layout checks the browser tests add to sideways scroll and axe: text squeezed into a
 * column too narrow to read, which neither of those sees (a table caption once shrank to
 * one letter per line on phones).
 */
import type { Page } from "playwright-core";

/**
 * The blocks of `main` holding more than 30 characters of text that render narrower than
 * 120 px, each as "TAG width px: text…"; [] when none.
 *
 * @example
 * expect(await squeezedText(page)).toEqual([]);
 */
export async function squeezedText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("main p, main caption, main li, main dd, main td, main tbody th, main h1, main h2, main h3, main figcaption"))
      .filter((el) => (el.textContent ?? "").trim().length > 30 && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().width < 120)
      .map((el) => `${el.tagName} ${Math.round(el.getBoundingClientRect().width)} px: ${(el.textContent ?? "").trim().slice(0, 40)}`),
  );
}

/**
 * Markdown of the data reports (data/RATING.md, data/SOURCES.md) as HTML for
 * the about page, with marked: headings one level down (the page has its own
 * h1), and each table cell labelled with its column so the page's CSS can
 * stack table rows on a phone.
 */
import { Marked } from "marked";

const marked = new Marked({ gfm: true, async: false });

/**
 * Renders markdown for a page section.
 *
 * @example
 * markdownHtml("# Title\n\n| a |\n|---|\n| 1 |") // '<h2>Title</h2>\n<table>...<td data-label="a">1</td>...'
 */
export function markdownHtml(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return html
    .replace(/<(\/?)h([1-5])(?=[\s>])/g, (_, close: string, n: string) => `<${close}h${Number(n) + 1}`)
    .replace(/<table>([\s\S]*?)<\/table>/g, (table: string) => {
      const labels = [...(/<thead>([\s\S]*?)<\/thead>/.exec(table)?.[1] ?? "").matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
        m[1]!.replace(/<[^>]+>/g, "").replace(/"/g, "&quot;"),
      );
      return table.replace(/<tr>([\s\S]*?)<\/tr>/g, (row: string) => {
        let i = 0;
        return row.replace(/<td(?=[\s>])/g, () => `<td data-label="${labels[i++] ?? ""}"`);
      });
    })
    .replace(/<th>/g, '<th scope="col">');
}

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { docsPage, docsSectionPage, INTERACTIVE_DOCS, sectionHtml, tagSlug, type Spec } from "./docs-page.ts";

const spec = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../openapi/openapi.json"), "utf8")) as Spec & {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const facts = { updated: "2026-11-22", records: 3, baseUrl: "https://schools.example.org" };

describe("the plain API reference", () => {
  it("lists every operation of the contract under an id, every section and every schema", () => {
    const html = docsPage(spec, facts);
    for (const item of Object.values(spec.paths)) for (const op of Object.values(item)) expect(html).toContain(`id="operation-${op.operationId}"`);
    for (const tag of spec.tags!) expect(html).toContain(`<h2 id="${tagSlug(tag.name)}">`);
    for (const name of Object.keys(spec.components!.schemas!)) expect(html).toContain(`<h3 id="schema-${name}">`);
    // Field tables folded under their schema's heading.
    const fields = Object.keys(spec.components!.schemas!.DistrictRecord!.properties!).length;
    expect(html).toContain(`<details><summary>Its ${fields} fields</summary><table aria-labelledby="schema-DistrictRecord">`);
    expect(tagSlug("Search engines")).toBe("search-engines");
  });

  it("a nullable reference reads as the schema or null", () => {
    const html = docsPage(spec, facts);
    expect(html).toContain('<td data-label="Field"><code>zip</code></td><td data-label="Type"><a class="type" href="/docs#schema-DistrictRecord">DistrictRecord</a> or null</td>');
  });

  it("is a page of the site with no script, linking the interactive reference and each section page", () => {
    const html = docsPage(spec, facts);
    expect(html).not.toContain("<script");
    expect(html).toContain('<link rel="canonical" href="https://schools.example.org/docs">');
    expect(html).toContain(`href="${INTERACTIVE_DOCS}"`);
    for (const tag of spec.tags!) expect(html).toContain(`href="/docs/${tagSlug(tag.name)}"`);
    expect(html).toMatch(/<h1>API reference<\/h1>/);
  });

  it("a section page holds its tag's paths and no other's", () => {
    const records = spec.tags!.find((t) => t.name === "Records")!;
    const html = docsSectionPage(spec, records, facts);
    expect(html).toContain("<h1>API reference: Records</h1>");
    expect(html).toContain('<link rel="canonical" href="https://schools.example.org/docs/records">');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("<code>GET /zip/{zip}.json</code>");
    expect(html).not.toContain("<code>GET /bulk/all-districts.csv</code>");
    expect(sectionHtml(spec, records)).toContain('id="operation-headZipRecord"');
  });

  it("escapes the contract's text", () => {
    const hostile: Spec = { info: { title: "<T>" }, tags: [{ name: "A", description: "d" }], paths: { "/x": { get: { operationId: "x", summary: "<b>", tags: ["A"], responses: {} } } } };
    const html = docsPage(hostile, facts);
    expect(html).toContain("&lt;T&gt;");
    expect(html).toContain("<strong>&lt;b&gt;</strong>");
  });
});

describe("a path in two sections", () => {
  it("is described once, under its first tag; the other section links there, so no id repeats", () => {
    const html = docsPage(spec, facts);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
    const searchEngines = sectionHtml(spec, spec.tags!.find((t) => t.name === "Search engines")!);
    expect(searchEngines).toContain('<a href="/docs/pages#operation-getRobots">Pages</a>');
    expect(searchEngines).not.toContain('id="operation-getRobots"');
  });
});

describe("summaries", () => {
  it("show their `code` spans as code, the rest as text", () => {
    const html = docsPage(spec, facts);
    expect(html).toContain("CORS preflight of <code>/zip/{zip}.json</code>");
    expect(html).not.toContain("CORS preflight of `");
  });
});

describe("links inside the reference", () => {
  it("every /docs#… link names an id of /docs, every /docs/{section}#… one of that section's page", () => {
    const html = docsPage(spec, facts);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const anchors = [...html.matchAll(/href="\/docs#([^"]+)"/g)].map((m) => m[1]);
    expect(anchors.length).toBeGreaterThan(50);
    expect(anchors.filter((a) => !ids.has(a))).toEqual([]);
    for (const [, slug, anchor] of html.matchAll(/href="\/docs\/([a-z-]+)#([^"]+)"/g)) {
      const tag = spec.tags!.find((t) => tagSlug(t.name) === slug)!;
      expect(docsSectionPage(spec, tag, facts)).toContain(`id="${anchor}"`);
    }
  });
});

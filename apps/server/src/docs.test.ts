import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCS_SCRIPT, finishDocs } from "./docs.ts";

const openapi = readFileSync(resolve(import.meta.dirname, "../../../openapi/openapi.json"), "utf8");
const RAW = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf8" />
  <title>T</title>
</head>
<body>
  <div id="redoc"><div class="sc-x menu-content"></div><a href="/" class="x">Home</a><a class="sc" href="/records" data-discover="true">Records</a><a class="sc" href="/search-engines">S</a><img src="https://cdn.redoc.ly/redoc/logo-mini.svg"></div>
  <script type="module">const a = 1; const logo = "https://cdn.redoc.ly/redoc/logo-mini-full.svg"; const __redoc_options = {"disableTelemetry":false}; function canWork(){let e=globalThis;try{return e._factory??=Function(src),!0}catch{return!1}} hydrate(a, __redoc_options, document.getElementById('redoc'));</script>
</body>
</html>`;

describe("finishDocs", () => {
  it("moves Redoc's script out, points the sidebar at the plain section pages, adds a description and a link to the plain reference", () => {
    const { html, script } = finishDocs(RAW, openapi);
    expect(script).toContain("hydrate(");
    expect(script).toContain('"disableTelemetry":true');
    expect(script).toContain("function canWork(){let e=globalThis;return!1}");
    expect(script).not.toContain("Function(");
    expect(html).toContain(`<script type="module" src="${DOCS_SCRIPT}"></script>`);
    expect(html).not.toContain("hydrate(");
    expect(html).toContain('href="/docs/records"');
    expect(html).toContain('href="/docs/search-engines"');
    expect(html).toContain('<a href="/docs/interactive" class="x">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<div role="navigation" aria-label="Sections" class="sc-x menu-content">');
    expect(html).toContain('<meta name="description"');
    expect(html).not.toContain("cdn.redoc.ly");
    expect(script).not.toContain("cdn.redoc.ly");
    expect(html).toMatch(/<noscript><div class="docs-plain" role="region" aria-label="Without JavaScript">[\s\S]*<a href="\/docs">The plain reference<\/a>[\s\S]*<\/noscript>/);
  });

  it("refuses a script without Redoc's search-worker eval probe (a Redoc upgrade changed it)", () => {
    expect(() => finishDocs(RAW.replace("Function(src)", "make(src)"), openapi)).toThrow(/search-worker eval probe once/);
  });

  it("refuses output without the inline module script", () => {
    expect(() => finishDocs(RAW.replace('type="module"', ""), openapi)).toThrow(/no inline Redoc module script/);
  });
});

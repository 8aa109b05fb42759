/**
 * The interactive reference, /docs/interactive: Redocly build-docs output,
 * finished at build time (scripts/build.ts). Redoc's script (2.3 MB with the
 * definition) moves out of the page into /docs/redoc.js, a separate cached
 * file; the sidebar links of the server-rendered page point at the plain
 * section pages /docs/{tag} (docs-page.ts), which browsers without JavaScript
 * read, and Redoc routes them in the page once running; the page gets a
 * description, stronger contrast and the Redocly badge as text (its logo
 * would come from a CDN). The reference a phone opens first is /docs.
 */
import { escapeHtml as e } from "./html.ts";
import { INTERACTIVE_DOCS, tagSlug, type Spec } from "./docs-page.ts";

/** Where the docs page loads Redoc from. */
export const DOCS_SCRIPT = "/docs/redoc.js";

// Redoc's "API docs by Redocly" logo comes from a CDN: an empty image instead (the CSS writes the name).
const LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
// try{return e._factory??=Function(<FlexSearch source>),!0}catch{return!1}: true when eval works.
const SEARCH_WORKER_PROBE = /try\{return \w+\._factory\?\?=Function\(\w+\),!0\}catch\{return!1\}/g;
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27/%3E";

// Overrides of Redoc's theme: darker secondary text and links (axe color-contrast),
// no web fonts (system fonts), the "API docs by Redocly" badge as text.
const OVERRIDES = `<style>
:root{--font-family-base:system-ui,sans-serif!important;--font-family-monospace:ui-monospace,monospace!important;--text-color-secondary:#3b3b3b!important;--text-color-description:#3b3b3b!important;--link-color-primary:#0645ad!important;--input-content-placeholder-color:#4a4a4a!important;--search-trigger-color:#4a4a4a!important}
a[href="https://redocly.com/redoc/"] img{display:none}a[href="https://redocly.com/redoc/"] p::after{content:" Redocly"}
.docs-plain{max-width:46rem;margin:0 auto;padding:1rem;font:1rem/1.5 system-ui,sans-serif;color:#1a1a1a;overflow-wrap:anywhere}
</style>`;

/**
 * Finishes build-docs output: returns the page and the script moved out of it.
 * Throws when the output no longer has the shape this relies on, so a Redocly
 * upgrade cannot silently bring the inline script or the CDN logo back.
 *
 * @example
 * const { html, script } = finishDocs(await Bun.file(".bundle/docs.html").text(), openapiText);
 */
export function finishDocs(raw: string, openapiText: string): { html: string; script: string } {
  const spec = JSON.parse(openapiText) as Spec;
  const module = /<script type="module">([\s\S]*?)<\/script>/.exec(raw);
  if (!module || !module[1]!.includes("hydrate(")) throw new Error("docs: build-docs output has no inline Redoc module script");
  let html = raw.replace(module[0], `<script type="module" src="${DOCS_SCRIPT}"></script>`);
  let script = module[1]!.replace('"disableTelemetry":false', '"disableTelemetry":true').replace(LOGO, EMPTY_IMAGE);
  // Redoc probes whether its search index may run in a worker by eval-ing FlexSearch's source
  // (Function(...)); the CSP forbids eval, so the probe always fails and search runs in the page,
  // but the browser reports the blocked eval (Lighthouse: best practices 96). Skip the probe: same
  // search, no violation, the CSP unchanged.
  const probes = script.match(SEARCH_WORKER_PROBE)?.length ?? 0;
  if (probes !== 1) throw new Error(`docs: expected Redoc's search-worker eval probe once in its script, found it ${probes} times`);
  script = script.replace(SEARCH_WORKER_PROBE, "return!1");
  html = html
    .replace(/<meta charset="utf8" \/>/, '<meta charset="utf-8">')
    .replace(LOGO, EMPTY_IMAGE)
    .replace(
      "<head>",
      `<head>\n  <link rel="icon" href="data:,"><meta name="description" content="${e(`Interactive API reference of ${spec.info.title} (Redoc): every endpoint, parameter, response and error, from its OpenAPI description.`)}">`,
    )
    .replace("</head>", `${OVERRIDES}\n</head>`)
    ;
  // The sidebar as a navigation landmark (an extra attribute survives hydration).
  if (!/<div class="[^"]*\bmenu-content"/.test(html)) throw new Error("docs: no sidebar (menu-content) in build-docs output");
  html = html.replace(/<div class="([^"]*\bmenu-content)"/, '<div role="navigation" aria-label="Sections" class="$1"');
  // The server-rendered sidebar links to /{tag}; Redoc routes under /docs once running.
  for (const tag of spec.tags ?? []) html = html.replaceAll(`href="/${tagSlug(tag.name)}"`, `href="/docs/${tagSlug(tag.name)}"`);
  html = html
    .replace('href="/" ', `href="${INTERACTIVE_DOCS}" `)
    .replace(/<\/body>/, `<noscript><div class="docs-plain" role="region" aria-label="Without JavaScript"><p>This interactive reference needs JavaScript. <a href="/docs">The plain reference</a> has every endpoint without it.</p></div></noscript>\n</body>`);
  if (/cdn\.redoc\.ly\/redoc\/logo/.test(html + script)) throw new Error("docs: the page still loads the Redocly logo from its CDN");
  if (/<script type="module">/.test(html)) throw new Error("docs: an inline module script is left");
  return { html, script };
}

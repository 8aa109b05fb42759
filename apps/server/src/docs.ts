/**
 * The /docs page: Redocly build-docs output, finished at build time
 * (scripts/build.ts) so that a phone can open it. Redoc's script (2.3 MB with
 * the definition) moves out of the page into /docs/redoc.js, a separate
 * cached file; the sidebar links of the server-rendered page point at
 * /docs/{tag}, which the server answers with the same page; a plain-HTML
 * reference of every operation is in <noscript> for browsers without
 * JavaScript; the page gets a description, stronger
 * contrast and the Redocly badge as text (its logo would come from a CDN).
 */
import { Marked } from "marked";
import { escapeHtml as e } from "./html.ts";

/** Where the docs page loads Redoc from. */
export const DOCS_SCRIPT = "/docs/redoc.js";

// Redoc's "API docs by Redocly" logo comes from a CDN: an empty image instead (the CSS writes the name).
const LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27/%3E";

const marked = new Marked({ gfm: true, async: false });

/**
 * The URL slug Redoc gives a tag ("Search engines" -> "search-engines").
 *
 * @example
 * tagSlug("Search engines") // "search-engines"
 */
export function tagSlug(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// Overrides of Redoc's theme: darker secondary text and links (axe color-contrast),
// no web fonts (system fonts), the "API docs by Redocly" badge as text.
const OVERRIDES = `<style>
:root{--font-family-base:system-ui,sans-serif!important;--font-family-monospace:ui-monospace,monospace!important;--text-color-secondary:#3b3b3b!important;--text-color-description:#3b3b3b!important;--link-color-primary:#0645ad!important;--input-content-placeholder-color:#4a4a4a!important;--search-trigger-color:#4a4a4a!important}
a[href="https://redocly.com/redoc/"] img{display:none}a[href="https://redocly.com/redoc/"] p::after{content:" Redocly"}
.docs-plain{max-width:46rem;margin:0 auto;padding:1rem;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;overflow-wrap:anywhere}.docs-plain pre{white-space:pre-wrap}
</style>`;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { $ref?: string; name?: string; in?: string; description?: string }[];
  responses?: Record<string, { $ref?: string; description?: string; content?: Record<string, unknown> }>;
}
interface Spec {
  info: { title: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { parameters?: Record<string, { name: string; in: string; description?: string }>; responses?: Record<string, { description?: string; content?: Record<string, unknown> }> };
}

/**
 * A plain-HTML reference of every operation, grouped by tag, each tag under
 * an id equal to its slug: what browsers without JavaScript read.
 *
 * @example
 * referenceHtml(JSON.parse(openapiText)) // '<h2 id="records">Records</h2>...'
 */
export function referenceHtml(spec: Spec): string {
  const resolve = <T>(ref: string | undefined, pool: Record<string, T> | undefined): T | undefined => (ref ? pool?.[ref.split("/").pop()!] : undefined);
  const md = (text = "") => marked.parse(text) as string;
  const out: string[] = [];
  for (const tag of spec.tags ?? []) {
    out.push(`<h2 id="${tagSlug(tag.name)}">${e(tag.name)}</h2>${md(tag.description)}`);
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.tags?.includes(tag.name)) continue;
        const params = (op.parameters ?? []).map((p) => (p.$ref ? resolve(p.$ref, spec.components?.parameters) : p)).filter((p) => p?.name);
        const responses = Object.entries(op.responses ?? {}).map(([code, r]) => {
          const res = r.$ref ? resolve(r.$ref, spec.components?.responses) : r;
          const types = Object.keys(res?.content ?? {}).join(", ");
          return `<li><strong>${e(code)}</strong>: ${e(res?.description ?? "")}${types ? ` <code>${e(types)}</code>` : ""}</li>`;
        });
        out.push(
          `<h3 id="operation-${e(op.operationId ?? `${method}-${path}`)}"><code>${method.toUpperCase()} ${e(path)}</code>: ${e(op.summary ?? "")}</h3>${md(op.description)}` +
            (params.length ? `<p>Parameters:</p><ul>${params.map((p) => `<li><code>${e(p!.name ?? "")}</code> (${e(p!.in ?? "")}): ${e(p!.description ?? "")}</li>`).join("")}</ul>` : "") +
            `<p>Responses:</p><ul>${responses.join("")}</ul>`,
        );
      }
    }
  }
  return out.join("\n");
}

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
  const script = module[1]!.replace('"disableTelemetry":false', '"disableTelemetry":true').replace(LOGO, EMPTY_IMAGE);
  html = html
    .replace(/<meta charset="utf8" \/>/, '<meta charset="utf-8">')
    .replace(LOGO, EMPTY_IMAGE)
    .replace(
      "<head>",
      `<head>\n  <link rel="icon" href="data:,"><meta name="description" content="${e(`API reference of ${spec.info.title}: every endpoint, parameter, response and error, from its OpenAPI description.`)}">`,
    )
    .replace("</head>", `${OVERRIDES}\n</head>`)
    ;
  // The sidebar as a navigation landmark (an extra attribute survives hydration).
  if (!/<div class="[^"]*\bmenu-content"/.test(html)) throw new Error("docs: no sidebar (menu-content) in build-docs output");
  html = html.replace(/<div class="([^"]*\bmenu-content)"/, '<div role="navigation" aria-label="Sections" class="$1"');
  // The server-rendered sidebar links to /{tag}; Redoc routes under /docs once running.
  for (const tag of spec.tags ?? []) html = html.replaceAll(`href="/${tagSlug(tag.name)}"`, `href="/docs/${tagSlug(tag.name)}"`);
  html = html.replace('href="/" ', 'href="/docs" ').replace(/<\/body>/, `<noscript><div class="docs-plain" role="region" aria-label="Reference without JavaScript"><h2>${e(spec.info.title)}: reference</h2>${referenceHtml(spec)}</div></noscript>\n</body>`);
  if (/cdn\.redoc\.ly\/redoc\/logo/.test(html + script)) throw new Error("docs: the page still loads the Redocly logo from its CDN");
  if (/<script type="module">/.test(html)) throw new Error("docs: an inline module script is left");
  return { html, script };
}

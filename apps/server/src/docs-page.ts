/**
 * The API reference for people: `/docs` (every section, then the fields of
 * every response body) and `/docs/{section}` (one tag of the contract), plain
 * server-rendered pages in the site's layout, written from openapi.json. No
 * script: a phone gets the answer without Redoc's 2.3 MB of JavaScript, which
 * stays one link away at `/docs/interactive` (docs.ts).
 *
 * Each path is one entry under its GET operation; its HEAD and OPTIONS
 * operations are a line under it (they answer the same way everywhere). Every
 * operation keeps an id `operation-{operationId}`, as in Redoc.
 */
import { Marked } from "marked";
import { escapeHtml as e } from "./html.ts";
import { layout, type SiteFacts } from "./layout.ts";

/** Where the interactive (Redoc) reference lives. */
export const INTERACTIVE_DOCS = "/docs/interactive";

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

interface Schema {
  $ref?: string;
  type?: string;
  description?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  description?: string;
  required?: boolean;
}
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: Schema; example?: unknown }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  responses?: Record<string, Response>;
}
/** The parts of openapi.json these pages read. */
export interface Spec {
  info: { title: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { parameters?: Record<string, Parameter>; responses?: Record<string, Response>; schemas?: Record<string, Schema> };
}

const refName = (ref: string) => ref.split("/").pop()!;
/** Plain text with its `code` spans (summaries are text, not markdown). */
const text = (t = "") => e(t).replace(/`([^`]+)`/g, "<code>$1</code>");
const md = (text = "") => marked.parse(text) as string;
const mdInline = (text = "") => marked.parseInline(text) as string;

/** The schema a local JSON pointer names (#/components/schemas/X/properties/y), if any. */
function pointer(spec: Spec | undefined, ref: string): Schema | undefined {
  let node: unknown = spec;
  for (const part of ref.replace(/^#\//, "").split("/")) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node as Schema | undefined;
}

function resolve<T extends { $ref?: string }>(item: T, pool: Record<string, T> | undefined): T | undefined {
  return item.$ref ? pool?.[refName(item.$ref)] : item;
}

/** A schema's type in words, schemas linked to their fields on /docs. */
function typeWords(schema: Schema | undefined, spec?: Spec): string {
  if (!schema) return "";
  if (schema.$ref && /^#\/components\/schemas\/[^/]+$/.test(schema.$ref)) return `<a class="type" href="/docs#schema-${e(refName(schema.$ref))}">${e(refName(schema.$ref))}</a>`;
  // A reference into another schema (#/components/schemas/District/properties/level): its type, inline.
  if (schema.$ref) return typeWords(pointer(spec, schema.$ref), spec);
  // OpenAPI 3.0.3's null alternative (`type`, `nullable: true`, `enum: [null]`): just null.
  if (schema.enum?.length === 1 && schema.enum[0] === null) return "null";
  const alternatives = schema.oneOf ?? schema.anyOf ?? schema.allOf;
  if (alternatives) return alternatives.map((a) => typeWords(a, spec)).join(schema.allOf ? " and " : " or ");
  if (schema.type === "array") return `array of ${typeWords(schema.items, spec)}`;
  const base = e(schema.type ?? "any");
  const values = schema.enum ? `: ${schema.enum.map((v) => `<code>${e(JSON.stringify(v))}</code>`).join(", ")}` : "";
  return `${base}${schema.nullable ? " or null" : ""}${values}`;
}

/** One response line: status, meaning, media types and body schema. */
function responseItem(spec: Spec, code: string, response: Response | undefined): string {
  const content = Object.entries(response?.content ?? {});
  const bodies = content.map(([type, c]) => `<code>${e(type)}</code>${c.schema ? ` (${typeWords(c.schema, spec)})` : ""}`).join(", ");
  return `<li><strong>${e(code)}</strong>: ${mdInline(response?.description ?? "")}${bodies ? ` ${bodies}` : ""}</li>`;
}

/** The example of a successful JSON response, when short enough to read on a phone. */
function example(op: Operation): string {
  for (const [code, response] of Object.entries(op.responses ?? {})) {
    if (!code.startsWith("2")) continue;
    for (const [type, content] of Object.entries(response.content ?? {})) {
      if (!type.includes("json") || content.example === undefined) continue;
      const text = JSON.stringify(content.example, null, 1);
      if (text.length <= 1500) return `<p>Example of a ${e(code)} response:</p><pre><code>${e(text)}</code></pre>`;
    }
  }
  return "";
}

/** One path: its GET operation in full, its other operations in a line each. */
function pathEntry(spec: Spec, path: string, item: Record<string, Operation>): string {
  const [mainMethod, op] = Object.entries(item).find(([m]) => m === "get") ?? Object.entries(item)[0]!;
  const all = (op.parameters ?? []).map((p) => resolve(p, spec.components?.parameters)).filter((p): p is Parameter => !!p?.name);
  // Request headers (conditional requests, CORS) are the same everywhere: named here, explained once under "Request headers".
  const params = all.filter((p) => p.in !== "header");
  const headers = all.filter((p) => p.in === "header");
  const responses = Object.entries(op.responses ?? {}).map(([code, r]) => responseItem(spec, code, resolve(r, spec.components?.responses)));
  const others = Object.entries(item)
    .filter(([m]) => m !== mainMethod)
    .map(([m, o]) => {
      const codes = Object.keys(o.responses ?? {}).join(", ");
      return `<li id="operation-${e(o.operationId ?? `${m}-${path}`)}"><code>${m.toUpperCase()}</code>: ${text(o.summary)} (${e(codes)})</li>`;
    });
  return (
    `<section aria-labelledby="operation-${e(op.operationId ?? `${mainMethod}-${path}`)}"><h3 id="operation-${e(op.operationId ?? `${mainMethod}-${path}`)}"><code>${mainMethod.toUpperCase()} ${e(path)}</code></h3>` +
    `<p><strong>${text(op.summary)}</strong></p>${md(op.description)}` +
    (params.length
      ? `<p>Parameters:</p><ul>${params.map((p) => `<li><code>${e(p.name!)}</code> (${e(p.in ?? "")}${p.required ? ", required" : ""}): ${mdInline(p.description ?? "")}</li>`).join("")}</ul>`
      : "") +
    (headers.length ? `<p>Request headers it honours: ${headers.map((p) => `<a href="/docs#header-${e(p.name!)}"><code>${e(p.name!)}</code></a>`).join(", ")}.</p>` : "") +
    `<p>Responses:</p><ul>${responses.join("")}</ul>${example(op)}` +
    (others.length ? `<p>Also:</p><ul>${others.join("")}</ul>` : "") +
    `</section>`
  );
}

/** The first tag, in the document's order, of a path's operations: the section that describes it in full. */
function homeTag(spec: Spec, item: Record<string, Operation>): string | undefined {
  const tags = new Set(Object.values(item).flatMap((op) => op.tags ?? []));
  return (spec.tags ?? []).find((t) => tags.has(t.name))?.name;
}

/**
 * One tag of the contract: its description and each of its paths. A path
 * tagged twice is described in its first section; the others link there.
 *
 * @example
 * sectionHtml(spec, spec.tags[0]) // '<h2 id="records">Records</h2>...'
 */
export function sectionHtml(spec: Spec, tag: { name: string; description?: string }): string {
  const items = Object.entries(spec.paths).filter(([, item]) => Object.values(item).some((op) => op.tags?.includes(tag.name)));
  const full = items.filter(([, item]) => homeTag(spec, item) === tag.name).map(([path, item]) => pathEntry(spec, path, item));
  const elsewhere = items
    .filter(([, item]) => homeTag(spec, item) !== tag.name)
    .map(([path, item]) => {
      const [method, op] = Object.entries(item).find(([m]) => m === "get") ?? Object.entries(item)[0]!;
      const home = homeTag(spec, item)!;
      return `<li><code>${method.toUpperCase()} ${e(path)}</code>: ${text(op.summary)}, in <a href="/docs/${tagSlug(home)}#operation-${e(op.operationId ?? "")}">${e(home)}</a></li>`;
    });
  return (
    `<h2 id="${tagSlug(tag.name)}">${e(tag.name)}</h2>${md(tag.description)}\n${full.join("\n")}` +
    (elsewhere.length ? `\n<p>Described in another section:</p><ul>${elsewhere.join("")}</ul>` : "")
  );
}

/** The fields of every schema, as tables that stack on a phone. */
function schemasHtml(spec: Spec): string {
  const out = [`<h2 id="schemas">Fields of the responses</h2>`];
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    const rows = Object.entries(schema.properties ?? {}).map(([field, s]) => {
      const meaning = s.description ?? (s.$ref ? pointer(spec, s.$ref)?.description : undefined) ?? "";
      return `<tr><td data-label="Field"><code>${e(field)}</code>${schema.required?.includes(field) ? "" : " (optional)"}</td><td data-label="Type">${typeWords(s, spec)}</td><td data-label="Meaning">${mdInline(meaning)}</td></tr>`;
    });
    // The tables are folded (one tap away): unfolded, they are most of the page's length and of a phone's work to show it.
    out.push(
      `<section aria-labelledby="schema-${e(name)}"><h3 id="schema-${e(name)}">${e(name)}</h3>${md(schema.description)}` +
        (rows.length
          ? `<details><summary>Its ${rows.length} field${rows.length === 1 ? "" : "s"}</summary><table aria-labelledby="schema-${e(name)}"><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead><tbody>${rows.join("")}</tbody></table></details>`
          : `<p>Type: ${typeWords(schema, spec)}</p>`) +
        `</section>`,
    );
  }
  return out.join("\n");
}

/** The request headers of the contract (conditional requests, CORS preflight), each explained once. */
function headersHtml(spec: Spec): string {
  const headers = Object.values(spec.components?.parameters ?? {}).filter((p) => p.in === "header" && p.name);
  if (!headers.length) return "";
  return `<section aria-labelledby="request-headers"><h2 id="request-headers">Request headers</h2><dl>${headers
    .map((p) => `<dt id="header-${e(p.name!)}"><code>${e(p.name!)}</code></dt><dd>${mdInline(p.description ?? "")}</dd>`)
    .join("")}</dl></section>`;
}

/** The opening of every reference page: what it is, the interactive reference, the sections. */
function intro(spec: Spec, current: string | null): string {
  const links = (spec.tags ?? []).map((t) => {
    const href = `/docs/${tagSlug(t.name)}`;
    return `<li><a href="${href}"${current === t.name ? ' aria-current="page"' : ""}>${e(t.name)}</a>: ${e(t.description ?? "")}</li>`;
  });
  return `<p>Every endpoint of this service, written from its OpenAPI description (<a href="/openapi.json">/openapi.json</a>). The <a href="${INTERACTIVE_DOCS}">interactive reference</a> (Redoc, built by Redocly) shows the same with search and folding schemas; it runs Redoc, a large script that is slow to start on a phone.</p>
<nav aria-label="Sections of the reference"><ul class="links">${current === null ? "" : '<li><a href="/docs">Every section, and the fields of the responses</a></li>'}${links.join("")}${current === null ? '<li><a href="#request-headers">Request headers</a></li><li><a href="#schemas">Fields of the responses</a></li>' : ""}</ul></nav>`;
}

/**
 * The `/docs` page: the overview of the contract, every section and the fields of every schema.
 *
 * @example
 * docsPage(JSON.parse(openapiText), facts) // "<!doctype html>..."
 */
export function docsPage(spec: Spec, facts: SiteFacts): string {
  return layout(
    {
      title: `API reference: ${spec.info.title}`,
      description: `API reference of ${spec.info.title}: every endpoint, parameter, response and error, from its OpenAPI description.`,
      canonical: "/docs",
      main: `<h1>API reference</h1>${intro(spec, null)}
<section aria-labelledby="overview"><h2 id="overview">${e(spec.info.title)}</h2>${md(spec.info.description)}</section>
${headersHtml(spec)}
${(spec.tags ?? []).map((t) => sectionHtml(spec, t)).join("\n")}
${schemasHtml(spec)}`,
    },
    facts,
  );
}

/**
 * A `/docs/{section}` page: one tag of the contract.
 *
 * @example
 * docsSectionPage(spec, spec.tags[0], facts) // "<!doctype html>..." for /docs/records
 */
export function docsSectionPage(spec: Spec, tag: { name: string; description?: string }, facts: SiteFacts): string {
  return layout(
    {
      title: `API reference, ${tag.name}: ${spec.info.title}`,
      description: `${tag.name} endpoints of ${spec.info.title}: ${tag.description ?? ""} Parameters, responses and errors, from its OpenAPI description.`,
      canonical: `/docs/${tagSlug(tag.name)}`,
      main: `<h1>API reference: ${e(tag.name)}</h1>${intro(spec, tag.name)}
${sectionHtml(spec, tag)}`,
    },
    facts,
  );
}

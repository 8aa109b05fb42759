// OpenAPI 3.0 Schema Objects -> JSON Schema (draft-07), validated with Ajv.
//
// OpenAPI 3.0 differs from JSON Schema in a few ways that matter for validation:
// - `nullable: true` allows null in addition to `type` (and to `enum`, when one is given);
// - `example`, `xml`, `externalDocs`, `discriminator`, `deprecated` are annotations;
// - siblings of `$ref` are ignored.
// The whole document is converted schema-by-schema (every Schema Object position is walked)
// and registered with Ajv under an `$id`, so `#/components/...` refs resolve inside it and a
// response schema is compiled as `{ $ref: "<id>#<pointer>" }`.
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { Json, JsonObject } from "./spec.ts";

const ANNOTATIONS = new Set(["example", "xml", "externalDocs", "discriminator", "deprecated"]);
const SUBSCHEMA = new Set(["items", "not", "additionalProperties"]);
const SUBSCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf"]);
const SUBSCHEMA_MAPS = new Set(["properties"]);

function convertSchema(s: Json): Json {
  if (s === null || typeof s !== "object" || Array.isArray(s)) return s;
  if (typeof s.$ref === "string") return { $ref: s.$ref }; // OpenAPI 3.0: siblings of $ref are ignored
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) {
    if (ANNOTATIONS.has(k) || k === "nullable") continue;
    if (SUBSCHEMA.has(k)) out[k] = typeof v === "object" ? convertSchema(v) : v;
    else if (SUBSCHEMA_LISTS.has(k)) out[k] = (v as Json[]).map(convertSchema);
    else if (SUBSCHEMA_MAPS.has(k))
      out[k] = Object.fromEntries(Object.entries(v as JsonObject).map(([pk, pv]) => [pk, convertSchema(pv)]));
    else out[k] = v;
  }
  // OpenAPI 3.0.3: `nullable: true` adds null to the `type` beside it, and only there; an
  // allOf/anyOf/oneOf beside it still applies to null (see nullableWithoutEffect).
  if (s.nullable === true && typeof out.type === "string") {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/**
 * The schemas whose `nullable: true` does not let null through under OpenAPI 3.0.3: no
 * `type` beside it (then it has no effect), or an allOf/anyOf/oneOf/not beside it, which
 * null must pass too. A nullable reference is written `oneOf: [{ $ref }, { type, nullable:
 * true, enum: [null] }]`. Only Schema Objects have `nullable`, so the whole document is walked.
 *
 * @example
 * nullableWithoutEffect({ components: { schemas: { A: { type: "object", nullable: true, allOf: [{ $ref: "#/B" }] } } } })
 * // ["#/components/schemas/A"]
 */
export function nullableWithoutEffect(doc: Json, pointer = "#"): string[] {
  if (doc === null || typeof doc !== "object") return [];
  const here: string[] = [];
  if (!Array.isArray(doc) && doc.nullable === true && (typeof doc.type !== "string" || doc.allOf || doc.anyOf || doc.oneOf || doc.not)) here.push(pointer);
  const entries: [string, Json][] = Array.isArray(doc) ? doc.map((v, i) => [String(i), v]) : Object.entries(doc);
  return here.concat(entries.flatMap(([k, v]) => nullableWithoutEffect(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`)));
}

/** Converts every Schema Object of an OpenAPI 3.0 document in place of a deep copy. */
function convertDocument(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc) as JsonObject;
  const convertContent = (content: Json | undefined) => {
    for (const media of Object.values((content ?? {}) as JsonObject)) {
      const m = media as JsonObject;
      if (m.schema !== undefined) m.schema = convertSchema(m.schema);
      delete m.example;
      delete m.examples;
    }
  };
  const convertHeaders = (headers: Json | undefined) => {
    for (const h of Object.values((headers ?? {}) as JsonObject)) {
      const hh = h as JsonObject;
      if (hh.schema !== undefined) hh.schema = convertSchema(hh.schema);
      delete hh.example;
    }
  };
  const convertResponse = (r: Json) => {
    const rr = r as JsonObject;
    if (rr.$ref) return;
    convertContent(rr.content);
    convertHeaders(rr.headers);
  };
  const convertParam = (p: Json) => {
    const pp = p as JsonObject;
    if (pp.$ref) return;
    if (pp.schema !== undefined) pp.schema = convertSchema(pp.schema);
    delete pp.example;
  };
  const comps = (copy.components ?? {}) as JsonObject;
  for (const [k, v] of Object.entries((comps.schemas ?? {}) as JsonObject)) (comps.schemas as JsonObject)[k] = convertSchema(v);
  for (const r of Object.values((comps.responses ?? {}) as JsonObject)) convertResponse(r);
  convertHeaders(comps.headers);
  for (const p of Object.values((comps.parameters ?? {}) as JsonObject)) convertParam(p);
  for (const item of Object.values((copy.paths ?? {}) as JsonObject)) {
    for (const [k, op] of Object.entries(item as JsonObject)) {
      if (k === "parameters") (op as Json[]).forEach(convertParam);
      if (typeof op !== "object" || op === null || Array.isArray(op)) continue;
      for (const p of ((op as JsonObject).parameters ?? []) as Json[]) convertParam(p);
      for (const r of Object.values(((op as JsonObject).responses ?? {}) as JsonObject)) convertResponse(r);
    }
  }
  return copy;
}

export const DOC_ID = "https://school-districts.invalid/openapi.json";

export class SchemaValidator {
  readonly ajv: Ajv;
  private cache = new Map<string, ValidateFunction>();

  constructor(doc: JsonObject) {
    // strict: false because the registered root is an OpenAPI document (keys such as `openapi`,
    // `info`, `paths` are not JSON Schema keywords); every schema inside it has been converted.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...convertDocument(doc), $id: DOC_ID });
  }

  /** Validator for the schema at a JSON pointer (e.g. `#/components/schemas/DistrictRecord`). */
  at(pointer: string): ValidateFunction {
    let v = this.cache.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.cache.set(pointer, v);
    }
    return v;
  }

  validate(pointer: string, value: unknown): string | undefined {
    const v = this.at(pointer);
    if (v(value)) return undefined;
    return this.ajv.errorsText(v.errors?.slice(0, 5), { separator: "; ", dataVar: "body" });
  }
}

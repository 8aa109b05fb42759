// fast-check arbitraries for parameter values and request headers.
import fc from "fast-check";
import type { Operation, ParamSpec } from "./spec.ts";

export interface Dataset {
  /** Real ZIPs, from the running server's /index.json. */
  zips: string[];
  zipSet: Set<string>;
  /** The 56 state codes (the StateCode enum, cross-checked with /index.json). */
  states: string[];
  stateSet: Set<string>;
  /** ZIP -> state, from /index.json. */
  zipState: Map<string, string>;
  /** Real district ids (LEAIDs), from the server's /bulk/districts.csv, sorted. */
  leaids: string[];
  leaidSet: Set<string>;
}

/** How a decoded value is written into the path. */
export type Encoding = "component" | "all-percent" | "all-percent-lower";

export interface ParamValue {
  value: string;
  encoding: Encoding;
}

const hex = (b: number, lower: boolean) => {
  const h = b.toString(16).padStart(2, "0");
  return `%${lower ? h : h.toUpperCase()}`;
};

/** Writes a decoded value as one path segment. */
function encodeSegment(v: ParamValue): string {
  if (v.encoding === "component") {
    // encodeURIComponent leaves . ! ' ( ) * ~ alone: fine inside a segment, except a segment
    // made only of dots, which would be a dot-segment. Those are filtered out by the generators.
    return encodeURIComponent(v.value);
  }
  return [...Buffer.from(v.value, "utf8")].map((b) => hex(b, v.encoding === "all-percent-lower")).join("");
}

/** The request target: path parameters into the template, query parameters after `?`. */
export function buildPath(op: Operation, values: Record<string, ParamValue | undefined>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(values[name]!));
  const query = op.params
    .filter((p) => p.in === "query" && values[p.name] !== undefined)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeSegment(values[p.name]!)}`);
  return query.length ? `${path}?${query.join("&")}` : path;
}

export function patternOf(p: ParamSpec): RegExp | undefined {
  return typeof p.schema.pattern === "string" ? new RegExp(p.schema.pattern, "u") : undefined;
}

/** The values of a parameter whose schema is an `enum` (a closed set of names, e.g. problem kinds). */
export function enumOf(p: ParamSpec): string[] | undefined {
  return Array.isArray(p.schema.enum) ? p.schema.enum.map(String) : undefined;
}

const DIGIT_SETS = [
  "0123456789", // ASCII
  "０１２３４５６７８９", // full-width
  "٠١٢٣٤٥٦٧٨٩", // Arabic-Indic
  "۰۱۲۳۴۵۶۷۸۹", // Extended Arabic-Indic
  "०१२३४५६७८९", // Devanagari
  "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", // mathematical bold (astral plane)
];
const WHITESPACE = [" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u200b"];
const dotsOnly = (s: string) => /^\.*$/.test(s) && s.length > 0;

/** Digits in any script, at least one of them not ASCII. */
const unicodeDigits = (len: number) =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: DIGIT_SETS.length - 1 }), fc.integer({ min: 0, max: 9 })), {
      minLength: len,
      maxLength: len,
    })
    .filter((ds) => ds.some(([s]) => s !== 0))
    .map((ds) => ds.map(([s, d]) => [...DIGIT_SETS[s]!][d]).join(""));

/**
 * Positive coordinates: lat and lon are drawn independently, so each comes from a box
 * in which every combination is inside a school district: 37-41 N, 95-108 W (eastern
 * Colorado, Kansas, southern Nebraska, western Missouri; 100,000 random points of it
 * all answered), written with 0 to 6 decimals.
 */
export const LOCATED_BOX = { lat: [37, 41], lon: [-108, -95] } as const;
function degrees([lo, hi]: readonly [number, number]): fc.Arbitrary<string> {
  return fc.tuple(fc.double({ min: lo, max: hi, noNaN: true }), fc.integer({ min: 0, max: 6 })).map(([v, d]) => v.toFixed(d));
}

function positiveArb(p: ParamSpec, data: Dataset): fc.Arbitrary<string> {
  if (p.name === "zip") return fc.constantFrom(...data.zips);
  if (p.name === "lat") return degrees(LOCATED_BOX.lat);
  if (p.name === "lon") return degrees(LOCATED_BOX.lon);
  if (p.name === "state") return fc.constantFrom(...data.states);
  if (p.name === "leaid") return fc.constantFrom(...data.leaids);
  const values = enumOf(p);
  if (values?.length) return fc.constantFrom(...values);
  const re = patternOf(p);
  if (re) return fc.stringMatching(re);
  return fc.string();
}

export function positiveValue(p: ParamSpec, data: Dataset): fc.Arbitrary<ParamValue> {
  return fc.record({
    value: positiveArb(p, data),
    encoding: fc.oneof(
      { weight: 8, arbitrary: fc.constant<Encoding>("component") },
      { weight: 1, arbitrary: fc.constantFrom<Encoding>("all-percent", "all-percent-lower") },
    ),
  });
}

/** Well-formed values that are not in the dataset: expect 404. */
export function unknownValue(p: ParamSpec, data: Dataset): fc.Arbitrary<ParamValue> | undefined {
  let arb: fc.Arbitrary<string> | undefined;
  if (p.name === "zip") arb = fc.stringMatching(/^[0-9]{5}$/).filter((z) => !data.zipSet.has(z));
  else if (p.name === "leaid") arb = fc.stringMatching(/^[0-9]{7}$/).filter((l) => !data.leaidSet.has(l));
  else if (p.name === "state")
    arb = fc
      .tuple(fc.integer({ min: 65, max: 90 }), fc.integer({ min: 65, max: 90 }))
      .map(([a, b]) => String.fromCharCode(a, b))
      .filter((s) => !data.stateSet.has(s));
  else if (enumOf(p)) {
    const values = new Set(enumOf(p));
    arb = fc.stringMatching(/^[a-z]{1,10}(-[a-z]{1,10}){0,2}$/).filter((s) => !values.has(s)); // name-like, not one of the enum
  }
  if (!arb) return undefined;
  return fc.record({ value: arb, encoding: fc.constant<Encoding>("component") });
}

/** Values that break the parameter's pattern (expect 400), or are not one of its enum (expect 404). */
export function negativeValue(p: ParamSpec, data: Dataset): fc.Arbitrary<ParamValue> {
  const values = enumOf(p);
  const re = patternOf(p) ?? (values ? { test: (v: string) => values.includes(v) } : /^$/);
  const valid = positiveArb(p, data);
  const isZip = p.name === "zip";
  const isLeaid = p.name === "leaid";
  const digitsLen = (min: number, max: number) =>
    fc.integer({ min, max }).chain((n) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`)));
  const common: fc.Arbitrary<string>[] = [
    fc.constant(""), // empty
    digitsLen(1, 4), // short
    digitsLen(6, 12), // long
    fc.integer({ min: 100, max: 4000 }).map((n) => "9".repeat(n)), // very long (request heads stay under 16 KiB)
    fc.stringMatching(/^[A-Za-z]{1,6}$/), // letters
    fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), // letters and digits
    unicodeDigits(isZip ? 5 : isLeaid ? 7 : 2), // unicode digits: full-width, Arabic-Indic, ...
    fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 3 }).map((w) => w.join("")), // whitespace only
    fc
      .tuple(valid, fc.constantFrom(...WHITESPACE), fc.nat())
      .map(([v, w, i]) => v.slice(0, i % (v.length + 1)) + w + v.slice(i % (v.length + 1))), // whitespace inside
    valid.map((v) => [...Buffer.from(v)].map((b) => `%${b.toString(16).toUpperCase()}`).join("")), // a literal "%39%30..." value
    valid.map((v) => `${v}%`),
    valid.map((v) => `${v}.json`),
    valid.map((v) => `${v}\u0000`),
    valid.map((v) => `-${v}`),
    valid.map((v) => `${v}/..`),
    // Object's own keys, which a plain lookup table gives back (review 37 #2: "constructor" was a 500 page).
    fc.constantFrom("..%2f", "%00", "null", "undefined", "NaN", "-1", "1e5", "0x1F", "' OR 1=1 --", "<script>", "${7*7}", "constructor", "__proto__", "toString", "hasOwnProperty"),
    fc.string({ unit: "grapheme", maxLength: 8 }),
    fc.string({ unit: "binary", maxLength: 8 }),
    // What people type into the search box, which it reads (a district's name or initials: 303 to the
    // district's page, whose Location the contract must allow: ops audit 35 #1), and long runs made
    // to be slow (review 35 #1); heads stay under 16 KiB even with every character percent-encoded.
    fc.constantFrom("Houston ISD", "Chicago Public Schools", "Seattle schools", "Boston, MA", "CPS", "90210 schools", `${"usd ".repeat(600)}1`, `a${" ".repeat(1_500)}b`),
  ];
  if (isZip) {
    common.push(fc.stringMatching(/^[0-9]{5}-[0-9]{4}$/)); // ZIP+4
    common.push(fc.integer({ min: 0, max: 99999 }).map((n) => String(n))); // not zero-padded
  }
  if (isLeaid) {
    common.push(fc.constantFrom(...data.leaids).map((l) => l.replace(/^0+/, ""))); // leading zeros dropped
    common.push(fc.constantFrom(...data.leaids).map((l) => `${l.slice(0, 2)}-${l.slice(2)}`)); // with a separator
  }
  if (values?.length) {
    common.push(fc.constantFrom(...values).map((v) => v.toUpperCase())); // other case
    common.push(fc.constantFrom(...values).map((v) => v.charAt(0).toUpperCase() + v.slice(1))); // capitalised
    common.push(fc.constantFrom(...values).map((v) => v.replace(/-/g, "_"))); // other separator
    common.push(fc.constantFrom(...values).map((v) => `${v}.html`)); // with an extension
  }
  if (p.name === "state") {
    common.push(fc.constantFrom(...data.states).map((s) => s.toLowerCase())); // lowercase
    common.push(fc.constantFrom(...data.states).map((s) => s.charAt(0) + s.charAt(1).toLowerCase())); // mixed case
    common.push(fc.constantFrom(...data.states).map((s) => s.charAt(0).toLowerCase() + s.charAt(1))); // mixed case
    common.push(fc.constantFrom(...data.states).map((s) => [...s].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(""))); // full-width letters
    common.push(fc.stringMatching(/^[A-Z]{3,4}$/)); // too long
    common.push(fc.stringMatching(/^[A-Z]$/)); // too short
  }
  const value = fc.oneof(...common).filter((v) => !re.test(v) && !dotsOnly(v));
  return fc.record({
    value,
    encoding: fc.oneof(
      { weight: 6, arbitrary: fc.constant<Encoding>("component") },
      { weight: 1, arbitrary: fc.constantFrom<Encoding>("all-percent", "all-percent-lower") },
    ),
  });
}

export const ACCEPT_ENCODINGS: (string | undefined)[] = [
  undefined,
  "br",
  "gzip",
  "identity",
  "gzip;q=0",
  "br;q=0, gzip",
  "*",
  "gzip, deflate, br, zstd",
  "br;q=0.5, gzip;q=1.0",
  "gzip;q=0.5, br;q=1.0",
  "deflate",
  "zstd",
  "GZIP",
  "br;q=0, gzip;q=0",
  "*;q=0, identity",
  "gzip;q=0.001",
];

export const acceptEncoding = fc.constantFrom(...ACCEPT_ENCODINGS);

export const OTHER_METHODS = ["POST", "PUT", "PATCH", "DELETE", "TRACE"] as const;

export const UNKNOWN_PATH_SEEDS = [
  "/zip",
  "/zip/",
  "/zip/90210.JSON",
  "/zip/90210.json/",
  "/zip/90210.xml",
  "/zip/90210/districts",
  "/zip/90210/districts.json/",
  "/zip/90210/other.json",
  "/state",
  "/state/",
  "/state/CA.json/",
  "/state/CA.csv",
  "/state/CA/districts",
  "/state/CA/districts.csv",
  "/district",
  "/district/",
  "/district/0604830.JSON",
  "/district/0604830/zips.json",
  "/districts/0604830.json",
  "/bulk/districts.json",
  "/bulk",
  "/bulk/",
  "/bulk/all-districts.xml",
  "/bulk/all-districts",
  "/BULK/all-districts.json",
  "/index",
  "/index.JSON",
  "/INDEX.json",
  "/openapi.yaml",
  "/openapi",
  "/docs/",
  "/docs/index.html",
  "/healthz/",
  "/health",
  "/favicon.ico",
  "/robots.txt",
  "/.env",
  "/api/zip/90210.json",
  "/v1/zip/90210.json",
  "/%7a%69%70",
];

/** Random paths: seeds above with random suffixes, and random segment lists. */
export const unknownPath = fc.oneof(
  fc.constantFrom(...UNKNOWN_PATH_SEEDS),
  fc
    .tuple(fc.constantFrom(...UNKNOWN_PATH_SEEDS), fc.stringMatching(/^[a-zA-Z0-9._~-]{1,10}$/))
    .map(([a, b]) => `${a.replace(/\/$/, "")}/${b}`),
  fc
    .array(
      fc.oneof(
        fc.stringMatching(/^[a-zA-Z0-9._~-]{1,12}$/),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).map(encodeURIComponent),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((segs) => `/${segs.join("/")}`),
).filter((p) => !p.split("/").some((s) => s === "." || s === ".."));

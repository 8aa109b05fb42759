// A small, correct implementation of the service's HTTP rules over a tiny dataset, with
// faults that can be planted one at a time. It proves the checker catches each fault (and
// reports nothing against the correct version). Served by Bun.serve, or by a raw TCP server
// for the faults Bun.serve makes impossible (a body on a 304, a wrong Content-Length).
import { createServer, type Server } from "node:net";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { loadSpec } from "../src/spec.ts";

export const FAULTS = [
  "wrong-content-type",
  "missing-field",
  "undocumented-status",
  "missing-cors",
  "body-on-304",
  "etag-304-mismatch",
  "server-error",
  "405-missing-allow",
  "post-200",
  "head-differs",
  "wrong-cache-control",
  "gzip-when-refused",
  "lowercase-state-404",
  "rating-as-string",
  "options-200",
  "weak-etag",
  "etag-per-request",
  "problem-status-mismatch",
  "no-vary",
  "bad-gzip",
  "bad-content-length",
  "ignores-if-none-match",
  "ignores-if-match",
  "extra-field",
  "gzip-over-br",
  "unsorted-index",
  "count-mismatch",
  "stale-openapi",
  "csv-lf",
  "zip-districts-none-chosen",
  "district-zips-unsorted",
  "district-page-json-type",
  "state-districts-count",
  "state-page-404",
  "districts-csv-lf",
  "zip-districts-csv-lf",
] as const;
export type Fault = (typeof FAULTS)[number];

const SOURCE = "National Center for Education Statistics (NCES): Common Core of Data and EDGE";
const LICENSE = "https://creativecommons.org/licenses/by/4.0/";
const UPDATED = "2026-11-22";
const CACHE = "public, max-age=86400, stale-while-revalidate=604800";
const LAST_MODIFIED = "Sun, 22 Nov 2026 00:00:00 GMT";

export const STATES = (
  "AK AL AR AS AZ CA CO CT DC DE FL GA GU HI IA ID IL IN KS KY LA MA MD ME MI MN MO MP MS MT " +
  "NC ND NE NH NJ NM NV NY OH OK OR PA PR RI SC SD TN TX UT VA VI VT WA WI WV WY"
).split(" ");

const PROBLEM_TYPES: [kind: string, status: number, title: string][] = [
  ["invalid-zip", 400, "Invalid ZIP code"],
  ["invalid-state", 400, "Invalid state code"],
  ["zip-not-found", 404, "ZIP code not found"],
  ["state-not-found", 404, "State not found"],
  ["invalid-leaid", 400, "Invalid district id"],
  ["district-not-found", 404, "District not found"],
  ["not-found", 404, "Not found"],
  ["method-not-allowed", 405, "Method not allowed"],
  ["invalid-location", 400, "Invalid location"],
  ["location-not-found", 404, "No school district at this location"],
  ["precondition-failed", 412, "Precondition failed"],
];

const label = (r: number | null) =>
  r === null ? "" : r >= 9 ? "Excellent" : r >= 7 ? "Good" : r >= 5 ? "Average" : r >= 3 ? "Below Average" : "Poor";

const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** The district of each ZIP's record: `<state number><j>` (the record itself does not carry it). */
const RECORD_LEAID = new Map<string, string>();
/** A second district of each state that overlaps all its ZIPs and is chosen for none. */
const otherLeaid = (stateIndex: number) => `${pad(stateIndex + 1, 2)}99999`;

function records(base: string) {
  const out: Record<string, unknown>[] = [];
  STATES.forEach((st, i) => {
    // Two ZIPs per state, and Beverly Hills.
    const zips = [String(10000 + i * 1000).padStart(5, "0"), String(10000 + i * 1000 + 7).padStart(5, "0")];
    if (st === "CA") zips.push("90210");
    zips.forEach((zip, j) => {
      RECORD_LEAID.set(zip, `${pad(i + 1, 2)}${pad(j, 5)}`);
      const rating = (i + j) % 3 === 0 ? null : ((i + j) % 10) + 1;
      out.push({
        zip,
        district: `${st} District ${j} Unified School District`,
        city: `City ${j}, "Quoted"`,
        state: st,
        county: st === "GU" ? "" : `County ${i}`,
        rating,
        rating_label: label(rating),
        students: j ? "12,345" : "",
        schools: "6",
        per_pupil: j ? "$17,486/yr" : "",
        grade_span: j ? "Kindergarten – 12th" : "Pre-Kindergarten",
        phone: "(310) 551-5100",
        website: j ? "http://www.example.org" : "",
        page_url: `${base}/zip/${zip}`,
        source: SOURCE,
        source_url: "https://nces.ed.gov/ccd/",
        license: LICENSE,
        updated: UPDATED,
      });
    });
  });
  return out.sort((a, b) => String(a.zip).localeCompare(String(b.zip)));
}

const CSV_COLUMNS = "zip district city state county rating rating_label students schools per_pupil grade_span phone website page_url updated".split(" ");
const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

interface Variant {
  body: Buffer;
  etag: string;
}
interface Resource {
  type: string;
  variants: Record<"identity" | "gzip" | "br", Variant>;
  extra?: [string, string][];
}

/** A download's licence and sources link, readable by browsers with its file name (the contract's BulkLink). */
const DOWNLOAD: [string, string][] = [
  ["Link", '<https://creativecommons.org/licenses/by/4.0/>; rel="license", </about#sources>; rel="describedby"'],
  ["Access-Control-Expose-Headers", "ETag, Content-Disposition, Link"],
];

function resource(type: string, text: string, weak: boolean, extra?: [string, string][]): Resource {
  const identity = Buffer.from(text, "utf8");
  const mk = (body: Buffer, coding: string): Variant => {
    const h = createHash("sha256").update(body).digest("hex").slice(0, 16);
    return { body, etag: `${weak ? "W/" : ""}"${h}-${coding}"` };
  };
  return {
    type,
    extra,
    variants: {
      identity: mk(identity, "id"),
      gzip: mk(gzipSync(identity), "gz"),
      br: mk(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }), "br"),
    },
  };
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

function q(coding: string, ae: string | null): number {
  if (ae === null) return coding === "identity" ? 1 : 0; // no header: send identity
  const entries = ae.split(",").map((e) => {
    const [n = "", ...ps] = e.split(";").map((s) => s.trim());
    const qp = ps.find((p) => p.startsWith("q="));
    return { n: n.toLowerCase(), q: qp ? Number(qp.slice(2)) : 1 };
  });
  const e = entries.find((x) => x.n === coding) ?? entries.find((x) => x.n === "*");
  if (e) return e.q;
  return coding === "identity" ? 1 : 0;
}

class StandIn {
  private resources = new Map<string, Resource>();
  private zips = new Set<string>();
  private counter = 0;
  private readonly record90210: Record<string, unknown> | undefined;

  constructor(
    readonly base: string,
    readonly faults: Set<Fault> = new Set(),
  ) {
    const weak = faults.has("weak-etag");
    const json = "application/json; charset=utf-8";
    const recs = records(base);
    this.record90210 = recs.find((r) => r.zip === "90210");
    for (const r of recs) {
      if (faults.has("missing-field")) delete r.county;
      if (faults.has("extra-field")) r.lat = 34.07;
      if (faults.has("rating-as-string") && r.rating !== null) r.rating = String(r.rating);
    }
    const zipDistricts = (r: Record<string, unknown>) => [
      { leaid: RECORD_LEAID.get(String(r.zip)), district: r.district, level: "unified", grade_span: r.grade_span, share: 0.6544, basis: "population", chosen: !faults.has("zip-districts-none-chosen"), serves_most: ["elementary", "secondary"], share_elementary: 0.6544, share_secondary: 0.6544 },
      { leaid: otherLeaid(STATES.indexOf(String(r.state))), district: "Other District", level: "elementary", grade_span: "", share: 0.1, basis: "land", chosen: false, serves_most: [], share_elementary: 0.1, share_secondary: 0 },
    ];
    for (const r of recs) {
      this.zips.add(String(r.zip));
      this.resources.set(`/zip/${r.zip}.json`, resource(faults.has("wrong-content-type") ? "text/plain; charset=utf-8" : json, JSON.stringify(r), weak));
      this.resources.set(
        `/zip/${r.zip}/districts.json`,
        resource(
          json,
          JSON.stringify({ zip: r.zip, zcta: r.zip, districts: zipDistricts(r), newer_districts: [] }),
          weak,
        ),
      );
      this.resources.set(`/zip/${r.zip}`, resource("text/html; charset=utf-8", `<!doctype html><title>${r.zip}</title><h1>${r.district}</h1>`, weak));
    }
    for (const st of STATES) {
      const rs = recs.filter((r) => r.state === st);
      this.resources.set(`/state/${st}.json`, resource(json, JSON.stringify({ state: st, count: rs.length + (faults.has("count-mismatch") ? 1 : 0), source: SOURCE, license: LICENSE, records: rs }), weak));
    }
    // Districts: each record's own (chosen for its ZIP) and the state's other one (overlapping all its ZIPs).
    const districts = new Map<string, { facts: Record<string, unknown>; zips: { zip: string; share: number; basis: string; chosen: boolean; serves_most: string[]; share_elementary: number; share_secondary: number }[] }>();
    const html = "text/html; charset=utf-8";
    for (const r of recs) {
      const i = STATES.indexOf(String(r.state));
      const own = RECORD_LEAID.get(String(r.zip))!;
      // serves_most as in the ZIP's districts list above.
      for (const [leaid, name, level, share, basis, chosen, servesMost] of [
        [own, r.district, "unified", 0.6544, "population", true, ["elementary", "secondary"]],
        [otherLeaid(i), "Other District", "elementary", 0.1, "land", false, []],
      ] as const) {
        const d = districts.get(leaid) ?? {
          facts: {
            leaid, district: name, state: r.state, county: "", level, grade_span: level === "unified" ? r.grade_span : "",
            students: r.students, schools: r.schools, per_pupil: r.per_pupil, rating: r.rating, rating_label: r.rating_label,
            phone: r.phone, website: r.website, page_url: `${base}/district/${leaid}`,
          },
          zips: [],
        };
        d.zips.push({ zip: String(r.zip), share, basis, chosen, serves_most: [...servesMost], share_elementary: share, share_secondary: level === "elementary" ? 0 : share });
        districts.set(leaid, d);
      }
    }
    const ids = [...districts.keys()].sort();
    for (const leaid of ids) {
      const d = districts.get(leaid)!;
      const zips = faults.has("district-zips-unsorted") ? [...d.zips].reverse() : d.zips;
      this.resources.set(`/district/${leaid}.json`, resource(json, JSON.stringify({ ...d.facts, source: SOURCE, source_url: "https://nces.ed.gov/ccd/", license: LICENSE, updated: UPDATED, zips }), weak));
      this.resources.set(`/district/${leaid}`, resource(faults.has("district-page-json-type") ? json : html, `<!doctype html><title>${String(d.facts.district)}</title><h1>${String(d.facts.district)}</h1>`, weak));
    }
    const summary = (leaid: string) => {
      const d = districts.get(leaid)!;
      return { ...d.facts, url: `${base}/district/${leaid}.json`, overlapping_zips: d.zips.length, chosen_zips: d.zips.filter((z) => z.chosen).length };
    };
    for (const st of STATES) {
      const list = ids.filter((l) => districts.get(l)!.facts.state === st).map(summary);
      const count = list.length + (faults.has("state-districts-count") ? 1 : 0);
      this.resources.set(`/state/${st}/districts.json`, resource(json, JSON.stringify({ state: st, count, source: SOURCE, license: LICENSE, updated: UPDATED, districts: list }), weak));
      this.resources.set(`/state/${st}`, resource(html, `<!doctype html><title>${st}</title><h1>School districts of ${st}</h1>`, weak));
    }
    const districtCols = "leaid district state county level grade_span students schools per_pupil rating rating_label phone website page_url overlapping_zips chosen_zips per_pupil_year rating_source notes".split(" ");
    const deol = faults.has("districts-csv-lf") ? "\n" : "\r\n";
    const dcsv = [[...districtCols, "updated"].join(","), ...ids.map((l) => [...districtCols.map((c) => csvCell((summary(l) as Record<string, unknown>)[c])), UPDATED].join(","))].join(deol) + deol;
    this.resources.set("/bulk/districts.csv", resource("text/csv; charset=utf-8", dcsv, weak, [["Content-Disposition", 'attachment; filename="districts.csv"'], ...DOWNLOAD]));
    const zipDistrictCols = "zip zcta state leaid district level grade_span share share_elementary share_secondary basis chosen serves_most per_pupil_year rating_source notes".split(" ");
    const zdRows = recs.flatMap((r) => zipDistricts(r).map((d) => ({ ...d, zip: r.zip, zcta: r.zip, state: r.state, serves_most: d.serves_most.join(" "), per_pupil_year: "", rating_source: "", notes: "" })));
    const zdEol = faults.has("zip-districts-csv-lf") ? "\n" : "\r\n";
    const zdcsv = [[...zipDistrictCols, "updated"].join(","), ...zdRows.map((d) => [...zipDistrictCols.map((c) => csvCell((d as Record<string, unknown>)[c])), UPDATED].join(","))].join(zdEol) + zdEol;
    this.resources.set("/bulk/zip-districts.csv", resource("text/csv; charset=utf-8", zdcsv, weak, [["Content-Disposition", 'attachment; filename="zip-districts.csv"'], ...DOWNLOAD]));
    this.resources.set(
      "/bulk/all-districts.json",
      resource(json, JSON.stringify({ total: recs.length, source: SOURCE, license: LICENSE, updated: UPDATED, records: recs }), weak, DOWNLOAD),
    );
    const eol = faults.has("csv-lf") ? "\n" : "\r\n";
    const csv = [CSV_COLUMNS.join(","), ...recs.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(","))].join(eol) + eol;
    this.resources.set("/bulk/all-districts.csv", resource("text/csv; charset=utf-8", csv, weak, [["Content-Disposition", 'attachment; filename="all-districts.csv"'], ...DOWNLOAD]));
    // The downloads' SHA-256, as sha256sum writes them.
    const sums = ["all-districts.json", "all-districts.csv", "districts.csv", "zip-districts.csv"]
      .map((file) => `${new Bun.CryptoHasher("sha256").update(this.resources.get(`/bulk/${file}`)!.variants.identity.body).digest("hex")}  ${file}\n`)
      .join("");
    this.resources.set("/bulk/sha256sums.txt", resource("text/plain; charset=utf-8", sums, weak, DOWNLOAD));
    this.resources.set(
      "/index.json",
      resource(json, JSON.stringify((faults.has("unsorted-index") ? [...recs].reverse() : recs).map((r) => ({ zip: r.zip, district: r.district, city: r.city, state: r.state, rating: r.rating, url: `${base}/zip/${r.zip}.json` }))), weak),
    );
    const doc = loadSpec();
    doc.servers = [{ url: base }];
    if (faults.has("stale-openapi")) (doc.info as Record<string, unknown>).version = "0.9.0";
    this.resources.set("/openapi.json", resource(json, JSON.stringify(doc, null, 2), weak));
    this.resources.set("/healthz", resource(json, JSON.stringify({ status: "ok", updated: UPDATED, records: recs.length }), weak));
    this.resources.set("/", resource("text/html; charset=utf-8", "<!doctype html><title>School districts</title><form action=/zip><label>ZIP <input name=zip></label></form>", weak));
    this.resources.set("/docs", resource("text/html; charset=utf-8", "<!doctype html><title>API</title><h1>API reference</h1>", weak));
    for (const section of ["records", "districts", "collections", "pages", "meta", "search-engines"]) {
      this.resources.set(`/docs/${section}`, this.resources.get("/docs")!);
    }
    this.resources.set("/docs/interactive", resource("text/html; charset=utf-8", "<!doctype html><title>API</title><div id=redoc></div><script type=module src=/docs/redoc.js></script>", weak));
    this.resources.set("/docs/redoc.js", resource("text/javascript; charset=utf-8", "/* Redoc */", weak));
    this.resources.set("/about", resource("text/html; charset=utf-8", "<!doctype html><title>About</title><h1>How these answers are made</h1>", weak));
    this.resources.set("/robots.txt", resource("text/plain; charset=utf-8", `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`, weak));
    this.resources.set(
      "/sitemap.xml",
      resource(
        "application/xml; charset=utf-8",
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>${base}/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>${base}/sitemap-2.xml</loc></sitemap>\n</sitemapindex>\n`,
        weak,
      ),
    );
    // The index's files, as the contract's enum lists them.
    for (const n of ["1", "2"]) {
      this.resources.set(`/sitemap-${n}.xml`, resource("application/xml; charset=utf-8", `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/</loc></url></urlset>\n`, weak));
    }
    // The pages the problems' `type` URIs resolve to; any other kind falls through to not-found.
    for (const [kind, status, title] of PROBLEM_TYPES) {
      this.resources.set(`/problems/${kind}`, resource("text/html; charset=utf-8", `<!doctype html><title>${title}</title><h1>${title}</h1><p>HTTP ${status}</p>`, weak));
    }
  }

  private problem(status: number, kind: string, title: string, detail: string, path: string, extra: [string, string][] = []): Answer {
    const body = JSON.stringify({
      type: `${this.base}/problems/${kind}`,
      title,
      status: this.faults.has("problem-status-mismatch") && status === 404 ? 400 : status,
      detail,
      instance: path,
    });
    let code = status;
    if (this.faults.has("undocumented-status") && kind === "state-not-found") code = 422;
    const headers: [string, string][] = [
      ["Content-Type", "application/problem+json"],
      ["Cache-Control", status === 404 ? CACHE : "no-store"],
      ["X-Content-Type-Options", "nosniff"],
      ...extra,
    ];
    if (!(this.faults.has("missing-cors") && status === 404)) headers.push(["Access-Control-Allow-Origin", "*"]);
    // Errors off the API routes are negotiated on Accept (an HTML page for browsers); this stand-in always answers JSON.
    const zipPage = (/^\/zip\/[^/]+$/.test(path) && !path.endsWith(".json")) || /^\/problems\/[^/]*$/.test(path);
    if (zipPage || !(path.endsWith(".json") || path.endsWith(".csv") || path === "/healthz")) headers.push(["Vary", "Accept"]);
    return { status: code, headers, body: Buffer.from(body) };
  }

  handle(method: string, target: string, reqHeaders: { get(name: string): string | null }): Answer {
    const path = target.split("?")[0]!;
    if (method === "OPTIONS") {
      return {
        status: this.faults.has("options-200") ? 200 : 204,
        headers: [
          ["Access-Control-Allow-Origin", "*"],
          ["Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"],
          ["Access-Control-Allow-Headers", reqHeaders.get("access-control-request-headers") ? `${reqHeaders.get("access-control-request-headers")}, If-None-Match, If-Modified-Since, Accept-Encoding, Content-Type` : "If-None-Match, If-Modified-Since, Accept-Encoding, Content-Type"],
          ["Access-Control-Max-Age", "86400"],
          ["Allow", "GET, HEAD, OPTIONS"],
          ["Vary", "Access-Control-Request-Headers"],
        ],
        body: new Uint8Array(),
      };
    }
    if (method !== "GET" && method !== "HEAD") {
      if (this.faults.has("post-200") && method === "POST") return { status: 200, headers: [["Access-Control-Allow-Origin", "*"], ["Content-Type", "text/plain"]], body: Buffer.from("ok") };
      return this.problem(405, "method-not-allowed", "Method not allowed", `${method} is not supported: this service is read-only. Use GET, HEAD or OPTIONS.`, path, this.faults.has("405-missing-allow") ? [] : [["Allow", "GET, HEAD, OPTIONS"]]);
    }
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      decoded = path;
    }
    let m: RegExpExecArray | null;
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    if (decoded === "/zip") {
      // The search form's target: 303 to the ZIP's page (a ZIP+4 to its 5 digits), 400 for anything else.
      const typed = (new URLSearchParams(target.split("?")[1] ?? "").get("zip") ?? "").trim();
      const zip = /^([0-9]{5})(?:[-\s]?[0-9]{4})?$/.exec(typed)?.[1];
      if (zip === undefined) return this.problem(400, "invalid-zip", "Invalid ZIP code", `'${typed}' is not a ZIP code: use exactly 5 digits.`, "/zip");
      return { status: 303, headers: [["Location", `/zip/${zip}`], ["Access-Control-Allow-Origin", "*"], ["Cache-Control", CACHE]], body: new Uint8Array() };
    }
    if ((m = /^\/zip\/([^/]*?)(\.json|\/districts\.json|)$/.exec(path))) {
      const zip = dec(m[1]!);
      if (!/^[0-9]{5}$/.test(zip)) return this.problem(400, "invalid-zip", "Invalid ZIP code", `'${zip}' is not a ZIP code: use exactly 5 digits.`, path);
      if (!this.zips.has(zip)) {
        if (this.faults.has("server-error") && [...zip].reduce((a, d) => a + Number(d), 0) % 2 === 0) return { status: 500, headers: [["Access-Control-Allow-Origin", "*"]], body: Buffer.from("boom") };
        return this.problem(404, "zip-not-found", "ZIP code not found", `ZIP code ${zip} is not in the dataset.`, path);
      }
      return this.serve(method, `/zip/${zip}${m[2]}`, reqHeaders);
    }
    if ((m = /^\/district\/([^/]*?)(\.json|)$/.exec(path))) {
      const leaid = dec(m[1]!);
      if (!/^[0-9]{7}$/.test(leaid)) return this.problem(400, "invalid-leaid", "Invalid district id", `'${leaid}' is not a district id: use 7 digits.`, path);
      if (!this.resources.has(`/district/${leaid}.json`)) return this.problem(404, "district-not-found", "District not found", `District ${leaid} is not in the dataset.`, path);
      return this.serve(method, `/district/${leaid}${m[2]}`, reqHeaders);
    }
    if ((m = /^\/state\/([^/]*?)(\.json|\/districts\.json|)$/.exec(path))) {
      const st = dec(m[1]!);
      if (!/^[A-Z]{2}$/.test(st)) {
        if (this.faults.has("lowercase-state-404") && /^[a-z]{2}$/.test(st)) return this.problem(404, "state-not-found", "State not found", `No state ${st}.`, path);
        const hint = /^[a-zA-Z]{2}$/.test(st) ? ` Did you mean ${st.toUpperCase()}?` : "";
        return this.problem(400, "invalid-state", "Invalid state code", `'${st}' is not a state code: use two uppercase letters.${hint}`, path);
      }
      if (!STATES.includes(st) || (this.faults.has("state-page-404") && m[2] === "")) return this.problem(404, "state-not-found", "State not found", `${st} is not one of the 56 states and territories.`, path);
      return this.serve(method, `/state/${st}${m[2]}`, reqHeaders);
    }
    if (decoded === "/location") {
      // The page: the form without coordinates, a page for a point in the box, problems otherwise (no Accept: text/html here).
      const q = new URLSearchParams(target.split("?")[1] ?? "");
      const [lat, lon] = [q.get("lat"), q.get("lon")];
      const num = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
      const key = `/location?${lat},${lon}`;
      const ok = (v: string | null) => v === null || (num.test(v) && Math.abs(Number(v)) <= 180);
      if ((lat === null || lon === null) && ok(lat) && ok(lon)) {
        if (!this.resources.has(key)) this.resources.set(key, resource("text/html; charset=utf-8", "<!doctype html><title>Find a place</title><form action=/location></form>", this.faults.has("weak-etag")));
        return this.serve(method, key, reqHeaders);
      }
      if (lat === null || lon === null || !num.test(lat) || !num.test(lon) || Math.abs(Number(lat)) > 90 || Math.abs(Number(lon)) > 180) {
        return this.problem(400, "invalid-location", "Invalid location", "lat and lon must be decimal degrees in range.", path);
      }
      const [y, x] = [Number(lat), Number(lon)];
      if (!(y >= 30 && y <= 50 && x >= -125 && x <= -70)) return this.problem(404, "location-not-found", "No school district at this location", `No district holds ${y}, ${x}.`, path);
      if (!this.resources.has(key)) this.resources.set(key, resource("text/html; charset=utf-8", `<!doctype html><title>Districts at ${y}, ${x}</title>`, this.faults.has("weak-etag")));
      return this.serve(method, key, reqHeaders);
    }
    if (decoded === "/location.json") {
      // One district holds the box 30-50 N, 70-125 W (the fuzzer's positive points and the spec's example); elsewhere nothing.
      const q = new URLSearchParams(target.split("?")[1] ?? "");
      const [lat, lon] = [q.get("lat"), q.get("lon")];
      const num = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;
      if (lat === null || lon === null || !num.test(lat) || !num.test(lon) || Math.abs(Number(lat)) > 90 || Math.abs(Number(lon)) > 180) {
        return this.problem(400, "invalid-location", "Invalid location", "lat and lon must be decimal degrees in range.", path);
      }
      const [y, x] = [Number(lat), Number(lon)];
      if (!(y >= 30 && y <= 50 && x >= -125 && x <= -70)) return this.problem(404, "location-not-found", "No school district at this location", `No district holds ${y}, ${x}.`, path);
      const key = `/location.json?${y},${x}`;
      if (!this.resources.has(key)) {
        const body = {
          lat: y,
          lon: x,
          districts: [{ leaid: "0604830", district: "Beverly Hills Unified School District", level: "unified", grade_span: "Kindergarten – 12th", on_border: false, url: `${this.base}/district/0604830.json` }],
          zip: this.record90210 ?? null,
          in_zip_area: this.record90210 !== undefined,
          boundaries: { source: "U.S. Census Bureau, cartographic boundary files, school districts, 2016", vintage: "2016 (school year 2015-16)", scale: "1:500,000" },
          near_border: null,
          beyond_edge_m: null,
          newer_districts: [],
        };
        this.resources.set(key, resource("application/json; charset=utf-8", JSON.stringify(body), this.faults.has("weak-etag")));
      }
      return this.serve(method, key, reqHeaders);
    }
    if (this.resources.has(decoded) && !decoded.startsWith("/zip/") && !decoded.startsWith("/state/")) return this.serve(method, decoded, reqHeaders);
    return this.problem(404, "not-found", "Not found", `Nothing at ${path}. See /docs.`, path);
  }

  private serve(method: string, key: string, reqHeaders: { get(name: string): string | null }): Answer {
    const res = this.resources.get(key)!;
    const ae = reqHeaders.get("accept-encoding");
    let coding: "br" | "gzip" | "identity" = "identity";
    let best = q("identity", ae);
    for (const c of ["gzip", "br"] as const) {
      const v = q(c, ae);
      if (v > 0 && v >= best) {
        coding = c;
        best = v;
      }
    }
    if (this.faults.has("gzip-when-refused") && ae?.includes("gzip;q=0")) coding = "gzip";
    if (this.faults.has("gzip-over-br") && coding === "br" && q("gzip", ae) > 0) coding = "gzip";
    const variant = res.variants[coding];
    let etag = variant.etag;
    if (this.faults.has("etag-per-request")) etag = `"${variant.etag.replace(/"/g, "")}-${this.counter++}"`;
    const headers: [string, string][] = [
      ["ETag", etag],
      // /healthz is never cached (the contract's NoStoreHealth).
      ["Cache-Control", this.faults.has("wrong-cache-control") ? "max-age=60" : this.faults.has("head-differs") && method === "HEAD" ? "no-cache" : key === "/healthz" ? "no-store" : CACHE],
      ["Last-Modified", LAST_MODIFIED],
      ["Access-Control-Allow-Origin", "*"],
      // A download's say more (its file name and Link), on its 304 too.
      ["Access-Control-Expose-Headers", res.extra?.find(([name]) => name === "Access-Control-Expose-Headers")?.[1] ?? "ETag"],
    ];
    if (!this.faults.has("no-vary")) headers.push(["Vary", "Accept-Encoding"]);
    // Preconditions first (RFC 9110 §13.2.2): If-Match by strong comparison, else If-Unmodified-Since.
    const im = reqHeaders.get("if-match");
    const ius = Date.parse(reqHeaders.get("if-unmodified-since") ?? "");
    const failed =
      im !== null ? im.trim() !== "*" && !im.split(",").some((t) => t.trim() === etag) : !Number.isNaN(ius) && ius < Date.parse(LAST_MODIFIED);
    if (failed && !this.faults.has("ignores-if-match")) return this.problem(412, "precondition-failed", "Precondition failed", "If-Match names no current ETag of this resource.", key);
    const inm = reqHeaders.get("if-none-match");
    const ims = Date.parse(reqHeaders.get("if-modified-since") ?? "");
    if (!inm && !Number.isNaN(ims) && ims >= Date.parse(LAST_MODIFIED)) return { status: 304, headers, body: new Uint8Array() };
    if (inm && !this.faults.has("ignores-if-none-match")) {
      const strip = (t: string) => t.trim().replace(/^W\//, "");
      if (inm.split(",").some((t) => t.trim() === "*" || strip(t) === strip(etag))) {
        if (this.faults.has("etag-304-mismatch")) headers[0] = ["ETag", '"something-else"'];
        return { status: 304, headers, body: this.faults.has("body-on-304") ? Buffer.from("not empty") : new Uint8Array() };
      }
    }
    headers.push(["Content-Type", res.type], ...(res.extra ?? []).filter(([name]) => name !== "Access-Control-Expose-Headers"));
    // What every body carries, what a page carries, and a bulk file's refusal of ranges (the contract's, ops audit 38 #6).
    headers.push(["X-Content-Type-Options", "nosniff"]);
    if (res.type.startsWith("text/html")) headers.push(["Content-Security-Policy", "default-src 'none'"], ["Referrer-Policy", "no-referrer"]);
    if (key.startsWith("/bulk/") && key !== "/bulk/sha256sums.txt") headers.push(["Accept-Ranges", "none"]);
    if (coding !== "identity") headers.push(["Content-Encoding", coding]);
    const body = this.faults.has("bad-gzip") && coding === "gzip" ? res.variants.identity.body : variant.body;
    return { status: 200, headers, body };
  }
}

export interface Running {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Serves a StandIn with Bun.serve on 127.0.0.1, port 0. */
export function serveBun(faults: Fault[] = []): Running {
  let app: StandIn;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const u = new URL(req.url);
      const a = app.handle(req.method, u.pathname + u.search, req.headers);
      return new Response(a.body.length ? Buffer.from(a.body) : null, { status: a.status, headers: a.headers });
    },
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  app = new StandIn(baseUrl, new Set(faults));
  return { baseUrl, stop: async () => void (await server.stop(true)) };
}

/** Serves a StandIn over raw TCP, writing exactly the bytes the handler asks for. */
export async function serveRaw(faults: Fault[] = []): Promise<Running> {
  let app!: StandIn;
  const fs = new Set(faults);
  const server: Server = createServer((sock) => {
    let buf = Buffer.alloc(0);
    sock.on("data", (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      const end = buf.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [line = "", ...hl] = buf.subarray(0, end).toString("latin1").split("\r\n");
      const [method = "GET", target = "/"] = line.split(" ");
      const h = new Map(hl.map((l) => [l.slice(0, l.indexOf(":")).trim().toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const a = app.handle(method, target, { get: (n: string) => h.get(n.toLowerCase()) ?? null });
      const noBody = method === "HEAD" || ((a.status === 304 || a.status === 204) && !fs.has("body-on-304"));
      const len = fs.has("bad-content-length") && a.status === 200 ? a.body.length + 10 : a.body.length;
      const head = [`HTTP/1.1 ${a.status} X`, ...a.headers.map(([k, v]) => `${k}: ${v}`)];
      if (a.status !== 304 && a.status !== 204) head.push(`Content-Length: ${len}`);
      head.push("Connection: close", "", "");
      sock.end(Buffer.concat([Buffer.from(head.join("\r\n"), "latin1"), noBody ? Buffer.alloc(0) : Buffer.from(a.body)]));
    });
    sock.on("error", () => {});
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  const baseUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  app = new StandIn(baseUrl, fs);
  return { baseUrl, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

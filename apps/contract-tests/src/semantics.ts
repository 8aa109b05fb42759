// Promises of the descriptions (and decisions 2, 8, 9, 10, 18) that a JSON Schema cannot
// express: sort orders, counts, the record of the ZIP asked for, CSV framing, the served spec.
import { isDeepStrictEqual } from "node:util";
import type { CheckName, CheckResult, Exchange } from "./checks.ts";
import type { Dataset } from "./generators.ts";
import type { JsonObject, Spec } from "./spec.ts";

type R = Record<string, unknown>;

const LABELS: [number, number, string][] = [
  [9, 10, "Excellent"],
  [7, 8, "Good"],
  [5, 6, "Average"],
  [3, 4, "Below Average"],
  [1, 2, "Poor"],
];
const labelOf = (rating: unknown) =>
  rating === null ? "" : (LABELS.find(([lo, hi]) => (rating as number) >= lo && (rating as number) <= hi)?.[2] ?? "?");

function sortedBy<T>(xs: T[], key: (x: T) => string): number {
  for (let i = 1; i < xs.length; i++) if (!(key(xs[i - 1]!) < key(xs[i]!))) return i;
  return -1;
}

/** Rows of an RFC 4180 document, honouring quotes; `lf` counts line feeds without a CR. */
function csvRows(text: string): { rows: number; bareLf: number; header: string } {
  let rows = 0;
  let bareLf = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) inQuotes = !inQuotes;
    else if (c === 10 && !inQuotes) {
      rows++;
      if (text.charCodeAt(i - 1) !== 13) bareLf++;
    }
  }
  const nl = text.indexOf("\n");
  return { rows, bareLf, header: text.slice(0, nl < 0 ? undefined : nl).replace(/\r$/, "") };
}

/** JSON pointer of the first difference between two JSON values. */
function firstDifference(a: unknown, b: unknown, at = ""): string {
  if (isDeepStrictEqual(a, b)) return "";
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = firstDifference((a as R)[k], (b as R)[k], `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
      if (d) return d;
    }
  }
  return at || "/";
}

export function checkSemantics(
  spec: Spec,
  data: Dataset,
  ex: Exchange,
  params: Record<string, string | undefined>,
  localSpec: JsonObject,
): CheckResult[] {
  const out: CheckResult[] = [];
  const r = (check: CheckName, ok: boolean, reason: string) => out.push({ check, ok, reason: ok ? undefined : reason, ex });
  const id = ex.op?.operationId;
  const j = ex.json as R | R[] | undefined;
  const records = (xs: unknown, what: string) => {
    const list = (Array.isArray(xs) ? xs : []) as R[];
    const at = sortedBy(list, (x) => String(x.zip));
    r("semantics", at < 0, `${what} not sorted by ZIP (strictly): ${String(list[at - 1]?.zip)} before ${String(list[at]?.zip)}`);
    const bad = list.find((x) => x.rating_label !== undefined && x.rating_label !== labelOf(x.rating));
    r("semantics", !bad, `${what}: ZIP ${String(bad?.zip)} has rating ${String(bad?.rating)} but label ${JSON.stringify(bad?.rating_label)} (decision 2)`);
    return list;
  };
  switch (id) {
    case "getZipRecord": {
      const rec = j as R;
      r("semantics", rec.zip === params.zip, `asked for ZIP ${params.zip}, got the record of ${String(rec.zip)}`);
      r("semantics", String(rec.page_url).endsWith(`/zip/${params.zip}`), `page_url ${String(rec.page_url)} is not {base_url}/zip/${params.zip}`);
      r("semantics", rec.rating_label === labelOf(rec.rating), `rating ${String(rec.rating)} but label ${JSON.stringify(rec.rating_label)} (decision 2)`);
      break;
    }
    case "getZipDistricts": {
      const d = j as R;
      r("semantics", d.zip === params.zip, `asked for ZIP ${params.zip}, got ${String(d.zip)}`);
      const ds = (d.districts ?? []) as R[];
      const at = ds.findIndex((x, i) => i > 0 && (x.share as number) > (ds[i - 1]!.share as number));
      r("semantics", at < 0, `districts not sorted by share, largest first (index ${at})`);
      const chosen = ds.filter((x) => x.chosen === true).length;
      r("semantics", chosen === 1, `${chosen} districts have chosen: true; the record names exactly one`);
      break;
    }
    case "getDistrict": {
      const d = j as R;
      r("semantics", d.leaid === params.leaid, `asked for district ${params.leaid}, got ${String(d.leaid)}`);
      r("semantics", String(d.page_url).endsWith(`/district/${params.leaid}`), `page_url ${String(d.page_url)} is not {base_url}/district/${params.leaid}`);
      r("semantics", d.rating_label === labelOf(d.rating), `rating ${String(d.rating)} but label ${JSON.stringify(d.rating_label)} (decision 2)`);
      const zips = (d.zips ?? []) as R[];
      const at = sortedBy(zips, (x) => String(x.zip));
      r("semantics", at < 0, `zips not sorted by ZIP (strictly): ${String(zips[at - 1]?.zip)} before ${String(zips[at]?.zip)}`);
      const unknown = zips.find((x) => !data.zipSet.has(String(x.zip)));
      r("semantics", !unknown, `zips lists ${String(unknown?.zip)}, which /index.json does not have`);
      break;
    }
    case "getStateDistricts": {
      const s = j as R;
      const list = (s.districts ?? []) as R[];
      r("semantics", s.state === params.state, `asked for ${params.state}, got state ${String(s.state)}`);
      r("semantics", s.count === list.length, `count ${String(s.count)} but ${list.length} districts`);
      const at = sortedBy(list, (x) => String(x.leaid));
      r("semantics", at < 0, `districts not sorted by LEAID (strictly): ${String(list[at - 1]?.leaid)} before ${String(list[at]?.leaid)}`);
      const other = list.find((x) => x.state !== params.state);
      r("semantics", !other, `/state/${params.state}/districts.json holds district ${String(other?.leaid)} of ${String(other?.state)}`);
      const over = list.find((x) => (x.chosen_zips as number) > (x.overlapping_zips as number));
      r("semantics", !over, `district ${String(over?.leaid)} is chosen for ${String(over?.chosen_zips)} ZIPs but overlaps only ${String(over?.overlapping_zips)}`);
      const url = list.find((x) => !String(x.url).endsWith(`/district/${String(x.leaid)}.json`));
      r("semantics", !url, `district url ${String(url?.url)} is not {base_url}/district/${String(url?.leaid)}.json`);
      break;
    }
    case "getStateCollection": {
      const s = j as R;
      const list = records(s.records, `/state/${params.state}.json records`);
      r("semantics", s.state === params.state, `asked for ${params.state}, got state ${String(s.state)}`);
      r("semantics", s.count === list.length, `count ${String(s.count)} but ${list.length} records (decision 9)`);
      const other = list.find((x) => x.state !== params.state);
      r("semantics", !other, `/state/${params.state}.json holds ZIP ${String(other?.zip)} of ${String(other?.state)}`);
      break;
    }
    case "getBulkJson": {
      const b = j as R;
      const list = records(b.records, "bulk records");
      r("semantics", b.total === list.length, `total ${String(b.total)} but ${list.length} records (decision 9)`);
      r("semantics", list.length === data.zips.length, `bulk has ${list.length} records, /index.json ${data.zips.length}`);
      const stale = list.find((x) => x.updated !== b.updated);
      r("semantics", !stale, `ZIP ${String(stale?.zip)} has updated ${String(stale?.updated)}, the file ${String(b.updated)}`);
      break;
    }
    case "getIndex": {
      const list = records(j, "/index.json");
      const bad = list.find((x) => !String(x.url).endsWith(`/zip/${String(x.zip)}.json`));
      r("semantics", !bad, `index url ${String(bad?.url)} is not {base_url}/zip/${String(bad?.zip)}.json (decision 8)`);
      break;
    }
    case "getLocation": {
      const l = j as R;
      const q = new URLSearchParams(ex.req.path.split("?")[1] ?? "");
      const [lat, lon] = [q.get("lat"), q.get("lon")];
      r("semantics", l.lat === Number(lat) && l.lon === Number(lon), `asked for ${lat}, ${lon}, got ${String(l.lat)}, ${String(l.lon)}`);
      const levels = ((l.districts ?? []) as R[]).map((d) => String(d.level));
      const order = ["unified", "elementary", "secondary"];
      r("semantics", levels.every((lv, i) => i === 0 || order.indexOf(lv) > order.indexOf(levels[i - 1]!)), `districts not one per level in the order unified, elementary, secondary: ${levels.join(", ")}`);
      const bad = ((l.districts ?? []) as R[]).find((d) => !String(d.url).endsWith(`/district/${String(d.leaid)}.json`));
      r("semantics", !bad, `district url ${String(bad?.url)} is not {base_url}/district/${String(bad?.leaid)}.json`);
      break;
    }
    case "getHealth":
      r("semantics", (j as R).records === data.zips.length, `healthz says ${String((j as R).records)} records, /index.json has ${data.zips.length}`);
      break;
    case "getBulkCsv":
    case "getDistrictsCsv":
    case "getZipDistrictsCsv": {
      const text = ex.decoded!.toString("utf8");
      const { rows, bareLf, header } = csvRows(text);
      const example = ex.op!.responses.get("200")?.content[0]?.example;
      const expectedHeader = typeof example === "string" ? example.split("\r\n")[0] : undefined;
      r("semantics", bareLf === 0, `${bareLf} rows end with LF instead of CRLF (RFC 4180, decision 10)`);
      r("semantics", !expectedHeader || header === expectedHeader, `CSV header ${JSON.stringify(header)}, the documented one is ${JSON.stringify(expectedHeader)}`);
      if (id === "getZipDistrictsCsv") {
        // One row or more per ZIP of /index.json (the first column; ZIPs never need quoting).
        const zips = new Set(text.split("\n").slice(1).map((line) => line.slice(0, line.indexOf(","))).filter((z) => z !== ""));
        r("semantics", zips.size === data.zips.length && data.zips.every((z) => zips.has(z)), `CSV names ${zips.size} ZIPs, /index.json ${data.zips.length}`);
      } else {
        const [what, want] = id === "getBulkCsv" ? ["/index.json", data.zips.length] : ["/bulk/districts.csv when the run began", data.leaids.length];
        r("semantics", rows - 1 === want, `CSV has ${rows - 1} data rows, ${what} ${want}`);
      }
      r("semantics", text.endsWith("\r\n"), "CSV does not end with CRLF");
      break;
    }
    case "getOpenApi": {
      const served = { ...(j as R) };
      const servers = served.servers as { url?: string }[] | undefined;
      r("spec-served", !!servers?.[0]?.url && /^https?:\/\//.test(servers[0].url), `servers[0].url ${JSON.stringify(servers?.[0]?.url)} is not the absolute base URL (decision 18)`);
      const local = { ...localSpec };
      delete served.servers;
      delete local.servers;
      r("spec-served", isDeepStrictEqual(served, local), `the served /openapi.json differs from ${spec.file} at ${firstDifference(served, local)} (servers aside): a stale embedded copy?`);
      break;
    }
  }
  return out;
}

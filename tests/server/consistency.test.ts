/**
 * The collections of the compiled binary agree record for record, and every
 * ZIP of the dataset answers at /zip/{zip}.json with the same record (issue 4,
 * "Done when").
 */
import { CSV_COLUMNS, ZIP_DISTRICT_CSV_COLUMNS, type BulkCollection, type DistrictRecord, type IndexEntry, type StateCollection, type ZipDistricts } from "@school-districts/core";
import { zipDistrictCsvRow } from "@school-districts/testing";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BASE, pool, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let bulk: BulkCollection;

beforeAll(async () => {
  server = await startServer();
  bulk = (await (await fetch(`${server.url}/bulk/all-districts.json`)).json()) as BulkCollection;
});
afterAll(async () => {
  await server?.stop();
});

/** RFC 4180 rows, CRLF line ends only, read by csv-parse (a reader independent of the server's writer). */
function parseCsv(text: string): string[][] {
  return parse(text, { record_delimiter: "\r\n" }) as string[][];
}

describe("the collections agree record for record", () => {
  it("bulk JSON: count, order, shape", () => {
    expect(bulk.total).toBe(bulk.records.length);
    expect(bulk.total).toBeGreaterThan(30_000);
    const zips = bulk.records.map((r) => r.zip);
    expect([...zips].sort()).toEqual(zips);
    expect(new Set(zips).size).toBe(zips.length);
    for (const r of bulk.records) {
      expect(Object.keys(r)).toHaveLength(18);
      expect(r.page_url).toBe(`${DEFAULT_BASE}/zip/${r.zip}`);
      expect(r.updated).toBe(bulk.updated);
    }
  });

  it("the 56 state files partition the bulk records", async () => {
    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as { components: { schemas: { StateCode: { enum: string[] } } } };
    const states = openapi.components.schemas.StateCode.enum;
    expect(states).toHaveLength(56);
    const fromStates: DistrictRecord[] = [];
    for (const state of states) {
      const body = (await (await fetch(`${server.url}/state/${state}.json`)).json()) as StateCollection;
      expect(body.state).toBe(state);
      expect(body.count).toBe(body.records.length);
      for (const r of body.records) expect(r.state).toBe(state);
      expect(body.records.map((r) => r.zip)).toEqual(body.records.map((r) => r.zip).sort());
      fromStates.push(...body.records);
    }
    fromStates.sort((a, b) => (a.zip < b.zip ? -1 : 1));
    expect(fromStates).toEqual(bulk.records);
  });

  it("the index has one entry per record", async () => {
    const index = (await (await fetch(`${server.url}/index.json`)).json()) as IndexEntry[];
    expect(index).toEqual(
      bulk.records.map((r) => ({ zip: r.zip, district: r.district, city: r.city, state: r.state, rating: r.rating, url: `${DEFAULT_BASE}/zip/${r.zip}.json` })),
    );
  });

  it("the CSV has one row per record with the 15 columns", async () => {
    const rows = parseCsv(await (await fetch(`${server.url}/bulk/all-districts.csv`)).text());
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual(bulk.records.map((r) => CSV_COLUMNS.map((c) => (r[c] === null ? "" : String(r[c])))));
  });

  it("/zip/{zip}.json answers every ZIP with its bulk record, and /bulk/zip-districts.csv has every row of its /zip/{zip}/districts.json", async () => {
    const [header, ...rows] = parseCsv(await (await fetch(`${server.url}/bulk/zip-districts.csv`)).text());
    expect(header).toEqual([...ZIP_DISTRICT_CSV_COLUMNS]);
    const column = (name: (typeof ZIP_DISTRICT_CSV_COLUMNS)[number]) => ZIP_DISTRICT_CSV_COLUMNS.indexOf(name);
    const csvOf = new Map<string, string[][]>();
    for (const row of rows) (csvOf.get(row[0]!) ?? csvOf.set(row[0]!, []).get(row[0]!)!).push(row);
    expect([...csvOf.keys()]).toEqual(bulk.records.map((r) => r.zip));
    let checked = 0;
    await pool(bulk.records, 16, async (record) => {
      const res = await fetch(`${server.url}/zip/${record.zip}.json`);
      expect(res.status, record.zip).toBe(200);
      expect(await res.json()).toEqual(record);
      const list = (await (await fetch(`${server.url}/zip/${record.zip}/districts.json`)).json()) as ZipDistricts;
      const expected = list.districts.map((d) => zipDistrictCsvRow({ zip: record.zip, zcta: list.zcta, state: record.state, updated: record.updated }, d));
      expect(csvOf.get(record.zip), record.zip).toEqual(expected);
      // The chosen row names the record's district.
      expect(csvOf.get(record.zip)!.filter((r) => r[column("chosen")] === "true").map((r) => r[column("district")])).toEqual([record.district]);
      checked++;
    });
    expect(checked).toBe(bulk.total);
  });
});

describe("PO-box and delivery ZIPs (issue 12)", () => {
  it("at least 40,800 records, the PO-box ZIPs among them", () => {
    expect(bulk.total).toBeGreaterThanOrEqual(40_800);
    expect(bulk.records.find((r) => r.zip === "90209")?.district).toBe("Beverly Hills Unified School District");
  });

  it("90209 answers with its post office's ZCTA 90210: districts with basis 'post office', a page that says so", async () => {
    const po = (await (await fetch(`${server.url}/zip/90209/districts.json`)).json()) as ZipDistricts;
    const own = (await (await fetch(`${server.url}/zip/90210/districts.json`)).json()) as ZipDistricts;
    expect(po.zcta).toBe("90210");
    expect(po.districts.map((d) => d.basis)).toEqual(own.districts.map(() => "post office"));
    expect(po.districts.map((d) => d.leaid)).toEqual(own.districts.map((d) => d.leaid));
    const page = await (await fetch(`${server.url}/zip/90209`)).text();
    expect(page).toContain("90209 is a PO-box ZIP code");
    expect(page).toContain('its post office lies in ZIP code <a href="/zip/90210">90210</a>');
  });

  it("07715 (Belmar, NJ), placed by its post office's location inside 07719: Belmar Borough, not 07719's Wall Township; its page says why", async () => {
    const po = (await (await fetch(`${server.url}/zip/07715/districts.json`)).json()) as ZipDistricts;
    const own = (await (await fetch(`${server.url}/zip/07719/districts.json`)).json()) as ZipDistricts;
    expect(po.zcta).toBe("07719");
    expect(po.districts.map((d) => d.leaid)).toEqual(own.districts.map((d) => d.leaid));
    expect(po.districts.map((d) => d.share)).toEqual(own.districts.map((d) => d.share));
    expect(po.districts.every((d) => d.basis === "post office")).toBe(true);
    const chosen = (z: ZipDistricts) => z.districts.filter((d) => d.chosen).map((d) => d.district);
    expect(chosen(own)).toEqual(["Wall Township School District"]);
    expect(chosen(po)).toEqual(["Belmar Borough School District"]);
    expect(po.districts.find((d) => d.chosen)?.serves_most).toContain("elementary");
    expect(bulk.records.find((r) => r.zip === "07715")?.district).toBe("Belmar Borough School District");
    const page = await (await fetch(`${server.url}/zip/07715`)).text();
    expect(page).toMatch(/By its location in the ZIP code lists, the post office itself is in <a href="\/district\/3401410">Belmar Borough School District<\/a>/);
  });

  it("a ZIP retired from the current ZIP lists stays 404 (56908, listed in data/COVERAGE.md)", async () => {
    const res = await fetch(`${server.url}/zip/56908.json`);
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });
});

import { CSV_COLUMNS, RECORD_LICENSE, RECORD_SOURCE, type Dataset } from "@school-districts/core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadFixture, SMALL, syntheticFixture, testAssets } from "../test/helpers.ts";
import { toCsv } from "./csv.ts";
import { indexEntry, zipDistricts, zipRecord } from "./records.ts";
import { renderBodies } from "./render.ts";
import { bytesOf, renderSiteBodies } from "./site.ts";
import { BASE_URL_MARKER, readSnapshot, replaceAll, writeSnapshot } from "./snapshot.ts";

const BASE = "https://schools.example.org";
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

describe.each([
  ["the small fixture", () => SMALL],
  ["a synthetic fixture of 3,000 ZIPs", () => syntheticFixture(3000)],
])("renderBodies over %s", (_, dir) => {
  let dataset: Dataset;
  const states = ["AK", "CA", "GU", "MA", "NY", "PR", "WY", "ZZ"];
  beforeAll(async () => {
    dataset = await loadFixture(dir());
  });

  it("writes exactly JSON.stringify of every record, districts list and index entry", () => {
    const bodies = renderBodies(dataset, BASE, states);
    const records = dataset.zips.map((row) => zipRecord(dataset, row, BASE));
    dataset.zips.forEach((row, i) => {
      expect(decode(bodies.records[i]!)).toBe(JSON.stringify(records[i]));
      expect(decode(bodies.districts[i]!)).toBe(JSON.stringify(zipDistricts(dataset, row)));
    });
    expect(decode(bodies.index)).toBe(JSON.stringify(records.map((r) => indexEntry(r, BASE))));
    expect(decode(bodies.bulk)).toBe(JSON.stringify({ total: records.length, source: RECORD_SOURCE, license: RECORD_LICENSE, updated: dataset.updated, records }));
    for (const state of states) {
      const list = records.filter((r) => r.state === state);
      expect(decode(bodies.states.get(state)!)).toBe(JSON.stringify({ state, count: list.length, source: RECORD_SOURCE, license: RECORD_LICENSE, records: list }));
    }
    const rows = records.map((r) => CSV_COLUMNS.map((c) => (r[c] === null ? "" : String(r[c]))));
    expect(decode(bodies.csv)).toBe(toCsv([CSV_COLUMNS, ...rows]));
  });

  it("the snapshot rendered with the marker gives the bodies of any base URL", async () => {
    const openapi = (await testAssets()).openapi;
    const { index, blob } = writeSnapshot(renderSiteBodies(dataset, BASE_URL_MARKER, openapi));
    for (const base of [BASE, "http://localhost:1", "https://cdn.example.org/some/long/prefix/for/districts"]) {
      const direct = renderSiteBodies(dataset, base, openapi);
      const back = readSnapshot(JSON.parse(JSON.stringify(index)), blob, base);
      expect(back.baseUrl).toBe(base);
      expect(back.bodies.size).toBe(direct.bodies.size);
      for (const [path, body] of direct.bodies) expect(decode(bytesOf(back.bodies.get(path)!)), path).toBe(decode(bytesOf(body)));
    }
  });

  it("the build's snapshot reads back to the same bodies", async () => {
    const rendered = renderSiteBodies(dataset, BASE, (await testAssets()).openapi);
    const { index, blob } = writeSnapshot(rendered);
    const back = readSnapshot(JSON.parse(JSON.stringify(index)), blob);
    expect([...back.bodies.keys()].sort()).toEqual([...rendered.bodies.keys()].sort());
    for (const [path, body] of rendered.bodies) expect(decode(bytesOf(back.bodies.get(path)!)), path).toBe(decode(bytesOf(body)));
    expect(back).toMatchObject({ baseUrl: BASE, updated: dataset.updated, records: dataset.zips.length });
  });
});

describe("replaceAll", () => {
  it("replaces every occurrence and maps offsets", () => {
    const bytes = new TextEncoder().encode("a X b X c");
    const { bytes: out, shift } = replaceAll(bytes, "X", "YYY");
    expect(decode(out)).toBe("a YYY b YYY c");
    expect(shift(0)).toBe(0);
    expect(shift(4)).toBe(6); // "b"
    expect(shift(8)).toBe(12); // "c"
    expect(shift(9)).toBe(13); // end
    const shorter = replaceAll(bytes, "X", "");
    expect(decode(shorter.bytes)).toBe("a  b  c");
  });
});

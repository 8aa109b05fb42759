/**
 * The snapshot's checks at start-up (a corrupt, truncated or inconsistent
 * snapshot stops start-up with a DatasetError naming the file) and its
 * bounded keeping of bodies once read.
 */
import { DatasetError, type Dataset } from "@school-districts/core";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadFixture, syntheticFixture, testAssets } from "../test/helpers.ts";
import { openSnapshotFor, repoAssetPaths } from "./assets.ts";
import { bytesSource, fileSource } from "./embedded.ts";
import { assembleSite, bytesOf, renderSiteBodies } from "./site.ts";
import { createHandler } from "./app.ts";
import { sendRepresentation } from "./http.ts";
import { entityTag } from "./representation.ts";
import { BASE_URL_MARKER, crc32Of, readSnapshot, writeSnapshot, type SnapshotIndex } from "./snapshot.ts";

const BASE = "http://localhost:8080";
const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const headerList = (res: Response) => {
  const out: string[] = [];
  res.headers.forEach((value, name) => out.push(`${name}: ${value}`));
  return out;
};

describe("the snapshot", () => {
  let dataset: Dataset;
  let openapi: string;
  let index: SnapshotIndex;
  let blob: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    dataset = await loadFixture(syntheticFixture(3000));
    openapi = (await testAssets()).openapi;
    ({ index, blob } = writeSnapshot(renderSiteBodies(dataset, BASE_URL_MARKER, openapi)));
  });
  const copy = () => JSON.parse(JSON.stringify(index)) as SnapshotIndex;
  const failure = (f: () => unknown): DatasetError => {
    try {
      f();
    } catch (e) {
      if (e instanceof DatasetError) return e;
      throw e;
    }
    throw new Error("no DatasetError");
  };

  it("a changed byte anywhere stops reading with a CRC-32 mismatch naming the file", () => {
    for (const at of [0, 20, Math.floor(blob.length / 2), blob.length - 1]) {
      const bad = blob.slice();
      bad[at]! ^= 0x40;
      const e = failure(() => readSnapshot(copy(), bytesSource(bad, "dist/site.bin")));
      expect(e.message).toBe("dist/site.bin: CRC-32 mismatch (corrupt)");
      expect(e.file).toBe("dist/site.bin");
    }
  });

  it("a truncated or longer file is caught by its size", () => {
    expect(failure(() => readSnapshot(copy(), bytesSource(blob.subarray(0, blob.length - 100), "site.bin"))).message).toMatch(
      /^site\.bin: is \d+ bytes where the build wrote \d+ \(truncated or replaced\)$/,
    );
    const longer = new Uint8Array(blob.length + 1);
    longer.set(blob);
    expect(failure(() => readSnapshot(copy(), bytesSource(longer, "site.bin"))).message).toContain("truncated or replaced");
  });

  it("an index that does not match the tables is caught (checked before any body is read)", () => {
    const fewer = copy();
    fewer.records -= 1;
    expect(failure(() => readSnapshot(fewer, bytesSource(blob, "site.bin"))).message).toMatch(/records where the index says/);
    const chunks = copy();
    chunks.chunks -= 1;
    expect(failure(() => readSnapshot(chunks, bytesSource(blob, "site.bin"))).message).toMatch(/chunks do not cover/);
  });

  it("the index keeps the dataset's state names for the pages; an index without them is refused", () => {
    const named = writeSnapshot({ ...renderSiteBodies(dataset, BASE_URL_MARKER, openapi), stateNames: { CA: "California" } });
    expect(readSnapshot(named.index, named.blob).stateNames).toEqual({ CA: "California" });
    const older = copy() as Partial<SnapshotIndex>;
    delete older.stateNames;
    expect(failure(() => readSnapshot(older as SnapshotIndex, bytesSource(blob, "site.bin"))).message).toBe("site.bin: its index has no stateNames (written by an older build)");
  });

  it("the index keeps the dataset's former district ids; an index without them is refused", () => {
    const formerDistricts = { "0699001": { name: "Old Hills School District", district: "0604830" } };
    const written = writeSnapshot({ ...renderSiteBodies(dataset, BASE_URL_MARKER, openapi), formerDistricts });
    expect(readSnapshot(written.index, written.blob).formerDistricts).toEqual(formerDistricts);
    const older = copy() as Partial<SnapshotIndex>;
    delete older.formerDistricts;
    expect(failure(() => readSnapshot(older as SnapshotIndex, bytesSource(blob, "site.bin"))).message).toBe("site.bin: its index has no formerDistricts (written by an older build)");
  });

  it("openSnapshotFor names a missing snapshot file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sd-snapshot-"));
    writeFileSync(join(dir, "site.json"), JSON.stringify(index));
    const paths = { ...repoAssetPaths(), snapshot: { index: join(dir, "site.json"), blob: join(dir, "site.bin") } };
    await expect(openSnapshotFor(paths)).rejects.toThrow(`${join(dir, "site.bin")}: missing`);
    writeFileSync(join(dir, "site.bin"), blob.subarray(0, 1000));
    await expect(openSnapshotFor(paths)).rejects.toThrow("truncated or replaced");
    writeFileSync(join(dir, "site.bin"), blob);
    const read = (await openSnapshotFor(paths))!(BASE);
    expect(decode(bytesOf(read.bodies.get(`/zip/${dataset.zips[0]!.zip}.json`)!))).toContain(`"page_url":"${BASE}/zip/`);
  });

  it("openSnapshotFor checks the map files embedded with it by size and CRC-32, naming a damaged one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sd-snapshot-"));
    writeFileSync(join(dir, "site.bin"), blob);
    const map = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 13) % 256);
    writeFileSync(join(dir, "zctas.topojson"), map);
    const withFiles = { ...copy(), files: { "zctas.topojson": { size: map.length, crc32: crc32Of(bytesSource(map, "m")) } } };
    writeFileSync(join(dir, "site.json"), JSON.stringify(withFiles));
    const paths = { ...repoAssetPaths(), snapshot: { index: join(dir, "site.json"), blob: join(dir, "site.bin") } };
    paths.data = { ...paths.data, zctas: join(dir, "zctas.topojson") };
    expect(await openSnapshotFor(paths)).toBeTypeOf("function");
    const damaged = map.slice();
    damaged[35_000]! ^= 1;
    writeFileSync(join(dir, "zctas.topojson"), damaged);
    await expect(openSnapshotFor(paths)).rejects.toThrow(`${join(dir, "zctas.topojson")}: CRC-32 mismatch (corrupt)`);
    writeFileSync(join(dir, "zctas.topojson"), damaged.subarray(0, 100));
    await expect(openSnapshotFor(paths)).rejects.toThrow("truncated or replaced");
  });

  it("reads every body right while keeping only two small generations of them, in any order and again", () => {
    const direct = renderSiteBodies(dataset, BASE, openapi);
    // Generations of 64 KiB: the 6,000 records and lists (~2.5 MB) go through many of them.
    const read = readSnapshot(copy(), blob, BASE, 64 << 10);
    const paths = [...direct.bodies.keys()];
    for (const order of [paths, [...paths].reverse(), paths.map((_, i) => paths[(i * 7919) % paths.length]!)]) {
      for (const path of order) expect(decode(bytesOf(read.bodies.get(path)!)), path).toBe(decode(bytesOf(direct.bodies.get(path)!)));
    }
    expect(read.bodies.get("/zip/00000.json")).toBeUndefined();
    expect(read.bodies.etag("/zip/00000.json")).toBeUndefined();
    expect(read.bodies.has("/zip/00000.json")).toBe(false);
    expect(read.bodies.has(`/zip/${dataset.zips[0]!.zip}/districts.json`)).toBe(true);
  });
});

describe("the snapshot's ETags", () => {
  it("are entityTag of each numbered body, from the build's tables for its base URL and made on reading for another", async () => {
    const dataset = await loadFixture(syntheticFixture(500));
    const openapi = (await testAssets()).openapi;
    const { index, blob } = writeSnapshot(renderSiteBodies(dataset, BASE_URL_MARKER, openapi), BASE);
    expect(index.etagBaseUrl).toBe(BASE);
    for (const base of [BASE, "https://schools.example.org"]) {
      const read = readSnapshot(JSON.parse(JSON.stringify(index)), blob, base);
      let numbered = 0;
      for (const path of read.bodies.keys()) {
        const body = read.bodies.get(path)!;
        if (typeof body === "function") {
          expect(read.bodies.etag(path), path).toBeUndefined();
          continue;
        }
        expect(read.bodies.etag(path), `${base}${path}`).toBe(entityTag(body));
        numbered++;
      }
      expect(numbered).toBeGreaterThan(2 * dataset.zips.length);
    }
  });
});

describe("a revalidation answered from the snapshot's tables (createHandler's 304 shortcut)", () => {
  it("gives the same 304 as the full path for every numbered identity-only body, a 200 on a stale tag, and leaves larger bodies to get()", async () => {
    const dataset = await loadFixture(syntheticFixture(300));
    const assets = await testAssets();
    const { index, blob } = writeSnapshot(renderSiteBodies(dataset, BASE_URL_MARKER, assets.openapi), BASE);
    for (const base of [BASE, "https://schools.example.org"]) {
      const site = assembleSite(readSnapshot(JSON.parse(JSON.stringify(index)), blob, base), assets);
      const handle = createHandler(site);
      let shortcut = 0;
      for (const path of site.paths().filter((p) => /^\/(zip|district)\/[0-9]+(\/districts)?\.json$/.test(p))) {
        const rep = site.get(path)!;
        const etag = site.identityEtag(path);
        expect(etag, path).toBe(rep.identityOnly ? rep.etag : undefined);
        if (etag === undefined) continue;
        shortcut++;
        for (const [inm, status] of [[etag, 304], [`W/${etag}`, 304], ['"stale"', 200]] as const) {
          const req = () => new Request(`${base}${path}`, { headers: { "If-None-Match": inm } });
          const [fast, full] = [await handle(req()), await sendRepresentation(req(), rep)];
          expect(fast.status, path).toBe(status);
          expect(headerList(fast), path).toEqual(headerList(full));
        }
      }
      expect(shortcut).toBeGreaterThan(2 * dataset.zips.length * 0.9);
    }
    expect(assembleSite(renderSiteBodies(dataset, BASE, assets.openapi), assets).identityEtag(`/zip/${dataset.zips[0]!.zip}.json`)).toBeUndefined();
  });
});

describe("fileSource", () => {
  it("reads a file on disk at any offset without holding it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sd-source-"));
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251);
    writeFileSync(join(dir, "f.bin"), bytes);
    const source = await fileSource(join(dir, "f.bin"));
    expect(source.size).toBe(bytes.length);
    expect(source.inMemory).toBe(false);
    expect([...source.read(299_990, 10)]).toEqual([...bytes.subarray(299_990)]);
    const into = new Uint8Array(5000);
    source.readInto(100_000, into);
    expect([...into]).toEqual([...bytes.subarray(100_000, 105_000)]);
    expect(() => source.read(299_999, 2)).toThrow(RangeError);
  });
});

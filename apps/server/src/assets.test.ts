import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatasetError } from "@school-districts/core";
import { readAssets, repoAssetPaths, type PrecompressedIndex } from "./assets.ts";

const dir = mkdtempSync(join(tmpdir(), "sd-assets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readAssets: the build's precompressed bodies", () => {
  it("refuses an index without the .bin's size and CRC-32, as a .bin that fails them (review 36 #8: it was read unchecked, and the build reused it)", async () => {
    const index: PrecompressedIndex = { baseUrl: "http://localhost:8080", entries: {} };
    writeFileSync(join(dir, "precompressed.json"), JSON.stringify(index));
    writeFileSync(join(dir, "precompressed.bin"), "");
    const paths = { ...repoAssetPaths(), precompressed: { index: join(dir, "precompressed.json"), blob: join(dir, "precompressed.bin") } };
    const read = readAssets(paths);
    await expect(read).rejects.toBeInstanceOf(DatasetError);
    await expect(read).rejects.toThrow(`${join(dir, "precompressed.json")}: has no size and CRC-32 of precompressed.bin (written by an older build): rebuild with bun run build`);
    // With them, an empty .bin of size 0 and its CRC-32 is read.
    writeFileSync(join(dir, "precompressed.json"), JSON.stringify({ ...index, blob: { size: 0, crc32: 0 } }));
    await expect(readAssets(paths)).resolves.toHaveProperty("precompressed");
  });

  it("refuses a data file that is not a regular file (ops audit 36 #9: /dev/zero was said missing)", async () => {
    const paths = { ...repoAssetPaths(), about: { ...repoAssetPaths().about, rating: "/dev/zero" } };
    await expect(readAssets(paths)).rejects.toThrow("/dev/zero: is not a regular file (a pipe, device or socket is in its place)");
  });
});

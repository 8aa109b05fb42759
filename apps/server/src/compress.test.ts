import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, compressMany, MAX_EFFORT, SMALL_EFFORT, STARTUP_EFFORT, type Coding, type Effort } from "./compress.ts";

// A body past brotli's 4 MB default window at quality 9 would show the window, but any body shows the settings:
// a JSON-like text of 300 KB, repetitive enough that the window matters.
const body = new TextEncoder().encode(JSON.stringify(Array.from({ length: 6000 }, (_, i) => ({ zip: String(10000 + i), district: `District ${i % 97}`, share: (i % 13) / 13 }))));

describe("compress and compressMany (review 38 #9: one tag, one byte stream)", () => {
  it.each([
    ["br", SMALL_EFFORT],
    ["gzip", SMALL_EFFORT],
    ["br", STARTUP_EFFORT],
    ["gzip", MAX_EFFORT],
  ] as [Coding, Effort][])("give the same bytes for %s on the main thread and in a worker", async (coding, effort) => {
    const main = compress(body, coding, effort);
    const [worker] = await compressMany([{ body, coding, effort }], 1);
    expect(Buffer.from(worker!).equals(Buffer.from(main))).toBe(true);
    const decoded = coding === "br" ? brotliDecompressSync(main) : gunzipSync(main);
    expect(Buffer.from(decoded).equals(Buffer.from(body))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { CACHE_GENERATION, RepresentationCache } from "./representation-cache.ts";
import { Representation } from "./representation.ts";

const LAST_MODIFIED = "Sat, 28 Nov 2026 00:00:00 GMT";
/** A page of `bytes` bytes whose text names its path. */
const page = (path: string, bytes: number) => new Representation(`<p>${path}</p>`.padEnd(bytes, "."), "text/html; charset=utf-8", LAST_MODIFIED);

describe("RepresentationCache", () => {
  it("keeps what was set until two generations have been filled after it, then drops it", () => {
    // Each entry counts its body plus 4,096 bytes: 10 entries of 6,000 bytes fill a generation of 100,000.
    const cache = new RepresentationCache(100_000);
    const first = page("/zip/00000", 6_000);
    cache.set("/zip/00000", first);
    for (let i = 1; i < 10; i++) cache.set(`/zip/${String(i).padStart(5, "0")}`, page(`/zip/${i}`, 6_000));
    // The first generation is full: it became the old one, still read.
    expect(cache.get("/zip/00000")).toBe(first);
    // A hit in the old generation moved it to the young one: it outlives the rest of its generation.
    for (let i = 10; i < 19; i++) cache.set(`/zip/${String(i).padStart(5, "0")}`, page(`/zip/${i}`, 6_000));
    expect(cache.get("/zip/00000")).toBe(first);
    expect(cache.get("/zip/00001")).toBeUndefined();
    // Nothing asked for again: two full generations later it is gone.
    for (let i = 19; i < 39; i++) cache.set(`/zip/${String(i).padStart(5, "0")}`, page(`/zip/${i}`, 6_000));
    expect(cache.get("/zip/00000")).toBeUndefined();
    expect(cache.get("/zip/00038")).toBeDefined();
  });

  it("holds at most two generations' bytes however many pages a crawl makes", () => {
    const cache = new RepresentationCache(100_000);
    const paths = Array.from({ length: 2_000 }, (_, i) => `/district/${String(i).padStart(7, "0")}`);
    for (const path of paths) cache.set(path, page(path, 2_000));
    const kept = paths.filter((path) => cache.get(path) !== undefined);
    // (2,000 + 4,096) bytes an entry: 17 fill a generation; the young one holds up to 16 more.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length * (2_000 + 4_096)).toBeLessThanOrEqual(2 * 100_000 + 2_000 + 4_096);
    expect(kept).toContain(paths.at(-1));
  });

  it("by default, a generation is 8 MiB (the README's figure)", () => {
    expect(CACHE_GENERATION).toBe(8 * 1024 * 1024);
  });
});

/**
 * The bounded cache of the pages and negotiated bodies made on demand (site.ts): a crawl of
 * every page keeps memory flat.
 */
import type { Representation } from "./representation.ts";

/**
 * Pages and negotiated small bodies (over IDENTITY_MAX: their coded variants
 * are worth keeping) once made are kept in two generations: a hit in the old
 * one moves the entry to the young one; when the young one holds
 * CACHE_GENERATION bytes it becomes the old one and the old one goes. So the
 * cache holds at most twice that, and whatever was asked for within the last
 * generation stays. An entry counts its identity body plus CACHE_ENTRY_COST for
 * its objects and coded variants. (Identity-only bodies are kept as bytes by
 * the snapshot, snapshot.ts, and get a Representation per request.)
 */
export const CACHE_GENERATION = 8 << 20;
const CACHE_ENTRY_COST = 4096;

/**
 * A two-generation cache of representations by path (see CACHE_GENERATION), bounded by bytes.
 *
 * @example
 * const cache = new RepresentationCache();
 * cache.set("/zip/90210", rep);
 * cache.get("/zip/90210") // rep
 */
export class RepresentationCache {
  #young = new Map<string, Representation>();
  #old = new Map<string, Representation>();
  #youngBytes = 0;

  /** `generationBytes`: the bytes one generation holds (CACHE_GENERATION; smaller in tests). */
  constructor(private readonly generationBytes = CACHE_GENERATION) {}

  get(path: string): Representation | undefined {
    const hit = this.#young.get(path);
    if (hit) return hit;
    const old = this.#old.get(path);
    if (old) {
      this.#old.delete(path);
      this.set(path, old);
    }
    return old;
  }

  set(path: string, rep: Representation): void {
    this.#young.set(path, rep);
    this.#youngBytes += rep.size + CACHE_ENTRY_COST;
    if (this.#youngBytes >= this.generationBytes) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngBytes = 0;
    }
  }
}

/**
 * Content codings: brotli and gzip, with the settings used for each kind of body.
 * Output is deterministic for a given input and settings, so an ETag derived
 * from the identity body and the settings identifies the coded bytes.
 */
import { brotliCompress, brotliCompressSync, constants, gzip } from "node:zlib";
import { promisify } from "node:util";

/** A content coding the service can send. */
export type Coding = "br" | "gzip";

/** Compression settings: brotli quality and gzip level. */
export interface Effort {
  br: number;
  gzip: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/** Build time: the smallest output; slow (brotli 11 takes seconds for the bulk body). */
export const MAX_EFFORT: Effort = { br: 11, gzip: 9 };
/** Start-up (non-default base URL or --data) for large bodies: fast, still small. */
export const STARTUP_EFFORT: Effort = { br: 5, gzip: 6 };
/** First request of a small body: brotli 9 costs ~0.1 ms for a record, 11 costs ~1.3 ms. */
export const SMALL_EFFORT: Effort = { br: 9, gzip: 9 };

/**
 * Compresses a body with one coding.
 *
 * @example
 * compress(new TextEncoder().encode("{}"), "gzip", SMALL_EFFORT) // Uint8Array [31, 139, ...]
 */
export function compress(body: Uint8Array<ArrayBuffer>, coding: Coding, effort: Effort): Uint8Array<ArrayBuffer> {
  if (coding === "gzip") return Bun.gzipSync(body, { level: effort.gzip });
  return new Uint8Array(
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort.br,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Like compress(), on libuv's thread pool, so several large bodies compress in
 * parallel without blocking the event loop.
 *
 * @example
 * const br = await compressAsync(bulkBody, "br", STARTUP_EFFORT);
 */
export async function compressAsync(body: Uint8Array<ArrayBuffer>, coding: Coding, effort: Effort): Promise<Uint8Array<ArrayBuffer>> {
  if (coding === "gzip") return new Uint8Array(await gzipAsync(body, { level: effort.gzip }));
  return new Uint8Array(
    await brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort.br,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        ...(effort.br >= 10 ? { [constants.BROTLI_PARAM_LGWIN]: 24 } : {}),
      },
    }),
  );
}

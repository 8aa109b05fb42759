/**
 * Content codings: brotli and gzip, with the settings used for each kind of body.
 * Output is deterministic for a given input and settings, so an ETag derived
 * from the identity body and the settings identifies the coded bytes.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A content coding the service can send. */
export type Coding = "br" | "gzip";

/** Compression settings: brotli quality and gzip level. */
export interface Effort {
  br: number;
  gzip: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/**
 * Build time, for large bodies: brotli 9 with a 16 MB window. (Brotli 11 is 16%
 * smaller on the bulk JSON but takes 100 s for it alone; 9 takes 2.3 s.)
 */
export const MAX_EFFORT: Effort = { br: 9, gzip: 9 };
/** Start-up, for large bodies when the build's do not match (another base URL or --data): ~1 s of CPU for 53 MB. */
export const STARTUP_EFFORT: Effort = { br: 4, gzip: 4 };
/** First request of a small body: brotli 9 costs ~0.1 ms for a record, 11 costs ~1.3 ms. */
export const SMALL_EFFORT: Effort = { br: 9, gzip: 9 };

/**
 * Compresses a body with one coding.
 *
 * @example
 * compress(new TextEncoder().encode("{}"), "gzip", SMALL_EFFORT) // Uint8Array [31, 139, ...]
 */
export function compress(body: Uint8Array<ArrayBuffer>, coding: Coding, effort: Effort): Uint8Array<ArrayBuffer> {
  // The same library and settings as the workers' (WORKER_SOURCE): one ETag tag ("br9") names one byte
  // stream whichever thread made it (review 38 #9: the window differed, 22 here, 24 there).
  const out =
    coding === "gzip"
      ? gzipSync(body, { level: effort.gzip })
      : brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: effort.br,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_LGWIN]: effort.br >= 6 ? 24 : 22,
          },
        });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice();
}

const WORKER_SOURCE = `
const { brotliCompressSync, gzipSync, constants } = require("node:zlib");
self.onmessage = ({ data: { id, body, coding, effort } }) => {
  let out;
  try {
    out = coding === "gzip"
      ? gzipSync(body, { level: effort.gzip })
      : brotliCompressSync(body, { params: {
          [constants.BROTLI_PARAM_QUALITY]: effort.br,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_LGWIN]: effort.br >= 6 ? 24 : 22,
        } });
  } catch (err) {
    // Sent as a message: an uncaught error reaches the main thread as source, caret and stack.
    self.postMessage({ id, error: String(err) });
    return;
  }
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice();
  self.postMessage({ id, bytes }, [bytes.buffer]);
};`;

/** One compression to run. */
export interface Job {
  body: Uint8Array<ArrayBuffer>;
  coding: Coding;
  effort: Effort;
}

/**
 * Compresses many bodies on worker threads (one per CPU, at most `threads`),
 * biggest first; `onResult` hears of each as it is done. Node's async zlib
 * runs them one at a time in Bun, so this is what spreads large bodies over
 * the cores.
 *
 * @example
 * const [br, gz] = await compressMany([{ body, coding: "br", effort: STARTUP_EFFORT }, { body, coding: "gzip", effort: STARTUP_EFFORT }]);
 */
export async function compressMany(
  jobs: readonly Job[],
  threads = navigator.hardwareConcurrency,
  onResult?: (index: number, bytes: Uint8Array<ArrayBuffer>) => void,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const results: Uint8Array<ArrayBuffer>[] = new Array(jobs.length);
  if (jobs.length === 0) return results;
  const order = jobs.map((_, i) => i).sort((a, b) => jobs[b]!.body.length - jobs[a]!.body.length);
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "application/javascript" }));
  const count = Math.max(1, Math.min(threads, order.length));
  const workers = Array.from({ length: count }, () => new Worker(url));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const id = order.shift();
              if (id === undefined) return resolve();
              const job = jobs[id]!;
              worker.postMessage({ id, body: job.body, coding: job.coding, effort: job.effort });
            };
            worker.onmessage = ({ data }: MessageEvent<{ id: number; bytes: Uint8Array<ArrayBuffer> } | { id: number; error: string }>) => {
              if ("error" in data) return reject(new Error(`compression worker failed: ${data.error}`));
              results[data.id] = data.bytes;
              onResult?.(data.id, data.bytes);
              next();
            };
            // Anything else (a worker that cannot start): Bun's message holds source lines and a stack; its error line is kept.
            worker.onerror = (e) => reject(new Error(`compression worker failed: ${/^\w*Error\b.*$/m.exec(e.message)?.[0] ?? e.message.trim().split("\n")[0]}`));
            next();
          }),
      ),
    );
  } finally {
    for (const w of workers) w.terminate();
    URL.revokeObjectURL(url);
  }
  return results;
}

/**
 * The access log: one JSON line per request on stdout, buffered and flushed
 * every 100 ms and at exit.
 */
import { writeSync } from "node:fs";

/** One access log line. */
export interface AccessEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  bytes: number;
  encoding: string;
  ms: number;
  ip?: string;
  ua?: string;
}

/** Writes access log lines. */
export interface AccessLog {
  /** False with --quiet: the server then builds no entries at all. */
  enabled: boolean;
  write(entry: AccessEntry): void;
  flush(): void;
}

/**
 * The most bytes one write to a pipe may hold and stay whole beside another process's writes
 * (POSIX PIPE_BUF on Linux): `--workers` processes share stdout, and a longer write may be cut
 * by another's line (ops audit 36 #3: 17 of 2,400 lines with a 6,000-byte User-Agent were
 * broken JSON).
 */
export const ATOMIC_WRITE = 4096;

/**
 * An entry as one JSON line of at most ATOMIC_WRITE bytes: a long path or User-Agent (any
 * client may send 16 KiB) is cut, ending in "…".
 *
 * @example
 * logLine({ ...entry, ua: "U".repeat(6000) }).length // <= 4096
 */
export function logLine(entry: AccessEntry): string {
  let line = JSON.stringify(entry) + "\n";
  for (let keep = 1024; Buffer.byteLength(line) > ATOMIC_WRITE; keep >>= 1) {
    const cut = (text: string | undefined) => (text !== undefined && text.length > keep ? `${text.slice(0, keep)}…` : text);
    line = JSON.stringify({ ...entry, path: cut(entry.path)!, ua: cut(entry.ua) }) + "\n";
  }
  return line;
}

/**
 * Whole lines in writes of at most ATOMIC_WRITE bytes each.
 *
 * @example
 * atomicChunks(["a\n", "b\n"]) // ["a\nb\n"]
 */
export function atomicChunks(lines: readonly string[]): string[] {
  const chunks: string[] = [];
  let chunk = "";
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line);
    if (bytes + size > ATOMIC_WRITE && chunk !== "") {
      chunks.push(chunk);
      chunk = "";
      bytes = 0;
    }
    chunk += line;
    bytes += size;
  }
  if (chunk !== "") chunks.push(chunk);
  return chunks;
}

/**
 * A log writing JSON lines to stdout, or nothing when `quiet`: buffered for 100 ms, then written
 * in writes of whole lines that another process's cannot cut (atomicChunks).
 *
 * @example
 * const log = accessLog(false);
 * log.write({ time: new Date().toISOString(), method: "GET", path: "/healthz", status: 200, bytes: 51, encoding: "identity", ms: 0.1 });
 */
export function accessLog(quiet: boolean): AccessLog {
  if (quiet) return { enabled: false, write() {}, flush() {} };
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const lines = pending;
    pending = [];
    for (const chunk of atomicChunks(lines)) writeWhole(chunk);
  };
  return {
    enabled: true,
    write(entry) {
      pending.push(logLine(entry));
      timer ??= setTimeout(flush, 100);
    },
    flush() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}

/** One write of a chunk to stdout, retried where the pipe took part of it (full) or was busy. */
function writeWhole(chunk: string): void {
  let bytes = Buffer.from(chunk);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(1, bytes));
    } catch (e) {
      // A reader gone (EPIPE) ends the log; a full non-blocking pipe (EAGAIN) is tried again.
      if ((e as NodeJS.ErrnoException).code !== "EAGAIN") return;
      Bun.sleepSync(1);
    }
  }
}

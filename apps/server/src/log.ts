/**
 * The access log: one JSON line per request on stdout, buffered and flushed
 * every 100 ms and at exit.
 */
import { write } from "node:fs";

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
  /**
   * Writes what waits; resolves once written, or after `waitMs` where the reader does not read
   * (at exit: never a hang), with how many lines were not written (dropped, or still waiting).
   */
  flush(waitMs?: number): Promise<number>;
  /**
   * Stops writing: what waits is let go, and no write starts after it; resolves once the write
   * under way, if one is, has returned (or after `waitMs`), so that the descriptor can be closed
   * without a late write landing on whatever reuses its number.
   */
  close(waitMs?: number): Promise<void>;
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
 * A request's path and query as the log keeps it: what a person typed in the search box (a
 * street address) and the position "Use my location" sent are where a child lives, and the log
 * holds the IP beside them (review 38 #2). So a query value is kept only where it is a ZIP code
 * (5 digits; a ZIP+4's last 4 as their length) or a state code; a latitude or longitude is cut to 2
 * decimals (about 1 km); any other value, or a query part without "=", is replaced by its length in characters, "(n)".
 *
 * @example
 * loggedPath("/zip?zip=12+Elm+Street%2C+Springfield%2C+IL+62704") // "/zip?zip=(36)"
 * loggedPath("/location?lat=39.781721&lon=-89.650148&acc=8")     // "/location?lat=39.78&lon=-89.65&acc=8"
 * loggedPath("/zip?zip=90210")                                   // "/zip?zip=90210"
 */
export function loggedPath(path: string): string {
  const q = path.indexOf("?");
  if (q < 0) return loggedSegments(path);
  const kept = path
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return `(${pair.length})`;
      const [name, raw] = [pair.slice(0, eq), pair.slice(eq + 1)];
      const value = decoded(raw.replace(/\+/g, " ")).trim();
      if (/^[0-9]{5}$|^[A-Za-z]{2}$|^[0-9]{1,6}$/.test(value)) return `${name}=${raw}`;
      const zip4 = zipPlus4(value);
      if (zip4 !== undefined) return `${name}=${zip4}`;
      const degrees = /^(lat|lon)$/.test(name) ? /^(-?[0-9]{1,3})(?:\.([0-9]{1,2})[0-9]*)?$/.exec(value) : null;
      if (degrees) return `${name}=${degrees[1]}${degrees[2] === undefined ? "" : `.${degrees[2]}`}`;
      return `${name}=(${[...value].length})`;
    });
  return `${loggedSegments(path.slice(0, q))}?${kept.join("&")}`;
}

/**
 * A path with what a person may have typed into it as the query's values are kept: a ZIP+4 as its
 * 5 digits, a segment with a space or a comma ("/zip/12 Elm Street, Springfield") as its length
 * (review of stop 38's late commits #6: the path was logged as typed).
 */
function loggedSegments(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      const text = decoded(segment);
      return zipPlus4(text) ?? (/[\s,]/.test(text) ? `(${[...text].length})` : segment);
    })
    .join("/");
}

/** Percent-escapes undone, or the text as it came where they are broken. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A ZIP+4 (with a file extension in a path) as its 5 digits: the last 4 point at a block or a building (review of stop 38 #6); undefined for anything else. */
function zipPlus4(text: string): string | undefined {
  const m = /^([0-9]{5})-?[0-9]{4}(\.[a-z]+)?$/i.exec(text);
  return m === null ? undefined : `${m[1]}-(4)${m[2] ?? ""}`;
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

/** The most bytes of log lines kept waiting for a reader that stopped reading; past it, lines are dropped and counted. */
const PENDING_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A log writing JSON lines to stdout, or nothing when `quiet`: buffered for 100 ms, then written
 * in writes of whole lines that another process's cannot cut (atomicChunks), one at a time, off
 * the event loop: a reader that stops reading (a full pipe) holds the log, never the service
 * (review stop 36 #2: a blocking write stopped it answering). `flush` at exit waits for what waits, a while at most.
 *
 * @example
 * const log = accessLog(false);
 * log.write({ time: new Date().toISOString(), method: "GET", path: "/healthz", status: 200, bytes: 51, encoding: "identity", ms: 0.1 });
 */
export function accessLog(quiet: boolean, fd = 1): AccessLog {
  if (quiet) return { enabled: false, write() {}, flush: async () => 0, close: async () => {} };
  let lines: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Chunks waiting for the reader, the one being written first.
  const queue: Buffer[] = [];
  let queued = 0;
  let dropped = 0;
  // The chunks that say how many lines were dropped, and that number: lost again, it is counted again, not as a line.
  const droppedRecords = new Map<Buffer, number>();
  // The first write error said on stderr (disk full, the reader gone: ops audit 37 #3, every line then lost unsaid).
  let failed = false;
  let writing = false;
  let closed = false;
  const next = () => {
    const chunk = queue[0];
    if (chunk === undefined || writing || closed) return;
    writing = true;
    write(fd, chunk, (error, written) => {
      writing = false;
      if (closed) return;
      if (error) {
        // A full non-blocking pipe: again shortly. A reader gone (EPIPE): the log ends.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") return void setTimeout(next, 10);
        // Lost, and counted: said at the next line written, if one is, and at exit.
        for (const lost of queue) dropped += droppedRecords.get(lost) ?? lost.toString("utf8").split("\n").length - 1;
        queue.length = 0;
        queued = 0;
        droppedRecords.clear();
        if (!failed) process.stderr.write(`access log: cannot write (${code ?? error.message}): lines are lost and counted until it can\n`);
        failed = true;
        return;
      }
      // (Counted as written, a part too: review of the mends, L3.)
      queued -= written;
      if (written < chunk.length) queue[0] = chunk.subarray(written);
      else droppedRecords.delete(queue.shift()!);
      // Lines dropped while the reader did not read are said once it reads again, not at the next request (L2).
      if (queue.length === 0 && dropped > 0 && timer === undefined) timer = setTimeout(enqueue, 0);
      next();
    });
  };
  const enqueue = () => {
    timer = undefined;
    const pending = lines;
    lines = [];
    if (dropped > 0 && queued < PENDING_MAX_BYTES / 2) {
      const record = Buffer.from(`${JSON.stringify({ time: new Date().toISOString(), dropped })}\n`);
      droppedRecords.set(record, dropped);
      queue.push(record);
      queued += record.length;
      dropped = 0;
    }
    for (const chunk of atomicChunks(pending)) {
      const bytes = Buffer.from(chunk);
      if (queued + bytes.length > PENDING_MAX_BYTES) {
        dropped += chunk.split("\n").length - 1;
        continue;
      }
      queue.push(bytes);
      queued += bytes.length;
    }
    next();
  };
  return {
    enabled: true,
    write(entry) {
      if (closed) return;
      lines.push(logLine(entry));
      timer ??= setTimeout(enqueue, 100);
    },
    async flush(waitMs = 2000) {
      if (timer) clearTimeout(timer);
      enqueue();
      const until = performance.now() + waitMs;
      while (queue.length > 0 && performance.now() < until) await Bun.sleep(5);
      // What the reader did not take: said by the caller, not lost unsaid (review of the mends, L1).
      return dropped + queue.reduce((n, chunk) => n + (droppedRecords.get(chunk) ?? chunk.toString("utf8").split("\n").length - 1), 0);
    },
    async close(waitMs = 2000) {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      lines = [];
      queue.length = 0;
      const until = performance.now() + waitMs;
      while (writing && performance.now() < until) await Bun.sleep(5);
    },
  };
}


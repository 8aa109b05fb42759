/**
 * The access log: one JSON line per request on stdout, buffered and flushed
 * every 100 ms and at exit.
 */

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
 * A log writing JSON lines to stdout, or nothing when `quiet`.
 *
 * @example
 * const log = accessLog(false);
 * log.write({ time: new Date().toISOString(), method: "GET", path: "/healthz", status: 200, bytes: 51, encoding: "identity", ms: 0.1 });
 */
export function accessLog(quiet: boolean): AccessLog {
  if (quiet) return { enabled: false, write() {}, flush() {} };
  const sink = Bun.stdout.writer({ highWaterMark: 1 << 16 });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    sink.flush();
  };
  return {
    enabled: true,
    write(entry) {
      sink.write(JSON.stringify(entry) + "\n");
      timer ??= setTimeout(flush, 100);
    },
    flush() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}

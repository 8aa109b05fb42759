/**
 * Helpers for the reliability suite: start the compiled binary on a free
 * loopback port, talk raw HTTP over node:net, read /proc. Every wait is bounded.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { BINARY, DEFAULT_BASE, REPO, runBinary, startServer } from "../support/server.ts";

export { BINARY, REPO };

// The raw-socket client and its hang guard live in tests/support (tests/support/nginx.ts uses them too).
import { HANG_MS } from "../support/raw-request.ts";
export { HANG_MS, rawRequest, type RawAnswer } from "../support/raw-request.ts";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export { freePort } from "@school-districts/testing";

export interface Service {
  port: number;
  base: string;
  pid: number;
  proc: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | string>;
}

/**
 * Starts the compiled binary (tests/support's startServer: `--port 0`, the port read
 * from its ready line) with `--quiet --base-url http://localhost:8080` (the shipped
 * start-up path) and `args`. Fails, never skips, when the binary is missing.
 */
export async function startService(args: string[] = [], readyMs = 60_000): Promise<Service> {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`bun run build\` at the repository root first`);
  const s = await startServer(["--quiet", "--base-url", DEFAULT_BASE, ...args], readyMs);
  const exited = new Promise<number | string>((res) => {
    if (s.proc.exitCode !== null || s.proc.signalCode !== null) res(s.proc.exitCode ?? s.proc.signalCode ?? "unknown");
    else s.proc.on("exit", (code, signal) => res(code ?? signal ?? "unknown"));
  });
  return { port: s.port, base: s.url, pid: s.proc.pid!, proc: s.proc, stderr: s.stderr, exited, stop: () => s.stop() };
}

/** Runs the binary with `args` to its exit (at most `timeoutMs`, then SIGKILL). */
export function runToExit(args: string[], timeoutMs = 60_000): Promise<{ code: number | string; stdout: string; stderr: string }> {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`bun run build\` at the repository root first`);
  return runBinary(args, timeoutMs);
}

/** Resident memory of a process in KiB (VmRSS), 0 when it is gone. */
export function rssKiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The targets of a process's open file descriptors (sockets, pipes, files). */
export function openFiles(pid: number): string[] {
  const out: string[] = [];
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        out.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        /* skip */
      }
    }
  } catch {
    /* gone */
  }
  return out;
}

/** A few real district ids (LEAIDs) from data/districts.csv, spread over the file. */
export function sampleLeaids(count: number): string[] {
  const leaids = readFileSync(`${REPO}/data/districts.csv`, "utf8")
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.slice(0, 7))
    .filter((l) => /^\d{7}$/.test(l));
  if (leaids.length === 0) throw new Error("data/districts.csv has no districts");
  const step = Math.max(1, Math.floor(leaids.length / count));
  return leaids.filter((_, i) => i % step === 0).slice(0, count);
}

/** A few real ZIPs from data/zips.csv, spread over the file. */
export function sampleZips(count: number): string[] {
  const lines = readFileSync(`${REPO}/data/zips.csv`, "utf8").split(/\r?\n/);
  const header = lines[0]!.split(",");
  const col = Math.max(0, header.indexOf("zip"));
  const zips = lines
    .slice(1)
    .map((l) => l.split(",")[col] ?? "")
    .filter((z) => /^\d{5}$/.test(z));
  if (zips.length === 0) throw new Error("data/zips.csv has no ZIPs");
  const step = Math.max(1, Math.floor(zips.length / count));
  const out: string[] = [];
  for (let i = 0; i < zips.length && out.length < count; i += step) out.push(zips[i]!);
  return out;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A persistent HTTP/1.1 connection that sends one request at a time and parses
 * each answer (Content-Length or chunked; none for HEAD, 204 and 304).
 */
export class KeepAlive {
  private sock: Socket;
  private buf: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  closed = false;
  /** When the head of the current request's answer arrived (0 before it has). */
  headAt = 0;
  private ready: Promise<void>;

  constructor(port: number) {
    this.sock = connect({ port, host: "127.0.0.1" });
    this.sock.setNoDelay(true);
    this.ready = new Promise((res, rej) => {
      this.sock.once("connect", () => res());
      this.sock.once("error", rej);
    });
    this.sock.on("data", (d: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
      this.waiter?.();
    });
    const end = () => {
      this.closed = true;
      this.waiter?.();
    };
    this.sock.on("close", end);
    this.sock.on("end", end);
    this.sock.on("error", end);
  }

  private async need(pred: () => boolean, deadline: number): Promise<void> {
    while (!pred()) {
      if (this.closed) throw new Error("connection closed by the server");
      if (Date.now() > deadline) throw new Error("timed out waiting for the answer");
      await new Promise<void>((res) => {
        const t = setTimeout(res, 200);
        this.waiter = () => {
          clearTimeout(t);
          res();
        };
      });
      this.waiter = undefined;
    }
  }

  /** Sends `method path` with `headers`, resolves with the parsed answer. */
  async request(method: string, path: string, headers: Record<string, string> = {}, timeoutMs = HANG_MS): Promise<HttpAnswer> {
    await this.ready;
    this.headAt = 0;
    const deadline = Date.now() + timeoutMs;
    const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    this.sock.write(`${lines.join("\r\n")}\r\n\r\n`);
    let end = -1;
    await this.need(() => (end = this.buf.indexOf("\r\n\r\n")) >= 0, deadline);
    this.headAt = Date.now();
    const head = this.buf.subarray(0, end).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0]!)?.[1] ?? 0);
    const hs: Record<string, string> = {};
    for (const l of head.slice(1)) {
      const i = l.indexOf(":");
      if (i > 0) hs[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    this.buf = this.buf.subarray(end + 4);
    let body = Buffer.alloc(0);
    if (method === "HEAD" || status === 204 || status === 304 || (status >= 100 && status < 200)) {
      // no body
    } else if (hs["content-length"] !== undefined) {
      const n = Number(hs["content-length"]);
      await this.need(() => this.buf.length >= n, deadline);
      body = Buffer.from(this.buf.subarray(0, n));
      this.buf = this.buf.subarray(n);
    } else if (/chunked/i.test(hs["transfer-encoding"] ?? "")) {
      const parts: Buffer[] = [];
      for (;;) {
        let eol = -1;
        await this.need(() => (eol = this.buf.indexOf("\r\n")) >= 0, deadline);
        const size = Number.parseInt(this.buf.subarray(0, eol).toString("latin1"), 16);
        await this.need(() => this.buf.length >= eol + 2 + size + 2, deadline);
        parts.push(Buffer.from(this.buf.subarray(eol + 2, eol + 2 + size)));
        this.buf = this.buf.subarray(eol + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      // read to close
      await this.need(() => this.closed, deadline).catch(() => {});
      body = Buffer.from(this.buf);
      this.buf = Buffer.alloc(0);
    }
    return { status, headers: hs, body };
  }

  close(): void {
    this.sock.destroy();
  }
}

/** Open file descriptors of a process that are regular files (not sockets, pipes, anon inodes, /dev). */
export function openRegularFiles(pid: number): string[] {
  return openFiles(pid)
    .filter((t) => t.startsWith("/") && !t.startsWith("/dev/") && !t.startsWith("/proc/"))
    .sort();
}

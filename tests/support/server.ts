/**
 * Starts the compiled binary `dist/school-districts` for black-box tests. The
 * server is given `--port 0`, picks a free loopback port itself and prints it
 * in its start-up line on stderr, which is read here (no race between choosing
 * a port and binding it). Servers bind 127.0.0.1 only.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
// The one piece of the server's source the black-box suites use: what the build fingerprints, to refuse a stale binary.
import { sourceFingerprint } from "../../apps/server/src/source-fingerprint.ts";

export const REPO = resolve(import.meta.dirname, "../..");
export const BINARY = resolve(REPO, "dist/school-districts");
/** The base URL the build pre-renders for; passing it keeps the tests on the shipped start-up path. */
export const DEFAULT_BASE = "http://localhost:8080";

/** A running server. */
export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM; resolves with the exit code (or signal). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** The environment the binary runs in: without PORT, HOST and BASE_URL (vitest sets BASE_URL to "/"). */
export function env(): NodeJS.ProcessEnv {
  const e = { ...process.env };
  delete e.PORT;
  delete e.HOST;
  delete e.BASE_URL;
  return e;
}

/**
 * Throws unless `dist/school-districts` was built from the tree as it is (its `--version` names the
 * source it rendered, sourceFingerprint): a stale binary, put back by a build cache, was tested (ops audit 38 #1).
 *
 * @example
 * checkBinaryIsCurrent() // undefined, or throws naming both fingerprints
 */
function checkBinaryIsCurrent(): void {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`bun run build\` first`);
  const version = execFileSync(BINARY, ["--version"], { encoding: "utf8", env: env() });
  const built = /, source ([0-9a-f]{12})\)/.exec(version)?.[1];
  const tree = sourceFingerprint(REPO).slice(0, 12);
  if (built !== tree) throw new Error(`${BINARY} was built from other source or data (${built ?? "unnamed"}) than the tree's (${tree}): run \`bun run build\``);
}

let checked = false;

/**
 * Runs the binary with `args` after `--port 0 --host 127.0.0.1`, waits for its
 * "ready" line (at most `timeoutMs`).
 *
 * @example
 * const server = await startServer(["--quiet", "--base-url", DEFAULT_BASE]);
 * await fetch(`${server.url}/healthz`);
 * await server.stop();
 */
export async function startServer(args: string[] = ["--quiet", "--base-url", DEFAULT_BASE], timeoutMs = 30_000): Promise<RunningServer> {
  if (!checked) checkBinaryIsCurrent();
  checked = true;
  const proc = spawn(BINARY, ["--port", "0", "--host", "127.0.0.1", ...args], { cwd: REPO, env: env(), stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((res) => proc.on("exit", (code, signal) => res(code ?? signal ?? "unknown")));
  const port = await new Promise<number>((res, rej) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      rej(new Error(`server not ready after ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    proc.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      const m = / on http:\/\/127\.0\.0\.1:(\d+),.* ready in /.exec(err);
      if (m) {
        clearTimeout(timer);
        res(Number(m[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      rej(new Error(`server exited (${code}) before ready; stderr: ${err}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    stdout: () => out,
    stderr: () => err,
    stop: (signal = "SIGTERM") => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const kill = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      return exited.finally(() => clearTimeout(kill));
    },
  };
}

/**
 * Runs the binary to completion (for --help, --version, export, bad --data).
 *
 * @example
 * const { code, stdout } = await runBinary(["--version"]);
 */
export function runBinary(args: string[], timeoutMs = 120_000, binary = BINARY): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const proc = spawn(binary, args, { cwd: REPO, env: env(), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  proc.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => {
    const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
    proc.on("close", (code, signal) => {
      clearTimeout(timer);
      res({ code: code ?? signal ?? "unknown", stdout, stderr });
    });
  });
}

/**
 * Runs `fn` over `items` with at most `concurrency` at once.
 *
 * @example
 * await pool(zips, 16, (zip) => fetch(`${url}/zip/${zip}.json`));
 */
export async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** A response read without any decoding. */
interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One HTTP request over node:http, body not decompressed and no default
 * Accept-Encoding (unlike fetch).
 *
 * @example
 * const res = await raw(`${server.url}/index.json`, { "accept-encoding": "br" });
 */
export async function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const { request } = await import("node:http");
  return new Promise((res, rej) => {
    const req = request(url, { method, headers, agent: false }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) h[k] = Array.isArray(v) ? v.join(", ") : v;
        res({ status: r.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
      });
      r.on("error", rej);
    });
    req.on("error", rej);
    req.end();
  });
}

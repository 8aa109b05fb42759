// Starts the compiled binary on a loopback port it picks itself (`--port 0`: no race between
// choosing a free port and binding it, so no other copy of the binary can answer for it) and
// waits for its ready line, which names the port.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sourceFingerprint } from "@school-districts/server/src/source-fingerprint.ts";
import { findRepoRoot } from "./spec.ts";

export function defaultBinary(root = findRepoRoot()): string {
  return join(root, "dist", process.platform === "win32" ? "school-districts.exe" : "school-districts");
}

export const binaryExists = (path = defaultBinary()) => existsSync(path);


export interface Started {
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Throws unless `binary` was built from the tree at `root` as it is (its `--version` names the source
 * it was built from): a stale binary, put back by a build cache, is not what the contract is checked against.
 *
 * @example
 * checkBinaryIsCurrent(defaultBinary()) // undefined, or throws naming both fingerprints
 */
export function checkBinaryIsCurrent(binary: string, root = findRepoRoot()): void {
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" });
  const built = /, source ([0-9a-f]{12})\)/.exec(version)?.[1];
  const tree = sourceFingerprint(root).slice(0, 12);
  if (built !== tree) throw new Error(`${binary} was built from other source or data (${built ?? "unnamed"}) than the tree's (${tree}): run \`bun run build\``);
}

/**
 * Starts `binary` on 127.0.0.1 with `--port 0` and resolves once its ready line names the port
 * (at most `readyTimeoutMs`: a hang guard).
 *
 * @example
 * const started = await startBinary(defaultBinary());
 * await fetch(`${started.baseUrl}/healthz`);
 * await started.stop();
 */
export async function startBinary(binary = defaultBinary(), extraArgs: string[] = [], readyTimeoutMs = 30000): Promise<Started> {
  if (!existsSync(binary)) throw new Error(`binary not found: ${binary} (build it with \`bun run build\`)`);
  // The binary reads BASE_URL/PORT/HOST from the environment; test runners set some of them
  // (vitest sets BASE_URL for Vite), so they are not inherited.
  const env = { ...process.env };
  for (const k of ["BASE_URL", "PORT", "HOST"]) delete env[k];
  const proc = Bun.spawn([binary, "--host", "127.0.0.1", "--port", "0", "--quiet", ...extraArgs], {
    stdout: "pipe",
    stderr: "pipe",
    env,
  });
  let out = "";
  let ready: (port: number) => void = () => undefined;
  const portNamed = new Promise<number>((res) => (ready = res));
  const drain = async (s: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    const reader = s.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      out += dec.decode(value, { stream: true });
      const m = / on http:\/\/127\.0\.0\.1:(\d+),.* ready in /.exec(out);
      if (m) ready(Number(m[1]));
    }
  };
  void drain(proc.stdout);
  void drain(proc.stderr);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const port = await Promise.race([
    portNamed,
    proc.exited.then((code) => Promise.reject(new Error(`${binary} exited with ${code} before it was ready:\n${out}`))),
    new Promise<never>((_, rej) => {
      timer = setTimeout(() => {
        proc.kill();
        rej(new Error(`${binary} was not ready within ${readyTimeoutMs} ms:\n${out}`));
      }, readyTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    output: () => out,
    stop: async () => {
      proc.kill();
      await proc.exited;
    },
  };
}

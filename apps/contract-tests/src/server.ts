// Starts the compiled binary on a free loopback port and waits until it answers.
import { freePort } from "@school-districts/testing";
import { existsSync } from "node:fs";
import { join } from "node:path";
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

export async function startBinary(binary = defaultBinary(), extraArgs: string[] = [], readyTimeoutMs = 30000): Promise<Started> {
  if (!existsSync(binary)) throw new Error(`binary not found: ${binary} (build it with \`bun run build\`)`);
  const port = await freePort();
  // The binary reads BASE_URL/PORT/HOST from the environment; test runners set some of them
  // (vitest sets BASE_URL for Vite), so they are not inherited.
  const env = { ...process.env };
  for (const k of ["BASE_URL", "PORT", "HOST"]) delete env[k];
  const proc = Bun.spawn([binary, "--host", "127.0.0.1", "--port", String(port), "--quiet", ...extraArgs], {
    stdout: "pipe",
    stderr: "pipe",
    env,
  });
  let out = "";
  const drain = async (s: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    const reader = s.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      out += dec.decode(value, { stream: true });
    }
  };
  void drain(proc.stdout);
  void drain(proc.stderr);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${binary} exited with ${proc.exitCode} before answering:\n${out}`);
    try {
      const r = await fetch(`${baseUrl}/healthz`);
      await r.arrayBuffer();
      if (r.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill();
      throw new Error(`${binary} did not answer on ${baseUrl} within ${readyTimeoutMs} ms:\n${out}`);
    }
    await Bun.sleep(50);
  }
  return {
    baseUrl,
    port,
    output: () => out,
    stop: async () => {
      proc.kill();
      await proc.exited;
    },
  };
}

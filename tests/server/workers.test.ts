// --workers: n processes on one port with SO_REUSEPORT (issue 15).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_BASE, raw, startServer } from "../support/server.ts";

/** Inodes of the TCP sockets listening on `port` (from /proc/net/tcp and tcp6). */
function listeningInodes(port: number): Set<string> {
  const out = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] === "0A" && parseInt(f[1]!.split(":")[1]!, 16) === port) out.add(f[9]!);
    }
  }
  return out;
}

/** Whether process `pid` holds one of the socket `inodes`. */
function holdsSocket(pid: number, inodes: Set<string>): boolean {
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m && inodes.has(m[1]!)) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

/** Waits (at most 60 s) until both the primary and the worker have said they are ready; returns the worker's pid. */
async function bothReady(server: { stderr(): string }): Promise<number> {
  for (let i = 0; i < 600 && !(/worker pids \d+/.test(server.stderr()) && /\(worker 1\)/.test(server.stderr())); i++) await Bun.sleep(100);
  return Number(/worker pids (\d+)/.exec(server.stderr())?.[1]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("--workers 2", () => {
  it("two processes each listen on the port, answer, and stop together on SIGTERM with exit 0", async () => {
    const server = await startServer(["--quiet", "--base-url", DEFAULT_BASE, "--workers", "2"]);
    let workerPid = 0;
    try {
      workerPid = await bothReady(server);
      expect(workerPid).toBeGreaterThan(0);
      // Both hold their own listening socket on the port (SO_REUSEPORT), not a shared one.
      const inodes = listeningInodes(server.port);
      expect(inodes.size).toBe(2);
      expect(holdsSocket(server.proc.pid!, inodes)).toBe(true);
      expect(holdsSocket(workerPid, inodes)).toBe(true);
      for (let i = 0; i < 20; i++) {
        const res = await raw(`${server.url}/zip/90210.json`, { connection: "close" });
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body.toString()).page_url).toBe(`${DEFAULT_BASE}/zip/90210`);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(alive(workerPid)).toBe(false);
  });

  it("SIGTERM to every process at once (systemd's stop, or Ctrl-C in a terminal): the group drains and exits 0", async () => {
    const server = await startServer(["--quiet", "--base-url", DEFAULT_BASE, "--workers", "2"]);
    const workerPid = await bothReady(server);
    expect(workerPid).toBeGreaterThan(0);
    // The worker gets the signal from outside, then its primary closes its stdin (workers.ts): one stop, not a forced one.
    process.kill(workerPid, "SIGTERM");
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).not.toContain("again");
    expect(alive(workerPid)).toBe(false);
  });

  /** Sends `signal` to the worker alone and waits for the whole group's exit code (a hang guard: 20 s). */
  const groupExitAfterWorker = async (signal: "SIGTERM" | "SIGKILL") => {
    const server = await startServer(["--quiet", "--base-url", DEFAULT_BASE, "--workers", "2"]);
    const workerPid = await bothReady(server);
    expect(workerPid).toBeGreaterThan(0);
    const exited = new Promise((r) => server.proc.on("exit", (c) => r(c)));
    process.kill(workerPid, signal);
    const code = await Promise.race([exited, Bun.sleep(20_000).then(() => "still running")]);
    if (code === "still running") await server.stop("SIGKILL");
    return { code, stderr: server.stderr() };
  };

  it("a worker signalled and gone before its primary hears of the stop (a busy machine under systemd's stop) stops the group cleanly: exit 0", async () => {
    // Only the worker is signalled: it drains and exits 0 before the primary gets any signal.
    const { code, stderr } = await groupExitAfterWorker("SIGTERM");
    expect(code).toBe(0);
    expect(stderr).toMatch(/worker 1 exited \(0\)/);
    expect(stderr).not.toContain("again");
  });

  it("a worker that dies stops the group with exit 1 (for the supervisor to restart)", async () => {
    const { code, stderr } = await groupExitAfterWorker("SIGKILL");
    expect(code).toBe(1);
    expect(stderr).toMatch(/worker 1 exited/);
  });
  it("writes whole access-log lines from both processes, however long a client's User-Agent (ops audit 36 #3: 17 of 2,400 were spliced)", async () => {
    const server = await startServer(["--base-url", DEFAULT_BASE, "--workers", "2"]);
    let sent = 0;
    try {
      await bothReady(server);
      // Eight clients at once, each with a 6,000-byte User-Agent: both processes log at the same time.
      await Promise.all(
        Array.from({ length: 8 }, async (_, client) => {
          for (let i = 0; i < 40; i++) {
            const res = await fetch(`${server.url}/zip/90210.json?c=${client}&i=${i}`, { headers: { "User-Agent": "U".repeat(6000) } });
            await res.arrayBuffer();
            sent++;
          }
        }),
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const lines = server.stdout().split("\n").filter((line) => line !== "");
    const broken = lines.filter((line) => {
      try {
        return (JSON.parse(line) as { status?: number }).status !== 200;
      } catch {
        return true;
      }
    });
    expect(broken.slice(0, 2)).toEqual([]);
    expect(lines.filter((line) => line.includes("/zip/90210.json?c=")).length).toBe(sent);
    for (const line of lines) expect(Buffer.byteLength(line) + 1).toBeLessThanOrEqual(4096);
  });
});

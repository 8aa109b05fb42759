/**
 * `--workers <n>`: n processes serving one port. The first process (the
 * primary) listens with SO_REUSEPORT and starts n - 1 copies of itself on the
 * port it got, each listening with SO_REUSEPORT too; the kernel spreads new
 * connections over the n sockets. Each process holds its own copy of the site
 * (so n times the memory) and answers on its own core.
 *
 * On SIGTERM/SIGINT the primary stops the workers by closing their stdin (a
 * pipe from it: a worker stops when it closes, also when the primary dies) and
 * exits once they have drained (with 1 if one of them failed). Not by sending
 * them the signal again: systemd and the terminal signal every process of the
 * group, and a forwarded copy arriving late on a busy machine read as a second
 * signal (stop now, exit 1). A worker that exits on its own stops the whole
 * group: with exit code 1 where it failed, so a supervisor (systemd
 * `Restart=on-failure`) restarts it whole; with 0 where it was stopped cleanly
 * (signalled before the primary was).
 */
import type { FileSink, Subprocess } from "bun";

/** Set in a worker's environment; its value is the worker's number (1..n-1). */
const WORKER_ENV = "SCHOOL_DISTRICTS_WORKER";

/** The worker number of this process, or 0 in the primary (and without --workers). */
export function workerNumber(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env[WORKER_ENV] ?? "0");
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The command line of a worker: this process's own, with `--port` set to the
 * port the primary got and `--workers` dropped.
 *
 * @example
 * workerArgv(["--port", "0", "--workers", "2", "--quiet"], 8123) // ["--quiet", "--port", "8123", "--workers", "1"]
 */
export function workerArgv(argv: readonly string[], port: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.startsWith("--") ? arg.slice(2).split("=")[0] : undefined;
    if (name === "port" || name === "workers") {
      if (!arg.includes("=")) i++;
      continue;
    }
    out.push(arg);
  }
  return [...out, "--port", String(port), "--workers", "1"];
}

/** This executable (the compiled binary, or bun with the script). */
function self(): string[] {
  const script = process.argv[1];
  return script && !script.startsWith("/$bunfs/") && !script.startsWith("B:/~BUN/") ? [process.execPath, script] : [process.execPath];
}

/**
 * Starts `count` workers on `port`; `onUnexpectedExit` hears of one exiting
 * before stop() was called. stop() closes each one's stdin (the worker then
 * drains and exits) and resolves with whether all exited 0.
 *
 * @example
 * const workers = startWorkers(1, server.port, argv, (code) => shutdown(1));
 * await workers.stop();
 */
export function startWorkers(
  count: number,
  port: number,
  argv: readonly string[],
  onUnexpectedExit: (worker: number, code: number | null) => void,
): { pids: number[]; stop: () => Promise<boolean> } {
  let stopping = false;
  const procs: Subprocess[] = [];
  for (let n = 1; n <= count; n++) {
    const proc = Bun.spawn([...self(), ...workerArgv(argv, port)], {
      env: { ...process.env, [WORKER_ENV]: String(n) },
      stdin: "pipe", // closed when this process goes away: the worker then stops
      stdout: "inherit",
      stderr: "inherit",
    });
    void proc.exited.then((code) => {
      if (!stopping) onUnexpectedExit(n, code);
    });
    procs.push(proc);
  }
  return {
    pids: procs.map((p) => p.pid),
    stop: async () => {
      stopping = true;
      for (const p of procs) if (p.exitCode === null) void closeStdin(p);
      const codes = await Promise.all(procs.map((p) => p.exited));
      return codes.every((c) => c === 0);
    },
  };
}

/** Closes a worker's stdin pipe: its sign to stop (whenPrimaryGone). */
async function closeStdin(p: Subprocess): Promise<void> {
  try {
    await (p.stdin as FileSink).end();
  } catch {
    // already closed: the worker is stopping or gone
  }
}

/**
 * In a worker: calls `stop` when the primary's pipe on stdin closes.
 *
 * @example
 * whenPrimaryGone(() => stop("primary gone"));
 */
export function whenPrimaryGone(stop: () => void): void {
  void (async () => {
    try {
      const reader = Bun.stdin.stream().getReader();
      while (!(await reader.read()).done) {
        // the primary writes nothing; read() is done when the pipe closes
      }
    } catch {
      // a read error means the same
    }
    stop();
  })();
}

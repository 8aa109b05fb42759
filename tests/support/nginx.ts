/**
 * nginx (Debian's nginx-light, installed on demand) in front of a test: started in the
 * foreground on a free loopback port with a private folder, and up once it answers as nginx.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { freePort } from "@school-districts/testing";
import { ensurePackage } from "./packages.ts";

/** A running nginx. */
export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  url: string;
  proc: ChildProcess;
  stop(): void;
}

/**
 * Starts nginx with the site `siteFor(listen)` gives for a `listen` address, in `work` (its
 * configuration, temp files, log and pid), after `nginx -t` passes. The port is free when
 * chosen, but another process may take it before nginx binds it: nginx then exits saying so, and
 * another port is tried (at most 5); a probe answered by anything but nginx is not nginx being up.
 *
 * @example
 * const nginx = await startNginx(work, (listen) => site.replace("listen 80;", `listen ${listen};`));
 * await fetch(`${nginx.url}/healthz`);
 * nginx.stop();
 */
export async function startNginx(work: string, siteFor: (listen: string) => string): Promise<RunningNginx> {
  const bin = ensurePackage("nginx-light", "/usr/sbin/nginx");
  for (let attempt = 1; ; attempt++) {
    // A log per attempt: only this attempt's failure decides whether to try another port.
    const log = join(work, `error-${attempt}.log`);
    const port = await freePort();
    writeFileSync(join(work, "site.conf"), siteFor(`127.0.0.1:${port}`));
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${work};`).join(" ");
    const conf = join(work, "nginx.conf");
    // As root, the workers read the test's private folder as root too.
    writeFileSync(conf, `${process.getuid?.() === 0 ? "user root;" : ""} worker_processes 1; daemon off; error_log ${log}; pid ${work}/nginx.pid; events {} http { access_log off; ${temp} include ${work}/site.conf; }\n`);
    const syntax = spawnSync(bin, ["-t", "-c", conf], { encoding: "utf8" });
    expect(syntax.status, syntax.stderr).toBe(0);
    const proc = spawn(bin, ["-c", conf], { stdio: "ignore" });
    const url = `http://127.0.0.1:${port}`;
    // Up when nginx itself answers (a hang guard, not a timing: the caller's hook timeout bounds it).
    for (;;) {
      if (proc.exitCode !== null || proc.signalCode !== null) break;
      const server = await fetch(`${url}/healthz`).then(
        async (r) => (await r.arrayBuffer(), r.headers.get("server")),
        () => undefined,
      );
      if (server?.startsWith("nginx")) return { url, proc, stop: () => proc.kill("SIGTERM") };
      await new Promise((r) => setTimeout(r, 100));
    }
    const said = existsSync(log) ? readFileSync(log, "utf8") : "";
    if (!said.includes("Address already in use") || attempt === 5) throw new Error(`nginx exited (${proc.exitCode ?? proc.signalCode}) on ${url}: ${said}`);
  }
}

/**
 * Debian's chromium for the browser test: installed on demand
 * (ensure-package.sh), started headless with a fresh profile and driven by
 * playwright-core over CDP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { ensurePackage } from "./packages.ts";

/** Flags of every launch: headless, no sandbox (containers), nothing talking to the network. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Installs chromium if absent; returns its path. */
function ensureChromium(): string {
  return ensurePackage("chromium", "/usr/bin/chromium");
}

/** A running browser and how to close it. */
export interface RunningBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts chromium with CHROMIUM_FLAGS, a fresh --user-data-dir and a
 * DevTools port chosen by chromium, and connects playwright-core to it.
 *
 * @example
 * const { browser, close } = await launchChromium();
 */
export async function launchChromium(timeoutMs = 60_000): Promise<RunningBrowser> {
  const executable = ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), "sd-chromium-"));
  const proc: ChildProcess = spawn(executable, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const ws = await new Promise<string>((res, rej) => {
    let err = "";
    const timer = setTimeout(() => rej(new Error(`chromium did not start: ${err}`)), timeoutMs);
    proc.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        res(m[1]!);
      }
    });
    proc.on("exit", (code) => {
      clearTimeout(timer);
      rej(new Error(`chromium exited (${code}): ${err}`));
    });
  });
  const browser = await chromium.connectOverCDP(ws);
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
      if (proc.exitCode === null) proc.kill("SIGTERM");
      await new Promise((r) => (proc.exitCode === null ? proc.on("exit", r) : r(null)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Collects what a page reports as going wrong: console errors and warnings, and
 * uncaught exceptions. Attach before navigating.
 *
 * @example
 * const problems = consoleProblems(page);
 * await page.goto(url);
 * expect(problems).toEqual([]);
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

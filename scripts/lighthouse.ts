/**
 * `bun scripts/lighthouse.ts`: Lighthouse (the npm package) on each page kind,
 * mobile and desktop, driving Debian's chromium (CHROME_PATH, default
 * /usr/bin/chromium; started once, headless). Writes the four category
 * scores per page and form factor to bench/lighthouse.md and
 * bench/lighthouse.json, with the load average next to them: scores
 * (performance above all) depend on how busy the machine is. Needs the binary
 * (`bun run build`). Not part of the test run.
 *
 * Flags, to compare candidates without touching the results files:
 *   --only /docs,/docs/interactive   score only these paths; print, write nothing
 *   --url http://127.0.0.1:8080      score a server already running (else the binary is started)
 *   --runs 3                         run each page this many times; the median score per category is kept
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROMIUM_FLAGS } from "../tests/support/chromium.ts";
import { startServer } from "../tests/support/server.ts";

const ALL_PAGES: [kind: string, path: string][] = [
  ["home", "/"],
  ["ZIP, one district", "/zip/02108"],
  ["ZIP, split (90210)", "/zip/90210"],
  ["ZIP, split levels (59101)", "/zip/59101"],
  ["district", "/district/0604830"],
  ["state", "/state/RI"],
  ["location (Billings, MT)", "/location?lat=45.7833&lon=-108.5007"],
  ["about", "/about"],
  ["docs (plain reference)", "/docs"],
  ["docs, one section", "/docs/records"],
  ["docs, interactive (Redoc)", "/docs/interactive"],
];
const { values: flags } = parseArgs({ options: { only: { type: "string" }, url: { type: "string" }, runs: { type: "string", default: "1" } } });
const only = flags.only?.split(",").filter(Boolean);
const PAGES: [kind: string, path: string][] = only ? only.map((path) => [ALL_PAGES.find(([, p]) => p === path)?.[0] ?? path, path]) : ALL_PAGES;
const RUNS = Number(flags.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs: a whole number of at least 1");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const lighthouseVersion = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;

// The default base URL (http://localhost:<port>) and that address, so canonical links are the page's own.
const server = flags.url ? undefined : await startServer(["--quiet"]);
const origin = flags.url?.replace(/\/+$/, "") ?? `http://localhost:${server!.port}`;
const profile = mkdtempSync(join(tmpdir(), "sd-lighthouse-"));
const chrome = spawn(chromePath, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
// Interrupted (Ctrl-C, kill): stop chromium and the server too, and leave no profile behind.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    chrome.kill("SIGTERM");
    server?.proc.kill("SIGTERM");
    rmSync(profile, { recursive: true, force: true });
    process.exit(130);
  });
}
const port = await new Promise<number>((res, rej) => {
  let err = "";
  chrome.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
    const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
    if (m) res(Number(m[1]));
  });
  chrome.on("exit", (code) => rej(new Error(`chromium exited (${code}): ${err}`)));
});

type Row = { kind: string; path: string; formFactor: "mobile" | "desktop"; scores: Record<string, number | null>; failed: string[]; load: number; performanceRuns: (number | null)[] };
const rows: Row[] = [];
try {
  for (const formFactor of ["mobile", "desktop"] as const) {
    for (const [kind, path] of PAGES) {
      const runs: { scores: Record<string, number | null>; failed: string[]; load: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const load = loadavg()[0]!;
        const result = await lighthouse(`${origin}${path}`, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] }, formFactor === "desktop" ? desktopConfig : undefined);
        const categories = result!.lhr.categories;
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, categories[c]?.score == null ? null : Math.round(categories[c]!.score! * 100)]));
        // The audits that cost points, by id.
        const failed = CATEGORIES.flatMap((c) => categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (result!.lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => {
            const items = (result!.lhr.audits[ref.id]?.details as { items?: { issueType?: string; description?: string }[] } | undefined)?.items ?? [];
            const kinds = [...new Set(items.map((i) => i.issueType).filter(Boolean))];
            return kinds.length ? `${ref.id} (${kinds.join(", ")})` : ref.id;
          });
        runs.push({ scores, failed, load });
        if (RUNS > 1) console.log(`  run ${run + 1}: ${formFactor} ${path}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")} (load ${load.toFixed(2)})`);
      }
      // The median run by performance gives the row (scores, failed audits, load).
      const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const { scores, failed, load } = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const performanceRuns = runs.map((r) => r.scores.performance);
      rows.push({ kind, path, formFactor, scores, failed, load, performanceRuns });
      console.log(`${formFactor} ${path}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")} (load ${load.toFixed(2)}) ${failed.join(" ")}`);
    }
  }
} finally {
  chrome.kill("SIGTERM");
  await new Promise((r) => (chrome.exitCode === null ? chrome.on("exit", r) : r(null)));
  rmSync(profile, { recursive: true, force: true });
  await server?.stop();
}

if (only) {
  console.log("--only: bench/lighthouse.md and bench/lighthouse.json left as they were");
  process.exit(0);
}
const out = resolve(import.meta.dirname, "../bench");
// Notes written by hand below this marker (candidates compared with --only) survive a new run.
const NOTES = "<!-- notes: kept by scripts/lighthouse.ts -->";
const previous = existsSync(join(out, "lighthouse.md")) ? readFileSync(join(out, "lighthouse.md"), "utf8") : "";
const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : "";
const date = new Date().toISOString().slice(0, 16).replace("T", " ");
writeFileSync(join(out, "lighthouse.json"), JSON.stringify({ date, chromium: chromePath, rows }, null, 2) + "\n");
writeFileSync(
  join(out, "lighthouse.md"),
  `# Lighthouse scores (\`bun scripts/lighthouse.ts\`)

Run ${date} UTC on a shared 2-core machine (1-minute load average per page in the last column:
performance scores drop when the machine is busy). Lighthouse ${lighthouseVersion}, Debian chromium, headless,
default mobile (simulated slow 4G, 4x CPU slowdown) and desktop configs, ${RUNS} run${RUNS > 1 ? "s" : ""} per page
${RUNS > 1 ? "(the median run by performance gives the row; every run's performance in brackets)" : ""}.

| page | path | form factor | performance | accessibility | best practices | SEO | load | audits below 0.9 |
|---|---|---|---:|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.kind} | \`${r.path}\` | ${r.formFactor} | ${CATEGORIES.map((c) => (c === "performance" && r.performanceRuns.length > 1 ? `${r.scores[c] ?? "-"} (runs: ${r.performanceRuns.join(", ")})` : (r.scores[c] ?? "-"))).join(" | ")} | ${r.load.toFixed(2)} | ${r.failed.join(", ")} |`).join("\n")}

Error pages (the PO-box page is a 404) are not scored: Lighthouse refuses a document whose status is an error.
${notes ? `\n${notes}` : ""}`,
);
console.log("wrote bench/lighthouse.md and bench/lighthouse.json");

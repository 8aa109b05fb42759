// Real Schemathesis (3.21.2, the contract tool the design names) against the compiled binary:
// every operation of the served openapi.json, all checks, positive and negative data.
// It is installed on demand from the offline kit in ../shared/tools/schemathesis
// (scripts/ensure-schemathesis.sh), as the browser suite installs chromium.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSpec, findRepoRoot } from "../src/spec.ts";
import { binaryExists, checkBinaryIsCurrent, defaultBinary, startBinary, type Started } from "../src/server.ts";

const root = findRepoRoot();
const BINARY = process.env.SCHOOL_DISTRICTS_BINARY ?? defaultBinary(root);
const kit = resolve(root, "../shared/tools/schemathesis/install.sh");
const runnable = binaryExists(BINARY) && (process.env.CI !== undefined || spawnSync("sh", ["-c", `command -v schemathesis || test -f '${kit}'`]).status === 0);
if (!runnable) console.warn(`SKIPPING Schemathesis: ${BINARY} or the Schemathesis kit (${kit}) is absent`);

const SEED = process.env.SCHEMATHESIS_SEED ?? "20261122";
const EXAMPLES = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? "25";
// Hang guard only: the two runs took 6 min together with both cores busy (load average 16).
const RUN_TIMEOUT_MS = 30 * 60_000;

/**
 * The operations whose 200 body is the whole dataset (20 MB of JSON for the bulk file, 40,881
 * entries for the index). Schemathesis validates each response with pure-Python jsonschema,
 * about 15 s per case here, so they run with one generated case (plus the documented example)
 * instead of EXAMPLES. Every check still runs on them; nothing is excluded.
 */
const WHOLE_DATASET = "^/(index\\.json|bulk/all-districts\\.json)$";
const NOT_WHOLE_DATASET = "^/(?!index\\.json$|bulk/all-districts\\.json$)";

/**
 * HEAD and OPTIONS take the same parameters as their GET, and their answers have no body to
 * validate: fewer cases each (SCHEMATHESIS_SIDE_EXAMPLES, default 8) keep the run's time
 * spent where the bodies are. Every check still runs on them.
 */
const SIDE_EXAMPLES = process.env.SCHEMATHESIS_SIDE_EXAMPLES ?? "8";

interface Run {
  label: string;
  status: number | null;
  stdout: string;
  junit: string;
}

function schemathesis(st: string, server: Started, label: string, filter: string[], maxExamples: string): Run {
  const dir = mkdtempSync(join(tmpdir(), "schemathesis-")); // Hypothesis writes .hypothesis/ here
  const junit = join(dir, "junit.xml");
  const args = [
    "run", `${server.baseUrl}/openapi.json`, "--base-url", server.baseUrl,
    "--checks", "all", "--data-generation-method", "all",
    "--hypothesis-seed", SEED, "--hypothesis-max-examples", maxExamples, "--hypothesis-deadline", "None",
    ...filter, "--junit-xml", junit, "--no-color",
  ];
  const res = spawnSync(st, args, {
    cwd: dir,
    encoding: "utf8",
    timeout: RUN_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
    // The project's hook: redirects are not followed (apps/contract-tests/schemathesis/st_project_hooks.py says why).
    env: { ...process.env, SCHEMATHESIS_HOOKS: "st_project_hooks", PYTHONPATH: resolve(import.meta.dirname, "../schemathesis") },
  });
  let xml = "";
  try {
    xml = readFileSync(junit, "utf8");
  } catch {
    // no report: the run failed before it could write one; the status and output say why
  }
  return { label, status: res.status, stdout: `${res.stdout ?? ""}${res.stderr ?? ""}`, junit: xml };
}

/** The `<testcase name="GET /path">` names of a JUnit report and the failures/errors in it. */
function parseJunit(xml: string): { operations: string[]; failures: number; errors: number; skipped: number } {
  const attr = (name: string) => Number(/<testsuite [^>]*/.exec(xml)?.[0].match(new RegExp(`\\b${name}="(\\d+)"`))?.[1] ?? NaN);
  return {
    operations: [...xml.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")),
    failures: attr("failures"),
    errors: attr("errors"),
    skipped: attr("skipped"),
  };
}

/** Cases Schemathesis sent: the `not_a_server_error  N / N passed` line of its summary. */
const casesOf = (stdout: string) => Number(/not_a_server_error\s+\d+\s*\/\s*(\d+)/.exec(stdout)?.[1] ?? 0);

it.runIf(process.env.CI)("has the binary and the Schemathesis kit (CI has both)", () => {
  expect(binaryExists(BINARY), `${BINARY} is missing`).toBe(true);
  expect(runnable).toBe(true);
});

describe.skipIf(!runnable)(`Schemathesis against ${BINARY}`, () => {
  let server: Started;
  let version = "";
  const runs: Run[] = [];

  beforeAll(async () => {
    const ensure = spawnSync("bash", [join(root, "scripts/ensure-schemathesis.sh")], { encoding: "utf8", timeout: RUN_TIMEOUT_MS });
    if (ensure.status !== 0) throw new Error(`scripts/ensure-schemathesis.sh failed (${ensure.status}):\n${ensure.stderr}`);
    const st = ensure.stdout.trim().split("\n").at(-1)!;
    version = spawnSync(st, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (BINARY === defaultBinary()) checkBinaryIsCurrent(BINARY);
    server = await startBinary(BINARY);
    runs.push(schemathesis(st, server, "GET, but the whole-dataset bodies", ["-M", "GET", "-E", NOT_WHOLE_DATASET], EXAMPLES));
    runs.push(schemathesis(st, server, "HEAD and OPTIONS", ["-M", "HEAD", "-M", "OPTIONS"], SIDE_EXAMPLES));
    runs.push(schemathesis(st, server, "GET of the whole-dataset bodies", ["-M", "GET", "-E", WHOLE_DATASET], "1"));
    for (const r of runs) {
      const j = parseJunit(r.junit);
      console.log(
        `${version}: ${r.label}: ${j.operations.length} operations, ${casesOf(r.stdout)} cases, ` +
          `${j.failures} failed, ${j.errors} errors (seed ${SEED}, exit ${r.status})`,
      );
    }
  }, 3 * RUN_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("runs Schemathesis 3.21.2", () => {
    expect(version).toMatch(/version 3\.21\.2/);
  });

  it("covers every operation of openapi.json", () => {
    // HEAD and OPTIONS are operations of their own in openapi.json; buildSpec hangs them on their GET.
    const expected = buildSpec()
      .operations.flatMap((o) => [o, o.head, o.options].filter((x) => x !== undefined))
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    const ran = runs.flatMap((r) => parseJunit(r.junit).operations).sort();
    expect(ran).toEqual(expected);
  });

  it("reports 0 failures and 0 errors with every check", () => {
    for (const r of runs) {
      const j = parseJunit(r.junit);
      expect({ run: r.label, failures: j.failures, errors: j.errors, exit: r.status }, r.stdout).toEqual({
        run: r.label,
        failures: 0,
        errors: 0,
        exit: 0,
      });
      expect(casesOf(r.stdout), r.stdout).toBeGreaterThan(0);
    }
  });
});

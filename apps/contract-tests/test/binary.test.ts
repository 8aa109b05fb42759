// The contract run against the real compiled binary (dist/school-districts, built by
// `bun run build` / turbo's ^build before this package's tests).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, type Report } from "../src/runner.ts";
import { buildSpec } from "../src/spec.ts";
import { binaryExists, checkBinaryIsCurrent, defaultBinary, startBinary, type Started } from "../src/server.ts";

const BINARY = process.env.SCHOOL_DISTRICTS_BINARY ?? defaultBinary();
const present = binaryExists(BINARY);
const SEED = Number(process.env.CONTRACT_SEED ?? 20261122);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 50);

if (!present) {
  const bar = "!".repeat(78);
  console.warn(
    `\n${bar}\n!! SKIPPING the contract run against the real server: ${BINARY} does not exist.\n` +
      `!! Build it with \`bun run build\` (turbo runs @school-districts/server#build before this test).\n${bar}\n`,
  );
}

// In CI turbo always builds the binary first: a missing binary there is a failure, not a skip.
it.runIf(process.env.CI)("finds the compiled binary (CI builds it before this suite)", () => {
  expect(present, `${BINARY} is missing`).toBe(true);
});

describe.skipIf(!present)(`contract run against ${BINARY}`, () => {
  let server: Started;
  let report: Report;
  const lines: string[] = [];

  beforeAll(async () => {
    if (BINARY === defaultBinary()) checkBinaryIsCurrent(BINARY);
    server = await startBinary(BINARY);
    report = await run({ baseUrl: server.baseUrl, seed: SEED, runs: RUNS, log: (l) => lines.push(l) });
    console.log(lines.join("\n"));
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("covers every operation of openapi.json and unknown paths", () => {
    expect(report.operations.length).toBe(buildSpec().operations.length + 1); // + unknown paths
  });

  it("sends at least 200 generated requests per operation", () => {
    for (const o of report.operations.filter((o) => o.operationId !== "(unknown paths)")) {
      expect(o.requests, o.operationId).toBeGreaterThanOrEqual(200);
    }
  });

  it("reports zero failures", () => {
    const failures = report.failures.map((f) => `[${f.check}] ${f.operation}: ${f.reason}\n  ${f.curl}`);
    expect(failures).toEqual([]);
    expect(report.propertyFailures.map((p) => p.property)).toEqual([]);
  });
});

// The checker against a stand-in: nothing reported against the correct version, and each
// planted fault reported under the right check.
import { afterAll, describe, expect, it } from "vitest";
import { run, type Report } from "../src/runner.ts";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSpec, loadSpec } from "../src/spec.ts";
import type { CheckName } from "../src/checks.ts";
import { serveBun, serveRaw, type Fault, type Running } from "./standin.ts";

const SEED = 424242;
const servers: Running[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function check(faults: Fault[], opts: { raw?: boolean; only?: string[]; runs?: number } = {}): Promise<Report> {
  const s = opts.raw ? await serveRaw(faults) : serveBun(faults);
  servers.push(s);
  return run({ baseUrl: s.baseUrl, seed: SEED, runs: opts.runs ?? 15, only: opts.only, log: () => {} });
}

const failedChecks = (r: Report) => new Set<CheckName>([...r.failures.map((f) => f.check), ...r.propertyFailures.flatMap((p) => p.checks)]);

describe("correct stand-in", () => {
  it("Bun.serve: every operation covered, zero failures", async () => {
    const r = await check([], { runs: 40 });
    expect(r.failures.map((f) => `${f.check} ${f.reason} ${f.curl}`)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.operations.length).toBe(buildSpec().operations.length + 1); // + unknown paths
    for (const o of r.operations) expect(o.requests, o.operationId).toBeGreaterThan(0);
  });
  it("raw TCP: zero failures", async () => {
    const r = await check([], { raw: true, runs: 10 });
    expect(r.failures.map((f) => `${f.check} ${f.reason} ${f.curl}`)).toEqual([]);
  });
});

// Each planted fault -> the check that must report it, and the operations worth running.
const CASES: [Fault, CheckName, string[], boolean?, number?][] = [
  ["wrong-content-type", "content-type", ["getZipRecord"]],
  ["missing-field", "schema", ["getZipRecord"]],
  ["extra-field", "schema", ["getBulkJson"]],
  ["rating-as-string", "schema", ["getIndex"]],
  ["undocumented-status", "status-documented", ["getStateCollection"]],
  ["missing-cors", "cors", ["(unknown paths)"]],
  ["body-on-304", "not-modified", ["getHealth"], true],
  ["etag-304-mismatch", "not-modified", ["getDocs"]],
  ["server-error", "no-5xx", ["getZipDistricts"]],
  ["405-missing-allow", "method-not-allowed", ["getHealth"]],
  ["post-200", "status-expected", ["getIndex"]],
  ["head-differs", "head-matches-get", ["getHomePage"]],
  ["wrong-cache-control", "headers", ["getBulkCsv"]],
  ["gzip-when-refused", "content-encoding", ["getOpenApi"]],
  ["gzip-over-br", "content-encoding", ["getOpenApi"], false, 60], // needs a br answer first
  ["lowercase-state-404", "status-expected", ["getStateCollection"]],
  ["options-200", "preflight", ["getZipPage"]],
  ["weak-etag", "etag", ["getHealth"]],
  ["etag-per-request", "etag", ["getZipRecord"]],
  ["problem-status-mismatch", "problem-details", ["getZipRecord"]],
  ["no-vary", "headers", ["getIndex"]], // Vary is a documented header of every 200
  ["bad-gzip", "content-encoding", ["getBulkJson"]],
  ["bad-content-length", "http-framing", ["getHealth"], true],
  ["ignores-if-none-match", "status-expected", ["getHealth"]],
  ["ignores-if-match", "status-expected", ["getHealth"]],
  ["unsorted-index", "semantics", ["getIndex"]],
  ["count-mismatch", "semantics", ["getStateCollection"]],
  ["csv-lf", "semantics", ["getBulkCsv"]],
  ["stale-openapi", "spec-served", ["getOpenApi"]],
  // Issue 14: a fault in each district operation, and in the `chosen` flag of getZipDistricts.
  ["zip-districts-none-chosen", "semantics", ["getZipDistricts"]],
  ["district-zips-unsorted", "semantics", ["getDistrict"]],
  ["district-page-json-type", "content-type", ["getDistrictPage"]],
  ["state-districts-count", "semantics", ["getStateDistricts"]],
  ["state-page-404", "status-expected", ["getStatePage"]],
  ["districts-csv-lf", "semantics", ["getDistrictsCsv"]],
  ["zip-districts-csv-lf", "semantics", ["getZipDistrictsCsv"]],
];

describe("planted faults are caught", () => {
  it.each(CASES)("%s -> %s", async (fault, checkName, only, raw, runs) => {
    const r = await check([fault], { only, raw, runs });
    expect(r.ok).toBe(false);
    expect([...failedChecks(r)]).toContain(checkName);
    // Every failure names a curl command that reproduces it.
    for (const f of r.failures) expect(f.curl).toMatch(/^curl -sS --path-as-is /);
  });

  /** A short run (getHealth only) against a fault-free stand-in, with `doc` as the spec. */
  const runWithSpec = async (doc: ReturnType<typeof loadSpec>) => {
    const specFile = join(mkdtempSync(join(tmpdir(), "contract-spec-")), "openapi.json");
    writeFileSync(specFile, JSON.stringify(doc));
    const s = serveBun([]);
    servers.push(s);
    return run({ baseUrl: s.baseUrl, seed: SEED, runs: 5, only: ["getHealth"], specFile, log: () => {} });
  };

  it("a spec whose path lacks its HEAD or OPTIONS operation fails spec-methods", async () => {
    const doc = loadSpec();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    delete paths["/district/{leaid}.json"]!.head;
    delete paths["/healthz"]!.options;
    const reasons = (await runWithSpec(doc)).failures.filter((f) => f.check === "spec-methods").map((f) => f.reason);
    expect(reasons).toEqual([
      "HEAD /district/{leaid}.json documents none; its GET 200, 304, 400, 404, 412 (405 aside)",
      "OPTIONS /healthz documents none, expected the 204 preflight",
    ]);
  });

  it("a nullable reference written OpenAPI 3.0's old way (nullable beside allOf) fails spec-nullable", async () => {
    const doc = loadSpec();
    const schemas = (doc.components as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas;
    schemas.LocationAnswer!.properties.zip = { type: "object", nullable: true, allOf: [{ $ref: "#/components/schemas/DistrictRecord" }] };
    const reasons = (await runWithSpec(doc)).failures.filter((f) => f.check === "spec-nullable").map((f) => f.reason);
    expect(reasons).toEqual(["nullable: true refuses null at #/components/schemas/LocationAnswer/properties/zip (OpenAPI 3.0.3)"]);
    // The spec as written passes: its nullable reference is a oneOf with a null alternative.
    const ok = await runWithSpec(loadSpec());
    expect(ok.failures.filter((f) => f.check === "spec-nullable")).toEqual([]);
    expect(ok.checks["spec-nullable"]).toEqual({ passed: 1, failed: 0 });
  });

  it("several faults at once are each reported", async () => {
    const r = await check(["wrong-content-type", "missing-cors", "undocumented-status", "options-200"]);
    const got = failedChecks(r);
    for (const c of ["content-type", "cors", "status-documented", "preflight"] as CheckName[]) expect([...got]).toContain(c);
  });
});

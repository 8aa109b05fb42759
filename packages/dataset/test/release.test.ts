import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dateAhead, datedChangeProblem } from "../src/release.ts";

/** A build's files: its manifest (dated, listing districts.csv) and the files it writes. */
const build = (updated: string, over: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  new Map(Object.entries({
    "manifest.json": JSON.stringify({ updated, files: { "districts.csv": { sha256: "x" } }, ...extra }),
    "districts.csv": "leaid\n0100001\n",
    "postal.csv": "zip\n",
    "RATING.md": "# Rating\n",
    "SOURCES.md": "# Sources\n",
    "VALIDATION.md": "# Validation\n",
    ...over,
  }));
const folder = (files: Map<string, string> | undefined) => (name: string) => files?.get(name);

describe("datedChangeProblem (the dataset's date is its version: API audit 32 #1)", () => {
  it("lets a first build, a rebuild of the same served files under the same date, and any build under a later date through", () => {
    expect(datedChangeProblem(folder(undefined), build("2026-11-22"), "2026-11-22")).toBeUndefined();
    expect(datedChangeProblem(folder(build("2026-11-22")), build("2026-11-22"), "2026-11-22")).toBeUndefined();
    expect(datedChangeProblem(folder(build("2026-11-22")), build("2026-11-26", { "districts.csv": "leaid\n0100002\n" }), "2026-11-26")).toBeUndefined();
    // A report the server does not read may change under the same date.
    expect(datedChangeProblem(folder(build("2026-11-22")), build("2026-11-22", { "VALIDATION.md": "# Other\n" }), "2026-11-22")).toBeUndefined();
  });
  it("refuses served files changed under the same date, naming them: the listed data, the PO-box list, the about page's reports, the manifest but for its date", () => {
    const old = folder(build("2026-11-22"));
    expect(datedChangeProblem(old, build("2026-11-22", { "districts.csv": "leaid\n0100002\n" }), "2026-11-22")).toBe(
      "the served files differ from the build dated 2026-11-22 (districts.csv): give a later --date, as the date is the dataset's version (the records' updated, every response's Last-Modified).",
    );
    expect(datedChangeProblem(old, build("2026-11-22", { "postal.csv": "zip\n00501\n", "RATING.md": "# Rating v2\n" }), "2026-11-22")).toMatch(/\(RATING\.md, postal\.csv\)/);
    expect(datedChangeProblem(old, build("2026-11-22", {}, { former_districts: { "0100009": {} } }), "2026-11-22")).toMatch(/\(manifest\.json\)/);
  });
  it("refuses a date going back; compares with nothing it cannot read", () => {
    expect(datedChangeProblem(folder(build("2026-11-22")), build("2026-11-21"), "2026-11-21")).toMatch(/^2026-11-21 is before the date of the build it replaces \(2026-11-22\)/);
    expect(datedChangeProblem(() => "not json", build("2026-11-22"), "2026-11-22")).toBeUndefined();
  });
});

describe("dateAhead (ops audit 33 #3: a typo such as 2027-06-01 could not be taken back)", () => {
  it("lets today and tomorrow through (a second release in one day is dated the next), refuses any later date", () => {
    const now = new Date("2026-11-26T23:30:00Z");
    expect(dateAhead("2026-11-26", now)).toBeUndefined();
    expect(dateAhead("2026-11-27", now)).toBeUndefined();
    expect(dateAhead("2026-11-28", now)).toMatch(/^2026-11-28 is after tomorrow \(2026-11-27\)/);
    expect(dateAhead("2027-06-01", now)).toMatch(/^2027-06-01 is after tomorrow/);
  });
});

describe("data:build refuses a date after tomorrow before it builds (the guard in cli.ts, not only the function)", () => {
  it("exits 1 naming --date, writes nothing, reads no raw file", () => {
    const out = mkdtempSync(join(tmpdir(), "sd-date-"));
    try {
      // A raw folder that does not exist: the refusal comes first, or this would fail on the raw files instead.
      const run = spawnSync(process.execPath, [join(import.meta.dirname, "../src/cli.ts"), "--raw", join(out, "no-raw"), "--date", "2999-01-01", "--out", out], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^data:build failed: .*--date.*2999-01-01 is after tomorrow/);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

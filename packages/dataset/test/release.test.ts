import { describe, expect, it } from "vitest";
import { datedChangeProblem } from "../src/release.ts";

const manifest = (updated: string, districts: string) => JSON.stringify({ updated, files: { "zips.csv": { sha256: "aa" }, "districts.csv": { sha256: districts } } });

describe("datedChangeProblem (the dataset's date is its version: API audit 32 #1)", () => {
  it("lets a first build, a rebuild of the same files under the same date, and changed files under a later date through", () => {
    expect(datedChangeProblem(undefined, manifest("2026-11-22", "bb"), "2026-11-22")).toBeUndefined();
    expect(datedChangeProblem(manifest("2026-11-22", "bb"), manifest("2026-11-22", "bb"), "2026-11-22")).toBeUndefined();
    expect(datedChangeProblem(manifest("2026-11-22", "bb"), manifest("2026-11-26", "cc"), "2026-11-26")).toBeUndefined();
    // A later date with the same files is a new release of the same data: allowed.
    expect(datedChangeProblem(manifest("2026-11-22", "bb"), manifest("2026-11-26", "bb"), "2026-11-26")).toBeUndefined();
  });
  it("refuses changed files under the same date, naming them, and a date going back", () => {
    expect(datedChangeProblem(manifest("2026-11-22", "bb"), manifest("2026-11-22", "cc"), "2026-11-22")).toBe(
      "the served files differ from the build dated 2026-11-22 (districts.csv): give a later --date, as the date is the dataset's version (the records' updated, every response's Last-Modified).",
    );
    expect(datedChangeProblem(manifest("2026-11-22", "bb"), manifest("2026-11-21", "bb"), "2026-11-21")).toMatch(/^2026-11-21 is before the date of the build it replaces \(2026-11-22\)/);
  });
  it("compares with nothing it cannot read", () => {
    expect(datedChangeProblem("not json", manifest("2026-11-22", "cc"), "2026-11-22")).toBeUndefined();
  });
});

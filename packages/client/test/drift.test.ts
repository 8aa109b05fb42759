import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const packageDir = resolve(import.meta.dirname, "..");

describe("generated types", () => {
  it("match a fresh openapi-typescript generation from openapi/openapi.json", () => {
    const out = join(mkdtempSync(join(tmpdir(), "client-types-")), "openapi.ts");
    const bin = join(packageDir, "node_modules/.bin/openapi-typescript");
    const run = Bun.spawnSync([bin, resolve(packageDir, "../../openapi/openapi.json"), "-o", out], { cwd: packageDir, stderr: "pipe" });
    expect(run.exitCode, run.stderr.toString()).toBe(0);
    // A mismatch means openapi.json changed without `bun run gen`: run it and commit src/openapi.ts.
    expect(readFileSync(join(packageDir, "src/openapi.ts"), "utf8")).toBe(readFileSync(out, "utf8"));
  });
});

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const packageDir = resolve(import.meta.dirname, "..");
const committed = join(packageDir, "src/openapi.d.ts");
const spec = resolve(packageDir, "../../openapi/openapi.json");

describe("generated types", () => {
  it("match a fresh openapi-typescript generation from openapi/openapi.json", () => {
    const out = join(mkdtempSync(join(tmpdir(), "api-types-")), "openapi.d.ts");
    const bin = join(packageDir, "node_modules/.bin/openapi-typescript");
    const run = Bun.spawnSync([bin, spec, "-o", out], { cwd: packageDir, stderr: "pipe" });
    expect(run.exitCode, run.stderr.toString()).toBe(0);
    const fresh = readFileSync(out, "utf8");
    // A mismatch means openapi.json changed without `bun run gen`: run it and commit src/openapi.d.ts.
    expect(readFileSync(committed, "utf8")).toBe(fresh);
  });
});

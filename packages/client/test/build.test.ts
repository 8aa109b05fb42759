/**
 * The package builds to ESM with declarations that import nothing but
 * openapi-fetch and each other, and the ESM loads in Node (the client's calls
 * against the real service are tested in tests/client against the binary).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = resolve(import.meta.dirname, "..");
let out: string;

beforeAll(() => {
  // Inside the package (tmp/ is git-ignored), so `openapi-fetch` resolves from its node_modules.
  mkdirSync(join(packageDir, "tmp"), { recursive: true });
  out = mkdtempSync(join(packageDir, "tmp", "dist-"));
  const tsc = Bun.spawnSync([resolve(packageDir, "../../node_modules/.bin/tsc"), "-p", "tsconfig.build.json", "--outDir", out], { cwd: packageDir, stdout: "pipe", stderr: "pipe" });
  expect(tsc.exitCode, tsc.stdout.toString() + tsc.stderr.toString()).toBe(0);
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("build", () => {
  it("writes ESM and .d.ts for the client and the generated types", () => {
    for (const f of ["index.js", "index.d.ts", "openapi.d.ts"]) expect(existsSync(join(out, f)), f).toBe(true);
    const js = readFileSync(join(out, "index.js"), "utf8");
    expect(js).toMatch(/^import createFetchClient, .* from "openapi-fetch";$/m);
    expect(js).toMatch(/^export function createClient\(/m);
    expect(js).not.toMatch(/require\(/);
    const dts = readFileSync(join(out, "index.d.ts"), "utf8");
    // Relative imports name the emitted file, so any module resolution finds it.
    expect([...dts.matchAll(/from "([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(["./openapi.js", "openapi-fetch"]);
    expect(dts).toContain("export declare function createClient(options: ClientOptions): SchoolDistrictsClient;");
  });

  it("loads as an ES module in Node and in Bun", () => {
    const script = `import { createClient } from ${JSON.stringify(join(out, "index.js"))}; const c = createClient({ baseUrl: "http://127.0.0.1:9/" }); console.log([typeof Bun === "undefined" ? "node" : "bun", typeof c.zip, typeof c.district, typeof c.api.GET].join())`;
    // Under `bun --bun`, `node` on PATH may be Bun itself: take a real Node binary.
    const node = (process.env.PATH ?? "")
      .split(delimiter)
      .map((dir) => join(dir, "node"))
      .find((p) => existsSync(p) && !/bun/.test(realpathSync(p)));
    expect(node, "a Node.js binary on PATH").toBeDefined();
    for (const [runtime, cmd] of [["node", [node!, "--input-type=module", "-e", script]], ["bun", [process.execPath, "-e", script]]] as const) {
      const run = Bun.spawnSync([...cmd], { cwd: packageDir, stdout: "pipe", stderr: "pipe" });
      expect(run.stderr.toString(), runtime).toBe("");
      expect(run.stdout.toString().trim()).toBe(`${runtime},function,function,function`);
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sourceFingerprint } from "./source-fingerprint.ts";

const repo = mkdtempSync(join(tmpdir(), "fingerprint-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(repo, path, ".."), { recursive: true });
  writeFileSync(join(repo, path), text);
};

describe("sourceFingerprint", () => {
  it("changes with the server's source, the contract or the data's manifest, not with a test or an unrelated file", () => {
    write("apps/server/src/pages.ts", "export const a = 1;\n");
    write("openapi/openapi.json", "{}\n");
    write("data/manifest.json", '{"updated":"2026-11-27"}\n');
    const before = sourceFingerprint(repo);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    write("apps/server/src/pages.test.ts", "it();\n");
    write("README.md", "words\n");
    expect(sourceFingerprint(repo)).toBe(before);
    write("apps/server/src/pages.ts", "export const a = 2;\n");
    const edited = sourceFingerprint(repo);
    expect(edited).not.toBe(before);
    write("data/manifest.json", '{"updated":"2026-11-28"}\n');
    expect(sourceFingerprint(repo)).not.toBe(edited);
  });

  it("tells a file's end from the next one's name (moving text between files changes it)", () => {
    write("packages/core/src/a.ts", "x");
    write("packages/core/src/b.ts", "y");
    const before = sourceFingerprint(repo);
    write("packages/core/src/a.ts", "xy");
    write("packages/core/src/b.ts", "");
    expect(sourceFingerprint(repo)).not.toBe(before);
  });
});

import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes every file into a fresh temporary folder inside `outDir`, then renames each
 * into place: a failed build leaves the previous files untouched, never a partial file.
 */
export function writeOutputs(outDir: string, files: ReadonlyMap<string, string>): void {
  mkdirSync(outDir, { recursive: true });
  const tmp = mkdtempSync(join(outDir, ".build-"));
  try {
    for (const [name, content] of files) writeFileSync(join(tmp, name), content, "utf8");
    // manifest.json last: a reader that checks it sees either the old set or the new one.
    const order = [...files.keys()].sort((a, b) => Number(a === "manifest.json") - Number(b === "manifest.json"));
    for (const name of order) renameSync(join(tmp, name), join(outDir, name));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

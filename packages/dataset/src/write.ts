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

/**
 * Writes files at their paths (any folders) together: every one to a temporary file beside it
 * first, then each renamed into place, so a failure while writing leaves every old file (the
 * baseline, its log and VALIDATION.md must agree); a rename that fails leaves the files renamed
 * before it, and no temporary file.
 *
 * @example
 * writeFilesTogether(new Map([["data/baseline.csv", csv], ["data/baseline-log.csv", log]]));
 */
export function writeFilesTogether(files: ReadonlyMap<string, string>): void {
  const temps: [string, string][] = [];
  try {
    for (const [path, content] of files) {
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, content, "utf8");
      temps.push([temp, path]);
    }
    // Each renamed leaves the list: a failed rename leaves the rest to be removed below.
    while (temps.length > 0) {
      const [temp, path] = temps[0]!;
      renameSync(temp, path);
      temps.shift();
    }
  } finally {
    for (const [temp] of temps) rmSync(temp, { force: true });
  }
}

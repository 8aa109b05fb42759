/**
 * Rebuilding from the raw files with the recorded --date gives the committed data/
 * byte for byte. Needs ../shared/data/raw (relative to the repository root). Outside CI it
 * is skipped, with a visible warning, when the folder is absent; under CI (CI set) the
 * folder is always beside the clone, so its absence is a failure.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { build, sha256 } from "../src/build.ts";
import { addBoundaries } from "../src/geo.ts";

const root = resolve(import.meta.dirname, "../../..");
const raw = resolve(root, "../shared/data/raw");
const data = join(root, "data");
const present = existsSync(raw);
if (!present) console.warn(`SKIPPED reproducibility check: raw folder ${raw} is absent`);

// The whole rebuild, once. Its wall time is reported by `bun run data:build`, never asserted
// here; this timeout only stops a hang: 10x the slowest rebuild seen with both cores busy.
const REBUILD_TIMEOUT_MS = 15 * 60_000;

it.runIf(process.env.CI)("finds the raw files (CI has ../shared beside the clone)", () => {
  expect(present, `${raw} is missing`).toBe(true);
});

describe("reproducibility of the committed dataset", () => {
  it.skipIf(!present)(
    "rebuilding with the manifest's date gives byte-identical files",
    async () => {
      const manifest = JSON.parse(readFileSync(join(data, "manifest.json"), "utf8")) as { updated: string };
      const { files } = await addBoundaries(build({ raw, date: manifest.updated, joins: join(data, "joins.csv") }), raw, sha256);
      for (const [name, text] of files) {
        const committed = readFileSync(join(data, name), "utf8");
        expect(text === committed, `${name} differs from the committed data/${name}: rebuild with bun run data:build`).toBe(true);
      }
    },
    REBUILD_TIMEOUT_MS,
  );
});

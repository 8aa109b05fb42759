/**
 * Rebuilding from the raw files with the recorded --date gives the committed data/
 * byte for byte. Needs ../shared/data/raw (relative to the repository root); skipped,
 * with a visible warning, when it is absent.
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
    600_000,
  );
});

/**
 * `bun run data:build -- --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>]`
 * Builds the compiled dataset into data/ (default: the repository's data/ folder).
 * Relative paths are resolved against the repository root.
 */
import { resolve, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, sha256 } from "./build.ts";
import { addBoundaries } from "./geo.ts";
import { InputError } from "./errors.ts";
import { writeOutputs } from "./write.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export function parseArgs(argv: readonly string[]): { raw: string; date: string; out: string; joins: string } {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") continue;
    const m = a.match(/^--(raw|date|out|joins)(?:=(.*))?$/);
    if (m === null) throw new Error(`unknown argument "${a}" (usage: --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>])`);
    const v = m[2] ?? argv[++i];
    if (v === undefined) throw new Error(`--${m[1]} needs a value`);
    args.set(m[1]!, v);
  }
  // Relative paths are resolved against the repository root: `bun run data:build` at the
  // root runs this file with packages/dataset as working directory (and PWD).
  const base = repoRoot;
  const raw = args.get("raw");
  const date = args.get("date");
  if (raw === undefined || date === undefined) throw new Error("usage: data:build -- --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>]");
  const out = resolve(base, args.get("out") ?? resolve(repoRoot, "data"));
  return {
    raw: resolve(base, raw),
    date,
    out,
    joins: resolve(base, args.get("joins") ?? resolve(repoRoot, "data/joins.csv")),
  };
}

if (import.meta.main) {
  const t0 = performance.now();
  try {
    const a = parseArgs(process.argv.slice(2));
    const base = build({ raw: a.raw, date: a.date, joins: a.joins, joinsLabel: relative(process.cwd(), a.joins) || a.joins });
    const { files, coverage } = await addBoundaries(base, a.raw, sha256);
    writeOutputs(a.out, files);
    process.stdout.write(coverage);
    process.stdout.write(`\nwrote ${[...files.keys()].join(", ")} to ${a.out} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`data:build failed: ${e.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`data:build failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  }
}

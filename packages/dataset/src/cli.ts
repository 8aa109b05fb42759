/**
 * `bun run data:build -- --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>] [--baseline <file>] [--save-baseline]`
 * Builds the compiled dataset into data/ (default: the repository's data/ folder).
 * Relative paths are resolved against the repository root.
 */
import { writeFileSync } from "node:fs";
import { resolve, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "./build.ts";
import { buildWithBoundaries } from "./geo.ts";
import { InputError } from "./errors.ts";
import { writeOutputs } from "./write.ts";
import { readPopulationEvidence } from "./population.ts";
import { baselineCsv, baselineFromData } from "./validation.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface CliArgs {
  raw: string;
  date: string;
  out: string;
  joins: string;
  baseline: string;
  /** first make the dataset now in `out` the baseline (the previous build) of this one, written to `baseline` */
  saveBaseline: boolean;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args = new Map<string, string>();
  let saveBaseline = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") continue;
    if (a === "--save-baseline") {
      saveBaseline = true;
      continue;
    }
    const m = a.match(/^--(raw|date|out|joins|baseline)(?:=(.*))?$/);
    if (m === null) throw new Error(`unknown argument "${a}" (usage: --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>] [--baseline <file>] [--save-baseline])`);
    const v = m[2] ?? argv[++i];
    if (v === undefined) throw new Error(`--${m[1]} needs a value`);
    args.set(m[1]!, v);
  }
  // Relative paths are resolved against the repository root: `bun run data:build` at the
  // root runs this file with packages/dataset as working directory (and PWD).
  const base = repoRoot;
  const raw = args.get("raw");
  const date = args.get("date");
  if (raw === undefined || date === undefined) throw new Error("usage: data:build -- --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>] [--baseline <file>] [--save-baseline]");
  const out = resolve(base, args.get("out") ?? resolve(repoRoot, "data"));
  return {
    raw: resolve(base, raw),
    date,
    out,
    joins: resolve(base, args.get("joins") ?? resolve(repoRoot, "data/joins.csv")),
    baseline: resolve(base, args.get("baseline") ?? resolve(repoRoot, "data/baseline.csv")),
    saveBaseline,
  };
}

if (import.meta.main) {
  const t0 = performance.now();
  try {
    const a = parseArgs(process.argv.slice(2));
    if (a.saveBaseline) {
      // The dataset in `out` (the committed previous build) becomes the baseline.
      writeFileSync(a.baseline, baselineCsv(baselineFromData(a.out)), "utf8");
    }
    const evidence = await readPopulationEvidence(a.raw);
    const t1 = performance.now();
    const opts = {
      raw: a.raw,
      date: a.date,
      joins: a.joins,
      joinsLabel: relative(process.cwd(), a.joins) || a.joins,
      evidence,
      baseline: a.baseline,
      baselineLabel: relative(process.cwd(), a.baseline) || a.baseline,
    };
    const { files, coverage, validation } = await buildWithBoundaries(opts, sha256);
    writeOutputs(a.out, files);
    process.stdout.write(coverage);
    for (const f of validation.figures.filter((x) => !x.name.startsWith("state "))) {
      process.stdout.write(`office-ZIP check, ${f.name}: ${f.hits}/${f.checks} (previous build ${f.baselineHits})\n`);
    }
    const s = (t: number) => `${(t / 1000).toFixed(1)} s`;
    process.stdout.write(`\nwrote ${[...files.keys()].join(", ")} to ${a.out}\n`);
    process.stdout.write(`wall time ${s(performance.now() - t0)} (2020 population evidence ${s(t1 - t0)}, the rest ${s(performance.now() - t1)})\n`);
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`data:build failed: ${e.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`data:build failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  }
}

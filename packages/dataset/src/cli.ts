/**
 * `bun run data:build -- --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>] [--baseline <file>] [--save-baseline --reason <text>]`
 * Builds the compiled dataset into data/ (default: the repository's data/ folder).
 * Relative paths are resolved against the repository root. `--save-baseline` accepts this
 * build as the baseline (data/baseline.csv) that later builds are compared with, and writes
 * every figure that dropped against the one it replaces, with `--reason`, to
 * data/baseline-log.csv (VALIDATION.md section 5).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256 } from "./build.ts";
import { buildWithBoundaries } from "./geo.ts";
import { InputError } from "./errors.ts";
import { dateAhead, dateGoesBack, datedChangeProblem } from "./release.ts";
import { writeFilesTogether, writeOutputs } from "./write.ts";
import { readPopulationEvidence } from "./population.ts";
import { TRUTH_PREFIX, acceptedDrops, droppedFigures, baselineCsv, baselineFromData, baselineLogCsv, baselineLogPath, loadBaselineLog, parseBaseline, validate } from "./validation.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface CliArgs {
  raw: string;
  date: string;
  out: string;
  joins: string;
  /** data/websites.csv (loadWebsiteChoices) */
  websites: string;
  baseline: string;
  /** accept this build as the baseline (written to `baseline`), logging its drops with `reason` */
  saveBaseline: boolean;
  /** why the drops of a --save-baseline build are accepted (required with it) */
  reason: string | undefined;
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
    const m = a.match(/^--(raw|date|out|joins|baseline|reason)(?:=(.*))?$/);
    if (m === null) throw new Error(`unknown argument "${a}" (usage: --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>] [--baseline <file>] [--save-baseline --reason <text>])`);
    const v = m[2] ?? argv[++i];
    if (v === undefined) throw new Error(`--${m[1]} needs a value`);
    args.set(m[1]!, v);
  }
  // Relative paths are resolved against the repository root: `bun run data:build` at the
  // root runs this file with packages/dataset as working directory (and PWD).
  const base = repoRoot;
  const raw = args.get("raw");
  const date = args.get("date");
  if (raw === undefined || date === undefined) throw new Error("usage: data:build -- --raw <dir> --date YYYY-MM-DD [--out <dir>] [--joins <file>] [--baseline <file>] [--save-baseline --reason <text>]");
  const out = resolve(base, args.get("out") ?? resolve(repoRoot, "data"));
  const reason = args.get("reason");
  if (saveBaseline && (reason === undefined || reason.trim() === "")) {
    throw new Error('--save-baseline needs --reason "<why the figures that drop are accepted>" (written to baseline-log.csv and VALIDATION.md)');
  }
  if (!saveBaseline && reason !== undefined) throw new Error("--reason goes with --save-baseline");
  return {
    raw: resolve(base, raw),
    date,
    out,
    joins: resolve(base, args.get("joins") ?? resolve(repoRoot, "data/joins.csv")),
    websites: resolve(repoRoot, "data/websites.csv"),
    baseline: resolve(base, args.get("baseline") ?? resolve(repoRoot, "data/baseline.csv")),
    saveBaseline,
    reason,
  };
}

if (import.meta.main) {
  const t0 = performance.now();
  try {
    const a = parseArgs(process.argv.slice(2));
    const previous = (name: string) => (existsSync(join(a.out, name)) ? readFileSync(join(a.out, name), "utf8") : undefined);
    // A date going back is refused before the build (the changed files only after it).
    const backwards = dateGoesBack(previous, a.date) ?? dateAhead(a.date, new Date());
    if (backwards !== undefined) throw new InputError("--date", 0, backwards);
    const evidence = await readPopulationEvidence(a.raw);
    const t1 = performance.now();
    const opts = {
      raw: a.raw,
      date: a.date,
      joins: a.joins,
      joinsLabel: relative(process.cwd(), a.joins) || a.joins,
      websites: a.websites,
      websitesLabel: relative(process.cwd(), a.websites) || a.websites,
      evidence,
      baseline: a.baseline,
      baselineLabel: relative(process.cwd(), a.baseline) || a.baseline,
    };
    const { files, coverage, validation, stats } = await buildWithBoundaries(opts, sha256);
    const undated = datedChangeProblem(previous, files, a.date);
    if (undated !== undefined) throw new InputError("--date", 0, undated);
    writeOutputs(a.out, files);
    if (a.saveBaseline) {
      // This build becomes the baseline; the figures that dropped against the old one are logged with the reason.
      const logPath = baselineLogPath(a.baseline);
      const log = [...loadBaselineLog(logPath, logPath), ...acceptedDrops(validation, a.date, a.reason!)];
      const baselineText = baselineCsv(baselineFromData(a.out));
      const again = validate(stats, parseBaseline(baselineText, a.baseline), log);
      // The three agree or none changes (a failure between them left a log entry without its baseline).
      writeFilesTogether(new Map([[logPath, baselineLogCsv(log)], [a.baseline, baselineText], [`${a.out}/VALIDATION.md`, again.markdown]]));
      process.stdout.write(`accepted this build as the baseline (${a.baseline}); logged in ${logPath}:\n`);
      for (const f of acceptedDrops(validation, a.date, a.reason!)) process.stdout.write(`  ${f.figure}: ${f.before} -> ${f.after} of ${f.checks}\n`);
    }
    process.stdout.write(coverage);
    for (const f of validation.figures.filter((x) => !x.name.startsWith("state "))) {
      process.stdout.write(`${f.name.startsWith(TRUTH_PREFIX) ? "" : "office-ZIP check, "}${f.name}: ${f.hits}/${f.checks} (accepted baseline ${f.baselineHits})\n`);
    }
    for (const f of a.saveBaseline ? [] : droppedFigures(validation.figures)) {
      process.stdout.write(`DROPPED (fails the dataset test) ${f.name}: ${f.baselineHits} -> ${f.hits} of ${f.checks}; lost:\n${f.lost.map((c) => `  ${validation.describe(c)}`).join("\n")}\n`);
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

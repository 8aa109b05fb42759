// The 5,000 points of the point-lookup benchmark (issue 12): 2020 census block-group centres
// (raw section 12) drawn with probability proportional to their 2020 population, with a fixed
// seed, so the points are where people live and the file is reproducible from the raw data.
// Puerto Rico is left out: the boundary file has no territories, so its points answer 404.
//
//   bun bench/points.ts [--raw ../shared/data/raw]   # rewrites bench/points.csv
//
// bench/bench.ts (bench/run) and bench/location.ts read bench/points.csv; the raw data is
// needed only to regenerate it.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

const ROOT = resolve(import.meta.dir, "..");
export const POINTS_CSV = join(ROOT, "bench/points.csv");
const COUNT = 5000;
const SEED = 12; // issue 12
const LEFT_OUT = new Set(["PR"]);

export interface BenchPoint {
  lat: number;
  lon: number;
  state: string;
}

/**
 * `count` block-group centres drawn with replacement, each with probability proportional to
 * its 2020 population, from a generator seeded with `seed`.
 *
 * @example
 * samplePoints("../shared/data/raw", 5000, 12)[0]; // { lat: …, lon: …, state: "…" }
 */
export function samplePoints(rawDir: string, count: number, seed: number): BenchPoint[] {
  const path = join(rawDir, "ejam-bg-cenpop2020-derived/bg_cenpop2020.csv.gz");
  const rows = parse(gunzipSync(readFileSync(path)).toString("utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const groups: BenchPoint[] = [];
  const upTo: number[] = []; // cumulative population, in file order
  let total = 0;
  for (const r of rows) {
    const pop = Number(r.pop2020);
    if (LEFT_OUT.has(r.ST!) || !(pop > 0)) continue;
    total += pop;
    groups.push({ lat: Number(r.lat), lon: Number(r.lon), state: r.ST! });
    upTo.push(total);
  }
  const rng = xoroshiro128plus(seed);
  const out: BenchPoint[] = [];
  for (let i = 0; i < count; i++) {
    const person = uniformInt(rng, 0, total - 1);
    let lo = 0;
    let hi = upTo.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (upTo[mid]! > person) hi = mid;
      else lo = mid + 1;
    }
    out.push(groups[lo]!);
  }
  return out;
}

/**
 * bench/points.csv as `/location.json` paths.
 *
 * @example
 * locationPaths()[0]; // "/location.json?lat=…&lon=…"
 */
export function locationPaths(file = POINTS_CSV): string[] {
  const lines = readFileSync(file, "utf8").trim().split("\n").slice(1);
  if (lines.length === 0) throw new Error(`${file} has no points: run bun bench/points.ts`);
  return lines.map((l) => {
    const [lat, lon] = l.split(",");
    return `/location.json?lat=${lat}&lon=${lon}`;
  });
}

if (import.meta.main) {
  const i = process.argv.indexOf("--raw");
  const raw = resolve(i > 0 ? process.argv[i + 1]! : join(ROOT, "../shared/data/raw"));
  const points = samplePoints(raw, COUNT, SEED);
  writeFileSync(POINTS_CSV, "lat,lon,state\n" + points.map((p) => `${p.lat},${p.lon},${p.state}`).join("\n") + "\n");
  console.log(`wrote ${POINTS_CSV}: ${points.length} points (seed ${SEED}, population-weighted, ${[...LEFT_OUT].join(", ")} left out)`);
}

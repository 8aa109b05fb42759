/**
 * Candidate estimators of the population share of each district in a ZCTA, none of them
 * using Geocorr, and their evaluation on the held-out Geocorr 2010 unified shares
 * (share method v2 is chosen by this measurement: data/VALIDATION.md).
 */
import type { PopulationEvidence } from "./population.ts";

/** One GRF21 piece of a ZCTA: a district (Census LEAID) and its land area there. */
export interface Piece {
  leaid: string;
  land: number;
}

/** What a candidate needs besides the pieces. */
export interface EstimatorContext {
  evidence: PopulationEvidence;
  /** Census LEAID -> its land area over all its GRF21 pieces */
  districtLand: ReadonlyMap<string, number>;
}

/** Which evidence decided a ZCTA's shares (`location`: a point, not people; only the measured ZIP_CENTRE). */
export type Evidence = "population" | "density" | "land" | "location";

interface Estimate {
  shares: Map<string, number>;
  evidence: Evidence;
}

export interface Candidate {
  id: string;
  description: string;
  estimate(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext): Estimate;
}

function normalise(pieces: readonly Piece[], weight: (p: Piece) => number): Map<string, number> | null {
  const w = pieces.map(weight);
  const total = w.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return null;
  return new Map(pieces.map((p, i) => [p.leaid, w[i]! / total]));
}

/** Land shares; all-zero land splits evenly. */
export function landShares(pieces: readonly Piece[]): Map<string, number> {
  return normalise(pieces, (p) => p.land) ?? new Map(pieces.map((p) => [p.leaid, 1 / pieces.length]));
}

/** Land x the district's 2020 density (people per unit of land); null when a district has no density. */
function densityShares(pieces: readonly Piece[], ctx: EstimatorContext): Map<string, number> | null {
  const dens = pieces.map((p) => {
    const land = ctx.districtLand.get(p.leaid) ?? 0;
    const pop = ctx.evidence.districtPop.get(p.leaid);
    return land > 0 && pop !== undefined ? pop / land : null;
  });
  if (dens.some((d) => d === null)) return null;
  const byLeaid = new Map(pieces.map((p, i) => [p.leaid, dens[i]!]));
  return normalise(pieces, (p) => p.land * byLeaid.get(p.leaid)!);
}

/** The people of the ZCTA's block groups whose centre lies in each piece; null when none does. */
function centreShares(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext): Map<string, number> | null {
  const m = ctx.evidence.zctaDistrict.get(zcta);
  if (m === undefined) return null;
  return normalise(pieces, (p) => m.get(p.leaid) ?? 0);
}

/** People counted in the ZCTA's pieces by block-group centre. */
function centrePeople(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext): number {
  const m = ctx.evidence.zctaDistrict.get(zcta);
  return m === undefined ? 0 : pieces.reduce((s, p) => s + (m.get(p.leaid) ?? 0), 0);
}

const densityOrLand = (pieces: readonly Piece[], ctx: EstimatorContext): Estimate => {
  const d = densityShares(pieces, ctx);
  return d !== null ? { shares: d, evidence: "density" } : { shares: landShares(pieces), evidence: "land" };
};

/**
 * Block-group centres blended with the density prior: each ZCTA gets `prior` people spread
 * by land x density on top of the people counted by centre, so one centre does not decide a
 * ZCTA alone, and a ZCTA with no centre keeps the density estimate.
 */
function blendedShares(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext, prior: number): Estimate {
  const base = densityOrLand(pieces, ctx);
  const counted = centrePeople(zcta, pieces, ctx);
  if (counted === 0) return base;
  const m = ctx.evidence.zctaDistrict.get(zcta)!;
  const shares = new Map(pieces.map((p) => [p.leaid, ((m.get(p.leaid) ?? 0) + prior * base.shares.get(p.leaid)!) / (counted + prior)]));
  return { shares, evidence: "population" };
}

/** The people spread around block-group centres (dasymetric, distance decay) in each piece; null when none. */
function spreadShares(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext): Map<string, number> | null {
  const m = ctx.evidence.zctaDistrictSpread.get(zcta);
  if (m === undefined) return null;
  return normalise(pieces, (p) => m.get(p.leaid) ?? 0);
}

/** Spread people plus `prior` people by land x density, as blendedShares does for centres. */
export function blendedSpread(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext, prior: number, landPrior = false): Estimate {
  return blendedPeople(ctx.evidence.zctaDistrictSpread.get(zcta), pieces, ctx, prior, landPrior);
}

/**
 * Block-group people nearest the 2020 ZCTA's internal point (a Voronoi stand-in for its
 * polygon) plus `prior` people by land; land alone where no one is placed.
 */
export function blendedNearest(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext, prior: number): Estimate {
  return blendedPeople(ctx.evidence.zctaDistrictNearest.get(zcta), pieces, ctx, prior, true);
}

/**
 * The spread plus a land prior; where the spread places no one in the pieces (ZCTAs new since
 * 2010 have no 2010 polygon; tiny ZCTAs catch no sample), the people nearest the 2020 ZCTA
 * point plus the same prior; land alone where neither places anyone.
 */
export function spreadThenNearest(zcta: string, pieces: readonly Piece[], ctx: EstimatorContext, prior: number): Estimate {
  const e = blendedSpread(zcta, pieces, ctx, prior, true);
  return e.evidence === "population" ? e : blendedNearest(zcta, pieces, ctx, prior);
}

function blendedPeople(m: ReadonlyMap<string, number> | undefined, pieces: readonly Piece[], ctx: EstimatorContext, prior: number, landPrior: boolean): Estimate {
  const base: Estimate = landPrior ? { shares: landShares(pieces), evidence: "land" } : densityOrLand(pieces, ctx);
  const counted = m === undefined ? 0 : pieces.reduce((s, p) => s + (m.get(p.leaid) ?? 0), 0);
  if (counted === 0) return base;
  const shares = new Map(pieces.map((p) => [p.leaid, ((m!.get(p.leaid) ?? 0) + prior * base.shares.get(p.leaid)!) / (counted + prior)]));
  return { shares, evidence: "population" };
}

/** Every candidate, in the order of the VALIDATION.md table. */
export const CANDIDATES: readonly Candidate[] = [
  {
    id: "land",
    description: "land area of the GRF21 piece alone",
    estimate: (_z, pieces) => ({ shares: landShares(pieces), evidence: "land" }),
  },
  {
    id: "land-density",
    description: "land area x the district's 2020 density (block-group people per unit of its land); land where a district has no polygon",
    estimate: (_z, pieces, ctx) => densityOrLand(pieces, ctx),
  },
  {
    id: "centres",
    description: "2020 block-group people by centre in the 2010 ZCTA polygon and the district polygon; land x density where no centre falls",
    estimate: (z, pieces, ctx) => {
      const c = centreShares(z, pieces, ctx);
      return c !== null ? { shares: c, evidence: "population" } : densityOrLand(pieces, ctx);
    },
  },
  {
    id: "centres+density-1500",
    description: "block-group centres plus 1,500 people spread by land x density (a prior that ZCTAs with few centres lean on)",
    estimate: (z, pieces, ctx) => blendedShares(z, pieces, ctx, 1500),
  },
  {
    id: "spread",
    description: "2020 block-group people spread around each centre (13 points, weights decaying with distance) into ZCTA and district polygons; land x density where none falls",
    estimate: (z, pieces, ctx) => {
      const c = spreadShares(z, pieces, ctx);
      return c !== null ? { shares: c, evidence: "population" } : densityOrLand(pieces, ctx);
    },
  },
  {
    id: "spread+density-1000",
    description: "the spread plus 1,000 people by land x density",
    estimate: (z, pieces, ctx) => blendedSpread(z, pieces, ctx, 1000),
  },
  ...[300, 1000, 3000].map((prior) => ({
    id: `spread+land-${prior}`,
    description: `the spread plus ${prior.toLocaleString("en-US")} people by land area; land alone where no one is placed`,
    estimate: (z: string, pieces: readonly Piece[], ctx: EstimatorContext) => blendedSpread(z, pieces, ctx, prior, true),
  })),
  {
    id: "nearest+land-1000",
    description: "2020 block-group people by centre in the district polygon, each given to the ZCTA whose 2020 internal point is nearest (no ZCTA polygon), plus 1,000 people by land area; land alone where no one is placed",
    estimate: (z: string, pieces: readonly Piece[], ctx: EstimatorContext) => blendedNearest(z, pieces, ctx, 1000),
  },
  {
    id: "spread+land-1000, else nearest",
    description: "spread+land-1000; where the spread places no one in the pieces, nearest+land-1000; land alone where neither does",
    estimate: (z: string, pieces: readonly Piece[], ctx: EstimatorContext) => spreadThenNearest(z, pieces, ctx, 1000),
  },
  ...[0.1, 0.2, 0.3].map((mix) => ({
    id: `spread+land-mix-${mix}`,
    description: `the spread's shares ${((1 - mix) * 100).toFixed(0)} %, land shares ${(mix * 100).toFixed(0)} %; land alone where no one is placed`,
    estimate: (z: string, pieces: readonly Piece[], ctx: EstimatorContext): Estimate => {
      const c = spreadShares(z, pieces, ctx);
      const land = landShares(pieces);
      if (c === null) return { shares: land, evidence: "land" };
      return { shares: new Map(pieces.map((p) => [p.leaid, (1 - mix) * c.get(p.leaid)! + mix * land.get(p.leaid)!])), evidence: "population" };
    },
  })),
];

/**
 * Not a people estimate, so not in CANDIDATES (the build could not label its decisions): half of
 * the ZCTA to the district whose polygon holds the ZIP's centre in the raw ZIP lists, half by
 * land; land alone where the centre lies in none of the pieces. VALIDATION.md measures it where
 * the chosen estimator places no one.
 */
export const ZIP_CENTRE: Candidate = {
  id: "zip-centre",
  description: "half to the district whose polygon holds the ZIP centre of the ZIP lists (GeoNames, else zipcodes), half by land area; land where it lies in none of the pieces",
  estimate: (z, pieces, ctx) => {
    const land = landShares(pieces);
    const at = ctx.evidence.zipCentreDistricts.get(z)?.find((l) => land.has(l));
    if (at === undefined) return { shares: land, evidence: "land" };
    return { shares: new Map([...land].map(([l, v]) => [l, (v + (l === at ? 1 : 0)) / 2])), evidence: "location" };
  },
};

/**
 * The candidate with the best top-1 agreement on the held-out truth (ties: the lower mean
 * error, then the earlier candidate): share method v2 uses it.
 */
export function chooseCandidate(scores: readonly Score[]): Score {
  let best = scores[0]!;
  for (const s of scores.slice(1)) if (s.top1 > best.top1 + 1e-12 || (Math.abs(s.top1 - best.top1) <= 1e-12 && s.meanError < best.meanError)) best = s;
  return best;
}

/** Largest share; ties go to the lowest LEAID. */
export function topOf(shares: ReadonlyMap<string, number>): string {
  let best: [string, number] | undefined;
  for (const [k, v] of [...shares].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (best === undefined || v > best[1] + 1e-9) best = [k, v];
  return best?.[0] ?? "";
}

export interface Truth {
  zcta: string;
  pieces: Piece[];
  /** Geocorr 2010 afact per LEAID */
  shares: Map<string, number>;
}

export interface Score {
  id: string;
  description: string;
  zctas: number;
  top1: number;
  splitZctas: number;
  top1Split: number;
  /** mean over ZCTAs of half the summed absolute share differences (the share of people misplaced) */
  meanError: number;
  /** ZCTAs decided by population, density, land */
  byEvidence: Record<Evidence, number>;
}

/**
 * Scores a candidate on held-out truth.
 *
 * @example
 * evaluate(CANDIDATES[0], truths, ctx).top1; // 0.93…
 */
export function evaluate(c: Candidate, truths: readonly Truth[], ctx: EstimatorContext): Score {
  let hits = 0;
  let splitHits = 0;
  let split = 0;
  let err = 0;
  const byEvidence: Record<Evidence, number> = { population: 0, density: 0, land: 0, location: 0 };
  for (const t of truths) {
    const e = c.estimate(t.zcta, t.pieces, ctx);
    byEvidence[e.evidence]++;
    const hit = topOf(e.shares) === topOf(t.shares);
    if (hit) hits++;
    if (t.pieces.length > 1) {
      split++;
      if (hit) splitHits++;
    }
    let d = 0;
    for (const k of new Set([...e.shares.keys(), ...t.shares.keys()])) d += Math.abs((e.shares.get(k) ?? 0) - (t.shares.get(k) ?? 0));
    err += d / 2;
  }
  const n = truths.length;
  return {
    id: c.id,
    description: c.description,
    zctas: n,
    top1: n > 0 ? hits / n : 0,
    splitZctas: split,
    top1Split: split > 0 ? splitHits / split : 0,
    meanError: n > 0 ? err / n : 0,
    byEvidence,
  };
}

/** Edges of the ratio bins of `calibrateSpread`: bin i holds ratios in [edge i, edge i+1). */
export const RATIO_EDGES: readonly number[] = [0, 0.1, 0.25, 0.5, 0.8, 1, 1.25, 2, 4, 10, Infinity];

/** One ratio bin: how many districts fell in it and how many of them were truly the largest. */
export interface CalibrationBin {
  lo: number;
  hi: number;
  districts: number;
  largest: number;
}

/**
 * A district's people over the largest other candidate's: Infinity when only it has people,
 * null when no candidate has any (no evidence either way).
 *
 * @example
 * ratioToLargestOther(new Map([["a", 30], ["b", 10], ["c", 5]]), "a", ["a", "b", "c"]) // 3
 */
export function ratioToLargestOther(people: ReadonlyMap<string, number>, leaid: string, candidates: readonly string[]): number | null {
  const own = people.get(leaid) ?? 0;
  let other = 0;
  for (const c of candidates) if (c !== leaid) other = Math.max(other, people.get(c) ?? 0);
  if (own === 0 && other === 0) return null;
  return other === 0 ? Infinity : own / other;
}

/**
 * How far the raw 2020 spread can be trusted to say which district is largest, measured on the
 * held-out truth: every district of every split truth ZCTA where the spread places people,
 * binned by its spread people over the largest other district's, with how often Geocorr 2010
 * makes it the largest (ties to the lowest LEAID, as `topOf`).
 *
 * @example
 * calibrateSpread(truths, ctx).find((b) => b.lo === 2)!.largest // districts with 2-4x the next one's people that truly are largest
 */
export function calibrateSpread(truths: readonly Truth[], ctx: EstimatorContext): CalibrationBin[] {
  const bins: CalibrationBin[] = RATIO_EDGES.slice(0, -1).map((lo, i) => ({ lo, hi: RATIO_EDGES[i + 1]!, districts: 0, largest: 0 }));
  for (const t of truths) {
    if (t.pieces.length < 2) continue;
    const m = ctx.evidence.zctaDistrictSpread.get(t.zcta);
    if (m === undefined) continue;
    const leaids = t.pieces.map((p) => p.leaid);
    const top = topOf(t.shares);
    for (const leaid of leaids) {
      const r = ratioToLargestOther(m, leaid, leaids);
      if (r === null) break;
      const bin = binOf(bins, r);
      bin.districts++;
      if (leaid === top) bin.largest++;
    }
  }
  return bins;
}

function binOf(bins: CalibrationBin[], r: number): CalibrationBin {
  return bins.find((b) => r >= b.lo && r < b.hi) ?? bins[bins.length - 1]!;
}

/**
 * The measured chance that a district with ratio `r` (see `ratioToLargestOther`) truly is the
 * largest: the share of its bin; null for an empty bin.
 *
 * @example
 * largestChance(calibrateSpread(truths, ctx), 3) // about 0.9
 */
export function largestChance(bins: CalibrationBin[], r: number): number | null {
  const b = binOf(bins, r);
  return b.districts > 0 ? b.largest / b.districts : null;
}

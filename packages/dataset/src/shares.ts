/**
 * Share method v1 (decisions.md rule 5): district levels, the share of every
 * ZIP-district overlap and the choice of the record's district.
 */

export type Level = "U" | "E" | "S";
export type Basis = "population" | "land";

/** Grade code -> number for comparisons (PK -1, KG 0, 01-13); other codes null. */
export function gradeNumber(code: string): number | null {
  const c = code.trim().toUpperCase();
  if (c === "PK") return -1;
  if (c === "KG") return 0;
  if (/^[0-9]{1,2}$/.test(c)) {
    const n = Number(c);
    return n >= 1 && n <= 13 ? n : null;
  }
  return null;
}

/**
 * Rule 5a: U if the district is in the Geocorr unified list; else S if its CCD lowest
 * grade is 07 or higher; else E if its CCD highest grade is 08 or lower; else by name;
 * else U.
 */
export function districtLevel(
  inUnifiedList: boolean,
  gslo: string | undefined,
  gshi: string | undefined,
  name: string,
): Level {
  if (inUnifiedList) return "U";
  const lo = gslo === undefined ? null : gradeNumber(gslo);
  if (lo !== null && lo >= 7) return "S";
  const hi = gshi === undefined ? null : gradeNumber(gshi);
  if (hi !== null && hi <= 8) return "E";
  const n = name.toLowerCase();
  if (n.includes("high school") || n.includes("union high") || n.includes("secondary")) return "S";
  if (n.includes("elementary") || n.includes("grade school")) return "E";
  return "U";
}

/** One district of one ZIP: its level, land area in the ZIP, and population share (Geocorr afact). */
export interface ZipDistrict {
  leaid: string;
  level: Level;
  land: number;
}

export interface Share {
  leaid: string;
  level: Level;
  share: number;
}

export interface ZipShares {
  basis: Basis;
  shares: Share[];
}

/**
 * Rule 5b for one ZIP. `geocorr` is null when the ZIP is not in the Geocorr file;
 * else it maps unified LEAID -> summed afact, with "" for the population in no unified
 * district.
 */
export function zipShares(districts: readonly ZipDistrict[], geocorr: ReadonlyMap<string, number> | null): ZipShares {
  const totalLand = districts.reduce((s, d) => s + d.land, 0);
  const byLand = (d: ZipDistrict, pool: readonly ZipDistrict[]): number => {
    const l = pool.reduce((s, x) => s + x.land, 0);
    return l > 0 ? d.land / l : 1 / pool.length; // all-zero land: split evenly
  };
  if (geocorr === null) {
    return {
      basis: "land",
      shares: districts.map((d) => ({ leaid: d.leaid, level: d.level, share: totalLand > 0 ? d.land / totalLand : 1 / districts.length })),
    };
  }
  const share = new Map<string, number>(districts.map((d) => [d.leaid, 0]));
  const present = new Set(districts.map((d) => d.leaid));
  let unassigned = 0;
  const residual = geocorr.get("") ?? 0;
  for (const [leaid, afact] of geocorr) {
    if (leaid === "") continue;
    // A unified district of this ZIP gets its afact; a Geocorr district GRF21 no longer
    // has here (merged, closed, boundary moved) leaves its share unassigned.
    if (present.has(leaid) && districts.find((d) => d.leaid === leaid)!.level === "U") share.set(leaid, share.get(leaid)! + afact);
    else unassigned += afact;
  }
  const es = districts.filter((d) => d.level === "E");
  const ss = districts.filter((d) => d.level === "S");
  // The population outside unified districts: to E by land, and the same amount to S by land.
  for (const d of es) share.set(d.leaid, share.get(d.leaid)! + residual * byLand(d, es));
  for (const d of ss) share.set(d.leaid, share.get(d.leaid)! + residual * byLand(d, ss));
  if (es.length === 0 && ss.length === 0) unassigned += residual;
  if (unassigned > 0) for (const d of districts) share.set(d.leaid, share.get(d.leaid)! + unassigned * byLand(d, districts));
  return { basis: "population", shares: districts.map((d) => ({ leaid: d.leaid, level: d.level, share: share.get(d.leaid)! })) };
}

/** Shares closer than this are a tie (floating-point noise), broken by the lowest LEAID. */
export const TIE_EPSILON = 1e-9;

/** Rule 5c: drop S when a U or E district has a share above 0; largest share; ties lowest LEAID. */
export function chooseDistrict(shares: readonly Share[]): Share {
  const nonS = shares.filter((s) => s.level !== "S" && s.share > 0);
  const pool = nonS.length > 0 ? shares.filter((s) => s.level !== "S") : shares;
  let best: Share | undefined;
  for (const s of pool) {
    if (best === undefined || s.share > best.share + TIE_EPSILON || (Math.abs(s.share - best.share) <= TIE_EPSILON && s.leaid < best.leaid)) best = s;
  }
  if (best === undefined) throw new Error("internal: a ZIP without districts");
  return best;
}

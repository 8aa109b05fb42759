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

interface ZipShares {
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

/**
 * Share method v2 (data/README.md): which evidence decided a share. `geocorr-2010`: the
 * Geocorr 2010 census-block shares of unified districts; `people-2020`: the 2020
 * block-group estimate (data/VALIDATION.md); `land`: land area, where neither counts anyone.
 */
export type Evidence = "geocorr-2010" | "people-2020" | "land";

interface ShareV2 extends Share {
  basis: Basis;
  evidence: Evidence;
}

/** The 2020 estimate over some of a ZIP's pieces: shares summing to 1 over the districts that have such pieces. */
export interface PoolEstimate {
  shares: ReadonlyMap<string, number>;
  /** true when people were counted in those pieces (else the shares are land shares) */
  counted: boolean;
}

type Grade = "elementary" | "secondary";

export interface ZipSharesV2 {
  /** one per district, in input order: at the secondary grades for a district whose level here is S, else at the elementary grades */
  shares: ShareV2[];
  /** every district's share at each grade (0 where it has no piece serving that grade) */
  byGrade: Record<Grade, ShareV2[]>;
  /** how Geocorr 2010 was used for this ZIP */
  geocorr: "used" | "vintage-gap" | "outdated" | "absent";
  /** Geocorr's unified districts drawn here only as elementary or secondary districts (their people kept at their grades) */
  relevelled: string[];
}

/** A district missing from one source but holding at least this share of people in the other is a vintage gap. */
export const VINTAGE_GAP = 0.05;

/** The inputs of share method v2 for one ZIP (see zipSharesV2). */
export interface ZipInputV2 {
  /** the ZIP's districts; `level` is the level of its pieces here (display level) */
  districts: readonly ZipDistrict[];
  /** district -> the boundary levels (U, E, S) its pieces here were drawn for */
  layers: ReadonlyMap<string, ReadonlySet<Level>>;
  /** Geocorr 2010 afact per unified LEAID ("" = outside unified districts), or null */
  geocorr: ReadonlyMap<string, number> | null;
  /** the 2020 estimate over the pieces drawn for these levels */
  estimate: (layers: readonly Level[]) => PoolEstimate;
  /** the share (0-1) of the ZIP's 2020 people counted in a district's pieces of one level */
  people2020: (leaid: string, layer: Level) => number;
  /**
   * The part (0-1) of the ZIP (`zip`), and of its people outside unified districts
   * (`outsideUnified`), that a district teaching the secondary grades is drawn over: below 1 where
   * part of the ZIP is in elementary districts with no high-school district drawn over them (St.
   * Johnsbury, VT, in 05819); both 1 where the ZIP has no elementary piece (successors.ts highSchoolCoverOf).
   */
  highSchoolCover: { zip: number; outsideUnified: number };
  /**
   * The part (0-1) of the ZIP's 2020 people the 2016 boundaries place in a school district: below
   * 1 where part of it is "School District Not Defined" (Sun City, AZ, 85351, none of whose people
   * lives in a school district; Geocorr counts it so too). The 2020 estimate's shares are of the
   * whole ZIP, so those people stay uncovered. Absent: 1.
   */
  inDistricts?: number;
  /** the ZIP's 2020 people (block-group estimate); absent: 0 (Geocorr is never found outdated) */
  people?: number;
}

/**
 * Geocorr 2010 is outdated for a ZIP of this many 2020 people or more where the 2020 estimate
 * gives another district than Geocorr's top one OUTDATED_TOP or more of a grade (its shares add
 * up to 1, so Geocorr's top keeps 40 % or less). Measured on the office-ZIP check (VALIDATION.md,
 * section 2): without the size floor 181 picks change and 10 fewer checks are met; at 5,000
 * people 8 change, 2 fewer met; at 10,000, 4 change and none is lost.
 */
export const OUTDATED_MIN_PEOPLE = 10_000;
export const OUTDATED_TOP = 0.6;

/** The district with the largest share (ties: the first), or undefined for none. */
function topOf(shares: Iterable<readonly [string, number]>): readonly [string, number] | undefined {
  let best: readonly [string, number] | undefined;
  for (const s of shares) if (best === undefined || s[1] > best[1]) best = s;
  return best;
}

/**
 * Share method v2 for one ZIP, per grade (elementary grades: pieces drawn as unified or
 * elementary districts; secondary grades: unified or secondary).
 *
 * - Geocorr 2010 is used when it describes today's districts: every district it names has a
 *   unified piece here (or only elementary or secondary pieces: a re-levelled district keeps the
 *   people Geocorr counts in it, at its grades), no unified piece it lacks holds VINTAGE_GAP of the 2020 people, and
 *   its population outside unified districts matches whether elementary/secondary pieces hold
 *   2020 people. Then a district's share is its afact plus, of the population outside
 *   unified districts, the part the 2020 estimate puts in its elementary (or secondary) pieces.
 * - Otherwise (a vintage gap: districts created, merged or re-levelled since 2014; ZCTAs new
 *   since 2010; territories), and where Geocorr is outdated (a ZIP of OUTDATED_MIN_PEOPLE whose
 *   2020 people flip its top district), the 2020 estimate decides each grade.
 * - Where the estimate counts no one, land area decides, and the basis says "land".
 * - At the secondary grades, shares are of the whole ZIP: the people of elementary districts with
 *   no high-school district drawn over them (`highSchoolCover`) stay uncovered.
 *
 * @example
 * zipSharesV2({ districts, layers, geocorr: gc.get("59101") ?? null, estimate, people2020, highSchoolCover }).byGrade.secondary
 */
export function zipSharesV2(input: ZipInputV2): ZipSharesV2 {
  const { districts, layers, geocorr, estimate, people2020, highSchoolCover, inDistricts = 1 } = input;
  const has = (leaid: string, l: Level) => layers.get(leaid)?.has(l) ?? false;
  const withLayer = (l: Level) => districts.filter((d) => has(d.leaid, l));
  let mode: ZipSharesV2["geocorr"] = geocorr === null ? "absent" : "used";
  // Districts Geocorr's 2014 list calls unified that are drawn here only as elementary or
  // secondary districts (re-levelled, or a level error of the list; e.g. Browns Valley, MN, in
  // 56219): the people Geocorr counts in their territory are still theirs, at their grades.
  const relevelled = new Map(
    geocorr === null ? [] : [...geocorr].filter(([leaid, afact]) => leaid !== "" && afact > 0 && !has(leaid, "U") && (has(leaid, "E") || has(leaid, "S"))),
  );
  const relevelledAfact = [...relevelled.values()].reduce((a, b) => a + b, 0);
  if (geocorr !== null) {
    const outside = (geocorr.get("") ?? 0) + relevelledAfact;
    const nonUnified = [...withLayer("E"), ...withLayer("S")];
    const peopleOutside = districts.reduce((s, d) => s + people2020(d.leaid, "E") + people2020(d.leaid, "S"), 0);
    const gap =
      [...geocorr].some(([leaid, afact]) => leaid !== "" && afact > 0 && !has(leaid, "U") && !relevelled.has(leaid)) ||
      withLayer("U").some((d) => !geocorr.has(d.leaid) && people2020(d.leaid, "U") >= VINTAGE_GAP) ||
      (outside < VINTAGE_GAP && peopleOutside >= VINTAGE_GAP) ||
      (outside >= VINTAGE_GAP && nonUnified.length === 0);
    if (gap) mode = "vintage-gap";
  }
  const grade = (g: Grade): ShareV2[] => {
    const own: Level = g === "elementary" ? "E" : "S";
    if (mode === "used") {
      // People outside unified districts, plus those of re-levelled districts that do not teach these grades.
      const residual = (geocorr!.get("") ?? 0) + [...relevelled].reduce((s, [leaid, afact]) => s + (has(leaid, own) ? 0 : afact), 0);
      const split = withLayer(own).length > 0 ? estimate([own]) : null;
      // At the secondary grades, only the people outside unified districts that a high-school
      // district's boundary holds: the rest have none drawn over them and are left uncovered.
      const reach = own === "S" ? highSchoolCover.outsideUnified : 1;
      // One district at these grades takes all of the residual its boundary reaches: Geocorr's count, not a split that
      // needs evidence (62814: Mount Vernon Township High School District, 87 % "of its land area"
      // beside the same 87 % "of residents" of the elementary district under it).
      const whole = withLayer(own).length === 1;
      // No district here but unified ones (a few people Geocorr counted outside unified districts
      // whose territory is unified now: 58428, 3 %): they are the unified districts' people, in
      // proportion, not people in no district. (With elementary pieces and no high-school one, the
      // residual stays uncovered at high school: St. Johnsbury, 05819.)
      const unifiedAfact = districts.reduce((sum, d) => sum + (has(d.leaid, "U") ? (geocorr!.get(d.leaid) ?? 0) : 0), 0);
      const onlyUnified = withLayer("E").length === 0 && withLayer("S").length === 0;
      const toUnified = onlyUnified && unifiedAfact > 0 ? residual / unifiedAfact : 0;
      return districts.map((d) => {
        const afact = has(d.leaid, "U") || (relevelled.has(d.leaid) && has(d.leaid, own)) ? (geocorr!.get(d.leaid) ?? 0) * (has(d.leaid, "U") ? 1 + toUnified : 1) : 0;
        const part = residual * reach * (split?.shares.get(d.leaid) ?? 0);
        // The evidence of the larger part decides the label.
        const fromSplit = part > afact;
        const counted = fromSplit ? whole || split!.counted : true;
        return {
          leaid: d.leaid,
          level: d.level,
          share: afact + part,
          basis: counted ? "population" : "land",
          evidence: !counted ? "land" : fromSplit && !whole ? "people-2020" : "geocorr-2010",
        };
      });
    }
    // Shares of the whole ZIP: the people of elementary districts with no high-school district
    // drawn over them are not shared out among the districts drawn elsewhere.
    const e = estimate(["U", own]);
    const cover = (own === "S" ? highSchoolCover.zip : 1) * (e.counted ? inDistricts : 1);
    return districts.map((d) => ({
      leaid: d.leaid,
      level: d.level,
      share: (e.shares.get(d.leaid) ?? 0) * cover,
      basis: e.counted ? "population" : "land",
      evidence: e.counted ? "people-2020" : "land",
    }));
  };
  // Geocorr 2010 outdated: in a ZIP of OUTDATED_MIN_PEOPLE or more, the 2020 estimate gives another
  // district than Geocorr's top one OUTDATED_TOP or more of a grade's people (a city that grew or
  // annexed since 2010: 35806 Huntsville, AL).
  if (mode === "used" && (input.people ?? 0) >= OUTDATED_MIN_PEOPLE) {
    for (const g of ["elementary", "secondary"] as const) {
      const own: Level = g === "elementary" ? "E" : "S";
      const e = estimate(["U", own]);
      if (!e.counted) continue;
      const byGeocorr = topOf(grade(g).map((x) => [x.leaid, x.share] as const));
      const by2020 = topOf([...e.shares]);
      if (byGeocorr !== undefined && by2020 !== undefined && by2020[0] !== byGeocorr[0] && by2020[1] >= OUTDATED_TOP) mode = "outdated";
    }
  }
  const byGrade = { elementary: grade("elementary"), secondary: grade("secondary") };
  const shares = districts.map((d, i) => (d.level === "S" ? byGrade.secondary[i]! : byGrade.elementary[i]!));
  return { shares, byGrade, geocorr: mode, relevelled: mode === "used" ? [...relevelled.keys()] : [] };
}

/**
 * Rule 5c for the secondary grades: the unified or secondary district with the largest
 * share above 0 (ties: lowest LEAID); undefined when none has a share.
 */
export function chooseSecondary(shares: readonly Share[]): Share | undefined {
  let best: Share | undefined;
  for (const s of shares) {
    if (s.level === "E" || !(s.share > 0)) continue;
    if (best === undefined || s.share > best.share + TIE_EPSILON || (Math.abs(s.share - best.share) <= TIE_EPSILON && s.leaid < best.leaid)) best = s;
  }
  return best;
}

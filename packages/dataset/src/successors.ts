/**
 * The 2020 people of districts merged or re-numbered since the 2016 boundaries. The block
 * groups are placed in the 2016 polygons, keyed by their 2016 LEAIDs; the 2021 crosswalk
 * (GRF21) has today's LEAIDs. A district created since 2016 (Montpelier-Roxbury, 5000406,
 * successor of Montpelier 5005700) has no polygon, so it got no one, and the people of the
 * district it replaced counted for nobody: land decided, or the neighbours took the ZIP
 * (Montpelier, 05602, went to Washington Central with 95 %).
 */
import type { BoundaryLevel } from "./boundaries.ts";

/** A GRF21 piece of a ZCTA: its Census LEAID and the LEAID after joins.csv. */
export interface GrfPiece {
  grfLeaid: string;
  leaid: string;
  land: number;
}

/**
 * A district new since 2016 is carved out of a district still in the crosswalk when that district
 * lost at least this share of the new one's land since 2016 (its 2016 ALAND less its GRF21 land):
 * Pulaski County Special lost 94 sq mi, Jacksonville North Pulaski has 99; Humphreys County, MS,
 * lost none (Greenwood-Leflore's land in 39038 is Leflore County's), North Little Rock too little.
 */
export const CARVED_SHARE = 0.5;

/**
 * Per ZCTA, the people of 2016 polygons whose district the crosswalk no longer has anywhere
 * (neither as a Census LEAID nor after the joins) go to the pieces of that ZCTA whose district
 * has no 2016 polygon at all, of the same level, split by land; where there is none, to the
 * polygon's heir (`heirs`, vanishedHeirs: a neighbour that absorbed it) when the heir has a
 * piece there; the rest is kept as placed. A district still in the crosswalk shares its polygon's
 * people in a ZCTA by land with the new pieces there carved out of it (`carvedFrom`, build.ts: it
 * lost at least CARVED_SHARE of the new district's land since 2016): its own piece keeps its part,
 * none where the crosswalk no longer has it in the ZCTA (Pulaski County Special and Jacksonville
 * North Pulaski, 72076; RSU 10 and RSU 56, 04224): `carved`, per ZCTA and such polygon, the part
 * of its people each new piece (Census LEAID) takes. Returns a new map, the ZCTAs it changed, and
 * `leaders`: per polygon and ZCTA, the district (after the joins) its part there is drawn as
 * (geo.ts): the successor piece with the most land, or the carved piece with the most land where
 * it has more than the polygon's own district; `byLand`, the districts (after the joins) of new pieces that took
 * people shared with another district by land, and the ZCTAs where (the share-by-land note, build.ts).
 *
 * @example
 * const { people, zctas, leaders } = peopleToSuccessors(spread, grfPieces, (l) => polygonLevel.get(l), (p) => "unified");
 * people.get("05602")?.get("5000406") // the people of Montpelier's 2016 polygon
 * leaders.get("1809370")?.get("47172") // "1800213": West Clark's people in Sellersburg went to Silver Creek
 */
export function peopleToSuccessors(
  byZcta: ReadonlyMap<string, Map<string, number>>,
  pieces: ReadonlyMap<string, readonly GrfPiece[]>,
  polygonLevel: (leaid: string) => BoundaryLevel | undefined,
  pieceLevel: (piece: GrfPiece) => BoundaryLevel,
  heirs: ReadonlyMap<string, string> = new Map(),
  carvedFrom: (polygon: string, piece: GrfPiece) => boolean = () => false,
): {
  people: Map<string, Map<string, number>>;
  zctas: string[];
  leaders: Map<string, Map<string, string>>;
  carved: Map<string, Map<string, Map<string, number>>>;
  byLand: Map<string, Set<string>>;
} {
  const inCrosswalk = crosswalkIds(pieces);
  const people = new Map<string, Map<string, number>>();
  const zctas: string[] = [];
  const leaders = new Map<string, Map<string, string>>();
  const carvedOut = new Map<string, Map<string, Map<string, number>>>();
  // Districts (after the joins) of new pieces that took a polygon's people shared with another district by land.
  const byLand = new Map<string, Set<string>>();
  const sharedByLand = (leaid: string, zcta: string) => (byLand.get(leaid) ?? byLand.set(leaid, new Set()).get(leaid)!).add(zcta);
  for (const [zcta, placed] of byZcta) {
    // A ZCTA no successor lies in keeps its map as placed: shared, never changed, not copied.
    people.set(zcta, placed);
    const here = pieces.get(zcta) ?? [];
    const successors = here.filter((p) => polygonLevel(p.grfLeaid) === undefined && polygonLevel(p.leaid) === undefined);
    // A new piece carved out of a district still placed here is that district's, not a vanished polygon's successor.
    const carvedHere = (p: GrfPiece) => [...placed].some(([q, m]) => m > 0 && inCrosswalk.has(q) && polygonLevel(q) !== undefined && carvedFrom(q, p));
    let out: Map<string, number> | undefined;
    for (const [leaid, n] of placed) {
      const level = polygonLevel(leaid);
      if (level === undefined || n <= 0) continue;
      if (inCrosswalk.has(leaid)) {
        const carved = successors.filter((p) => pieceLevel(p) === level && carvedFrom(leaid, p));
        const carvedLand = carved.reduce((s, p) => s + p.land, 0);
        if (carvedLand <= 0) continue;
        const own = here.filter((p) => p.grfLeaid === leaid).reduce((s, p) => s + p.land, 0);
        const parts = new Map(carved.map((p) => [p.grfLeaid, p.land / (own + carvedLand)]));
        moveShare((out ??= new Map(placed)), leaid, n, parts);
        (carvedOut.get(zcta) ?? carvedOut.set(zcta, new Map()).get(zcta)!).set(leaid, parts);
        if (own > 0 || carved.length > 1) for (const p of carved) sharedByLand(p.leaid, zcta);
        const most = mostLand(carved);
        if (most.land > own) (leaders.get(leaid) ?? leaders.set(leaid, new Map()).get(leaid)!).set(zcta, most.leaid);
        continue;
      }
      const fresh = successors.filter((p) => pieceLevel(p) === level && !carvedHere(p));
      const land = fresh.reduce((s, p) => s + p.land, 0);
      const heir = heirs.get(leaid);
      // The heir's piece of the polygon's own level first, then a unified one, then the largest.
      const heirPiece =
        heir === undefined
          ? undefined
          : here
              .filter((p) => p.leaid === heir && (pieceLevel(p) === level || pieceLevel(p) === "unified"))
              .sort((a, b) => Number(pieceLevel(b) === level) - Number(pieceLevel(a) === level) || b.land - a.land || (a.grfLeaid < b.grfLeaid ? -1 : 1))[0];
      const to = fresh.length > 0 && land > 0 ? fresh : heirPiece !== undefined ? [heirPiece] : [];
      if (to.length === 0) continue;
      const toLand = to === fresh ? land : 1;
      out ??= new Map(placed);
      out.delete(leaid);
      for (const p of to) out.set(p.grfLeaid, (out.get(p.grfLeaid) ?? 0) + (n * (to === fresh ? p.land : 1)) / toLand);
      if (to === fresh) (leaders.get(leaid) ?? leaders.set(leaid, new Map()).get(leaid)!).set(zcta, mostLand(fresh).leaid);
      if (to === fresh && fresh.length > 1) for (const p of fresh) sharedByLand(p.leaid, zcta);
    }
    if (out !== undefined) {
      people.set(zcta, out);
      zctas.push(zcta);
    }
  }
  return { people, zctas: zctas.sort(), leaders, carved: carvedOut, byLand };
}

/**
 * Moves the parts (0-1) of `amount` that `parts` gives each key from `from` to that key, in
 * place; `from` is dropped when nothing of it is left.
 *
 * @example
 * const m = new Map([["0511850", 1000]]);
 * moveShare(m, "0511850", 1000, new Map([["0500419", 0.84]])); // m: 0511850 -> 160, 0500419 -> 840
 */
export function moveShare(shares: Map<string, number>, from: string, amount: number, parts: ReadonlyMap<string, number>): void {
  let left = shares.get(from) ?? 0;
  for (const [to, part] of parts) {
    shares.set(to, (shares.get(to) ?? 0) + amount * part);
    left -= amount * part;
  }
  if (left > 1e-9) shares.set(from, left);
  else shares.delete(from);
}

/** The piece with the most land (ties: the first Census LEAID). */
function mostLand(pieces: readonly GrfPiece[]): GrfPiece {
  return [...pieces].sort((a, b) => b.land - a.land || (a.grfLeaid < b.grfLeaid ? -1 : 1))[0]!;
}

/** Every LEAID the crosswalk has, as the Census writes it and after the joins. */
function crosswalkIds(pieces: ReadonlyMap<string, readonly GrfPiece[]>): Set<string> {
  const ids = new Set<string>();
  for (const list of pieces.values()) for (const p of list) ids.add(p.grfLeaid).add(p.leaid);
  return ids;
}

/**
 * The heir of each 2016 polygon whose district the crosswalk no longer has, merged since into
 * a neighbour (La Marque ISD into Texas City ISD, 77568 and 77591; Albion into Marshall, 49224;
 * Upper Lake Union Elementary into Upper Lake Unified, new since 2016): the district of today, of the same state and level, that the
 * polygon's people fall to when each ZCTA's people of the polygon are spread over that ZCTA's
 * pieces of the level (or unified ones) by GRF21 land, if it takes at least half of them (a
 * district split between neighbours has no heir). Unified and elementary polygons only. A district new since 2016 takes its predecessor's people
 * first (peopleToSuccessors); the heir takes those left.
 *
 * @example
 * vanishedHeirs(spread, grfPieces, (l) => polygonLevel.get(l), (p) => "unified").get("4826160") // "4842900" (Texas City ISD)
 */
export function vanishedHeirs(
  byZcta: ReadonlyMap<string, ReadonlyMap<string, number>>,
  pieces: ReadonlyMap<string, readonly GrfPiece[]>,
  polygonLevel: (leaid: string) => BoundaryLevel | undefined,
  pieceLevel: (piece: GrfPiece) => BoundaryLevel,
): Map<string, string> {
  const inCrosswalk = crosswalkIds(pieces);
  const taken = new Map<string, Map<string, number>>();
  const total = new Map<string, number>();
  for (const [zcta, placed] of byZcta) {
    for (const [leaid, n] of placed) {
      const level = polygonLevel(leaid);
      // "School District Not Defined" (LEAID ending 99997) is land in no district; a secondary polygon
      // may be a Census pseudo-district piece ("Dinuba Unified (9-12) in Monson-Sultana"), whose
      // high-school grades its named district teaches, not the one around it (geo.ts pieceOf).
      if (inCrosswalk.has(leaid) || level === undefined || level === "secondary" || n <= 0 || leaid.endsWith("99997")) continue;
      total.set(leaid, (total.get(leaid) ?? 0) + n);
      // An elementary district may have been absorbed by a unified one (Upper Lake Union Elementary
      // into Upper Lake Unified, new since 2016: 95485), a unified one only by a unified one.
      const sameLevel = (pieces.get(zcta) ?? []).filter((p) => (pieceLevel(p) === level || pieceLevel(p) === "unified") && p.leaid.slice(0, 2) === leaid.slice(0, 2) && p.land > 0);
      const land = sameLevel.reduce((s, p) => s + p.land, 0);
      const by = taken.get(leaid) ?? taken.set(leaid, new Map()).get(leaid)!;
      for (const p of sameLevel) by.set(p.leaid, (by.get(p.leaid) ?? 0) + (n * p.land) / land);
    }
  }
  const heirs = new Map<string, string>();
  for (const [leaid, by] of [...taken].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const [best] = [...by].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (best !== undefined && 2 * best[1] >= total.get(leaid)!) heirs.set(leaid, best[0]);
  }
  return heirs;
}

/**
 * K-12 districts that replaced an elementary district since 2016 (East Helena K-12 for East
 * Helena Elementary, 3009560; Lockwood; North Rock Creek). The 2016 boundaries draw only the
 * elementary polygon, under a high-school district's polygon, so at the secondary grades its
 * people counted for the old high-school district (59635: "High school: Helena High School
 * District" beside East Helena K-12, Pre-K to 12th). Per ZCTA, the people both polygons hold
 * (`pairs`, keyed "elementary|secondary") come off the high-school polygon; build.ts reads
 * the elementary polygon as unified, so they count for the K-12 district at both levels.
 * Returns a new map; the ZCTAs without such a polygon keep theirs.
 *
 * @example
 * const people = peopleOffHighSchools(spread, pairs.spread, new Set(["3009560"]));
 * people.get("59635")?.get("3013830") // Helena High School District's people, less those in East Helena's polygon
 */
export function peopleOffHighSchools(
  byZcta: ReadonlyMap<string, Map<string, number>>,
  pairs: ReadonlyMap<string, ReadonlyMap<string, number>>,
  k12Polygons: ReadonlySet<string>,
): Map<string, Map<string, number>> {
  const people = new Map(byZcta);
  if (k12Polygons.size === 0) return people;
  for (const [zcta, both] of pairs) {
    const placed = byZcta.get(zcta);
    if (placed === undefined) continue;
    let out: Map<string, number> | undefined;
    for (const [key, n] of both) {
      const [elementary, secondary] = key.split("|") as [string, string];
      if (!k12Polygons.has(elementary) || !placed.has(secondary)) continue;
      out ??= new Map(placed);
      out.set(secondary, Math.max(0, out.get(secondary)! - n));
    }
    if (out !== undefined) people.set(zcta, out);
  }
  return people;
}

/**
 * K-12 districts that replaced a closed elementary district and that the Census now draws at
 * the secondary level only (Mount Greylock, Pre-K to 12th, for Williamstown and Lanesborough,
 * whose 2016 elementary polygons GRF21 no longer has; Big Sandy K-12 and Plains K-12, MT). The
 * neighbours took those polygons' people at the elementary grades (01267: "all of 01267 is in
 * Hancock School District", 58 students). Returns, per such elementary polygon, the K-12 district
 * whose secondary polygon holds at least 90 % of its 2020 people (`pairs`: per ZCTA, the people
 * of each "elementary|secondary" pair of polygons; `people`: per ZCTA, the people of each polygon).
 *
 * @example
 * k12Successors(pairs.spread, spread, (p) => p === "2513020", (p) => p === "2508160") // Map { "2513020" => "2508160" }
 */
export function k12Successors(
  pairs: ReadonlyMap<string, ReadonlyMap<string, number>>,
  people: ReadonlyMap<string, ReadonlyMap<string, number>>,
  closedElementary: (polygon: string) => boolean,
  k12AtSecondary: (polygon: string) => boolean,
): Map<string, string> {
  const inside = new Map<string, Map<string, number>>();
  for (const both of pairs.values()) {
    for (const [key, n] of both) {
      const [elementary, secondary] = key.split("|") as [string, string];
      if (n <= 0 || !closedElementary(elementary) || !k12AtSecondary(secondary)) continue;
      const m = inside.get(elementary) ?? inside.set(elementary, new Map()).get(elementary)!;
      m.set(secondary, (m.get(secondary) ?? 0) + n);
    }
  }
  const out = new Map<string, string>();
  for (const [elementary, bySecondary] of [...inside].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    let total = 0;
    for (const placed of people.values()) total += placed.get(elementary) ?? 0;
    const [secondary, n] = [...bySecondary].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    if (total > 0 && n >= 0.9 * total) out.set(elementary, secondary);
  }
  return out;
}

/**
 * How much of a ZIP a high-school boundary covers: of all its people (`zip`) and of those
 * outside unified districts (`outsideUnified`). Each elementary piece counts with its share of
 * the ZIP (`ofZip`, the estimate over the unified and elementary pieces) and of the people
 * outside unified districts (`ofOutside`, the estimate over the elementary pieces), times the
 * part of it a secondary polygon covers: none where the crosswalk draws no secondary piece in
 * the ZIP (St. Johnsbury, VT, in 05819: elementary, with no high-school district over it); else
 * the part of the piece's 2016 polygon's 2020 people that a secondary polygon also holds
 * (`pairs`, keyed "elementary|secondary"); for a piece without people there, that part over the
 * ZIP's other elementary pieces' polygons, or all where no one is placed. A piece in `drawnOver`
 * (the crosswalk draws another level's piece over it exactly: a Census "(9-12)" piece) is covered whole.
 * Secondary pieces the 2016 boundaries draw no polygon for (`unplaced`: Census "(7-12)" and
 * "(9-12)" pieces numbered since, such as Eureka City Unified's over South Bay Union in 95503;
 * high-school districts new since 2016) cover, by their GRF21 land, the elementary pieces' land
 * left uncovered (`land`: each elementary piece's), spread over it evenly.
 *
 * @example
 * // Potomac (70 % of 61865, no secondary polygon over it) and Armstrong-Ellis (27 %, under Armstrong Township High School District):
 * highSchoolCoverOf(new Map([["1732090", 0.7], ["1704200", 0.27]]), new Map([["1732090", 0.72], ["1704200", 0.28]]), true, people, pairs)
 * // { zip: 0.3, outsideUnified: 0.28 }
 */
export function highSchoolCoverOf(
  ofZip: ReadonlyMap<string, number>,
  ofOutside: ReadonlyMap<string, number>,
  hasSecondaryPieces: boolean,
  people: ReadonlyMap<string, number> | undefined,
  pairs: ReadonlyMap<string, number> | undefined,
  drawnOver: ReadonlySet<string> = new Set(),
  unplaced: { land: ReadonlyMap<string, number>; secondaryLand: number } = { land: new Map(), secondaryLand: 0 },
): { zip: number; outsideUnified: number } {
  if (ofOutside.size === 0) return { zip: 1, outsideUnified: 1 };
  const covered = new Map<string, number>();
  for (const [key, n] of pairs ?? []) {
    const elementary = key.slice(0, key.indexOf("|"));
    covered.set(elementary, (covered.get(elementary) ?? 0) + n);
  }
  let placedAll = 0;
  let coveredAll = 0;
  for (const polygon of ofOutside.keys()) {
    placedAll += people?.get(polygon) ?? 0;
    coveredAll += covered.get(polygon) ?? 0;
  }
  const drawnCover = (polygon: string) => {
    if (drawnOver.has(polygon)) return 1;
    if (!hasSecondaryPieces) return 0;
    const placed = people?.get(polygon) ?? 0;
    if (placed > 0) return Math.min(1, (covered.get(polygon) ?? 0) / placed);
    return placedAll > 0 ? Math.min(1, coveredAll / placedAll) : 1;
  };
  // The unplaced secondary land over the elementary land the polygons leave uncovered.
  let uncoveredLand = 0;
  for (const [polygon, land] of unplaced.land) uncoveredLand += land * (1 - drawnCover(polygon));
  const extra = unplaced.secondaryLand > 0 && uncoveredLand > 0 ? Math.min(1, unplaced.secondaryLand / uncoveredLand) : 0;
  const coverOf = (polygon: string) => {
    const c = drawnCover(polygon);
    return c + (1 - c) * extra;
  };
  let zip = 1;
  for (const [polygon, share] of ofZip) zip -= share * (1 - coverOf(polygon));
  let outsideUnified = 0;
  for (const [polygon, share] of ofOutside) outsideUnified += share * coverOf(polygon);
  return { zip: Math.max(0, zip), outsideUnified };
}

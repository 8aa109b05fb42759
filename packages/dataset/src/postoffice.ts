/**
 * PO-box and delivery ZIPs (issue 12, item 5): USPS ZIPs without a ZCTA of their own
 * (post offices, large-volume customers) get the record of the ZCTA that contains their
 * post office, as the UDS Mapper ZIP-to-ZCTA crosswalk places them ("spatial join").
 */
import type { UdsRow } from "./sources.ts";

/** The crosswalk's join type of a ZIP placed in the ZCTA that contains it. */
export const SPATIAL_JOIN = "Spatial join to ZCTA";

/** A PO-box or delivery ZIP that gets a record. */
export interface PostOfficeZip {
  zip: string;
  /** the ZCTA (a record of this dataset) that contains its post office */
  zcta: string;
  poName: string;
  state: string;
}

/** The crosswalk's spatial-join ZIPs, sorted into those that get a record and those that do not (and why). */
export interface PostOfficeSelection {
  /** sorted by ZIP */
  added: PostOfficeZip[];
  /** rows of the crosswalk with the spatial-join type */
  spatialJoins: number;
  /** spatial-join ZIPs that are 2020 ZCTAs themselves (they keep their own record) */
  ownZcta: number;
  /** the ZCTA (2010) they point to has no record (not a 2020 ZCTA of the GRF21 crosswalk) */
  zctaWithoutRecord: { zip: string; zcta: string }[];
  /** in no current USPS ZIP list (zipcodes, GeoNames): retired since 2020, no record */
  retired: { zip: string; zcta: string }[];
  /** the state is not one the dataset serves */
  otherState: { zip: string; state: string }[];
  /** where the post offices' locations decided (the build's postOfficeLocations), if given */
  located?: PostOfficeLocations;
}

/**
 * Picks the PO-box / delivery ZIPs that get a record: a spatial join of the crosswalk,
 * not a record of its own, whose ZCTA has a record, that a current ZIP list still has.
 *
 * @example
 * selectPostOfficeZips(uds, (z) => records.has(z), (z) => zipcodes.has(z) || geonames.has(z), (st) => st !== "AE")
 *   .added.find((p) => p.zip === "90209") // { zip: "90209", zcta: "90210", poName: "Beverly Hills", state: "CA" }
 */
export function selectPostOfficeZips(
  uds: readonly UdsRow[],
  hasRecord: (zip: string) => boolean,
  isCurrent: (zip: string) => boolean,
  servesState: (state: string) => boolean,
): PostOfficeSelection {
  const out: PostOfficeSelection = { added: [], spatialJoins: 0, ownZcta: 0, zctaWithoutRecord: [], retired: [], otherState: [] };
  for (const r of [...uds].sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0))) {
    if (r.join !== SPATIAL_JOIN) continue;
    out.spatialJoins++;
    if (hasRecord(r.zip)) out.ownZcta++;
    else if (r.zcta === "" || !hasRecord(r.zcta)) out.zctaWithoutRecord.push({ zip: r.zip, zcta: r.zcta });
    else if (!isCurrent(r.zip)) out.retired.push({ zip: r.zip, zcta: r.zcta });
    else if (!servesState(r.state)) out.otherState.push({ zip: r.zip, state: r.state });
    else out.added.push({ zip: r.zip, zcta: r.zcta, poName: r.poName, state: r.state });
  }
  return out;
}

/** [lon, lat] in degrees. */
type Point = [number, number];

/** A PO-box ZIP whose record's district comes from its post office's location. */
export interface PostOfficePlacement {
  zip: string;
  zcta: string;
  /** the ZIP list whose point placed it */
  source: "geonames" | "zipcodes";
  /** the ZCTA's district (what the record had) */
  from: string;
  /** the unified or elementary district at the point (what the record has) */
  to: string;
  /** the point's secondary-grade district (unified or secondary) when the ZCTA has it, else "" */
  secondaryTo: string;
}

/** One side of the held-out check: PO-box ZIPs whose point and ZCTA name different districts, and which one the office ZIPs name. */
export interface OfficeTally {
  checks: number;
  point: number;
  zcta: number;
}

/** What the post offices' locations decided, with the evidence (COVERAGE.md, BOUNDARIES.md). */
export interface PostOfficeLocations {
  /** PO-box records (those of selectPostOfficeZips) */
  records: number;
  /** with a point in a raw ZIP list, by list (GeoNames first, else zipcodes) */
  withPoint: { geonames: number; zipcodes: number };
  /** points that are exactly another ZIP's point in the same list: a place's point, not the post office's own */
  sharedPoint: number;
  /** the crosswalk's ZCTA has no 2010 polygon to test the point against */
  noPolygon: number;
  /** points inside the 2010 polygon of the ZCTA the crosswalk names */
  insideZcta: number;
  /** of those, the point's district is the ZCTA's district */
  same: number;
  /** of those, no unified or elementary district at the point, or one that does not overlap the ZCTA: the ZCTA's kept */
  kept: number;
  /** of those, the point's district is another district of the ZCTA: it becomes the record's district */
  placed: PostOfficePlacement[];
  /** held-out check: ZIPs that are the CCD mailing or office ZIP of exactly one regular unified or elementary district */
  check: { placed: OfficeTally; outside: OfficeTally };
}

/** Office ZIPs of regular districts: ZIP -> the unified or elementary districts whose CCD mailing or office ZIP it is. */
type OfficeZips = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Finds the PO-box ZIPs whose district is better decided by their post office's location:
 * those whose point in the raw ZIP lists lies inside the ZCTA the crosswalk says holds their
 * post office (the two sources agree on where it is) and whose unified or elementary district
 * there is another district of that ZCTA. Elsewhere the point is a place's point away from
 * the post office (measured: most points outside the ZCTA are shared with other ZIPs of the
 * place), and the ZCTA's district stays. Also tallies the held-out check: where point and ZCTA
 * name different districts, which of them a district's CCD mailing or office ZIP names.
 *
 * @example
 * placeByLocation(records, overlaps, centres, inZcta, districtsAt, officeZips).placed.length // 325
 */
export function placeByLocation(
  records: readonly { zip: string; zcta: string; leaid: string }[],
  overlaps: readonly { zip: string; leaid: string }[],
  centres: ReadonlyMap<string, { point: Point; source: "geonames" | "zipcodes" }>,
  inZcta: (zcta: string, p: Point) => boolean | undefined,
  districtsAt: (p: Point) => { elementary?: string; secondary?: string },
  officeZips: OfficeZips,
): PostOfficeLocations {
  const out: PostOfficeLocations = {
    records: 0,
    withPoint: { geonames: 0, zipcodes: 0 },
    sharedPoint: 0,
    noPolygon: 0,
    insideZcta: 0,
    same: 0,
    kept: 0,
    placed: [],
    check: { placed: { checks: 0, point: 0, zcta: 0 }, outside: { checks: 0, point: 0, zcta: 0 } },
  };
  const key = (c: { point: Point; source: string }) => `${c.source} ${c.point[0]} ${c.point[1]}`;
  const pointCount = new Map<string, number>();
  for (const c of centres.values()) pointCount.set(key(c), (pointCount.get(key(c)) ?? 0) + 1);
  const districtsOf = new Map<string, Set<string>>();
  for (const o of overlaps) (districtsOf.get(o.zip) ?? districtsOf.set(o.zip, new Set()).get(o.zip)!).add(o.leaid);
  for (const r of records) {
    if (r.zcta === r.zip) continue;
    out.records++;
    const c = centres.get(r.zip);
    if (c === undefined) continue;
    out.withPoint[c.source]++;
    if ((pointCount.get(key(c)) ?? 0) > 1) out.sharedPoint++;
    const inside = inZcta(r.zcta, c.point);
    const here = districtsAt(c.point);
    const at = here.elementary;
    const own = districtsOf.get(r.zip) ?? new Set<string>();
    const applies = inside === true && at !== undefined && at !== r.leaid && own.has(at);
    // Held-out: a ZIP that is the mailing or office ZIP of exactly one district, where point and ZCTA disagree.
    const offices = officeZips.get(r.zip);
    if (offices !== undefined && offices.size === 1 && at !== undefined && at !== r.leaid) {
      const tally = applies ? out.check.placed : inside === false ? out.check.outside : undefined;
      if (tally !== undefined) {
        tally.checks++;
        if (offices.has(at)) tally.point++;
        if (offices.has(r.leaid)) tally.zcta++;
      }
    }
    if (inside === undefined) out.noPolygon++;
    if (inside !== true) continue;
    out.insideZcta++;
    if (at === r.leaid) out.same++;
    else if (!applies) out.kept++;
    else {
      const secondaryTo = here.secondary !== undefined && own.has(here.secondary) ? here.secondary : "";
      out.placed.push({ zip: r.zip, zcta: r.zcta, source: c.source, from: r.leaid, to: at!, secondaryTo });
    }
  }
  return out;
}

/**
 * Applies the placements to a build's PO-box records and overlap rows: the record's
 * district becomes `to`, the `elementary` mark of `serves_most` moves to its row and the
 * `secondary` mark to `secondaryTo`'s (when given); shares and basis stay the ZCTA's.
 *
 * @example
 * applyPlacements(records, overlaps, located.placed);
 */
export function applyPlacements(
  records: { zip: string; leaid: string }[],
  overlaps: { zip: string; leaid: string; serves_most: string }[],
  placed: readonly PostOfficePlacement[],
): void {
  const byZip = new Map(placed.map((p) => [p.zip, p]));
  for (const r of records) {
    const p = byZip.get(r.zip);
    if (p === undefined) continue;
    if (r.leaid !== p.from) throw new Error(`PO-box ZIP ${p.zip}: placed from ${p.from}, but its record names ${r.leaid}`);
    r.leaid = p.to;
  }
  for (const o of overlaps) {
    const p = byZip.get(o.zip);
    if (p === undefined) continue;
    const marks = new Set(o.serves_most.split(" ").filter((m) => m !== ""));
    for (const [mark, leaid] of [["elementary", p.to], ["secondary", p.secondaryTo]] as const) {
      if (leaid === "") continue;
      if (o.leaid === leaid) marks.add(mark);
      else marks.delete(mark);
    }
    o.serves_most = ["elementary", "secondary"].filter((m) => marks.has(m)).join(" ");
  }
}

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

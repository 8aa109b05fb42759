/**
 * The dataset build: raw files -> data/zips.csv, districts.csv, overlaps.csv,
 * manifest.json, COVERAGE.md, RATING.md, SOURCES.md (all returned as strings; see
 * write.ts for the atomic write).
 */
import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { formatCount, formatGradeSpan, formatPerPupil, formatPhone, formatWebsite, type DistrictRow } from "@school-districts/core";
import { InputError } from "./errors.ts";
import {
  FILES,
  loadCcd,
  loadEdFacts,
  loadEnrollment,
  loadFinance,
  loadGeoNames,
  loadGeocorr,
  loadGrf,
  loadHud,
  loadJoins,
  loadNrviens,
  loadSeda,
  loadUds,
  loadUsZips,
  loadZctaCounties,
  loadZipcodes,
  type CcdRow,
} from "./sources.ts";
import { chooseDistrict, districtLevel, zipShares, type Basis, type Level, type ZipDistrict } from "./shares.ts";
import { CountyResolver, type CountySource } from "./county.ts";
import { groupOf, outcomes, rate, RATING_METHOD, MIN_DISTRICTS } from "./rating.ts";
import { coverageMarkdown, ratingMarkdown, sourcesMarkdown } from "./docs.ts";
import { selectPostOfficeZips, type PostOfficeSelection } from "./postoffice.ts";

export const FORMAT = 1;
export const SHARE_METHOD = "v1";
export const PER_PUPIL_MIN = 2000;
export const PER_PUPIL_MAX = 100000;

export const ZIP_COLUMNS = ["zip", "state", "city", "county", "leaid", "zcta"] as const;
export const DISTRICT_COLUMNS = [
  "leaid", "state", "name", "level", "grade_span", "phone", "website", "schools", "students", "per_pupil", "rating",
] as const;
export const OVERLAP_COLUMNS = ["zip", "leaid", "share", "basis"] as const;

export interface BuildOptions {
  raw: string;
  date: string;
  /** path of the hand-maintained join table */
  joins: string;
  /** how to name the join table in messages */
  joinsLabel?: string;
}

export interface ZipRecord {
  zip: string;
  state: string;
  city: string;
  county: string;
  countySource: CountySource;
  citySource: "geonames" | "zipcodes" | "uds" | "none";
  leaid: string;
  /** the ZCTA whose districts the record uses: the ZIP itself, or for a PO-box ZIP the ZCTA of its post office */
  zcta: string;
}

/** A districts.csv row as written (the loader's DistrictRow, rating still a CSV cell), plus provenance for the reports. */
export interface DistrictOut extends Omit<DistrictRow, "rating"> {
  rating: string;
  directory: "2023-24" | "2018-19" | "";
  perPupilNote: "fy22" | "fy21" | "out-of-range" | "none";
}

export interface OverlapOut {
  zip: string;
  leaid: string;
  share: string;
  /** "post office": a PO-box ZIP's row, copied from the ZCTA of its post office */
  basis: Basis | "post office";
}

export interface BuildStats {
  date: string;
  allZctas: string[];
  grfZctas: number;
  records: ZipRecord[];
  districts: Map<string, DistrictOut>;
  overlaps: OverlapOut[];
  changedVsLand: number;
  changedHalfPopulation: number;
  changedVsLargestLand: number;
  perPupilOutOfRange: { fy22: number; fy21: number; both: number };
  joins: { grfLeaid: string; zcta: string; leaid: string; reason: string }[];
  renamedCounties: { from: string; to: string[] }[];
  countyNames: Map<string, string>;
  /** districts with an outcome per state and source (all districts of the sources, not only this dataset's) */
  ratingStates: { state: string; seda: number; edfacts: number; sedaRated: boolean; edfactsRated: boolean }[];
  /** states the SEDA 2023 file covers */
  sedaStates: Set<string>;
  /** LEAID -> source of its rating outcome (districts without an outcome are absent) */
  outcomeSource: Map<string, "seda" | "edfacts">;
  /** LEAIDs with a row in the EDFacts files (with or without a usable value) */
  edfactsLeaids: Set<string>;
  /** the PO-box / delivery ZIPs of the UDS Mapper crosswalk: added and left out */
  postOffices: PostOfficeSelection;
}

export interface BuildResult {
  /** file name -> contents, in write order */
  files: Map<string, string>;
  stats: BuildStats;
  coverage: string;
}

function csv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  return stringify(rows as Record<string, string>[], { header: true, columns: [...columns], record_delimiter: "\n" });
}

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/** Title case for a value given all in capitals ("NEW YORK" -> "New York"); mixed case is kept as given. */
export function titleCase(s: string): string {
  const t = s.trim().replace(/\s+/g, " ");
  if (/[a-z]/.test(t)) return t;
  return t.toLowerCase().replace(/(^|[\s\-'.(\/])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
}

export function build(opts: BuildOptions): BuildResult {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(opts.date) || Number.isNaN(Date.parse(opts.date))) {
    throw new InputError("--date", 0, `expected YYYY-MM-DD, got "${opts.date}"`);
  }
  const raw = opts.raw;
  const grf = loadGrf(raw);
  const ccd2324 = loadCcd(raw, FILES.ccd2324);
  const ccd1819 = loadCcd(raw, FILES.ccd1819);
  const enrollment = loadEnrollment(raw);
  const zipcodes = loadZipcodes(raw);
  const geonames = loadGeoNames(raw);
  const zctaCounties = loadZctaCounties(raw);
  const allZctas = loadUsZips(raw).sort();
  const nrviens = loadNrviens(raw);
  const hud = loadHud(raw);
  const geocorr = loadGeocorr(raw);
  const fin21 = loadFinance(raw, "finance21");
  const fin22 = loadFinance(raw, "finance22");
  const seda = loadSeda(raw);
  const edfacts = loadEdFacts(raw);
  const uds = loadUds(raw);
  const joinsLabel = opts.joinsLabel ?? "data/joins.csv";
  const joins = loadJoins(opts.joins, joinsLabel);

  // State FIPS <-> postal code, from the CCD directories.
  const stateFips = new Map<string, string>();
  for (const dir of [ccd1819, ccd2324]) for (const r of dir.values()) if (/^[0-9]{2}$/.test(r.fipst) && /^[A-Z]{2}$/.test(r.st)) stateFips.set(r.st, r.fipst);
  const fipsState = new Map([...stateFips].map(([st, f]) => [f, st]));
  const stateOf = (leaid: string) => fipsState.get(leaid.slice(0, 2));

  const directory = (leaid: string): { row: CcdRow; year: "2023-24" | "2018-19" } | undefined => {
    const a = ccd2324.get(leaid);
    if (a !== undefined) return { row: a, year: "2023-24" };
    const b = ccd1819.get(leaid);
    if (b !== undefined) return { row: b, year: "2018-19" };
    return undefined;
  };

  // Joins: (GRF LEAID, ZCTA or all) -> directory LEAID (+ name).
  const grfNames = new Map<string, string>();
  const grfZctasOf = new Map<string, Set<string>>();
  for (const p of grf) {
    grfNames.set(p.leaid, p.name);
    (grfZctasOf.get(p.leaid) ?? grfZctasOf.set(p.leaid, new Set()).get(p.leaid)!).add(p.zcta);
  }
  const joinMap = new Map<string, { leaid: string; name: string }>();
  for (const j of joins) {
    if (!grfNames.has(j.grfLeaid)) throw new InputError(joinsLabel, j.line, `grf_leaid ${j.grfLeaid} is not in the GRF21 crosswalk`);
    if (j.zcta !== "" && !grfZctasOf.get(j.grfLeaid)!.has(j.zcta)) throw new InputError(joinsLabel, j.line, `GRF21 has no piece ${j.grfLeaid} x ${j.zcta}`);
    if (directory(j.leaid) === undefined) throw new InputError(joinsLabel, j.line, `leaid ${j.leaid} is in neither CCD directory`);
    joinMap.set(`${j.grfLeaid} ${j.zcta}`, { leaid: j.leaid, name: j.name });
  }

  // ZIP -> district -> land (pieces summed), after joins; district names.
  const names = new Map<string, string>();
  const zipLand = new Map<string, Map<string, number>>();
  const landWinner = new Map<string, { leaid: string; land: number }>();
  for (const p of grf) {
    if (p.zcta === "00000") continue;
    const j = joinMap.get(`${p.leaid} ${p.zcta}`) ?? joinMap.get(`${p.leaid} `);
    const leaid = j?.leaid ?? p.leaid;
    const name = j !== undefined && j.name !== "" ? j.name : p.name;
    const prev = names.get(leaid);
    if (prev !== undefined && prev !== name) {
      throw new InputError(joinsLabel, 0, `district ${leaid} would get two names: "${prev}" and "${name}" (add a name to the join rows)`);
    }
    names.set(leaid, name);
    const m = zipLand.get(p.zcta) ?? zipLand.set(p.zcta, new Map()).get(p.zcta)!;
    m.set(leaid, (m.get(leaid) ?? 0) + p.land);
  }
  for (const [zip, m] of zipLand) {
    let best: { leaid: string; land: number } | undefined;
    for (const [leaid, land] of [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (best === undefined || land > best.land) best = { leaid, land };
    landWinner.set(zip, best!);
  }

  // Levels (rule 5a).
  const unified = new Set(geocorr.filter((r) => r.leaid !== "").map((r) => r.leaid));
  const levels = new Map<string, Level>();
  for (const leaid of names.keys()) {
    const d = directory(leaid)?.row;
    levels.set(leaid, districtLevel(unified.has(leaid), d?.gslo, d?.gshi, names.get(leaid)!));
  }

  // Geocorr afact per ZIP (pieces summed).
  const gc = new Map<string, Map<string, number>>();
  for (const r of geocorr) {
    const m = gc.get(r.zcta) ?? gc.set(r.zcta, new Map()).get(r.zcta)!;
    m.set(r.leaid, (m.get(r.leaid) ?? 0) + r.afact);
  }

  const county = new CountyResolver({ hud, geonames, nrviens, zctaCounties, stateFips });

  /** City and the ZIP's own state: GeoNames (50 states + DC), else the zipcodes list. */
  const place = (zip: string): { city: string; state: string; citySource: ZipRecord["citySource"] } => {
    const g = geonames.get(zip);
    const zc = zipcodes.get(zip);
    if (g !== undefined && g.city !== "") return { city: titleCase(g.city), state: g.state, citySource: "geonames" };
    if (zc !== undefined && zc.city !== "") return { city: titleCase(zc.city), state: zc.state, citySource: "zipcodes" };
    return { city: "", state: "", citySource: "none" };
  };

  const records: ZipRecord[] = [];
  const overlaps: OverlapOut[] = [];
  const used = new Set<string>();
  let changedVsLand = 0;
  let changedHalfPopulation = 0;
  let changedVsLargestLand = 0;
  for (const zip of [...zipLand.keys()].sort()) {
    const m = zipLand.get(zip)!;
    const ds: ZipDistrict[] = [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([leaid, land]) => ({ leaid, land, level: levels.get(leaid)! }));
    const res = zipShares(ds, gc.get(zip) ?? null);
    const chosen = chooseDistrict(res.shares);
    // Sanity figures of the raw README: against the land-area choice with the same rule 5c
    // (2,040 changed, 1,745 of them with at least half the population), and against the
    // plain largest land area.
    if (chosen.leaid !== chooseDistrict(zipShares(ds, null).shares).leaid) {
      changedVsLand++;
      if (res.basis === "population" && chosen.share >= 0.5) changedHalfPopulation++;
    }
    if (chosen.leaid !== landWinner.get(zip)!.leaid) changedVsLargestLand++;
    const rows = res.shares.map((s) => ({ zip, leaid: s.leaid, share: s.share.toFixed(4), basis: res.basis }));
    rows.sort((a, b) => (a.share !== b.share ? (Number(b.share) - Number(a.share)) : a.leaid < b.leaid ? -1 : 1));
    for (const r of rows) {
      overlaps.push(r);
      used.add(r.leaid);
    }
    const p = place(zip);
    if (p.state === "") p.state = stateOf(chosen.leaid) ?? "";
    const c = county.pick(zip, p.state);
    records.push({ zip, state: p.state, city: p.city, county: c.name, countySource: c.source, citySource: p.citySource, leaid: chosen.leaid, zcta: zip });
    used.add(chosen.leaid);
  }

  // PO-box and delivery ZIPs (issue 12): the record and overlaps of the ZCTA holding
  // their post office, the overlaps marked "post office"; their own city, state, county.
  const byZip = new Map(records.map((r) => [r.zip, r]));
  const servedStates = new Set(records.map((r) => r.state));
  const postOffices = selectPostOfficeZips(uds, (z) => byZip.has(z), (z) => zipcodes.has(z) || geonames.has(z), (st) => servedStates.has(st));
  const overlapsOf = new Map<string, OverlapOut[]>();
  for (const o of overlaps) (overlapsOf.get(o.zip) ?? overlapsOf.set(o.zip, []).get(o.zip)!).push(o);
  for (const po of postOffices.added) {
    const home = byZip.get(po.zcta)!;
    const p = place(po.zip);
    if (p.city === "" && po.poName !== "") [p.city, p.citySource] = [titleCase(po.poName), "uds"];
    if (p.state === "") p.state = po.state;
    const c = county.pick(po.zip, p.state);
    records.push({ zip: po.zip, state: p.state, city: p.city, county: c.name, countySource: c.source, citySource: p.citySource, leaid: home.leaid, zcta: po.zcta });
    for (const o of overlapsOf.get(po.zcta)!) overlaps.push({ ...o, zip: po.zip, basis: "post office" });
  }
  // Sorted by ZIP; a ZIP's overlap rows keep their order (sort is stable).
  records.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  overlaps.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));

  // Ratings (rule 25, per district; each (state, source) group ranked on its own).
  const { outcomes: outs, sedaStates } = outcomes(seda, edfacts, stateOf);
  const ratings = rate(outs);
  const perGroup = new Map<string, number>();
  for (const o of outs) perGroup.set(groupOf(o), (perGroup.get(groupOf(o)) ?? 0) + 1);
  const allStates = [...new Set([...stateFips.keys()].filter((s) => s !== "BI"))].sort();
  const ratingStates = allStates.map((st) => {
    const sedaN = perGroup.get(groupOf({ state: st, source: "seda" })) ?? 0;
    const edN = perGroup.get(groupOf({ state: st, source: "edfacts" })) ?? 0;
    return { state: st, seda: sedaN, edfacts: edN, sedaRated: sedaN >= MIN_DISTRICTS, edfactsRated: edN >= MIN_DISTRICTS };
  });

  // Districts.
  const perPupilOutOfRange = { fy22: 0, fy21: 0, both: 0 };
  const inRange = (v: number | undefined) => v !== undefined && Math.round(v) >= PER_PUPIL_MIN && Math.round(v) <= PER_PUPIL_MAX;
  const districts = new Map<string, DistrictOut>();
  for (const leaid of [...used].sort()) {
    const d = directory(leaid);
    const v22 = fin22.get(leaid);
    const v21 = fin21.get(leaid);
    let perPupil: number | null = null;
    let perPupilNote: DistrictOut["perPupilNote"] = "none";
    if (v22 !== undefined && !inRange(v22)) perPupilOutOfRange.fy22++;
    if (inRange(v22)) [perPupil, perPupilNote] = [Math.round(v22!), "fy22"];
    else if (inRange(v21)) [perPupil, perPupilNote] = [Math.round(v21!), "fy21"];
    else if (v22 !== undefined || v21 !== undefined) {
      perPupilNote = "out-of-range";
      if (v21 !== undefined && !inRange(v21)) perPupilOutOfRange.fy21++;
      perPupilOutOfRange.both++;
    }
    const rating = ratings.get(leaid);
    districts.set(leaid, {
      leaid,
      state: stateOf(leaid) ?? d?.row.st ?? "",
      name: names.get(leaid)!,
      level: levels.get(leaid)!,
      grade_span: d === undefined ? "" : formatGradeSpan(d.row.gslo, d.row.gshi),
      phone: d === undefined ? "" : formatPhone(d.row.phone),
      website: d === undefined ? "" : formatWebsite(d.row.website),
      schools: d === undefined || d.row.schools === null ? "" : formatCount(d.row.schools),
      students: formatCount(enrollment.get(leaid) ?? null),
      per_pupil: formatPerPupil(perPupil),
      rating: rating === undefined ? "" : String(rating),
      directory: d?.year ?? "",
      perPupilNote,
    });
  }

  const stats: BuildStats = {
    date: opts.date,
    allZctas,
    grfZctas: zipLand.size,
    records,
    districts,
    overlaps,
    changedVsLand,
    changedHalfPopulation,
    changedVsLargestLand,
    perPupilOutOfRange,
    joins: joins.map((j) => ({ grfLeaid: j.grfLeaid, zcta: j.zcta, leaid: j.leaid, reason: j.reason })),
    renamedCounties: county.renamed,
    countyNames: county.names,
    ratingStates,
    sedaStates,
    outcomeSource: new Map(outs.map((o) => [o.leaid, o.source])),
    edfactsLeaids: new Set(edfacts.keys()),
    postOffices,
  };

  const zipsCsv = csv(ZIP_COLUMNS, records.map((r) => ({ zip: r.zip, state: r.state, city: r.city, county: r.county, leaid: r.leaid, zcta: r.zcta })));
  const districtsCsv = csv(DISTRICT_COLUMNS, [...districts.values()].map((d) => Object.fromEntries(DISTRICT_COLUMNS.map((c) => [c, d[c]]))));
  const overlapsCsv = csv(OVERLAP_COLUMNS, overlaps.map((o) => ({ ...o })));
  const manifest = {
    format: FORMAT,
    updated: opts.date,
    methods: { share: SHARE_METHOD, rating: RATING_METHOD },
    counts: {
      records: records.length,
      post_office_records: postOffices.added.length,
      districts: districts.size,
      overlaps: overlaps.length,
      states: new Set(records.map((r) => r.state)).size,
    },
    files: {
      "zips.csv": { sha256: sha256(zipsCsv), rows: records.length },
      "districts.csv": { sha256: sha256(districtsCsv), rows: districts.size },
      "overlaps.csv": { sha256: sha256(overlapsCsv), rows: overlaps.length },
    },
  };
  const coverage = coverageMarkdown(stats);
  const files = new Map<string, string>([
    ["zips.csv", zipsCsv],
    ["districts.csv", districtsCsv],
    ["overlaps.csv", overlapsCsv],
    ["COVERAGE.md", coverage],
    ["RATING.md", ratingMarkdown(stats, records, districts)],
    ["SOURCES.md", sourcesMarkdown()],
    ["manifest.json", JSON.stringify(manifest, null, 2) + "\n"],
  ]);
  return { files, stats, coverage };
}

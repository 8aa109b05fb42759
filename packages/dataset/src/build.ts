/**
 * The dataset build: raw files -> data/zips.csv, districts.csv, overlaps.csv,
 * manifest.json, postal.csv and the reports COVERAGE.md, RATING.md, SOURCES.md, VALIDATION.md,
 * CONTEXT.md (all returned as strings; see write.ts for the atomic write).
 */
import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { DATASET_FORMAT, formatCount, formatGradeSpan, formatPerPupil, formatPhone, formatWebsite } from "@school-districts/core";
import { districtPhone, sharedTollFreePhones } from "./shared-phones.ts";
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
  loadWebsiteChoices,
  loadNrviens,
  loadSeda,
  loadUsZips,
  loadZctaCounties,
  loadZipcodes,
  loadUdsPoNames,
  loadUds,
  LEA_TYPE,
  type CcdRow,
} from "./sources.ts";
import { chooseDistrict, chooseSecondary, districtLevel, gradeNumber, zipShares, zipSharesV2, type Level, type ZipDistrict } from "./shares.ts";
import { emptyEvidence, type PopulationEvidence } from "./population.ts";
import type { BoundaryLevel } from "./boundaries.ts";
import { directorySuccessors } from "./directory-successors.ts";
import { newerDistricts } from "./newer-districts.ts";
import { CARVED_SHARE, highSchoolCoverOf, k12Successors, moveShare, peopleOffHighSchools, peopleToSuccessors, vanishedHeirs, type GrfPiece } from "./successors.ts";
import { CANDIDATES, ZIP_CENTRE, calibrateSpread, chooseCandidate, evaluate, type Truth } from "./estimators.ts";
import { baselineLogPath, loadBaseline, loadBaselineLog, validate, type Validation } from "./validation.ts";
import { loadOffices } from "./offices.ts";
import { CountyResolver } from "./county.ts";
import { agreement, edfactsOutcomes, groupOf, outcomes, rate, sedaOutcome, RATING_METHOD, MIN_DISTRICTS, type Outcome } from "./rating.ts";
import { coverageMarkdown, ratingMarkdown, sourcesMarkdown } from "./docs.ts";
import { postalCsv } from "./postal.ts";
import { contextMarkdown } from "./context.ts";
import { applyPlacements, selectPostOfficeZips, type PostOfficeLocations } from "./postoffice.ts";
import { takeRepairs } from "./read.ts";
import { casedLike, casingIndex, cityAcronyms, completedName, districtCase, newerName, schoolDistrictName } from "./names.ts";
import { officeZipOf, openInItsPlace } from "./closed-districts.ts";
import { componentsOf, unionSpan, weightedMean } from "./umbrella.ts";
import type { BuildStats, DistrictNote, DistrictOut, EnrollmentFlag, NameChange, OverlapOut, SpendingFlag, UmbrellaOut, ZipDecision, ZipRecord } from "./types.ts";

export type { BuildStats } from "./types.ts";

export const FORMAT = DATASET_FORMAT;
export const SHARE_METHOD = "v2";
/**
 * The pieces (two or more, of at most 12) whose land adds up to `land` exactly (to a part in a
 * billion), else none: a piece the crosswalk draws over several others whole.
 *
 * @example
 * landSumOf([{ land: 5.004 }, { land: 3.457 }, { land: 1 }], 8.461) // the first two
 */
export function landSumOf<T extends { land: number }>(pieces: readonly T[], land: number): T[] {
  const candidates = pieces.filter((p) => p.land > 0 && p.land < land);
  if (candidates.length < 2 || candidates.length > 12) return [];
  for (let mask = 3; mask < 1 << candidates.length; mask++) {
    if ((mask & (mask - 1)) === 0) continue; // one piece: the equal-land rule's
    let sum = 0;
    for (let i = 0; i < candidates.length; i++) if (mask & (1 << i)) sum += candidates[i]!.land;
    if (Math.abs(sum - land) <= 1e-9 * land) return candidates.filter((_, i) => mask & (1 << i));
  }
  return [];
}

/** A Census pseudo-district's name: the grades a district teaches in another's area ("Eureka City Unified School District (7-12)"). */
const PSEUDO_PIECE = /\((?:6|7|9)-12\)$/;

export const PER_PUPIL_MIN = 2000;
export const PER_PUPIL_MAX = 100000;
/** Enrollment above this share of the district's 2010 residents cannot come from them alone (about 3x the school-age share). */
export const NONRESIDENT_RATIO = 0.5;
/** A per-pupil year this many times the district's other year is flagged as a likely building or debt year. */
export const SPENDING_YEAR_RATIO = 1.5;

export const ZIP_COLUMNS = ["zip", "state", "city", "county", "leaid", "zcta"] as const;
export const DISTRICT_COLUMNS = [
  "leaid", "state", "county", "name", "level", "grade_span", "phone", "website", "schools", "students", "per_pupil", "rating", "per_pupil_year", "rating_source", "notes",
] as const;
export const OVERLAP_COLUMNS = ["zip", "leaid", "share", "basis", "serves_most", "share_elementary", "share_secondary"] as const;

export interface BuildOptions {
  raw: string;
  date: string;
  /** path of the hand-maintained join table */
  joins: string;
  /** how to name the join table in messages */
  joinsLabel?: string;
  /** path of the hand-maintained table of websites taken from the 2018-19 directory (loadWebsiteChoices; a missing file stops the build); absent: none (the synthetic test fixtures) */
  websites?: string;
  websitesLabel?: string;
  /**
   * Where the 2020 block-group population lies (readPopulationEvidence of the raw folder);
   * absent, no one is counted and the 2020 estimate falls back to land area everywhere.
   */
  evidence?: PopulationEvidence;
  /** the previous accepted build's picks (data/baseline.csv) that VALIDATION.md compares with; absent: no comparison. The log of accepted drops is read from baseline-log.csv beside it. */
  baseline?: string;
  baselineLabel?: string;
  /**
   * PO-box ZIPs whose district their post office's location decides (the boundary step's
   * locatePostOffices over a first build); absent, every PO-box ZIP takes its ZCTA's district.
   */
  postOfficeLocations?: PostOfficeLocations;
}

export interface BuildResult {
  /** file name -> contents, in write order */
  files: Map<string, string>;
  stats: BuildStats;
  coverage: string;
  validation: Validation;
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

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "A and B", "A, B, and C". */
const AND = new Intl.ListFormat("en", { type: "conjunction" });

/**
 * A CCD date (MM/DD/YYYY) in words, or "" when it is not one.
 *
 * @example
 * formatUsDate("04/30/2024") // "April 30, 2024"
 */
export function formatUsDate(mmddyyyy: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(mmddyyyy);
  const month = m === null ? undefined : MONTHS[Number(m[1]) - 1];
  return m === null || month === undefined ? "" : `${month} ${Number(m[2])}, ${m[3]}`;
}

export function build(opts: BuildOptions): BuildResult {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(opts.date) || Number.isNaN(Date.parse(opts.date))) {
    throw new InputError("--date", 0, `expected YYYY-MM-DD, got "${opts.date}"`);
  }
  const raw = opts.raw;
  takeRepairs();
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
  const joinsLabel = opts.joinsLabel ?? "data/joins.csv";
  const joins = loadJoins(opts.joins, joinsLabel);
  const websitesLabel = opts.websitesLabel ?? "data/websites.csv";
  const websiteChoices = new Map((opts.websites === undefined ? [] : loadWebsiteChoices(opts.websites, websitesLabel)).map((w) => [w.leaid, w]));
  const websitesChosen: BuildStats["websitesChosen"] = [];
  const sharedPhones = sharedTollFreePhones(ccd2324.values());
  const phonesDropped: BuildStats["phonesDropped"] = [];
  const poNames = loadUdsPoNames(raw);
  const cityCasing = casingIndex(poNames.values());
  const uds = loadUds(raw);
  const repairs = takeRepairs();
  const nameChanges: NameChange[] = [];

  // State FIPS <-> postal code, from the CCD directories.
  const stateFips = new Map<string, string>();
  for (const dir of [ccd1819, ccd2324]) for (const r of dir.values()) if (/^[0-9]{2}$/.test(r.fipst) && /^[A-Z]{2}$/.test(r.st)) stateFips.set(r.st, r.fipst);
  const fipsState = new Map([...stateFips].map(([st, f]) => [f, st]));
  // State names for the pages, from the same directories (2023-24 over 2018-19), cased like district names.
  const stateNames = new Map<string, string>();
  for (const dir of [ccd1819, ccd2324]) for (const r of dir.values()) if (/^[A-Z]{2}$/.test(r.st) && r.stateName !== "") stateNames.set(r.st, districtCase(r.stateName));
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
  // A Census district the 2023-24 directory no longer lists, merged into a district it lists as
  // new (same phone, office or name): drawn as that district (directory-successors.ts), named as
  // the directory writes it, where joins.csv has no row for it.
  const joinedByHand = new Set(joins.map((j) => j.grfLeaid));
  const byDirectory = directorySuccessors(grfNames.keys(), (leaid) => joinedByHand.has(leaid), ccd2324, ccd1819);
  for (const s of byDirectory) joinMap.set(`${s.grfLeaid} `, { leaid: s.leaid, name: schoolDistrictName(ccd2324.get(s.leaid)!.name) });
  /** The join row of a Census district in a ZCTA: the ZCTA's own row, else the district's. */
  const joinOf = (leaid: string, zcta: string) => joinMap.get(`${leaid} ${zcta}`) ?? joinMap.get(`${leaid} `);
  /** A Census (or Geocorr) district's LEAID after the joins; "" (no district) stays "". */
  const joinedLeaid = (leaid: string, zcta: string) => (leaid === "" ? "" : (joinOf(leaid, zcta)?.leaid ?? leaid));

  // ZIP -> district -> land (pieces summed), after joins; district names.
  const names = new Map<string, string>();
  const zipLand = new Map<string, Map<string, number>>();
  const landWinner = new Map<string, { leaid: string; land: number }>();
  for (const p of grf) {
    if (p.zcta === "00000") continue;
    const j = joinOf(p.leaid, p.zcta);
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
  // Share method v2: the level of the Census 2016 boundary files (the folder a district's
  // polygon is in) where the district has one: newer than Geocorr's 2014 unified list, and
  // the level its boundary was drawn for. Else rule 5a.
  const placed = opts.evidence ?? emptyEvidence();
  const BOUNDARY_LEVEL: Record<string, Level> = { unified: "U", elementary: "E", secondary: "S" };
  const levels = new Map<string, Level>();
  for (const leaid of names.keys()) {
    const d = directory(leaid)?.row;
    const drawn = placed.districtLevel.get(leaid);
    levels.set(leaid, drawn !== undefined ? BOUNDARY_LEVEL[drawn]! : districtLevel(unified.has(leaid), d?.gslo, d?.gshi, names.get(leaid)!));
  }

  // Geocorr afact per ZIP (pieces summed).
  const gc = new Map<string, Map<string, number>>();
  for (const r of geocorr) {
    const m = gc.get(r.zcta) ?? gc.set(r.zcta, new Map()).get(r.zcta)!;
    m.set(r.leaid, (m.get(r.leaid) ?? 0) + r.afact);
  }
  // A Geocorr district under the id joins.csv gives it (the same territory, re-numbered or
  // merged since 2014), so that its 2010 people still count for today's district.
  const gcJoined = new Map<string, Map<string, number>>();
  for (const [zcta, m] of gc) {
    const out = new Map<string, number>();
    for (const [leaid, afact] of m) {
      const to = joinedLeaid(leaid, zcta);
      out.set(to, (out.get(to) ?? 0) + afact);
    }
    gcJoined.set(zcta, out);
  }

  // Share method v2: the 2020 estimate. Pieces keep their Census (GRF21) LEAID, which the
  // boundary files use, and the LEAID after the joins.
  const grfPieces = new Map<string, GrfPiece[]>();
  const censusLand = new Map<string, number>();
  for (const p of grf) {
    censusLand.set(p.leaid, (censusLand.get(p.leaid) ?? 0) + p.land);
    if (p.zcta === "00000") continue;
    const list = grfPieces.get(p.zcta) ?? grfPieces.set(p.zcta, []).get(p.zcta)!;
    const prev = list.find((x) => x.grfLeaid === p.leaid);
    if (prev !== undefined) prev.land += p.land;
    else list.push({ grfLeaid: p.leaid, leaid: joinedLeaid(p.leaid, p.zcta), land: p.land });
  }
  // A closed elementary district's 2016 polygon inside the secondary polygon of the K-12 district
  // that replaced it (successors.ts k12Successors: Williamstown in Mount Greylock) is a piece of that
  // district wherever the district overlaps the ZCTA: read as unified below, as East Helena's.
  const grfIds = new Set(grf.map((p) => p.leaid));
  const k12Replaced = k12Successors(
    placed.pairs.spread,
    placed.zctaDistrictSpread,
    (polygon) => placed.districtLevel.get(polygon) === "elementary" && !grfIds.has(polygon) && !joinMap.has(`${polygon} `),
    (polygon) => {
      const row = directory(polygon)?.row;
      return placed.districtLevel.get(polygon) === "secondary" && grfIds.has(polygon) && row !== undefined && (gradeNumber(row.gslo) ?? 1) <= 0 && gradeNumber(row.gshi) === 12;
    },
  );
  for (const [zcta, list] of grfPieces) {
    const here = placed.zctaDistrictSpread.get(zcta);
    for (const [polygon, k12] of k12Replaced) {
      if ((here?.get(polygon) ?? 0) > 0 && list.some((p) => p.leaid === k12)) list.push({ grfLeaid: polygon, leaid: k12, land: 0 });
    }
  }
  for (const list of grfPieces.values()) list.sort((a, b) => (a.grfLeaid < b.grfLeaid ? -1 : a.grfLeaid > b.grfLeaid ? 1 : 0));
  // The people of 2016 polygons of districts merged or re-numbered since go to the crosswalk's
  // district without a 2016 polygon in the same ZCTA and level (successors.ts: Montpelier).
  const LEVEL_NAME = { U: "unified", E: "elementary", S: "secondary" } as const;
  // The level a Census district is drawn for: its 2016 polygon's; a Census pseudo-district numbered
  // since, "Eureka City Unified School District (7-12)" (GRF21 0699006, no 2016 polygon), teaches
  // only those grades there: secondary.
  const drawnLevel = (grfLeaid: string): BoundaryLevel | undefined =>
    evidence.districtLevel.get(grfLeaid) ?? (PSEUDO_PIECE.test(grfNames.get(grfLeaid) ?? "") ? "secondary" : undefined);
  const pieceLevelName = (p: GrfPiece) => LEVEL_NAME[levels.get(p.leaid)!];
  // Where none is new since 2016, a neighbour that absorbed the district takes its people (La Marque
  // ISD in Texas City ISD): one heir per polygon, from the 2020 spread, for every estimate and the points.
  const heirs = vanishedHeirs(placed.zctaDistrictSpread, grfPieces, (leaid) => placed.districtLevel.get(leaid), pieceLevelName);
  // A district new since 2016 carved out of one still there (Jacksonville North Pulaski out of
  // Pulaski County Special): the older one lost at least CARVED_SHARE of its land since 2016.
  const carvedFrom = (polygon: string, piece: GrfPiece) =>
    (placed.districtLand.get(polygon) ?? 0) - (censusLand.get(polygon) ?? Infinity) >= CARVED_SHARE * (censusLand.get(piece.grfLeaid) ?? Infinity);
  const toSuccessors = (m: Map<string, Map<string, number>>) =>
    peopleToSuccessors(m, grfPieces, (leaid) => placed.districtLevel.get(leaid), pieceLevelName, heirs, carvedFrom);
  const spreadToSuccessors = toSuccessors(placed.zctaDistrictSpread);
  // Geocorr 2010 counts a district carved out since (Jacksonville North Pulaski, 72076) in the
  // one it was carved from: that one's afact is shared as its polygon's 2020 people are.
  for (const [zcta, polygons] of spreadToSuccessors.carved) {
    const afacts = gcJoined.get(zcta);
    if (afacts === undefined) continue;
    const out = new Map(afacts);
    for (const [polygon, parts] of polygons) {
      const from = joinedLeaid(polygon, zcta);
      const afact = afacts.get(from) ?? 0;
      if (afact > 0) moveShare(out, from, afact, new Map([...parts].map(([piece, part]) => [joinedLeaid(piece, zcta), part])));
    }
    gcJoined.set(zcta, out);
  }
  // An elementary polygon joined to the K-12 district that replaced its district (CCD: to 12th
  // grade) counts as unified, its people off the high-school polygon over it (successors.ts).
  const k12Polygons = new Set([
    ...[...joinMap]
      .filter(([key, j]) => key.endsWith(" ") && placed.districtLevel.get(key.trim()) === "elementary" && gradeNumber(directory(j.leaid)?.row.gshi ?? "") === 12)
      .map(([key]) => key.trim()),
    ...k12Replaced.keys(),
  ]);
  const polygonLevels = new Map(placed.districtLevel);
  for (const polygon of k12Polygons) polygonLevels.set(polygon, "unified");
  const offHighSchools = (m: Map<string, Map<string, number>>, pairs: Map<string, Map<string, number>>) => peopleOffHighSchools(m, pairs, k12Polygons);
  const evidence: PopulationEvidence = {
    ...placed,
    districtLevel: polygonLevels,
    zctaDistrictSpread: offHighSchools(spreadToSuccessors.people, placed.pairs.spread),
    zctaDistrict: offHighSchools(toSuccessors(placed.zctaDistrict).people, placed.pairs.centre),
    zctaDistrictNearest: offHighSchools(toSuccessors(placed.zctaDistrictNearest).people, placed.pairs.nearest),
  };
  const ctx = { evidence, districtLand: censusLand };

  // The estimator table: every candidate on the held-out Geocorr 2010 shares of the ZCTAs
  // wholly in unified territory (no Geocorr population outside unified districts, every
  // GRF21 district unified in the boundary files, every Geocorr district still in GRF21).
  const truths: Truth[] = [];
  for (const [zcta, m] of [...gc].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const ps = grfPieces.get(zcta);
    if (ps === undefined || m.has("")) continue;
    if (!ps.every((p) => evidence.districtLevel.get(p.grfLeaid) === "unified")) continue;
    if (![...m.keys()].every((k) => ps.some((p) => p.grfLeaid === k))) continue;
    truths.push({ zcta, pieces: ps.map((p) => ({ leaid: p.grfLeaid, land: p.land })), shares: m });
  }
  const scores = CANDIDATES.map((c) => evaluate(c, truths, ctx));
  const chosenScore = chooseCandidate(scores);
  const candidate = CANDIDATES.find((c) => c.id === chosenScore.id)!;
  // Where the chosen estimator places no one (tiny ZCTAs; ZCTAs without a 2010 polygon): the
  // evidence that could replace land, measured on the truth ZCTAs of that case.
  const unplaced = truths.filter((t) => t.pieces.length > 1 && candidate.estimate(t.zcta, t.pieces, ctx).evidence === "land");
  const fallbackCandidates = [...["land", "land-density", "nearest+land-1000"].map((id) => CANDIDATES.find((c) => c.id === id)!), ZIP_CENTRE];
  const noPolygon = [...grfPieces.keys()].filter((z) => !evidence.zctas.has(z));

  const county = new CountyResolver({ hud, geonames, nrviens, zctaCounties, stateFips });

  /** City and the ZIP's own state: GeoNames (50 states + DC), else the zipcodes list; internal capitals from the UDS post-office name. */
  const place = (zip: string): { city: string; state: string; citySource: ZipRecord["citySource"] } => {
    const g = geonames.get(zip);
    const zc = zipcodes.get(zip);
    let city = "";
    let state = "";
    let citySource: ZipRecord["citySource"] = "none";
    if (g !== undefined && g.city !== "") {
      [city, state, citySource] = [titleCase(g.city), g.state, "geonames"];
    } else if (zc !== undefined && zc.city !== "") {
      [city, state, citySource] = [titleCase(zc.city), zc.state, "zipcodes"];
    }
    // Internal capitals (McKeesport, DeKalb, Hanscom AFB) from the UDS Mapper post-office name of the same ZIP,
    // else of another ZIP of the same name (75072: McKinney); bases' acronyms in capitals (JBER, USAF Academy).
    let cased = casedLike(city, poNames.get(zip));
    if (cased === city) cased = casedLike(city, cityCasing.get(city.toLowerCase()));
    cased = cityAcronyms(cased);
    if (cased !== city) {
      nameChanges.push({ kind: "city-case", key: zip, from: city, to: cased });
      city = cased;
    }
    return { city, state, citySource };
  };

  const records: ZipRecord[] = [];
  const overlaps: OverlapOut[] = [];
  const decisions: ZipDecision[] = [];
  /** ZIPs part of whose 2020 people the 2016 boundaries place in "School District Not Defined" */
  const notDefinedZips: string[] = [];
  const used = new Set<string>();
  let changedVsLand = 0;
  let changedHalfPopulation = 0;
  let changedVsLargestLand = 0;
  for (const zip of [...zipLand.keys()].sort()) {
    const m = zipLand.get(zip)!;
    const pieces = grfPieces.get(zip)!;
    // A district's level in this ZIP: the level its pieces here were drawn for, where they
    // agree (a Census piece "Pittsfield School District in Richmond (9-12)" joined to the
    // unified Pittsfield serves only the secondary grades in Richmond's ZIP); else its level.
    const localLevel = (leaid: string): Level => {
      // A K-12 district over the polygon of the elementary district it replaced teaches every grade there (Mount Greylock in 01267).
      if (pieces.some((p) => p.leaid === leaid && k12Polygons.has(p.grfLeaid))) return "U";
      const drawn = new Set(pieces.filter((p) => p.leaid === leaid).map((p) => drawnLevel(p.grfLeaid)));
      const only = drawn.size === 1 ? [...drawn][0] : undefined;
      return only !== undefined ? BOUNDARY_LEVEL[only]! : levels.get(leaid)!;
    };
    const ds: ZipDistrict[] = [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([leaid, land]) => ({ leaid, land, level: localLevel(leaid) }));
    const spread = evidence.zctaDistrictSpread.get(zip);
    // Each piece's level: the boundary file it is drawn in, else its district's level.
    const layerOf = (p: { grfLeaid: string; leaid: string }): Level => {
      const drawn = drawnLevel(p.grfLeaid);
      return drawn !== undefined ? BOUNDARY_LEVEL[drawn]! : levels.get(p.leaid)!;
    };
    const layers = new Map<string, Set<Level>>();
    for (const p of pieces) (layers.get(p.leaid) ?? layers.set(p.leaid, new Set()).get(p.leaid)!).add(layerOf(p));
    const peopleIn = (p: { grfLeaid: string }) => spread?.get(p.grfLeaid) ?? 0;
    // The people a placement puts in the ZIP's pieces: those of the larger grade level's pool.
    const peopleInPieces = (placement: ReadonlyMap<string, number> | undefined) =>
      Math.max(
        pieces.filter((p) => layerOf(p) !== "S").reduce((sum, p) => sum + (placement?.get(p.grfLeaid) ?? 0), 0),
        pieces.filter((p) => layerOf(p) !== "E").reduce((sum, p) => sum + (placement?.get(p.grfLeaid) ?? 0), 0),
      );
    const zipPeople = peopleInPieces(spread);
    const estimate = (want: readonly Level[]) => {
      const ps = pieces.filter((p) => want.includes(layerOf(p)));
      const e = candidate.estimate(zip, ps.map((p) => ({ leaid: p.grfLeaid, land: p.land })), ctx);
      const shares = new Map<string, number>();
      for (const p of ps) shares.set(p.leaid, (shares.get(p.leaid) ?? 0) + (e.shares.get(p.grfLeaid) ?? 0));
      return { shares, counted: e.evidence === "population" };
    };
    // A district's 2020 people in its pieces drawn for some levels here.
    const peopleOf = (leaid: string, want: readonly Level[]) => pieces.filter((p) => p.leaid === leaid && want.includes(layerOf(p))).reduce((s, p) => s + peopleIn(p), 0);
    const people2020 = (leaid: string, layer: Level) => (zipPeople > 0 ? peopleOf(leaid, [layer]) / zipPeople : 0);
    // Each elementary piece's share of the ZIP and of the people outside unified districts, for
    // the part of them a high-school boundary covers (successors.ts highSchoolCoverOf).
    const elementaryPieces = pieces.filter((p) => layerOf(p) === "E");
    const pieceShares = (ps: readonly GrfPiece[]) => {
      const e = candidate.estimate(zip, ps.map((p) => ({ leaid: p.grfLeaid, land: p.land })), ctx);
      return new Map(elementaryPieces.map((p) => [p.grfLeaid, e.shares.get(p.grfLeaid) ?? 0]));
    };
    // An elementary piece the crosswalk draws another level's piece over exactly (the same land in
    // the ZIP: Census "(9-12)" pieces such as Nevada Joint Union's over Camptonville, 95922; Profile
    // over Lafayette Regional, 03785) is covered whole, whatever the 2016 polygons place.
    const drawnOver = new Set(
      elementaryPieces.filter((e) => e.land > 0 && pieces.some((q) => layerOf(q) !== "E" && Math.abs(q.land - e.land) <= 1e-9 * e.land)).map((e) => e.grfLeaid),
    );
    // Likewise a high-school piece drawn exactly over several elementary pieces (the sum of their
    // land: Hughson Unified (9-12) over Gratton and Hickman in 95316, 8.461 = 5.004 + 3.457).
    for (const q of pieces.filter((p) => layerOf(p) === "S" && p.land > 0)) for (const e of landSumOf(elementaryPieces, q.land)) drawnOver.add(e.grfLeaid);
    const highSchoolCover = highSchoolCoverOf(
      elementaryPieces.length > 0 ? pieceShares(pieces.filter((p) => layerOf(p) !== "S")) : new Map(),
      elementaryPieces.length > 0 ? pieceShares(elementaryPieces) : new Map(),
      pieces.some((p) => layerOf(p) === "S"),
      placed.zctaDistrictSpread.get(zip),
      placed.pairs.spread.get(zip),
      drawnOver,
      {
        land: new Map(elementaryPieces.map((p) => [p.grfLeaid, p.land])),
        // Census pseudo-district pieces with no 2016 polygon (no one is placed in them): their land is
        // their cover. Not a high-school district renumbered since, whose old polygon covers already.
        secondaryLand: pieces.filter((p) => placed.districtLevel.get(p.grfLeaid) === undefined && PSEUDO_PIECE.test(grfNames.get(p.grfLeaid) ?? "")).reduce((sum, p) => sum + p.land, 0),
      },
    );
    // Each district's people at one grade level: only its pieces drawn for those grades (a county
    // district that is unified in one part of the ZIP and the high-school district over a city
    // elementary district in the other counts only the first part at the elementary grades).
    const peopleAt = (want: readonly Level[]) => new Map(ds.map((d) => [d.leaid, Math.round(peopleOf(d.leaid, want))]));
    // Geocorr 2010 counted the people of a K-12 district's former elementary polygon outside unified
    // districts, and has no such district: where one lies, the 2020 estimate decides every level.
    const relevelledToK12 = pieces.some((p) => k12Polygons.has(p.grfLeaid));
    // The 2020 people the 2016 boundaries place in "School District Not Defined" (LEAID ending
    // 99997: Sun City, AZ) stay uncovered where the 2020 estimate decides.
    const placedHere = evidence.zctas.has(zip) ? spread : evidence.zctaDistrictNearest.get(zip);
    const notDefined = [...(placedHere ?? [])].reduce((sum, [leaid, n]) => sum + (leaid.endsWith("99997") ? n : 0), 0);
    const inPieces = peopleInPieces(placedHere);
    // Only as far as Geocorr 2010 agrees (its block counts in "School District Not Defined"): where the
    // 2021 crosswalk draws districts over that land (46164: Geocorr 0.2 %, the 2016 polygon 12 %), the
    // people are in a district the 2016 boundaries did not draw yet.
    const geocorrNotDefined = [...(gc.get(zip) ?? [])].reduce((sum, [leaid, afact]) => sum + (leaid.endsWith("99997") ? afact : 0), 0);
    const inDistricts = notDefined > 0 ? 1 - Math.min(notDefined / (inPieces + notDefined), geocorrNotDefined) : 1;
    if (notDefined > 0) notDefinedZips.push(zip);
    const res = zipSharesV2({ districts: ds, layers, geocorr: relevelledToK12 ? null : (gcJoined.get(zip) ?? null), estimate, people2020, highSchoolCover, inDistricts, people: zipPeople });
    const chosen = chooseDistrict(res.byGrade.elementary);
    // Not a district CCD lists only up to 8th grade (Neptune City, Pre-K to 8th, drawn unified in
    // 07754): it teaches no high school, whatever its boundary's share; where only such districts
    // have a share, none is marked.
    const teachesHighSchool = (leaid: string) => (gradeNumber(directory(leaid)?.row.gshi ?? "") ?? 12) >= 9;
    const secondary = chooseSecondary(res.byGrade.secondary.filter((s) => teachesHighSchool(s.leaid)));
    const chosenV2 = res.byGrade.elementary.find((s) => s.leaid === chosen.leaid)!;
    const elementaryCandidates = ds.filter((d) => layers.get(d.leaid)!.has("U") || layers.get(d.leaid)!.has("E")).map((d) => d.leaid);
    // Measured, not used: the elementary candidate whose polygon holds the ZIP centre, where land decided.
    const centre = evidence.zipCentreDistricts.get(zip) ?? [];
    const centrePiece = pieces.find((p) => centre.includes(p.grfLeaid) && layerOf(p) !== "S");
    decisions.push({
      zip,
      leaid: chosen.leaid,
      secondary: secondary?.leaid ?? "",
      share: chosen.share,
      basis: chosenV2.basis,
      evidence: chosenV2.evidence,
      // A K-12 district re-levelled since 2014 is a vintage gap of Geocorr's, not an absence.
      geocorr: relevelledToK12 && gcJoined.has(zip) ? "vintage-gap" : res.geocorr,
      relevelled: res.relevelled,
      people: { elementary: peopleAt(["U", "E"]), secondary: peopleAt(["U", "S"]) },
      candidates: {
        elementary: elementaryCandidates,
        secondary: ds.filter((d) => layers.get(d.leaid)!.has("U") || layers.get(d.leaid)!.has("S")).map((d) => d.leaid),
      },
      ...(chosenV2.evidence === "land" ? { centrePick: centrePiece?.leaid ?? "" } : {}),
    });
    // Sanity figures against the land-area choice with the same rule 5c (the raw README's
    // 2,040 changed, 1,745 of them with at least half the population, were share method v1's;
    // COVERAGE.md gives today's), and against the plain largest land area.
    if (chosen.leaid !== chooseDistrict(zipShares(ds, null).shares).leaid) {
      changedVsLand++;
      if (chosenV2.basis === "population" && chosen.share >= 0.5) changedHalfPopulation++;
    }
    if (chosen.leaid !== landWinner.get(zip)!.leaid) changedVsLargestLand++;
    const most = (leaid: string) => [chosen.leaid === leaid && chosen.level !== "S" ? "elementary" : "", secondary?.leaid === leaid ? "secondary" : ""].filter((x) => x !== "").join(" ");
    const rows = res.shares.map((s, i) => ({
      zip,
      leaid: s.leaid,
      share: s.share.toFixed(4),
      basis: s.basis,
      serves_most: most(s.leaid),
      // The district's share at each grade level: its pieces teaching those grades (a unified
      // district that is the high-school district over an elementary one has more at the secondary grades).
      share_elementary: res.byGrade.elementary[i]!.share.toFixed(4),
      share_secondary: res.byGrade.secondary[i]!.share.toFixed(4),
    }));
    rows.sort((a, b) => (a.share !== b.share ? (Number(b.share) - Number(a.share)) : a.leaid < b.leaid ? -1 : 1));
    for (const r of rows) {
      overlaps.push(r);
      used.add(r.leaid);
    }
    let { city, state, citySource } = place(zip);
    if (state === "") state = stateOf(chosen.leaid) ?? "";
    const c = county.pick(zip, state);
    records.push({ zip, state, city, county: c.name, countySource: c.source, citySource, leaid: chosen.leaid, zcta: zip });
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
    let { city, state, citySource } = place(po.zip);
    if (city === "" && po.poName !== "") [city, citySource] = [titleCase(po.poName), "uds"];
    if (state === "") state = po.state;
    const c = county.pick(po.zip, state);
    records.push({ zip: po.zip, state, city, county: c.name, countySource: c.source, citySource, leaid: home.leaid, zcta: po.zcta });
    for (const o of overlapsOf.get(po.zcta)!) overlaps.push({ ...o, zip: po.zip, basis: "post office" });
  }
  if (opts.postOfficeLocations !== undefined) {
    applyPlacements(records, overlaps, opts.postOfficeLocations.placed);
    postOffices.located = opts.postOfficeLocations;
  }
  // Sorted by ZIP; a ZIP's overlap rows keep their order (sort is stable).
  records.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  overlaps.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));

  // Districts newer than every map (newer-districts.ts): no share anywhere; the page of the ZIP
  // of their office names them and says to ask (Orange Beach City, AL, in 36561).
  const joinedTo = new Set([...joinMap.values()].map((j) => j.leaid));
  const recordState = new Map(records.map((r) => [r.zip, r.state]));
  const newerCandidates = newerDistricts(ccd2324, (l) => ccd1819.has(l) || grfNames.has(l) || joinedTo.has(l) || names.has(l) || placed.districtLevel.has(l) || used.has(l)).map((c) =>
    c.kept && recordState.get(c.officeZip) !== c.st ? { ...c, kept: false, why: `the ZIP code of its office (${c.officeZip}) has no record in ${c.st}` } : c,
  );
  /** leaid -> the ZIP code of its office, for the districts newer than the maps */
  const newerOffice = new Map(newerCandidates.filter((c) => c.kept).map((c) => [c.leaid, c.officeZip]));
  for (const c of newerCandidates.filter((x) => x.kept)) {
    const name = schoolDistrictName(c.name);
    names.set(c.leaid, name);
    levels.set(c.leaid, districtLevel(false, c.gslo, c.gshi, name));
    used.add(c.leaid);
  }

  // Umbrellas: supervisory unions (CCD LEA_TYPE 3) and their components (same state and UNION code).
  const unionComponents = { "2023-24": componentsOf(ccd2324), "2018-19": componentsOf(ccd1819) };
  const componentsFor = (leaid: string): string[] | undefined => {
    const d = directory(leaid);
    if (d === undefined || d.row.leaType !== LEA_TYPE.supervisoryUnion) return undefined;
    const comps = unionComponents[d.year].get(leaid);
    return comps !== undefined && comps.length > 0 ? comps : undefined;
  };
  const umbrellaComps = new Map<string, string[]>();
  for (const leaid of [...used].sort()) {
    const comps = componentsFor(leaid);
    if (comps !== undefined) umbrellaComps.set(leaid, comps);
  }
  const compRow = (l: string) => directory(l)?.row;

  // Ratings, method v1.1 (rule 25 per district, see RATING.md): only geographic districts (those
  // of the boundary file, which can serve a ZIP) are ranked; an umbrella takes its components'
  // outcomes weighted by enrollment; each (state, source) group is ranked on its own.
  const geographic = new Set(names.keys());
  const { outcomes: allOuts, sedaStates } = outcomes(seda, edfacts, stateOf);
  const sedaOf = new Map<string, number>();
  for (const r of seda) {
    const v = sedaOutcome(r);
    if (v !== null) sedaOf.set(r.leaid, v);
  }
  const edAll = edfactsOutcomes(edfacts, stateOf);
  const edOf = new Map(edAll.map((o) => [o.leaid, o.value]));
  const outs: Outcome[] = allOuts.filter((o) => geographic.has(o.leaid));
  const nonGeographicDropped = allOuts.length - outs.length;
  const ownOutcome = new Set(outs.map((o) => o.leaid));
  const umbrellaRatingNote = new Map<string, string>();
  for (const [leaid, comps] of umbrellaComps) {
    if (ownOutcome.has(leaid)) continue;
    const st = stateOf(leaid)!;
    const s = weightedMean(comps.map((c) => ({ value: sedaOf.get(c), weight: enrollment.get(c) })));
    const e = weightedMean(comps.map((c) => ({ value: edOf.get(c), weight: enrollment.get(c) })));
    const pick = s !== null && (e === null || s.covered >= e.covered) ? { src: "seda" as const, m: s } : e !== null ? { src: "edfacts" as const, m: e } : null;
    if (pick === null) {
      umbrellaRatingNote.set(leaid, "none of its member districts has an outcome in SEDA 2023 or EDFacts 2020-21");
      continue;
    }
    outs.push({ leaid, state: st, value: pick.m.mean, source: pick.src });
    umbrellaRatingNote.set(
      leaid,
      `from its member districts' ${pick.src === "seda" ? "SEDA 2023" : "EDFacts 2020-21"} outcomes weighted by enrollment (${Math.round(100 * pick.m.covered)}% of their students)`,
    );
  }
  const ratings = rate(outs);
  const outcomeSource = new Map(outs.map((o) => [o.leaid, o.source]));
  const agree = agreement(
    [...sedaOf].map(([leaid, value]) => ({ leaid, state: stateOf(leaid) ?? "", value, source: "seda" as const })).filter((o) => o.state !== ""),
    edAll,
    geographic,
  );
  const perGroup = new Map<string, number>();
  for (const o of outs) perGroup.set(groupOf(o), (perGroup.get(groupOf(o)) ?? 0) + 1);
  const allStates = [...new Set([...stateFips.keys()].filter((s) => s !== "BI"))].sort();
  const ratingStates = allStates.map((st) => {
    const sedaN = perGroup.get(groupOf({ state: st, source: "seda" })) ?? 0;
    const edN = perGroup.get(groupOf({ state: st, source: "edfacts" })) ?? 0;
    return { state: st, seda: sedaN, edfacts: edN, sedaRated: sedaN >= MIN_DISTRICTS, edfactsRated: edN >= MIN_DISTRICTS };
  });
  const ratingStateOf = new Map(ratingStates.map((r) => [r.state, r]));
  const geographicInState = new Map<string, number>();
  for (const l of geographic) {
    const st = stateOf(l) ?? "";
    geographicInState.set(st, (geographicInState.get(st) ?? 0) + 1);
  }

  // 2010 residents of each unified district (Geocorr 2014 pieces summed), for the enrollment check.
  const residents = new Map<string, number>();
  for (const r of geocorr) {
    if (r.leaid === "") continue;
    const leaid = joinedLeaid(r.leaid, r.zcta);
    residents.set(leaid, (residents.get(leaid) ?? 0) + r.pop);
  }
  const recordsOf = new Map<string, number>();
  for (const r of records) recordsOf.set(r.leaid, (recordsOf.get(r.leaid) ?? 0) + 1);

  // Districts.
  const perPupilOutOfRange = { fy22: 0, fy21: 0, both: 0 };
  const inRange = (v: number | undefined) => v !== undefined && Math.round(v) >= PER_PUPIL_MIN && Math.round(v) <= PER_PUPIL_MAX;
  const districts = new Map<string, DistrictOut>();
  // Where each district's office is (CCD LZIP, else its mailing ZIP): its county, as a record's.
  const offices = loadOffices(raw);
  const umbrellas: UmbrellaOut[] = [];
  const enrollmentFlags: EnrollmentFlag[] = [];
  const spendingFlags: SpendingFlag[] = [];
  const noSchoolDistricts: BuildStats["noSchoolDistricts"] = [];
  const closedDistricts: BuildStats["closedDistricts"] = [];
  /** districts whose facts come from the 2018-19 directory only, with no successor found (the "not-listed" note) */
  const notListed: string[] = [];
  /** districts with the share-by-land note */
  const sharedByLand: string[] = [];
  const zipsOverlapped = new Map<string, number>();
  for (const o of overlaps) zipsOverlapped.set(o.leaid, (zipsOverlapped.get(o.leaid) ?? 0) + 1);
  let enrollmentUnchecked = 0;
  const money = (v: number) => `$${Math.round(v).toLocaleString("en-US")}`;
  for (const leaid of [...used].sort()) {
    const d = directory(leaid);
    const comps = umbrellaComps.get(leaid);
    const notes: DistrictNote[] = [];
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

    // Name: the newer official name of CCD 2023-24 where it names another place, cased as written.
    const boundaryName = names.get(leaid)!;
    let name = boundaryName;
    const ccdName = ccd2324.get(leaid)?.name;
    const newer = ccdName === undefined ? null : newerName(boundaryName, ccdName);
    if (newer !== null) {
      nameChanges.push({ kind: "district-newer-name", key: leaid, from: name, to: newer });
      name = newer;
    }
    const completed = newer === null ? completedName(name, ccdName) : null;
    if (completed !== null) {
      nameChanges.push({ kind: "district-completed-name", key: leaid, from: name, to: completed });
      name = completed;
    }
    const cased = districtCase(name);
    if (cased !== name) {
      nameChanges.push({ kind: "district-case", key: leaid, from: name, to: cased });
      name = cased;
    }

    let gradeSpan = d === undefined ? "" : formatGradeSpan(d.row.gslo, d.row.gshi);
    let schools = d === undefined || d.row.schools === null ? "" : formatCount(d.row.schools);
    let studentsN = enrollment.get(leaid) ?? null;
    let perPupilText = formatPerPupil(perPupil);
    let website = d === undefined ? "" : formatWebsite(d.row.website);
    const choice = websiteChoices.get(leaid);
    if (choice !== undefined) {
      // The 2018-19 directory's website where the 2023-24 one is another organisation's (data/websites.csv).
      const older = formatWebsite(ccd1819.get(leaid)?.website ?? "");
      if (older === "") throw new InputError(websitesLabel, choice.line, `the 2018-19 directory gives ${leaid} no website`);
      websitesChosen.push({ leaid, from: website, to: older, reason: choice.reason });
      website = older;
    }
    const rating = ratings.get(leaid);
    if (comps !== undefined) {
      // Umbrella: sums and span of the components (method in data/README.md).
      const rows = comps.map(compRow).filter((r): r is CcdRow => r !== undefined);
      const enr = comps.map((c) => enrollment.get(c)).filter((x): x is number => x !== undefined);
      if (studentsN === null && enr.length > 0) studentsN = enr.reduce((a, b) => a + b, 0);
      const sch = rows.map((r) => r.schools).filter((x): x is number => x !== null);
      if (schools === "" && sch.length > 0) schools = formatCount(sch.reduce((a, b) => a + b, 0));
      const span = unionSpan(rows);
      if (gradeSpan === "" && span !== null) gradeSpan = formatGradeSpan(span.gslo, span.gshi);
      if (website === "") {
        const sites = [...new Set(rows.map((r) => formatWebsite(r.website)).filter((w) => w !== ""))];
        if (sites.length === 1) website = sites[0]!;
      }
      if (perPupil === null) {
        // F-33 does not report the union: the components' per-pupil spending weighted by enrollment, when it covers them all.
        const pp = weightedMean(comps.map((c) => {
          const a = fin22.get(c);
          const b = fin21.get(c);
          return { value: inRange(a) ? a : inRange(b) ? b : undefined, weight: enrollment.get(c) };
        }));
        if (pp !== null && pp.covered === 1) perPupilText = `${formatPerPupil(Math.round(pp.mean))} (est.)`;
      }
      const ratingNote = umbrellaRatingNote.get(leaid) ?? (rating === undefined ? "none: too few results of its own" : "from its own results (the source reports the union itself)");
      notes.push({
        code: "umbrella",
        text:
          (comps.length === 1
            ? "Made up of its one member district in the CCD directory (which calls it a supervisory union): its students, schools and grade span are that district's" +
              `${perPupilText.endsWith("(est.)") ? "; so is its spending per pupil (est.)" : ""}`
            : `Made up of its ${comps.length} member districts in the CCD directory (which calls it a supervisory union): its students, schools and grade span are theirs added up` +
              `${perPupilText.endsWith("(est.)") ? "; spending per pupil is their enrollment-weighted average (est.)" : ""}`) +
          `${rating === undefined ? "" : `; its rating is ${ratingNote}`}.`,
      });
      umbrellas.push({
        leaid, state: stateOf(leaid) ?? "", name, components: comps, records: recordsOf.get(leaid) ?? 0,
        students: formatCount(studentsN), schools, gradeSpan, website, perPupil: perPupilText, rating: rating === undefined ? "" : String(rating), ratingNote,
      });
    } else if (d !== undefined && d.row.schools === 0 && recordsOf.has(leaid)) {
      noSchoolDistricts.push({
        leaid, name, state: stateOf(leaid) ?? "", records: recordsOf.get(leaid)!,
        reason: d.row.leaType === LEA_TYPE.supervisoryUnion ? "supervisory union without components in CCD" : "reports no schools of its own (tuitions its students to other districts)",
      });
    }

    // A district its latest directory lists as closed or inactive, which the Census boundaries
    // still draw: said, with no successor guessed (joins.csv maps those the directory names).
    // An open district that runs no schools (a town that pays tuition elsewhere): said, and whom to ask.
    const status = d?.row.status;
    if (d !== undefined && comps === undefined && d.row.schools === 0 && status !== "Closed" && status !== "Inactive") {
      notes.push({ code: "no-schools", text: `The NCES district directory of ${d.year} counts no schools run by ${name}: ask it which schools its students attend.` });
    }
    // A district the 2023-24 directory no longer lists (its facts are 2018-19's) and no rule joined
    // to a successor: it may have merged or closed since (Florence 04, SC; Dollarway, AR).
    if (d !== undefined && d.year === "2018-19" && status !== "Closed" && status !== "Inactive") {
      notListed.push(leaid);
      notes.push({
        code: "not-listed",
        text: `The NCES district directory of 2023-24 does not list ${name} (its facts here are from 2018-19): it may have merged with a neighbour or closed since; ask the state's education department which district serves its area now.`,
      });
    }
    // A district without a 2016 boundary whose share of some ZIP's people is the old district's
    // people shared with it by land (Byron, ME, in 04275; Jacksonville North Pulaski in 72076).
    // Only the ZIPs with a share of it (a ZCTA placed but no longer overlapped is left out).
    const byLandZips = [...(spreadToSuccessors.byLand.get(leaid) ?? [])].filter((z) => overlapsOf.get(z)?.some((o) => o.leaid === leaid && Number(o.share) > 0)).sort();
    if (byLandZips.length > 0) {
      sharedByLand.push(leaid);
      const where = byLandZips.length === 1 ? `ZIP code ${byLandZips[0]}` : `ZIP codes ${AND.format(byLandZips)}`;
      notes.push({
        code: "share-by-land",
        text: `${name} was formed after the 2016 Census school-district maps: in ${where}, its share of the residents is an estimate from its land area (NCES, 2021), not a count. Ask it whether it serves your address.`,
        zips: byLandZips,
      });
    }
    // A district newer than every map: where its office is, and to ask it (newer-districts.ts).
    const officeOfNewer = newerOffice.get(leaid);
    if (officeOfNewer !== undefined) {
      notes.push({
        code: "newer-than-maps",
        text: `${name} is newer than the school-district maps this service uses (Census 2016 boundaries, NCES 2021 ZIP relationships): the NCES district directory of 2023-24 lists it, with its office in ZIP code ${officeOfNewer}, but no source here says which addresses it serves. Ask it whether it serves yours.`,
        zips: [officeOfNewer],
      });
    }
    if (d !== undefined && (status === "Closed" || status === "Inactive")) {
      const closed = status === "Closed" ? "closed" : "inactive";
      const since = formatUsDate(d.row.effective);
      closedDistricts.push({ leaid, name, state: stateOf(leaid) ?? "", status: closed, effective: d.row.effective, directory: d.year, records: recordsOf.get(leaid) ?? 0, overlaps: zipsOverlapped.get(leaid) ?? 0 });
      // An open district of the same place with its office in the same ZIP code may run its schools now (a charter district: Muskegon Heights).
      const inItsPlace = d.year === "2023-24" ? openInItsPlace(d.row, name, ccd2324.values()) : [];
      const runningNow =
        inItsPlace.length === 0
          ? ""
          : ` The same directory lists ${inItsPlace.map((r) => districtCase(r.name.trim())).join(" and ")}, open, with ${inItsPlace.length === 1 ? "its office" : "their offices"} in the same ZIP code (${officeZipOf(d.row)}): ${inItsPlace.length === 1 ? "it" : "they"} may run the area's public schools now.`;
      notes.push({
        code: "closed",
        text:
          `The NCES district directory of ${d.year} lists ${name} as ${closed === "closed" ? "closed" : "inactive (temporarily closed)"}${since ? ` as of ${since}` : ""}, ` +
          `though the Census boundaries still draw its area: ask the state's education department which district serves it now.${runningNow}`,
      });
    }

    // Enrollment in context: far more students than the district's residents could supply.
    const pop = residents.get(leaid);
    if (studentsN !== null && pop !== undefined && pop > 0) {
      if (studentsN > NONRESIDENT_RATIO * pop) {
        enrollmentFlags.push({ leaid, state: stateOf(leaid) ?? "", name, students: studentsN, residents: pop, records: recordsOf.get(leaid) ?? 0 });
        notes.push({
          code: "enrollment-nonresident",
          text: `The ${formatCount(studentsN)} students include many enrolled from elsewhere (such as a statewide online or correspondence program): the district had ${formatCount(pop)} residents in 2010.`,
        });
      }
    } else if (recordsOf.has(leaid)) enrollmentUnchecked++;

    // Spending in context: what the figure is, its year, and a year far above the other.
    if (perPupil !== null) {
      const shownYear = perPupilNote === "fy22" ? "2022" : "2021";
      const other = perPupilNote === "fy22" ? v21 : v22;
      if (other !== undefined && inRange(other) && perPupil > SPENDING_YEAR_RATIO * other) {
        spendingFlags.push({ leaid, state: stateOf(leaid) ?? "", name, shownYear, shown: perPupil, other: Math.round(other), records: recordsOf.get(leaid) ?? 0 });
        notes.push({
          code: "spending-building-year",
          text: `Fiscal year ${shownYear} (${money(perPupil)} per pupil) is far above fiscal year ${shownYear === "2022" ? "2021" : "2022"} (${money(other)}): likely a building or debt-repayment year.`,
        });
      }
    }

    // Rating: which source decided, or why there is none.
    const st = stateOf(leaid) ?? "";
    const src = outcomeSource.get(leaid);
    if (rating === undefined) {
      const rs = ratingStateOf.get(st);
      const groupN = src === "seda" ? rs?.seda ?? 0 : src === "edfacts" ? rs?.edfacts ?? 0 : 0;
      let why: string;
      if ((geographicInState.get(st) ?? 0) <= 1) why = "No rating: the rating compares a district with the other districts of its state, and this state or territory has only one.";
      else if (src !== undefined) why = `No rating: only ${groupN} district${groupN === 1 ? "" : "s"} of the state ha${groupN === 1 ? "s" : "ve"} results from the same source, too few to compare (at least ${MIN_DISTRICTS} needed).`;
      else if ((rs?.seda ?? 0) + (rs?.edfacts ?? 0) === 0) why = "No rating: neither source of results (SEDA 2023, EDFacts 2020-21) covers this state's districts.";
      else why = "No rating: neither SEDA 2023 nor EDFacts 2020-21 publishes results for this district (or they are suppressed for privacy).";
      notes.push({ code: "rating-none", text: why });
    }

    const givenPhone = d === undefined ? "" : formatPhone(d.row.phone);
    const phone = districtPhone(givenPhone, formatPhone(ccd1819.get(leaid)?.phone ?? ""), sharedPhones);
    if (phone !== givenPhone) phonesDropped.push({ leaid, from: givenPhone, to: phone });
    const districtState = stateOf(leaid) ?? d?.row.st ?? "";
    const office = offices.get(leaid);
    const officeZip = office?.lzip || office?.mzip || "";
    districts.set(leaid, {
      leaid,
      state: districtState,
      // An office in another state (Earl, ND, in Sidney, MT) names no county of the district's state.
      county: officeZip === "" || (office !== undefined && office.lstate !== "" && office.lstate !== districtState) ? "" : county.officeCounty(officeZip, districtState, name),
      name,
      level: levels.get(leaid)!,
      grade_span: gradeSpan,
      phone,
      website,
      schools,
      students: formatCount(studentsN),
      per_pupil: perPupilText,
      rating: rating === undefined ? "" : String(rating),
      directory: d?.year ?? "",
      perPupilNote,
      per_pupil_year: perPupil === null ? "" : perPupilNote === "fy22" ? "2022" : "2021",
      rating_source: rating === undefined ? "" : src ?? "",
      notes,
    });
  }
  for (const w of websiteChoices.values()) {
    if (!used.has(w.leaid)) throw new InputError(websitesLabel, w.line, `district ${w.leaid} is named by no record of this build`);
  }

  const stats: BuildStats = {
    date: opts.date,
    allZctas,
    grfZctas: zipLand.size,
    stateNames: new Map([...new Set(records.map((r) => r.state))].sort().map((st) => [st, stateNames.get(st) ?? ""])),
    records,
    districts,
    overlaps,
    changedVsLand,
    changedHalfPopulation,
    changedVsLargestLand,
    perPupilOutOfRange,
    joins: [
      ...joins.map((j) => ({ grfLeaid: j.grfLeaid, zcta: j.zcta, leaid: j.leaid, reason: j.reason, source: "joins.csv" as const })),
      // Found in the directories: a district the 2023-24 one no longer lists, merged into one it lists as new.
      ...byDirectory.map((d) => ({
        grfLeaid: d.grfLeaid,
        zcta: "",
        leaid: d.leaid,
        source: "directory successor" as const,
        reason: `not in the NCES directory of 2023-24 (that of 2018-19 lists it as ${ccd1819.get(d.grfLeaid)!.name}); the 2023-24 directory lists ${ccd2324.get(d.leaid)!.name}, new since 2018-19, with the same ${d.by.join(", ")} (directory-successors.ts), named ${joinMap.get(`${d.grfLeaid} `)!.name} here (names.ts schoolDistrictName)`,
      })),
      // Found by rule, not listed in joins.csv (its ids are GRF21's): drawn as their K-12 district.
      ...[...k12Replaced].map(([polygon, k12]) => ({
        grfLeaid: polygon,
        zcta: "",
        leaid: k12,
        source: "K-12 successor" as const,
        reason: `2016 elementary polygon of a district GRF21 no longer has, 90 % or more of whose 2020 people lie in the secondary polygon of ${k12}, which CCD lists from ${directory(k12)!.row.gslo} to 12th grade: the K-12 district that replaced it (successors.ts k12Successors)`,
      })),
    ],
    renamedCounties: county.renamed,
    countyNames: county.names,
    ratingStates,
    sedaStates,
    outcomeSource,
    edfactsLeaids: new Set(edfacts.keys()),
    decisions,
    scores,
    chosen: chosenScore.id,
    fallback: {
      split: fallbackCandidates.map((c) => evaluate(c, unplaced, ctx)),
      all: fallbackCandidates.map((c) => evaluate(c, truths, ctx)),
      noPolygon: noPolygon.length,
      noPolygonInGeocorr: noPolygon.filter((z) => gc.has(z)).length,
      noPolygonLand: decisions.filter((d) => !evidence.zctas.has(d.zip) && d.evidence === "land" && d.candidates.elementary.length > 1).length,
    },
    calibration: calibrateSpread(truths, ctx),
    evidenceCounts: evidence.counts,
    successorZctas: spreadToSuccessors.zctas,
    successorLeaders: spreadToSuccessors.leaders,
    carvedZctas: [...spreadToSuccessors.carved.keys()].sort(),
    heirs,
    notDefinedZips,
    notListed,
    sharedByLand,
    k12Polygons: [...k12Polygons].sort(),
    offices,
    levels,
    repairs,
    nameChanges,
    websitesChosen,
    phonesDropped,
    umbrellas,
    noSchoolDistricts,
    newerDistricts: newerCandidates,
    closedDistricts,
    enrollmentFlags,
    enrollmentUnchecked,
    spendingFlags,
    agreement: agree,
    geographicPerState: geographicInState,
    nonGeographicDropped,
    postOffices,
  };

  const zipsCsv = csv(ZIP_COLUMNS, records.map((r) => ({ zip: r.zip, state: r.state, city: r.city, county: r.county, leaid: r.leaid, zcta: r.zcta })));
  const districtsCsv = csv(
    DISTRICT_COLUMNS,
    [...districts.values()].map((d) => Object.fromEntries(DISTRICT_COLUMNS.map((c) => [c, c === "notes" ? (d.notes.length ? JSON.stringify(d.notes) : "") : d[c]]))),
  );
  const overlapsCsv = csv(OVERLAP_COLUMNS, overlaps.map((o) => ({ ...o })));
  // The other files the server reads (the PO-box list, the about page's reports) are listed with
  // their sha256 too: a truncated or emptied one stops start-up (ops audit 33 #2).
  const ratingText = ratingMarkdown(stats, records, districts);
  const sourcesText = sourcesMarkdown();
  const postalText = postalCsv(opts.raw, new Set(records.map((r) => r.zip)), (zip, state) => county.pick(zip, state).name);
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
    // Every state with records; "" where neither CCD directory names it (the pages then show its code).
    state_names: Object.fromEntries(stats.stateNames),
    files: {
      "zips.csv": { sha256: sha256(zipsCsv), rows: records.length },
      "districts.csv": { sha256: sha256(districtsCsv), rows: districts.size },
      "overlaps.csv": { sha256: sha256(overlapsCsv), rows: overlaps.length },
      "postal.csv": { sha256: sha256(postalText), rows: postalText.split("\n").length - 2 },
      "RATING.md": { sha256: sha256(ratingText) },
      "SOURCES.md": { sha256: sha256(sourcesText) },
    },
  };
  const coverage = coverageMarkdown(stats);
  const baseline = opts.baseline === undefined ? null : loadBaseline(opts.baseline, opts.baselineLabel ?? opts.baseline);
  // The log of accepted drops lives beside the baseline (data/baseline-log.csv).
  const log = opts.baseline === undefined ? [] : loadBaselineLog(baselineLogPath(opts.baseline), baselineLogPath(opts.baselineLabel ?? opts.baseline));
  const validation = validate(stats, baseline, log);
  const files = new Map<string, string>([
    ["zips.csv", zipsCsv],
    ["districts.csv", districtsCsv],
    ["overlaps.csv", overlapsCsv],
    ["COVERAGE.md", coverage],
    ["RATING.md", ratingText],
    ["SOURCES.md", sourcesText],
    ["postal.csv", postalText],
    ["VALIDATION.md", validation.markdown],
    ["CONTEXT.md", contextMarkdown(stats)],
    ["manifest.json", JSON.stringify(manifest, null, 2) + "\n"],
  ]);
  return { files, stats, coverage, validation };
}

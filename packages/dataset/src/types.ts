/**
 * Types shared by the build (build.ts) and its reports (docs.ts, context.ts), kept apart
 * so that the reports do not import the build.
 */
import type { DistrictRow } from "@school-districts/core";
import type { CountySource } from "./county.ts";
import type { Basis, Evidence, Level } from "./shares.ts";
import type { CalibrationBin, Score } from "./estimators.ts";
import type { PopulationEvidence } from "./population.ts";
import type { Office } from "./offices.ts";
import type { PostOfficeSelection } from "./postoffice.ts";
import type { NewerDistrictCandidate } from "./newer-districts.ts";

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

/** A note on a district's facts, shown with them (districts.csv `notes`, `/zip/{zip}/districts.json`). */
export interface DistrictNote {
  /** what the note is about; the list is in data/README.md */
  code: "umbrella" | "enrollment-nonresident" | "spending-building-year" | "rating-none" | "closed" | "no-schools" | "not-listed" | "share-by-land" | "newer-than-maps";
  /** one plain sentence for people */
  text: string;
  /** the ZIP codes it is about, where it is about some only (`share-by-land`, `newer-than-maps`) */
  zips?: string[];
}

/** A districts.csv row as written (the loader's DistrictRow, rating still a CSV cell), plus provenance for the reports. */
export interface DistrictOut extends Omit<DistrictRow, "rating"> {
  rating: string;
  directory: "2023-24" | "2018-19" | "";
  perPupilNote: "fy22" | "fy21" | "out-of-range" | "none";
  /** fiscal year of `per_pupil` as published ("" when empty or estimated) */
  per_pupil_year: "2022" | "2021" | "";
  /** source of the rating's outcome ("" when unrated) */
  rating_source: "seda" | "edfacts" | "";
  notes: DistrictNote[];
}

export interface OverlapOut {
  zip: string;
  leaid: string;
  share: string;
  /** "post office": a PO-box ZIP's row, copied from the ZCTA of its post office */
  basis: Basis | "post office";
  /** "elementary", "secondary", both space-separated, or "": the grade levels this district serves most of the ZIP's people at */
  serves_most: string;
  /** the share of the ZIP's people (else land) in its pieces teaching the elementary grades (unified or elementary), 4 decimals */
  share_elementary: string;
  /** the same for the secondary grades (unified or secondary pieces) */
  share_secondary: string;
}

/** How one ZIP was decided (for VALIDATION.md). */
export interface ZipDecision {
  zip: string;
  /** the record's district (elementary grades) and the secondary grades' district ("" if none) */
  leaid: string;
  secondary: string;
  share: number;
  basis: Basis;
  evidence: Evidence;
  geocorr: "used" | "vintage-gap" | "outdated" | "absent";
  /** Geocorr 2010 districts drawn here as elementary or secondary districts, whose people Geocorr counts at their grades */
  relevelled: string[];
  /** per grade level, district -> 2020 people the block-group spread places in its pieces here at those grades (U and E pieces for the elementary grades, U and S for the secondary), rounded */
  people: Record<"elementary" | "secondary", Map<string, number>>;
  /** districts overlapping the ZIP at the elementary grades (U, E) and at the secondary grades (U, S) */
  candidates: { elementary: string[]; secondary: string[] };
  /** where land decided the record's district: the elementary candidate whose polygon holds the ZIP centre, "" if none (measured, not used) */
  centrePick?: string;
}


/** A supervisory union whose facts were derived from its components (umbrella.ts). */
export interface UmbrellaOut {
  leaid: string;
  state: string;
  name: string;
  components: string[];
  /** records whose district it is */
  records: number;
  students: string;
  schools: string;
  gradeSpan: string;
  website: string;
  perPupil: string;
  rating: string;
  /** how the rating came about, or why there is none */
  ratingNote: string;
}

/** A district flagged for enrollment far above what its residents could supply. */
export interface EnrollmentFlag {
  leaid: string;
  state: string;
  name: string;
  students: number;
  residents: number;
  records: number;
}

/** A district whose shown per-pupil year is far above its other year. */
export interface SpendingFlag {
  leaid: string;
  state: string;
  name: string;
  shownYear: "2022" | "2021";
  shown: number;
  other: number;
  records: number;
}

/** A name changed by a rule (repair, casing, newer official name), for the coverage report. */
export interface NameChange {
  kind: "district-newer-name" | "district-completed-name" | "district-case" | "city-case";
  key: string;
  from: string;
  to: string;
}

export interface BuildStats {
  date: string;
  allZctas: string[];
  grfZctas: number;
  /** state code -> name (CCD STATENAME, cased), for every state with records; "" where no directory names it */
  stateNames: Map<string, string>;
  records: ZipRecord[];
  districts: Map<string, DistrictOut>;
  overlaps: OverlapOut[];
  changedVsLand: number;
  changedHalfPopulation: number;
  changedVsLargestLand: number;
  perPupilOutOfRange: { fy22: number; fy21: number; both: number };
  /** every join applied, and where it comes from: joins.csv, or found by a rule (directory-successors.ts, successors.ts k12Successors) */
  joins: { grfLeaid: string; zcta: string; leaid: string; reason: string; source: "joins.csv" | "directory successor" | "K-12 successor" }[];
  renamedCounties: { from: string; to: string[] }[];
  countyNames: Map<string, string>;
  /** geographic districts with an outcome per state and source (the ranked universe of method v1.1) */
  ratingStates: { state: string; seda: number; edfacts: number; sedaRated: boolean; edfactsRated: boolean }[];
  /** states the SEDA 2023 file covers */
  sedaStates: Set<string>;
  /** LEAID -> source of its rating outcome (districts without an outcome are absent) */
  outcomeSource: Map<string, "seda" | "edfacts">;
  /** LEAIDs with a row in the EDFacts files (with or without a usable value) */
  edfactsLeaids: Set<string>;
  /** mis-decoded UTF-8 sequences repaired, per raw file */
  repairs: Map<string, number>;
  nameChanges: NameChange[];
  /** districts whose website is the 2018-19 directory's (data/websites.csv): the 2023-24 one, the one used, why */
  websitesChosen: { leaid: string; from: string; to: string; reason: string }[];
  /** Districts whose 2023-24 phone is a toll-free line shared by districts with other offices (shared-phones.ts): the 2018-19 phone used, or none. */
  phonesDropped: { leaid: string; from: string; to: string }[];
  umbrellas: UmbrellaOut[];
  /** districts with no schools in their directory row that are no supervisory union (counted, facts as published) */
  noSchoolDistricts: { leaid: string; name: string; state: string; records: number; reason: string }[];
  /** districts of the 2023-24 directory that no map has (newer-districts.ts): the kept ones carry the newer-than-maps note */
  newerDistricts: NewerDistrictCandidate[];
  /** districts their latest CCD directory lists as closed or inactive, which the boundaries still draw */
  closedDistricts: { leaid: string; name: string; state: string; status: "closed" | "inactive"; effective: string; directory: "2023-24" | "2018-19"; records: number; overlaps: number }[];
  enrollmentFlags: EnrollmentFlag[];
  /** districts of the records whose enrollment could not be checked (no 2010 population: not a unified district of Geocorr 2014) */
  enrollmentUnchecked: number;
  spendingFlags: SpendingFlag[];
  /** SEDA/EDFacts agreement on geographic districts that have both outcomes */
  agreement: { both: number; same: number; within1: number; apart3: number };
  /** geographic districts (boundary file, after joins) per state */
  geographicPerState: Map<string, number>;
  /** geographic districts left out of the ranking universe vs v1: charter and other non-geographic LEAs */
  nonGeographicDropped: number;
  /** share method v2: one decision per record, in ZIP order */
  decisions: ZipDecision[];
  /** the estimator table on the held-out Geocorr truth, and the chosen candidate's id */
  scores: Score[];
  chosen: string;
  /**
   * Where the chosen estimator places no one: the candidates for that case scored on the held-out
   * truth ZCTAs split over 2+ districts where it places no one (`split`), and on every truth ZCTA
   * (`all`); the ZCTAs without a 2010 polygon (of them, those Geocorr 2010 has)
   */
  fallback: { split: Score[]; all: Score[]; noPolygon: number; noPolygonInGeocorr: number; noPolygonLand: number };
  /** the raw 2020 spread's ratio bins on the held-out truth (how often a district with that ratio is truly the largest) */
  calibration: CalibrationBin[];
  evidenceCounts: PopulationEvidence["counts"];
  /** ZCTAs where the 2020 people of a 2016 polygon of a district gone since went to its successor (successors.ts) */
  successorZctas: string[];
  /** 2016 polygon LEAID -> ZCTA -> the district its part there is drawn as: the successor with the most land (successors.ts peopleToSuccessors `leaders`) */
  successorLeaders: Map<string, Map<string, string>>;
  /** ZCTAs where a district new since 2016 carved out of one still there takes part of that one's polygon people and Geocorr share (successors.ts `carved`) */
  carvedZctas: string[];
  /** 2016 polygon LEAID -> the district of today that absorbed it (successors.ts vanishedHeirs), sorted by polygon */
  heirs: Map<string, string>;
  /** ZIPs part of whose 2020 people the 2016 boundaries place in "School District Not Defined" (left uncovered by the 2020 estimate) */
  notDefinedZips: string[];
  /** districts newer than the 2016 boundaries whose share of some ZIP is estimated by land (the share-by-land note) */
  sharedByLand: string[];
  /** districts whose facts come from the 2018-19 directory only and no rule joined to a successor (their "not-listed" note) */
  notListed: string[];
  /** The elementary polygons (2016) of districts replaced since by a K-12 district, which count as unified (successors.ts peopleOffHighSchools). */
  k12Polygons: string[];
  /** CCD office ZIP, type and state of every directory LEAID (2023-24, else 2018-19) */
  offices: Map<string, Office>;
  /** district levels (share method v2: the boundary file's level, else rule 5a) */
  levels: Map<string, Level>;
  /** the PO-box / delivery ZIPs of the UDS Mapper crosswalk: added and left out */
  postOffices: PostOfficeSelection;
}

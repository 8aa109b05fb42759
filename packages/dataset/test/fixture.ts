/**
 * A small synthetic raw folder in the formats of ../shared/data/raw (written for the
 * tests; not copied from the raw files). `writeFixture()` returns its path and the
 * path of a joins.csv; `edit` hooks let a test break one file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { FILES, HEADERS } from "../src/sources.ts";

type Row = Record<string, string | number>;
const q = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
function table(header: readonly string[], rows: Row[], eol = "\n"): string {
  return [header.map(q).join(","), ...rows.map((r) => header.map((h) => q(r[h] ?? "")).join(","))].join(eol) + eol;
}

/** CCD's STATENAME per state; Alaska's is left out, as a directory without one. */
const STATE_NAMES: Record<string, string> = { CA: "CALIFORNIA", GU: "GUAM", LA: "LOUISIANA", VI: "U.S. VIRGIN ISLANDS" };

function ccdRow(leaid: string, st: string, fipst: string, name: string, gslo: string, gshi: string, schools: number, phone: string, website: string, year: string, leaType = 1, union = ""): Row {
  return { SCHOOL_YEAR: year, FIPST: fipst, ST: st, STATENAME: STATE_NAMES[st] ?? "", LEA_NAME: name, LEAID: leaid, PHONE: phone, WEBSITE: website, GSLO: gslo, GSHI: gshi, OPERATIONAL_SCHOOLS: schools, LEA_TYPE: leaType, UNION: union, SY_STATUS: 1, SY_STATUS_TEXT: "Open" };
}

export interface Fixture {
  raw: string;
  joins: string;
  dir: string;
}

export type Contents = Record<keyof typeof FILES | "joins", string>;

/** The fixture's files as text (before gzip). */
function fixtureContents(): Contents {
  const grf = table(HEADERS.grf, [
    { LEAID: "0600001", NAME_LEA21: "Alpha Unified School District", ZCTA5CE20: "00000", COUNT: 3, LANDAREA: 0.5, WATERAREA: 0 },
    { LEAID: "0600001", NAME_LEA21: "Alpha Unified School District", ZCTA5CE20: "90001", COUNT: 3, LANDAREA: 4, WATERAREA: 0 },
    { LEAID: "0600001", NAME_LEA21: "Alpha Unified School District", ZCTA5CE20: "90002", COUNT: 3, LANDAREA: 1, WATERAREA: 0 },
    { LEAID: "0600002", NAME_LEA21: "Beta Elementary School District", ZCTA5CE20: "90002", COUNT: 1, LANDAREA: 3, WATERAREA: 0 },
    { LEAID: "0600003", NAME_LEA21: "Gamma Union High School District", ZCTA5CE20: "90002", COUNT: 1, LANDAREA: 5, WATERAREA: 0 },
    { LEAID: "0600004", NAME_LEA21: "Delta CaÃ±ada Unified School District", ZCTA5CE20: "90001", COUNT: 1, LANDAREA: 6, WATERAREA: 0 },
    { LEAID: "0600005", NAME_LEA21: "Epsilon Joint Union High School District", ZCTA5CE20: "90003", COUNT: 1, LANDAREA: 2, WATERAREA: 0 },
    { LEAID: "0600006", NAME_LEA21: "Zeta Elementary School District Of The Towns", ZCTA5CE20: "90003", COUNT: 1, LANDAREA: 1, WATERAREA: 0 },
    { LEAID: "2200001", NAME_LEA21: "Orleans Parish School District", ZCTA5CE20: "70112", COUNT: 1, LANDAREA: 2, WATERAREA: 1 },
    { LEAID: "6600040", NAME_LEA21: "Guam Department of Education", ZCTA5CE20: "96910", COUNT: 1, LANDAREA: 10, WATERAREA: 0 },
    { LEAID: "7800030", NAME_LEA21: "Virgin Islands Department of Education", ZCTA5CE20: "00802", COUNT: 2, LANDAREA: 30, WATERAREA: 0 },
    { LEAID: "7800030", NAME_LEA21: "Virgin Islands Department of Education", ZCTA5CE20: "00820", COUNT: 2, LANDAREA: 43, WATERAREA: 0 },
    { LEAID: "0200001", NAME_LEA21: "Lower Yukon School District", ZCTA5CE20: "99581", COUNT: 2, LANDAREA: 1, WATERAREA: 0 },
    { LEAID: "0200001", NAME_LEA21: "Lower Yukon School District", ZCTA5CE20: "99585", COUNT: 2, LANDAREA: 1, WATERAREA: 0 },
  ], "\r\n");
  const ccd2324 = table(HEADERS.ccd, [
    ccdRow("0600001", "CA", "06", "Alpha Unified", "KG", "12", 12, "(310)551-5100", "www.alpha.k12.ca.us", "2023-2024"),
    ccdRow("0600002", "CA", "06", "Beta Elementary", "KG", "08", 3, "310-555-0102", "", "2023-2024"),
    ccdRow("0600003", "CA", "06", "Gamma Union High", "09", "12", 2, "3105550103", "https://gamma.org", "2023-2024"),
    ccdRow("0600004", "CA", "06", "Delta Unified", "PK", "12", 1234, "(310) 555-0104", "delta.org", "2023-2024"),
    // Epsilon has no usable grades: level by its name ("union high" -> S)
    ccdRow("0600005", "CA", "06", "Epsilon Joint Union High", "N", "N", 0, "310-555-0105", "605 Main Street", "2023-2024"),
    // Zeta is a supervisory union (LEA_TYPE 3): its own row counts none of its members' schools
    ccdRow("0600006", "CA", "06", "Zeta", "M", "M", 0, "310-555-0106", "", "2023-2024", 3, "005"),
    // Zeta's two member districts (LEA_TYPE 2, same UNION code) and a district of another union
    ccdRow("0600007", "CA", "06", "Zeta Town A", "KG", "06", 2, "310-555-0107", "www.zeta.org", "2023-2024", 2, "005"),
    ccdRow("0600008", "CA", "06", "Zeta Town B", "07", "12", 1, "310-555-0108", "www.zeta.org", "2023-2024", 2, "005"),
    ccdRow("0600009", "CA", "06", "Eta Town", "KG", "08", 4, "310-555-0109", "", "2023-2024", 2, "006"),
    ccdRow("2200001", "LA", "22", "Orleans Parish", "PK", "12", 80, "504-555-0100", "http://nops.k12.la.us", "2023-2024"),
    ccdRow("6600002", "GU", "66", "Guam Department of Education", "PK", "12", 41, "(671)300-1547", "www.gdoe.net", "2023-2024"),
    ccdRow("7800002", "VI", "78", "Saint Croix School District", "PK", "12", 11, "(340)773-1747", "www.vide.vi", "2023-2024"),
    ccdRow("7800030", "VI", "78", "Saint Thomas - Saint John School District", "PK", "12", 10, "(340)775-2250", "www.vide.vi", "2023-2024"),
  ]);
  const ccd1819 = table(HEADERS.ccd, [
    ccdRow("0600001", "CA", "06", "Alpha Unified", "KG", "12", 11, "(310)000-0000", "old.example.org", "2018-2019"),
    ccdRow("0200001", "AK", "02", "Lower Yukon", "PK", "12", 10, "907-555-0100", "www.lysd.org", "2018-2019"),
  ], "\r\n");
  const enrollment = table(HEADERS.enrollment, [
    { district_id: "600001", district_name: "Alpha Unified", state: "CA", enrollment: "12345.0", instructional_staff: "500", year: "2023-24", data_source: "nces_ccd" },
    { district_id: "600002", district_name: "Beta", state: "CA", enrollment: "0.0", instructional_staff: "", year: "2023-24", data_source: "nces_ccd" },
    { district_id: "2200001", district_name: "Orleans", state: "LA", enrollment: "45000.0", instructional_staff: "", year: "2023-24", data_source: "nces_ccd" },
    { district_id: "600004", district_name: "Delta", state: "CA", enrollment: "30.0", instructional_staff: "", year: "2023-24", data_source: "nces_ccd" },
    { district_id: "600007", district_name: "Zeta Town A", state: "CA", enrollment: "300.0", instructional_staff: "", year: "2023-24", data_source: "nces_ccd" },
    { district_id: "600008", district_name: "Zeta Town B", state: "CA", enrollment: "200.0", instructional_staff: "", year: "2023-24", data_source: "nces_ccd" },
    { district_id: "600009", district_name: "Eta Town", state: "CA", enrollment: "900.0", instructional_staff: "", year: "2023-24", data_source: "nces_ccd" },
  ]);
  const zipcodes = table(HEADERS.zipcodes, [
    { zip: "90002", city: "LOS ANGELES", state: "CA", latitude: 33.9, longitude: -118.2, country: "US" },
    { zip: "96910", city: "Hagatna", state: "GU", latitude: 13.47, longitude: 144.74, country: "US" },
    { zip: "00802", city: "St Thomas", state: "VI", latitude: 18.35, longitude: -64.93, country: "US" },
    { zip: "00820", city: "Christiansted", state: "VI", latitude: 17.74, longitude: -64.7, country: "US" },
    { zip: "70112", city: "NEW ORLEANS", state: "LA", latitude: 29.9, longitude: -90, country: "US" },
    { zip: "90009", city: "LOS ANGELES", state: "CA", latitude: 33.9, longitude: -118.2, country: "US" },
    { zip: "09001", city: "Apo", state: "AE", latitude: 38.1105, longitude: 15.6613, country: "US" },
  ]);
  const g = (zip: string, city: string, stName: string, st: string, county: string, code: string) =>
    ["US", zip, city, stName, st, county, code, "", "", "34.0", "-118.0", "4"].join("\t");
  const geonames =
    [
      g("90001", "Los Angeles", "California", "CA", "Los Angeles", "037"),
      g("90003", "Los Angeles", "California", "CA", "Los Angeles", "037"),
      g("70112", "New Orleans", "Louisiana", "LA", "Orleans", "071"),
      g("99581", "Emmonak", "Alaska", "AK", "Kusilvak", "158"),
      g("99585", "Mcgrath", "Alaska", "AK", "Kusilvak", "158"),
      ["US", "90001", "FPO AA", "", "", "", "", "", "", "38.1", "15.6", ""].join("\t"),
      ["US", "09001", "APO AA", "", "", "", "", "", "", "38.1", "15.6", ""].join("\t"),
    ].join("\n") + "\n";
  const zctaCounties = table(HEADERS.zctaCounties, [
    { zip: "90001", state: "CA", county: "Los Angeles County" },
    { zip: "92801", state: "CA", county: "Orange County" },
    { zip: "70112", state: "LA", county: "Orleans Parish" },
    { zip: "99581", state: "AK", county: "Wade Hampton Census Area" },
    { zip: "99585", state: "AK", county: "Wade Hampton Census Area" },
  ]);
  const usZips = table(HEADERS.usZips, ["00802", "00820", "55111", "70112", "90001", "90002", "90003", "96910", "99581", "99585"].map((zip) => ({ zip, latitude: 0, longitude: 0 })));
  const nrviens = table(HEADERS.nrviens, [
    { zip: "90001", fips: "06037", county: "Los Angeles", state: "CA" },
    { zip: "90002", fips: "06059", county: "Orange", state: "CA" },
    { zip: "70112", fips: "22071", county: "Orleans", state: "LA" },
    { zip: "99581", fips: "02270", county: "Wade Hampton", state: "AK" },
    { zip: "96910", fips: "60010", county: "Unknown", state: "AS" },
    { zip: "00802", fips: "78030", county: "St. Thomas", state: "VI" },
  ], "\r\n");
  const hud = table(HEADERS.hud, [
    { ZIP: "00802", fips: "78030", RES_RATIO: 1, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "008" },
    { ZIP: "70112", fips: "22071", RES_RATIO: 1, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "701" },
    { ZIP: "90001", fips: "06037", RES_RATIO: 1, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "900" },
    // RES tie: TOT decides
    { ZIP: "90002", fips: "06037", RES_RATIO: 0.5, BUS_RATIO: 0, OTH_RATIO: 0, TOT_RATIO: 0.4, ThreeDigitZIPCode: "900" },
    { ZIP: "90002", fips: "06059", RES_RATIO: 0.5, BUS_RATIO: 1, OTH_RATIO: 0, TOT_RATIO: 0.6, ThreeDigitZIPCode: "900" },
    { ZIP: "90003", fips: "06037", RES_RATIO: 1, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "900" },
    // Guam ZIP filed under an American Samoa code (quirk): ignored
    { ZIP: "96910", fips: "60010", RES_RATIO: 1, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "969" },
    { ZIP: "99581", fips: "02270", RES_RATIO: 0, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "995" },
    { ZIP: "99585", fips: "02270", RES_RATIO: 1, BUS_RATIO: 1, OTH_RATIO: 1, TOT_RATIO: 1, ThreeDigitZIPCode: "995" },
  ]);
  const gc = (zcta: string, state: string, sd: string, afact: number) => ({ zcta5: zcta, state, sduni14: sd, stab: "CA", zipname: "X, CA", uschlnm14: sd === "" ? state : "D", intptlon: 0, intptlat: 0, pop10: 100, afact, AFACT2: 0.1 });
  const geocorr = table(HEADERS.geocorr, [
    gc("90001", "06", "00001", 0.7),
    gc("90001", "06", "00004", 0.3),
    gc("90002", "06", "00001", 0.4),
    gc("90002", "06", "", 0.5),
    gc("90002", "06", "99999", 0.1),
  ]).replace(/^(.*)$/gm, (line) => line); // values written unquoted except where needed
  const fin = (h: readonly string[], col: string, vals: Record<string, number | string>) =>
    table(h, Object.entries(vals).map(([id, v]) => ({ district_id: id, district: "D", [col]: v })));
  const finance22 = fin(HEADERS.finance22, "expend_per_pupil_22", { "0600001": 15000.4, "0600002": 150000, "0600003": 1500, "2200001": "", "0600004": 30000, "0600007": 10000, "0600008": 16000 });
  const finance21 = fin(HEADERS.finance21, "expend_per_pupil_21", { "0600001": 14000, "0600002": 12000, "0600003": 1800, "2200001": 20000, "0600004": 12000 });
  const seda = table(
    HEADERS.seda,
    Array.from({ length: 10 }, (_, i): Row => ({
      "": i + 1,
      sedaadmin: 600001 + i,
      sedaadminname: `D${i}`,
      stateabb: "CA",
      subgroup: "all",
      gys_mn_2019_ol_mth: i === 9 ? "NA" : (i / 10).toFixed(2),
      gys_mn_2019_ol_rla: (i / 10).toFixed(2),
      gys_mn_2022_ol_mth: "NA",
      gys_mn_2022_ol_rla: "NA",
      gys_mn_2023_ol_mth: "NA",
      gys_mn_2023_ol_rla: "NA",
    })).concat([{ "": 11, sedaadmin: 600001, sedaadminname: "D0", stateabb: "CA", subgroup: "hsp", gys_mn_2019_ol_mth: 1, gys_mn_2019_ol_rla: 1, gys_mn_2022_ol_mth: "NA", gys_mn_2022_ol_rla: "NA", gys_mn_2023_ol_mth: "NA", gys_mn_2023_ol_rla: "NA" }]),
  );
  const grad = table(HEADERS.grad, [
    { district_id: "2200001", grad_rate_21: "90-94%" },
    { district_id: "Not Applicable" },
  ]);
  const performance = table(HEADERS.performance, [{ district_id: "2200001", grad_rate_21: "90-94%", math_21: ">=50%", read_21: "S" }]);
  const joins = table(HEADERS.joins, [
    { grf_leaid: "6600040", zcta: "", leaid: "6600002", name: "", reason: "Guam: GRF21 6600040 is CCD 6600002" },
    { grf_leaid: "7800030", zcta: "00802", leaid: "7800030", name: "Saint Thomas - Saint John School District", reason: "VI split: St. Thomas" },
    { grf_leaid: "7800030", zcta: "00820", leaid: "7800002", name: "Saint Croix School District", reason: "VI split: St. Croix" },
  ]);
  const u = (zip: string, name: string, st: string, type: string, zcta: string, join: string) => ({ ZIP_CODE: zip, PO_NAME: name, STATE: st, ZIP_TYPE: type, ZCTA: zcta, zip_join_type: join });
  const PO = "Post Office or large volume customer";
  const uds = "\uFEFF" + table(HEADERS.uds, [
    { ZIP_CODE: "70112", PO_NAME: "NEW ORLEANS", STATE: "LA", ZIP_TYPE: "Zip Code Area", ZCTA: "70112", zip_join_type: "Zip matches ZCTA" },
    { ZIP_CODE: "99585", PO_NAME: "McGrath", STATE: "AK", ZIP_TYPE: "Zip Code Area", ZCTA: "99585", zip_join_type: "Zip matches ZCTA" },
    u("90001", "Los Angeles", "CA", "Zip Code Area", "90001", "Zip matches ZCTA"),
    // a PO-box ZIP in a current list, placed in 90002: gets 90002's districts
    u("90009", "Los Angeles", "CA", PO, "90002", "Spatial join to ZCTA"),
    // a spatial join that is a ZCTA itself keeps its own record
    u("90003", "Los Angeles", "CA", PO, "90001", "Spatial join to ZCTA"),
    // in no current ZIP list: retired, no record
    u("90008", "Los Angeles", "CA", PO, "90001", "Spatial join to ZCTA"),
    // its ZCTA has no record
    u("90007", "Los Angeles", "CA", PO, "90099", "Spatial join to ZCTA"),
    u("96940", "Koror", "PW", PO, "No ZCTA", "territory zip, no ZCTA available"),
    u("96799", "Pago Pago", "AS", "Zip Code Area", "", "territory zip, no ZCTA available"),
  ]);
  return { uds, grf, ccd2324, ccd1819, enrollment, zipcodes, geonames, zctaCounties, usZips, nrviens, seda, hud, finance21, finance22, grad, performance, geocorr, joins };
}

/** Writes the fixture (optionally edited) to a new temp folder. */
export function writeFixture(edit: (c: Contents) => Partial<Contents> | void = () => {}): Fixture {
  const c = fixtureContents();
  const changes = edit(c) ?? {};
  const all = { ...c, ...changes } as Record<string, string | undefined>;
  const dir = mkdtempSync(join(tmpdir(), "dataset-fixture-"));
  const raw = join(dir, "raw");
  for (const [k, rel] of Object.entries(FILES)) {
    const text = all[k];
    if (text === undefined) continue; // deleted by the test
    const path = join(raw, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, rel.endsWith(".gz") ? gzipSync(Buffer.from(text, "utf8")) : text);
  }
  const joins = join(dir, "joins.csv");
  if (all.joins !== undefined) writeFileSync(joins, all.joins);
  return { raw, joins, dir };
}

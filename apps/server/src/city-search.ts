/**
 * A town typed into the ZIP box ("Boston", "Boston, MA"): the ZIP codes of the cities of that
 * name, with the district each one's record names, so the search box's 400 page can offer them
 * instead of a dead end ("is not a ZIP code"). Names compare without case, dots, apostrophes
 * or hyphens ("St. Louis" and "st louis").
 */

/** One city of the name typed: its ZIP codes with a record, and the district each names. */
export interface CityMatch {
  city: string;
  state: string;
  zips: { zip: string; district: string }[];
}

/** How many cities of one name a page lists (Springfield is in 24 states): the search finds them all. */
export const MAX_CITY_MATCHES = 8;

/** Abbreviations people type for the words city names spell out ("St. Louis" for Saint Louis). */
const SPELLED_OUT: Record<string, string> = { st: "saint", ste: "sainte", ft: "fort", mt: "mount", pt: "point" };

/** No town name comes near this long: longer text is not searched (it would only cost time). */
export const MAX_TOWN_LENGTH = 64;

/**
 * The key a city name compares by: no case, accents, dots, apostrophes, hyphens or spaces
 * (the records write USPS forms such as "O Fallon" and "Mc Indoe Falls"), and the usual
 * abbreviations spelled out.
 *
 * @example
 * cityKey("St. Mary's-of the Woods") // "saintmarysofthewoods"
 * cityKey("O'Fallon") === cityKey("O Fallon") // true
 */
export function cityKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[.'’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .map((word) => SPELLED_OUT[word] ?? word)
    .join("");
}

/**
 * An index of the records' cities (entries of /index.json: zip, city, state, district) that
 * finds the cities a typed text names, with or without its state's code or name after it; the
 * cities with the most ZIP codes first.
 *
 * @example
 * const search = citySearchIndex([{ zip: "02108", city: "Boston", state: "MA", district: "Boston School District" }], new Set(["MA"]));
 * search("boston, ma") // [{ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston School District" }] }]
 */
export function citySearchIndex(
  entries: Iterable<{ zip: string; city: string; state: string; district: string }>,
  states: ReadonlySet<string>,
  stateNames: Readonly<Record<string, string>> = {},
): (typed: string) => CityMatch[] {
  // "Fort Wayne, Indiana": a state's name at the end, longest first ("West Virginia" before "Virginia").
  const names = Object.entries(stateNames)
    .filter(([code, name]) => states.has(code) && name !== "")
    .map(([code, name]) => [code, name.toLowerCase()] as const)
    .sort((a, b) => b[1].length - a[1].length);
  const byName = new Map<string, CityMatch[]>();
  for (const { zip, city, state, district } of entries) {
    if (city === "") continue;
    const key = cityKey(city);
    const list = byName.get(key) ?? byName.set(key, []).get(key)!;
    let match = list.find((m) => m.state === state);
    if (match === undefined) list.push((match = { city, state, zips: [] }));
    match.zips.push({ zip, district });
  }
  return (typed) => {
    const text = typed.trim();
    if (text.length > MAX_TOWN_LENGTH) return [];
    // "Boston, MA", "Boston MA": a known state's code at the end (after a space or comma) narrows
    // the search to it. Read from the end, without a backtracking pattern.
    const code = text.slice(-2).toUpperCase();
    const lower = text.toLowerCase();
    const named = names.find(([, name]) => lower.endsWith(name) && /[\s,]/.test(lower.at(-name.length - 1) ?? ""));
    const [state, town] =
      /^[A-Z]{2}$/.test(code) && /[\s,]/.test(text.at(-3) ?? "") && states.has(code)
        ? [code, text.slice(0, -2)]
        : named !== undefined
          ? [named[0], text.slice(0, -named[1].length)]
          : [undefined, text];
    const found = state !== undefined ? (byName.get(cityKey(town)) ?? []).filter((m) => m.state === state) : [];
    const all = found.length > 0 ? found : (byName.get(cityKey(text)) ?? []);
    return [...all].sort((a, b) => b.zips.length - a.zips.length || (a.state < b.state ? -1 : 1));
  };
}

/**
 * Whether a text looks like a Canadian postal code ("K1A 0B1"), which people type into a ZIP box too.
 *
 * @example
 * isCanadianPostcode("k1a0b1") // true
 */
export function isCanadianPostcode(typed: string): boolean {
  return /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$/i.test(typed.trim());
}

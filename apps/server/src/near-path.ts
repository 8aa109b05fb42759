/**
 * The address a person most likely meant when the one they typed or pasted
 * has nothing: a trailing slash (`/zip/90210/`), capital letters (`/ZIP/90210`,
 * `/state/ca`), a ZIP+4 (`/zip/90210-1234`) or a bare ZIP (`/90210`). The
 * answer stays a 404 or 400 (decisions.md 14: an unknown path is a 404); the
 * error names the address instead of leaving the person to guess.
 */

/**
 * The first existing path among the usual near-misses of `path`, or undefined.
 * `exists` says whether the service answers a path with 200.
 *
 * @example
 * nearPath("/zip/90210/", (p) => p === "/zip/90210")     // "/zip/90210"
 * nearPath("/90210-1234", (p) => p === "/zip/90210")     // "/zip/90210"
 * nearPath("/nope", () => true)                          // undefined (no rule applies)
 */
export function nearPath(path: string, exists: (path: string) => boolean): string | undefined {
  const trimmed = path.replace(/\/index\.html?$/i, "").replace(/\/+$/, "") || "/";
  // Lowercase everything but a state code, which is uppercase in every path.
  const lowered = trimmed.toLowerCase().replace(/^\/state\/([a-z]{2})(?=$|[./])/, (_, state: string) => `/state/${state.toUpperCase()}`);
  const candidates = [
    trimmed,
    lowered,
    lowered.replace(/^\/zip\/([0-9]{5})-?[0-9]{4}(?=$|[./])/, "/zip/$1"),
    lowered.replace(/^\/([0-9]{5})(?:-?[0-9]{4})?$/, "/zip/$1"),
  ];
  return candidates.find((candidate) => candidate !== path && exists(candidate));
}

/**
 * The 5-digit ZIP a typed text most likely means when it is not one: the letter O typed for
 * a zero, l or I for a one, spaces, dots, dashes or slashes inside ("9OO11", "902 10",
 * "10025–1234"); a ZIP code that lost its leading zero in a spreadsheet ("2108"); the one ZIP
 * code of a pasted address line or label ("Brooklyn, NY 11211", "ZIP 10025"). Undefined when
 * none of these gives one (two 5-digit numbers in an address: which is the ZIP is not guessed).
 *
 * @example
 * typedZip("9OO11")               // "90011"
 * typedZip("902 10")              // "90210"
 * typedZip("2108")                // "02108"
 * typedZip("Brooklyn, NY 11211")  // "11211"
 * typedZip("hello")               // undefined
 */
export function typedZip(typed: string): string | undefined {
  const digits = typed.replace(/[oO]/g, "0").replace(/[lI]/g, "1").replace(/[\s.\-–—/]/g, "");
  if (/^[0-9]{5}(?:[0-9]{4})?$/.test(digits)) return digits.slice(0, 5);
  if (/^[0-9]{4}$/.test(digits)) return `0${digits}`;
  // Not digits of a decimal number ("45.78330" is a latitude); the same ZIP pasted twice is one.
  const zips = new Set([...typed.matchAll(/(?<![0-9]|[0-9][.,])([0-9]{5})(?:\s*[-–—/]\s*[0-9]{4})?(?![0-9]|[.,][0-9])/g)].map((m) => m[1]!));
  return zips.size === 1 ? [...zips][0] : undefined;
}

/**
 * The 7-digit district id (NCES LEAID) a link damaged in copying most likely meant, or undefined:
 * a leading zero lost in a spreadsheet or the CCD enrollment file ("622710"), or punctuation a
 * text message or a sentence adds after it ("1714460.", "1714460)") (pages audit 39 #6). The
 * caller checks that a district has it.
 *
 * @example
 * typedLeaid("622710")   // "0622710"
 * typedLeaid("1714460.") // "1714460"
 * typedLeaid("1714460)") // "1714460"
 * typedLeaid("17144")    // undefined
 */
export function typedLeaid(typed: string): string | undefined {
  // Closing marks and sentence ends only: a digit changed or dropped inside is not guessed.
  const digits = typed.replace(/[.,;:!?)\]}'"’”»>]+$/u, "");
  if (/^[0-9]{7}$/.test(digits)) return digits === typed ? undefined : digits;
  return /^[0-9]{6}$/.test(digits) ? `0${digits}` : undefined;
}

/** The country an address copied from a map ends with ("USA", "U.S.", "United States of America"), as a pattern source. */
export const COUNTRY = String.raw`(?:U\.?S\.?A?\.?|United States(?: of America)?)`;

/** A ZIP code (and its +4, with or without the dash) ending an address, maybe before the country; not after a box or unit word, nor after digits. */
const ADDRESS_ZIP = new RegExp(
  String.raw`(?<![0-9]|[0-9][.,]|\b(?:box|pob|p\.o\.b|apt|apartment|unit|suite|ste|no|number)\.?\s*|#\s*)([0-9]{5})(?:(?:\s*[-–—]\s*)?[0-9]{4})?[\s.,;]*(?:${COUNTRY}[\s.]*)?$`,
  "i",
);

/**
 * The ZIP code that ends a pasted address or label, which the search box takes as typed (a
 * US address ends with its ZIP code, maybe a ZIP+4 and the country): "Beverly Hills, CA
 * 90210", "1600 Pennsylvania Ave NW, Washington, DC 20500-0003, USA", "ZIP: 90210",
 * "90210." (a full stop autocorrect added). Not a number ending a decimal ("45.78330"), nor
 * a ZIP code followed by more words, which may be a house number ("12345 Main St"), nor a box
 * or unit number ("PO Box 12345", "Apt 10025", "#10025").
 * Full-width digits (East Asian keyboards) count as digits.
 *
 * @example
 * addressZip("Brooklyn, NY 11211")                    // "11211"
 * addressZip("12345 Main St, Springfield, IL 62704") // "62704"
 * addressZip("90210–1234")                            // "90210"
 * addressZip("Seattle WA 981011234")                  // "98101" (its +4 without the dash)
 * addressZip("12345 Main St")                         // undefined
 */
export function addressZip(typed: string): string | undefined {
  const text = typed.normalize("NFKC");
  // Not a box or unit number that ends the line ("PO Box 12345", "Apt 10025"); before the ZIP
  // code nothing, or words (a town, a state): "9021 01234" is a broken ZIP+4, not an address.
  const m = ADDRESS_ZIP.exec(text);
  if (m === null) return undefined;
  const before = text.slice(0, m.index);
  return before.trim() === "" || /\p{L}/u.test(before) ? m[1] : undefined;
}

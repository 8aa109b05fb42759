/**
 * A phone number typed after a town in the search box ("Ellicott City 410-555-1234", "Boston MA (617) 555-1234"):
 * people paste a contact line, or type the number they were given with the town. It is no ZIP code and no
 * district's number, so the box answers the words before it (review-late-43 L1, L2: a number after the town opened
 * another state's district, or was "Nothing found"). Nine digits run together are none: they are a ZIP+4 without its
 * dash, read in search-box.ts ("Boston MA 617555123").
 */

/**
 * A US phone number ending a text: an area code (in brackets or not) and 7 digits, spaced by a dash, a dot or a
 * space, maybe after +1 or 1 (10 digits), or 9 digits spaced so (a number a digit short, as typed in a hurry), or a local
 * number of 7 digits with its dash or dot ("555-1234"); a full stop, comma, "!" or "?" after it. An area code never
 * starts with 0 or 1, so nine digits starting so (a ZIP+4 of 02108 or 10001) and a ZIP+4 spaced as one (5 and 4
 * digits) are none, and beforePhoneNumber turns down nine digits with no space, dot or dash between. An extension
 * may follow ("x123", "ext. 12"), a label precede it ("tel", "phone:").
 */
const PHONE_AT_END = /(?<![\p{N}\p{L}+-])(?:(?:\+\s?1|1)[\s.-]?)?(?:(?:\(\s*[2-9][0-9]{2}\s*\)|[2-9][0-9]{2})[\s.-]?[0-9]{3}[\s.-]?[0-9]{3,4}|[2-9][0-9]{2}[.-][0-9]{4})(?:[\s,]*(?:x|ext\.?|extension)\s*[0-9]{1,6})?[\s.,;!?]*$/iu;

/** A phone number's label before it ("tel", "Tel.:", "phone:", "ph", "cell", "call"), with the comma, colon or space around it. */
const PHONE_LABEL_AT_END = /[\s,;:]+(?:tel(?:ephone)?|phone|ph|cell|mobile|call)\.?[\s:]*$/i;

/**
 * A Canadian province or territory after a town ("Vancouver BC", "London, Ontario"): Canada shares the +1 plan, so such a
 * number is no sign the words before it are a US town (review-loc-44 L3: "Vancouver BC 604-555-1234" was Vancouver, WA).
 * Its code in capitals, or its name in any case, after other words.
 */
const CANADIAN_PROVINCE_AT_END = /\S[\s,]+(?:BC|AB|SK|MB|ON|QC|NB|NS|PE|NL|YT|NT|NU)\.?(?:,?\s*Canada)?$/u;
const CANADIAN_PROVINCE_NAME_AT_END = /\S[\s,]+(?:british\s+columbia|alberta|saskatchewan|manitoba|ontario|quebec|québec|new\s+brunswick|nova\s+scotia|prince\s+edward\s+island|newfoundland(?:\s+and\s+labrador)?|yukon|northwest\s+territories|nunavut)(?:,?\s*canada)?$/iu;

/**
 * The text typed before a phone number that ends it, without the comma or space between; undefined where no phone
 * number ends it, or no letters come before one (digits alone are a ZIP code mistyped: "4105551234" keeps its page).
 *
 * @example
 * beforePhoneNumber("Ellicott City (410) 555-1234") // "Ellicott City"
 * beforePhoneNumber("Boston, MA 617-555-123")       // "Boston, MA"
 * beforePhoneNumber("Boston, MA 617555123")         // undefined (nine digits together are a ZIP+4's shape)
 * beforePhoneNumber("Boston, MA 02108")             // undefined (a ZIP code)
 * beforePhoneNumber("Boston MA tel: 617-555-1234 x12") // "Boston MA"
 * beforePhoneNumber("410-555-1234")                 // undefined (no town)
 * beforePhoneNumber("Vancouver BC 604-555-1234")    // undefined (a Canadian province)
 */
export function beforePhoneNumber(text: string): string | undefined {
  const before = withoutPhoneNumber(text);
  if (before === undefined || CANADIAN_PROVINCE_AT_END.test(before) || CANADIAN_PROVINCE_NAME_AT_END.test(before)) return undefined;
  return before;
}

/**
 * The text typed before a phone number that ends it, as beforePhoneNumber reads it but after a Canadian province too: the
 * words the number is no part of, so that its last 4 digits are not read as a ZIP code short of a digit (review-final-44
 * M5: "Vancouver BC 604-555-1234" was headed "“1234” has 4 digits").
 *
 * @example
 * withoutPhoneNumber("Vancouver BC 604-555-1234") // "Vancouver BC"
 * withoutPhoneNumber("Boston MA (617) 555-1234")  // "Boston MA"
 * withoutPhoneNumber("Boston, MA 2108")           // undefined (no phone number)
 */
export function withoutPhoneNumber(text: string): string | undefined {
  const m = PHONE_AT_END.exec(text);
  // (Nine digits run together are a ZIP+4 without its dash, not a phone number a digit short: "Buckhead 303051234" is
  // Atlanta's 30305, not Buckhead, GA, review-loc-44 H1; search-box.ts reads them.)
  if (m === null || /^[0-9]{9}$/.test(m[0].replace(/[\s.,;!?]+$/, ""))) return undefined;
  const before = text.slice(0, m.index).replace(PHONE_LABEL_AT_END, "").replace(/[\s,;:]+$/, "");
  return /\p{L}/u.test(before) ? before : undefined;
}

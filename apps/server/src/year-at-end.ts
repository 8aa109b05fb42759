/**
 * A year typed after a town and its state in the search box ("Canton OH class of 2021", "Salem, OR 1970"): a school's
 * class, a founding year or a school year pasted with the town. It is no ZIP code, so the box answers the town and state
 * before it, as it answers "class of 2021 Canton OH" (review-loc-44 M3: "Nothing found for “Canton OH class of 2021”").
 */

/**
 * A year from 1800 to 2099 ending a text, maybe with the words around one ("class of 2021", "est. 1850", "since 1970",
 * "fall 2024", "2024-25 school year", "2021 enrollment"), after a space or comma, a full stop, "!" or "?" after it.
 */
const YEAR_AT_END = /[\s,;:]+(?:(?:the\s+)?class\s+of\s+|est(?:\.|ablished)?\s+|since\s+|founded\s+|(?:fall|spring|summer|winter)\s+)?(?<!\d)(18|19|20)[0-9]{2}(?:\s*[-–/]\s*(?:(?:18|19|20)[0-9]{2}|[0-9]{2}))?(?!\d)(?:\s+(?:school\s+year|enrollment|graduates?|graduation))?[\s.!?]*$/iu;

/**
 * The town and state typed before a year that ends the text, without the comma or space between; undefined where no year
 * ends it, or no state is typed right before it (`stateAt`: the search's reader of the state at the end). Massachusetts is
 * left out where the year is four digits alone: its ZIP codes 01900-02099 are those short of their zero ("Canton, MA 2021"
 * says so, error-pages.ts zipLikeNumber).
 *
 * @example
 * townBeforeYear("Canton OH class of 2021", atEnd) // "Canton OH"
 * townBeforeYear("Salem, OR 1970", atEnd)          // "Salem, OR"
 * townBeforeYear("Canton, MA 2021", atEnd)         // undefined (02021 short of its zero)
 * townBeforeYear("Canton 2021", atEnd)             // undefined (no state)
 */
export function townBeforeYear(text: string, stateAt: (text: string) => { state: string; rest: string } | undefined): string | undefined {
  const m = YEAR_AT_END.exec(text);
  if (m === null) return undefined;
  const before = text.slice(0, m.index).replace(/[\s,;:]+$/, "");
  // (An English word in lower case is no state's code here: "Lynn in 2021", "Salem or 1970" are no Lynn, IN or Salem, OR.)
  if (/(?:^|[\s,])(?:in|or|me|hi|ok|oh)$/.test(before)) return undefined;
  const at = stateAt(before);
  if (at === undefined || !/\p{L}/u.test(at.rest)) return undefined;
  const yearAlone = /^[\s,;:]*[0-9]{4}[\s.!?]*$/.test(m[0]);
  return at.state === "MA" && yearAlone ? undefined : before;
}

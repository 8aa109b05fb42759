/**
 * The state typed at the end of a search, in every form the search box reads ("Boston, MA",
 * "Boston ma", "Boston, Mass.", "Winston-Salem, N. C.", "Fort Wayne, Indiana", "Charleston West
 * Virginia", "St Thomas, USVI", "…, TX, USA"): one reader for the town, district and address
 * searches, which read it each their own way before (review 37 #1, #3, #5, #6: "Jeffco Public
 * Schools, Colo." opened Colo, IA; "Boston Ma 02901" went to Providence without a word).
 */
import { COUNTRY } from "./near-path.ts";
import { ownTable } from "./own-table.ts";

/**
 * The United States as a phone set to another language writes it after a place (Google Maps in Spanish: "V9JC+QV
 * Chicago, Illinois, EE. UU."; in French, German, Italian, Portuguese, Dutch: links-43, review of the mends 42 #4).
 */
const US_IN_OTHER_LANGUAGES = String.raw`(?:EE\.?\s?UU\.?|Estados Unidos(?: de Am[eé]rica)?|[EÉ]tats-Unis(?: d'Am[eé]rique)?|Vereinigte Staaten(?: von Amerika)?|Stati Uniti(?: d'America)?|EUA|Verenigde Staten(?: van Amerika)?)`;

/** A country after the state, as near-path.ts addressZip reads it, or in another language. */
export const COUNTRY_AT_END = new RegExp(String.raw`[\s,]+(?:${COUNTRY}\.?|${US_IN_OTHER_LANGUAGES})$`, "i");

/**
 * The states' abbreviations of newspapers and older addresses (the AP Stylebook's, and the common
 * "Tex.", "Calif", "Wisc."), lower case, as typed after a town ("Boston, Mass.", "Miami, Fla.":
 * pages audit 34 #4 found them dead ends). Without the dot only where no everyday word is
 * spelt so ("Miss", "Ill" and "Ind" need it).
 */
export const STATE_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  AL: ["ala."],
  AZ: ["ariz.", "ariz"],
  AR: ["ark."],
  CA: ["calif.", "calif", "cal."],
  CO: ["colo.", "colo"],
  CT: ["conn.", "conn"],
  DC: ["d.c."],
  DE: ["del."],
  FL: ["fla.", "fla"],
  GA: ["ga."],
  ID: ["ida."],
  IL: ["ill."],
  IN: ["ind."],
  KS: ["kan.", "kans."],
  KY: ["ky."],
  LA: ["la."],
  MD: ["md."],
  MA: ["mass.", "mass"],
  MI: ["mich.", "mich"],
  MN: ["minn.", "minn"],
  MS: ["miss."],
  MO: ["mo."],
  MT: ["mont."],
  NE: ["neb.", "nebr."],
  NV: ["nev."],
  NH: ["n.h."],
  NJ: ["n.j."],
  NM: ["n.m.", "n. mex."],
  NY: ["n.y."],
  NC: ["n.c."],
  ND: ["n.d.", "n. dak."],
  OK: ["okla.", "okla"],
  OR: ["ore.", "oreg."],
  PA: ["pa.", "penn.", "penna."],
  RI: ["r.i."],
  SC: ["s.c."],
  SD: ["s.d.", "s. dak."],
  TN: ["tenn.", "tenn"],
  TX: ["tex.", "tex"],
  VT: ["vt."],
  VA: ["va."],
  WA: ["wash."],
  WV: ["w.va.", "w. va."],
  WI: ["wis.", "wisc.", "wisc"],
  WY: ["wyo."],
};

/**
 * Names people type for a territory other than the directory's (the home page's "Northern Mariana
 * Islands" for CCD's "Northern Marianas"), lower case, without "the" or "U.S.".
 */
export const STATE_OTHER_NAMES = ownTable<string>({
  "northern mariana islands": "MP",
  cnmi: "MP",
  usvi: "VI",
  "united states virgin islands": "VI",
});

/**
 * A state's name as typed names compare with it: lower case, single spaces, without "the", "U.S."
 * or "United States" before it ("Virgin Islands" for CCD's "U.S. Virgin Islands").
 *
 * @example
 * plainStateName("the U.S.  Virgin Islands") // "virgin islands"
 */
export function plainStateName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, " ").replace(/^(?:(?:the|u\.s\.|us|united states) )+/, "");
}

/** A state read at the end of a text, how it was written, and the text before it (without the comma between). */
export interface StateAtEnd {
  state: string;
  /** "code": "MA", "ma", "N. C."; "name": the state's name or another name people give it ("Indiana", "USVI"); "abbreviation": a newspaper's ("Mass.", "Colo."). */
  form: "code" | "name" | "abbreviation";
  rest: string;
}

/**
 * The reader of the state at the end of a text over `states` and their names: a code after a space
 * or comma in any case, with dots or spaced ("N. C."); a name, another name people give it, or a
 * newspaper's abbreviation, after a space or comma, the longest first ("West Virginia" before
 * "Virginia"); a country after it, or a dot after a name, is no part of it ("…, TX, USA", "Austin,
 * Texas."). Undefined where none ends the
 * text, or nothing is before it.
 *
 * @example
 * const atEnd = stateAtEndReader(new Set(["MA"]), () => "Massachusetts");
 * atEnd("Boston, Mass.") // { state: "MA", form: "abbreviation", rest: "Boston" }
 * atEnd("Boston ma, USA") // { state: "MA", form: "code", rest: "Boston" }
 */
export function stateAtEndReader(states: ReadonlySet<string>, stateName: (code: string) => string): (text: string) => StateAtEnd | undefined {
  const names: { state: string; form: StateAtEnd["form"]; text: string }[] = [];
  for (const code of states) {
    const name = stateName(code).toLowerCase().replace(/\s+/g, " ");
    if (name !== "" && name !== code.toLowerCase()) for (const text of new Set([name, plainStateName(name), `us ${plainStateName(name)}`])) names.push({ state: code, form: "name", text });
    for (const text of STATE_ABBREVIATIONS[code] ?? []) names.push({ state: code, form: "abbreviation", text });
  }
  for (const [text, code] of Object.entries(STATE_OTHER_NAMES)) if (code !== undefined && states.has(code)) names.push({ state: code, form: "name", text });
  names.sort((a, b) => b.text.length - a.text.length);
  const before = (text: string, length: number) => text.slice(0, text.length - length).replace(/[\s,]+$/, "");
  const read = (typed: string): StateAtEnd | undefined => {
    const text = typed.trim().replace(COUNTRY_AT_END, "").trim();
    const lower = text.toLowerCase();
    // Read from the end, without a backtracking pattern.
    const code = text.slice(-2).toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && /[\s,]/.test(text.at(-3) ?? "") && states.has(code) && before(text, 2) !== "") return { state: code, form: "code", rest: before(text, 2) };
    const named = names.find((n) => lower.endsWith(n.text) && /[\s,]/.test(lower.at(-n.text.length - 1) ?? ""));
    if (named !== undefined && before(text, named.text.length) !== "") return { state: named.state, form: named.form, rest: before(text, named.text.length) };
    // A code written with dots or a space between its letters ("N.C", "N. C.", "Albany N Y").
    const spaced = /[\s,]([A-Za-z])\.? ?([A-Za-z])\.?$/.exec(text);
    const spacedCode = spaced === null ? undefined : `${spaced[1]}${spaced[2]}`.toUpperCase();
    if (spaced !== null && states.has(spacedCode!) && before(text, text.length - spaced.index - 1) !== "") return { state: spacedCode!, form: "code", rest: before(text, text.length - spaced.index - 1) };
    return undefined;
  };
  // A dot after a name or code ends a sentence ("Austin, Texas.", "Dallas, TX."), as a phone's double space types it.
  return (typed) => read(typed) ?? (/\.\s*$/.test(typed) ? read(typed.trim().slice(0, -1)) : undefined);
}

/**
 * The state typed right after a town's name in a text, by the reader of the state at the end (`atEnd`): its code or
 * name after a space or comma, whatever follows ("Canton OH 2021 reunion": OH; "Salem, Oregon 1970": OR); undefined
 * where the town is not in the text or no state follows it. A year after a town of Ohio is then no Massachusetts ZIP
 * code short of its zero (error-pages.ts zipLikeNumber: Canton, MA's is 02021).
 *
 * @example
 * stateTypedAfter("Canton OH 2021 reunion", "Canton", atEnd) // "OH"
 * stateTypedAfter("Canton 2021", "Canton", atEnd)             // undefined
 */
export function stateTypedAfter(text: string, town: string, atEnd: (text: string) => StateAtEnd | undefined): string | undefined {
  const at = new RegExp(`(?<![\\p{L}])${town.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "iu").exec(text);
  if (at === null) return undefined;
  // The words after the town, one to four of them (a state's name has at most four: "District of Columbia", "U.S. Virgin Islands").
  const after = text.slice(at.index + at[0].length);
  const words = [...after.matchAll(/[\s,]*[^\s,]+/g)].map((m) => m[0]);
  for (let n = 1; n <= Math.min(4, words.length); n++) {
    const read = atEnd(`${at[0]}${words.slice(0, n).join("")}`);
    if (read !== undefined && read.rest.toLowerCase() === at[0].toLowerCase()) return read.state;
  }
  return undefined;
}

/**
 * A state typed into the search box: by its code in any case, its name, another name people
 * give it, or its name misspelt by a letter or two. The box's other readings (ZIP codes, towns,
 * districts) are app.ts's; this module only reads states.
 */
import { editDistanceAtMost } from "./city-search.ts";
import { ownTable } from "./own-table.ts";

/**
 * Names people type for a territory other than the directory's (the home page's "Northern Mariana
 * Islands" for CCD's "Northern Marianas"), lower case, without "the" or "U.S.".
 */
const STATE_OTHER_NAMES = ownTable<string>({
  "northern mariana islands": "MP",
  cnmi: "MP",
  usvi: "VI",
  "united states virgin islands": "VI",
});

/** How the search box reads states, given the states served and their names. */
export interface StateSearch {
  /**
   * The state a text names alone: its code in any case ("TX", and "Tx" as a phone's keyboard
   * capitalises it: typed alone into this box, "in" or "me" means the state, not the word), its
   * name in any case ("Texas.") or another name people give it ("CNMI", "USVI"); else undefined.
   */
  typedAlone(typed: string): string | undefined;
  /**
   * The state whose name a text misspells ("Tennesee", "Conneticut"): by a letter for a name of
   * 5 to 7 letters ("Texs" is too short to tell, "Main" is a street), by two for a longer one;
   * the closest where several are (of names equally close, the first in the order of `states`:
   * the site's are sorted by code); else undefined.
   */
  speltClose(typed: string): string | undefined;
  /**
   * The state a text ends with, after a comma or a space (its code, with dots or not, or its name
   * or other name after a comma), and the text before it; undefined where none ends it.
   */
  atEnd(typed: string): { text: string; state: string } | undefined;
}

/**
 * The state readings of the search box over `states` and their names.
 *
 * @example
 * const search = stateSearch(new Set(["TX", "CT"]), (c) => ({ TX: "Texas", CT: "Connecticut" })[c]!);
 * search.typedAlone("tx") // "TX"
 * search.speltClose("Conneticut") // "CT"
 * search.atEnd("Austin, Texas") // { text: "Austin", state: "TX" }
 */
export function stateSearch(states: ReadonlySet<string>, stateName: (code: string) => string): StateSearch {
  // "Virgin Islands" for CCD's "U.S. Virgin Islands".
  const plain = (name: string) => name.toLowerCase().replace(/\s+/g, " ").replace(/^(?:(?:the|u\.s\.|us) )+/, "");
  const typedAlone = (typed: string): string | undefined => {
    const text = typed.replace(/\.$/, "").trim();
    // "D.C.", "N.Y.": the code with its dots.
    const code = text.replace(/\.(?=.)/g, "").toUpperCase();
    if (/^[A-Z]{2}$/.test(code)) return states.has(code) ? code : undefined;
    // "U.S.V.I.", "C.N.M.I.": the other names with their dots.
    const other = STATE_OTHER_NAMES[plain(text)] ?? STATE_OTHER_NAMES[plain(text).replace(/\./g, "")];
    if (other !== undefined) return states.has(other) ? other : undefined;
    return [...states].find((s) => plain(stateName(s)) === plain(text));
  };
  return {
    typedAlone,
    atEnd(typed) {
      const text = typed.trim();
      // The code after a comma or a space ("Hoover AL", "Hoover, A.L."); a name after a comma ("Hoover, Alabama").
      const code = /^(.*?\S)(?:\s*,\s*|\s+)([A-Za-z]\.?\s?[A-Za-z]\.?)$/.exec(text);
      const state = code === null ? undefined : typedAlone(code[2]!.replace(/\s/g, ""));
      if (code !== null && state !== undefined) return { text: code[1]!.replace(/,$/, "").trim(), state };
      const comma = text.lastIndexOf(",");
      const named = comma < 0 ? undefined : typedAlone(text.slice(comma + 1));
      return named === undefined || comma === 0 ? undefined : { text: text.slice(0, comma).trim(), state: named };
    },
    speltClose(typed) {
      const text = typed.toLowerCase().replace(/[^a-z ]/g, "").replace(/\s+/g, " ").trim();
      if (text.length < 5) return undefined;
      let best: { code: string; distance: number } | undefined;
      for (const code of states) {
        const name = stateName(code).toLowerCase();
        if (name === code.toLowerCase()) continue;
        const most = name.length >= 8 ? 2 : 1;
        const distance = editDistanceAtMost(text, name, most);
        if (distance <= most && (best === undefined || distance < best.distance)) best = { code, distance };
      }
      return best?.code;
    },
  };
}

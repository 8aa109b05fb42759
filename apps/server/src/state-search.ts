/**
 * A state typed into the search box: by its code in any case, its name, another name people
 * give it, or its name misspelt by a letter or two. The box's other readings (ZIP codes, towns,
 * districts) are app.ts's; this module only reads states.
 */
import { editDistanceAtMost } from "./city-search.ts";
import { plainStateName, stateAtEndReader, STATE_OTHER_NAMES, type StateAtEnd } from "./state-at-end.ts";


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
   * the site's are sorted by code); else undefined, and for a text with a digit ("Maine 207" is
   * Maine Township High School District 207, "Indian 204" Indian Prairie School District 204).
   */
  speltClose(typed: string): string | undefined;
  /** The state a text ends with, in any form the search box reads (state-at-end.ts), and the text before it; undefined where none ends it. */
  atEnd(typed: string): StateAtEnd | undefined;
}

/**
 * The state readings of the search box over `states` and their names.
 *
 * @example
 * const search = stateSearch(new Set(["TX", "CT"]), (c) => ({ TX: "Texas", CT: "Connecticut" })[c]!);
 * search.typedAlone("tx") // "TX"
 * search.speltClose("Conneticut") // "CT"
 * search.atEnd("Austin, Tex.") // { state: "TX", form: "abbreviation", rest: "Austin" }
 */
export function stateSearch(states: ReadonlySet<string>, stateName: (code: string) => string): StateSearch {
  const typedAlone = (typed: string): string | undefined => {
    const text = typed.replace(/\.$/, "").trim();
    // "D.C.", "N.Y.": the code with its dots.
    const code = text.replace(/\.(?=.)/g, "").toUpperCase();
    if (/^[A-Z]{2}$/.test(code)) return states.has(code) ? code : undefined;
    // "U.S.V.I.", "C.N.M.I.": the other names with their dots.
    const other = STATE_OTHER_NAMES[plainStateName(text)] ?? STATE_OTHER_NAMES[plainStateName(text).replace(/\./g, "")];
    if (other !== undefined) return states.has(other) ? other : undefined;
    return [...states].find((s) => plainStateName(stateName(s)) === plainStateName(text));
  };
  return {
    typedAlone,
    atEnd: stateAtEndReader(states, stateName),
    speltClose(typed) {
      if (/\d/.test(typed)) return undefined;
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

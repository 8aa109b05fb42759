/**
 * District office ZIPs (CCD `LZIP`) and types for the office-ZIP check of VALIDATION.md:
 * independent evidence of where a district's people are, never used to choose a district.
 */
import { checkLeaid, col, readTable } from "./read.ts";
import { FILES, HEADERS } from "./sources.ts";

export interface Office {
  /** location (office) ZIP, 5 digits, or "" */
  lzip: string;
  /** mailing ZIP (often a PO box at the post office of the district's town), 5 digits, or "" */
  mzip: string;
  /** CCD LEA_TYPE ("1" regular, "2" component of a supervisory union, "3" supervisory union, ...) */
  leaType: string;
  /** postal state code */
  state: string;
  /** the postal state of the office's address (CCD `LSTATE`; Earl, ND, has its office in Sidney, MT), or "" */
  lstate: string;
}

/**
 * LEAID -> office, from the 2018-19 CCD directory overlaid by the 2023-24 one.
 *
 * @example
 * loadOffices("../shared/data/raw").get("3003870")?.lzip; // "59101"
 */
export function loadOffices(dir: string): Map<string, Office> {
  const out = new Map<string, Office>();
  for (const rel of [FILES.ccd1819, FILES.ccd2324]) {
    const t = readTable(dir, rel, HEADERS.ccd);
    const [iL, iZ, iM, iT, iS, iLS] = [col(t, "LEAID"), col(t, "LZIP"), col(t, "MZIP"), col(t, "LEA_TYPE"), col(t, "ST"), col(t, "LSTATE")];
    const five = (cell: string) => {
      const zip = cell.trim();
      return /^[0-9]{5}$/.test(zip) ? zip : /^[0-9]{3,4}$/.test(zip) ? zip.padStart(5, "0") : "";
    };
    t.rows.forEach((r, i) => {
      out.set(checkLeaid(t, i, r[iL]!), {
        lzip: five(r[iZ]!),
        mzip: five(r[iM]!),
        leaType: r[iT]!.trim(),
        state: r[iS]!.trim(),
        lstate: r[iLS]!.trim(),
      });
    });
  }
  return out;
}

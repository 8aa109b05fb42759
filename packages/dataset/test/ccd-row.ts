/**
 * A CCD directory row (sources.ts CcdRow) for unit tests: an open regular district teaching
 * Kindergarten to 12th in one school, every other field empty, as `over` changes it.
 */
import type { CcdRow } from "../src/sources.ts";

/**
 * A directory row with `over` set on the defaults.
 *
 * @example
 * ccdRow({ leaid: "2624870", name: "Muskegon Heights School District", status: "Inactive" })
 */
export function ccdRow(over: Partial<CcdRow> & Pick<CcdRow, "leaid">): CcdRow {
  return {
    fipst: over.leaid.slice(0, 2), st: "", stateName: "", name: over.leaid, phone: "", website: "", gslo: "KG", gshi: "12", schools: 1, leaType: "1", union: "",
    status: "Open", effective: "", office: "", city: "", ...over,
  };
}

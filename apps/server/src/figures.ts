/**
 * "About these figures" on a ZIP page (issue 16): what the spending figure is and its
 * year, which results the rating is from, and the district's notes (umbrella district,
 * enrollment from elsewhere, a likely building year), in plain sentences; why a district
 * has no rating; and that the directory lists it as closed. Reads the district's entry of `/zip/{zip}/districts.json`.
 */
import type { DistrictOverlap } from "@school-districts/core";
import { escapeHtml as e } from "./html.ts";

/**
 * The sentences about a district's figures, in reading order: umbrella and enrollment
 * notes, the per-pupil year and its flag, the rating's source.
 *
 * @example
 * figureSentences({ per_pupil_year: "2022", rating_source: "seda" })
 * // ["Spending per pupil is total spending, including construction and debt payments, in fiscal year 2022.", "The rating compares …"]
 */
export function figureSentences(d: Pick<DistrictOverlap, "per_pupil_year" | "rating_source" | "notes"> | undefined): string[] {
  const notes = d?.notes ?? [];
  const noted = (...codes: string[]) => notes.filter((n) => codes.includes(n.code)).map((n) => n.text);
  return [
    ...noted("umbrella", "enrollment-nonresident"),
    ...(d?.per_pupil_year ? [`Spending per pupil is total spending, including construction and debt payments, in fiscal year ${d.per_pupil_year}.`] : []),
    ...noted("spending-building-year"),
    ...(d?.rating_source === "edfacts" ? ["The rating is from graduation rates and grade-4 test results only (EDFacts 2020-21), compared with the state's other districts."] : []),
    ...(d?.rating_source === "seda" ? ["The rating compares test scores of grades 3-8 (SEDA 2023) with the state's other districts."] : []),
  ];
}

/**
 * The "About these figures" section (an h3 and a list), or "" when there is nothing to say.
 *
 * @example
 * aboutFigures({ per_pupil_year: "2022" }) // '<section aria-labelledby="about-figures"><h3 id="about-figures">About these figures</h3>…'
 */
export function aboutFigures(d: Pick<DistrictOverlap, "per_pupil_year" | "rating_source" | "notes"> | undefined): string {
  const s = figureSentences(d);
  if (s.length === 0) return "";
  return `<section aria-labelledby="about-figures"><h3 id="about-figures">About these figures</h3>\n<ul>\n${s.map((t) => `<li>${e(t)}</li>`).join("\n")}\n</ul></section>`;
}

/**
 * Why the district has no rating (its `rating-none` note), escaped for HTML, or "".
 *
 * @example
 * noRatingReason({ notes: [{ code: "rating-none", text: "No rating: …" }] }) // "No rating: …"
 */
export function noRatingReason(d: Pick<DistrictOverlap, "notes"> | undefined): string {
  const n = d?.notes?.find((x) => x.code === "rating-none");
  return n === undefined ? "" : e(n.text);
}

/**
 * The district's `closed` note (the directory lists it as closed or inactive), `not-listed` (the 2023-24 directory lacks it), `no-schools`
 * note (it runs no schools) or `share-by-land` note (its share of a ZIP is estimated from land), escaped for HTML (each it has, in
 * order), or "": said under the answer, since a parent must ask which district, or which schools, serve the address. On a ZIP's
 * page (`zip`), a share-by-land note only where it names that ZIP.
 *
 * @example
 * askNote({ notes: [{ code: "closed", text: "The NCES district directory of 2023-24 lists …" }] }) // "The NCES district directory of 2023-24 lists …"
 */
export function askNote(d: Pick<DistrictOverlap, "notes"> | undefined, zip?: string): string {
  const asks = (d?.notes ?? []).filter(
    (x) => x.code === "closed" || x.code === "no-schools" || x.code === "not-listed" || (x.code === "share-by-land" && (zip === undefined || (x.zips ?? []).includes(zip))),
  );
  return asks.map((n) => e(n.text)).join(" ");
}

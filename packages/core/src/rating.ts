import type { components } from "@school-districts/api-types";

/** The `rating_label` values of a DistrictRecord, generated from openapi.json. */
export type RatingLabel = components["schemas"]["DistrictRecord"]["rating_label"];

/**
 * Maps a 1-10 rating to its label (decisions.md rule 2); a null rating gives "".
 *
 * @example
 * ratingLabel(9)    // "Excellent"
 * ratingLabel(4)    // "Below Average"
 * ratingLabel(null) // ""
 */
export function ratingLabel(rating: number | null): RatingLabel {
  if (rating === null) return "";
  if (!Number.isInteger(rating) || rating < 1 || rating > 10) {
    throw new RangeError(`rating must be an integer from 1 to 10 or null, got ${rating}`);
  }
  if (rating >= 9) return "Excellent";
  if (rating >= 7) return "Good";
  if (rating >= 5) return "Average";
  if (rating >= 3) return "Below Average";
  return "Poor";
}

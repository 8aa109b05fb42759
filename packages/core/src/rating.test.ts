import { describe, expect, it } from "vitest";
import { ratingLabel } from "./rating.ts";

describe("ratingLabel", () => {
  it.each([
    [10, "Excellent"],
    [9, "Excellent"],
    [8, "Good"],
    [7, "Good"],
    [6, "Average"],
    [5, "Average"],
    [4, "Below Average"],
    [3, "Below Average"],
    [2, "Poor"],
    [1, "Poor"],
    [null, ""],
  ] as const)("maps %s to %j", (rating, label) => {
    expect(ratingLabel(rating)).toBe(label);
  });

  it.each([0, 11, -1, 5.5, Number.NaN])("rejects %s, which no rating method produces", (rating) => {
    expect(() => ratingLabel(rating)).toThrow(RangeError);
  });
});

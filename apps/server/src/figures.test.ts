import { describe, expect, it } from "vitest";
import { aboutFigures, askNote, figureSentences, noRatingReason } from "./figures.ts";

describe("About these figures (issue 16)", () => {
  it("orders the sentences: umbrella and enrollment notes, spending year and its flag, rating source", () => {
    const s = figureSentences({
      per_pupil_year: "2022",
      rating_source: "edfacts",
      notes: [
        { code: "spending-building-year", text: "Building year." },
        { code: "rating-none", text: "No rating: x." },
        { code: "enrollment-nonresident", text: "From elsewhere." },
        { code: "umbrella", text: "A supervisory union." },
      ],
    });
    expect(s).toEqual([
      "From elsewhere.",
      "A supervisory union.",
      "Spending per pupil is total spending, including construction and debt payments, in fiscal year 2022.",
      "Building year.",
      "The rating is from graduation rates and grade-4 test results only (EDFacts 2020-21), compared with the state's other districts.",
    ]);
  });
  it("says nothing when there is nothing to say, and escapes what it says", () => {
    expect(aboutFigures(undefined)).toBe("");
    expect(aboutFigures({ notes: [{ code: "rating-none", text: "No rating." }] })).toBe("");
    expect(aboutFigures({ notes: [{ code: "umbrella", text: "A <union> & more" }] })).toContain("<li>A &lt;union&gt; &amp; more</li>");
  });
  it("gives the reason for no rating, or empty", () => {
    expect(noRatingReason({ notes: [{ code: "rating-none", text: "No rating: one district." }] })).toBe("No rating: one district.");
    expect(noRatingReason({ notes: [] })).toBe("");
    expect(noRatingReason(undefined)).toBe("");
  });
});

describe("askNote (said under the answer: whom to ask)", () => {
  it("gives the closed, not-listed, no-schools and share-by-land notes, escaped; none for the others", () => {
    expect(askNote({ notes: [{ code: "rating-none", text: "x" }, { code: "not-listed", text: "The NCES district directory of 2023-24 does not list A & B …" }] })).toBe(
      "The NCES district directory of 2023-24 does not list A &amp; B …",
    );
    expect(askNote({ notes: [{ code: "closed", text: "Closed." }] })).toBe("Closed.");
    expect(askNote({ notes: [{ code: "share-by-land", text: "Byron Public Schools is newer …" }] })).toBe("Byron Public Schools is newer …");
    // Each it has (Byron runs no schools of its own, and its share is estimated by land).
    expect(askNote({ notes: [{ code: "no-schools", text: "No schools." }, { code: "umbrella", text: "x" }, { code: "share-by-land", text: "By land." }] })).toBe("No schools. By land.");
    // On a ZIP's page, the share-by-land note only where it is about that ZIP (review 31b #2: 72099 is all Jacksonville North Pulaski).
    const jnp = { notes: [{ code: "share-by-land" as const, text: "By land in 72076.", zips: ["72076"] }] };
    expect([askNote(jnp, "72076"), askNote(jnp, "72099"), askNote(jnp)]).toEqual(["By land in 72076.", "", "By land in 72076."]);
    expect(askNote({ notes: [{ code: "umbrella", text: "x" }] })).toBe("");
    expect(askNote(undefined)).toBe("");
  });
});

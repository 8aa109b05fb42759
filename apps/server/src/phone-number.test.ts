import { describe, expect, it } from "vitest";
import { beforePhoneNumber, withoutPhoneNumber } from "./phone-number.ts";

describe("a phone number typed after a town (review-late-43 L1, L2)", () => {
  it.each([
    ["Ellicott City 410-555-123", "Ellicott City"],
    ["Ellicott City 4105551234", "Ellicott City"],
    ["Ellicott City 410-555-1234", "Ellicott City"],
    ["Ellicott City (410) 555-1234", "Ellicott City"],
    ["Ellicott City 410.555.1234.", "Ellicott City"],
    ["Boston, MA +1 617 555 1234", "Boston, MA"],
    ["Boston MA 1-617-555-1234", "Boston MA"],
    ["Boston, MA 617 555 123", "Boston, MA"],
    ["Boston MA 555-1234", "Boston MA"],
    // A label before it, an extension after it (review-loc-44 L2: "Nothing found", "“1234” has 4 digits").
    ["Boston MA tel 617-555-1234", "Boston MA"],
    ["Boston MA phone: (617) 555-1234", "Boston MA"],
    ["Boston, MA, Tel.: 617.555.1234", "Boston, MA"],
    ["Boston MA 617-555-1234 x123", "Boston MA"],
    ["Ellicott City 410-555-1234 ext. 12", "Ellicott City"],
  ])("%j: the words before it are %j", (typed, before) => {
    expect(beforePhoneNumber(typed)).toBe(before);
  });

  it.each([
    // A ZIP code, a ZIP+4 (nine digits starting with 0 or 1 are no area code's; 5 and 4 digits spaced are no phone's).
    "Boston, MA 02108",
    "Boston MA 021081234",
    "New York 100011234",
    "Seattle WA 98101 1234",
    "Seattle WA 98101-1234",
    // Nine digits together: a ZIP+4 without its dash, read by the search box (review-loc-44 H1).
    "Buckhead 303051234",
    "Ellicott City 410555123",
    "Boston, MA 617555123",
    // No town before it, a number inside words, a district's number.
    "410-555-1234",
    "4105551234",
    "Naperville 203",
    "CHSD 218",
    "410-555-1234 Ellicott City",
    // After a Canadian province: Canada shares the +1 plan, and the words are no US town (review-loc-44 L3).
    "Vancouver BC 604-555-1234",
    "London, Ontario 519-555-1234",
    "Montreal, Quebec, Canada (514) 555-1234",
  ])("%j: none", (typed) => {
    expect(beforePhoneNumber(typed)).toBeUndefined();
  });
});

describe("withoutPhoneNumber", () => {
  it("gives the words before a phone number after a Canadian province too, for the error page (review-final-44 M5)", () => {
    expect(withoutPhoneNumber("Vancouver BC 604-555-1234")).toBe("Vancouver BC");
    expect(withoutPhoneNumber("London, Ontario 519-555-1234")).toBe("London, Ontario");
    expect(withoutPhoneNumber("Boston MA (617) 555-1234")).toBe("Boston MA");
    for (const typed of ["Boston, MA 2108", "Boston MA 617555123", "410-555-1234"]) expect(withoutPhoneNumber(typed), typed).toBeUndefined();
  });
});

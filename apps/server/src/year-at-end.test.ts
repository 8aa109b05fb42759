import { describe, expect, it } from "vitest";
import { townBeforeYear } from "./year-at-end.ts";

/** A reader of a state's code at the end, as the search's (state-search.ts) reads "OH", "Ohio" or "OR". */
const atEnd = (text: string) => {
  const m = /^(.*?)[\s,]+(OH|Ohio|OR|Oregon|MA|IN|in)\.?$/i.exec(text);
  return m === null ? undefined : { state: { ohio: "OH", oregon: "OR" }[m[2]!.toLowerCase()] ?? m[2]!.toUpperCase(), rest: m[1]! };
};

describe("a year typed after a town and its state (review-loc-44 M3)", () => {
  it.each([
    ["Canton OH class of 2021", "Canton OH"],
    ["Salem, OR 1970", "Salem, OR"],
    ["Salem, Oregon est. 1850", "Salem, Oregon"],
    ["Canton OH 2024-25 school year", "Canton OH"],
    ["Canton, OH, fall 2024.", "Canton, OH"],
    ["Canton OH 2021 enrollment", "Canton OH"],
    // A year spelt with words after Massachusetts is a year.
    ["Canton, MA class of 2021", "Canton, MA"],
    ["Lynn, IN 1902", "Lynn, IN"],
  ])("%j: the town and state before it are %j", (typed, before) => {
    expect(townBeforeYear(typed, atEnd)).toBe(before);
  });

  it.each([
    // Four digits alone after Massachusetts: its ZIP code short of the zero (02021).
    "Canton, MA 2021",
    // No state typed, no year, a ZIP code, a year inside a number.
    "Canton 2021",
    "Canton OH 6270",
    "Canton OH 02021",
    "Canton OH 120210",
    "class of 2021 Canton OH",
    "OH 2021",
    // A word in lower case, as the state reader takes it: "in" is no Indiana.
    "Lynn in 2021",
    "Salem, or 1970",
  ])("%j: none", (typed) => {
    expect(townBeforeYear(typed, atEnd)).toBeUndefined();
  });
});

/**
 * The answer sentence over every ZIP of the committed dataset (data/): it names first the
 * district the data marks as serving most of each grade level, and its words never contradict
 * its figures. The sentence's shapes, case by case, are in pages.test.ts.
 */
import { resolve } from "node:path";
import { loadDataset, type Dataset, type DistrictOverlap } from "@school-districts/core";
import { beforeAll, describe, expect, it } from "vitest";
import { answer, askAboutOlderGrades, levelLabels, teachesNoHighSchool, type LevelLabels } from "./answer.ts";
import { zipDistricts } from "./records.ts";

const DATA = resolve(import.meta.dirname, "../../../data");
let dataset: Dataset;
let answers: { zip: string; sentences: string[]; districts: DistrictOverlap[] }[];
beforeAll(async () => {
  dataset = await loadDataset(DATA);
  answers = dataset.zips.map((row) => {
    const { districts } = zipDistricts(dataset, row);
    return { zip: row.zip, sentences: answer(row.zip, districts, (d) => `[${d.leaid}]`), districts };
  });
}, 120_000);

/** The LEAIDs a sentence names, in order. */
/** A sentence about the high-school grades ("High school:", or "6th grade and up:" where that district starts before 9th). */
const aboutHigh = (sentence: string) => /^(High school|[0-9]+th grade and up):/.test(sentence);
/** A sentence about the elementary grades ("Elementary grades:", or "Up to 5th grade:"). */
const aboutElementary = (sentence: string) => /^(Elementary grades|Up to [0-9]+(st|nd|rd|th) grade):/.test(sentence);
const named = (sentence: string) => [...sentence.matchAll(/\[([0-9]{7})\]/g)].map((m) => m[1]!);

describe("the answer sentence on every ZIP of data/", () => {
  it("names first, per grade level, the district serving most of the ZIP's people there (the record's district for the elementary grades)", () => {
    const wrong: string[] = [];
    const recordLeaid = new Map(dataset.zips.map((r) => [r.zip, r.leaid]));
    // The ZIPs each branch checked a sentence of: an answer() that said nothing, or only the shapes
    // skipped below, would otherwise pass.
    const checked = { elementary: new Set<string>(), high: new Set<string>() };
    // ZIPs whose answer splits by grade level (it has a sentence about high school) with a district marked
    // for high school (without one it says no district teaching high school covers the ZIP's people).
    const split: string[] = [];
    for (const a of answers) {
      const marked = (mark: "elementary" | "secondary") => a.districts.find((d) => d.serves_most?.includes(mark))?.leaid;
      if (a.sentences.some(aboutHigh) && marked("secondary") !== undefined) split.push(a.zip);
      for (const s of a.sentences) {
        if (s.includes("teaches only up to") || s.includes("students attend.") || s.includes("is drawn over") || s.includes("is drawn for the lower grades only")) continue;
        // The elementary mark is the record's district's, except where that is a (K-12) high-school district.
        // Where the high-school mark went to a district stopping before 9th grade, the high-school district with the largest share.
        const markedHigh = a.districts.find((d) => d.serves_most?.includes("secondary"));
        const largestHigh = [...a.districts].filter((d) => !teachesNoHighSchool(d.grade_span) && d.share_secondary > 0).sort((x, y) => y.share_secondary - x.share_secondary)[0]?.leaid;
        const high = markedHigh !== undefined && teachesNoHighSchool(markedHigh.grade_span) ? largestHigh : marked("secondary");
        const expected = aboutHigh(s) ? high : recordLeaid.get(a.zip);
        if (expected !== undefined) checked[aboutHigh(s) ? "high" : "elementary"].add(a.zip);
        if (expected !== undefined && named(s)[0] !== expected) wrong.push(`${a.zip}: ${s}`);
        if (!aboutHigh(s) && ![undefined, expected].includes(marked("elementary"))) wrong.push(`${a.zip}: the record names ${expected}`);
      }
    }
    expect(wrong.slice(0, 10), `${wrong.length} sentences`).toEqual([]);
    // Every ZIP had a sentence checked for its elementary grades (or all its grades), every split ZIP one for
    // high school; and over a thousand split (3,336 in the committed data), so the high-school branch is exercised.
    expect(answers.filter((a) => !checked.elementary.has(a.zip)).map((a) => a.zip).slice(0, 10)).toEqual([]);
    expect(split.length).toBeGreaterThan(1000);
    expect(split.filter((zip) => !checked.high.has(zip)).slice(0, 10)).toEqual([]);
  });

  it("never says all or most beside a share that says otherwise, nor calls a tie the largest part", () => {
    const wrong: string[] = [];
    // How many sentences each check read: a change of wording that no pattern matches any more fails here, not silently.
    const read = { all: 0, most: 0, largest: 0 };
    for (const a of answers) {
      for (const s of a.sentences) {
        const all = /\b[Aa]ll of [0-9]{5} \(([^)]*)\)/.exec(s);
        if (all !== null) read.all++;
        if (all !== null && !/^(100 %|> 99 %)/.test(all[1]!)) wrong.push(s);
        const most = /\b[Mm]ost of [0-9]{5} \(([0-9]+) %[^)]*\) is in \[[0-9]{7}\]; part is in \[[0-9]{7}\] \(([0-9]+) %\)/.exec(s);
        if (most !== null) read.most++;
        if (most !== null && Number(most[1]) <= Number(most[2])) wrong.push(s);
        if (/small part is in [^.]*\(100 %\)/.test(s)) wrong.push(s);
        const largest = /largest part \(([0-9]+) %[^)]*\) is in \[[0-9]{7}\]; the rest is in \[[0-9]{7}\] \(([0-9]+) %\)/.exec(s);
        if (largest !== null) read.largest++;
        if (largest !== null && Number(largest[1]) <= Number(largest[2])) wrong.push(s);
      }
    }
    expect(read.all).toBeGreaterThan(100);
    expect(read.most).toBeGreaterThan(1000);
    expect(read.largest).toBeGreaterThan(100);
    expect(wrong.slice(0, 10), `${wrong.length} sentences`).toEqual([]);
  });

  it("says where part of a ZIP's people live in no school district (85351 Sun City: 'School District Not Defined'), and only there", () => {
    const wrong: string[] = [];
    let said = 0;
    for (const a of answers) {
      // ZIPs whose districts have the same share at every grade (one answer for all grades).
      if (a.districts.some((d) => d.share_elementary !== d.share_secondary)) continue;
      const total = a.districts.reduce((sum, d) => sum + d.share, 0);
      const says = a.sentences.some((s) => /\b[Nn]o school district covers/.test(s));
      if (says) said++;
      // Said only where districts leave a part; where they leave most, always said ("the only
      // district where people live" already tells a reader of a small part: 90045, 97 %).
      if ((says && total >= 0.995) || (!says && total < 0.5)) wrong.push(`${a.zip} (${total.toFixed(4)}): ${a.sentences.join(" ")}`);
      // Never a sentence beginning in lower case.
      for (const s of a.sentences) if (/^[a-z]/.test(s)) wrong.push(`${a.zip}: ${s}`);
    }
    expect(said).toBeGreaterThan(3);
    expect(wrong.slice(0, 10), `${wrong.length} answers`).toEqual([]);
  });

  it("says people in no district at all the same way at both grade levels (85339, 85256: 'School District Not Defined' at the elementary grades and high school alike)", () => {
    for (const zip of ["85339", "85256"]) {
      const sentences = answers.find((a) => a.zip === zip)!.sentences;
      expect(sentences.filter((s) => /, and no school district covers the rest(\.$|; )/.test(s)), zip).toHaveLength(2);
      expect(sentences.join(" "), zip).not.toContain("no district teaching high school covers the rest");
    }
  });

  it("says a district holds all of a ZIP's high school only where it does, and never names for high school a district that stops before 9th grade, first or among the parts", () => {
    const wrong: string[] = [];
    for (const a of answers) {
      const byLeaid = new Map(a.districts.map((d) => [d.leaid, d]));
      for (const s of a.sentences) {
        const high = aboutHigh(s);
        const first = byLeaid.get(named(s)[0] ?? "");
        if (first === undefined) continue;
        const share = high ? first.share_secondary : aboutElementary(s) ? first.share_elementary : first.share;
        // "All of" with no figure: 89 high-school sentences once said it of a district with 0.5 % (Londonderry in Derry, 03038).
        // (A ZIP whose people are all in one district is "all" in it, whatever part of its land no district covers.)
        // (Nor beside a table's "> 99 %": 07420, 0.9958, pages audit 39.)
        if (high && /^[^:]+: all of [0-9]{5} is in/.test(s) && share < 1) wrong.push(`${a.zip}: ${s} (${share})`);
        // Nor at any level of a district holding part of the ZIP's people, the rest in no district (08212, 96 %).
        if (/^(?:[^:]+: )?[Aa]ll of [0-9]{5} is in/.test(s) && share > 0 && share < 1) wrong.push(`${a.zip}: ${s} (${share})`);
        // Nor lists one as covering part of high school (Saddle River Borough, Pre-K to 5th, "28 %" of 07458's).
        for (const leaid of high ? named(s) : []) {
          const last = /([0-9]+)(?:st|nd|rd|th)$/.exec(byLeaid.get(leaid)?.grade_span ?? "");
          if (last !== null && Number(last[1]) < 9) wrong.push(`${a.zip}: ${s} (${leaid}: ${byLeaid.get(leaid)!.grade_span})`);
        }
      }
    }
    expect(wrong.slice(0, 10), `${wrong.length} sentences`).toEqual([]);
  });
});

/** The words of a ZIP's level labels, checking that `upTo` is the last grade "Up to Nth grade" names (none for the other labels). */
const words = (labels: LevelLabels) => {
  const { upTo, ...rest } = labels;
  const named = /^Up to ([0-9]+)(?:st|nd|rd|th) grade$/.exec(rest.elementary)?.[1];
  expect(upTo).toBe(named === undefined ? undefined : Number(named));
  return rest;
};

describe("levelLabels", () => {
  it.each([
    ["9th – 12th", "Elementary grades", "High school"],
    ["Kindergarten – 12th", "Elementary grades", "High school"],
    ["", "Elementary grades", "High school"],
    ["6th – 12th", "Up to 5th grade", "6th grade and up"],
    ["7th – 12th", "Up to 6th grade", "7th grade and up"],
    ["3rd – 12th", "Up to 2nd grade", "3rd grade and up"],
  ])("a high-school district teaching %j: %j and %j", (span, elementary, high) => expect(words(levelLabels(span))).toEqual({ elementary, high }));
  it.each([
    ["Kindergarten – 12th", "Kindergarten – 6th", "Up to 6th grade", "7th grade and up"],
    ["7th – 12th", "Pre-Kindergarten – 6th", "Up to 6th grade", "7th grade and up"],
    ["6th – 12th", "Kindergarten – 5th", "Up to 5th grade", "6th grade and up"],
    // Where the spans overlap, the elementary district's last grade cuts (audit 5: 08886 read "Up to 6th grade" over a K-8 district).
    ["6th – 12th", "Kindergarten – 6th", "Up to 6th grade", "7th grade and up"],
    ["7th – 12th", "Pre-Kindergarten – 8th", "Elementary grades", "High school"],
    ["5th – 12th", "Pre-Kindergarten – 8th", "Elementary grades", "High school"],
    // Grades between them: the high-school district's first grade cuts (the answer asks about the missing ones).
    ["7th – 12th", "Kindergarten – 5th", "Up to 6th grade", "7th grade and up"],
    ["9th – 12th", "Kindergarten – 6th", "Elementary grades", "High school"],
    ["Kindergarten – 12th", "Kindergarten – 8th", "Elementary grades", "High school"],
    ["", "Kindergarten – 5th", "Elementary grades", "High school"],
  ])("a high-school district teaching %j over an elementary one teaching %j: %j and %j", (high, elementaryGrades, elementary, highLabel) =>
    expect(words(levelLabels(high, elementaryGrades))).toEqual({ elementary, high: highLabel }),
  );
  it("takes no cut from a high-school district serving less than half of the ZIP, unless the elementary one's last grade makes it", () => {
    expect(words(levelLabels("6th – 12th", "", false))).toEqual({ elementary: "Elementary grades", high: "High school" });
    expect(words(levelLabels("7th – 12th", "Pre-Kindergarten – 6th", false))).toEqual({ elementary: "Up to 6th grade", high: "7th grade and up" });
  });
});

describe("a district starting after Kindergarten (pages audit 36 #10: Lamont, WA, 5th to 8th, read 'teaches only up to 8th grade')", () => {
  it("says both ends of its grades and asks about the younger and older students", () => {
    expect(askAboutOlderGrades("Lamont School District", "8th", 5)).toBe("Lamont School District teaches only 5th to 8th grade: ask it which schools its younger and older students attend.");
    expect(askAboutOlderGrades("Derry School District", "8th", -1)).toBe("Derry School District teaches only up to 8th grade: ask it which school its older students attend.");
    expect(askAboutOlderGrades("Tamworth School District", "8th", 0)).toBe("Tamworth School District teaches only up to 8th grade: ask it which school its older students attend.");
    expect(answers.find((a) => a.zip === "99017")!.sentences).toContain("[5304290] teaches only 5th to 8th grade: ask it which schools its younger and older students attend.");
  });
});


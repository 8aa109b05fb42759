import { describe, expect, it } from "vitest";
import { formatCount, formatGradeSpan, formatPerPupil, formatPhone, formatWebsite, gradeName } from "./format.ts";

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [6, "6"],
    [999, "999"],
    [1000, "1,000"],
    [12345, "12,345"],
    [419929, "419,929"],
    [1234567, "1,234,567"],
    [null, ""],
  ] as const)("formats %s as %j", (value, text) => {
    expect(formatCount(value)).toBe(text);
  });

  it.each([-1, 1.5])("rejects %s", (value) => {
    expect(() => formatCount(value)).toThrow(RangeError);
  });
});

describe("formatPerPupil", () => {
  it("formats whole dollars with separators and /yr", () => {
    expect(formatPerPupil(17486)).toBe("$17,486/yr");
    expect(formatPerPupil(2000)).toBe("$2,000/yr");
    expect(formatPerPupil(100000)).toBe("$100,000/yr");
  });
  it("rounds to whole dollars", () => {
    expect(formatPerPupil(12344.5)).toBe("$12,345/yr");
    expect(formatPerPupil(12344.49)).toBe("$12,344/yr");
  });
  it("marks an estimate", () => {
    expect(formatPerPupil(9000, true)).toBe("$9,000/yr (est.)");
  });
  it("gives an empty string for a missing value", () => {
    expect(formatPerPupil(null)).toBe("");
    expect(formatPerPupil(null, true)).toBe("");
  });
});

describe("gradeName", () => {
  it.each([
    ["PK", "Pre-Kindergarten"],
    ["KG", "Kindergarten"],
    ["01", "1st"],
    ["02", "2nd"],
    ["03", "3rd"],
    ["04", "4th"],
    ["1", "1st"],
    ["10", "10th"],
    ["11", "11th"],
    ["12", "12th"],
    ["13", "13th"],
    ["UG", "Ungraded"],
    ["AE", "Adult Education"],
    ["kg", "Kindergarten"],
    [" 09 ", "9th"],
  ])("names %j %j", (code, name) => {
    expect(gradeName(code)).toBe(name);
  });
  it.each(["N", "M", "", "00", "14", "-1", "K"])("gives '' for the non-grade code %j", (code) => {
    expect(gradeName(code)).toBe("");
  });
});

describe("formatGradeSpan", () => {
  it("joins two grades with an en dash and one space each side", () => {
    expect(formatGradeSpan("KG", "12")).toBe("Kindergarten \u2013 12th");
    expect(formatGradeSpan("PK", "08")).toBe("Pre-Kindergarten \u2013 8th");
    expect(formatGradeSpan("09", "12")).toBe("9th \u2013 12th");
    expect(formatGradeSpan("PK", "AE")).toBe("Pre-Kindergarten \u2013 Adult Education");
  });
  it("gives a single grade as its name", () => {
    expect(formatGradeSpan("PK", "PK")).toBe("Pre-Kindergarten");
    expect(formatGradeSpan("UG", "UG")).toBe("Ungraded");
  });
  it("gives '' when either end is not a grade", () => {
    expect(formatGradeSpan("N", "N")).toBe("");
    expect(formatGradeSpan("KG", "M")).toBe("");
    expect(formatGradeSpan("", "12")).toBe("");
  });
});

describe("formatPhone", () => {
  it.each([
    ["(310)551-5100", "(310) 551-5100"],
    ["310-551-5100", "(310) 551-5100"],
    ["3105515100", "(310) 551-5100"],
    ["1-310-551-5100", "(310) 551-5100"],
    [" (310) 551-5100 ", "(310) 551-5100"],
    ["633-5237", "633-5237"],
    ["  +1 670 237 3001 x12 ", "+1 670 237 3001 x12"],
    ["684-633-5237 ext 2", "684-633-5237 ext 2"],
    ["", ""],
    ["   ", ""],
  ])("formats %j as %j", (raw, text) => {
    expect(formatPhone(raw)).toBe(text);
  });
});

describe("formatWebsite", () => {
  it.each([
    ["http://www.bhusd.org", "http://www.bhusd.org"],
    ["https://www.lausd.org/", "https://www.lausd.org/"],
    ["HTTPS://example-district.k12.ca.us", "HTTPS://example-district.k12.ca.us"],
    ["www.lausd.org", "http://www.lausd.org"],
    ["  acsboe.org/schools ", "http://acsboe.org/schools"],
    ["", ""],
    ["   ", ""],
    ["http://605 Bel Air Bvd Suite 21", ""],
    ["none", ""],
    ["http://", ""],
    // CCD's "http://" before a website typed with slips (answers audit 33 #7): the slips undone.
    ["http://http:/westwashingtonschools.org", "http://westwashingtonschools.org"],
    ["http://https:cantonschools.net", "https://cantonschools.net"],
    ["http://htt://www.ebs.k12.mo.us", "http://www.ebs.k12.mo.us"],
    ["http://http/Kirbyville.k12.mo.us/", "http://Kirbyville.k12.mo.us/"],
    ["http://#www.jnpsd.org/#", "http://www.jnpsd.org/"],
    ["http://.dardanelle.k12.ar.us", "http://dardanelle.k12.ar.us"],
    ["http://www.egsd.org.", "http://www.egsd.org"],
    ["http://www.hiawatha426..org", "http://www.hiawatha426.org"],
    // Not slips: a fragment, a host with "http" in it.
    ["http://www.x.org/a#b", "http://www.x.org/a#b"],
    ["http://www.http.org", "http://www.http.org"],
    ["http://N/A", ""],
    // An e-mail address typed as the site (data audit 38 #4): the host it names, no login.
    ["http://AWICKER@CDWILDCATS.COM", "http://cdwildcats.com"],
    ["http://tyrone@tyronebobcats.org", "http://tyronebobcats.org"],
    ["https://user:pw@www.x.org/a", "https://www.x.org/a"],
    ["http://ceeschool@gmail.com", ""],
  ])("formats %j as %j", (raw, text) => {
    expect(formatWebsite(raw)).toBe(text);
  });
});

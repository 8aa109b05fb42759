import { describe, expect, it } from "vitest";
import { districtPhone, isTollFree, sharedTollFreePhones } from "../src/shared-phones.ts";
import { ccdRow } from "./ccd-row.ts";

describe("sharedTollFreePhones", () => {
  it("finds a toll-free line given to districts with offices in different ZIP codes, not a local one nor one office's", () => {
    const rows = [
      ccdRow({ leaid: "3904583", phone: "(877)644-6338", office: "44805 635 county road 801" }),
      ccdRow({ leaid: "3904739", phone: "877-644-6338", office: "45002 56 n miami ave" }),
      // A local number shared by a union's members at one office, and a toll-free one of a single office.
      ccdRow({ leaid: "2300001", phone: "(207)555-0100", office: "04001 1 main st" }),
      ccdRow({ leaid: "2300002", phone: "(207)555-0100", office: "04002 2 main st" }),
      ccdRow({ leaid: "2300003", phone: "(800)555-0199", office: "04003 3 main st" }),
      ccdRow({ leaid: "2300004", phone: "(800)555-0199", office: "04003 3 main st" }),
      // A charter school network's line is not a district's.
      ccdRow({ leaid: "2300005", phone: "(866)555-0111", office: "04005 5 main st", leaType: "7" }),
      ccdRow({ leaid: "2300006", phone: "(866)555-0111", office: "04006 6 main st", leaType: "7" }),
    ];
    expect([...sharedTollFreePhones(rows)]).toEqual(["(877) 644-6338"]);
  });
});

describe("districtPhone", () => {
  const shared = new Set(["(877) 644-6338"]);
  it("keeps a phone that is not shared; for a shared one, the older directory's local phone, else none", () => {
    expect(districtPhone("(330) 542-2929", "", shared)).toBe("(330) 542-2929");
    expect(districtPhone("(877) 644-6338", "(419) 945-2188", shared)).toBe("(419) 945-2188");
    expect(districtPhone("(877) 644-6338", "(877) 644-6338", shared)).toBe("");
    expect(districtPhone("(877) 644-6338", "", shared)).toBe("");
    expect(districtPhone("(877) 644-6338", "(888) 555-0100", shared)).toBe("");
  });
  it("reads toll-free area codes only", () => {
    expect(isTollFree("(877) 644-6338")).toBe(true);
    expect(isTollFree("(878) 644-6338")).toBe(false);
    expect(isTollFree("877-644-6338")).toBe(false);
  });
});

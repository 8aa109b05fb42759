import { DatasetError } from "@school-districts/core";
import { describe, expect, it } from "vitest";
import { cityZipIndex, MAX_NEAR_ZIPS, nearZipIndex, parsePostal, POSTAL_COLUMNS } from "./postal.ts";

const HEADER = POSTAL_COLUMNS.join(",");
const GOOD = "90209,Beverly Hills,CA,Post Office or large volume customer,90210,Los Angeles County";

/** What parsePostal throws for `text`, so that its class and message can both be checked. */
function thrown(text: string, file?: string): unknown {
  try {
    parsePostal(text, file);
  } catch (err) {
    return err;
  }
  return undefined;
}

describe("parsePostal", () => {
  it("reads each row into a map by ZIP; an empty file is an empty map", () => {
    const postal = parsePostal(`${HEADER}\n${GOOD}\n00801,St Thomas,VI,Post Office or large volume customer,00801,\n`);
    expect([...postal.keys()]).toEqual(["90209", "00801"]);
    expect(postal.get("90209")).toEqual({ zip: "90209", city: "Beverly Hills", state: "CA", type: "Post Office or large volume customer", zcta: "90210", county: "Los Angeles County" });
    expect(postal.get("00801")?.county).toBe("");
    // A ZIP with no ZIP area of its own: an empty zcta is allowed.
    expect(parsePostal(`${HEADER}\n00802,St Thomas,VI,PO Box,,\n`).get("00802")?.zcta).toBe("");
    expect(parsePostal("").size).toBe(0);
  });

  // Corrupt data stops start-up with a message naming the file and the line, not with pages that
  // explain a ZIP wrongly: one bad field per row, the good row before it read first.
  it.each([
    ["a ZIP of 4 digits", "9020,Beverly Hills,CA,PO Box,90210,"],
    ["a ZIP with a letter", "9020A,Beverly Hills,CA,PO Box,90210,"],
    ["a state in lower case", "90209,Beverly Hills,ca,PO Box,90210,"],
    ["a state of 3 letters", "90209,Beverly Hills,CAL,PO Box,90210,"],
    ["an empty city", "90209,,CA,PO Box,90210,"],
    ["a zcta of 4 digits", "90209,Beverly Hills,CA,PO Box,9021,"],
    ["a zcta with a letter", "90209,Beverly Hills,CA,PO Box,9021X,"],
  ])("%s: a DatasetError naming the file and the line", (_what, row) => {
    const err = thrown(`${HEADER}\n${GOOD}\n${row}\n`, "/data/postal.csv");
    expect(err).toBeInstanceOf(DatasetError);
    expect((err as DatasetError).file).toBe("/data/postal.csv");
    expect((err as DatasetError).message).toBe(`/data/postal.csv: line 3 is malformed: ${row}`);
  });

  it("names the line in the file, not the row's index, where a quoted field holds a newline", () => {
    const err = thrown(`${HEADER}\n90209,"Beverly\nHills",CA,PO Box,90210,\n90211,Beverly Hills,ca,PO Box,90210,\n`);
    expect((err as DatasetError).message).toBe("postal.csv: line 4 is malformed: 90211,Beverly Hills,ca,PO Box,90210,");
  });

  it("a wrong header, or a row of another length, is a DatasetError naming the file", () => {
    expect(() => parsePostal(`zip,town,state,type,zcta,county\n${GOOD}\n`)).toThrow(new DatasetError("postal.csv", `header must be ${HEADER}`));
    const short = thrown(`${HEADER}\n${GOOD}\n90211,Beverly Hills,CA\n`);
    expect(short).toBeInstanceOf(DatasetError);
    expect((short as DatasetError).message).toMatch(/^postal\.csv: not valid CSV: .*line 3/);
  });
});

describe("cityZipIndex", () => {
  it("lists a city's ZIP codes in order, its name compared without case; none for another state", () => {
    const zips = cityZipIndex([
      { zip: "90210", city: "Beverly Hills", state: "CA" },
      { zip: "90211", city: "BEVERLY HILLS", state: "CA" },
      { zip: "43004", city: "Beverly Hills", state: "OH" },
    ]);
    expect(zips("beverly hills", "CA")).toEqual(["90210", "90211"]);
    expect(zips("Beverly Hills", "OH")).toEqual(["43004"]);
    expect(zips("Beverly Hills", "TX")).toEqual([]);
  });
});

describe("nearZipIndex (pages audit 39 #6)", () => {
  const evanston = (zip: string) => ({ zip, city: "Evanston", state: "IL" });
  const near = nearZipIndex([evanston("60201"), evanston("60202"), evanston("60208"), { zip: "60290", city: "Chicago", state: "IL" }, { zip: "60301", city: "Oak Park", state: "IL" }]);
  it("offers the ZIP codes of the same first 3 digits, one digit off first, then the nearest numbers", () => {
    // 60201 and 60290 are one digit off 60291; 60290 is nearer. Oak Park (603) is not offered.
    expect(near("60291").map((z) => z.zip)).toEqual(["60290", "60201", "60208", "60202"]);
    expect(near("60291")[1]).toEqual({ zip: "60201", city: "Evanston", state: "IL" });
  });
  it("ranks by nearness where none is one digit off", () => expect(near("60255").map((z) => z.zip)).toEqual(["60290", "60208", "60202", "60201"]));
  it("offers none where no ZIP code shares the first 3 digits", () => expect(near("99999")).toEqual([]));
  it("offers a handful at most", () => {
    const many = nearZipIndex(Array.from({ length: 30 }, (_, i) => evanston(String(60200 + i))));
    expect(many("60299")).toHaveLength(MAX_NEAR_ZIPS);
    // 60229, 60219 and 60209 are one digit off 60299.
    expect(many("60299").slice(0, 4).map((z) => z.zip)).toEqual(["60229", "60219", "60209", "60228"]);
  });
});

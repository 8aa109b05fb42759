import { describe, expect, it } from "vitest";
import { build } from "../src/build.ts";
import { writeFixture } from "./fixture.ts";

describe("postal.csv: USPS ZIPs without a record", () => {
  it("lists the crosswalk's ZIPs that have no record, with city, type and ZIP area; none with a record", () => {
    const f = writeFixture();
    const { files } = build({ raw: f.raw, date: "2026-11-22", joins: f.joins });
    expect(files.get("postal.csv")).toBe(
      "zip,city,state,type,zcta\n90009,Los Angeles,CA,Post Office or large volume customer,90001\n96799,Pago Pago,AS,Zip Code Area,\n",
    );
  });

  it("a duplicate ZIP in the crosswalk stops the build, naming the file", () => {
    const f = writeFixture((c) => ({ uds: c.uds + "90009,Los Angeles,CA,Post Office or large volume customer,90001,Spatial join to ZCTA\n" }));
    expect(() => build({ raw: f.raw, date: "2026-11-22", joins: f.joins })).toThrow(/zcta-zip-mapping-2020\.csv\.gz.*90009/);
  });
});

import { describe, expect, it } from "vitest";
import { build } from "../src/build.ts";
import { writeFixture } from "./fixture.ts";

describe("postal.csv: USPS ZIPs without a record", () => {
  it("lists the crosswalk's ZIPs that have no record, with city, type and ZIP area, and the military mail ZIPs; none with a record", () => {
    const f = writeFixture();
    const { files } = build({ raw: f.raw, date: "2026-11-22", joins: f.joins });
    // 90009 and 90003 have records (a PO-box ZIP from its post office's ZCTA; a ZCTA); 90007's
    // ZCTA has no record, 90008 is retired: they, the territory ZIP area and Palau's post office remain.
    expect(files.get("postal.csv")).toBe(
      "zip,city,state,type,zcta,county\n" +
        // A military mail ZIP of the zipcodes list (the crosswalk has none). No county source of the fixture knows these ZIPs.
        "09001,APO,AE,Military mail (APO/FPO/DPO),,\n" +
        "90007,Los Angeles,CA,Post Office or large volume customer,90099,\n" +
        "90008,Los Angeles,CA,Post Office or large volume customer,90001,\n" +
        "96799,Pago Pago,AS,Zip Code Area,,\n" +
        "96940,Koror,PW,Post Office or large volume customer,,\n",
    );
  });

  it("a duplicate ZIP in the crosswalk stops the build, naming the file", () => {
    const f = writeFixture((c) => ({ uds: c.uds + "90009,Los Angeles,CA,Post Office or large volume customer,90001,Spatial join to ZCTA\n" }));
    expect(() => build({ raw: f.raw, date: "2026-11-22", joins: f.joins })).toThrow(/zcta-zip-mapping-2020\.csv\.gz.*90009/);
  });
});

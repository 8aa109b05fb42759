/** Reads the real section-11 and -13 files when ../shared/data/raw is present. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readDistrictBoundaries, readZctaBoundaries } from "../src/boundaries.ts";
import { PolygonIndex } from "../src/polygon-index.ts";

const raw = resolve(import.meta.dirname, "../../../../shared/data/raw");
const present = existsSync(raw);
if (!present) console.warn(`SKIPPED boundary reader checks: raw folder ${raw} is absent`);

describe.skipIf(!present)("boundary readers on the raw files", () => {
  it("reads all three levels with LEAIDs, names and lon/lat rings", async () => {
    const ds = await readDistrictBoundaries(raw);
    const count = (l: string) => ds.filter((d) => d.level === l).length;
    // The counts of raw README section 11.
    expect([count("unified"), count("elementary"), count("secondary")]).toEqual([10889, 1968, 488]);
    const idx = new PolygonIndex(ds.filter((d) => d.level === "elementary"));
    // Downtown Billings, MT (lon, lat).
    expect(idx.find(-108.5007, 45.7833)?.name).toBe("Billings Elementary School District");
    const sec = new PolygonIndex(ds.filter((d) => d.level === "secondary"));
    expect(sec.find(-108.5007, 45.7833)?.leaid).toMatch(/^30[0-9]{5}$/);
    for (const d of ds) expect(d.bbox[0] >= -180 && d.bbox[2] <= 180 && d.bbox[1] >= -90 && d.bbox[3] <= 90).toBe(true);
  }, 120_000);
  it("reads the 2010 ZCTA polygons once per ZCTA", () => {
    const zs = readZctaBoundaries(raw);
    expect(new Set(zs.map((z) => z.zcta)).size).toBe(zs.length);
    expect(new PolygonIndex(zs).find(-108.5007, 45.7833)?.zcta).toBe("59101");
  }, 120_000);
});

import { beforeAll, describe, expect, it } from "vitest";
import { neighbourAt, readCountries } from "./abroad.ts";

describe("neighbourAt: the surveyed straight borders decide by their line, not Natural Earth's outline (pages audit 41 #6)", () => {
  let abroad: ReturnType<typeof neighbourAt>;
  beforeAll(async () => {
    abroad = neighbourAt(await readCountries());
  }, 60_000);

  it.each([
    [-111.5, 48.9985], // Montana, 165 m south of the 49th parallel: Natural Earth's outline puts it in Canada
    [-121.8, 48.9995], // Washington, 55 m south
    [-141.002, 63.5], // Alaska, 100 m west of the 141st meridian: in Natural Earth's Yukon
    [-141.01, 69.5], // Alaska, near the Arctic shore
  ])("%s, %s is on the US side", (lon, lat) => {
    expect(abroad(lon, lat)).toBeUndefined();
  });

  it.each([
    [-111.5, 49.01, "Canada"], // Alberta, 1.1 km north of the line
    [-140.98, 63.5, "Canada"], // Yukon, 1 km east of the meridian
    [-110, 31.32, "Mexico"], // Sonora, 1.5 km south of 31°20′
    [-107, 31.77, "Mexico"], // Chihuahua, 1.5 km south of 31°47′
    [-123.37, 48.43, "Canada"], // Victoria, BC: south of the 49th parallel, west of where the line is the border
    [-93.4, 48.65, "Canada"], // Fort Frances, ON, across the Rainy River: south of the 49th parallel, east of Lake of the Woods
  ])("%s, %s is in %s", (lon, lat, country) => {
    expect(abroad(lon, lat)).toBe(country);
  });
});

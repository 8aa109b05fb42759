/**
 * The maps of district pages (page-maps.ts) from the committed boundaries
 * (data/boundaries.topojson): every district's map within the budget, Alaska and
 * Hawaii drawn whole, the sentence when there is no outline, and the page wiring.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "csv-parse/sync";
import type { LocationIndex } from "@school-districts/core";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../test/helpers.ts";
import { dataPaths } from "./assets.ts";
import { readBoundaryIndex } from "./location.ts";
import { projectionFor } from "./map.ts";
import { checkMapFiles, districtOutline, extentWords, mainPieces, PageMaps, readZctaOutlines } from "./page-maps.ts";
import type { DistrictOverlap, DistrictRecord, ZctaOutlines } from "@school-districts/core";

const DATA = resolve(import.meta.dirname, "../../../data");
const LEVEL = { U: "unified", E: "elementary", S: "secondary" } as const;
const VINTAGE = "2016 (school year 2015-16)";

describe("district maps", () => {
  let index: LocationIndex;
  let maps: PageMaps;
  let app: Hono;
  beforeAll(async () => {
    index = readBoundaryIndex(dataPaths(DATA), "data")!;
    maps = new PageMaps({ boundaries: () => index, vintage: VINTAGE });
    ({ app } = await testApp(undefined, undefined, maps));
  });

  it("districts of districts.csv (every one in AK and HI, a quarter of the rest): a map of at most ~15 KB with its text alternative, or a sentence saying why there is none", () => {
    const all = parse(readFileSync(resolve(DATA, "districts.csv"), "utf8"), { columns: true }) as { leaid: string; state: string; name: string; level: "U" | "E" | "S" }[];
    // A sample keeps the test short on a busy machine; the byte budget itself is proven in map.test.ts.
    const territories = new Set(["AS", "GU", "MP", "PR", "VI"]);
    const rows = all.filter((r, i) => r.state === "AK" || r.state === "HI" || territories.has(r.state) || i % 4 === 0);
    let drawn = 0;
    let none = 0;
    for (const r of rows) {
      const html = maps.district({ leaid: r.leaid, district: r.name, state: r.state as never, level: LEVEL[r.level] });
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(15_000);
      if (html.includes("<svg")) {
        drawn++;
        expect(html).toMatch(/<figure aria-labelledby="map-title"><svg [^>]*aria-labelledby="map-title"[\s\S]*<\/svg><figcaption>Map of the outline of [^<]+<\/figcaption><\/figure>/);
        expect(html).not.toContain("<desc");
      } else {
        none++;
        expect(html).toMatch(/<p id="no-map">No map of .*(no districts in|not in the Census boundary file of 2016)/);
      }
    }
    // BOUNDARIES.md: 21 districts of today have no boundary; the territories (all in the sample) none either.
    expect(none).toBeGreaterThanOrEqual(all.filter((r) => territories.has(r.state)).length);
    expect(none).toBeLessThan(60);
    expect(drawn + none).toBe(rows.length);
  });

  it("Alaska's Aleutian Region (across 180°) and Hawaii keep their shape: projected width over height as on the ground", () => {
    for (const [leaid, state] of [["0200010", "AK"], ["1500030", "HI"], ["0200610", "AK"]] as const) {
      const outline = districtOutline(index, leaid, "unified")!;
      const words = extentWords(outline).match(/about ([\d,.]+) miles east to west and ([\d,.]+) miles/)!;
      const ground = Number(words[1]!.replace(/,/g, "")) / Number(words[2]!.replace(/,/g, ""));
      const lon = (l: number) => (l > 0 ? l - 360 : l);
      const pts = outline.flatMap((p) => p[0]!).map(([x, y]) => [lon(x), y] as const);
      const box = [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))];
      const proj = projectionFor(box);
      const xy = pts.map((p) => proj([p[0], p[1]])!);
      const w = Math.max(...xy.map((p) => p[0])) - Math.min(...xy.map((p) => p[0]));
      const h = Math.max(...xy.map((p) => p[1])) - Math.min(...xy.map((p) => p[1]));
      expect(w / h, `${leaid} ${state}`).toBeGreaterThan(ground * 0.8);
      expect(w / h, `${leaid} ${state}`).toBeLessThan(ground * 1.25);
      const html = maps.district({ leaid, district: leaid, state, level: "unified" });
      expect(html).toContain("<svg");
      expect(html).toMatch(/in \d+ separate pieces/);
    }
  });

  it("Hawaii: the view holds the main islands; the Northwestern Islands, 2,000 km away, are said to lie outside it", () => {
    const outline = districtOutline(index, "1500030", "unified")!;
    const { main, outside } = mainPieces(outline);
    expect(main.length).toBeGreaterThanOrEqual(8); // Hawaiʻi, Maui, Oʻahu, Kauaʻi, Molokaʻi, Lānaʻi, Niʻihau, Kahoʻolawe
    expect(outside).toBeGreaterThan(5);
    expect(extentWords(main)).toMatch(/about (3[1-7]\d) miles east to west/);
    const html = maps.district({ leaid: "1500030", district: "Hawaii Department of Education", state: "HI", level: "unified" });
    expect(html).toMatch(/The map shows its main part, about 3[1-7]\d miles east to west and \d+ miles north to south; \d+ small pieces lie farther away, outside the map/);
    // The Aleutian Region is a chain: every piece is in view.
    expect(mainPieces(districtOutline(index, "0200010", "unified")!).outside).toBe(0);
  });

  it("a district formed since 2016 (its share estimated by land) says its outline is an estimate, not the 2016 boundaries' (pages audit 32 #5)", () => {
    const byron = { leaid: "2314835", district: "Byron Public Schools", state: "ME" as never, level: "unified" as const };
    const note = { code: "share-by-land" as const, text: "Byron Public Schools was formed after the 2016 Census school-district maps.", zips: ["04275"] };
    const html = maps.district({ ...byron, notes: [note] });
    expect(html).toMatch(/Byron Public Schools was formed after the 2016 \(school year 2015-16\) Census school-district boundaries, so this outline is an estimate: made of older districts(&#39;|') areas/);
    expect(html).not.toContain("Drawn from the 2016");
    expect(maps.district(byron)).toContain("Drawn from the 2016 (school year 2015-16) Census school-district boundaries");
    // One formed from whole districts of 2016 is drawn as theirs, not as an estimate (Holmes County Consolidated, MS: review 32 #7).
    const holmes = { leaid: "2800195", district: "Holmes County Consolidated School District", state: "MS" as never, level: "unified" as const, notes: [note] };
    expect(maps.district(holmes)).toContain("Holmes County Consolidated School District was formed after the 2016 (school year 2015-16) Census school-district boundaries: this outline is that of the districts it was formed from");
  });

  it("GET /district/0604830: the page has the map after the answer, with its text alternative", async () => {
    const html = await (await app.request("/district/0604830")).text();
    expect(html.indexOf('<h2 id="map">Map</h2>')).toBeGreaterThan(html.indexOf("is the main school district of"));
    expect(html).toMatch(/<svg [^>]*role="img" aria-labelledby="map-title"/);
    expect(html).toContain("<title id=\"map-title\">Map of Beverly Hills Unified School District</title>");
    expect(html).toMatch(/<figcaption>Map of the outline of Beverly Hills Unified School District \(CA\), shaded with a blue outline, in (one piece|\d+ separate pieces \(islands or detached parts\)), about [\d.]+ miles east to west/);
  });

  it("a district without a drawn boundary says so in words: a territory, a district not in the 2016 file", async () => {
    const pr = await (await app.request("/district/7200030")).text();
    expect(pr).toContain('<p id="no-map">No map of Puerto Rico Department of Education: the Census school-district boundary files have no districts in PR');
    expect(pr).not.toContain("<svg");
    const ak = await (await app.request("/district/0299999")).text();
    expect(ak).toMatch(/<p id="no-map">No map of Test &quot;Quoted&quot;, District &lt;Schools&gt;: this district is not in the Census boundary file of 2016/);
  });
});

describe("ZIP maps", () => {
  let maps: PageMaps;
  let zctas: ZctaOutlines;
  let app: Hono;
  type Row = { zip: string; state: DistrictRecord["state"]; leaid: string; zcta: string };
  let zips: Row[];
  const districtsOf = new Map<string, DistrictOverlap[]>();
  beforeAll(async () => {
    const index = readBoundaryIndex(dataPaths(DATA), "data")!;
    zctas = readZctaOutlines(dataPaths(DATA), "data")!;
    maps = new PageMaps({ boundaries: () => index, zctas: () => zctas, vintage: VINTAGE });
    ({ app } = await testApp(undefined, undefined, maps));
    const csv = (name: string) => parse(readFileSync(resolve(DATA, name), "utf8"), { columns: true }) as Record<string, string>[];
    zips = csv("zips.csv") as unknown as Row[];
    const names = new Map(csv("districts.csv").map((d) => [d.leaid!, d]));
    const chosen = new Map(zips.map((z) => [z.zip, z.leaid]));
    for (const o of csv("overlaps.csv")) {
      const d = names.get(o.leaid!)!;
      const list = districtsOf.get(o.zip!) ?? districtsOf.set(o.zip!, []).get(o.zip!)!;
      list.push({ leaid: o.leaid!, district: d.name!, level: LEVEL[d.level as "U"], share: Number(o.share), basis: o.basis, chosen: chosen.get(o.zip!) === o.leaid } as DistrictOverlap);
    }
  });
  const mapOf = (zip: string) => {
    const z = zips.find((r) => r.zip === zip)!;
    return maps.zip(z, { districts: districtsOf.get(zip)!, zcta: z.zcta });
  };

  it("ZIP maps are at most ~15 KB: every ZIP with 6+ districts or in Alaska, and every 25th other (10+ districts, New York City too)", () => {
    let most = { zip: "", bytes: 0, districts: 0 };
    // A sample keeps the test short on a busy machine (the largest maps have many districts); the byte budget itself is proven in map.test.ts.
    for (const z of zips.filter((z, i) => districtsOf.get(z.zip)!.length >= 6 || z.state === "AK" || i % 25 === 0)) {
      const bytes = Buffer.byteLength(maps.zip(z, { districts: districtsOf.get(z.zip)!, zcta: z.zcta }));
      expect([z.zip, bytes <= 15_000]).toEqual([z.zip, true]);
      if (bytes > most.bytes) most = { zip: z.zip, bytes, districts: districtsOf.get(z.zip)!.length };
    }
    expect(most.bytes).toBeGreaterThan(8_000); // the budget is what bounds them, not luck
    for (const zip of ["99501", "10001", "10025"]) expect(Buffer.byteLength(mapOf(zip))).toBeLessThanOrEqual(15_000);
    const many = zips.find((z) => districtsOf.get(z.zip)!.length >= 10)!;
    const html = mapOf(many.zip);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(15_000);
    expect(html).toContain('stroke="#111"'); // the ZIP outline is still drawn
  });

  it("90210: the ZIP outline (thick) drawn over its districts, Beverly Hills Unified shaded blue, Los Angeles Unified grey; the same in words", () => {
    const html = mapOf("90210");
    const svg = html.match(/<svg[\s\S]*<\/svg>/)![0];
    const strokes = [...svg.matchAll(/<path [^>]*stroke="([^"]+)"/g)].map((m) => m[1]);
    expect(strokes).toEqual(["#5c5c5c", "#0645ad", "#111"]); // other, primary, then the ZIP on top
    const desc = html.match(/<figcaption>([^<]*)<\/figcaption>/)![1]!;
    expect(desc).toMatch(/^Map of ZIP code 90210 \(thick outline: its ZIP Code Tabulation Area of 2010\) over the school districts it overlaps: Beverly Hills Unified School District \(shaded blue\) and Los Angeles Unified School District \(shaded grey\)\. The ZIP area is about [\d.]+ miles east to west/);
    expect(svg).not.toContain("<desc");
  });

  it("90209, a PO-box ZIP: draws the outline of 90210, where its post office lies, and says so", () => {
    const html = mapOf("90209");
    expect(html).toContain('stroke="#111"');
    expect(html).toContain("Map of the area of ZIP code 90210, where the post office of PO-box ZIP code 90209 lies (thick outline: ZIP Code Tabulation Area 90210 of 2010)");
  });

  it("a ZIP whose ZCTA is new since 2010: its districts drawn alone, and the missing outline said in words", () => {
    const fresh = zips.find((z) => z.zcta === z.zip && !zctas.has(z.zip) && !["PR", "VI", "GU", "AS", "MP"].includes(z.state))!;
    const html = mapOf(fresh.zip);
    expect(html).not.toContain('stroke="#111"');
    expect(html).toContain(`ZIP code ${fresh.zip} has no outline on this map: its ZIP Code Tabulation Area is new since 2010`);
  });

  it("a ZIP whose one district has no outline in the Census file: only the ZIP is drawn, and the caption says so with no empty list", () => {
    // Moro Plantation Public Schools (2314836, new since 2016, too little land to be carved out of RSU 50)
    // has no outline; 04780 as if it were its only district.
    const z = zips.find((r) => r.zip === "04780")!;
    const moro = districtsOf.get("04780")!.find((d) => d.leaid === "2314836")!;
    const html = maps.zip(z, { districts: [{ ...moro, chosen: true, share: 1 }], zcta: z.zcta });
    expect(html).toContain('stroke="#111"');
    const desc = html.match(/<figcaption>([^<]*)<\/figcaption>/)![1]!;
    expect(desc).toMatch(/^Map of ZIP code 04780 \(thick outline: its ZIP Code Tabulation Area of 2010\); no outline of its school districts is drawn\. The ZIP area is about /);
    expect(desc).toContain("Moro Plantation Public Schools has no drawn boundary (not in the 2016 (school year 2015-16) Census file)");
    expect(desc).not.toContain(": .");
    // The real 07711: Loch Arbour (no outline) named beside the districts drawn.
    expect(mapOf("07711")).toContain("Loch Arbour School District has no drawn boundary");
  });

  it("a territory ZIP says there is nothing to draw", () => {
    expect(mapOf("00601")).toContain('<p id="no-map">No map of 00601: the Census boundary files have no school districts or ZIP outlines in PR');
  });

  it("GET /zip/01002 (split levels): the map after the answer, the high-school district dashed, the ZIP outline over it", async () => {
    const html = await (await app.request("/zip/01002")).text();
    expect(html.indexOf('<h2 id="map">Map</h2>')).toBeGreaterThan(html.indexOf('class="answer"'));
    // The district's phone comes before the map: on a phone the map and its caption take a screen or more.
    expect(html.indexOf('<h2 id="map">Map</h2>')).toBeGreaterThan(html.indexOf("<dt>Phone</dt>"));
    expect(html).toMatch(/<svg [^>]*role="img" aria-labelledby="map-title"/);
    expect(html).toContain("Amherst-Pelham School District (dashed outline)");
    expect(html).toContain('stroke-dasharray="5 3"');
    expect(html).toContain('stroke="#111"');
  });
});

describe("checkMapFiles (start-up)", () => {
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), "sd-maps-"));
    for (const f of ["manifest.json", "boundaries.topojson", "zctas.topojson"]) copyFileSync(join(DATA, f), join(dir, f));
    return dir;
  };
  it.each([
    ["missing", (f: string) => unlinkSync(f), true, /zctas\.topojson: missing \(the manifest lists it\)/],
    ["truncated", (f: string) => truncateSync(f, 1000), false, /zctas\.topojson: 1000 bytes, the manifest says \d+/],
    ["one byte changed", (f: string) => {
      const b = readFileSync(f);
      b[b.length - 100] = b[b.length - 100] === 0x31 ? 0x32 : 0x31;
      writeFileSync(f, b);
    }, true, /zctas\.topojson: sha256 mismatch/],
  ] as const)("%s: stops with a DatasetError naming the file", async (_how, damage, hash, message) => {
    const dir = copy();
    try {
      await expect(checkMapFiles(dataPaths(dir), dir, { hash })).resolves.toBeUndefined(); // intact copy
      damage(join(dir, "zctas.topojson"));
      await expect(checkMapFiles(dataPaths(dir), dir, { hash })).rejects.toThrow(message);
      await expect(checkMapFiles(dataPaths(dir), dir, { hash })).rejects.toThrow(join(dir, "zctas.topojson"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The map drawing (map.ts): the projection fitted to the place (Alaska across 180°),
 * the byte budget, clipping to the view, the text alternative.
 */
import { describe, expect, it } from "vitest";
import { MAP_WIDTH, mapFigure, mapSvg, projectionFor, type Rings } from "./map.ts";

/** A jagged ring of `n` points around (lon, lat), radius r degrees: many points, all of them needed. */
function jagged(lon: number, lat: number, r: number, n: number): Rings {
  const ring: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const rr = r * (i % 2 === 0 ? 1 : 0.97);
    ring.push([lon + rr * Math.cos(a), lat + rr * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return [ring];
}
const viewBox = (svg: string) => svg.match(/viewBox="0 0 (\d+) (\d+)"/)!.slice(1).map(Number) as [number, number];
const numbers = (d: string) => [...d.matchAll(/-?\d+/g)].map((m) => Number(m[0]));

describe("projectionFor", () => {
  it("keeps Alaska's islands on both sides of 180° together (longitudes east of 0 wrapped west of -180)", () => {
    const p = projectionFor([-190, 51, -170, 55]);
    const [xEast] = p([-180.5, 52])!; // 179.5° E, wrapped
    const [xWest] = p([-179.5, 52])!;
    const [xFar] = p([-170, 52])!;
    expect(Math.abs(xWest - xEast)).toBeLessThan(Math.abs(xFar - xWest) / 5);
  });

  it("is conformal enough at the middle of the place: a degree of latitude and a degree of longitude × cos(lat) project to about the same length", () => {
    for (const [lon, lat] of [[-155.5, 19.6], [-150, 64], [-74, 40.7]] as const) {
      const p = projectionFor([lon - 1, lat - 1, lon + 1, lat + 1]);
      const [x0, y0] = p([lon, lat])!;
      const [x1] = p([lon + 0.1, lat])!;
      const [, y1] = p([lon, lat + 0.1])!;
      const ratio = Math.abs(x1 - x0) / (Math.abs(y1 - y0) * Math.cos((lat * Math.PI) / 180));
      expect(ratio).toBeGreaterThan(0.97);
      expect(ratio).toBeLessThan(1.03);
    }
  });
});

describe("mapSvg", () => {
  const opts = { id: "m", title: "Map of A & B" };

  it("says what it shows: role img, labelled by its escaped title", () => {
    const svg = mapSvg([{ polygons: [jagged(-100, 40, 0.1, 40)], style: "primary" }], opts);
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="m-title"/);
    expect(svg).toContain('<title id="m-title">Map of A &amp; B</title>');
    expect(viewBox(svg)[0]).toBe(MAP_WIDTH);
  });

  it("mapFigure: the caption says the rest once, escaped, outside the SVG (no <desc> read a second time)", () => {
    const figure = mapFigure([{ polygons: [jagged(-100, 40, 0.1, 40)], style: "primary" }], { ...opts, caption: 'A "place" <here>' });
    expect(figure).toMatch(/^<figure aria-labelledby="m-title"><svg [^>]*aria-labelledby="m-title"[^>]*>.*<\/svg><figcaption>A &quot;place&quot; &lt;here&gt;<\/figcaption><\/figure>$/s);
    expect(figure).not.toContain("<desc");
  });

  it("stays within its byte budget however many points the outlines have", () => {
    const shapes = Array.from({ length: 12 }, (_, i) => ({ polygons: [jagged(-100 + i * 0.3, 40, 0.2, 20_000)], style: i === 0 ? ("primary" as const) : ("other" as const) }));
    const unbounded = mapSvg(shapes, { ...opts, budget: 10_000_000 });
    expect(Buffer.byteLength(unbounded)).toBeGreaterThan(50_000);
    for (const budget of [6_000, 12_000]) expect(Buffer.byteLength(mapSvg(shapes, { ...opts, budget }))).toBeLessThanOrEqual(budget);
  });

  it("fits the view to the focus and clips the rest to it: a ZIP drawn over a district 100 times its size", () => {
    const zip = jagged(-100, 40, 0.01, 30);
    const district = jagged(-100, 40, 1, 200);
    const svg = mapSvg(
      [
        { polygons: [district], style: "primary" },
        { polygons: [zip], style: "zip" },
      ],
      { ...opts, focus: [zip] },
    );
    const [w, h] = viewBox(svg);
    // The ZIP fills most of the view (a margin around it), not a dot in the district.
    const zipPath = svg.match(/<path class="m-zip" fill="none" stroke="#111"[^>]* d="M([^"]+)"/)![1]!;
    const [x0] = numbers(zipPath);
    expect(x0).toBeGreaterThan(0.6 * w); // its first point, east of the centre, lies near the right edge
    // The district is clipped to the view: every absolute point stays within a few units of it.
    const districtPath = svg.match(/<path class="m-primary" fill="#dce8f7"[^>]* d="([^"]+)"/)![1]!;
    for (const ring of districtPath.split("M").filter(Boolean)) {
      let [x, y] = numbers(ring);
      const steps = numbers(ring.slice(ring.indexOf("l") + 1));
      for (let i = 0; i < steps.length; i += 2) {
        [x, y] = [x! + steps[i]!, y! + steps[i + 1]!];
        expect(x).toBeGreaterThanOrEqual(-5);
        expect(x).toBeLessThanOrEqual(w + 5);
        expect(y).toBeGreaterThanOrEqual(-5);
        expect(y).toBeLessThanOrEqual(h + 5);
      }
    }
  });

  it("draws the ZIP outline last, over the districts", async () => {
    const svg = mapSvg(
      [
        { polygons: [jagged(-100, 40, 0.05, 30)], style: "zip" },
        { polygons: [jagged(-100, 40, 0.2, 30)], style: "other" },
        { polygons: [jagged(-100, 40, 0.1, 30)], style: "secondary" },
      ],
      opts,
    );
    const order = [...svg.matchAll(/<path class="m-[a-z]+" (fill="[^"]+")[^>]*stroke="([^"]+)"/g)].map((m) => m[2]);
    expect(order).toEqual(["#5c5c5c", "#7a3e00", "#111"]);
    // Each shape and the background carry their class: the page's dark scheme recolours them (pages audit 30 #9: a bright panel on a dark page).
    expect(svg).toContain('<rect class="m-bg"');
    for (const style of ["other", "secondary", "zip"]) expect(svg).toContain(`<path class="m-${style}"`);
    const { layout } = await import("./layout.ts");
    const page = layout({ title: "t", description: "d", canonical: null, main: svg }, { updated: "2026-11-22", records: 1, baseUrl: "http://localhost:8080" });
    expect(page).toMatch(/@media screen and \(prefers-color-scheme:dark\)\{\.map \.m-bg\{fill:#1e1e1e\}/);
  });
});

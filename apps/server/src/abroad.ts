/**
 * Canada and Mexico near the United States, as Natural Earth's 1:10m countries draw them (the
 * world-atlas package; public domain): a place outside every school district drawn that lies in one
 * of them is abroad, not a shore strip or small island the simplified district outlines cut off
 * (pages audit 40 #1: Tijuana's centre was "most likely in" San Ysidro Elementary School District, as
 * were 736 of 775 places a mile inside Canada or Mexico). Natural Earth's land border is off by up to
 * about a kilometre (along the Rio Grande at Laredo): it decides only for places no district holds, more
 * than 100 m from every district drawn (500 m where a ZIP area holds them: location.ts).
 *
 * And the land of the territories, which have no boundary file: a place on it is in the territory
 * however far from its ZIP codes' points (pages audit 40 #7: Manu'a, 70 miles from American Samoa's
 * one ZIP code's point, was "open water").
 */
import countries from "world-atlas/countries-10m.json" with { type: "file" };
import { clipPolygon } from "lineclip";
import pointInPolygon from "point-in-polygon-hao";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";


/** The territories' USPS codes by their ISO 3166 numeric codes (American Samoa, Guam, the Northern Mariana Islands, Puerto Rico, the Virgin Islands). */
const TERRITORY_CODES: Readonly<Record<string, string>> = { "016": "AS", "316": "GU", "580": "MP", "630": "PR", "850": "VI" };

/**
 * The boxes [west, south, east, north] along the land borders that the neighbours are kept in (a
 * place elsewhere is never beside both a drawn district and a neighbour): the 49th parallel and the
 * Great Lakes, Alaska's border with Canada, and the Mexican border.
 */
const BORDER_BOXES: readonly [number, number, number, number][] = [
  [-125.5, 41, -66.5, 49.6],
  [-141.1, 54.5, -129.5, 69.8],
  [-117.5, 25.5, -96.9, 33],
];

/**
 * The neighbours by their ISO 3166 numeric codes, as world-atlas ids them, each with the boxes it is kept in: Canada and
 * Mexico along the land borders; the British Virgin Islands, a few miles from St. John, whose places were offered its ZIP
 * code (review of stop 41 #7). Not Russia: at 1:10m its Big Diomede covers Little Diomede's shore, and its outlines that
 * reach 180° clipped to a box filled the Bering Strait's US side (review of the late commits 41 #1).
 */
const NEIGHBOURS: Readonly<Record<string, { country: string; boxes: readonly [number, number, number, number][] }>> = {
  "124": { country: "Canada", boxes: BORDER_BOXES },
  "484": { country: "Mexico", boxes: BORDER_BOXES },
  "092": { country: "the British Virgin Islands", boxes: [[-65, 18.2, -64.2, 18.8]] },
};

/**
 * Where a land border is a surveyed line of latitude or longitude, the side of the line a place is on, not Natural
 * Earth's outline, which strays from it by up to a few hundred metres at 1:10m (pages audit 41 #6: 38 of 1,110 places 55
 * to 220 m south of the 49th parallel in Washington, Idaho and Montana were "in Canada"). Each line: the neighbour, the
 * range it runs over [from, to], and whether a place is on the US side. The 49th parallel from east of Point Roberts
 * and the Gulf Islands (-123°) to Lake of the Woods (-95.153°); the 141st meridian from the Arctic shore (69.65°) to
 * Mount St. Elias (60.31°); the 31°20′ and 31°47′ parallels from Nogales to El Paso.
 */
const SURVEYED_LINES: readonly { country: string; along: "lon" | "lat"; from: number; to: number; onUsSide: (lon: number, lat: number) => boolean }[] = [
  { country: "Canada", along: "lon", from: -123, to: -95.153, onUsSide: (_lon, lat) => lat < 49 },
  { country: "Canada", along: "lat", from: 60.31, to: 69.65, onUsSide: (lon) => lon < -141 },
  { country: "Mexico", along: "lon", from: -111.0747, to: -108.2083, onUsSide: (_lon, lat) => lat > 31 + 20 / 60 },
  { country: "Mexico", along: "lon", from: -108.2083, to: -106.528, onUsSide: (_lon, lat) => lat > 31 + 47 / 60 },
];

/** Whether a surveyed line of the neighbour's border (SURVEYED_LINES) puts a place on the US side of it. */
function onUsSideOfSurveyedLine(country: string, lon: number, lat: number): boolean {
  return SURVEYED_LINES.some((line) => {
    const at = line.along === "lon" ? lon : lat;
    return line.country === country && at >= line.from && at <= line.to && line.onUsSide(lon, lat);
  });
}

/** A neighbour's land in one border box: an outer ring of [lon, lat], and its box to test first. */
interface NeighbourPart {
  country: string;
  ring: [number, number][];
  box: [number, number, number, number];
}

/**
 * Which neighbour of the United States a place lies in, if any: "Canada", "Mexico", "the British Virgin
 * Islands" or undefined. Read from the package's file once, the parts near the borders kept.
 *
 * @example
 * const abroad = neighbourAt(await readCountries());
 * abroad(-117.03, 32.532) // "Mexico" (Tijuana)
 * abroad(-117.06, 32.56) // undefined (San Ysidro)
 * abroad(-111.5, 48.9985) // undefined (Montana, 165 m south of the 49th parallel, which Natural Earth's outline puts in Canada)
 */
export function neighbourAt(topo: Countries): (lon: number, lat: number) => string | undefined {
  const parts: NeighbourPart[] = [];
  for (const geometry of topo.objects.countries.geometries) {
    const neighbour = NEIGHBOURS[String(geometry.id)];
    if (neighbour === undefined) continue;
    const { country, boxes } = neighbour;
    for (const polygon of polygonsOf(topo, geometry)) {
      for (const box of boxes) {
        const ring = clipPolygon(polygon[0]! as [number, number][], box);
        if (ring.length < 3) continue;
        const lons = ring.map((p) => p[0]);
        const lats = ring.map((p) => p[1]);
        parts.push({ country, ring, box: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] });
      }
    }
  }
  return (lon, lat) => {
    const country = parts.find(({ ring, box }) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3] && pointInPolygon([lon, lat], [ring]) !== false)?.country;
    return country === undefined || onUsSideOfSurveyedLine(country, lon, lat) ? undefined : country;
  };
}

/** A territory's island a place lies on: the territory's USPS code, and a number telling its islands apart (Natural Earth's polygon). */
export interface TerritoryLand {
  code: string;
  island: number;
}

/**
 * Which territory's land holds a place, by its USPS code ("AS", "GU", "MP", "PR", "VI") and island, or
 * undefined: Natural Earth's islands, holes (lagoons) left out as the map's scale does.
 *
 * @example
 * const territory = territoryAt(await readCountries());
 * territory(-169.66, -14.17) // { code: "AS", island: 3 } (Ofu, Manu'a)
 * territory(-170.2, -14.1) // undefined (the sea between)
 */
export function territoryAt(topo: Countries): (lon: number, lat: number) => TerritoryLand | undefined {
  const parts: { code: string; polygon: [number, number][][]; box: [number, number, number, number] }[] = [];
  for (const geometry of topo.objects.countries.geometries) {
    const code = TERRITORY_CODES[String(geometry.id)];
    if (code === undefined) continue;
    for (const polygon of polygonsOf(topo, geometry)) {
      const outer = polygon[0]!;
      const lons = outer.map((p) => p[0]!);
      const lats = outer.map((p) => p[1]!);
      parts.push({ code, polygon: polygon as [number, number][][], box: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] });
    }
  }
  return (lon, lat) => {
    const island = parts.findIndex(({ polygon, box }) => lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3] && pointInPolygon([lon, lat], polygon) !== false);
    return island === -1 ? undefined : { code: parts[island]!.code, island };
  };
}

/** Natural Earth's countries as world-atlas's TopoJSON holds them. */
type Countries = Topology<{ countries: GeometryCollection }>;

/**
 * world-atlas's 1:10m countries, read once at start-up by whoever needs them (neighbourAt, territoryAt keep only their parts).
 * Bun gives a file imported so as its path (embedded in the binary); Vite, which runs the tests, the parsed JSON.
 */
export async function readCountries(): Promise<Countries> {
  const imported: unknown = countries;
  return (typeof imported === "string" ? await Bun.file(imported).json() : imported) as Countries;
}

/** A country's polygons (rings of [lon, lat], the outer first). */
function polygonsOf(topo: Countries, geometry: GeometryCollection["geometries"][number]): number[][][][] {
  const found = feature(topo, geometry);
  const shape = "geometry" in found ? found.geometry : undefined;
  return shape?.type === "Polygon" ? [shape.coordinates] : shape?.type === "MultiPolygon" ? shape.coordinates : [];
}

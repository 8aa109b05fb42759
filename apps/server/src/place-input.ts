/**
 * What a person types or pastes into the /location page's form, read as a place. The API
 * (/location.json) takes plain decimal degrees only; the page also takes what map apps
 * and websites give: a "lat, lon" pair pasted into one box, degree signs and N/S/E/W,
 * degrees-minutes-seconds (geo-coordinates-parser), a typographic minus, a decimal comma, the words
 * pasted around the numbers ("Lat/Long: …"), a map app's link, a plus code (plus-code.ts).
 * And where a point is in no district, it says what was probably meant: the missing minus
 * of a west longitude (the iPhone's number pad has no minus key), the two numbers swapped,
 * or the ZIP code of a place outside the boundary files (Puerto Rico, Guam).
 */
import { geoDistance } from "d3-geo";
import { convert } from "geo-coordinates-parser";
import { decode as geohashDecode } from "ngeohash";
import { TERRITORIES } from "@school-districts/core";
import { plusCodePlace, type TownPoints } from "./plus-code.ts";

/**
 * The most characters read in one box, its runs of white space as one: a pasted
 * "45°47'00.1234\"N, 108°30'02.5678\"W" or a map app's long decimals are far shorter. Longer
 * text is no place, unread: the degrees parser's time grows with its length (review 35 #2: 0.7 s
 * for a value of 15,000 characters).
 */
export const PLACE_MAX_LENGTH = 100;

/**
 * The most characters of a map link read in one box: a phone's "Share location" gives a link whose
 * coordinates are all that is read of it (Google Maps' place links run to several hundred
 * characters), by patterns whose time grows with its length only.
 */
export const LINK_MAX_LENGTH = 2000;

/** A decimal number of degrees in a link. */
const LINK_DEGREES = String.raw`(-?[0-9]{1,3}(?:\.[0-9]+)?)`;

/**
 * Where a map link says its place is, most precise first: Google's place (`!3d…!4d…`), a query or
 * marked point (`?q=`, `q=loc:`, Apple's `ll=` and `coordinate=`, `query=`, `destination=`, Waze's
 * `to=ll.`, its route's end), a place's or a bare map's
 * view (`/maps/place/<name>/@lat,lon,17z`, a dropped pin's too; `/maps/@lat,lon,17z`), a geo: URI (RFC 5870); then
 * OpenStreetMap's, Bing's, HERE's and Google's api=1 views (mapSitePlace). Not a search's or a route's view
 * (`/maps/search/…/@`, `/maps/dir/…/@`: the middle of the screen, no place), nor Apple's `sll=`, a
 * search's hint (review stop 36 #5).
 */
const LINK_PLACES = [
  new RegExp(String.raw`!3d${LINK_DEGREES}!4d${LINK_DEGREES}`),
  new RegExp(String.raw`[?&](?:(?:q|ll|query|destination|daddr|coordinate)=(?:loc:)?|to=ll\.)${LINK_DEGREES} ?, ?${LINK_DEGREES}(?![0-9.])`),
  new RegExp(String.raw`/maps/place/[^/?#]+/@${LINK_DEGREES},${LINK_DEGREES}(?![0-9.])`),
  // A bare map's view (and Street View's, "3a"), not one of a whole region (googleViewIsPlace: pages audit 41 #7).
  new RegExp(String.raw`/maps/@${LINK_DEGREES},${LINK_DEGREES}(?:,([0-9.]+)([a-z]))?(?![0-9.])`),
  new RegExp(String.raw`^geo:${LINK_DEGREES},${LINK_DEGREES}(?![0-9.])`, "i"),
];

/** The least zoom at which a map's view reads as a place (a few streets on the screen; at 4 it is the whole country). */
const VIEW_MIN_ZOOM = 12;

/** The most metres of height a satellite view ("350m") reads as a place from: about zoom 12's (VIEW_MIN_ZOOM). */
const VIEW_MAX_METRES = 30_000;

/**
 * Whether a Google Maps view's scale ("17z", "350m", Street View's "3a") is a place's, not a whole region's ("4z",
 * "4677385m": review of the late commits 41 #2, #3); no scale given, a place.
 */
function googleViewIsPlace(value: string | undefined, unit: string | undefined): boolean {
  if (value === undefined || unit === undefined) return true;
  // (A tilted 3-D view's "a" is its camera's height; Street View's "3a" is low.)
  return unit === "z" ? Number(value) >= VIEW_MIN_ZOOM : unit === "m" || unit === "a" ? Number(value) <= VIEW_MAX_METRES : true;
}

/** A number of degrees as a link's parameter writes it ("41.882", "+41.882", "-87.6278"); undefined otherwise. */
function linkDegrees(value: string | null | undefined): number | undefined {
  return value !== null && value !== undefined && /^\s*[+-]?[0-9]{1,3}(?:\.[0-9]+)?\s*$/.test(value) ? Number(value) : undefined;
}

/** "lat,lon" (a link's parameter or path part, a title or zoom may follow: "41.88,-87.62,15"), as numbers; undefined otherwise. */
function pairDegrees(value: string | null | undefined): { lat: number; lon: number } | undefined {
  const [y, x] = (value ?? "").split(",");
  const [lat, lon] = [linkDegrees(y), linkDegrees(x)];
  return lat === undefined || lon === undefined ? undefined : { lat, lon };
}

/**
 * The place an OpenStreetMap, Bing Maps, Waze (its Share button's geohash), HERE WeGo or Google Maps URLs (api=1) link names (pages audit 40 #7: "a
 * link with no coordinates in it"): its marker (`mlat`, `mlon`, in any order; an embedded map's `marker=lat,lon`;
 * Bing's pin `sp=point.lat_lon`; HERE's shared location `/l/lat,lon`; Street View's `viewpoint`), else its view as
 * Google's bare map's (`#map=z/lat/lon`, `cp=lat~lon`, HERE's `map=lat,lon,z`, `center=lat,lon&zoom=z`) from zoom
 * VIEW_MIN_ZOOM; not a route's or a search's view (`/directions`, `/search`, Bing's `rtp` or `q`, HERE's `/r/`: the
 * middle of the screen, no place; review of stop 41 #3).
 *
 * @example
 * mapSitePlace("https://www.openstreetmap.org/?mlat=41.8825&mlon=-87.6231#map=15/41.88200/-87.62780") // { lat: 41.8825, lon: -87.6231 }
 * mapSitePlace("https://www.bing.com/maps?cp=41.882~-87.6278&lvl=15") // { lat: 41.882, lon: -87.6278 }
 * mapSitePlace("https://share.here.com/l/41.8819,-87.6278") // { lat: 41.8819, lon: -87.6278 }
 * mapSitePlace("https://waze.com/ul/hdp3wjztvf") // { lat: 41.878145, lon: -87.629936 } (its geohash cell's centre)
 * mapSitePlace("https://www.google.com/maps/@?api=1&map_action=map&center=41.88,-87.62&zoom=15") // { lat: 41.88, lon: -87.62 }
 * mapSitePlace("https://www.openstreetmap.org/directions?route=41.9%2C-87.7%3B41.8%2C-87.6#map=11/41.965/-87.655") // undefined
 */
function mapSitePlace(link: string): { lat: number; lon: number } | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  const params = url.searchParams;
  if (/(?:^|\.)(?:openstreetmap\.org|osm\.org)$/.test(host)) {
    if (/^\/(?:directions|search)\b/.test(url.pathname)) return undefined;
    const [lat, lon] = [linkDegrees(params.get("mlat")), linkDegrees(params.get("mlon"))];
    if (lat !== undefined && lon !== undefined) return { lat, lon };
    // An embedded map's marker (its Share panel's HTML: /export/embed.html?bbox=…&marker=lat,lon); its bbox alone is a view.
    const marker = pairDegrees(params.get("marker"));
    if (marker !== undefined) return marker;
    const view = /(?:^#|&)map=([0-9]{1,2}(?:\.[0-9]+)?)\/([^/&]+)\/([^/&]+)/.exec(url.hash);
    const [vlat, vlon] = [linkDegrees(view?.[2]), linkDegrees(view?.[3])];
    return view !== null && Number(view[1]) >= VIEW_MIN_ZOOM && vlat !== undefined && vlon !== undefined ? { lat: vlat, lon: vlon } : undefined;
  }
  if (/(?:^|\.)bing\.com$/.test(host) && url.pathname.startsWith("/maps")) {
    if (url.pathname.includes("directions") || params.has("rtp")) return undefined;
    const pin = /^point\.([^_]+)_([^_]+)/.exec(params.get("sp") ?? "");
    const [lat, lon] = [linkDegrees(pin?.[1]), linkDegrees(pin?.[2])];
    if (lat !== undefined && lon !== undefined) return { lat, lon };
    if (params.has("q")) return undefined;
    const view = /^([^~]+)~([^~]+)$/.exec(params.get("cp") ?? "");
    const [vlat, vlon] = [linkDegrees(view?.[1]), linkDegrees(view?.[2])];
    const zoom = Number(params.get("lvl") ?? VIEW_MIN_ZOOM);
    return zoom >= VIEW_MIN_ZOOM && vlat !== undefined && vlon !== undefined ? { lat: vlat, lon: vlon } : undefined;
  }
  // Waze's Share button: its place as a geohash after "/ul/h" (waze.com/ul/hdp3wjztvf: review 42 #4, "a link that names
  // no place"), of 7 characters or more (a block's cell or smaller; 6 are a kilometre's).
  if (/(?:^|\.)waze\.com$/.test(host)) {
    const hash = /^\/ul\/h([0-9b-hjkmnp-z]{7,12})\/?$/i.exec(url.pathname)?.[1];
    if (hash === undefined) return undefined;
    const { latitude, longitude } = geohashDecode(hash.toLowerCase());
    return { lat: latitude, lon: longitude };
  }
  // HERE WeGo: a shared location (share.here.com/l/lat,lon[,title]), else a map's view (wego.here.com/?map=lat,lon,z,normal).
  if (/(?:^|\.)here\.com$/.test(host)) {
    const shared = /^\/l\/([^/]+)/.exec(url.pathname);
    if (shared !== null) return pairDegrees(shared[1]!.replace(/%2C/gi, ","));
    if (url.pathname !== "/" && url.pathname !== "") return undefined;
    const [y, x, z] = (params.get("map") ?? "").split(",");
    const view = pairDegrees(`${y},${x}`);
    return view !== undefined && Number(z ?? VIEW_MIN_ZOOM) >= VIEW_MIN_ZOOM ? view : undefined;
  }
  // A plus code's page (plus.codes/86HJV9MF+QV): a full code's place.
  if (host === "plus.codes") return plusCodePlace(url.pathname.slice(1).replace(/%2B/gi, "+"));
  // Google's Maps URLs (api=1; a place's query=lat,lon is LINK_PLACES'): a map's view from zoom VIEW_MIN_ZOOM, Street View's point.
  if (/(?:^|\.)google\.[a-z.]+$/.test(host) && url.pathname.startsWith("/maps") && params.get("api") === "1") {
    if (params.get("map_action") === "pano") return pairDegrees(params.get("viewpoint"));
    const view = params.get("map_action") === "map" ? pairDegrees(params.get("center")) : undefined;
    return view !== undefined && Number(params.get("zoom") ?? VIEW_MIN_ZOOM) >= VIEW_MIN_ZOOM ? view : undefined;
  }
  return undefined;
}

/**
 * The place a map link pasted into one box names (pages audit 36 #6: "Share location" from Apple or
 * Google Maps, and geo: URIs, were "not a place", though the page says to paste what map apps give),
 * as plain decimals; undefined for other text, or a link with no coordinates in it (a short share link).
 *
 * @example
 * linkPlace("https://maps.apple.com/?ll=45.7833,-108.5007&q=Dropped%20Pin") // { lat: "45.7833", lon: "-108.5007" }
 * linkPlace("geo:45.7833,-108.5007?z=17") // { lat: "45.7833", lon: "-108.5007" }
 * linkPlace("https://maps.app.goo.gl/AbCd") // undefined
 */
export function linkPlace(text: string): { lat: string; lon: string } | undefined {
  if (text.trim().length > LINK_MAX_LENGTH) return undefined;
  const t = linkIn(text);
  if (t === undefined) return undefined;
  let decoded = t;
  try {
    decoded = decodeURIComponent(t.replace(/\+/g, " "));
  } catch {
    // A stray "%": read as it is.
  }
  for (const pattern of LINK_PLACES) {
    const m = pattern.exec(decoded);
    if (m !== null && googleViewIsPlace(m[3], m[4])) return { lat: degrees(Number(m[1])), lon: degrees(Number(m[2])) };
  }
  const site = mapSitePlace(t);
  return site === undefined ? undefined : { lat: degrees(site.lat), lon: degrees(site.lon) };
}

/**
 * The link a text is (http, https, a geo: URI), or the first web link in it (a map site's without its "https://" too): an app's Share button may give a sentence
 * before its link ("Meet me at Millennium Park: https://waze.com/ul/hdp3wjztvf", review of the mends 42, left); undefined
 * for text with no link, as coordinates typed.
 *
 * @example
 * linkIn("Use Waze to drive here: https://waze.com/ul/hdp3wjztvf") // "https://waze.com/ul/hdp3wjztvf"
 * linkIn("maps.google.com/?q=41.88,-87.62") // "https://maps.google.com/?q=41.88,-87.62" (its scheme left out)
 * linkIn("45.7833, -108.5007") // undefined
 */
function linkIn(text: string): string | undefined {
  const t = text.trim();
  if (/^(?:https?:\/\/|geo:)/i.test(t)) return t;
  // (Not the sentence's full stop or bracket after it.)
  const bare = (link: string) => link.replace(/[.,;:!?)\]"'”’]+$/, "");
  const web = /\bhttps?:\/\/\S+/i.exec(t)?.[0];
  if (web !== undefined) return bare(web);
  const schemeless = SCHEMELESS_MAP_LINK.exec(t)?.[1];
  return schemeless === undefined ? undefined : `https://${bare(schemeless)}`;
}

/**
 * A map site's link written without its "https://" ("waze.com/ul/hdp3wjztvf", "maps.google.com/?q=41.88,-87.62",
 * "osm.org/…", as typed, or as some apps' Share text gives it: review of the mends 42 #4), alone or in a sentence: its
 * host, then a path, a query or a fragment with more in it than a sentence's punctuation ("Did you check
 * maps.google.com?" names no link); not an e-mail address's domain nor a part of a longer link ("example.com/?u=maps…",
 * "…#maps…"). Google's and Bing's maps only, not their search, mail or documents ("google.com/search?q=…", review-links-43 #3, #4).
 */
const SCHEMELESS_MAP_LINK =
  /(?<![\w.@/=#?&-])((?:maps\.google\.[a-z]{2,3}(?:\.[a-z]{2})?|(?:www\.)?google\.[a-z]{2,3}(?:\.[a-z]{2})?(?=\/maps)|(?:www\.)?bing\.com(?=\/maps)|maps\.app\.goo\.gl|goo\.gl(?=\/maps)|(?:[a-z0-9-]+\.)*(?:maps\.apple\.com|waze\.com|openstreetmap\.org|osm\.org|here\.com|plus\.codes))[/?#]\S*?[^\s/.,;:!?)\]"'”’]\S*)/i;

/** Text that is a link (http, https) or a geo: URI, or holds a web link, not coordinates typed. */
export function isMapLink(text: string): boolean {
  return linkIn(text) !== undefined;
}

/** A plain decimal number of degrees, as /location.json takes it. */
const PLAIN = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** Runs of white space as one space; typographic minus signs and dashes pasted for a minus; a decimal comma ("45,7833"). */
function normalized(text: string): string {
  const t = text.replace(/\s+/g, " ").trim().replace(/[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g, "-");
  return /^[+-]?[0-9]+,[0-9]+$/.test(t) ? t.replace(",", ".") : t;
}

/** The word of a latitude or a longitude, as apps and pages label them ("lat", "Latitude:", "lng", "long"). */
const LAT_WORD = String.raw`(?:latitude|lat)(?![a-z])`;
const LON_WORD = String.raw`(?:longitude|long|lng|lon)(?![a-z])`;

/** Words before a pair ("Lat/Long: 41.8819, -87.6278", "Coordinates: …", "GPS: …"): no part of it. */
const PAIR_WORDS = new RegExp(String.raw`^(?:${LAT_WORD}\s*[/,&]?\s*${LON_WORD}|(?:gps )?coord(?:inate)?s|gps|location)\s*[:=]?\s*`, "i");

/** Each number after its word, either first ("lat 41.8819 long -87.6278", "latitude: 41.8819, longitude: -87.6278", "lat=41.8819&lon=-87.6278"). */
const WORDED_PAIR = new RegExp(String.raw`^(${LAT_WORD}|${LON_WORD})\s*[:=]?\s*([-+.0-9].*?)\s*[,;&]?\s*(${LAT_WORD}|${LON_WORD})\s*[:=]?\s*([-+.0-9].*)$`, "i");

/**
 * The two boxes without the words pasted around the numbers (pages audit 41 #7: a page's or an app's
 * "Latitude: 41.8819, Longitude: -87.6278" was not a place): a label before a pair in one box, or before
 * each number (in one box, or each in its own: "lat 41.8819" in Latitude), the numbers as typed otherwise.
 *
 * @example
 * unworded("lat 41.8819 long -87.6278", "")    // ["41.8819", "-87.6278"]
 * unworded("long -87.6278, lat 41.8819", "")   // ["41.8819", "-87.6278"]
 * unworded("Lat/Long: 41.8819, -87.6278", "")  // ["41.8819, -87.6278", ""]
 * unworded("Latitude: 41.8819", "Longitude: -87.6278") // ["41.8819", "-87.6278"]
 */
function unworded(latText: string, lonText: string): [string, string] {
  const own = (text: string, word: string) => text.replace(new RegExp(String.raw`^${word}\s*[:=]?\s*`, "i"), "");
  if (latText !== "" && lonText !== "") return [own(latText, LAT_WORD), own(lonText, LON_WORD)];
  const one = latText || lonText;
  const each = WORDED_PAIR.exec(one);
  const latFirst = each !== null && /^lat/i.test(each[1]!);
  if (each !== null && latFirst !== /^lat/i.test(each[3]!)) return latFirst ? [each[2]!, each[4]!] : [each[4]!, each[2]!];
  const rest = one.replace(PAIR_WORDS, "");
  return latText !== "" ? [rest, ""] : ["", rest];
}

/** Degrees as the shortest plain decimal, at most 6 places (about 10 cm). */
function degrees(value: number): string {
  return String(Number(value.toFixed(6)));
}

/**
 * The place typed into the form's two boxes, as plain decimal degrees, or undefined when the
 * text is not a place. Plain decimals come back as typed (the page then answers at once);
 * anything else is read, and the page redirects to the plain form.
 *
 * @example
 * readPlace("45.7833", "-108.5007")            // { lat: "45.7833", lon: "-108.5007" }
 * readPlace("45.7833, -108.5007", "")          // { lat: "45.7833", lon: "-108.5007" } (a pair pasted into Latitude)
 * readPlace("45.7833° N", "108.5007° W")       // { lat: "45.7833", lon: "-108.5007" }
 * readPlace(`45°47'00"N 108°30'02"W`, "")      // { lat: "45.783333", lon: "-108.500556" }
 * readPlace("Lat/Long: 45.7833, -108.5007", "") // { lat: "45.7833", lon: "-108.5007" } (the words pasted with it: unworded)
 * readPlace("geo:45.7833,-108.5007", "")      // { lat: "45.7833", lon: "-108.5007" } (a map link: linkPlace)
 * readPlace("86HJV9MF+QV", "")                 // { lat: "41.884438", lon: "-87.625313" } (a plus code: plus-code.ts)
 * readPlace("V9MF+QV Chicago, Illinois", "", townPoints) // the same, from the town's ZIP codes' points
 * readPlace("here", "")                        // undefined
 */
export function readPlace(latText: string, lonText: string, townPoints?: TownPoints): { lat: string; lon: string } | undefined {
  // A map link or a plus code in one box (the other empty): its place.
  const one = lonText.trim() === "" ? latText : latText.trim() === "" ? lonText : undefined;
  const link = one === undefined ? undefined : linkPlace(one);
  if (link !== undefined) return link;
  const code = one === undefined || one.length > PLACE_MAX_LENGTH ? undefined : plusCodePlace(one, townPoints);
  if (code !== undefined) return { lat: degrees(code.lat), lon: degrees(code.lon) };
  const [latTyped, lonTyped] = [normalized(latText), normalized(lonText)];
  if (latTyped.length > PLACE_MAX_LENGTH || lonTyped.length > PLACE_MAX_LENGTH) return undefined;
  // (Read once the length is known short: the words' patterns look back and forth.)
  const [lat, lon] = unworded(latTyped, lonTyped).map(normalized) as [string, string];
  if (PLAIN.test(lat) && PLAIN.test(lon)) return lat === latText && lon === lonText ? { lat, lon } : { lat: degrees(Number(lat)), lon: degrees(Number(lon)) };
  // A pair in one box (the other empty): two plain decimals separated by a comma, semicolon or spaces.
  // (In brackets too, as some apps and web pages write a point: "(45.7833, -108.5007)".)
  const pair = (lon === "" ? lat : lat === "" ? lon : "").replace(/^[([]\s*|\s*[)\]]$/g, "").split(/\s*[,;]\s*|\s+/);
  if (pair.length === 2 && pair.every((p) => PLAIN.test(p))) return { lat: degrees(Number(pair[0])), lon: degrees(Number(pair[1])) };
  try {
    const read = convert(`${lat} ${lon}`.trim(), 6);
    return { lat: degrees(read.decimalLatitude), lon: degrees(read.decimalLongitude) };
  } catch {
    return undefined;
  }
}

/** What the /location page suggests for a point in no district, or for coordinates out of range. */
export interface PlaceHint {
  /** a sentence, plain text, ending before the link */
  words: string;
  /** the page to open */
  href: string;
  /** the link's text */
  link: string;
  /** what follows the link: "?" or the rest of the sentence */
  end: string;
  /** for the nearest ZIP code: its state (a territory has no boundary file, so "no district here" would be wrong) */
  state?: string;
  /** and that state's name, as pages say it ("Puerto Rico") */
  stateName?: string;
  /** for the nearest ZIP code: how far it is, in words ("less than a mile away") and in miles */
  distance?: string;
  miles?: number;
}

/**
 * The likely intended place when (lat, lon) gives no answer: the west longitude without its
 * minus, the two numbers swapped, or else the nearest ZIP code (a place in a territory, or
 * just off the coast). `inDistrict` says whether a point lies in a school district;
 * `nearestZip` names the ZIP code nearest a point, if any is close, `inArea` where its outline
 * holds the point (then it is the place's own, said with no distance).
 *
 * @example
 * placeHint(45.7833, 108.5007, inDistrict, nearestZip)
 * // { words: "West longitudes are negative: did you mean", link: "45.7833, -108.5007", href: "/location?lat=45.7833&lon=-108.5007", end: "?" }
 */
export function placeHint(
  lat: number,
  lon: number,
  inDistrict: (lat: number, lon: number) => boolean,
  nearestZip: (lat: number, lon: number) => { zip: string; city: string; state: string; stateName?: string; point?: [number, number]; inArea?: true } | undefined,
): PlaceHint | undefined {
  const at = (y: number, x: number) => ({ href: `/location?lat=${degrees(y)}&lon=${degrees(x)}`, link: `${degrees(y)}, ${degrees(x)}`, end: "?" });
  const valid = (y: number, x: number) => Math.abs(y) <= 90 && Math.abs(x) <= 180;
  if (lon > 0 && valid(lat, -lon) && inDistrict(lat, -lon)) return { words: "West longitudes are negative: did you mean", ...at(lat, -lon) };
  if (valid(lon, lat) && inDistrict(lon, lat)) return { words: "The latitude comes first: did you mean", ...at(lon, lat) };
  if (valid(lon, -lat) && lat > 0 && inDistrict(lon, -lat)) return { words: "The latitude comes first, and west longitudes are negative: did you mean", ...at(lon, -lat) };
  const near = valid(lat, lon) ? nearestZip(lat, lon) : undefined;
  // Nothing near, but a territory's ZIP code with one sign changed (pages audit 36 #7: Puerto Rico typed
  // without the minus an iPhone's number pad lacks, Guam with the minus the hint invites, American Samoa north).
  if (near === undefined) {
    const flips: [number, number, string][] = [
      [lat, -lon, lon > 0 ? "West longitudes are negative: did you mean" : "East longitudes are positive (Guam and the Northern Mariana Islands are east): did you mean"],
      [-lat, lon, lat > 0 ? "South latitudes are negative (American Samoa is south): did you mean" : "North latitudes are positive: did you mean"],
    ];
    for (const [y, x, words] of flips) {
      const there = valid(y, x) && (y !== lat || x !== lon) ? nearestZip(y, x) : undefined;
      if (there !== undefined && TERRITORIES.has(there.state)) return { words, ...at(y, x) };
    }
  }
  // Far from any ZIP code (Toronto: Olcott, NY, 40 miles): outside the United States, or off its coast; a territory is not.
  const far = near?.point !== undefined && !TERRITORIES.has(near.state) && milesBetween(lat, lon, near.point) > FAR_FROM_ZIPS_MILES;
  if (near) {
    // A ZIP code whose outline holds the place is its own: no distance (pages audit 33 #8: Sun City, "less than a mile away").
    const distance = near.point && near.inArea !== true ? milesAway(lat, lon, near.point) : undefined;
    return {
      words: near.inArea === true ? "This place is in ZIP code" : far ? "This place is far from every ZIP code area: off the coast, on an island the maps leave out, or outside the United States. The nearest US ZIP code is" : "The nearest ZIP code is",
      href: `/zip/${near.zip}`,
      link: `${near.zip} (${near.city}, ${near.state})`,
      end: `${distance ? `, ${distance}` : ""}: its page says which school districts serve it.`,
      state: near.state,
      ...(near.stateName === undefined ? {} : { stateName: near.stateName }),
      ...(distance === undefined ? {} : { distance, miles: milesBetween(lat, lon, near.point!) }),
    };
  }
  return undefined;
}

/**
 * How far a ZIP code's internal point [lon, lat] is from a place, in words (a place off the coast
 * in Toronto is told its nearest ZIP code is 40 miles away, not only its name).
 *
 * @example
 * milesAway(43.65, -79.38, [-78.69, 43.33]) // "about 40 miles away"
 */
export function milesAway(lat: number, lon: number, zipPoint: [number, number]): string {
  const miles = milesBetween(lat, lon, zipPoint);
  if (miles < 1) return "less than a mile away";
  const rounded = miles < 10 ? Math.round(miles) : Math.round(miles / 5) * 5;
  return `about ${rounded} ${rounded === 1 ? "mile" : "miles"} away`;
}

/**
 * Miles on the earth's surface from a place to a point [lon, lat].
 *
 * @example
 * milesBetween(43.65, -79.38, [-78.69, 43.33]) // about 40
 */
export function milesBetween(lat: number, lon: number, point: [number, number]): number {
  return geoDistance([lon, lat], point) * EARTH_RADIUS_MILES;
}
const EARTH_RADIUS_MILES = 3958.8;

/** How far from any US ZIP code a place in no district reads as outside the country (or off its coast), not beside a ZIP. */
const FAR_FROM_ZIPS_MILES = 10;

/**
 * How near its nearest ZIP code's point a place in a one-district territory must be to be
 * answered as in that territory (locateInTerritory): the points of Puerto Rico's ZIP areas lie a few
 * miles apart (132 over 9,100 km²); a place farther off is likely at sea (review 30 #2: 30 miles off
 * San Juan). American Samoa has one ZIP code, whose point is in west Tutuila: its east and Manu'a are
 * farther (review of stop 39 #1); a place on a territory's land as Natural Earth draws it is answered
 * however far (locateInTerritory, pages audit 40 #7).
 */
export const TERRITORY_NEAR_MILES = 6;

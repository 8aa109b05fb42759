import { describe, expect, it } from "vitest";
import { isMapLink, LINK_MAX_LENGTH, linkPlace, milesAway, PLACE_MAX_LENGTH, placeHint, readPlace } from "./place-input.ts";

describe("readPlace: what people paste or type into the /location form", () => {
  it.each([
    ["45.7833", "-108.5007", { lat: "45.7833", lon: "-108.5007" }],
    ["+12.", "-0", { lat: "+12.", lon: "-0" }], // plain decimals come back as typed
    ["45.7833, -108.5007", "", { lat: "45.7833", lon: "-108.5007" }], // Google Maps' pair, in Latitude
    ["", "45.7833 -108.5007", { lat: "45.7833", lon: "-108.5007" }],
    ["45.78 -108.5", "", { lat: "45.78", lon: "-108.5" }],
    ["45.7833° N", "108.5007° W", { lat: "45.7833", lon: "-108.5007" }], // Apple Maps
    ["45.7833°N 108.5007°W", "", { lat: "45.7833", lon: "-108.5007" }],
    [`45°47'00"N 108°30'02"W`, "", { lat: "45.783333", lon: "-108.500556" }], // degrees, minutes, seconds
    ["45,7833", "-108,5007", { lat: "45.7833", lon: "-108.5007" }], // a decimal comma
    [" 45.7833 ", "\u2212108.5007", { lat: "45.7833", lon: "-108.5007" }], // spaces, Wikipedia's minus sign
    // Runs of white space count as one (review 35 #2): a pair with a long gap is still read.
    [`45.7833,${" ".repeat(5_000)}-108.5007`, "", { lat: "45.7833", lon: "-108.5007" }],
  ])("%j, %j", (lat, lon, place) => expect(readPlace(lat, lon)).toEqual(place));

  // The words pasted with the numbers (pages audit 41 #7): before the pair, or before each number, in either order.
  it.each([
    ["lat 41.8819 long -87.6278", ""],
    ["latitude: 41.8819, longitude: -87.6278", ""],
    ["Lat/Long: 41.8819, -87.6278", ""],
    ["Lat, Lng: 41.8819, -87.6278", ""],
    ["Coordinates: 41.8819, -87.6278", ""],
    ["lat=41.8819&lon=-87.6278", ""],
    ["", "LONG: -87.6278 LAT: 41.8819"],
    ["Latitude: 41.8819 N, Longitude: 87.6278 W", ""],
    ["Latitude: 41,8819", "Longitude: -87,6278"],
    ["Lat 41.8819", "-87.6278"],
  ])("%j, %j: the words pasted with the numbers are no part of them", (lat, lon) => expect(readPlace(lat, lon)).toEqual({ lat: "41.8819", lon: "-87.6278" }));

  it.each([
    ["here", ""],
    // Two latitudes, a word without its number, a longitude's word in Latitude: not read.
    ["lat 41.8819 lat -87.6278", ""],
    ["latitude", ""],
    ["Lat/Long: 41.8819", ""],
    ["Long: 41.8819", "Lat: -87.6278"],
    ["", ""],
    ["45.7833", ""],
    ["1e5", "0"],
    ["<script>", "x"],
    // A pair in one box whose second part is not a number: not read as a pair (lon would be NaN).
    ["45.7833, north", ""],
    ["", "north; -108.5007"],
  ])("%j, %j is not a place", (lat, lon) => expect(readPlace(lat, lon)).toBeUndefined());

  it("a plus code in one box: a full one anywhere, a short one from its town's ZIP codes' points (pages audit 41 #7)", () => {
    // Chicago's ZIP codes' point, and its areas as a box.
    const area = { points: [[-87.63, 41.88]] as [number, number][], holds: (lon: number, lat: number) => lon > -87.95 && lon < -87.52 && lat > 41.64 && lat < 42.03 };
    const chicago = (town: string) => (/^chicago/i.test(town) ? [area] : []);
    const loop = { lat: "41.884438", lon: "-87.625313" };
    expect(readPlace("86HJV9MF+QV", "")).toEqual(loop);
    expect(readPlace("", "86hjv9mf+qv")).toEqual(loop);
    expect(readPlace("V9MF+QV Chicago, Illinois", "", chicago)).toEqual(loop);
    // Without its town's points, or with a town not known, a short code is no place; nor is a code in both boxes.
    expect(readPlace("V9MF+QV Chicago, Illinois", "")).toBeUndefined();
    expect(readPlace("V9MF+QV Atlantis", "", chicago)).toBeUndefined();
    expect(readPlace("86HJV9MF+QV", "86HJV9MF+QV")).toBeUndefined();
  });

  it("reads no box longer than PLACE_MAX_LENGTH, its spaces counted once (review 35 #2: 15,000 characters took 0.7 s)", () => {
    const pair = "45.7833, -108.5007";
    const longest = `${pair}${"0".repeat(PLACE_MAX_LENGTH - pair.length)}`;
    expect(readPlace(longest, "")).toEqual({ lat: "45.7833", lon: "-108.5007" });
    expect(readPlace(`${longest}0`, "")).toBeUndefined();
    expect(readPlace("", `${longest}0`)).toBeUndefined();
    expect(readPlace(`45${"°".repeat(15_000)}N 108°W`, "")).toBeUndefined();
  });
});

describe("linkPlace: a map app's shared link (pages audit 36 #6: 'not a place')", () => {
  it.each([
    ["https://maps.apple.com/?ll=45.7833,-108.5007&q=Dropped%20Pin", "45.7833", "-108.5007"],
    ["https://maps.apple.com/?sll=40.1,-100.2&ll=45.7833,-108.5007", "45.7833", "-108.5007"],
    ["https://www.google.com/maps?q=loc:45.7833,-108.5007", "45.7833", "-108.5007"],
    ["https://www.google.com/maps?q=45.7833,-108.5007", "45.7833", "-108.5007"],
    ["https://www.google.com/maps/search/?api=1&query=45.7833%2C-108.5007", "45.7833", "-108.5007"],
    // A place's own point (!3d!4d) before the map's view (@).
    ["https://www.google.com/maps/place/Billings,+MT/@45.78,-108.5,12z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d45.7839!4d-108.5011", "45.7839", "-108.5011"],
    ["https://www.google.com/maps/@45.7833,-108.5007,17z", "45.7833", "-108.5007"],
    ["https://www.google.com/maps/@45.7833,-108.5007,12.25z", "45.7833", "-108.5007"],
    ["https://www.google.com/maps/@45.7833,-108.5007,350m/data=!3m1!1e3", "45.7833", "-108.5007"],
    // Street View and a tilted 3-D view (review of the late commits 41 #2: they had become 400s).
    ["https://www.google.com/maps/@40.7484405,-73.9856644,3a,75y,90t/data=!3m6!1e1", "40.748441", "-73.985664"],
    ["https://www.google.com/maps/@40.7484405,-73.9856644,562a,35y,39.3h,45t/data=!3m1!1e3", "40.748441", "-73.985664"],
    // A place's view without its !3d!4d, a dropped pin named by its coordinates (review of the mends, M1: a 400).
    ["https://www.google.co.uk/maps/place/Billings,+MT/@45.7833,-108.5007,17z", "45.7833", "-108.5007"],
    ["https://www.google.com/maps/place/45%C2%B046'59.9%22N+108%C2%B030'02.5%22W/@45.7833,-108.5007,17z", "45.7833", "-108.5007"],
    ["geo:45.7833,-108.5007", "45.7833", "-108.5007"],
    ["GEO:45.7833,-108.5007;u=35?z=17", "45.7833", "-108.5007"],
    // OpenStreetMap's and Bing's: a marker before the view (pages audit 40 #7: "a link with no coordinates in it").
    ["https://www.openstreetmap.org/#map=17/41.88200/-87.62780", "41.882", "-87.6278"],
    ["https://www.openstreetmap.org/?mlat=41.8825&mlon=-87.6231#map=15/41.88200/-87.62780", "41.8825", "-87.6231"],
    ["https://www.openstreetmap.org/?mlon=-87.6231&mlat=41.8825", "41.8825", "-87.6231"],
    ["https://www.openstreetmap.org/?mlat=41.8825&zoom=15&mlon=-87.6231", "41.8825", "-87.6231"],
    ["https://www.openstreetmap.org/?mlat=%2B41.8825&mlon=-87.6231", "41.8825", "-87.6231"],
    ["https://www.openstreetmap.org/node/123456#map=19/41.88200/-87.62780", "41.882", "-87.6278"],
    ["https://www.bing.com/maps?cp=41.882~-87.6278&lvl=15", "41.882", "-87.6278"],
    ["https://www.bing.com/maps?cp=41.882%7E-87.6278&lvl=15.0", "41.882", "-87.6278"],
    ["https://www.bing.com/maps?sp=point.41.8825_-87.6231_Dropped%20pin&cp=41.882~-87.6278&lvl=15", "41.8825", "-87.6231"],
    ["https://www.bing.com/maps?q=41.8819,-87.6278", "41.8819", "-87.6278"],
    // Waze's shared route's end (to=ll.), not its start; its deep link's ll= (pages audit 41 #7).
    ["https://www.waze.com/live-map/directions?to=ll.41.8819%2C-87.6278", "41.8819", "-87.6278"],
    ["https://www.waze.com/ul?from=ll.41.9%2C-87.7&to=ll.41.8819%2C-87.6278&utm_medium=lm_share_directions", "41.8819", "-87.6278"],
    ["https://waze.com/ul?ll=41.8819,-87.6278&navigate=yes", "41.8819", "-87.6278"],
    // The Waze app's Share button: a geohash after "/ul/h" (review 42 #4: "a link that names no place"), its cell's centre.
    ["https://waze.com/ul/hdp3wjztvf", "41.878145", "-87.629936"],
    ["https://www.waze.com/ul/h9fxek3cp4", "14.644625", "-90.514877"],
    // The sentence a Share button puts before its link, and a line break (review of the mends 42, left).
    ["Use Waze to drive to Millennium Park: https://waze.com/ul/hdp3wjztvf", "41.878145", "-87.629936"],
    ["Dropped pin\nhttps://maps.google.com/?q=41.8819,-87.6278", "41.8819", "-87.6278"],
    ["Meet me here (https://waze.com/ul/hdp3wjztvf).", "41.878145", "-87.629936"],
    // Without "https://", as typed or as some apps' Share text gives it (links-43: "is not a decimal number of degrees").
    ["waze.com/ul/hdp3wjztvf", "41.878145", "-87.629936"],
    ["maps.google.com/?q=41.88,-87.62", "41.88", "-87.62"],
    ["www.google.com/maps/@41.88,-87.62,15z", "41.88", "-87.62"],
    ["maps.apple.com/?ll=41.88,-87.62&q=Dropped%20Pin", "41.88", "-87.62"],
    ["osm.org/?mlat=41.8825&mlon=-87.6231#map=15/41.88200/-87.62780", "41.8825", "-87.6231"],
    ["www.openstreetmap.org/#map=17/41.88200/-87.62780", "41.882", "-87.6278"],
    ["Use Waze to drive to Millennium Park: waze.com/ul/hdp3wjztvf", "41.878145", "-87.629936"],
    ["Meet me here (waze.com/ul/hdp3wjztvf).", "41.878145", "-87.629936"],
    // HERE WeGo: a shared location (a title may follow), a map's view from zoom 12.
    ["https://share.here.com/l/41.8819,-87.6278", "41.8819", "-87.6278"],
    ["https://share.here.com/l/41.8819,-87.6278,Lets%20meet%20here?z=10&p=yes", "41.8819", "-87.6278"],
    ["https://wego.here.com/l/41.8819%2C-87.6278", "41.8819", "-87.6278"],
    ["https://wego.here.com/?map=41.8819,-87.6278,16,normal", "41.8819", "-87.6278"],
    // Google's Maps URLs (api=1): a search for coordinates, a map's view from zoom 12, Street View's point.
    ["https://www.google.com/maps/search/?api=1&query=41.8819,-87.6278", "41.8819", "-87.6278"],
    ["https://www.google.com/maps/@?api=1&map_action=map&center=41.88,-87.62&zoom=15", "41.88", "-87.62"],
    ["https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=41.8819%2C-87.6278&heading=90", "41.8819", "-87.6278"],
    // Apple's place link (iOS 18.4 and later); OpenStreetMap's embedded map's marker.
    ["https://maps.apple.com/place?coordinate=41.8819,-87.6278&name=Marked%20Location", "41.8819", "-87.6278"],
    ["https://www.openstreetmap.org/export/embed.html?bbox=-87.63%2C41.87%2C-87.61%2C41.89&layer=mapnik&marker=41.88%2C-87.62", "41.88", "-87.62"],
    // A plus code's page (plus.codes): its full code's centre.
    ["https://plus.codes/86HJV9MF+QV", "41.884438", "-87.625313"],
  ])("%s", (link, lat, lon) => {
    expect(linkPlace(link)).toEqual({ lat, lon });
    expect(readPlace(link, "")).toEqual({ lat, lon });
    expect(readPlace("", ` ${link} `)).toEqual({ lat, lon });
  });

  it("reads none from a short link, other text, or a link longer than LINK_MAX_LENGTH; a pair in brackets is a pair", () => {
    expect(linkPlace("https://maps.app.goo.gl/AbCd123")).toBeUndefined();
    expect(linkPlace("45.7833, -108.5007")).toBeUndefined();
    expect(linkPlace("https://example.org/?q=1234,5678")).toBeUndefined();
    // Without "https://": a map site's host only, with something after it; not an e-mail address's domain, nor a part of another link.
    expect(linkPlace("example.org/?q=41.88,-87.62")).toBeUndefined();
    expect(linkPlace("me@maps.google.com/?q=41.88,-87.62")).toBeUndefined();
    expect(linkPlace("maps.google.com")).toBeUndefined();
    expect(linkPlace("maps.app.goo.gl/AbCd123")).toBeUndefined();
    // Nor one inside another link's query or fragment, nor Google's or Bing's search, mail or documents (review-links-43 #4).
    for (const text of [
      "example.com/?u=maps.google.com/?q=41.88,-87.62",
      "example.com/page#maps.google.com/?q=41.88,-87.62",
      "google.com/search?q=41.88,-87.62",
      "mail.google.com/mail/?q=41.88,-87.62",
      "docs.google.com/document/d/abc?q=41.88,-87.62",
      "bing.com/search?q=41.88,-87.62",
      "goo.gl/?q=41.88,-87.62",
    ])
      expect([text, linkPlace(text), isMapLink(text)]).toEqual([text, undefined, false]);
    // A map site named in a sentence, with a question's "?" or a bare "/" after it, is no link (review-links-43 #3).
    for (const text of ["Did you check maps.google.com?", "Call me, it's near the google.com/ office", "41.88,-87.62 maps.google.com/"])
      expect([text, isMapLink(text)]).toEqual([text, false]);
    // A short link is still a link (its own message: it names no place).
    expect(isMapLink("maps.app.goo.gl/AbCd123")).toBe(true);
    expect(linkPlace("www.bing.com/maps?cp=41.88~-87.62&lvl=15")).toEqual({ lat: "41.88", lon: "-87.62" });
    // A search's or a route's view, a search hint: no place (review stop 36 #5: the middle of the screen was taken).
    expect(linkPlace("https://www.google.com/maps/dir/Billings,+MT/Laurel,+MT/@45.72,-108.65,12z")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/search/schools/@45.7833,-108.5007,14z")).toBeUndefined();
    expect(linkPlace("https://maps.apple.com/?q=Billings&sll=45.7833,-108.5007")).toBeUndefined();
    expect(linkPlace("https://www.openstreetmap.org/#map=17/41.88200")).toBeUndefined();
    expect(linkPlace("https://www.bing.com/maps?q=chicago&lvl=15")).toBeUndefined();
    // A route's or a search's view, or a view of a whole region, is no place (review of stop 41 #3).
    expect(linkPlace("https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=41.9%2C-87.7%3B41.8%2C-87.6#map=11/41.965/-87.655")).toBeUndefined();
    expect(linkPlace("https://www.openstreetmap.org/search?query=chicago#map=12/41.88200/-87.62780")).toBeUndefined();
    expect(linkPlace("https://www.openstreetmap.org/#map=4/38.01/-95.84")).toBeUndefined();
    expect(linkPlace("https://www.bing.com/maps/directions?rtp=adr.Chicago~adr.Evanston&cp=41.95~-87.66&lvl=12")).toBeUndefined();
    expect(linkPlace("https://www.bing.com/maps?rtp=pos.41.9_-87.7~pos.41.8_-87.6&cp=41.85~-87.65&lvl=13")).toBeUndefined();
    expect(linkPlace("https://www.bing.com/maps?q=chicago&cp=41.882~-87.6278&lvl=15")).toBeUndefined();
    expect(linkPlace("https://www.bing.com/maps?cp=38.01~-95.84&lvl=4")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/@38.01,-95.84,4z")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/@41.882,-87.6278,11.5z")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/@39.5,-98.35,4677385m/data=!3m1!1e3")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/@39.5,-98.35,6000000a,35y/data=!3m1!1e3")).toBeUndefined();
    // Waze's route to a place by its id, HERE's route, a whole region's view, an embedded map with no marker: no place (pages audit 41 #7).
    expect(linkPlace("https://www.waze.com/live-map/directions?to=place.ChIJ7cv00DwsDogRAMDACa2m4K8")).toBeUndefined();
    expect(linkPlace("https://www.waze.com/ul?from=ll.41.9%2C-87.7&to=place.ChIJ7cv00DwsDogRAMDACa2m4K8")).toBeUndefined();
    expect(linkPlace("https://share.here.com/r/41.9,-87.7/41.8819,-87.6278")).toBeUndefined();
    // (A geohash of 6 characters or fewer is a kilometre's cell or more, no place; "a", "i", "l", "o" are none of its letters.)
    expect(linkPlace("https://waze.com/ul/hdp3wjz")).toBeUndefined();
    expect(linkPlace("https://waze.com/ul/hdp3wjzavf")).toBeUndefined();
    expect(linkPlace("https://wego.here.com/?map=38.01,-95.84,4,normal")).toBeUndefined();
    expect(linkPlace("https://share.here.com/l/41.8819")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/@?api=1&map_action=map&center=38.01,-95.84&zoom=4")).toBeUndefined();
    expect(linkPlace("https://www.google.com/maps/dir/?api=1&origin=41.9,-87.7")).toBeUndefined();
    expect(linkPlace("https://www.openstreetmap.org/export/embed.html?bbox=-87.63%2C41.87%2C-87.61%2C41.89&layer=mapnik")).toBeUndefined();
    expect(linkPlace("https://maps.apple.com/place?address=Chicago&name=Chicago")).toBeUndefined();
    const long = `https://www.google.com/maps/place/x/@45.7833,-108.5007,17z/data=${"!1s0".repeat(LINK_MAX_LENGTH)}`;
    expect(linkPlace(long)).toBeUndefined();
    expect(readPlace("(45.7833, -108.5007)", "")).toEqual({ lat: "45.7833", lon: "-108.5007" });
    expect(readPlace("[45.7833 -108.5007]", "")).toEqual({ lat: "45.7833", lon: "-108.5007" });
  });
});

describe("placeHint: the place probably meant", () => {
  // A district covers 40-50 N, 100-110 W; a ZIP code near 18.4 N, 66.1 W.
  const inDistrict = (lat: number, lon: number) => lat >= 40 && lat <= 50 && lon >= -110 && lon <= -100;
  const nearestZip = (lat: number, lon: number) => (Math.abs(lat - 18.4) < 0.5 && Math.abs(lon + 66.1) < 0.5 ? { zip: "00901", city: "San Juan", state: "PR" } : undefined);
  it("a west longitude typed without its minus", () => {
    expect(placeHint(45.7833, 108.5007, inDistrict, nearestZip)).toEqual({ words: "West longitudes are negative: did you mean", href: "/location?lat=45.7833&lon=-108.5007", link: "45.7833, -108.5007", end: "?" });
  });
  it("a territory's point with a sign changed, where nothing is near the point typed (pages audit 36 #7)", () => {
    const territories = (lat: number, lon: number) =>
      nearestZip(lat, lon) ??
      (Math.abs(lat - 13.47) < 0.5 && Math.abs(lon - 144.75) < 0.5 ? { zip: "96910", city: "Hagatna", state: "GU" } : undefined) ??
      (Math.abs(lat + 14.28) < 0.5 && Math.abs(lon + 170.7) < 0.5 ? { zip: "96799", city: "Pago Pago", state: "AS" } : undefined);
    expect(placeHint(18.4, 66.1, inDistrict, territories)).toEqual({ words: "West longitudes are negative: did you mean", href: "/location?lat=18.4&lon=-66.1", link: "18.4, -66.1", end: "?" });
    expect(placeHint(13.47, -144.75, inDistrict, territories)?.words).toBe("East longitudes are positive (Guam and the Northern Mariana Islands are east): did you mean");
    expect(placeHint(13.47, -144.75, inDistrict, territories)?.href).toBe("/location?lat=13.47&lon=144.75");
    expect(placeHint(14.28, -170.7, inDistrict, territories)?.href).toBe("/location?lat=-14.28&lon=-170.7");
    // A place near a ZIP code keeps its nearest ZIP code; a sea far from any, nothing.
    expect(placeHint(18.4, -66.1, inDistrict, territories)?.href).toBe("/zip/00901");
    expect(placeHint(30, -140, inDistrict, territories)).toBeUndefined();
  });

  it("the two numbers swapped, with or without the minus", () => {
    expect(placeHint(-108.5007, 45.7833, inDistrict, nearestZip)?.href).toBe("/location?lat=45.7833&lon=-108.5007");
    expect(placeHint(108.5007, 45.7833, inDistrict, nearestZip)?.href).toBe("/location?lat=45.7833&lon=-108.5007");
  });
  it("a place outside the boundaries near a ZIP code (Puerto Rico): that ZIP's page", () => {
    expect(placeHint(18.4655, -66.1057, inDistrict, nearestZip)).toEqual({ words: "The nearest ZIP code is", href: "/zip/00901", link: "00901 (San Juan, PR)", end: ": its page says which school districts serve it.", state: "PR" });
  });
  it("says how far the nearest ZIP code is, where its internal point is known (a place in Canada is told 40 miles)", () => {
    const toronto = () => ({ zip: "14126", city: "Olcott", state: "NY", point: [-78.69, 43.33] as [number, number] });
    expect(placeHint(43.65, -79.38, inDistrict, toronto)?.end).toBe(", about 40 miles away: its page says which school districts serve it.");
    // That far from any ZIP code, the place is said to be outside the country or off its coast first; a territory's is not.
    expect(placeHint(43.65, -79.38, inDistrict, toronto)?.words).toBe("This place is far from every ZIP code area: off the coast, on an island the maps leave out, or outside the United States. The nearest US ZIP code is");
    expect(placeHint(18.9, -66.1, inDistrict, () => ({ zip: "00901", city: "San Juan", state: "PR", point: [-66.1, 18.46] as [number, number] }))?.words).toBe("The nearest ZIP code is");
    expect(milesAway(18.4655, -66.1057, [-66.1, 18.46])).toBe("less than a mile away");
    expect(milesAway(40, -100, [-100, 40.0145])).toBe("about 1 mile away");
    expect(milesAway(40, -100, [-100, 40.1])).toBe("about 7 miles away");
  });
  it("a ZIP code whose outline holds the place is its own, said with no distance (pages audit 33 #8: Sun City, 'less than a mile away')", () => {
    const sunCity = () => ({ zip: "85351", city: "Sun City", state: "AZ", point: [-112.28, 33.6] as [number, number], inArea: true as const });
    expect(placeHint(33.5975, -112.2718, inDistrict, sunCity)).toMatchObject({ words: "This place is in ZIP code", link: "85351 (Sun City, AZ)", end: ": its page says which school districts serve it." });
    expect(placeHint(33.5975, -112.2718, inDistrict, sunCity)?.distance).toBeUndefined();
  });
  it("nothing to suggest in the open ocean", () => {
    expect(placeHint(30, -40, inDistrict, nearestZip)).toBeUndefined();
  });
});

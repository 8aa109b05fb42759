/**
 * The Hono app: the route table of the service. Every body is prepared in the
 * Site; a handler validates its path parameter, looks the path up and writes.
 * Hono's own cors(), etag(), compress() and not-found body are not used: they
 * differ from decisions.md (methods, per-request hashing, no brotli, plain-text
 * 404), so http.ts does those things.
 */
import { Hono, type Context } from "hono";
import { internalError, pathKind, pathOf, preflight, sendProblem, sendRepresentation } from "./http.ts";
import { TERRITORIES, type DistrictRecord, type Problem, type ZipDistricts } from "@school-districts/core";
import { cityKey, type CityMatch } from "./city-search.ts";
import { stateSearch } from "./state-search.ts";
import { clearDistrict, namesADistrict, namesASchool, townAskedFor, withoutState, type DistrictMatch } from "./district-search.ts";
import { districtsFoundPage, errorPage, townPage, type ErrorPageExtra } from "./error-pages.ts";
import { districtHref, PAGE_HEADERS } from "./layout.ts";
import { coordinateProblem, degreesProblem, locate, overlappedZipsOf, repeatedProblem, zipHolding, type LocationData } from "./location.ts";
import { locationFormPage, locationPage, territoryPage } from "./location-page.ts";
import {
  type ProblemKind,
  districtNotFoundDetail,
  freelyAssociatedNamed,
  invalidLeaidDetail,
  invalidStateDetail,
  locationNotFoundDetail,
  invalidZipDetail,
  methodDetail,
  notFoundDetail,
  preconditionDetail,
  stateNotFoundDetail,
  zipNotFoundDetail,
} from "./problems.ts";
import { notModifiedHeaders, Representation } from "./representation.ts";
import { matchHits, noneMatchHits, prefersHtml, unmodifiedSince } from "./negotiate.ts";
import { addressZip, nearPath, typedZip } from "./near-path.ts";
import { placeHint, readPlace } from "./place-input.ts";
import { TYPES, type Site } from "./site.ts";

const ZIP = /^[0-9]{5}$/;
/** What the search box takes: a ZIP, or a ZIP+4 with a dash, a space or nothing between (the 5 digits kept). */
const SEARCHED_ZIP = /^([0-9]{5})(?:[-–—\s]?[0-9]{4})?$/;
const STATE = /^[A-Z]{2}$/;
const LEAID = /^[0-9]{7}$/;
const decoder = new TextDecoder();
/** How many town pages (/zip?zip=Boston) are kept once made: a few hundred towns typed most, about 5 KB each. */
const TOWN_PAGES_KEPT = 256;
/** One symbol or emoji (with its joiners and variation selectors, or a keycap: "1️⃣"), or white space. */
const SYMBOL = "(?:[\\p{Extended_Pictographic}\\p{So}\\p{Sk}\\u200D\\uFE0F\\s]|[0-9#*]\\uFE0F?\\u20E3)";
/** Symbols and emoji at either end of a search. */
const EDGE_SYMBOLS = new RegExp(`^${SYMBOL}+|${SYMBOL}+$`, "gu");
/** A page route's value ending in a format (its lowercase .json twin is routed as JSON before it). */
const FORMAT_GUESS = /\.(?:csv|json)$/i;

/**
 * How near its nearest ZIP code's point a place in a one-district territory must be to be
 * answered as in that territory: the points of Puerto Rico's ZIP areas lie a few miles apart
 * (132 over 9,100 km²); a place farther off is likely at sea.
 */
const TERRITORY_NEAR_MILES = 6;

/**
 * How many times more ZIP codes where people live a town must have than the town of a district's
 * very name in another state for "<town> schools" to mean it ("Chattanooga Public Schools": Chattanooga,
 * TN, 17, before the district of Chattanooga, OK, 1; "Franklin School District" keeps its district).
 */
const MUCH_LARGER_TOWN = 5;

/** How many times the query string gives each coordinate (a repeated one is refused: repeatedProblem). */
const givenTimes = (c: Context) => ({ lat: c.req.queries("lat")?.length ?? 0, lon: c.req.queries("lon")?.length ?? 0 });

/** How far from a place in no district its nearest ZIP code is offered (about 35 miles): a territory, or just off the coast. */
const NEAR_ZIP_DEGREES = 0.5;

/** A form's answer: 303 to the page it names (cached like the pages: the same query always goes to the same page). */
function redirect(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800" },
  });
}

/**
 * Creates the app for a prepared site; `location` (the boundaries, possibly still
 * loading) answers /location.json.
 *
 * @example
 * const app = createApp(site, loadLocationData(paths.data));
 * const res = await app.request("/zip/90210.json");
 */
export function createApp(site: Site, location?: PromiseLike<LocationData | undefined> | LocationData): Hono {
  const app = new Hono({ strict: true });
  const fixed = (c: Context) => sendRepresentation(c.req.raw, site.get(c.req.path)!);
  /** A page made for one request (a place, a town, districts of a name): HTML with the pages' headers. */
  const pageOf = (html: string, headers: [string, string][] = PAGE_HEADERS) => new Representation(html, TYPES.html, site.lastModified, headers);
  /** The town pages of the search box made so far, by the text typed (at most TOWN_PAGES_KEPT). */
  const townPages = new Map<string, Representation>();

  /**
   * An error: problem+json on API routes; elsewhere negotiated on Accept, a
   * browser getting an HTML page (with what was typed in its search box; for a
   * PO-box ZIP, what that ZIP is and the ZIP pages of its city; `render`, when
   * given, makes that page instead, e.g. the location form with what was typed).
   */
  const fail = (req: Request, kind: ProblemKind, detail: string, page: { typed?: string; meant?: string; render?: (p: Problem) => string } & Pick<ErrorPageExtra, "former" | "reads" | "country"> = {}) => {
    const where = pathKind(pathOf(req.url));
    if (where === "api") return sendProblem(req, site.baseUrl, kind, detail);
    const { typed, meant, render, former, reads, country } = page;
    const postal = kind === "zip-not-found" && typed ? site.postal(typed) : undefined;
    const cityZips = postal ? site.cityZips(postal.city, postal.state) : [];
    // No ZIP code of its city has a record (21522, Bittinger, MD): those of its county.
    const countyTown = postal && cityZips.length === 0 ? site.countyTown(postal.county, postal.state) : undefined;
    return sendProblem(req, site.baseUrl, kind, detail, {
      onPage: where === "page",
      render:
        render ??
        ((p) => errorPage(p, kind, site.facts, { ...(typed === undefined ? {} : { typed }), ...(meant === undefined ? {} : { meant }), ...(postal ? { postal, cityZips } : {}), ...(countyTown ? { countyTown } : {}), ...(former ? { former } : {}), ...(reads ? { reads } : {}), ...(country ? { country } : {}) })),
    });
  };

  /** Whether a path answers 200: a prepared body, or a page whose JSON twin is one (pages are rendered on request). */
  const answers = (path: string) => path === "/location" || site.has(path) || (pathKind(path) === "page" && /^\/(zip|district|state)\//.test(path) && site.has(`${path}.json`));
  /** An unknown path's 404, naming the address most likely meant (`/zip/90210/`: /zip/90210). */
  const unknownPath = (c: Context) => {
    const meant = nearPath(c.req.path, answers);
    return fail(c.req.raw, "not-found", notFoundDetail(c.req.path, meant), meant === undefined ? {} : { meant });
  };

  /**
   * A page route's address ending in .csv, or .json in other letter case: no resource has one
   * there (/state/RI.csv, /state/RI.JSON), so a 404 problem naming the JSON twin where it answers,
   * not "RI.csv is not a state code".
   */
  const formatGuess = (c: Context) => {
    const twin = c.req.path.replace(/\.(?:csv|json)$/i, ".json");
    const meant = answers(twin) ? twin : undefined;
    return fail(c.req.raw, "not-found", notFoundDetail(c.req.path, meant), meant === undefined ? {} : { meant });
  };

  /** GET /zip/{zip}.json, /zip/{zip}/districts.json, /zip/{zip}: validate, then look up `path`. */
  const zipPath = (c: Context, zip: string, path: string, example: string) => {
    if (!ZIP.test(zip)) {
      // A ZIP+4 or a capital .JSON: the address meant is named.
      // (And a letter O for a zero, "/zip/9OO11": the same path for the ZIP meant.)
      const guess = typedZip(zip);
      const guessed = guess === undefined || !path.startsWith(`/zip/${zip}`) ? undefined : `/zip/${guess}${path.slice(`/zip/${zip}`.length)}`;
      const meant = nearPath(c.req.path, answers) ?? (guessed !== undefined && answers(guessed) ? guessed : undefined);
      return fail(c.req.raw, "invalid-zip", invalidZipDetail(zip, example, meant), { typed: zip, ...(meant === undefined ? {} : { meant }) });
    }
    const rep = site.get(path);
    if (!rep) {
      const postal = site.postal(zip);
      return fail(c.req.raw, "zip-not-found", zipNotFoundDetail(zip, postal, postal ? site.cityZips(postal.city, postal.state) : []), { typed: zip });
    }
    return sendRepresentation(c.req.raw, rep);
  };

  /** GET /state/{state}.json, /state/{state}/districts.json, /state/{state}: validate, then look up `path`. */
  const statePath = (c: Context, state: string, suffix: string) => {
    if (!STATE.test(state)) {
      const known = /^[A-Za-z]{2}$/.test(state) && site.states.has(state.toUpperCase());
      return fail(c.req.raw, "invalid-state", invalidStateDetail(state, known, suffix), known ? { meant: `/state/${state.toUpperCase()}` } : {});
    }
    const rep = site.get(`/state/${state}${suffix}`);
    if (!rep) return fail(c.req.raw, "state-not-found", stateNotFoundDetail(state));
    return sendRepresentation(c.req.raw, rep);
  };

  /** GET /district/{leaid}.json, /district/{leaid}: validate, then look up `path`. */
  const districtPath = (c: Context, leaid: string, suffix: string) => {
    if (!LEAID.test(leaid)) return fail(c.req.raw, "invalid-leaid", invalidLeaidDetail(leaid, `/district/0604830${suffix}`));
    const rep = site.get(`/district/${leaid}${suffix}`);
    if (!rep) {
      const former = site.formerDistrict(leaid);
      return fail(c.req.raw, "district-not-found", districtNotFoundDetail(leaid, former), former ? { former: { ...former, leaid } } : {});
    }
    return sendRepresentation(c.req.raw, rep);
  };

  /** The parsed JSON body prepared at `path`, if any. */
  const json = (path: string) => {
    const rep = site.get(path);
    return rep === undefined ? undefined : JSON.parse(decoder.decode(rep.body));
  };

  const zipsOf = overlappedZipsOf(site);
  /** The answer for a point, or undefined for a point in no district. */
  const answerAt = (data: LocationData, lat: string, lon: string) =>
    locate(
      data,
      Number(lat),
      Number(lon),
      site.baseUrl,
      (zip) => json(`/zip/${zip}.json`),
      zipsOf,
    );

  /** The /location page's hint for a point that gives no answer (place-input.ts): inside districts per the boundaries, ZIP records per the site. */
  const placeHintAt = (data: LocationData, lat: number, lon: number) =>
    placeHint(
      lat,
      lon,
      (y, x) => data.index.districtsAt(x, y).length > 0,
      (y, x) => {
        // The ZIP code whose outline holds the place, else the one whose point lies nearest.
        const holding = zipHolding(data, x, y);
        const zcta = holding ?? data.index.nearestZcta(x, y, NEAR_ZIP_DEGREES);
        const record = zcta === undefined ? undefined : (json(`/zip/${zcta}.json`) as DistrictRecord | undefined);
        const point = zcta === undefined ? undefined : data.index.zctaPoint(zcta);
        return record && { zip: record.zip, city: record.city, state: record.state, stateName: site.stateName(record.state), ...(point ? { point } : {}), ...(holding === undefined ? {} : { inArea: true as const }) };
      },
    );

  /**
   * The district every ZIP code of a state names, if they all name one (Puerto Rico's), with its
   * phone: the states are sorted out in one pass over /index.json, when first asked.
   */
  let oneDistrictZip: Map<string, string | undefined> | undefined;
  const onlyDistrictOf = (state: string) => {
    if (oneDistrictZip === undefined) {
      const first = new Map<string, { zip: string; district: string } | undefined>();
      for (const e of json("/index.json") as { zip: string; state: string; district: string }[]) {
        if (!first.has(e.state)) first.set(e.state, e);
        else if (first.get(e.state)?.district !== e.district) first.set(e.state, undefined);
      }
      oneDistrictZip = new Map([...first].map(([st, e]) => [st, e?.zip]));
    }
    const zip = oneDistrictZip.get(state);
    const record = zip === undefined ? undefined : (json(`/zip/${zip}.json`) as DistrictRecord | undefined);
    const chosen = zip === undefined ? undefined : (json(`/zip/${zip}/districts.json`) as ZipDistricts | undefined)?.districts.find((d) => d.chosen);
    return record && chosen ? { district: record.district, leaid: chosen.leaid, phone: record.phone } : undefined;
  };

  /** `GET /location.json?lat=&lon=`: validate, find the districts, answer (rendered per request, cached like the records). */
  const locationAnswer = async (c: Context) => {
    const [lat, lon] = [c.req.query("lat") ?? null, c.req.query("lon") ?? null];
    const bad = repeatedProblem(givenTimes(c)) ?? coordinateProblem(lat, lon);
    if (bad !== undefined) return fail(c.req.raw, "invalid-location", bad);
    const data = await location;
    if (data === undefined) return fail(c.req.raw, "not-found", "This dataset was built without boundaries: look up by ZIP code instead.");
    const answer = answerAt(data, lat!, lon!);
    if (answer === undefined) return fail(c.req.raw, "location-not-found", locationNotFoundDetail(Number(lat), Number(lon), false, data.index.areaWithoutDistrictAt(Number(lon), Number(lat))));
    return sendRepresentation(c.req.raw, new Representation(JSON.stringify(answer), TYPES.json, site.lastModified));
  };

  /**
   * `GET /location?lat=&lon=`: the page for people; the form alone until both coordinates
   * are given; 400 and 404 negotiated like every page route, the HTML being the form with
   * what was typed.
   */
  const locationHtml = async (c: Context) => {
    const [lat, lon] = [c.req.query("lat") ?? null, c.req.query("lon") ?? null];
    const ok = (html: string) => sendRepresentation(c.req.raw, pageOf(html));
    const times = givenTimes(c);
    const repeated = repeatedProblem(times, true);
    // What a person pasted or typed (a pair in one box, degree signs, N/S/E/W, a typographic minus):
    // read, then redirected to plain decimal degrees, the page's one address per place.
    if ((lat !== null || lon !== null) && repeated === undefined) {
      const read = readPlace(lat ?? "", lon ?? "");
      if (read !== undefined && (read.lat !== lat || read.lon !== lon)) return redirect(`/location?lat=${read.lat}&lon=${read.lon}`);
    }
    // A value given must be degrees in range; until both are given, the form (with what was given filled in).
    const latProblem = times.lat > 1 ? repeated : lat === null ? undefined : degreesProblem("lat", lat, true);
    const bad = latProblem ?? repeated ?? (lon === null ? undefined : degreesProblem("lon", lon, true));
    const badField = latProblem !== undefined ? "lat" : "lon";
    if (bad === undefined && (lat === null || lon === null)) {
      const missing = lat === null && lon === null ? "" : `Both are needed: add the ${lat === null ? "latitude" : "longitude"}.`;
      return ok(locationFormPage(200, missing, lat ?? "", lon ?? "", site.facts));
    }
    const data = await location;
    // Out of range, or in no district: the place probably meant (a missing minus, the numbers swapped, the nearest ZIP).
    const numbers = lat !== null && lon !== null && lat !== "" && lon !== "" && Number.isFinite(Number(lat)) && Number.isFinite(Number(lon));
    const hint = () => (data && numbers ? placeHintAt(data, Number(lat), Number(lon)) : undefined);
    if (bad !== undefined) return fail(c.req.raw, "invalid-location", bad, { render: () => locationFormPage(400, bad, lat ?? "", lon ?? "", site.facts, hint(), badField) });
    const answer = data && answerAt(data, lat!, lon!);
    if (!data || !answer) {
      // A territory whose every ZIP code is in one district (Puerto Rico): that district, though no boundary is drawn there.
      const near = data ? hint() : undefined;
      // Only near its ZIP codes' points: the territories have no ZIP outlines either, and open sea
      // 30 miles off San Juan is no home in Puerto Rico (review 30 #2).
      const inTerritory = near?.state !== undefined && TERRITORIES.has(near.state) && near.miles !== undefined && near.miles <= TERRITORY_NEAR_MILES;
      const only = inTerritory ? onlyDistrictOf(near!.state!) : undefined;
      // (The JSON of this address stays the 404 problem: the page varies on Accept.)
      if (near && only && prefersHtml(c.req.raw.headers.get("accept"), true)) {
        return sendRepresentation(c.req.raw, pageOf(territoryPage(only, near, lat!, lon!, site.facts), [...PAGE_HEADERS, ["Vary", "Accept, Accept-Encoding"]]));
      }
      const detail = data ? locationNotFoundDetail(Number(lat), Number(lon), true, data.index.areaWithoutDistrictAt(Number(lon), Number(lat))) : "This service was built without boundaries.";
      return fail(c.req.raw, "location-not-found", detail, { render: () => locationFormPage(404, detail, lat!, lon!, site.facts, hint()) });
    }
    // Each district's phone, from its resource (a parent calls to confirm the school).
    // Each district's body parsed once for this page (its phone and state are both asked for).
    const parsed = new Map<string, { phone?: string; state?: string } | undefined>();
    const districtOf = (leaid: string) => {
      if (!parsed.has(leaid)) parsed.set(leaid, json(`/district/${leaid}.json`) as { phone?: string; state?: string } | undefined);
      return parsed.get(leaid);
    };
    return ok(
      locationPage(
        answer,
        data,
        site.facts,
        (leaid) => districtOf(leaid)?.phone ?? "",
        (leaid) => (districtOf(leaid)?.state ? site.stateName(districtOf(leaid)!.state!) : ""),
        answer.zip ? ((json(`/zip/${answer.zip.zip}/districts.json`) as ZipDistricts | undefined)?.newer_districts ?? []) : [],
      ),
    );
  };

  // Every method but GET, HEAD and OPTIONS gets 405; OPTIONS is a CORS preflight.
  app.use(async (c, next) => {
    const method = c.req.method;
    if (method === "OPTIONS") return preflight(c.req.raw);
    if (method !== "GET" && method !== "HEAD") {
      return fail(c.req.raw, "method-not-allowed", methodDetail(method));
    }
    await next();
  });

  // ---- Routes ------------------------------------------------------------
  app.get("/", fixed);
  app.get("/zip/:zip{[^/]+\\.json}", (c) => {
    const zip = c.req.param("zip").slice(0, -".json".length);
    return zipPath(c, zip, `/zip/${zip}.json`, "/zip/02108.json");
  });
  app.get("/zip/:zip/districts.json", (c) => {
    const zip = c.req.param("zip");
    return zipPath(c, zip, `/zip/${zip}/districts.json`, "/zip/02108/districts.json");
  });
  app.get("/zip/:zip", (c) => {
    const zip = c.req.param("zip");
    if (FORMAT_GUESS.test(zip)) return formatGuess(c);
    return zipPath(c, zip, `/zip/${zip}`, "/zip/02108");
  });
  const states = stateSearch(site.states, (code) => site.stateName(code));
  /**
   * A ZIP code typed before its own town ("90210 Beverly Hills", "90210, Beverly Hills, CA"): the
   * ZIP code, where the town is its record's city (and the state its state); else undefined.
   */
  const zipBeforeItsTown = (typed: string): string | undefined => {
    const m = /^([0-9]{5})(?:-[0-9]{4})?[\s,]+(.+)$/.exec(typed);
    if (m === null) return undefined;
    // Its record's town, or, for a ZIP code with no record, its post office's (96960 Majuro).
    const place = (json(`/zip/${m[1]}.json`) as DistrictRecord | undefined) ?? site.postal(m[1]!);
    if (place === undefined) return undefined;
    // The town alone, or with its state's code after it ("Santa Fe" is no town "Santa" in "FE": review 33c #5).
    const same = (town: string) => cityKey(town) === cityKey(place.city);
    const withState = withoutState(m[2]!, new Set([place.state]));
    return same(m[2]!) || (withState.state !== undefined && same(withState.text)) ? m[1] : undefined;
  };
  app.get("/zip", (c) => {
    // The search form's target (works without JavaScript): 303 to the ZIP's page. A ZIP+4
    // copied from an address (90210-1234) goes to its 5-digit ZIP.
    // Emoji and other symbols around what was typed ("🏫 90210", as a phone's keyboard suggests them) are no part of it.
    const asTyped = (c.req.query("zip") ?? "").trim();
    // (Only symbols typed: they are what the page quotes back, not "no ZIP code was typed".)
    const typed = asTyped.replace(EDGE_SYMBOLS, "").trim() || asTyped;
    // A pasted address line that ends with its ZIP code goes to that ZIP's page, which explains a
    // ZIP code without a record (a PO-box ZIP) or says it is unknown.
    const zip = SEARCHED_ZIP.exec(typed)?.[1] ?? addressZip(typed) ?? zipBeforeItsTown(typed);
    if (zip === undefined) {
      // A letter O for a zero, a space inside ("9OO11", "902 10"): the ZIP meant is named, if it has a page.
      const guess = typedZip(typed);
      // Not a number of an address whose state is another ("14520 Sunrise Dr Bellevue WA": 14520 is in New York).
      const stateTyped = /[\s,]([A-Za-z]{2})\.?$/.exec(typed)?.[1]?.toUpperCase();
      const elsewhere = (zip: string) => stateTyped !== undefined && site.states.has(stateTyped) && (json(`/zip/${zip}.json`) as { state?: string } | undefined)?.state !== stateTyped;
      const meant = guess !== undefined && answers(`/zip/${guess}`) && !elsewhere(guess) ? `/zip/${guess}` : undefined;
      // A town typed instead ("Boston, MA", "123 Main St, Springfield, IL", "Cincinatti"): the page of
      // its ZIP codes, an answer (200, cached and compressed like the other pages).
      const known = townPages.get(typed);
      if (known !== undefined) return sendRepresentation(c.req.raw, known);
      // Palau, Micronesia, the Marshall Islands: said to be outside the service, not a town of a close name.
      const country = freelyAssociatedNamed(typed) ?? site.freelyAssociatedTown(typed);
      if (country !== undefined) return fail(c.req.raw, "invalid-zip", invalidZipDetail(typed, "/zip/02108"), { typed, reads: "abroad", country });
      // A district's name ("Houston ISD", "Chicago Public Schools"): its page where one district is
      // meant, else the districts of that name; where none has it, a town of that very name (an
      // address on "Public School Rd"), never one of a close name (Houstonia, MO, for "Houston ISD").
      // Districts found only by part of the words typed wait for the towns: "123 Public School Rd,
      // Springfield, IL" is an address in Springfield, not Springfield School District 186 (review 33b #2).
      const districtNamed = namesADistrict(typed, site.states);
      const districts = districtNamed ? site.districtSearch(typed) : [];
      const strong = districts.filter((d) => d.match !== "narrower");
      const one = clearDistrict(typed, strong);
      // A town's name with words any district has ("Raleigh schools", "Tampa public schools",
      // "Raleigh, NC school district"): the town's ZIP codes and their districts, or the one district
      // meant where it serves the town of that name with the most ZIP codes ("Seattle schools"),
      // never a namesake elsewhere (Raleigh County, WV) or a dead end (pages audit 34 #1). A
      // district's very name keeps its own search unless the town is in another state: then it is
      // linked first ("Chattanooga Public Schools" is Oklahoma's; Chattanooga, TN's are Hamilton County's).
      const townAsked = districtNamed ? townAskedFor(typed, site.states) : undefined;
      const townsAsked = townAsked === undefined ? [] : site.citySearch(townAsked).filter((t) => !t.close && !t.county);
      const veryName = strong.filter((d) => d.match === "name");
      const homes = (t: CityMatch | undefined) => t?.zips.filter((z) => !z.poBox).length ?? 0;
      // (A city much larger than the very name's own town: Chattanooga, TN's 17 ZIP codes to Chattanooga, OK's 1.)
      const muchLarger = (t: CityMatch) => veryName.every((d) => d.state !== t.state && homes(t) >= MUCH_LARGER_TOWN * Math.max(1, homes(townsAsked.find((o) => o.state === d.state))));
      if (townsAsked.length > 0 && (veryName.length === 0 || muchLarger(townsAsked[0]!))) {
        const servedBy = (towns: readonly CityMatch[]) => new Set(towns.flatMap((t) => t.zips.flatMap((z) => [z.leaid, ...(z.high ? [z.high.leaid] : [])])));
        if (one !== undefined && servedBy(townsAsked.slice(0, 1)).has(one.leaid)) return redirect(districtHref(one.leaid));
        const served = servedBy(townsAsked);
        // (A city's short name, "LA", shares its letters with many names: no namesakes for it.)
        const namesakes = townsAsked.some((t) => t.nickname) ? [] : strong.filter((d) => !served.has(d.leaid) && d.match !== "name");
        return sendRepresentation(c.req.raw, pageOf(townPage(typed, townsAsked, site.facts, undefined, { town: townAsked!, named: veryName, namesakes })));
      }
      if (one !== undefined) return redirect(districtHref(one.leaid));
      const districtsPage = (found: DistrictMatch[]) => sendRepresentation(c.req.raw, pageOf(districtsFoundPage(typed, found, site.facts)));
      if (strong.length > 0) return districtsPage(strong);
      // A town found by its name comes before a ZIP guessed from the digits ("10001 Main St, Dallas,
      // TX" is Dallas, not New York's 10001); a town only close to what was typed, after it.
      const found = (/\p{L}/u.test(typed.replace(/[OolI]/g, "")) ? site.citySearch(typed) : []).filter((t) => !districtNamed || !t.close);
      const towns = meant === undefined || found.some((t) => !t.close) ? found : [];
      // A district's very name without the words that mark one ("Glenbrook HSD 225", "Munster School
      // Town"): its page, where no town has that name.
      const sameName = districtNamed ? [] : site.districtsNamed(typed);
      if (sameName.length === 1 && !found.some((t) => !t.close)) return redirect(districtHref(sameName[0]!.leaid));
      // A state's code or name typed ("TX", "Texas"): the state's page, unless towns have that very
      // name ("California", KY): then their page, with the state's linked first (not for a county
      // or a town only close to it: "Utah" is the state, not Utah County; "Alaska" not Akaska, SD).
      const state = states.typedAlone(typed);
      if (state !== undefined && !towns.some((t) => !t.close && !t.county)) return redirect(`/state/${state}`);
      // A state's name misspelt ("Tennesee", "Conneticut"): the state where no town has that very
      // name; beside towns of a close name (Tennessee, IL), the state's link leads their page.
      const misspelt = state === undefined && !towns.some((t) => !t.close) ? states.speltClose(typed) : undefined;
      if (misspelt !== undefined && towns.length === 0) return redirect(`/state/${misspelt}`);
      if (towns.length > 0) {
        const stateShown = state ?? misspelt;
        const page = townPage(typed, towns, site.facts, stateShown === undefined ? undefined : { code: stateShown, name: site.stateName(stateShown) });
        const rep = pageOf(page);
        // Kept, the oldest first out: a town typed again is answered from its page, ETag and codings.
        if (townPages.size >= TOWN_PAGES_KEPT) townPages.delete(townPages.keys().next().value!);
        townPages.set(typed, rep);
        return sendRepresentation(c.req.raw, rep);
      }
      // No town: the districts with part of the words typed ("Springfield Lake Public Schools": Springfield's).
      if (districts.length > 0) return districtsPage(districts);
      // "Dallas County SD": no town of South Dakota; "SD" is the district's (review 33c #6).
      const asDistrict = !districtNamed && /\sSD\.?$/i.test(typed) ? site.districtSearch(typed.replace(/\s+SD\.?$/i, " School District")).filter((d) => d.match !== "narrower") : [];
      const sdOne = clearDistrict(typed, asDistrict);
      if (sdOne !== undefined) return redirect(districtHref(sdOne.leaid));
      if (asDistrict.length > 0) return districtsPage(asDistrict);
      const reads = districtNamed ? "district" : namesASchool(typed) ? "school" : undefined;
      return fail(c.req.raw, "invalid-zip", invalidZipDetail(typed, "/zip/02108", meant), { typed, ...(meant === undefined ? {} : { meant }), ...(reads === undefined ? {} : { reads }) });
    }
    return redirect(`/zip/${zip}`);
  });
  app.get("/state/:state{[^/]+\\.json}", (c) => statePath(c, c.req.param("state").slice(0, -".json".length), ".json"));
  app.get("/state/:state/districts.json", (c) => statePath(c, c.req.param("state"), "/districts.json"));
  app.get("/state/:state", (c) => (FORMAT_GUESS.test(c.req.param("state")) ? formatGuess(c) : statePath(c, c.req.param("state"), "")));
  app.get("/district/:leaid{[^/]+\\.json}", (c) => districtPath(c, c.req.param("leaid").slice(0, -".json".length), ".json"));
  app.get("/district/:leaid", (c) => (FORMAT_GUESS.test(c.req.param("leaid")) ? formatGuess(c) : districtPath(c, c.req.param("leaid"), "")));
  app.get("/bulk/all-districts.json", fixed);
  app.get("/bulk/all-districts.csv", fixed);
  app.get("/bulk/districts.csv", fixed);
  app.get("/bulk/zip-districts.csv", fixed);
  app.get("/index.json", fixed);
  app.get("/openapi.json", fixed);
  app.get("/docs", fixed);
  app.get("/problems/:kind", (c) => {
    // A prepared page per problem kind (the `type` URI of problem bodies); any other kind is unknown.
    const rep = site.get(`/problems/${c.req.param("kind")}`);
    return rep ? sendRepresentation(c.req.raw, rep) : unknownPath(c);
  });
  app.get("/healthz", fixed);
  app.get("/about", fixed);
  app.get("/docs/:page", (c) => {
    // Redoc's script and the sidebar's /docs/{tag} links (the docs page again).
    const rep = site.get(c.req.path);
    return rep ? sendRepresentation(c.req.raw, rep) : unknownPath(c);
  });
  app.get("/robots.txt", fixed);
  app.get("/sitemap.xml", fixed);
  app.get("/:file{sitemap-[0-9]+\\.xml}", (c) => {
    const rep = site.get(c.req.path);
    return rep ? sendRepresentation(c.req.raw, rep) : unknownPath(c);
  });
  app.get("/location.json", (c) => locationAnswer(c));
  app.get("/location", (c) => locationHtml(c));
  // ------------------------------------------------------------------------

  app.notFound(unknownPath);
  app.onError((err) => {
    console.error(err);
    return internalError();
  });
  return app;
}

/**
 * The server's request handler: the app, with one shortcut in front. A GET or
 * HEAD whose path (no query) is a prepared path goes straight to its
 * representation, skipping Hono's routing (the same answer, at about half the
 * CPU per request), and a matching If-None-Match on an identity-only body
 * whose ETag the site knows without reading it gets its 304 at once;
 * everything else (errors, OPTIONS, the search redirect, percent-encoded
 * paths) goes through the app.
 *
 * @example
 * Bun.serve({ fetch: createHandler(site) });
 */
export function createHandler(site: Site, app: Hono = createApp(site)): (req: Request) => Response | Promise<Response> {
  const handle = answerOf(site, app);
  // RFC 9110 §13.2.2: If-Match, else If-Unmodified-Since, decides before If-None-Match; a
  // precondition is evaluated only where the answer would be 2xx (or that 2xx's 304).
  return (req) => {
    // GET and HEAD only: a preflight (OPTIONS) ignores them (§13.2.1), other methods get their 405.
    const conditional = req.method === "GET" || req.method === "HEAD";
    const ifMatch = conditional ? req.headers.get("if-match") : null;
    const ifUnmodified = conditional && ifMatch === null ? req.headers.get("if-unmodified-since") : null;
    if (ifMatch === null && ifUnmodified === null) return handle(req);
    return Promise.resolve(handle(req)).then((res) => {
      if (!(res.status >= 200 && res.status < 300) && res.status !== 304) return res;
      const etag = res.headers.get("etag");
      const modified = Date.parse(res.headers.get("last-modified") ?? "");
      const holds = ifMatch !== null ? etag !== null && matchHits(ifMatch, etag) : Number.isNaN(modified) || unmodifiedSince(ifUnmodified!, modified);
      if (holds) return res;
      void res.body?.cancel();
      return sendProblem(req, site.baseUrl, "precondition-failed", preconditionDetail(ifMatch !== null ? "If-Match" : "If-Unmodified-Since"));
    });
  };
}

/** The handler without the preconditions (createHandler). */
function answerOf(site: Site, app: Hono): (req: Request) => Response | Promise<Response> {
  return (req) => {
    const method = req.method;
    if (method === "GET" || method === "HEAD") {
      const url = req.url;
      // The path of an absolute URL without query or fragment (else Hono decides).
      if (!url.includes("?") && !url.includes("#")) {
        const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
        // A revalidation of an identity-only body: answered from its ETag alone,
        // without reading the body or making its representation (issue 15).
        const inm = req.headers.get("if-none-match");
        if (inm !== null) {
          const etag = site.identityEtag(path);
          if (etag !== undefined && noneMatchHits(inm, etag)) return new Response(null, { status: 304, headers: notModifiedHeaders(etag, site.lastModified) });
        }
        const rep = site.get(path);
        if (rep) return sendRepresentation(req, rep);
      }
    }
    return app.fetch(req);
  };
}

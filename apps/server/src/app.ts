/**
 * The Hono app: the route table of the service. Every body is prepared in the
 * Site; a handler validates its path parameter, looks the path up and writes.
 * Hono's own cors(), etag(), compress() and not-found body are not used: they
 * differ from decisions.md (methods, per-request hashing, no brotli, plain-text
 * 404), so http.ts does those things.
 */
import { Hono, type Context } from "hono";
import { internalError, pathKind, pathOf, preflight, sendProblem, sendRepresentation } from "./http.ts";
import { edgeDistance, type DistrictRecord, type Problem, type StateDistricts, type ZipDistricts } from "@school-districts/core";
import { stateSearch } from "./state-search.ts";
import { searchAnswer, searchedText, type SearchSite } from "./search-box.ts";
import { districtsNamedLike, errorPage, type ErrorPageExtra, type NearZip } from "./error-pages.ts";
import { PAGE_HEADERS } from "./layout.ts";
import { coordinateProblem, degreesProblem, locate, locateInTerritory, onlyNamedDistrict, overlappedZipsOf, placeWithoutDistrict, plusCodeBeside, repeatedProblem, withNewerDistricts, zipHolding, type LocationData } from "./location.ts";
import { locationFormPage, locationPage, territoryPage } from "./location-page.ts";
import {
  type ProblemKind,
  districtNotFoundDetail,
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
import { CACHE_CONTROL, DEVICE_CACHE_CONTROL, notModifiedHeaders, Representation } from "./representation.ts";
import { matchHits, noneMatchHits, unmodifiedSince } from "./negotiate.ts";
import { nearPath, typedLeaid, typedZip } from "./near-path.ts";
import { nearZipIndex } from "./postal.ts";
import { milesAway, placeHint, readPlace } from "./place-input.ts";
import { localityTowns, plusCodeOf, type TownPoints } from "./plus-code.ts";
import { COUNTRY_AT_END, stateTypedAfter } from "./state-at-end.ts";
import { TYPES, type Site } from "./site.ts";

const ZIP = /^[0-9]{5}$/;
const STATE = /^[A-Z]{2}$/;
const LEAID = /^[0-9]{7}$/;
const decoder = new TextDecoder();
/** How many town pages (/zip?zip=Boston) are kept once made: the few hundred towns typed most lately (least recently used go first), about 5 KB each. */
const TOWN_PAGES_KEPT = 256;
/** A page route's value ending in a format (its lowercase .json twin is routed as JSON before it). */
const FORMAT_GUESS = /\.(?:csv|json)$/i;

/** How many times the query string gives each coordinate (a repeated one is refused: repeatedProblem). */
const givenTimes = (c: Context) => ({ lat: c.req.queries("lat")?.length ?? 0, lon: c.req.queries("lon")?.length ?? 0 });

/** How far from a place in no district its nearest ZIP code is offered (about 35 miles): a territory, or just off the coast. */
const NEAR_ZIP_DEGREES = 0.5;

/** A form's answer: 303 to the page it names (cached like the pages: the same query always goes to the same page). */
function redirect(location: string, cacheControl = CACHE_CONTROL): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, "Access-Control-Allow-Origin": "*", "Cache-Control": cacheControl },
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
  /** The ZIP codes of each first 3 digits, from /index.json when a ZIP code with no record is first asked for. */
  let nearZipsOf: ((zip: string) => NearZip[]) | undefined;
  const fail = (req: Request, kind: ProblemKind, detail: string, page: { typed?: string; meant?: string; render?: (p: Problem) => string; cacheControl?: string } & Pick<ErrorPageExtra, "former" | "reads" | "country" | "idState" | "meantName" | "respelled" | "unknownTown"> = {}) => {
    const where = pathKind(pathOf(req.url));
    if (where === "api") return sendProblem(req, site.baseUrl, kind, detail);
    const { typed, meant, render, cacheControl, former, reads, country, idState, meantName, respelled, unknownTown } = page;
    const postal = kind === "zip-not-found" && typed ? site.postal(typed) : undefined;
    const cityZips = postal ? site.cityZips(postal.city, postal.state) : [];
    // No ZIP code of its city has a record (21522, Bittinger, MD): those of its county.
    const countyTown = postal && cityZips.length === 0 ? site.countyTown(postal.county, postal.state) : undefined;
    // Nor a town's district named so: those of its state whose names begin with the town's (12089, Hoosick, NY: Hoosick Falls
    // Central School District, review of the final commits 42 #6; the page listed the county's 11 districts only).
    const namedLike = postal && cityZips.length === 0 ? districtsNamedLike(postal.city, postal.state, site.districtSearch) : [];
    // No record at all (a digit mistyped: /zip/60291): the ZIP codes of its first 3 digits (pages audit 39 #6).
    const nearZips = kind === "zip-not-found" && typed && !postal ? (nearZipsOf ??= nearZipIndex(JSON.parse(decoder.decode(site.get("/index.json")!.body)) as NearZip[]))(typed) : [];
    // A ZIP code's town, its record's or its post office's ("12 Main St, Norwood 2062": 02062 is Norwood's, review-links-43 #2).
    // (Not where another state is typed after that town: "Canton OH 2021 reunion" is no 02021 of Canton, MA, stop 43's Left;
    // a year ending the text is answered before, by searchAnswer with townBeforeYear: "Canton OH class of 2021".)
    const townOfZip = (zip: string) => {
      const record = /^[0-9]{5}$/.test(zip) ? site.get(`/zip/${zip}.json`) : undefined;
      const place = record === undefined ? site.postal(zip) : (JSON.parse(decoder.decode(record.body)) as { city?: string; state?: string });
      const after = place?.city === undefined || typed === undefined ? undefined : stateTypedAfter(typed, place.city, states.atEnd);
      return after === undefined || after === place?.state ? place?.city : undefined;
    };
    return sendProblem(req, site.baseUrl, kind, detail, {
      onPage: where === "page",
      ...(cacheControl === undefined ? {} : { cacheControl }),
      render:
        render ??
        ((p) => errorPage(p, kind, site.facts, { ...(typed === undefined ? {} : { typed, townOfZip }), ...(meant === undefined ? {} : { meant }), ...(postal ? { postal, cityZips } : {}), ...(countyTown ? { countyTown } : {}), ...(namedLike.length > 0 ? { namedLike } : {}), ...(nearZips.length > 0 ? { nearZips } : {}), ...(former ? { former } : {}), ...(reads ? { reads } : {}), ...(country ? { country } : {}), ...(idState ? { idState } : {}), ...(meantName ? { meantName } : {}), ...(respelled ? { respelled } : {}), ...(unknownTown ? { unknownTown } : {}) })),
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
      // A town's name typed into the page's address (/zip/Beverly Hills): its page of ZIP codes, for a
      // person (pages audit 36 #9: the page said no town is written that way).
      const town = meant === undefined && path === `/zip/${zip}` && /\p{L}{2}/u.test(zip) && site.citySearch(zip).some((t) => !t.close) ? `/zip?zip=${encodeURIComponent(zip)}` : undefined;
      return fail(c.req.raw, "invalid-zip", invalidZipDetail(zip, example, meant), { typed: zip, ...(meant === undefined ? {} : { meant }), ...(town === undefined ? {} : { meant: town }) });
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
      // A state's name or code in other letters (/state/Texas, /state/tx): that state's address (pages audit 36 #9).
      const named = known ? state.toUpperCase() : states.typedAlone(state);
      return fail(c.req.raw, "invalid-state", invalidStateDetail(state, known, suffix), named !== undefined ? { meant: `/state/${named}${suffix}` } : {});
    }
    const rep = site.get(`/state/${state}${suffix}`);
    if (!rep) return fail(c.req.raw, "state-not-found", stateNotFoundDetail(state));
    return sendRepresentation(c.req.raw, rep);
  };

  /** Each state's two-digit prefix of its districts' ids (its FIPS code), from its district list, when a district not found is first asked for. */
  let statesByPrefix: Map<string, string> | undefined;
  const stateOfLeaid = (leaid: string) => {
    if (statesByPrefix === undefined) {
      statesByPrefix = new Map();
      for (const state of site.states) {
        const first = (json(`/state/${state}/districts.json`) as StateDistricts | undefined)?.districts[0];
        if (first !== undefined) statesByPrefix.set(first.leaid.slice(0, 2), state);
      }
    }
    return statesByPrefix.get(leaid.slice(0, 2));
  };

  /** GET /district/{leaid}.json, /district/{leaid}: validate, then look up `path`. */
  const districtPath = (c: Context, leaid: string, suffix: string) => {
    if (!LEAID.test(leaid)) {
      // A link damaged in copying (a leading zero lost, a full stop added): the district meant, where it has a page (pages audit 39 #6).
      const guess = typedLeaid(leaid);
      const meant = guess !== undefined && answers(`/district/${guess}${suffix}`) ? `/district/${guess}${suffix}` : undefined;
      // (The detail stays the CLI's, lookup.ts: the page names the district meant.)
      // Named, so a parent can tell it is theirs (review of the late commits 39 #5: "district 0622710" alone).
      const meantName = meant === undefined ? undefined : (json(`/district/${guess}.json`) as { district?: string } | undefined)?.district;
      return fail(c.req.raw, "invalid-leaid", invalidLeaidDetail(leaid, `/district/0604830${suffix}`), meant === undefined ? {} : { meant, ...(meantName ? { meantName } : {}) });
    }
    const rep = site.get(`/district/${leaid}${suffix}`);
    if (!rep) {
      const former = site.formerDistrict(leaid);
      const state = former ? undefined : stateOfLeaid(leaid);
      return fail(c.req.raw, "district-not-found", districtNotFoundDetail(leaid, former), former ? { former: { ...former, leaid } } : state ? { idState: { code: state, name: site.stateName(state) } } : {});
    }
    return sendRepresentation(c.req.raw, rep);
  };

  /** The parsed JSON body prepared at `path`, if any. */
  const json = (path: string) => {
    const rep = site.get(path);
    return rep === undefined ? undefined : JSON.parse(decoder.decode(rep.body));
  };

  const zipsOf = overlappedZipsOf(site);
  /** The answer for a point, or undefined for a point in no district (a one-district territory's place is in its district: locateInTerritory). */
  const answerAt = (data: LocationData, lat: string, lon: string) => {
    const record = (zip: string) => json(`/zip/${zip}.json`) as DistrictRecord | undefined;
    const found = locate(data, Number(lat), Number(lon), site.baseUrl, record, zipsOf) ?? locateInTerritory(data, Number(lat), Number(lon), site.baseUrl, record, onlyDistrictOf, namedDistrictOf);
    return found && withNewerDistricts(found, (zip) => (json(`/zip/${zip}/districts.json`) as ZipDistricts | undefined)?.newer_districts ?? []);
  };

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

  /** The ZIP codes' points and areas of each town a short plus code's locality names ("Chicago, Illinois": localityTowns); none without the ZIP outlines. */
  const townPointsIn =
    (data: LocationData | undefined): TownPoints =>
    (locality) => {
      const outlines = data?.zctas?.();
      if (data === undefined || outlines === undefined) return [];
      return localityTowns(locality, site.citySearch).map((m) => {
        // (Those with an outline: the territories' ZIP codes have none, and their towns' places are taken from their points alone.)
        const zips = m.zips.map((z) => z.zip);
        const outlined = zips.filter((zip) => outlines.outline(zip) !== undefined);
        const points = zips.flatMap((zip) => [data.index.zctaPoint(zip) ?? []]).filter((p): p is [number, number] => p.length === 2);
        const metresFrom = (lon: number, lat: number) => (outlined.some((zip) => outlines.holds(zip, lon, lat)) ? 0 : Math.min(...outlined.map((zip) => edgeDistance(outlines.outline(zip)!, lon, lat))));
        // (The districts its ZIP codes' records name, read only where the areas leave two places or none: Valdez, AK.)
        let named: Set<string> | undefined;
        const inNamedDistrict = (lon: number, lat: number) => {
          named ??= new Set(zips.flatMap((zip) => (json(`/zip/${zip}/districts.json`) as ZipDistricts | undefined)?.districts.filter((d) => d.chosen).map((d) => d.leaid) ?? []));
          return data.index.districtsAt(lon, lat).some((hit) => named!.has(hit.district.leaid));
        };
        return outlined.length === 0 ? { points } : { points, metresFrom, inNamedDistrict };
      });
    };

  /** The one district every ZIP code of a state names, with its level, from the state's district list (onlyNamedDistrict). */
  const onlyDistrictOf = (state: string) => {
    const list = json(`/state/${state}/districts.json`) as StateDistricts | undefined;
    const leaid = list === undefined ? undefined : onlyNamedDistrict(list.districts.map((d) => ({ leaid: d.leaid, named: d.chosen_zips })));
    const only = leaid === undefined ? undefined : list!.districts.find((d) => d.leaid === leaid);
    return only && { leaid: only.leaid, level: only.level };
  };

  /** The district a ZIP code's record names, with its level (its districts' `chosen`). */
  const namedDistrictOf = (zip: string) => {
    const chosen = (json(`/zip/${zip}/districts.json`) as ZipDistricts | undefined)?.districts.find((d) => d.chosen);
    return chosen && { leaid: chosen.leaid, level: chosen.level };
  };

  /** `GET /location.json?lat=&lon=`: validate, find the districts, answer (rendered per request, cached like the records). */
  const locationAnswer = async (c: Context) => {
    const [lat, lon] = [c.req.query("lat") ?? null, c.req.query("lon") ?? null];
    const bad = repeatedProblem(givenTimes(c)) ?? coordinateProblem(lat, lon);
    if (bad !== undefined) return fail(c.req.raw, "invalid-location", bad);
    const data = await location;
    if (data === undefined) return fail(c.req.raw, "not-found", "This dataset was built without boundaries: look up by ZIP code instead.");
    const answer = answerAt(data, lat!, lon!);
    if (answer === undefined) return fail(c.req.raw, "location-not-found", locationNotFoundDetail(Number(lat), Number(lon), false, placeWithoutDistrict(data, Number(lon), Number(lat))));
    return sendRepresentation(c.req.raw, new Representation(JSON.stringify(answer), TYPES.json, site.lastModified));
  };

  /**
   * `GET /location?lat=&lon=`: the page for people; the form alone until both coordinates
   * are given; 400 and 404 negotiated like every page route, the HTML being the form with
   * what was typed.
   */
  const locationHtml = async (c: Context) => {
    // A box left empty is a value not given, as the ZIP box's is (review 38 #6: "Latitude “” is not a decimal number").
    const given = (name: string) => (c.req.query(name)?.trim() ? c.req.query(name)! : null);
    const [lat, lon] = [given("lat"), given("lon")];
    const sentEmpty = c.req.query("lat") !== undefined && c.req.query("lon") !== undefined && lat === null && lon === null;
    // The accuracy the device reported with its position ("Use my location"), whole metres; anything else is ignored.
    const acc = c.req.query("acc");
    const accuracyM = acc !== undefined && /^[0-9]{1,7}$/.test(acc) ? Number(acc) : undefined;
    // A device's position is kept by the browser only, not by a shared cache (DEVICE_CACHE_CONTROL).
    const cacheControl = accuracyM === undefined ? CACHE_CONTROL : DEVICE_CACHE_CONTROL;
    const ok = (html: string) => sendRepresentation(c.req.raw, pageOf(html, accuracyM === undefined ? PAGE_HEADERS : [...PAGE_HEADERS, ["Cache-Control", DEVICE_CACHE_CONTROL]]));
    const times = givenTimes(c);
    const repeated = repeatedProblem(times, true);
    // What a person pasted or typed (a pair in one box, degree signs, N/S/E/W, a typographic minus):
    // read, then redirected to plain decimal degrees, the page's one address per place.
    if ((lat !== null || lon !== null) && repeated === undefined) {
      // (The boundaries' ZIP points are awaited only for a short plus code: the form is not kept waiting for them.)
      const short = plusCodeOf(lon === null ? lat! : lat === null ? lon : "")?.full === false;
      const read = readPlace(lat ?? "", lon ?? "", short ? townPointsIn(await location) : undefined);
      if (read !== undefined && (read.lat !== lat || read.lon !== lon)) return redirect(`/location?lat=${read.lat}&lon=${read.lon}${accuracyM === undefined ? "" : `&acc=${accuracyM}`}`, cacheControl);
    }
    // A value given must be degrees in range; until both are given, the form (with what was given filled in).
    // (A plus code with a number left in the other box: it goes alone, review-loc-44 M1.)
    const beside = repeated === undefined && lat !== null && lon !== null ? plusCodeBeside(lat, lon) : undefined;
    const latProblem = times.lat > 1 ? repeated : beside?.field === "lat" ? beside.message : lat === null ? undefined : degreesProblem("lat", lat, true);
    const bad = latProblem ?? repeated ?? (beside?.field === "lon" ? beside.message : lon === null ? undefined : degreesProblem("lon", lon, true));
    const badField = latProblem !== undefined ? "lat" : "lon";
    if (bad === undefined && (lat === null || lon === null)) {
      const missing = lat === null && lon === null ? (sentEmpty ? "Nothing was typed: type a latitude and a longitude, or use your device's location." : "") : `Both are needed: add the ${lat === null ? "latitude" : "longitude"}.`;
      return ok(locationFormPage(200, missing, lat ?? "", lon ?? "", site.facts));
    }
    const data = await location;
    // Out of range, or in no district: the place probably meant (a missing minus, the numbers swapped, the nearest ZIP).
    // (Not for a repeated coordinate: which was meant is not known, review 34 #4.)
    const numbers = repeated === undefined && lat !== null && lon !== null && lat !== "" && lon !== "" && Number.isFinite(Number(lat)) && Number.isFinite(Number(lon));
    const hint = () => (data && numbers ? placeHintAt(data, Number(lat), Number(lon)) : undefined);
    // A short plus code's town that the search box answers by name ("FFF7+H5 Shaker Heights, OH": Shaker Heights City School
    // District), offered beside the full code (review-late-43 L6).
    // (The town's words with its state's code: "Spokane Valley, Washington" searched as typed reads the state's name as the
    // town, Washington, IN, KS, …, review-loc-44 M2; "Spokane Valley, WA" is the 400 "No town called …", so no link.)
    const byName = () => {
      const town = lat === null || lon === null ? (plusCodeOf(lat ?? lon ?? "")?.town ?? "") : "";
      const at = states.atEnd(town.replace(COUNTRY_AT_END, "").trim());
      const words = at?.rest.replace(/[\s,]+$/, "") ?? "";
      const name = at === undefined || words === "" ? town : `${words}, ${at.state}`;
      return name === "" || "invalid" in searchAnswer(searchedText(name), searchSite, states) ? undefined : name;
    };
    if (bad !== undefined) return fail(c.req.raw, "invalid-location", bad, { render: () => locationFormPage(400, bad, lat ?? "", lon ?? "", site.facts, hint(), badField, byName()) });
    const answer = data && answerAt(data, lat!, lon!);
    if (!data || !answer) {
      const where = data ? placeWithoutDistrict(data, Number(lon), Number(lat)) : undefined;
      const detail = data ? locationNotFoundDetail(Number(lat), Number(lon), true, where) : "This service was built without boundaries.";
      // (In Canada or Mexico, the country said first and alone: no nearest ZIP code across the border.)
      return fail(c.req.raw, "location-not-found", detail, { cacheControl, render: () => locationFormPage(404, detail, lat!, lon!, site.facts, where?.kind === "abroad" ? undefined : hint()) });
    }
    // A territory whose every ZIP code is in one district (Puerto Rico), or an island whose every ZIP code is (St. Croix):
    // that district, though no boundary is drawn there.
    if (answer.boundaries === null) {
      const only = answer.districts[0]!;
      const phone = (json(`/district/${only.leaid}.json`) as { phone?: string } | undefined)?.phone ?? "";
      const point = data.index.zctaPoint(answer.zip.zip);
      const distance = point === undefined ? undefined : milesAway(Number(lat), Number(lon), point);
      const zip = { ...answer.zip, stateName: site.stateName(answer.zip.state), ...(distance === undefined ? {} : { distance }) };
      return ok(territoryPage({ district: only.district, leaid: only.leaid, phone }, zip, lat!, lon!, site.facts, onlyDistrictOf(answer.zip.state) === undefined));
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
        answer.newer_districts,
        accuracyM,
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
  // The search box's readings (search-box.ts), over the site's searches and records.
  const searchSite: SearchSite = {
    states: site.states,
    stateName: site.stateName,
    citySearch: site.citySearch,
    countiesNamed: site.countiesNamed,
    districtStudents: site.districtStudents,
    countyTown: site.countyTown,
    districtSearch: site.districtSearch,
    districtRespelled: site.districtRespelled,
    districtsNamed: site.districtsNamed,
    districtsInitialed: site.districtsInitialed,
    freelyAssociatedTown: site.freelyAssociatedTown,
    postOfficeTowns: site.postOfficeTowns,
    postal: site.postal,
    facts: site.facts,
    record: (zip) => json(`/zip/${zip}.json`) as DistrictRecord | undefined,
    hasPage: answers,
  };
  app.get("/zip", (c) => {
    // The search form's target (works without JavaScript): 303 to the ZIP's page, or a page for
    // what else the text reads as (search-box.ts).
    const typed = searchedText(c.req.query("zip") ?? "");
    // A town typed again is answered from its page, ETag and codings.
    const known = townPages.get(typed);
    if (known !== undefined) {
      // Moved to the end: the towns typed least lately go first (review 35 #8: a flat first-in-first-out dropped Boston after any 256 others).
      townPages.delete(typed);
      townPages.set(typed, known);
      return sendRepresentation(c.req.raw, known);
    }
    const answer = searchAnswer(typed, searchSite, states);
    if ("go" in answer) return redirect(answer.go);
    if ("page" in answer) {
      const rep = pageOf(answer.page);
      // Kept, the one typed least lately first out (a town's page: 200, cached and compressed like the other pages).
      if (answer.town) {
        if (townPages.size >= TOWN_PAGES_KEPT) townPages.delete(townPages.keys().next().value!);
        townPages.set(typed, rep);
      }
      return sendRepresentation(c.req.raw, rep);
    }
    const { detail, ...page } = answer.invalid;
    return fail(c.req.raw, "invalid-zip", detail, { typed, ...page });
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
  app.get("/bulk/sha256sums.txt", fixed);
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

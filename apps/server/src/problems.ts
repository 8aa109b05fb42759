/**
 * RFC 9457 problem details (rule 14): 400 for a malformed ZIP or state, 404 for
 * what is not in the dataset or an unknown path, 405 for methods other than
 * GET, HEAD and OPTIONS. Bodies name the request path, so they are rendered per
 * request (they are small and never compressed).
 */
import { OFF_EDGE_M, type AreaWithoutDistrict, type FormerDistrict, type Problem } from "@school-districts/core";
import { SEARCH_MAX_LENGTH } from "./layout.ts";
import { ownTable } from "./own-table.ts";
import { TERRITORY_NEAR_MILES } from "./place-input.ts";

/** The kinds of problem; `type` is `{base_url}/problems/<kind>`, a page documenting the kind (error-pages.ts). */
export const PROBLEM_KINDS = [
  "invalid-zip",
  "invalid-state",
  "zip-not-found",
  "state-not-found",
  "invalid-leaid",
  "district-not-found",
  "not-found",
  "method-not-allowed",
  "invalid-location",
  "location-not-found",
  "precondition-failed",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

const TITLES: Record<ProblemKind, [status: 400 | 404 | 405 | 412, title: string]> = {
  "invalid-zip": [400, "Invalid ZIP code"],
  "invalid-state": [400, "Invalid state code"],
  "zip-not-found": [404, "ZIP code not found"],
  "state-not-found": [404, "State not found"],
  "invalid-leaid": [400, "Invalid district id"],
  "district-not-found": [404, "District not found"],
  "not-found": [404, "Not found"],
  "method-not-allowed": [405, "Method not allowed"],
  "invalid-location": [400, "Invalid location"],
  "location-not-found": [404, "No school district at this location"],
  "precondition-failed": [412, "Precondition failed"],
};

/**
 * A problem body of one kind.
 *
 * @example
 * problem("http://localhost:8080", "zip-not-found", "ZIP code 00000 is not in the dataset.", "/zip/00000.json")
 * // { type: "http://localhost:8080/problems/zip-not-found", title: "ZIP code not found", status: 404, ... }
 */
export function problem(baseUrl: string, kind: ProblemKind, detail: string, instance: string): Problem {
  const [status, title] = TITLES[kind];
  return { type: `${baseUrl}/problems/${kind}`, title, status, detail, instance };
}

/** User input shortened to 40 characters, so a long path cannot bloat a detail or a page. */
export function shortened(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/** Quotes user input in a detail, shortened. */
function quote(value: string): string {
  return JSON.stringify(shortened(value));
}

/**
 * Detail for a search longer than the search box takes (SEARCH_MAX_LENGTH characters): not read.
 *
 * @example
 * searchTooLongDetail(16000) // "The text searched for is 16,000 characters long; the search reads at most 200: …"
 */
export function searchTooLongDetail(length: number): string {
  return `The text searched for is ${length.toLocaleString("en-US")} characters long; the search reads at most ${SEARCH_MAX_LENGTH}: a ZIP code, a town and its state, a district's name or one address line.`;
}

/** Detail for a ZIP that is not 5 digits. */
export function invalidZipDetail(zip: string, example: string, meant?: string): string {
  if (zip === "") return `No ZIP code was given: use exactly 5 digits, for example ${example}.`;
  if (meant !== undefined) return `${quote(zip)} is not a ZIP code: use exactly 5 digits. Did you mean ${meant}?`;
  return `${quote(zip)} is not a ZIP code: use exactly 5 digits, for example ${example}.`;
}

/**
 * Detail for a state that is not two uppercase letters; suggests the uppercase
 * form. `suffix` is what follows the state in the path asked for.
 */
export function invalidStateDetail(state: string, known: boolean, suffix = ".json"): string {
  const upper = state.toUpperCase();
  if (/^[A-Za-z]{2}$/.test(state)) {
    return known
      ? `State codes are uppercase: use /state/${upper}${suffix} instead of /state/${state}${suffix}.`
      : `${quote(state)} is not a state code: use two uppercase letters, one of the 56 states and territories (for example /state/CA${suffix}).`;
  }
  return `${quote(state)} is not a state code: use two uppercase letters, for example /state/CA${suffix}.`;
}

/** Detail for a district id that is not 7 digits. */
export function invalidLeaidDetail(leaid: string, example: string): string {
  return `${quote(leaid)} is not a district id: use the 7-digit NCES LEAID, for example ${example}.`;
}

/** A former district id's 2016 name and the district of today drawn over its area (LEAID and name); where it split since, the others drawn over part of it. */
export interface FormerDistrictNow {
  name: string;
  district: string;
  districtName: string;
  parts: { district: string; districtName: string }[];
}

/**
 * A former district id's entry (manifest.json `former_districts`) with the name of the district
 * of today its area is part of, or undefined where the id is no former one or that district is
 * unknown (`nameOf`).
 *
 * @example
 * formerDistrictNow(manifest.former_districts, "2800960", (leaid) => dataset.districts.get(leaid)?.name)
 * // { name: "Chickasaw County School District", district: "2800200", districtName: "Chickasaw County School District", parts: [] }
 */
export function formerDistrictNow(
  formerDistricts: Readonly<Record<string, FormerDistrict>> | undefined,
  leaid: string,
  nameOf: (leaid: string) => string | undefined,
): FormerDistrictNow | undefined {
  const former = formerDistricts !== undefined && Object.hasOwn(formerDistricts, leaid) ? formerDistricts[leaid]! : undefined;
  const districtName = former && nameOf(former.district);
  if (former === undefined || districtName === undefined) return undefined;
  const parts = (former.parts ?? []).flatMap((district) => {
    const name = nameOf(district);
    return name === undefined ? [] : [{ district, districtName: name }];
  });
  return { name: former.name, district: former.district, districtName, parts };
}

/** "A", "A and B", "A, B, and C". */
const AND = new Intl.ListFormat("en", { type: "conjunction" });

/**
 * Where a former district's area went, in words, from the names of the district of today drawn
 * over it and those drawn over part of it (a district split since).
 *
 * @example
 * formerAreaWords(["Borden-Henryville School Corp"]) // "part of Borden-Henryville School Corp"
 * formerAreaWords(["Borden-Henryville School Corp", "Silver Creek School Corporation"]) // "split between Borden-Henryville School Corp and Silver Creek School Corporation"
 */
export function formerAreaWords(names: readonly string[]): string {
  return names.length === 1 ? `part of ${names[0]}` : `split between ${AND.format(names)}`;
}

/**
 * Detail for a well-formed district id not in the dataset; for an id of the 2016 boundaries
 * that is not a district today (`former`), where its area went.
 *
 * @example
 * districtNotFoundDetail("2800960", { name: "Chickasaw County School District", district: "2800200", districtName: "Chickasaw County School District", parts: [] })
 * // "District 2800960 is not a district today: ... its area is now part of district 2800200 (Chickasaw County School District), /district/2800200.json."
 */
export function districtNotFoundDetail(leaid: string, former?: FormerDistrictNow): string {
  if (former !== undefined) {
    const named = [former, ...former.parts].map((p) => `district ${p.district} (${p.districtName}), /district/${p.district}.json`);
    return `District ${leaid} is not a district today: the Census Bureau's 2016 school district boundaries name it ${former.name}, and its area is now ${formerAreaWords(named)}.`;
  }
  return `District ${leaid} is not in the dataset. /bulk/districts.csv lists every district covered.`;
}

/**
 * Detail for a well-formed ZIP not in the dataset; for a real USPS ZIP without a record
 * (data/postal.csv: a PO box or one building, or a ZIP the census draws no area for), what
 * it is and the ZIP codes of its city that have one (`cityZips`), as its page says.
 *
 * @example
 * zipNotFoundDetail("01086", { city: "Westfield", state: "MA", type: "Post Office or large volume customer" }, ["01085"])
 * // "ZIP code 01086 is a real ZIP code of Westfield, MA (USPS: Post Office or large volume customer) with no area of its own, so no school district record: ..."
 */
export function zipNotFoundDetail(zip: string, postal?: { city: string; state: string; type: string; county?: string }, cityZips: readonly string[] = []): string {
  if (postal === undefined) return `ZIP code ${zip} is not in the dataset. /index.json lists every ZIP code covered.`;
  if (FREELY_ASSOCIATED[postal.state] !== undefined) return `ZIP code ${zip} is a ZIP code of ${postal.city}, ${postal.state}. ${freelyAssociatedWords(postal.state)}`;
  if (isMilitaryMail(postal)) {
    return `ZIP code ${zip} is a military mail ZIP code (${postal.city} ${postal.state}; USPS type: ${postal.type}) with no area of its own, so no school district record: for a home in the United States, look up the ZIP code of its street address.`;
  }
  const shown = cityZips.slice(0, 5).join(", ");
  const more = cityZips.length > 5 ? ` and ${cityZips.length - 5} more` : "";
  const place = postalPlace(postal);
  // (Where the data names no town, its city's ZIP codes were not looked up: no "no other" sentence.)
  const others = cityZips.length > 0 ? `ZIP codes of ${place} with a record: ${shown}${more}.` : isUnnamedTown(postal) ? "" : `No other ZIP code of ${place} has a record.`;
  // Not "a real ZIP code" of "ZCTA 45418, OH" (pages audit 39 #6): USPS lists it no more.
  if (isUnlisted(postal)) return `ZIP code ${zip} is not on the Postal Service's list of ZIP codes (${place}; UDS Mapper: ${postal.type}), though the 2020 Census draws its area, so no school district record in this dataset: look up the ZIP code of the home's street address.${others ? ` ${others}` : ""}`;
  // A post office's or one building's ZIP has no area; a "Zip Code Area" the 2020 Census draws no ZCTA
  // for has one, undrawn; a "populated ZCTA, missing zip" is drawn, but USPS no longer lists it.
  const why = /^post office/i.test(postal.type)
    ? "with no area of its own, so no school district record"
    : isUndrawnArea(postal)
      ? "for which the 2020 Census draws no ZIP area, so no school district record"
      : "with no school district record in this dataset";
  return `ZIP code ${zip} is a real ZIP code of ${postal.city}, ${postal.state} (USPS: ${postal.type}) ${why}: look up the ZIP code of the home's street address. ${others}`;
}

/**
 * Whether a ZIP without a record is off the Postal Service's list: a ZIP area the 2020 Census draws, with
 * residents, that UDS Mapper's 2020 list lacks (its type "populated ZCTA, missing zip": 45418, Dayton, OH),
 * retired or PO-box only, which the data cannot tell apart.
 *
 * @example
 * isUnlisted({ type: "populated ZCTA, missing zip" }) // true
 */
export function isUnlisted(postal: { type: string }): boolean {
  return /^populated ZCTA, missing zip$/i.test(postal.type);
}

/**
 * Where a ZIP without a record is, as a page says it: its town and state ("Salona, PA"); where
 * the data names the town only by its ZIP area ("ZCTA 45418"), its county and state instead,
 * never "ZCTA 45418" as a town (pages audit 39 #6); the state alone where no county is known.
 *
 * @example
 * postalPlace({ city: "Salona", state: "PA", county: "Clinton County" }) // "Salona, PA"
 * postalPlace({ city: "ZCTA 45418", state: "OH", county: "Montgomery County" }) // "Montgomery County, OH"
 */
export function postalPlace(postal: { city: string; state: string; county?: string }): string {
  if (!isUnnamedTown(postal)) return `${postal.city}, ${postal.state}`;
  return postal.county ? countyPlace(postal.county, postal.state) : postal.state;
}

/**
 * A county as a sentence names it: with its state's code, but the District of Columbia, its own county,
 * as itself (not "District of Columbia, DC": review of the late commits 39 #3).
 *
 * @example
 * countyPlace("Montgomery County", "OH") // "Montgomery County, OH"
 * countyPlace("District of Columbia", "DC") // "the District of Columbia"
 */
export function countyPlace(county: string, state: string): string {
  return state === "DC" ? `the ${county}` : `${county}, ${state}`;
}

/**
 * Whether the data names a ZIP's town only by its ZIP area ("ZCTA 45418"): no town's name.
 *
 * @example
 * isUnnamedTown({ city: "ZCTA 45418" }) // true
 */
export function isUnnamedTown(postal: { city: string }): boolean {
  return /^ZCTA [0-9]{5}$/.test(postal.city);
}

/**
 * Whether a ZIP without a record is a USPS ZIP area the 2020 Census draws no ZCTA for (UDS
 * Mapper's type "Zip Code Area"): it has homes, but no area this service can place.
 *
 * @example
 * isUndrawnArea({ type: "Zip Code Area" }) // true
 */
export function isUndrawnArea(postal: { type: string }): boolean {
  return /^zip code area$/i.test(postal.type);
}

/**
 * Whether a ZIP without a record is military mail (APO, FPO, DPO: postal.csv's type for the
 * USPS codes AA, AE and AP), which no school district serves.
 *
 * @example
 * isMilitaryMail({ type: "Military mail (APO/FPO/DPO)" }) // true
 */
export function isMilitaryMail(postal: { type: string }): boolean {
  return /^Military mail\b/.test(postal.type);
}

/**
 * The countries in free association with the United States that use its mail and ZIP codes
 * (USPS codes PW, FM, MH): no US public school district serves them.
 */
export const FREELY_ASSOCIATED = ownTable<string>({ PW: "Palau", FM: "the Federated States of Micronesia", MH: "the Marshall Islands" });

/**
 * "are" after a country's plural name ("the Marshall Islands are"), else "is" (review 33c #6).
 *
 * @example
 * countryVerb("Palau") // "is"
 */
export function countryVerb(name: string): "is" | "are" {
  return /Islands$|^the Federated States/.test(name) ? "are" : "is";
}

/**
 * The code of the freely associated country a typed text names ("Palau", "Micronesia", "the
 * Marshall Islands", "FSM"), alone or after a place ("Majuro, Marshall Islands": review 35 #3),
 * or undefined.
 *
 * @example
 * freelyAssociatedNamed("Marshall Islands") // "MH"
 * freelyAssociatedNamed("Pohnpei, Micronesia") // "FM"
 */
export function freelyAssociatedNamed(typed: string): string | undefined {
  const plain = typed.toLowerCase().replace(/[.,]/g, "").replace(/\s+/g, " ").trim().replace(/^(republic of )?(the )?/, "");
  return COUNTRY_NAMES[plain] ?? countryAfterPlace(typed)?.code;
}

/** The names people give the freely associated countries, lower case, with their USPS codes. */
const COUNTRY_NAMES = ownTable<string>({ palau: "PW", belau: "PW", micronesia: "FM", "federated states of micronesia": "FM", fsm: "FM", "marshall islands": "MH", rmi: "MH" });
/** One of COUNTRY_NAMES at the end of a text, after a place (the longest names first). */
const COUNTRY_AFTER_PLACE = new RegExp(
  `^(.*?\\S)[\\s,]+(?:(?:the\\s+)?republic\\s+of\\s+)?(?:the\\s+)?(${Object.keys(COUNTRY_NAMES).sort((a, b) => b.length - a.length).map((name) => name.replace(/ /g, "\\s+")).join("|")})\\.?$`,
  "i",
);

/**
 * A freely associated country's name after a place ("Majuro, Marshall Islands"): the country's
 * code and the place as typed; else undefined. The caller decides whether the place is one of
 * the service's (Micronesia is also the region of Guam and the Northern Marianas: review 35 #3).
 *
 * @example
 * countryAfterPlace("Pohnpei, Micronesia") // { code: "FM", place: "Pohnpei" }
 */
export function countryAfterPlace(typed: string): { code: string; place: string } | undefined {
  const m = COUNTRY_AFTER_PLACE.exec(typed.trim());
  if (m === null) return undefined;
  return { code: COUNTRY_NAMES[m[2]!.toLowerCase().replace(/\s+/g, " ")]!, place: m[1]!.replace(/,$/, "") };
}

/**
 * What a person reads for a ZIP code or a name of Palau, Micronesia or the Marshall Islands.
 *
 * @example
 * freelyAssociatedWords("PW") // "Palau is an independent country in free association with the United States: …"
 */
export function freelyAssociatedWords(code: string): string {
  const name = FREELY_ASSOCIATED[code]!;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${countryVerb(name)} an independent country in free association with the United States: the country uses US mail and ZIP codes, but no US public school district serves it (its schools are its own government's). This service covers the 50 states, DC, Puerto Rico, Guam, the US Virgin Islands, American Samoa and the Northern Mariana Islands.`;
}

/** Detail for a well-formed state code that is not one of the 56. */
export function stateNotFoundDetail(state: string): string {
  return `${state} is not one of the 56 states and territories covered (the 50 states, DC, AS, GU, MP, PR, VI).`;
}

/** Detail for an unknown path; `meant`, an address that answers (near-path.ts), is suggested. */
export function notFoundDetail(path: string, meant?: string): string {
  return `Nothing at ${quote(path)}.${meant === undefined ? "" : ` Did you mean ${meant}?`} See /docs for the paths this service answers.`;
}

/** Detail for a point in no district; `forPage` leaves out the API's hint (the /location page says it in words). */
/** Where a place no district holds lies: land of no district, a 2016 district of none today, or a neighbour: Canada, Mexico, … (abroad.ts). */
export type PlaceWithoutDistrict = AreaWithoutDistrict | { kind: "abroad"; country: string };

export function locationNotFoundDetail(lat: number, lon: number, forPage = false, area?: PlaceWithoutDistrict): string {
  const found = area?.kind === "abroad"
    ? `${lat}, ${lon} lies in ${area.country}, as Natural Earth's map draws the border: this service covers the public school districts of the United States.`
    : area?.kind === "unmapped"
    ? `${lat}, ${lon} lies in the area of ${area.name} as the Census drew it in 2016, which this service finds no school district of today for: look up the ZIP code of the address, whose page names its districts.`
    : area?.kind === "no-district"
      ? `${lat}, ${lon} lies in land the Census draws in no school district ("School District Not Defined", as most of Sun City, AZ): ask the state's department of education which schools serve it.`
      : `No school district boundary holds ${lat}, ${lon}, and none drawn within a mile serves the ZIP code there: open water, outside the 50 states and DC, or an area with no school district.`;
  return forPage || area !== undefined
    ? found
    : `${found} The territories have no boundary file: a place within ${TERRITORY_NEAR_MILES} miles of a ZIP code's point or on the land Natural Earth's map draws in Puerto Rico, Guam, American Samoa or the Northern Mariana Islands (one district each), or on an island of the Virgin Islands (one district each), is answered; elsewhere in them, look it up by ZIP code (/index.json).`;
}

/** Detail for a method other than GET, HEAD and OPTIONS. */
export function methodDetail(method: string): string {
  return `${quote(method).slice(1, -1)} is not supported: this service is read-only. Use GET, HEAD or OPTIONS.`;
}

/** What the page of a problem type (`/problems/<kind>`) says about it. */
interface ProblemDoc {
  status: 400 | 404 | 405 | 412;
  title: string;
  /** When the service answers with this problem. */
  when: string;
  /** What a client or person should do instead. */
  todo: string;
  /** An example request and the problem it gets, with the details the service writes. */
  example: { method: string; path: string; detail: string };
}

const DOCS: Record<ProblemKind, Omit<ProblemDoc, "status" | "title">> = {
  "invalid-zip": {
    when: "The ZIP code in the path of /zip/…, /zip/….json or /zip/…/districts.json, or in the search form's zip parameter, is not a ZIP code: not exactly 5 digits (ZIP+4, letters, spaces or a missing leading zero).",
    todo: "Use exactly 5 digits, zero-padded, for example /zip/02108.json. For a ZIP+4 (/zip/02108-1234.json) the detail names the path of its 5 digits.",
    example: { method: "GET", path: "/zip/9021.json", detail: invalidZipDetail("9021", "/zip/02108.json") },
  },
  "invalid-state": {
    when: "The state code in the path of /state/….json is not two uppercase letters.",
    todo: "Use two uppercase letters, one of the 56 states and territories, for example /state/CA.json. State codes are uppercase.",
    example: { method: "GET", path: "/state/ca.json", detail: invalidStateDetail("ca", true) },
  },
  "zip-not-found": {
    when: "The ZIP code is well-formed (5 digits) but not in the dataset.",
    todo: "Check the ZIP code. /index.json lists every ZIP code covered.",
    example: { method: "GET", path: "/zip/00000.json", detail: zipNotFoundDetail("00000") },
  },
  "state-not-found": {
    when: "The state code is two uppercase letters but not one of the 56 states and territories covered.",
    todo: "Use one of the 56 states and territories covered (the 50 states, DC, AS, GU, MP, PR, VI).",
    example: { method: "GET", path: "/state/XX.json", detail: stateNotFoundDetail("XX") },
  },
  "invalid-leaid": {
    when: "The district id in the path of /district/… or /district/….json is not an NCES LEAID: not exactly 7 digits.",
    todo: "Use the 7-digit LEAID, zero-padded, for example /district/0604830.json. /zip/{zip}/districts.json gives the LEAID of each district of a ZIP code.",
    example: { method: "GET", path: "/district/604830.json", detail: invalidLeaidDetail("604830", "/district/0604830.json") },
  },
  "district-not-found": {
    when: "The district id is well-formed (7 digits) but no district of the dataset has it.",
    todo: "Check the id. /bulk/districts.csv lists every district covered, /state/{state}/districts.json those of one state.",
    example: { method: "GET", path: "/district/0000000.json", detail: districtNotFoundDetail("0000000") },
  },
  "not-found": {
    when: "The service has nothing at the path: it is not one of the paths this service answers (paths are case-sensitive and have no trailing slash).",
    todo: "See /docs for the paths this service answers. Where the path differs from one that answers only by a trailing slash, capital letters or a ZIP+4, the detail names that path (/zip/90210/: Did you mean /zip/90210?).",
    example: { method: "GET", path: "/no/such/path", detail: notFoundDetail("/no/such/path") },
  },
  "invalid-location": {
    when: "The lat or lon query parameter of /location.json is missing, not a plain decimal number of degrees (no exponent, degree sign or comma), or out of range (lat -90 to 90, lon -180 to 180).",
    todo: "Send both, as WGS84 decimal degrees, for example /location.json?lat=45.7833&lon=-108.5007.",
    example: { method: "GET", path: "/location.json?lat=91&lon=0", detail: 'lat "91" is out of range: lat is between -90 and 90 degrees.' },
  },
  "location-not-found": {
    when: `The point is well-formed but no school-district boundary holds it, and none within ${OFF_EDGE_M.toLocaleString("en-US")} m overlaps the ZIP code there (open water, outside the 50 states and DC: the territories have no boundary file, and only a place within ${TERRITORY_NEAR_MILES} miles of a ZIP code's point or on the land Natural Earth's map draws in Puerto Rico, Guam, American Samoa or the Northern Mariana Islands, each one district, or on an island of the Virgin Islands, one district each, is answered), or it lies in the area of a 2016 district this service maps to none today (the detail names it), or in land the Census draws in no school district ("School District Not Defined": most of Sun City, AZ; the detail says so), or in Canada or Mexico (or the British Virgin Islands) as Natural Earth's 1:10m map draws them (the detail names the country), more than 100 m from every district drawn (500 m where a ZIP area holds it).`,
    todo: "Check the coordinates (latitude first; west longitudes are negative). Territories and the ZIP codes of any place can be looked up by ZIP code.",
    example: { method: "GET", path: "/location.json?lat=33.5&lon=-119.5", detail: locationNotFoundDetail(33.5, -119.5) },
  },
  "precondition-failed": {
    when: "The request's If-Match names no current ETag of the resource (strong comparison; `*` matches any), or, without If-Match, its If-Unmodified-Since is a date before the dataset's Last-Modified (RFC 9110 §13.1.1, §13.1.4): the copy the client holds is not the one served now.",
    todo: "Fetch the resource again without the precondition (or with If-None-Match for a conditional GET), and use its ETag from then on.",
    example: { method: "GET", path: "/zip/90210.json", detail: preconditionDetail("If-Match") },
  },
  "method-not-allowed": {
    when: "The request's method is not GET, HEAD or OPTIONS: this service is read-only. The response's Allow header lists the methods.",
    todo: "Use GET, HEAD or OPTIONS.",
    example: { method: "POST", path: "/zip/90210.json", detail: methodDetail("POST") },
  },
};

/**
 * The documentation of a problem kind, for its page.
 *
 * @example
 * problemDoc("zip-not-found").title // "ZIP code not found"
 */
export function problemDoc(kind: ProblemKind): ProblemDoc {
  const [status, title] = TITLES[kind];
  return { status, title, ...DOCS[kind] };
}

/**
 * Detail for a failed precondition.
 *
 * @example
 * preconditionDetail("If-Match") // "If-Match names no current ETag of this resource: …"
 */
export function preconditionDetail(header: "If-Match" | "If-Unmodified-Since"): string {
  return header === "If-Match"
    ? "If-Match names no current ETag of this resource: the copy you hold is not the one served now. Fetch it again without If-Match."
    : "If-Unmodified-Since is before the dataset's Last-Modified: the resource changed since. Fetch it again without the precondition.";
}

/**
 * The pages of errors and of the search box: one page per problem type (the `type` URI of the
 * service's problem details, RFC 9457 section 3.1.1), the error pages browsers get instead of
 * problem+json (with a PO-box ZIP's explanation). A town's page and the districts a name finds,
 * the search box's answers, are town-page.ts and districts-found-page.ts.
 */
import type { Problem } from "@school-districts/core";
import { ADDRESS_START, isAddressShape, isCanadianPostcode, nameWords, type CityMatch } from "./city-search.ts";
import { escapeHtml as e } from "./html.ts";
import { withoutPhoneNumber } from "./phone-number.ts";
import { townGroupHtml } from "./town-page.ts";
import { inSentence, layout, SEARCH_MAX_LENGTH, searchForm, ZIP_LOOKUP_NOTE, type SiteFacts } from "./layout.ts";
import { countryVerb, formerAreaWords, FREELY_ASSOCIATED, freelyAssociatedWords, isMilitaryMail, isUnlisted, isUndrawnArea, isUnnamedTown, countyPlace, postalPlace, problem, problemDoc, shortened, type FormerDistrictNow, type ProblemKind } from "./problems.ts";

const REASONS = { 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 412: "Precondition Failed" } as const;

/** Escapes text and links the service's concrete example paths in it. */
function linked(text: string): string {
  return e(text).replace(/(^|\s)(\/(?:docs|index\.json|zip\/[0-9]{5}\.json|state\/[A-Z]{2}\.json))(?=[\s.,)]|$)/g, '$1<a href="$2">$2</a>');
}

/**
 * The page of a problem type, `/problems/<kind>`: what a problem's `type` URI
 * resolves to. Title, status, when it happens, what to do and an example body,
 * all from problems.ts.
 *
 * @example
 * problemPage("zip-not-found", facts) // "<!doctype html>...<h1>ZIP code not found</h1>..."
 */
export function problemPage(kind: ProblemKind, facts: SiteFacts): string {
  const doc = problemDoc(kind);
  const { method, path, detail } = doc.example;
  const example = JSON.stringify(problem(facts.baseUrl, kind, detail, path), null, 2);
  return layout(
    {
      title: `${doc.title} (HTTP ${doc.status}): problem type of the school districts API`,
      description: `What the "${doc.title}" error (HTTP ${doc.status}) of the school districts by ZIP code API means, when it happens and what to do.`,
      canonical: `/problems/${kind}`,
      main: `<h1>${e(doc.title)}</h1>
<dl>
<dt>HTTP status</dt><dd>${doc.status} ${REASONS[doc.status]}</dd>
<dt>Problem type</dt><dd><code>${e(`${facts.baseUrl}/problems/${kind}`)}</code></dd>
</dl>
<h2>When it happens</h2>
<p>${linked(doc.when)}</p>
<h2>What to do</h2>
<p>${linked(doc.todo)}</p>
<h2>Example</h2>
<p>The response to <code>${e(`${method} ${path}`)}</code>, an <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem details object (<code>application/problem+json</code>). Its <code>type</code> is the address of this page; its <code>detail</code> says what was wrong with that request.</p>
<pre><code>${e(example)}</code></pre>`,
    },
    facts,
  );
}

/** A town's name typed with its state that no record has ("Spokane Valley"), its state's name, and the towns of its first or last words there ("Spokane, WA", "Valley, WA"). */
export interface UnknownTown {
  town: string;
  stateName: string;
  towns: readonly string[];
}

/** The heading of the page of a town no record names: what the sources lack, not that the town does not exist. */
function unknownTownTitle(u: UnknownTown): string {
  return `No town called “${shortened(u.town)}” in ${inSentence(u.stateName)} is in this service's sources`;
}

/**
 * The answer on the page of a town no record names ("Spokane Valley, WA"): said plainly, with the towns of
 * its first and last words offered as links (not chosen for the person: Valley, WA, is another town), and
 * the ZIP code and the location as the ways that are sure.
 *
 * @example
 * unknownTownAnswer({ town: "Spokane Valley", stateName: "Washington", towns: ["Spokane, WA", "Valley, WA"] })
 * // '<p class="answer">No town called “Spokane Valley” in Washington is in this service's sources …'
 */
function unknownTownAnswer(u: UnknownTown): string {
  const links = u.towns.map((t) => `<li><a href="/zip?zip=${e(encodeURIComponent(t))}">ZIP codes of ${e(t)}</a></li>`).join("");
  return `<p class="answer">No town called “${e(shortened(u.town))}” in ${e(inSentence(u.stateName))} is in this service's sources: they name ZIP codes by their post offices' towns, and none is named so. A town without a post office of its own often has the ZIP codes of a town next to it, and ${u.towns.length === 1 ? "a town named with some of its words is this one" : "towns named with some of its words are these"} (not necessarily the one meant):</p>
<ul class="links">${links}</ul>
<p>To be sure, type the ZIP code of the home's street address, or <a href="/location">find the districts of a place</a> with “Use my location” (the place your phone is at).</p>`;
}

/**
 * The districts of a state whose names begin with a town's words ("Hoosick": Hoosick Falls Central School
 * District), as a post-office ZIP code's page offers them where no ZIP code of its town has a record.
 *
 * @example
 * districtsNamedLike("Hoosick", "NY", site.districtSearch) // [{ leaid: "3614760", district: "Hoosick Falls Central School District", … }]
 */
export function districtsNamedLike<D extends { leaid: string; district: string; state: string }>(town: string, state: string, districtSearch: (typed: string) => D[]): D[] {
  const start = `${nameWords(town)} `;
  return start.trim() === "" ? [] : districtSearch(`${town}, ${state}`).filter((d) => d.state === state && `${nameWords(d.district)} `.startsWith(start));
}

/** A ZIP code with a record and its town, as a mistyped ZIP code's page lists it. */
export interface NearZip {
  zip: string;
  city: string;
  state: string;
}

/** A USPS ZIP code with no record: a PO-box or single-building ZIP (data/postal.csv). */
export interface PostalZip {
  zip: string;
  city: string;
  state: string;
  /** The USPS type, e.g. "Post Office or large volume customer". */
  type: string;
  /** The ZIP area (ZCTA) the post office or building lies in, per UDS Mapper; "" if none. */
  zcta: string;
  /** Its county, as a record's is named; "" if none is known (military mail). */
  county: string;
}

/** What a person reads on an error page, per kind: the problem's detail is for programs. */
const PLAIN: Record<ProblemKind, string> = {
  "invalid-zip": "A ZIP code has exactly 5 digits, like 90210 or 02108 (keep the leading zero; leave out the 4 digits after a dash).",
  "invalid-state": "A state is written as two capital letters, like CA.",
  "zip-not-found": "This service has no record for that ZIP code. Check the digits, or try the ZIP code of the street address.",
  "state-not-found": "That is not one of the 50 states, DC or the five territories this service covers.",
  "invalid-leaid": "A school district id (NCES LEAID) has exactly 7 digits, like 0604830 (keep the leading zero).",
  "district-not-found": "This service has no district with that id. Open the district from its ZIP code's page, or from its state's list.",
  "not-found": "There is no page at this address. Look up a ZIP code instead, or start from the home page.",
  "method-not-allowed": "This site can only be read, not changed.",
  "invalid-location": "A place is given as a latitude from -90 to 90 and a longitude from -180 to 180, in decimal degrees, like lat 45.7833 and lon -108.5007 (west longitudes are negative).",
  "location-not-found": "No school district boundary holds this place: it may be in open water, outside the United States, or in a territory without boundaries. Look up the ZIP code instead.",
  "precondition-failed": "The copy of this page your browser or program holds is not the one served now. Load the page again.",
};

/** What an error page knows beyond the problem: what was typed, the page meant, a PO-box ZIP's facts. */
export interface ErrorPageExtra {
  /** What was typed, for the search box. */
  typed?: string;
  /** A ZIP code's town, to read a year-like number after a Massachusetts town as its ZIP code short of its zero (zipLikeNumber). */
  townOfZip?: TownOfZip;
  /** The page most likely meant (`/state/CA` for `/state/ca`, `/zip/90210` for `/zip/90210/`: near-path.ts). */
  meant?: string;
  /** A USPS ZIP code with no record, and the ZIP codes of its city that have one. */
  postal?: PostalZip;
  cityZips?: string[];
  /** Where its city has none: the ZIP codes of its county (21522, Bittinger, MD: Garrett County). */
  countyTown?: CityMatch;
  /** Where its city has none: the districts of its state whose names begin with the city's (12089, Hoosick, NY: Hoosick Falls Central School District). */
  namedLike?: readonly { leaid: string; district: string }[];
  /** A ZIP code of 5 digits with no record at all: the ZIP codes of its first 3 digits, likeliest first (postal.ts nearZipIndex). */
  nearZips?: readonly NearZip[];
  /** A district id of the 2016 boundaries that is not a district today, and the district drawn over its area. */
  former?: FormerDistrictNow & { leaid: string };
  /** The static export's page for a search it cannot answer (a town, an address, a place): ZIP codes only. */
  zipOnly?: boolean;
  /**
   * What the text typed reads as, where it is no ZIP code or town: a district's name no district
   * has, one school's name, a country in free association (Palau), "near me", or text longer than
   * the box takes (`long`, unread): the page says so, in its title too.
   */
  reads?: "district" | "school" | "abroad" | "near" | "long";
  /** Where it reads "abroad": the country's USPS code (PW, FM, MH), from its name or a town of it (Majuro). */
  country?: string;
  /** The name of the district `meant` opens, where it is one (a damaged district link's suggestion says it). */
  meantName?: string;
  /** The text typed with a word respelled ("Chicago schools" for "Chicgo schools"), where that search finds something: offered first. */
  respelled?: string;
  /** A town typed with its state that no record names ("Spokane Valley, WA"), and the towns offered instead (search-box.ts unknownTownCandidates). */
  unknownTown?: UnknownTown;
  /** For a district id not in the dataset: the state or territory its first two digits are those of (Guam's 66), whose page lists its districts. */
  idState?: { code: string; name: string };
}

/** The town of a ZIP code, as the USPS names it (site.postal), where the ZIP code is one. */
export type TownOfZip = (zip: string) => string | undefined;

/** A year of these centuries, as typed among words ("Class of 2025", "2024-2025 school calendar"). */
const YEAR = /^(?:19|20)[0-9]{2}$/;

/** Massachusetts named, by its code or name: the one state whose ZIP codes short of their zero look like years (01900 to 02099). */
const MASSACHUSETTS = /(?<![\p{L}])(?:MA|Mass\.?|Massachusetts)(?![\p{L}])/iu;

/**
 * The number of a ZIP code typed among words that no search found, where it is not a ZIP code:
 * 4 to 6 digits ("Boston, MA 2108", a leading zero lost; "Chicago IL 606011"), or digits with O,
 * l or I typed for 0 and 1 ("Springfield IL 627O1"), or 3 digits after "ZIP"; not an address's
 * house number or PO box's (isAddressShape), nor a district's 3-digit number ("CHSD 218"). The
 * last one, where there are several; undefined where there is none. Not a year ("Class of 2025") unless
 * Massachusetts is named ("Cohasset, MA 2025": its 02025), or `townOfZip` gives the number with its zero a town
 * named in the text ("12 Main St, Norwood 2062": Norwood's 02062, review-links-43 #2).
 *
 * @example
 * zipLikeNumber("Boston, MA 2108") // "2108"
 * zipLikeNumber("123 Main St, Springfield, IL 6270") // "6270"
 * zipLikeNumber("12 Oak St, Davie, FL") // undefined
 * zipLikeNumber("CHSD 218") // undefined
 * zipLikeNumber("Class of 2025") // undefined
 * zipLikeNumber("Boston MA (617) 555-1234") // undefined (a phone number)
 * zipLikeNumber("12 Main St, Norwood 2062", (zip) => (zip === "02062" ? "Norwood" : undefined)) // "2062"
 */
export function zipLikeNumber(typed: string, townOfZip?: TownOfZip): string | undefined {
  // (Not a phone number's last digits: "Boston MA (617) 555-1234" was told "“1234” has 4 digits", review-late-43 L2.)
  // (After a Canadian province too, where the box answers no town: "Vancouver BC 604-555-1234", review-final-44 M5.)
  const words = withoutPhoneNumber(typed) ?? typed;
  const text = isAddressShape(words) ? words.replace(/,/g, " ").trim().replace(ADDRESS_START, " ") : words;
  const massachusetts = MASSACHUSETTS.test(text);
  // (A Massachusetts town typed without its state, or with it misspelt: the number with its zero is that town's ZIP code.)
  const townsZip = (number: string) => {
    const town = townOfZip?.(`0${number}`);
    return town !== undefined && new RegExp(`(?<![\\p{L}])${town.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "iu").test(text);
  };
  const numbers = [...text.matchAll(/(?<![\p{L}\p{N}])(zip(?:\s*code)?\s*:?\s*)?([0-9OolI]{3,6})(?![\p{L}\p{N}])/giu)]
    .filter((m) => (m[2]!.replace(/[^0-9]/g, "").length >= 3 && m[2]!.length >= 4) || (m[1] !== undefined && /^[0-9]{3}$/.test(m[2]!)))
    // (A year among words is none, "Class of 2025": a ZIP code of 01900 to 02099 short of its zero is Massachusetts' alone.)
    .filter((m) => m[1] !== undefined || massachusetts || !YEAR.test(m[2]!) || townsZip(m[2]!))
    .map((m) => m[2]!);
  return numbers.at(-1);
}

/**
 * Whether a text that is no ZIP code and that no search found reads as words, not as a ZIP code
 * mistyped: letters besides O, l and I (typed for 0 and 1: "9O21O" is a ZIP code mistyped), no
 * number like a ZIP code's in it (zipLikeNumber: "Boston, MA 2108" is a ZIP code short of its
 * leading zero), no page meant, no Canadian postal code.
 *
 * @example
 * namesNoTown("Grosse Pointe Farms", undefined) // true
 * namesNoTown("9O21O", undefined) // false
 * namesNoTown("Boston, MA 2108", undefined) // false
 */
function namesNoTown(typed: string, meant: string | undefined, townOfZip?: TownOfZip): boolean {
  return meant === undefined && !isCanadianPostcode(typed) && /\p{L}/u.test(typed.replace(/[OolI]/g, "")) && zipLikeNumber(typed, townOfZip) === undefined;
}

/**
 * The heading of the 400 page of words no search found: what the search found, which is always
 * true, not a claim about the world (review of stop 42 #3: "No town with a ZIP code is named “help”"),
 * nor "Invalid ZIP code", which a person who typed a town does not recognise (pages audit 41 #7).
 * An address's own words where it reads as one (isAddressShape).
 *
 * @example
 * noTownTitle("Grosse Pointe Farms") // "Nothing found for “Grosse Pointe Farms”"
 * noTownTitle("12 Oak St, Davie, FL") // "No town found in the address “12 Oak St, Davie, FL”"
 */
function noTownTitle(typed: string): string {
  return isAddressShape(typed) ? `No town found in the address “${shortened(typed)}”` : `Nothing found for “${shortened(typed)}”`;
}

/**
 * What is wrong with a number like a ZIP code's typed among words (zipLikeNumber): its digits
 * counted, or its letters named; undefined for 5 digits ("90210 Beverly Hills, NY": the page's
 * "Invalid ZIP code").
 *
 * @example
 * zipNumberProblem("2108") // "“2108” has 4 digits: a ZIP code has 5"
 * zipNumberProblem("627O1") // "“627O1” has the letter O: a ZIP code is 5 digits"
 */
function zipNumberProblem(number: string): string | undefined {
  const letters = [...new Set(number.replace(/[0-9]/g, ""))];
  if (letters.length > 0) return `“${number}” has the letter${letters.length === 1 ? "" : "s"} ${letters.join(" and ")}: a ZIP code is 5 digits`;
  return number.length === 5 ? undefined : `“${number}” has ${number.length} digits: a ZIP code has 5`;
}

/** What is wrong with the number like a ZIP code's among the words typed (zipNumberProblem), if words and such a number are typed. */
function typedZipNumberProblem(typed: string, townOfZip?: TownOfZip): string | undefined {
  const number = /\p{L}/u.test(typed) ? zipLikeNumber(typed, townOfZip) : undefined;
  return number === undefined ? undefined : zipNumberProblem(number);
}

/**
 * What a person reads under an error page's explanation: what was typed that is not a ZIP
 * code, the page meant, or the list of states for a state or district not found. Not the problem's detail, which points programs at JSON paths
 * (/index.json, /bulk/districts.csv, /docs) of no use to a person.
 */
function nextStep(kind: ProblemKind, typed: string | undefined, meant: string | undefined, reads?: ErrorPageExtra["reads"], country?: string, idState?: ErrorPageExtra["idState"], meantName?: string, townOfZip?: TownOfZip): string {
  // An unknown address names the whole address meant (/zip/90210 for /zip/90210/); a bad ZIP or state, the ZIP or state.
  const didYouMean = meant === undefined ? "" : `Did you mean <a href="${e(meant)}">${e(kind === "not-found" ? meant : meant.slice(meant.lastIndexOf("/") + 1))}</a>?`;
  // A town's name in the page's address (/zip/Beverly Hills): its page of ZIP codes.
  if (kind === "invalid-zip" && typed !== undefined && meant?.startsWith("/zip?zip="))
    return `<p>“${e(shortened(typed))}” is not a ZIP code but a town's name: <a href="${e(meant)}">the ZIP codes of ${e(shortened(typed))}</a>, each with its school district.</p>`;
  if (kind === "invalid-zip" && typed !== undefined && isCanadianPostcode(typed))
    return `<p>“${e(shortened(typed))}” looks like a Canadian postal code: this service covers the public school districts of the United States only.</p>`;
  // "schools near me": where the person is, which a box of text cannot know (the location button can).
  if (reads === "near" && typed !== undefined)
    return `<p>“${e(shortened(typed))}” asks for the schools where you are, which this box cannot tell. <a href="/location">Find the districts of a place</a> with “Use my location” (the place your phone is at), or type the ZIP code of the home's street address, or its town and state, such as Springfield, IL.</p>`;
  if (reads === "long" && typed !== undefined)
    return `<p>What was typed is ${typed.length.toLocaleString("en-US")} characters long, and the box reads at most ${SEARCH_MAX_LENGTH}: type the home's ZIP code (5 digits), its town and state, or a school district's name.</p>`;
  // Palau, Micronesia, the Marshall Islands: named, not a town (Pala, CA, for "Palau").
  if (reads === "abroad" && country !== undefined) return `<p>${e(freelyAssociatedWords(country))}</p>`;
  // A district's name that no district has ("Springfeld Public Schools"), or one school's: said, with where to look.
  if (kind === "invalid-zip" && typed !== undefined && !didYouMean && reads === "district")
    return `<p>No school district in this service is named “${e(shortened(typed))}”. Every district is listed on its state's page (pick the state on the <a href="/#states">home page</a>), or type the ZIP code of the home's street address.</p>`;
  if (kind === "invalid-zip" && typed !== undefined && !didYouMean && reads === "school")
    return `<p>“${e(shortened(typed))}” reads as a school's name: this service finds school districts, not single schools. Type the ZIP code of the home's street address, or its town and state, and the page names the district that serves it; the district says which of its schools a home goes to.</p>`;
  // A town's name was likely meant where letters other than O, l and I (typed for 0 and 1) are in it.
  if (kind === "invalid-zip" && typed !== undefined && namesNoTown(typed, meant, townOfZip))
    return `<p>“${e(shortened(typed))}” is not a ZIP code, and no town with a ZIP code is written that way. Type the ZIP code of the home's street address, or the town and its state, such as Springfield, IL; for a neighbourhood (Harlem, Hollywood), its city.</p>`;
  if (kind === "invalid-zip") return `<p>${typed ? `“${e(shortened(typed))}” is not a ZIP code.` : "No ZIP code was typed."}${didYouMean ? ` ${didYouMean}` : ""}</p>`;
  // A district link damaged in copying (/district/622710, /district/1714460.): why, then the district meant (pages audit 39 #6).
  if (kind === "invalid-leaid" && meant !== undefined)
    return `<p>A link copied through a spreadsheet or a text message can lose the leading zero or gain a full stop or a bracket. Did you mean <a href="${e(meant)}">${meantName ? e(meantName) : "district"} (${e(meant.slice(meant.lastIndexOf("/") + 1).replace(/\.json$/, ""))})</a>?</p>`;
  if (didYouMean) return `<p>${didYouMean}</p>`;
  if (kind === "invalid-state" || kind === "state-not-found") return `<p>The states and territories covered are listed on the <a href="/#states">home page</a>.</p>`;
  // A district id's first two digits are its state's (pages audit 39 #6: Guam's 6600040, a Census id, got a bare 404).
  if (kind === "district-not-found" && idState !== undefined)
    return `<p>Its first two digits are those of the districts of ${e(inSentence(idState.name))}: <a href="/state/${e(idState.code)}">every school district of ${e(inSentence(idState.name))}</a> is on its page.</p>`;
  if (kind === "invalid-leaid" || kind === "district-not-found") return `<p>Every district is listed on its state's page: pick the state on the <a href="/#states">home page</a>.</p>`;
  return "";
}

/**
 * The ZIP codes a mistyped one may have meant, those of its first 3 digits with their towns,
 * under the 404 of a ZIP code with no record (pages audit 39 #6: the page said only "Check the
 * digits"); "" where none shares them.
 *
 * @example
 * nearZipsHtml("60291", [{ zip: "60201", city: "Evanston", state: "IL" }])
 * // '<h2>ZIP codes that begin with 602</h2>\n<p>If a digit was mistyped, …</p>\n<ul class="links"><li><a href="/zip/60201">60201</a> Evanston, IL</li></ul>'
 */
export function nearZipsHtml(zip: string, near: readonly NearZip[]): string {
  if (near.length === 0) return "";
  const items = near.map((z) => `<li><a href="/zip/${e(z.zip)}">${e(z.zip)}</a> ${e(`${z.city}, ${z.state}`)}</li>`).join("");
  return `<h2>ZIP codes that begin with ${e(zip.slice(0, 3))}</h2>
<p>If a digit was mistyped, the home's ZIP code may be one of these, ${near.length === 1 ? "the only one that begins the same" : "the likeliest first"}. Pick it by the town:</p>
<ul class="links">${items}</ul>`;
}

/** Spanish words a search may hold ("escuelas cerca de mí", "colegios en …"). */
const SPANISH_WORDS = /(?:^|\s)(?:escuelas?|colegios?|distritos?|escolar(?:es)?|cerca|c[óo]digo|d[óo]nde|p[úu]blic[ao]s?)(?:\s|$)/i;

/**
 * What to type, in Spanish, under a 400 whose text holds Spanish words (pages audit 37 #5: the page
 * was English only), marked as Spanish for a screen reader; "" otherwise.
 *
 * @example
 * spanishStep("escuelas cerca de mí", "near") // '<p lang="es">Esta casilla no sabe dónde está usted: …</p>'
 */
function spanishStep(typed: string | undefined, reads?: ErrorPageExtra["reads"]): string {
  if (typed === undefined || !SPANISH_WORDS.test(typed)) return "";
  const where = reads === "near" ? "Esta casilla no sabe dónde está usted: abra <a href=\"/location\" lang=\"en\">Find the districts of a place</a> y pulse “<span lang=\"en\">Use my location</span>” (usar mi ubicación), o escriba" : "Escriba";
  return `\n<p lang="es">${where} el código postal de la casa (5 dígitos) o la ciudad y el estado, por ejemplo Houston, TX.</p>`;
}

/**
 * The search box's own error message on the page of a text that is neither a ZIP code nor a
 * town (HTML): short, what to type instead.
 *
 * @example
 * fieldError("asdf") // "“asdf” is not a ZIP code or a town's name: type 5 digits, or a town and its state."
 */
function fieldError(typed: string, meant?: string, reads?: ErrorPageExtra["reads"], country?: string, respelled?: string, unknownTown?: UnknownTown, townOfZip?: TownOfZip): string {
  if (typed.trim() === "") return "Type a ZIP code (5 digits) or a town and its state.";
  if (unknownTown !== undefined) return `No town called “${e(shortened(unknownTown.town))}” in ${e(inSentence(unknownTown.stateName))} is in the sources: type the home's ZIP code, or pick a town above.`;
  if (respelled !== undefined) return `Nothing is named “${e(shortened(typed))}”: did you mean “${e(shortened(respelled))}”?`;
  if (reads === "abroad") return `${e(READS_TITLE.abroad(typed, country))}: type the ZIP code of a home in the United States.`;
  if (reads === "school") return `“${e(shortened(typed))}” reads as a school: type the ZIP code of the home's street address, or its town and state.`;
  if (reads === "near") return "This box cannot tell where you are: type the home's ZIP code, or its town and state.";
  if (reads === "long") return `Too long: type a ZIP code, a town and its state, or a district's name (at most ${SEARCH_MAX_LENGTH} characters).`;
  if (isCanadianPostcode(typed)) return `“${e(shortened(typed))}” is a Canadian postal code: this service covers the United States only.`;
  if (meant !== undefined) return `“${e(shortened(typed))}” is not a ZIP code: did you mean ${e(meant.slice(meant.lastIndexOf("/") + 1))}?`;
  if (reads === "district") return `No district is named “${e(shortened(typed))}”: type a ZIP code, a town and its state, or a district's name as it is written.`;
  // ("Boston, MA 2108": a town's name with a ZIP code's number that is none, review of stop 42 #3.)
  const problem = typedZipNumberProblem(typed, townOfZip);
  if (problem !== undefined) return `${e(problem)}: type the home's 5-digit ZIP code (keep a leading zero), or its town and state.`;
  return `“${e(shortened(typed))}” is not a ZIP code or a town's name: type 5 digits, or a town and its state.`;
}

/** The title of the search box's 400 page for what the text typed reads as (review 33 #9: "Invalid ZIP code" for a district's name). */
const READS_TITLE: Record<NonNullable<ErrorPageExtra["reads"]>, (typed: string, country?: string) => string> = {
  district: (typed) => `No school district named “${shortened(typed)}”`,
  school: () => "Schools are not listed: look up the home's ZIP code",
  near: () => "Schools near you: use your location or the home's ZIP code",
  long: () => "Too long to look up",
  abroad: (_typed, country) => {
    const name = FREELY_ASSOCIATED[country ?? ""] ?? "That country";
    return `${name} ${countryVerb(name)} outside the United States`.replace(/^the /, "The ");
  },
};

/**
 * The answer for a ZIP code the Census draws an area for that the Postal Service's list (UDS Mapper's,
 * 2020) lacks: what is known, not "a real ZIP code" (pages audit 39 #6), nor that it was retired, which
 * the data cannot tell from a PO-box-only ZIP code (review of the late commits 39 #3), with its town or county.
 *
 * @example
 * unlistedAnswer({ zip: "45418", … }, "Montgomery County, OH")
 * // '<p class="answer">45418 is not on the Postal Service's list of ZIP codes this service uses (UDS Mapper, 2020), …</p>'
 */
function unlistedAnswer(postal: PostalZip, place: string): string {
  return `<p class="answer">${postal.zip} is not on the Postal Service's list of ZIP codes this service uses (UDS Mapper, 2020), though the 2020 Census draws its area, in ${e(place)}: this service has no school district record for it. Look up the ZIP code of the home's street address, or try a neighbouring ZIP code of ${e(place)} below.</p>`;
}

/**
 * The HTML page a browser gets instead of a problem+json body: the title, what
 * went wrong in plain words, where to go next, a search box (pre-filled with
 * what was typed) and a link home. For a PO-box or single-building ZIP, it says
 * what the ZIP is and links the ZIP pages of its city.
 *
 * @example
 * errorPage(problem(base, "invalid-zip", detail, "/zip/9021"), "invalid-zip", facts, { typed: "9021" })
 */
export function errorPage(p: Problem, kind: ProblemKind, facts: SiteFacts, extra: ErrorPageExtra = {}): string {
  const { postal, cityZips = [] } = extra;
  // UDS Mapper types: "Post Office or large volume customer", else a ZIP area the census draws no ZCTA for.
  const postOffice = postal !== undefined && /^post office/i.test(postal.type);
  const military = postal !== undefined && isMilitaryMail(postal);
  // Palau, Micronesia, the Marshall Islands: countries with US ZIP codes and no US school district.
  const abroad = postal !== undefined && FREELY_ASSOCIATED[postal.state] !== undefined;
  const { former } = extra;
  const zipOnly = extra.zipOnly === true;
  const title = zipOnly
    ? "Type a 5-digit ZIP code"
    : former
    ? `${former.name} (${former.leaid}) is not a school district today`
    : postal
    ? abroad
      ? `ZIP code ${postal.zip} is in ${FREELY_ASSOCIATED[postal.state]}, outside the United States`
      : postOffice
      ? `ZIP code ${postal.zip} is a post-office or single-address ZIP code`
      : military
        ? `ZIP code ${postal.zip} is a military mail ZIP code`
        : isUnlisted(postal)
        ? `ZIP code ${postal.zip} is not on the Postal Service's list`
        : `ZIP code ${postal.zip} has no school district record`
    : kind === "zip-not-found" && extra.typed
      ? `ZIP code ${shortened(extra.typed)} not found`
      : kind === "invalid-zip" && extra.unknownTown !== undefined
      ? unknownTownTitle(extra.unknownTown)
      : kind === "invalid-zip" && extra.typed !== undefined && extra.reads !== undefined
        ? READS_TITLE[extra.reads](extra.typed, extra.country)
        : kind === "invalid-zip" && extra.typed !== undefined && extra.respelled !== undefined
          ? // A name misspelt, not a ZIP code mistyped ("Chicgo school": review of the final mends 40).
            `Nothing is named “${shortened(extra.typed)}”`
          : kind === "invalid-zip" && extra.typed !== undefined && (namesNoTown(extra.typed, extra.meant, extra.townOfZip) || (extra.meant !== undefined && isAddressShape(extra.typed)))
            ? // (An address whose house number is a ZIP code's, "12345 Main St": the town is what is missing, the ZIP code
              // still named below, not "Invalid ZIP code": review 42 final #7.)
              noTownTitle(extra.typed)
            : // A number like a ZIP code's among words ("Boston, MA 2108"): what is wrong with it (review of stop 42 #3).
              (kind === "invalid-zip" && extra.typed !== undefined && extra.meant === undefined ? typedZipNumberProblem(extra.typed, extra.townOfZip) : undefined) ?? p.title;
  let body: string;
  if (zipOnly) {
    body = `<p class="answer">Type the 5 digits of the home's ZIP code, such as 90210: a town's name, a street address or a place on a map needs the full service.</p>
${ZIP_LOOKUP_NOTE}`;
  } else if (former) {
    // An old id (a merger, a closure, a Census piece): where its area went, not only "no district".
    const links = [former, ...former.parts].map((p) => `<a href="/district/${p.district}">${e(p.districtName)}</a>`);
    body = `<p class="answer">${e(former.name)} (district id ${former.leaid} in the Census Bureau's 2016 school district boundaries) is not a school district today. Its area is now ${formerAreaWords(links)}, as this service joins the 2016 boundaries to today's NCES districts.</p>
<p>To be sure which district serves a home, look up the ZIP code of its street address, and ask the district.</p>`;
  } else if (postal && abroad) {
    body = `<p class="answer">${postal.zip} (${e(`${postal.city}, ${postal.state}`)}) is a ZIP code of ${e(FREELY_ASSOCIATED[postal.state]!)}. ${e(freelyAssociatedWords(postal.state))}</p>
<p>USPS type: ${e(postal.type)}.</p>`;
  } else if (postal && military) {
    // APO/FPO/DPO (AA, AE, AP): mail for the forces abroad, no area, no district; no "ZIP codes of APO, AE".
    body = `<p class="answer">${postal.zip} (${e(`${postal.city} ${postal.state}`)}) is a military mail ZIP code: it carries mail to members of the U.S. forces and their families abroad, and has no area and no public school district. A school district serves the address where a child lives: for a home in the United States, look up the ZIP code of its street address.</p>
<p>USPS type: ${e(postal.type)}.</p>`;
  } else if (postal) {
    // Its town, or its county where the data names no town ("ZCTA 45418": pages audit 39 #6).
    const place = postalPlace(postal);
    const links = cityZips.map((z) => `<li><a href="/zip/${z}">${z}</a></li>`).join("");
    // The districts named like its town, as links: likely the town's own, not said to be (Hoosick Falls CSD for Hoosick, NY).
    const namedLike = extra.namedLike ?? [];
    const likeLinks = namedLike.map((d) => `<a href="/district/${e(d.leaid)}">${e(d.district)}</a>`).join(", ");
    const namedLikeHtml = likeLinks === "" ? "" : `\n<p>${namedLike.length === 1 ? "A school district's name begins" : "School districts' names begin"} with “${e(postal.city)}”, and may be the town's: ${likeLinks}.</p>`;
    body = postOffice
      ? `<p class="answer">${postal.zip} is a real ZIP code in ${e(place)}, but it belongs to a post office (PO boxes) or one large mail customer, not to an area where people live. A school district serves the address where a child lives, so look up the ZIP code of the home's street address.</p>${namedLikeHtml}`
      : isUnlisted(postal)
      ? unlistedAnswer(postal, place)
      : `<p class="answer">${postal.zip} is a real ZIP code in ${e(place)}, but ${isUndrawnArea(postal) ? "the Census Bureau draws no ZIP area for it" : "this service has no school district record for it"}, so this service cannot tell which school district serves it. Try a neighbouring ZIP code of ${e(place)} below, or ask the school district of the town.</p>`;
    body += `
<p>${isUnlisted(postal) ? `Source: UDS Mapper's ZIP-to-ZCTA crosswalk, type “${e(postal.type)}”` : `USPS type: ${e(postal.type)}`}.${postal.zcta && postal.zcta !== postal.zip ? ` ${postOffice ? "The post office or building lies" : "It lies"} in ZIP area <a href="/zip/${e(postal.zcta)}">${e(postal.zcta)}</a> (UDS Mapper ZIP-to-ZCTA crosswalk, 2020).` : ""}</p>
${links ? `<h2>ZIP codes of ${e(place)} with a page</h2><ul class="links">${links}</ul>` : isUnnamedTown(postal) ? "" : `<p>No other ZIP code of ${e(place)} has a record.</p>`}${
      !links && extra.countyTown ? `\n${townGroupHtml(extra.countyTown, `ZIP codes of ${countyPlace(extra.countyTown.city, extra.countyTown.state)}, where ${isUnnamedTown(postal) ? postal.zip : postal.city} is`)}` : ""
    }`;
  } else if (kind === "invalid-zip" && extra.unknownTown !== undefined) {
    body = unknownTownAnswer(extra.unknownTown);
  } else {
    const next = nextStep(kind, extra.typed, extra.meant, extra.reads, extra.country, extra.idState, extra.meantName, extra.townOfZip);
    // Text that reads as no ZIP code at all (a country, a school's or district's name, a town of no
    // such name): what it reads as is the answer, the ZIP code's form after it, if at all (pages audit 34 #3).
    // (Not words with a number like a ZIP code's, "Boston, MA 2108": the digits' rule is the answer there, review of stop 42 #3.)
    const readsOtherwise = kind === "invalid-zip" && extra.typed !== undefined && extra.meant === undefined && (extra.reads !== undefined || isCanadianPostcode(extra.typed) || namesNoTown(extra.typed, extra.meant, extra.townOfZip));
    // A word one letter off, respelled ("Chicgo schools"), asked first where that search finds something (pages audit 40 #2).
    const offer = extra.respelled === undefined ? "" : `<p class="answer"><strong>Did you mean <a href="/zip?zip=${e(encodeURIComponent(extra.respelled))}">“${e(shortened(extra.respelled))}”</a>?</strong></p>\n`;
    body = offer + (readsOtherwise
      ? `${next.replace(/^<p>/, offer === "" ? '<p class="answer">' : "<p>")}${extra.reads === "abroad" ? "" : `\n<p>${e(PLAIN[kind])}</p>`}${spanishStep(extra.typed, extra.reads)}`
      : `<p class="answer">${e(PLAIN[kind])}</p>
${next}${kind === "zip-not-found" && extra.typed !== undefined ? nearZipsHtml(extra.typed, extra.nearZips ?? []) : ""}`);
  }
  return layout(
    {
      title: `${title} (error ${p.status})`,
      // A USPS ZIP code is real: not "check the digits" but what it is and what to look up instead.
      description: `${title}. ${
        zipOnly
          ? "This copy of the site looks up ZIP codes only."
          : former
          ? `Its area is now ${formerAreaWords([former, ...former.parts].map((p) => p.districtName))}.`
          : postal === undefined
          ? extra.reads === "long"
            ? `Type a ZIP code, a town and its state, or a district's name: the box reads at most ${SEARCH_MAX_LENGTH} characters.`
            : PLAIN[kind]
          : abroad
            ? freelyAssociatedWords(postal.state)
          : military
            ? "It carries mail to the U.S. forces abroad and has no area and no public school district: look up the ZIP code of the home's street address."
            : postOffice
              ? "It belongs to a post office or one large mail customer, not to an area where people live: look up the ZIP code of the home's street address."
              : isUnlisted(postal)
              ? `Look up the ZIP code of the home's street address, such as a neighbouring ZIP code of ${postalPlace(postal)}.`
              : `${isUndrawnArea(postal) ? "The Census Bureau draws no ZIP area for it" : "This service has no school district record for it"}: try a neighbouring ZIP code of ${postalPlace(postal)}.`
      }`,
      canonical: null,
      search: false,
      main: `<h1>${e(title)}</h1>
${body}
<h2>${facts.staticCopy ? "Look up a ZIP code" : "Look up a ZIP code or a town"}</h2>
${searchForm("main", extra.reads === "long" ? "" : (extra.typed ?? ""), kind === "invalid-zip" && postal === undefined ? fieldError(extra.typed ?? "", extra.meant, extra.reads, extra.country, extra.respelled, extra.unknownTown, extra.townOfZip) : undefined, facts.staticCopy)}
<p><a href="/">Home page</a> · <a href="/problems/${kind}">For developers: this error in the API (HTTP ${p.status})</a></p>`,
    },
    facts,
  );
}

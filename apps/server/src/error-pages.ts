/**
 * The pages of errors and of the search box: one page per problem type (the `type` URI of the
 * service's problem details, RFC 9457 section 3.1.1), the error pages browsers get instead of
 * problem+json (with a PO-box ZIP's explanation), and the page of a town typed into the box.
 */
import type { Problem } from "@school-districts/core";
import { cityKey, COUNTY_WORD, isCanadianPostcode, MAX_CITY_MATCHES, placeOf, type CityMatch } from "./city-search.ts";
import { listOrder, matchesExactly, MUCH_LARGER, studentsOf, type DistrictMatch } from "./district-search.ts";
import { joinNames, newerDistrictSentence, percent } from "./answer.ts";
import { escapeHtml as e } from "./html.ts";
import { districtHref, inSentence, layout, SEARCH_MAX_LENGTH, searchForm, ZIP_LOOKUP_NOTE, type SiteFacts } from "./layout.ts";
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
  /** The page most likely meant (`/state/CA` for `/state/ca`, `/zip/90210` for `/zip/90210/`: near-path.ts). */
  meant?: string;
  /** A USPS ZIP code with no record, and the ZIP codes of its city that have one. */
  postal?: PostalZip;
  cityZips?: string[];
  /** Where its city has none: the ZIP codes of its county (21522, Bittinger, MD: Garrett County). */
  countyTown?: CityMatch;
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
  /** For a district id not in the dataset: the state or territory its first two digits are those of (Guam's 66), whose page lists its districts. */
  idState?: { code: string; name: string };
}

/**
 * What a person reads under an error page's explanation: what was typed that is not a ZIP
 * code, the page meant, or the list of states for a state or district not found. Not the problem's detail, which points programs at JSON paths
 * (/index.json, /bulk/districts.csv, /docs) of no use to a person.
 */
function nextStep(kind: ProblemKind, typed: string | undefined, meant: string | undefined, reads?: ErrorPageExtra["reads"], country?: string, idState?: ErrorPageExtra["idState"], meantName?: string): string {
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
  if (kind === "invalid-zip" && typed !== undefined && /\p{L}/u.test(typed.replace(/[OolI]/g, "")) && !didYouMean)
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
function fieldError(typed: string, meant?: string, reads?: ErrorPageExtra["reads"], country?: string, respelled?: string): string {
  if (typed.trim() === "") return "Type a ZIP code (5 digits) or a town and its state.";
  if (respelled !== undefined) return `Nothing is named “${e(shortened(typed))}”: did you mean “${e(shortened(respelled))}”?`;
  if (reads === "abroad") return `${e(READS_TITLE.abroad(typed, country))}: type the ZIP code of a home in the United States.`;
  if (reads === "school") return `“${e(shortened(typed))}” reads as a school: type the ZIP code of the home's street address, or its town and state.`;
  if (reads === "near") return "This box cannot tell where you are: type the home's ZIP code, or its town and state.";
  if (reads === "long") return `Too long: type a ZIP code, a town and its state, or a district's name (at most ${SEARCH_MAX_LENGTH} characters).`;
  if (isCanadianPostcode(typed)) return `“${e(shortened(typed))}” is a Canadian postal code: this service covers the United States only.`;
  if (meant !== undefined) return `“${e(shortened(typed))}” is not a ZIP code: did you mean ${e(meant.slice(meant.lastIndexOf("/") + 1))}?`;
  if (reads === "district") return `No district is named “${e(shortened(typed))}”: type a ZIP code, a town and its state, or a district's name as it is written.`;
  return `“${e(shortened(typed))}” is not a ZIP code or a town's name: type 5 digits, or a town and its state.`;
}

/** After the places a name reads as: where their ZIP codes are, and the towns that have the name itself (Saint Croix, IN, after St. Croix, VI's). */
function readAs(cities: readonly CityMatch[]): string {
  const others = cities.filter((c) => !c.nickname).length;
  return others === 0 ? ", whose ZIP codes are below" : `, first below; then ${others === 1 ? "the town" : `the ${others} towns`} of that very name`;
}

/** A town's ZIP code of which its district has less than 90 % of the residents, as the page rounds it, shows that part. */
function partShown(share: number | undefined): share is number {
  return share !== undefined && Math.round(share * 100) < 90;
}

/**
 * The one name of the towns found where the text typed holds more than it before it ("Williamsburg,
 * Brooklyn": Brooklyn, a neighbourhood before its town), so the page says the town read, not that
 * the whole text is a town's name (review 35); else undefined.
 *
 * @example
 * townWithin("Williamsburg, Brooklyn", brooklyns) // "Brooklyn"
 * townWithin("Boston, MA", bostons) // undefined
 */
function townWithin(typed: string, cities: readonly CityMatch[]): string | undefined {
  // A borough by its own name (Manhattan, whose ZIP codes' town is New York), a county by its name without "County".
  const shown = (c: CityMatch) => c.borough ?? (c.county ? c.city.replace(COUNTY_WORD, "") : c.city);
  const names = new Set(cities.map((c) => cityKey(shown(c))));
  if (names.size !== 1 || cities.some((c) => c.close || c.nickname)) return undefined;
  return cityKey(typed).startsWith([...names][0]!) ? undefined : shown(cities[0]!);
}

/**
 * A town typed into the ZIP box: each city of that name, then per district the ZIP codes where
 * people live that it serves (one sentence where they are all in one: Boston's 36 but two), the
 * district linked and its ZIP codes as a wrapped grid of links, the district with the most first,
 * a split ZIP code with the part of its residents in the district; then the PO-box ZIP codes.
 * Where more towns have the name than a page shows, the others are linked after the first
 * sentence; `between` (the search box, to add the state) comes before the towns.
 *
 * @example
 * cityMatchesHtml("Boston", [{ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston School District", leaid: "2502790" }] }])
 * // '<p class="answer">“Boston” is a town, not a ZIP code. …'
 */
export function cityMatchesHtml(typed: string, cities: readonly CityMatch[], between = "", schools = false, lead?: string): string {
  const shown = cities.slice(0, MAX_CITY_MATCHES);
  // ("El Paso County schools": "2 counties have that name", not towns: review 40.)
  const places = cities.every((c) => c.county) ? "counties" : "towns";
  const which =
    cities.length === 1
      ? "Its ZIP codes are below"
      : cities.length > shown.length
        ? `${cities.length} ${places} have that name; the ${shown.length} with the most ZIP codes are below, after links to the others`
        : `${cities.length} ${places} have that name; their ZIP codes are below`;
  const intro = lead !== undefined
    ? lead
    : schools
    ? `<p class="answer">A home's public schools are those of the school district of its address: most ZIP codes are in one, some are split. ${
        cities.some((c) => c.nickname)
          ? `“${e(shortened(typed))}” reads as ${e(joinNames(cities.filter((c) => c.nickname).map(placeOf)))}${readAs(cities)}, each with its district`
          : cities.length === 1
            ? `${e(placeOf(cities[0]!))}'s ZIP codes are below, each with its district`
            : `${which}, each with its district`
      }: open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : cities.some((c) => c.nickname)
    ? `<p class="answer">“${e(shortened(typed))}” is not a ZIP code: it reads as ${e(joinNames(cities.filter((c) => c.nickname).map(placeOf)))}${
        readAs(cities)
      }. Open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : cities.every((c) => c.borough !== undefined)
    ? `<p class="answer">“${e(shortened(typed))}” is not a ZIP code: ${
        cities.length === 1 ? `${e(cities[0]!.borough!)} is a borough of New York City. Its ZIP codes are below` : `New York City's ${cities.length} boroughs are below, each with its ZIP codes`
      }. Open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : cities.every((c) => c.county)
    ? `<p class="answer">“${e(shortened(typed))}” is not a ZIP code, and no town is written that way, but ${cities.length === 1 ? `${e(cities[0]!.city)}, ${cities[0]!.state} is a county. Its ZIP codes are below` : which}: open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : cities.every((c) => c.close)
    ? `<p class="answer">“${e(shortened(typed))}” is not a ZIP code, and no town is written that way. ${cities.length === 1 ? "A town with a close name is" : "Towns with a close name are"} below: open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : /^\d+\s+\p{L}/u.test(typed.trim())
    ? // A street address without its ZIP code ("123 Main St, Springfield, IL"): its town's ZIP codes (pages audit 34 #6: "is a town").
      `<p class="answer">“${e(shortened(typed))}” is an address without its ZIP code. ${cities.length === 1 ? `The ZIP codes of ${e(placeOf(cities[0]!))} are below` : which}: open the one of the address for its school district's phone and the other districts it covers.</p>`
    : townWithin(typed, cities) !== undefined
    ? `<p class="answer">“${e(shortened(typed))}” is not a ZIP code: the town in it reads as ${e(townWithin(typed, cities)!)}. ${cities.length === 1 ? `The ZIP codes of ${e(placeOf(cities[0]!))} are below` : which}: open your ZIP code for its school district's phone and the other districts it covers.</p>`
    : `<p class="answer">“${e(shortened(typed))}” is a ${cities.some((c) => c.borough) ? "place" : "town"}, not a ZIP code. ${cities.some((c) => c.borough) ? which.replace("towns have", "places have") : which}: open your ZIP code for its school district's phone and the other districts it covers.</p>`;
  const groups = shown.map((c) => townGroupHtml(c));
  // Every other town of the name one tap away: its own page (Jackson, NJ, one ZIP code, is not among the 8 with the most).
  const rest = cities.slice(shown.length);
  const others =
    rest.length === 0
      ? ""
      : `\n<p>The other ${rest.length === 1 ? "" : `${rest.length} `}${cities.every((c) => c.county) ? (rest.length === 1 ? "county" : "counties") : rest.length === 1 ? "town" : "towns"} named so: ${rest.map(townLink).join(", ")}.</p>`;
  return `${intro}${others}${between === "" ? "" : `\n${between}`}
${groups.join("\n")}`;
}

/**
 * One town's (or county's) ZIP codes on a page: a heading, the districts of its ZIP codes where
 * people live (each linked, the most first, a split ZIP code with its part), then its PO-box ZIP codes.
 *
 * @example
 * townGroupHtml({ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston School District", leaid: "2502790", share: 1, poBox: false }] })
 * // '<h2>Boston, MA</h2>\n<p>Its ZIP code where people live is in <a href="/district/2502790">Boston School District</a>.</p>…'
 */
function townGroupHtml(c: CityMatch, heading = placeOf(c)): string {
  const place = `${c.city}, ${c.state}`;
  // PO-box ZIPs have no homes: set apart, after the ZIP codes where people live (Springfield, IL: 27 of 35).
  const homes = c.zips.filter((z) => !z.poBox);
  const boxes = c.zips.filter((z) => z.poBox);
  const byDistrict = new Map<string, { district: string; leaid: string; zips: typeof homes; none?: true }>();
  for (const z of homes) {
    // A ZIP code most of whose residents live in no district is not its sliver's district's (Sun City, AZ: 85351).
    const key = z.none ? "none" : `${z.leaid ?? ""}\t${z.district}`;
    const group = byDistrict.get(key) ?? byDistrict.set(key, z.none ? { district: NO_DISTRICT_GROUP, leaid: "", zips: [], none: true } : { district: z.district, leaid: z.leaid ?? "", zips: [] }).get(key)!;
    group.zips.push(z);
  }
  // The most ZIP codes first; those mostly in no district last.
  const districts = [...byDistrict.values()].sort((a, b) => Number(a.none ?? false) - Number(b.none ?? false) || b.zips.length - a.zips.length);
  const n = homes.length;
  const named = (d: { district: string; leaid: string }) => (d.leaid === "" ? e(d.district) : `<a href="${districtHref(d.leaid)}">${e(d.district)}</a>`);
  const count = (k: number) => `${k} ZIP code${k === 1 ? "" : "s"}`;
  // A ZIP code of which the district has under 90 % of the residents carries its part (65802: 71 %).
  const split = homes.some((z) => partShown(z.share) && !z.none);
  // 90 % to 99 % shows no percentage: said, so that no percentage never reads as all of it (pages audit 35 #5: 93306 is 92 % Bakersfield City).
  const mostly = homes.some((z) => !partShown(z.share) && !z.none && z.share !== undefined && Math.round(z.share * 100) < 100);
  const partNote = split
    ? ` A percentage after a ZIP code is the part of its residents in that district${mostly ? " (none is shown from 90 % up)" : ""}; the rest live in other districts, or in none (open the ZIP code to see which).`
    : mostly
      ? ` ${homes.length === 1 ? "A tenth of it or less is" : "In some of them a tenth or less is"} in another district, or in none (open the ZIP code to see which).`
      : "";
  const boxNote = boxes.length === 0 ? "" : boxes.length === 1 ? " One more is a PO-box ZIP code, with no homes (below)." : ` ${boxes.length} more are PO-box ZIP codes, with no homes (below).`;
  // Where another district serves most of the high-school grades (Billings High School District), it too.
  const highs = new Map<string, { district: string; leaid: string; zips: number }>();
  for (const z of homes) if (z.high) (highs.get(z.high.leaid) ?? highs.set(z.high.leaid, { ...z.high, zips: 0 }).get(z.high.leaid)!).zips++;
  const highNote =
    highs.size === 0
      ? ""
      : `\n<p>High school: ${[...highs.values()].sort((a, b) => b.zips - a.zips).map((h) => `${named(h)} (${h.zips === n ? count(n) : `${h.zips} of the ${n} ZIP codes`})`).join(", ")}.</p>`;
  const summary =
    n === 0
      ? `<p>Its ${boxes.length === 1 ? "ZIP code is a PO-box ZIP code" : `${boxes.length} ZIP codes are PO-box ZIP codes`}, with no homes: look up the ZIP code of the home's street address.</p>`
      : districts.length === 1
        ? `<p>${n === 1 ? "Its ZIP code where people live is" : `Its ${n} ZIP codes where people live are`} ${districts[0]!.none ? `${NO_DISTRICT_GROUP}: ${NO_DISTRICT_WHY}` : `in ${named(districts[0]!)}`}.${partNote}${boxNote}</p>`
        : `<p>Its ${n} ZIP codes where people live are in ${districts.filter((d) => !d.none).length} district${districts.filter((d) => !d.none).length === 1 ? "" : "s"}${districts.some((d) => d.none) ? ", or mostly in none" : ""}: ${districts.map((d) => (d.none ? `${NO_DISTRICT_GROUP} (${count(d.zips.length)}: ${NO_DISTRICT_WHY})` : `${e(d.district)} (${count(d.zips.length)})`)).join(", ")}.${partNote}${boxNote}</p>`;
  const item = (z: (typeof homes)[number]) =>
    `<li><a href="/zip/${z.zip}">${z.zip}</a>${partShown(z.share) && !z.none ? `<span class="part"> ${e(percent(z.share))}</span>` : ""}</li>`;
  const grid = (zips: typeof homes) => `<ul class="zips">${zips.map(item).join("")}</ul>`;
  const lists = n === 0 ? "" : districts.length === 1 ? grid(districts[0]!.zips) : districts.map((d) => `<h3>${d.none ? "Mostly in no school district" : named(d)}</h3>\n${grid(d.zips)}`).join("\n");
  const boxList =
    boxes.length === 0
      ? ""
      : `\n<h3>PO-box ZIP codes of ${e(place)} (no homes)</h3>\n<ul class="zips">${boxes.map((z) => `<li><a href="/zip/${z.zip}">${z.zip}</a></li>`).join("")}</ul>`;
  // The other districts of a tenth or more of a ZIP code's residents, each with its parts (pages audit 38 #2: the
  // home's district was named nowhere on its town's page for 7 % of homes; Garland, TX: Richardson ISD).
  const alsoBy = new Map<string, { district: string; leaid: string; parts: string[] }>();
  for (const z of homes) {
    for (const a of z.none ? [] : (z.also ?? [])) (alsoBy.get(a.leaid) ?? alsoBy.set(a.leaid, { district: a.district, leaid: a.leaid, parts: [] }).get(a.leaid)!).parts.push(`${percent(a.share)} of <a href="/zip/${z.zip}">${z.zip}</a>`);
  }
  // (At most 8 districts, 4 parts each, on a phone's screen: the ZIP codes' pages list the rest.)
  const alsoList = [...alsoBy.values()].sort((a, b) => b.parts.length - a.parts.length || (a.district < b.district ? -1 : 1));
  const partsOf = (parts: string[]) => (parts.length <= 4 ? parts.join(", ") : `${parts.slice(0, 3).join(", ")} and ${parts.length - 3} more ZIP codes`);
  const alsoNote =
    alsoList.length === 0
      ? ""
      : `\n<p>Other districts with a tenth or more of a ZIP code's residents: ${alsoList
          .slice(0, 8)
          .map((d) => `${named(d)} (${partsOf(d.parts)})`)
          .join("; ")}${alsoList.length > 8 ? `; and ${alsoList.length - 8} more, on the ZIP codes' pages` : ""}.</p>`;
  // A district newer than the maps with its office in one of the town's ZIP codes (Orange Beach City): it may serve the town.
  const newer = [...new Map(c.zips.flatMap((z) => z.newer ?? []).map((n) => [n.leaid, n])).values()];
  const newerNote = newer.map((n) => `\n<p class="answer">${newerDistrictSentence(named(n), n.office_zip)}</p>`).join("");
  return `<h2>${e(heading)}</h2>
${summary}${highNote}${newerNote}
${lists}${alsoNote}${boxList}`;
}

/** A town's ZIP codes most of whose residents live in no school district, in words (townGroupHtml). */
const NO_DISTRICT_GROUP = "mostly in no school district";
const NO_DISTRICT_WHY = "the Census draws most of that land as “School District Not Defined”; open the ZIP code to see whom to ask";

/** A search for a town's schools ("Raleigh schools"): the town's name read, and districts elsewhere named with it. */
export interface TownSchools {
  town: string;
  /** districts of the very name typed, in another state than the town's ("Chattanooga Public Schools", OK) */
  named: readonly DistrictMatch[];
  namesakes: readonly DistrictMatch[];
}

/** An address's ZIP code that is not of the town and state typed before it (review 36 #2): the ZIP code, and its own town where it has one. */
export interface ZipElsewhere {
  zip: string;
  /** the text typed before the ZIP code ("Boston, MA"): the towns' page is named by it */
  typedPlace: string;
  /** "Beverly Hills, CA"; undefined for a ZIP code that has no page */
  place?: string;
}

/**
 * The answer of a town page reached by an address whose ZIP code is another place's: both, the
 * ZIP code linked, as a digit mistyped or a ZIP code from another line would send a parent to
 * another state's district.
 *
 * @example
 * zipElsewhereLead({ zip: "90210", place: "Beverly Hills, CA" }, seattle)
 * // '<p class="answer">The ZIP code typed, 90210, is that of Beverly Hills, CA, not of Seattle, WA: …'
 */
function zipElsewhereLead(z: ZipElsewhere, towns: readonly CityMatch[]): string {
  const typedPlace = towns.length === 1 ? placeOf(towns[0]!) : joinNames(towns.slice(0, 3).map(placeOf));
  const zipSaid =
    z.place === undefined
      ? `The ZIP code typed, ${e(z.zip)}, is no ZIP code this service knows`
      : `The ZIP code typed, <a href="/zip/${e(z.zip)}">${e(z.zip)}</a>, is that of ${e(z.place)}, not of ${e(typedPlace)}: check the address, and open ${e(z.zip)} if the home is there`;
  return `<p class="answer">${zipSaid}. ${towns.length === 1 ? `The ZIP codes of ${e(typedPlace)} are below` : "The towns of the name typed are below, with their ZIP codes"}: open the home's ZIP code for its school district's phone and the other districts it covers.</p>`;
}

/** How many districts named with a town's words elsewhere its schools' page links. */
const MAX_NAMESAKES = 5;

/**
 * A town's name as typed without the state code typed after it ("Pittsburg PA": "Pittsburg")
 * where a town listed is in that state, so a heading quotes a town's name, not its state
 * (pages audit 39 #7); else the text as typed.
 *
 * @example
 * withoutState("Pittsburg PA", [{ city: "Pittsburgh", state: "PA", … }]) // "Pittsburg"
 * withoutState("Chicgo", chicagos) // "Chicgo"
 */
export function withoutState(typed: string, towns: readonly Pick<CityMatch, "state">[]): string {
  const m = /^(.*?\S)[\s,]+([A-Za-z]{2})\.?$/.exec(typed.trim());
  return m !== null && towns.some((t) => t.state === m[2]!.toUpperCase()) ? m[1]!.replace(/,$/, "") : typed;
}

/**
 * The page of a town typed into the ZIP box (200: an answer, cached like the other pages):
 * its ZIP codes, grouped by the district their records name, and the search box; first, where
 * the text is also a state's name or code (`state`: "California"), a link to the state's page.
 *
 * @example
 * townPage("Boston", search("Boston"), facts) // "<!doctype html>…<h1>ZIP codes of Boston, MA</h1>…"
 */
export function townPage(typed: string, towns: readonly CityMatch[], facts: SiteFacts, state?: { code: string; name: string }, schools?: TownSchools, zipElsewhere?: ZipElsewhere, larger: readonly CityMatch[] = []): string {
  const places =
    towns.length === 1
      ? placeOf(towns[0]!)
      : towns.every((t) => t.borough !== undefined)
        ? "New York City"
        : towns.some((t) => t.nickname)
        ? `the places of “${shortened(schools?.town ?? typed)}”`
        : towns.every((t) => t.close)
        ? // Only names like the one typed ("Chicgo"): not "the towns named “Chicgo”" (pages audit 39 #7).
          `towns with a name like “${shortened(withoutState(schools?.town ?? typed, towns))}”`
        : `the ${towns.every((t) => t.county) ? "counties" : towns.some((t) => t.borough) ? "places" : "towns"} named “${shortened(withoutState(schools?.town ?? zipElsewhere?.typedPlace ?? townWithin(typed, towns) ?? typed, towns))}”`;
  const title = schools ? `School districts of ${places}, by ZIP code` : `ZIP codes of ${places}`;
  // The district of the very name typed, first, where the town of that name with the most ZIP codes is in another state.
  const named = schools?.named ?? [];
  const namedLine =
    named.length === 0
      ? ""
      : `\n<p>${named.length === 1 ? "A school district has" : `${named.length} school districts have`} the very name typed: ${named.map((d) => `<a href="${districtHref(d.leaid)}">${e(d.district)}</a> (${e([d.county, d.state].filter((x) => x !== "").join(", "))})`).join(", ")}. The towns named “${e(shortened(schools!.town))}” are below.</p>`;
  // Districts elsewhere whose names have the town's words (Raleigh County, WV, for "Raleigh schools"): one tap away, after the answer.
  const namesakes = schools?.namesakes.slice(0, MAX_NAMESAKES) ?? [];
  // The search box, to add the state or retype an address, before the towns where several have the name or the address's
  // ZIP code is another place's; after one town's ZIP codes otherwise, which are the answer (pages audit 40 #4: at 320 px
  // the form pushed a town's districts below the first screen on 299 of 299 pages).
  const form = `<h2 class="vh">Search again</h2>\n${searchForm("main", typed, undefined, facts.staticCopy)}`;
  const formFirst = towns.length > 1 || zipElsewhere !== undefined;
  const namesakeLine =
    namesakes.length === 0
      ? ""
      : `\n<p>Not these? ${namesakes.length === 1 ? "A district" : "Districts"} named with “${e(shortened(schools!.town))}” elsewhere: ${namesakes.map((d) => `<a href="${districtHref(d.leaid)}">${e(d.district)}</a> (${d.state})`).join(", ")}${schools!.namesakes.length > namesakes.length ? `, and ${schools!.namesakes.length - namesakes.length} more` : ""}.</p>`;
  return layout(
    {
      answer: true,
      title,
      description: `${title}, each with the public school district its record names.`,
      canonical: null,
      search: false,
      main: `<h1>${e(title)}</h1>${larger.length > 0 ? largerTownsLine(larger, towns.length) : ""}${namedLine}${state ? `\n<p>Looking for the state? <a href="/state/${state.code}">${e(state.name)}'s school districts</a>; ${towns.every((t) => t.nickname) ? `${e(placeOf(towns[0]!))} is` : "the towns of that name are"} below.</p>` : ""}
${cityMatchesHtml(typed, towns, formFirst ? form : "", schools !== undefined, zipElsewhere && zipElsewhereLead(zipElsewhere, towns))}${namesakeLine}${formFirst ? "" : `\n${form}`}
<p><a class="up" href="/">Home page</a></p>`,
    },
    facts,
  );
}

/**
 * A town's (or county's) link to its own page of ZIP codes, named as pages name it.
 *
 * @example
 * townLink(houston) // '<a href="/zip?zip=Houston%2C%20TX">Houston, TX</a>'
 */
function townLink(c: CityMatch): string {
  return `<a href="/zip?zip=${encodeURIComponent(`${c.city}, ${c.state}`)}">${e(placeOf(c))}</a>`;
}

/**
 * The much larger places asked about first, above the `towns` of the very name typed: the counties of
 * that name (Westchester County, NY, for "Westchester") or towns a letter off it (pages audit 39 #4: "Huston"
 * listed Huston, ID, a PO box, and never Houston, TX).
 *
 * @example
 * largerTownsLine([houston], 1) // '\n<p><strong>Did you mean <a href="/zip?zip=Houston%2C%20TX">Houston, TX</a>?</strong> The town of the very name typed is below.</p>'
 */
function largerTownsLine(larger: readonly CityMatch[], towns: number): string {
  return `\n<p><strong>Did you mean ${larger.map(townLink).join(" or ")}?</strong> ${towns === 1 ? "The town of the very name typed is below." : "The towns of the very name typed are below."}</p>`;
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

/** A town typed with its state that no post office is named after ("Hoover, AL"), and the towns the search found instead, if any (only close to it, or named by its last words: Arlington, OH, for "Upper Arlington, OH"). */
export interface NoPostOffice {
  town: string;
  stateName: string;
  towns: readonly CityMatch[];
}

/** The lead of the districts named after a town with no post office of its name (pages audit 37 #1: "Hoover, AL" was a 400 saying no town is written so). */
function noPostOfficeLead(asked: NoPostOffice, districts: number): string {
  const others = asked.towns.slice(0, 3).map(townLink);
  return `No post office is named “${e(shortened(asked.town))}” in ${e(asked.stateName)}: the homes of many towns have the ZIP codes of a neighbouring town's post office. ${
    districts === 1 ? `A school district of ${e(asked.stateName)} is named after it` : `${districts} school districts of ${e(asked.stateName)} are named after it or with its words`
  }, below with ${districts === 1 ? "its" : "their"} county: if the home is in ${districts === 1 ? "it" : "one"}, open it for its ZIP codes, phone and grades; else type the home's ZIP code.${
    others.length === 0 ? "" : ` Another town was meant? ${others.length === 1 ? "A town of a name like it" : "Towns of a name like it"}: ${others.join(", ")}.`
  }`;
}

/** How many districts of one name a page lists (Springfield's, Washington County's). */
const MAX_DISTRICT_MATCHES = 25;

/**
 * A district's name typed into the search box that several districts have, or have part of
 * ("Clark County School District", "Springfield Public Schools"): each linked to its page, with its county, state and
 * students, the most students first; then the search box, to add the state. With `initials`, the
 * districts that go by the letters typed ("CPS"), the likeliest first, said so.
 *
 * @example
 * districtsFoundPage("Clark County School District", [{ leaid: "3200060", district: "Clark County School District", state: "NV", county: "Clark County", students: "309,397" }, …], facts)
 * With `counties`, the counties of the name typed ("Kent County schools": Kent County, MI, and four more), each linked
 * to its page of ZIP codes, after the lead.
 *
 * @example
 * districtsFoundPage("CPS", site.districtsInitialed("CPS"), facts, { initials: true })
 */
export function districtsFoundPage(typed: string, found: readonly DistrictMatch[], facts: SiteFacts, options: { initials?: boolean; noPostOffice?: NoPostOffice; counties?: readonly CityMatch[] } = {}): string {
  const title = found.every((d) => d.match === "name") ? `School districts named “${shortened(typed)}”` : `School districts for “${shortened(typed)}”`;
  const exact = found.filter(matchesExactly).length;
  const same = found.every((d) => d.match === "name") ? "that name" : "a name with these words";
  // The very name typed first where a district has it (listOrder), never cut off (review 33b #1).
  const named = found.filter((d) => d.match === "name");
  // listOrder puts the very names first (after at most one district), so the list holds them all
  // however many share the name (8 at most in data/: review 35 #4 found the old cut-off code dead).
  const ordered = listOrder(typed, found);
  const shown = ordered.slice(0, Math.max(MAX_DISTRICT_MATCHES, named.length + 1));
  const left = ordered.filter((d) => !shown.includes(d));
  // To find one not shown, its state after the name.
  // (Not where a state ends the text already: "HISD, TX, TX", review 34b #4.)
  const stateTyped = /(?:,\s*|\s)[A-Za-z]{2}\.?$/.test(typed.trim());
  const more = left.length > 0 ? ` The first ${shown.length} are below;${stateTyped ? "" : ` add the state, as in “${e(shortened(typed))}, ${left[0]!.state}”,`} to find another${stateTyped ? ", type more of its name" : ""}.` : "";
  const byStudents = shown.every((d, i) => i === 0 || studentsOf(shown[i - 1]!) >= studentsOf(d));
  const sorted = byStudents ? "the most students first" : named.length > 0 ? `the name typed first (after one holding its words, if ${MUCH_LARGER} times larger), then those like it` : "those with the kind of name typed (ISD, County, City) first, then the most students";
  const order = found.length === 1 ? "" : `, ${sorted}${named.length > 0 && named.length < found.length ? " (the name typed is marked)" : ""}`;
  const items = shown
    .map(
      (d) =>
        `<li><a href="${districtHref(d.leaid)}">${e(d.district)}</a><span class="county">${e([d.county, d.state].filter((x) => x !== "").join(", "))}${d.students === "" ? "" : ` · ${e(d.students)} students`}${
          d.match === "name" && named.length < found.length ? " · the name typed" : ""
        }</span></li>`,
    )
    .join("\n");
  return layout(
    {
      answer: true,
      title,
      description: `${found.length} public school districts with the name typed, or its words: each with its state and students.`,
      canonical: null,
      search: false,
      main: `<h1>${e(title)}</h1>
<p class="answer">${options.noPostOffice ? noPostOfficeLead(options.noPostOffice, found.length) : options.initials ? `“${e(shortened(typed))}” reads as a school district's initials: ${found.length === 1 ? "1 district has them or may go" : `${found.length} districts have them or may go`} by them (a name's first letters, or its place's with “Public Schools”), the likeliest first: open yours for its ZIP codes, phone and grades.${more}` : `${exact === 0 ? `No school district is named exactly that; ${found.length === 1 ? "1 has a name like it" : `${found.length} have a name like it`}` : exact === found.length ? `${found.length === 1 ? "1 school district has" : `${found.length} school districts have`} ${same}` : `${exact === 1 ? "1 school district has" : `${exact} school districts have`} ${same} and ${found.length - exact} a name like it`}${order}: open yours for its ZIP codes, phone and grades.${more}`}</p>${
        options.counties !== undefined && options.counties.length > 0
          ? `\n<p>Or ${options.counties.length === 1 ? "the county" : `the ${options.counties.length} counties`} of that name, with the district of each of ${options.counties.length === 1 ? "its" : "their"} ZIP codes: ${options.counties.map(townLink).join(", ")}.</p>`
          : ""
      }
<h2>Search again</h2>
${searchForm("main", typed, undefined, facts.staticCopy)}
<h2>Districts</h2>
<ul class="links">
${items}
</ul>
<p><a class="up" href="/">Home page</a></p>`,
    },
    facts,
  );
}

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
      : kind === "invalid-zip" && extra.typed !== undefined && extra.reads !== undefined
        ? READS_TITLE[extra.reads](extra.typed, extra.country)
        : kind === "invalid-zip" && extra.typed !== undefined && extra.respelled !== undefined
          ? // A name misspelt, not a ZIP code mistyped ("Chicgo school": review of the final mends 40).
            `Nothing is named “${shortened(extra.typed)}”`
          : p.title;
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
    body = postOffice
      ? `<p class="answer">${postal.zip} is a real ZIP code in ${e(place)}, but it belongs to a post office (PO boxes) or one large mail customer, not to an area where people live. A school district serves the address where a child lives, so look up the ZIP code of the home's street address.</p>`
      : isUnlisted(postal)
      ? unlistedAnswer(postal, place)
      : `<p class="answer">${postal.zip} is a real ZIP code in ${e(place)}, but ${isUndrawnArea(postal) ? "the Census Bureau draws no ZIP area for it" : "this service has no school district record for it"}, so this service cannot tell which school district serves it. Try a neighbouring ZIP code of ${e(place)} below, or ask the school district of the town.</p>`;
    body += `
<p>${isUnlisted(postal) ? `Source: UDS Mapper's ZIP-to-ZCTA crosswalk, type “${e(postal.type)}”` : `USPS type: ${e(postal.type)}`}.${postal.zcta && postal.zcta !== postal.zip ? ` ${postOffice ? "The post office or building lies" : "It lies"} in ZIP area <a href="/zip/${e(postal.zcta)}">${e(postal.zcta)}</a> (UDS Mapper ZIP-to-ZCTA crosswalk, 2020).` : ""}</p>
${links ? `<h2>ZIP codes of ${e(place)} with a page</h2><ul class="links">${links}</ul>` : isUnnamedTown(postal) ? "" : `<p>No other ZIP code of ${e(place)} has a record.</p>`}${
      !links && extra.countyTown ? `\n${townGroupHtml(extra.countyTown, `ZIP codes of ${countyPlace(extra.countyTown.city, extra.countyTown.state)}, where ${isUnnamedTown(postal) ? postal.zip : postal.city} is`)}` : ""
    }`;
  } else {
    const next = nextStep(kind, extra.typed, extra.meant, extra.reads, extra.country, extra.idState, extra.meantName);
    // Text that reads as no ZIP code at all (a country, a school's or district's name, a town of no
    // such name): what it reads as is the answer, the ZIP code's form after it, if at all (pages audit 34 #3).
    const readsOtherwise = kind === "invalid-zip" && extra.typed !== undefined && extra.meant === undefined && (extra.reads !== undefined || isCanadianPostcode(extra.typed) || /\p{L}/u.test(extra.typed.replace(/[OolI]/g, "")));
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
${searchForm("main", extra.reads === "long" ? "" : (extra.typed ?? ""), kind === "invalid-zip" && postal === undefined ? fieldError(extra.typed ?? "", extra.meant, extra.reads, extra.country, extra.respelled) : undefined, facts.staticCopy)}
<p><a href="/">Home page</a> · <a href="/problems/${kind}">For developers: this error in the API (HTTP ${p.status})</a></p>`,
    },
    facts,
  );
}


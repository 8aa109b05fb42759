/**
 * The pages of a town typed into the search box: each town of the name with its ZIP codes and their districts
 * (split ZIP codes, PO boxes, a high-school district apart), the counties or larger towns asked about first, and
 * the box to search again. A 200 answer, not an error.
 */
import { cityKey, COUNTY_WORD, MAX_CITY_MATCHES, placeOf, type CityMatch } from "./city-search.ts";
import type { DistrictMatch } from "./district-search.ts";
import { joinNames, newerDistrictSentence, percent } from "./answer.ts";
import { escapeHtml as e } from "./html.ts";
import { districtHref, layout, SEARCH_AGAIN_ID, SEARCH_AGAIN_LINK, searchForm, type SiteFacts } from "./layout.ts";
import { shortened } from "./problems.ts";

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
 * sentence; `between` (the search box, to retype an address) comes before the towns.
 *
 * @example
 * cityMatchesHtml("Boston", [{ city: "Boston", state: "MA", zips: [{ zip: "02108", district: "Boston School District", leaid: "2502790" }] }])
 * // '<p class="answer">“Boston” is a town, not a ZIP code. …'
 */
export function cityMatchesHtml(typed: string, cities: readonly CityMatch[], between = "", schools = false, lead?: string, leadEnd = ""): string {
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
  return `${leadEnd === "" ? intro : intro.replace(/<\/p>$/, ` ${leadEnd}</p>`)}${others}${between === "" ? "" : `\n${between}`}
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
export function townGroupHtml(c: CityMatch, heading = placeOf(c)): string {
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
        : // Each district linked here too, the most ZIP codes first, so that the first link is the town's main district, not a
          // high-school district's after it (pages audit 41 #5: "Sacremento" first linked Twin Rivers, not Sacramento City).
          `<p>Its ${n} ZIP codes where people live are in ${districts.filter((d) => !d.none).length} district${districts.filter((d) => !d.none).length === 1 ? "" : "s"}${districts.some((d) => d.none) ? ", or mostly in none" : ""}: ${districts.map((d) => (d.none ? `${NO_DISTRICT_GROUP} (${count(d.zips.length)}: ${NO_DISTRICT_WHY})` : `${named(d)} (${count(d.zips.length)})`)).join(", ")}.${partNote}${boxNote}</p>`;
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
interface TownSchools {
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

/** How many ZIP codes make one town's page long enough for a link to its search box from the lead. */
const LONG_TOWN_ZIPS = 15;

/** How many districts named with a town's words elsewhere its schools' page links. */
const MAX_NAMESAKES = 5;

/**
 * A town's name as typed without the state code typed after it ("Pittsburg PA": "Pittsburg")
 * where a town listed is in that state, so a heading quotes a town's name, not its state
 * (pages audit 39 #7); else the text as typed.
 *
 * @example
 * townNameTyped("Pittsburg PA", [{ city: "Pittsburgh", state: "PA", … }]) // "Pittsburg"
 * townNameTyped("Chicgo", chicagos) // "Chicgo"
 */
export function townNameTyped(typed: string, towns: readonly Pick<CityMatch, "state">[]): string {
  const m = /^(.*?\S)[\s,]+([A-Za-z]{2})\.?$/.exec(typed.trim());
  return m !== null && towns.some((t) => t.state === m[2]!.toUpperCase()) ? m[1]!.replace(/,$/, "") : typed;
}

/**
 * The page of a town typed into the ZIP box (200: an answer, cached like the other pages):
 * its ZIP codes, grouped by the district their records name, and the search box; first, where
 * the text is also a state's name or code (`state`: "California"), a link to the state's page.
 * `schools`: the town's schools were asked for ("Raleigh schools"); `zipElsewhere`: an address
 * whose ZIP code is another place's; `larger`: the counties or towns asked about first.
 *
 * @example
 * townPage("Boston", search("Boston"), facts) // "<!doctype html>…<h1>ZIP codes of Boston, MA</h1>…"
 */
export function townPage(
  typed: string,
  towns: readonly CityMatch[],
  facts: SiteFacts,
  { state, schools, zipElsewhere, larger = [] }: { state?: { code: string; name: string }; schools?: TownSchools; zipElsewhere?: ZipElsewhere; larger?: readonly CityMatch[] } = {},
): string {
  const places =
    towns.length === 1
      ? placeOf(towns[0]!)
      : towns.every((t) => t.borough !== undefined)
        ? "New York City"
        : towns.some((t) => t.nickname)
        ? `the places of “${shortened(schools?.town ?? typed)}”`
        : towns.every((t) => t.close)
        ? // Only names like the one typed ("Chicgo"): not "the towns named “Chicgo”" (pages audit 39 #7).
          `towns with a name like “${shortened(townNameTyped(schools?.town ?? typed, towns))}”`
        : `the ${towns.every((t) => t.county) ? "counties" : towns.some((t) => t.borough) ? "places" : "towns"} named “${shortened(townNameTyped(schools?.town ?? zipElsewhere?.typedPlace ?? townWithin(typed, towns) ?? typed, towns))}”`;
  const title = schools ? `School districts of ${places}, by ZIP code` : `ZIP codes of ${places}`;
  // The district of the very name typed, first, where the town of that name with the most ZIP codes is in another state.
  const named = schools?.named ?? [];
  const namedLine =
    named.length === 0
      ? ""
      : `\n<p>${named.length === 1 ? "A school district has" : `${named.length} school districts have`} the very name typed: ${named.map((d) => `<a href="${districtHref(d.leaid)}">${e(d.district)}</a> (${e([d.county, d.state].filter((x) => x !== "").join(", "))})`).join(", ")}. The towns named “${e(shortened(schools!.town))}” are below.</p>`;
  // Districts elsewhere whose names have the town's words (Raleigh County, WV, for "Raleigh schools"): one tap away, after the answer.
  const namesakes = schools?.namesakes.slice(0, MAX_NAMESAKES) ?? [];
  // The search box after the towns' ZIP codes and districts, which are the answer: before them it pushed the first
  // district below the first screen at 320 px, for one town (pages audit 40 #4: 299 of 299 pages) and for several
  // (pages audit 41 #5: "Las Vegas" at 651 px, "Houston schools" at 1,561). Before them only where the address's ZIP
  // code is another place's, as the answer there is to check the address and retype it (review of the late commits 40 #6).
  const form = `<h2 class="vh" id="${SEARCH_AGAIN_ID}">Search again</h2>\n${searchForm("main", typed, undefined, facts.staticCopy)}`;
  const formFirst = zipElsewhere !== undefined;
  // On a long page (several towns, or one of many ZIP codes), a link to the box from the lead, which is
  // many screens up from it (review of stop 42 #6: "Springfield" at 5,795 px at 320 px).
  const long = !formFirst && (towns.length > 1 || towns.some((t) => t.zips.length > LONG_TOWN_ZIPS));
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
${cityMatchesHtml(typed, towns, formFirst ? form : "", schools !== undefined, zipElsewhere && zipElsewhereLead(zipElsewhere, towns), long ? SEARCH_AGAIN_LINK : "")}${namesakeLine}${formFirst ? "" : `\n${form}`}
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
export function townLink(c: CityMatch): string {
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

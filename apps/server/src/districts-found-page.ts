/**
 * The page of the districts a name typed into the search box finds ("Springfield Public Schools", "HISD"):
 * each with its county, state and students, the likeliest first. A 200 answer, not an error.
 */
import { townWordKeys, type CityMatch } from "./city-search.ts";
import { listOrder, matchesExactly, MUCH_LARGER, studentsOf, type DistrictMatch } from "./district-search.ts";
import { escapeHtml as e } from "./html.ts";
import { districtHref, layout, SEARCH_AGAIN_ID, SEARCH_AGAIN_LINK, searchForm, type SiteFacts } from "./layout.ts";
import { shortened } from "./problems.ts";
import { townLink } from "./town-page.ts";

/** A town typed with its state that no post office is named after ("Hoover, AL"), and the towns the search found instead, if any (only close to it, or named by its last words: Arlington, OH, for "Upper Arlington, OH"). */
export interface NoPostOffice {
  town: string;
  stateName: string;
  towns: readonly CityMatch[];
}

/**
 * The lead of the districts named after a town with no post office of its name (pages audit 37 #1: "Hoover, AL" was a 400 saying
 * no town is written so): what their names have of the town's, its words first ("Indian, OH": Indian Valley Local School
 * District's name begins with it, review-towns-43 L1, where the page said it "has that name") or after a hyphen
 * ("University Heights, OH": Cleveland Heights-University Heights).
 *
 * @example
 * noPostOfficeLead({ town: "Indian", stateName: "Ohio", towns: [] }, [indianValley]) // "No post office is named “Indian” in Ohio: … A school district of Ohio has a name beginning with “Indian”, below …"
 */
function noPostOfficeLead(asked: NoPostOffice, found: readonly DistrictMatch[]): string {
  const others = asked.towns.slice(0, 3).map(townLink);
  const districts = found.length;
  const town = `“${e(shortened(asked.town))}”`;
  // ("Has a name beginning with it", not "is named after it": Centennial School District R-1 is San Luis's, 200 miles from Centennial, CO: pages audit 41 #2.)
  // (Its words compared as the town's are, "St." as "Saint": "Saint Louis Park, MN" is St. Louis Park Public School District's first words.)
  const keyWords = (name: string) => townWordKeys(name).join(" ");
  const begins = found.every((d) => `${keyWords(d.district)} `.startsWith(`${keyWords(asked.town)} `));
  const has = begins ? (districts === 1 ? `has a name beginning with ${town}` : `have names beginning with ${town}`) : districts === 1 ? `has ${town} in its name` : `have ${town} in their names`;
  return `No post office is named ${town} in ${e(asked.stateName)}: the homes of many towns have the ZIP codes of a neighbouring town's post office. ${
    districts === 1 ? `A school district of ${e(asked.stateName)} ${has}` : `${districts} school districts of ${e(asked.stateName)} ${has}`
  }, below with ${districts === 1 ? "its" : "their"} county: if the home is in ${districts === 1 ? "it" : "one"}, open it for its ZIP codes, phone and grades; else type the home's ZIP code.${
    others.length === 0 ? "" : ` Another town was meant? ${others.length === 1 ? "A town of a name like it" : "Towns of a name like it"}: ${others.join(", ")}.`
  }`;
}

/** How many districts make a list long enough for a link to the search box from the lead. */
const LONG_DISTRICT_LIST = 5;

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
  // Where no district has the very name typed, retyping is the likely next step: the box before the list
  // (review of stop 42 #6: "Lincoln school district" put it at 4,768 px at 320 px). Else after the list, which
  // is the answer, with a link to it from the lead where the list is long.
  const formFirst = exact === 0 && options.initials !== true && options.noPostOffice === undefined;
  const form = `<h2 id="${SEARCH_AGAIN_ID}">Search again</h2>\n${searchForm("main", typed, undefined, facts.staticCopy)}`;
  const jump = !formFirst && shown.length > LONG_DISTRICT_LIST ? ` ${SEARCH_AGAIN_LINK}` : "";
  return layout(
    {
      answer: true,
      title,
      description: `${found.length} public school districts with the name typed, or its words: each with its state and students.`,
      canonical: null,
      search: false,
      // The districts, the answer, before the box to search again (pages audit 41 #5: at 320 px the box first put "FCPS"'s first district at 722 px).
      main: `<h1>${e(title)}</h1>
<p class="answer">${options.noPostOffice ? noPostOfficeLead(options.noPostOffice, found) : options.initials ? `“${e(shortened(typed))}” reads as a school district's initials: ${found.length === 1 ? "1 district has them or may go" : `${found.length} districts have them or may go`} by them (a name's first letters, or its place's with “Public Schools”), the likeliest first: open yours for its ZIP codes, phone and grades.${more}` : `${exact === 0 ? `No school district is named exactly that; ${found.length === 1 ? "1 has a name like it" : `${found.length} have a name like it`}` : exact === found.length ? `${found.length === 1 ? "1 school district has" : `${found.length} school districts have`} ${same}` : `${exact === 1 ? "1 school district has" : `${exact} school districts have`} ${same} and ${found.length - exact} a name like it`}${order}: open yours for its ZIP codes, phone and grades.${more}`}${jump}</p>${
        options.counties !== undefined && options.counties.length > 0
          ? `\n<p>Or ${options.counties.length === 1 ? "the county" : `the ${options.counties.length} counties`} of that name, with the district of each of ${options.counties.length === 1 ? "its" : "their"} ZIP codes: ${options.counties.map(townLink).join(", ")}.</p>`
          : ""
      }
${formFirst ? `\n${form}` : ""}
<h2>Districts</h2>
<ul class="links">
${items}
</ul>${formFirst ? "" : `\n${form}`}
<p><a class="up" href="/">Home page</a></p>`,
    },
    facts,
  );
}

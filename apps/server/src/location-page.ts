/**
 * The location page for people, `GET /location?lat=&lon=` (issue 12): the answer in
 * words first, a map of the districts with the point marked (inline SVG, with a text
 * alternative), the nearest ZIP's page linked, and the honest limits of the boundaries.
 * Without coordinates it is the form alone; bad coordinates get a 400 page and a point
 * in no district a 404 page, each with the form to try again.
 */
import { escapeHtml as e } from "./html.ts";
import { beyondEdgeSentence, distanceWords, nearBorderSentence, plusCodeBeside, type DrawnAnswer, type LocationAnswer, type LocationData } from "./location.ts";
import type { PlaceHint } from "./place-input.ts";
import { joinNames, locationAsks, newerDistrictSentence } from "./answer.ts";
import type { ZipDistricts } from "@school-districts/core";

/** A district newer than the maps named by a ZIP code (`newer_districts`). */
type NewerDistrict = ZipDistricts["newer_districts"][number];
import { locationForm } from "./location-form.ts";
import { mapFigure, type MapShape } from "./map.ts";
import { districtHref, inSentence, layout, phoneLink, type SiteFacts } from "./layout.ts";
import { TERRITORIES } from "@school-districts/core";
import { plusCodeOf, recoverableFromTown } from "./plus-code.ts";
import { shortened } from "./problems.ts";

const LIMITS = (b: DrawnAnswer["boundaries"]) =>
  `Boundaries: ${e(b.source)}, vintage ${e(b.vintage)}, scale ${e(b.scale)}, simplified. They are approximate at the edges (tens of yards, more where a corner was simplified): near a border, ask the districts. Enrollment is decided by the district.`;

/** What a district's boundary at this place is drawn for, in words. */
const BOUNDARY_FOR: Record<LocationAnswer["districts"][number]["level"], string> = {
  unified: "serves every grade it teaches here",
  elementary: "serves the elementary grades here",
  secondary: "serves the upper grades here (high school)",
};

/** The accuracy (metres) a device reports with a position above which the page says the answer may be another district's. */
const ROUGH_POSITION_M = 200;

/** Past this, a reported accuracy is said as "more than" it (a device's 9,999,999 m, an IP guess, is no distance to read out: review stop 36 #6). */
const ROUGHEST_SAID_M = 50_000;

/** How to say a grade span in a sentence ("for Kindergarten – 12th"), or nothing. */
const grades = (span: string) => (span === "" ? "" : ` (${e(span)})`);

/**
 * The page of a located point.
 *
 * @example
 * locationPage(answer, data, facts) // "<!doctype html>…<h1>School districts of this place in Billings, MT</h1>…"
 */
export function locationPage(
  a: DrawnAnswer,
  data: LocationData,
  facts: SiteFacts,
  phoneOf: (leaid: string) => string = () => "",
  stateOf: (leaid: string) => string = () => "",
  newer: readonly NewerDistrict[] = [],
  accuracyM?: number,
): string {
  const where = `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}`;
  // A position the device found only roughly (no GPS fix: a cell tower's or Wi-Fi's, a kilometre or
  // more off): the answer is for the point, and the home may be across a district's edge (pages
  // audit 36 #3: the page said "This place is in X" whatever the phone reported).
  // Said first, before the districts of the point (pages audit 37 #3: a 40 km fix led with "This place is in X" in bold).
  const rough = accuracyM !== undefined && accuracyM > ROUGH_POSITION_M;
  const roughNote =
    accuracyM !== undefined && rough
      ? `<p class="answer">${accuracyM > ROUGHEST_SAID_M ? `Your device could not place you closer than ${distanceWords(ROUGHEST_SAID_M)} to this point` : `Your device placed you only within about ${distanceWords(accuracyM)} of this point`}: the home may be in another district. Check with the home's ZIP code${a.zip ? ` (${a.in_zip_area ? "this point is in" : "the nearest to this point is"} <a href="/zip/${a.zip.zip}">${a.zip.zip}</a>)` : ""}, or try again outdoors or with location services set to precise.</p>\n`
      : "";
  // A district newer than the maps with its office in the place's ZIP code (Orange Beach City): it may serve it.
  const newerNote = newer.map((d) => `<p class="answer">${newerDistrictSentence(`<a href="${e(districtHref(d.leaid))}">${e(d.district)}</a>`, d.office_zip)}</p>\n`).join("");
  // Beside a state line the state is named (Bristol City Public Schools, Virginia, beside Bristol
  // City School District, Tennessee): the same town's name on both sides tells them apart no other way.
  const ownState = a.districts[0] === undefined ? "" : stateOf(a.districts[0].leaid);
  const acrossStates = (a.near_border?.beside ?? []).some((d) => stateOf(d.leaid) !== ownState);
  const inState = (leaid: string) => (acrossStates && stateOf(leaid) !== "" ? `, ${e(stateOf(leaid))}` : "");
  const names = a.districts.map((d) => `<a href="${e(districtHref(d.leaid))}">${e(d.district)}</a>${inState(d.leaid)}${grades(d.grade_span)}`);
  const listed = joinNames(names);
  // Just outside every drawn edge (a shore strip or small island the simplified maps cut off): the nearest, said as such.
  const sentence =
    a.beyond_edge_m === null
      ? rough
        ? `The point it gave is in ${listed}.`
        : `This place is in ${listed}.`
      : beyondEdgeSentence(listed, a.beyond_edge_m);
  // Whom to ask about the grades no district here answers for, as the ZIP page does (answer.ts).
  const ask = locationAsks(a.districts)
    .map((sentence) => `<p class="answer">${e(sentence)}</p>\n`)
    .join("");
  // A district the directory lists no grades, schools or phone for (Fairfax City, VA, whose children
  // Fairfax County's schools teach; Maine's unorganized territories): said so, not "serves every grade
  // it teaches here" (pages audit 37 #4).
  const noSchools = a.districts
    .filter((d) => d.grade_span === "" && phoneOf(d.leaid) === "")
    .map(
      (d) =>
        `<p class="answer"><a href="${e(districtHref(d.leaid))}">${e(d.district)}</a> has no schools, grades or phone in the NCES directory: its students may attend another district's schools. Ask the state's department of education (on a military base, its school liaison office) which schools serve this place${a.zip ? `; the page of ZIP code <a href="/zip/${a.zip.zip}">${a.zip.zip}</a> names the districts around it` : ""}.</p>\n`,
    )
    .join("");
  const border = a.districts.filter((d) => d.on_border);
  // Within a few hundred metres of a border the drawing cannot tell (17 m from Kansas City 33 is
  // Shawnee Mission, in Kansas): say so under the answer, name the districts beside it, draw them.
  const near = a.near_border;
  const nearNote = near
    ? `<p class="answer">${nearBorderSentence(near, a.districts.length, (d) => {
        const phone = phoneOf(d.leaid);
        return `<a href="${e(districtHref(d.leaid))}">${e(d.district)}</a>${inState(d.leaid)}${phone ? `, phone ${phoneLink(phone)}` : ""}`;
      })}</p>\n`
    : "";
  const shapes: MapShape[] = [
    ...a.districts.map((d, i): MapShape => ({
      polygons: data.index.outline(d.leaid, d.level) ?? [],
      style: i === 0 || d.level !== "secondary" ? "primary" : "secondary",
    })),
    ...(near?.beside ?? []).map((d): MapShape => ({ polygons: data.index.outline(d.leaid, d.level) ?? [], style: "other" })),
  ];
  const drawn = [
    ...a.districts.map((d, i) => `${d.district} (${shapes[i]!.style === "primary" ? "shaded, blue outline" : "dashed outline"})`),
    ...(near?.beside ?? []).map((d) => `${d.district} beside it (shaded grey)`),
  ];
  const description = `Map of ${drawn.join(" and ")}, with the place marked by a red dot${a.beyond_edge_m !== null ? " just outside its edge" : border.length ? " on the border" : near ? " near the border" : " inside"}. Outlines from the ${a.boundaries.vintage} Census boundaries, approximate at the edges.`;
  const figure = mapFigure(shapes, { id: "map", title: `Map of the school districts at ${where}`, caption: description, point: [a.lon, a.lat] });
  const zip = a.zip
    ? // Before the map: the ZIP's page is where its schools, phone and the other districts are.
      `<p>${a.in_zip_area ? `${rough ? "This point" : "This place"} (${where}) lies in ZIP code` : "The nearest ZIP code with these districts is"} <a href="/zip/${a.zip.zip}">${a.zip.zip}</a> (${e(a.zip.city)}, ${a.zip.state}); its page lists every district the ZIP code overlaps.</p>\n`
    : "";
  // In words a parent reads: what the boundary here is for, what its schools teach, its phone
  // ("secondary, Kindergarten – 12th" read as a contradiction for Santa Barbara Unified in Goleta).
  const list = a.districts
    .map((d) => {
      const phone = phoneOf(d.leaid);
      const facts = [d.grade_span === "" && d.level === "unified" ? "the district of every grade here, as drawn" : BOUNDARY_FOR[d.level], d.grade_span ? `its schools teach ${e(d.grade_span)}` : "", phone ? `phone ${phoneLink(phone)}` : "", d.on_border ? "the place lies on its border" : ""];
      return `<li><a href="${e(districtHref(d.leaid))}">${e(d.district)}</a>: ${facts.filter((f) => f !== "").join("; ")}</li>`;
    })
    .join("\n");
  // The heading names the town where the place lies in its ZIP code's area ("Use my location"
  // gave coordinates no parent reads); a nearest ZIP code's town may be another's, so the numbers.
  const town = a.zip && a.in_zip_area ? `${a.zip.city}, ${a.zip.state}` : undefined;
  const heading = rough ? `School districts of the point your device gave${town ? ` in ${town}` : ""}` : town ? `School districts of this place in ${town}` : `School districts at ${where}`;
  return layout(
    {
      answer: true,
      // The answer in the title too (a tab, a bookmark, a shared link's preview).
      // (Not a device's position to the metre: it stays in history and bookmarks, pages audit 37 #6.)
      title: a.districts.length === 0 || rough ? heading : `${a.districts[0]!.district}${a.districts.length > 1 ? ` and ${a.districts.length - 1} more` : ""} ${town ? `in ${town}` : `at ${where}`}`,
      description: `The public school districts at ${where}: ${a.districts.map((d) => d.district).join(" and ")}, with a map and the nearest ZIP code.`,
      // One page per point: not for search engines.
      canonical: null,
      main: `<h1>${e(heading)}</h1>
${roughNote}<p>${rough ? sentence : `<strong>${sentence}</strong>`}</p>
${newerNote}${noSchools}${ask}${nearNote}${border.length ? `<p class="note">The place lies on a district border as drawn; by this service's border rule it is given to ${e(border.map((d) => d.district).join(" and "))}. Ask the districts.</p>\n` : ""}${zip}${figure}
<h2>The districts</h2>
<ul>
${list}
</ul>
${a.districts.some((d) => /13th$/.test(d.grade_span)) ? "<p>13th: a year after 12th grade that some of a district's schools offer (NCES grade 13).</p>\n" : ""}<p class="note">${LIMITS(a.boundaries)}</p>
<p>As JSON: <a href="/location.json?lat=${a.lat}&amp;lon=${a.lon}">/location.json?lat=${a.lat}&amp;lon=${a.lon}</a>.</p>
${locationForm(String(a.lat), String(a.lon))}`,
    },
    facts,
  );
}

/**
 * What the /location form's 400 page says first of a short plus code, which is a valid code, not "coordinates that are
 * not a place" (review-late-43 L6: "FFF7+H5 Shaker Heights, OH" was headed so): its heading, and what works instead, the
 * full code, "Use my location" at the place, and (`byName`, where the search box answers the town typed after it) the
 * town looked up by name. Undefined for other text.
 *
 * @example
 * shortPlusCodeAnswer("FFF7+H5 Shaker Heights, OH", "Shaker Heights, OH")
 * // { title: "A valid plus code, but this service cannot place it by “Shaker Heights, OH”", answer: '<p class="answer">…' }
 * shortPlusCodeAnswer("41.88, -87.62") // undefined
 */
function shortPlusCodeAnswer(typed: string, byName?: string): { title: string; answer: string } | undefined {
  const code = plusCodeOf(typed);
  if (code === undefined || code.full) return undefined;
  const town = shortened(code.town);
  const title =
    code.town === "" ? "A valid plus code, but short: add its town, or paste the full code" : !recoverableFromTown(code.code) ? "A valid plus code, but too short to place by a town" : `A valid plus code, but this service cannot place it by “${town}”`;
  // (Why: a short code names a place in every cell of its grid; the town says which, from its ZIP codes' areas, plus-code.ts.)
  const why =
    code.town === ""
      ? `“${e(code.code)}” is a valid short plus code: it names a place in every square of a degree or more, and the town after it says which.`
      : !recoverableFromTown(code.code)
        ? `“${e(code.code)}” is a valid plus code, but too short for a town to place it: a code placed by its town has 4 characters before the +.`
        : `“${e(code.code)}” is a valid short plus code. This service places one by the ZIP code areas of the town named after it, and finds no one place for it by “${e(town)}”.`;
  const ways = ["the full plus code (8 characters before the +)", "“Use my location” at the place itself", ...(byName === undefined ? [] : [`the town by its name: <a href="/zip?zip=${e(encodeURIComponent(byName))}">the school districts found for “${e(shortened(byName))}”</a>`])];
  return { title, answer: `<p class="answer">${why}</p>\n<p>What works: ${ways.slice(0, -1).join(", ")} or ${ways.at(-1)!}.</p>\n` };
}

/**
 * What the /location form's 400 page says first of a plus code typed in one box while the other holds something too: that a
 * plus code goes alone, with a link that looks it up so (review-loc-44 M1: "V9MF+QV Chicago" beside -87.6 was said to be
 * a code this service cannot place by “Chicago”, though it places alone). Undefined otherwise.
 *
 * @example
 * plusCodeBesideAnswer("V9MF+QV Chicago", "-87.6")
 * // { title: "A plus code goes alone in its box", answer: '<p class="answer">“V9MF+QV Chicago” in Latitude is a plus code…' }
 */
function plusCodeBesideAnswer(lat: string, lon: string): { title: string; answer: string } | undefined {
  const beside = plusCodeBeside(lat, lon);
  if (beside === undefined) return undefined;
  const [box, other] = beside.field === "lat" ? ["Latitude", lon] : ["Longitude", lat];
  const code = e(shortened(beside.code));
  return {
    title: "A plus code goes alone in its box",
    answer: `<p class="answer">“${code}” in ${box} is a plus code, which names the whole place, and the other box holds “${e(shortened(other))}” too: a plus code is read with the other box empty. <a href="/location?lat=${e(encodeURIComponent(beside.code))}">Look up “${code}” alone</a>.</p>\n`,
  };
}

/**
 * The form page: no coordinates yet (status 200), bad ones (400) or a place in no district (404); `byName`: the town typed
 * after a short plus code, where the search box answers it (shortPlusCodeAnswer).
 *
 * @example
 * locationFormPage(400, 'lat "91" is out of range…', "91", "0", facts)
 */
export function locationFormPage(status: 200 | 400 | 404, message: string, lat: string, lon: string, facts: SiteFacts, hint?: PlaceHint, field?: "lat" | "lon", byName?: string): string {
  // The form ("Use my location" first) before how to type coordinates (pages audit 40 #5: at 320 x 568 px the button
  // was below the first screen, under that paragraph).
  // Near a territory's ZIP codes (San Juan), the place is not "in no district": this service has no boundaries there.
  const territory = status === 404 && hint?.state !== undefined && TERRITORIES.has(hint.state);
  // (A short code's answer only where the other box is empty; beside a number, that a code goes alone: review-loc-44 M1.)
  const shortCode = status === 400 ? (shortPlusCodeAnswer(lat.trim() === "" ? lon : lon.trim() === "" ? lat : "", byName) ?? plusCodeBesideAnswer(lat, lon)) : undefined;
  const title =
    status === 200
      ? "Find the school districts of a place"
      : shortCode !== undefined
        ? shortCode.title
        : status === 400
          ? "These coordinates are not a place"
          : territory
            ? `No district boundaries in ${inSentence(hint!.stateName ?? hint!.state!)}: look up the ZIP code`
            : "No school district at this place";
  return layout(
    {
      // An error's title says so, as the other error pages' do.
      title: status === 200 ? title : `${title} (error ${status})`,
      description: "Find the public school districts of a place from its latitude and longitude, or from your device's location.",
      canonical: status === 200 && lat === "" && lon === "" ? "/location" : null,
      main: `<h1>${e(title)}</h1>
${shortCode?.answer ?? ""}${hint ? `<p><strong>${e(hint.words)} <a href="${e(hint.href)}">${e(hint.link)}</a>${e(hint.end)}</strong></p>\n` : ""}${message && !territory && field === undefined ? `<p>${hint ? "" : "<strong>"}${e(message)}${hint ? "" : "</strong>"}</p>\n` : ""}${territory ? `<p>The Census boundary files have no school districts in ${e(inSentence(hint!.stateName ?? hint!.state!))}, so this page cannot place a point there; the ZIP code's page names the district.</p>\n` : ""}${locationForm(lat, lon, false, field === undefined ? undefined : { field, message })}
<p>Type a latitude and longitude, or paste them as a map app gives them (“45.7833, -108.5007”, “Lat/Long: 45.7833, -108.5007” or “45°47′N 108°30′W” into Latitude, a plus code such as “86HJV9MF+QV” or “V9MF+QV Chicago, Illinois”, or the link its Share button gives: Google Maps, Apple Maps, Waze, HERE WeGo, OpenStreetMap, Bing), or use your device's location. In Google Maps, touch and hold the place: its coordinates appear at the top. The territories have no boundary file: a place in one with a single school district, or on an island of the Virgin Islands, gets its district; elsewhere in them, look it up by <a href="/">ZIP code</a>.</p>`,
    },
    facts,
  );
}

/**
 * The page of a place in a territory whose every ZIP code is in one school district (Puerto
 * Rico, Guam, American Samoa, the Northern Mariana Islands), or, `island`, on an island of one
 * whose every ZIP code is (St. Croix, in the Virgin Islands): the Census boundary files draw no
 * districts there, but the answer is that district, from its ZIP codes (200, an answer).
 *
 * @example
 * territoryPage({ district: "Puerto Rico Department of Education", leaid: "7200030", phone: "(787) 759-2000" }, { zip: "00901", city: "San Juan", state: "PR", stateName: "Puerto Rico", distance: "less than a mile away" }, "18.4655", "-66.1057", facts)
 */
export function territoryPage(district: { district: string; leaid: string; phone: string }, zip: { zip: string; city: string; state: string; stateName: string; distance?: string }, lat: string, lon: string, facts: SiteFacts, island = false): string {
  const where = inSentence(zip.stateName);
  const serves = island ? `This place is on an island of ${where} where one public school district serves every address` : `This place is in ${where}, where one public school district serves every address`;
  return layout(
    {
      answer: true,
      title: `${district.district}: the school district of ${lat}, ${lon}`,
      description: `${serves}: ${district.district}.`,
      canonical: null,
      main: `<h1>The school district of this place</h1>
<p class="answer">${e(serves)}: <a href="${e(districtHref(district.leaid))}">${e(district.district)}</a>.</p>
${district.phone ? `<p>Phone: ${phoneLink(district.phone)}. Call the district to learn which school serves an address.</p>\n` : ""}<p>The ZIP code of this place is probably <a href="${e(`/zip/${zip.zip}`)}">${e(`${zip.zip} (${zip.city}, ${zip.state})`)}</a>${zip.distance ? `, the nearest, ${e(zip.distance)}` : ""}.</p>
<p class="note">The Census boundary files have no school districts in ${e(where)}: this answer comes from ${island ? "the ZIP codes of this island" : "its ZIP codes"}, every one of which is in this district.</p>
${locationForm(lat, lon)}`,
    },
    facts,
  );
}

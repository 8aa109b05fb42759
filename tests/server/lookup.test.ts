/**
 * `school-districts lookup` in the compiled binary: output and exit codes (0
 * found, 1 not found, 2 bad input), messages equal to the API's problem details.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, env, REPO, runBinary, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
const api = async (path: string) => (await fetch(`${server.url}${path}`)).json() as Promise<Record<string, unknown>>;

describe("lookup", () => {
  it("prints a split ZIP's record and every district overlapping it, exit 0", async () => {
    const { code, stdout, stderr } = await runBinary(["lookup", "90210"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const record = await api("/zip/90210.json");
    expect(stdout.split("\n")[0]).toBe(`90210 (${record.city}, ${record.county}, ${record.state}) is served by ${record.district}.`);
    const districts = (await api("/zip/90210/districts.json")).districts as { district: string; leaid: string }[];
    expect(districts.length).toBeGreaterThan(1);
    for (const d of districts) expect(stdout).toContain(`${d.district} (${d.leaid},`);
  });

  it("names both levels' districts of a split-level ZIP first, as /zip/{zip}/districts.json marks them", async () => {
    const { code, stdout } = await runBinary(["lookup", "59101"]);
    expect(code).toBe(0);
    const districts = (await api("/zip/59101/districts.json")).districts as { district: string; serves_most: string[] }[];
    const most = (level: string) => districts.find((d) => d.serves_most.includes(level))!.district;
    expect(most("elementary")).not.toBe(most("secondary"));
    expect(stdout.split("\n")[0]).toBe(`59101 (Billings, Yellowstone County, MT) is served by ${most("elementary")} for the elementary grades and by ${most("secondary")} for high school.`);
    expect(stdout).toMatch(new RegExp(`^High school: .* is in ${most("secondary")};`, "m"));
  });

  // The districts marked for high school cover a sliver of these ZIPs (under 1 %); their K-8 districts say to ask.
  it.each(["03038", "90254"])("%s: the first line does not name a high-school district covering a sliver, and the answer below says so as the page does", async (zip) => {
    const { code, stdout } = await runBinary(["lookup", zip]);
    expect(code).toBe(0);
    const districts = (await api(`/zip/${zip}/districts.json`)).districts as { district: string; serves_most: string[]; share_secondary: number }[];
    const high = districts.find((d) => d.serves_most.includes("secondary"))!;
    expect(high.share_secondary).toBeLessThan(0.01);
    const record = await api(`/zip/${zip}.json`);
    expect(stdout.split("\n")[0]).toMatch(new RegExp(`is served by ${record.district} for the elementary grades \\(for high school, see below\\)\\.$`));
    expect(stdout).toContain(`High school: no district teaching high school covers most of ${zip}; ${high.district} covers a part (< 1 % of residents)`);
    const page = await (await fetch(`${server.url}/zip/${zip}`)).text();
    expect(page).toContain(`no district teaching high school covers most of ${zip};`);
  });

  it("--json prints the API's record and districts; --district --json the API's district", async () => {
    const zip = await runBinary(["lookup", "90210", "--json"]);
    expect(zip.code).toBe(0);
    expect(JSON.parse(zip.stdout)).toEqual({ record: await api("/zip/90210.json"), zcta: "90210", districts: (await api("/zip/90210/districts.json")).districts, newer_districts: [] });
    // A town's district newer than the maps, as the API's districts body names it (ops audit 36 #6: --json left it out).
    const newer = JSON.parse((await runBinary(["lookup", "36561", "--json"])).stdout) as { newer_districts: unknown };
    expect(newer.newer_districts).toEqual((await api("/zip/36561/districts.json")).newer_districts);
    expect(JSON.stringify(newer.newer_districts)).toContain("Orange Beach City");
    const district = await runBinary(["lookup", "--district", "0604830", "--json"]);
    expect(district.code).toBe(0);
    expect(JSON.parse(district.stdout)).toEqual(await api("/district/0604830.json"));
  });

  it("prints a district and its ZIPs", async () => {
    const { code, stdout } = await runBinary(["lookup", "--district", "0604830"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Beverly Hills Unified School District \(0604830, CA, unified\) is the main district of \d+ ZIP codes? and overlaps \d+\.\n/);
    expect(stdout).toContain("  90210 ");
  });

  it.each([
    [["lookup", "00000"], 1, "/zip/00000.json"],
    // A real PO-box ZIP without a record (data/postal.csv): what it is, and its city's ZIP codes.
    [["lookup", "01086"], 1, "/zip/01086.json"],
    // A military mail ZIP (postal.csv from the zipcodes list): no area, no district.
    [["lookup", "09001"], 1, "/zip/09001.json"],
    [["lookup", "9021"], 2, "/zip/9021.json"],
    [["lookup", "--district", "0000000"], 1, "/district/0000000.json"],
    // A district id of the 2016 boundaries merged since (data/manifest.json former_districts): where its area went.
    [["lookup", "--district", "2800960"], 1, "/district/2800960.json"],
    [["lookup", "--district", "604830"], 2, "/district/604830.json"],
  ] as const)("%j exits %i with the problem of %s", async (args, exit, path) => {
    const problem = await api(path);
    const text = await runBinary([...args]);
    expect(text.code).toBe(exit);
    expect(text.stdout).toBe("");
    expect(text.stderr).toBe(`school-districts: ${problem.title}: ${problem.detail}\n`);
    const json = await runBinary([...args, "--json"]);
    expect(json.code).toBe(exit);
    // The API's problem, but for its base URL (the server here was given the default one).
    expect(JSON.parse(json.stdout)).toEqual(problem);
  });

  it("exits 3 when the data cannot be read (1 is not found), naming the file", async () => {
    for (const args of [["lookup", "90210"], ["lookup", "--lat", "45.7833", "--lon", "-108.5007"]]) {
      const r = await runBinary([...args, "--data", "/nonexistent-folder"]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain("cannot load the dataset: /nonexistent-folder/manifest.json");
    }
  });

  it("exits 3 for a postal.csv that does not match the manifest, as the server refuses it (ops audit 36 #2: 'not found', exit 1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sd-lookup-data-"));
    try {
      for (const f of ["manifest.json", "zips.csv", "districts.csv", "overlaps.csv", "boundaries.topojson", "zctas.topojson", "postal.csv", "RATING.md", "SOURCES.md"]) copyFileSync(join(REPO, "data", f), join(dir, f));
      const whole = await runBinary(["lookup", "01086", "--data", dir]);
      expect(whole.code, whole.stderr).toBe(1);
      expect(whole.stdout + whole.stderr).toContain("01086");
      // Cut after its first rows (a partial copy): the file is named, exit 3.
      writeFileSync(join(dir, "postal.csv"), readFileSync(join(dir, "postal.csv"), "utf8").split("\n").slice(0, 6).join("\n") + "\n");
      const cut = await runBinary(["lookup", "01086", "--data", dir]);
      expect(cut.code, cut.stderr).toBe(3);
      expect(cut.stderr).toContain(`${join(dir, "postal.csv")}: sha256 mismatch`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("exits 2 with the usage for a lookup without a question, and --help documents it", async () => {
    const bad = await runBinary(["lookup"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("lookup needs one ZIP code or --district <leaid>");
    const help = await runBinary(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("school-districts lookup <zip> [--json]");
    expect(help.stdout).toContain("school-districts lookup --district <leaid> [--json]");
    expect(help.stdout).toContain("3 when the data cannot be read");
  });
});

describe("lookup of many ZIP codes (audit, ops: one process per ZIP, pretty JSON, stack traces on a closed pipe)", () => {
  it("- reads ZIP codes from stdin: one JSON object per line, in order; exit 1 when one is not found", () => {
    const run = spawnSync(BINARY, ["lookup", "-", "--json"], { input: "90210\n00000, 02108\n", encoding: "utf8", timeout: 120_000, env: env() });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("");
    const lines = run.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { record?: { zip: string }; instance?: string });
    expect(lines.map((l) => l.record?.zip ?? l.instance)).toEqual(["90210", "/zip/00000.json", "02108"]);
  });

  it("- with nothing on stdin (or only separators) is bad input: exit 2 with a message, not a silent success", () => {
    for (const input of ["", "  \n,,\n"]) {
      const run = spawnSync(BINARY, ["lookup", "-"], { input, encoding: "utf8", timeout: 120_000, env: env() });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe("school-districts: lookup -: no ZIP codes on stdin (separate them by spaces, commas or lines)\n");
    }
    // A stdin that cannot be read (a directory): said in one line, exit 2 (ops audit 40 #5: 3 KB of source, and exit 1, "not found").
    const dir = openSync(tmpdir(), "r");
    try {
      const run = spawnSync(BINARY, ["lookup", "-"], { stdio: [dir, "pipe", "pipe"], encoding: "utf8", timeout: 120_000, env: env() });
      expect([run.status, run.stdout, run.stderr]).toEqual([2, "", "school-districts: lookup -: cannot read stdin (EISDIR)\n"]);
    } finally {
      closeSync(dir);
    }
  });

  it("a reader that stops early ends the output quietly (exit 0); a full disk says so, exit 4", () => {
    // 300 answers (~1 MB) into `head -c 100`: the pipe closes long before the end.
    const early = spawnSync("bash", ["-c", 'set -o pipefail; "$0" lookup - --json | head -c 100 > /dev/null', BINARY], { input: "90210\n".repeat(300), encoding: "utf8", timeout: 120_000, env: env() });
    expect(early.stderr).toBe("");
    expect(early.status).toBe(0);
    const full = openSync("/dev/full", "w");
    try {
      const disk = spawnSync(BINARY, ["lookup", "90210"], { stdio: ["ignore", full, "pipe"], encoding: "utf8", timeout: 120_000, env: env() });
      expect(disk.status).toBe(4);
      expect(disk.stderr).toMatch(/^school-districts: cannot write the output: ENOSPC/);
    } finally {
      closeSync(full);
    }
  });
});

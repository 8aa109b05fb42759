/**
 * State pages over the committed dataset (data/): each district's counts agree with its own page,
 * ZIP codes where people live only (pages audit 34 #6: DC's 255 against 57; review 34 #5: Phoenix
 * Union's "high school of 44" against its page's 22), in states with PO-box ZIP codes and
 * high-school districts.
 */
import { resolve } from "node:path";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../test/helpers.ts";

const DATA = resolve(import.meta.dirname, "../../../data");
let app: Hono;
beforeAll(async () => {
  ({ app } = await testApp(DATA));
}, 120_000);

const text = async (path: string) => (await app.request(path, { headers: { Accept: "text/html" } })).text();

describe("state pages agree with their districts' pages", () => {
  it.each(["DC", "MT", "AZ", "IL"])("%s: 'Main district of' and 'high school of' are the district page's counts", async (state) => {
    const html = await text(`/state/${state}`);
    const rows = [...html.matchAll(/<a href="\/district\/([0-9]{7})">[\s\S]*?data-label="Main district of">([^<]*)<\/td>/g)].map((m) => ({ leaid: m[1]!, cell: m[2]! }));
    expect(rows.length).toBeGreaterThan(0);
    let highSchools = 0;
    for (const { leaid, cell } of rows) {
      const page = await text(`/district/${leaid}`);
      // The page's own counts: its "main district of N" and "high-school district of N" ZIP codes where people live.
      const counted = (id: string) => Number(new RegExp(`id="${id}">[^<]*</h2>\n<table><caption>The ([0-9,]+) ZIP codes? `).exec(page)?.[1]?.replace(/,/g, "") ?? 0);
      const [named, high] = [counted("main-zips"), counted("high-school-zips")];
      const [cellNamed, cellHigh] = [Number(/^([0-9,]+)/.exec(cell)?.[1]?.replace(/,/g, "")), Number(/high school of ([0-9,]+)/.exec(cell)?.[1]?.replace(/,/g, "") ?? 0)];
      expect({ leaid, named: cellNamed, high: cellHigh }).toEqual({ leaid, named, high });
      if (high > 0) highSchools++;
    }
    // Montana and Arizona have high-school districts over elementary ones: the column is exercised.
    if (state === "MT" || state === "AZ") expect(highSchools).toBeGreaterThan(0);
  }, 120_000);
});

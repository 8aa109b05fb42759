/**
 * Test helpers: the app over the small fixture dataset (test/fixtures/small),
 * or over a synthetic one of any size (scripts/make-fixture.ts).
 */
import { parseDataset, type Dataset } from "@school-districts/core";
import { parse } from "csv-parse/sync";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Hono } from "hono";
import { createApp } from "../src/app.ts";
import { dataPaths, manifestBoundaries, readData } from "../src/assets.ts";
import { STARTUP_EFFORT } from "../src/compress.ts";
import { buildSite, compressLarge, type Site, type SiteAssets } from "../src/site.ts";
import { makeFixture } from "../scripts/make-fixture.ts";
import type { PageMaps } from "../src/page-maps.ts";

export const SMALL = resolve(import.meta.dirname, "fixtures/small");
export const BASE = "http://localhost:8080";
export const DOCS_CSP = "default-src 'none'; script-src 'sha256-test'";

/**
 * The rows of a bulk CSV body, read by csv-parse (not the server's own writer's assumptions):
 * RFC 4180, CRLF line ends only, strict quoting.
 *
 * @example
 * readCsv('zip,name\r\n90210,"A, B"\r\n') // [["zip","name"],["90210","A, B"]]
 */
export function readCsv(text: string): string[][] {
  return parse(text, { record_delimiter: "\r\n" }) as string[][];
}

/** The assets of a test site: the real openapi.json, reports and boundary description, a stub docs page, the small fixture's PO-box list. */
export async function testAssets(): Promise<SiteAssets> {
  const data = resolve(import.meta.dirname, "../../../data");
  return {
    openapi: await Bun.file(resolve(import.meta.dirname, "../../../openapi/openapi.json")).text(),
    docs: { html: "<!doctype html><html lang=\"en\"><title>Docs</title><h1>Docs</h1></html>", csp: DOCS_CSP, script: "/* Redoc */" },
    about: {
      rating: await Bun.file(join(data, "RATING.md")).text(),
      sources: await Bun.file(join(data, "SOURCES.md")).text(),
      boundaries: await manifestBoundaries(join(data, "manifest.json")),
    },
    postal: await Bun.file(join(SMALL, "postal.csv")).text(),
  };
}

/** Loads a dataset folder with core's loader. */
export async function loadFixture(dir = SMALL): Promise<Dataset> {
  return parseDataset(await readData(dataPaths(dir)), dir);
}

/** A synthetic dataset of `count` ZIPs in a fresh temporary folder. */
export function syntheticFixture(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), "sd-fixture-"));
  makeFixture(dir, count);
  return dir;
}

/** The site and app over a dataset folder, large bodies compressed; with `maps`, pages have maps. */
export async function testApp(dir = SMALL, baseUrl = BASE, maps?: PageMaps): Promise<{ app: Hono; site: Site; dataset: Dataset }> {
  const dataset = await loadFixture(dir);
  const site = buildSite(dataset, baseUrl, await testAssets(), maps);
  await compressLarge(site, undefined, STARTUP_EFFORT);
  return { app: createApp(site), site, dataset };
}

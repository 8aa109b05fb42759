/**
 * The contract's examples of real resources are what the compiled binary answers for them
 * (consumers audit 30 #7: a district's `county` example stayed empty after the data gained it,
 * and the 400 example quoted the ZIP otherwise than the server). A downloader copies from them.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, startServer, type RunningServer } from "../support/server.ts";

type Spec = {
  components: { schemas: Record<string, { example?: unknown }>; responses: Record<string, { content: Record<string, { example?: unknown }> }> };
  paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { example?: unknown }> }> } }>;
};
const spec = JSON.parse(readFileSync(resolve(REPO, "openapi/openapi.json"), "utf8")) as Spec;

let server: RunningServer;
const json = async (path: string, accept = "application/json") => (await fetch(`${server.url}${path}`, { headers: { Accept: accept } })).json();

beforeAll(async () => {
  // The examples are written for the default base URL, as the server is started here.
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("the contract's examples are the binary's answers", () => {
  it("District, DistrictSummary and DistrictRecord: Beverly Hills Unified and 90210", async () => {
    expect(spec.components.schemas.District!.example).toEqual(await json("/district/0604830.json"));
    const ca = (await json("/state/CA/districts.json")) as { districts: { leaid: string }[] };
    expect(spec.components.schemas.DistrictSummary!.example).toEqual(ca.districts.find((d) => d.leaid === "0604830"));
    expect(spec.components.schemas.DistrictRecord!.example).toEqual(await json("/zip/90210.json"));
  });

  it("the Location of a /location redirect matches the contract's pattern, with the device's accuracy kept (ops audit 37 #2)", async () => {
    const raw = JSON.parse(readFileSync(resolve(REPO, "openapi/openapi.json"), "utf8")) as { components: { headers: Record<string, { schema: { pattern: string } }> } };
    const pattern = new RegExp(raw.components.headers.LocationPageLocation!.schema.pattern);
    for (const query of ["lat=45.7833N&lon=108.5007W&acc=120", "lat=45.7833N&lon=108.5007W", "lat=45.7833N&lon=108.5007W&acc=0050"]) {
      const res = await fetch(`${server.url}/location?${query}`, { redirect: "manual" });
      expect(res.status, query).toBe(303);
      expect(res.headers.get("location"), query).toMatch(pattern);
    }
  });

  it("a territory place's page (200, and 304) sends a Vary the contract allows, the same for every Accept: /location.json answers such a place too", async () => {
    const raw = JSON.parse(readFileSync(resolve(REPO, "openapi/openapi.json"), "utf8")) as { components: { headers: Record<string, { schema: { enum: string[] } }> } };
    const allowed = raw.components.headers.Vary!.schema.enum;
    const page = await fetch(`${server.url}/location?lat=18.4655&lon=-66.1057`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>The school district of this place</h1>");
    expect(allowed).toContain(page.headers.get("vary"));
    const again = await fetch(`${server.url}/location?lat=18.4655&lon=-66.1057`, { headers: { "If-None-Match": page.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(allowed).toContain(again.headers.get("vary"));
    // A program asking the page for JSON gets the same page, as for any place a district holds.
    const asJson = await fetch(`${server.url}/location?lat=18.4655&lon=-66.1057`, { headers: { Accept: "application/json" } });
    expect([asJson.status, asJson.headers.get("content-type"), asJson.headers.get("etag")]).toEqual([200, "text/html; charset=utf-8", page.headers.get("etag")]);
  });

  it("the sitemap files' numbers the contract lists are those the index lists (review 36 #6), each a urlset the binary serves", async () => {
    const raw = JSON.parse(readFileSync(resolve(REPO, "openapi/openapi.json"), "utf8")) as { paths: Record<string, { get: { parameters: { name?: string; schema?: { enum?: string[] } }[] } }> };
    const listed = raw.paths["/sitemap-{n}.xml"]!.get.parameters.find((p) => p.name === "n")!.schema!.enum;
    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const served = [...index.matchAll(/<loc>[^<]*\/sitemap-([0-9]+)\.xml<\/loc>/g)].map((m) => m[1]);
    expect(served.length).toBeGreaterThan(0);
    expect(listed).toEqual(served);
    for (const n of served) {
      const file = await fetch(`${server.url}/sitemap-${n}.xml`);
      expect(file.status, n).toBe(200);
      expect(await file.text(), n).toContain("<urlset");
    }
    expect((await fetch(`${server.url}/sitemap-${served.length + 1}.xml`)).status).toBe(404);
  });

  it("the downloads' checksums example is the binary's body", async () => {
    const example = spec.paths["/bulk/sha256sums.txt"]!.get.responses["200"]!.content!["text/plain; charset=utf-8"]!.example as string;
    expect(example).toBe(await (await fetch(`${server.url}/bulk/sha256sums.txt`)).text());
  });

  it("the district CSV's example row is the binary's row of 0604830", async () => {
    const example = spec.paths["/bulk/districts.csv"]!.get.responses["200"]!.content!["text/csv; charset=utf-8"]!.example as string;
    const [header, row] = example.split("\r\n");
    const csv = (await (await fetch(`${server.url}/bulk/districts.csv`)).text()).split("\r\n");
    expect(header).toBe(csv[0]);
    expect(csv).toContain(row);
  });

  it("the 400 examples are the binary's problems for /zip/9021.json and, asked for JSON, the page /zip/9021", async () => {
    expect(spec.components.responses.BadRequest!.content["application/problem+json"]!.example).toEqual(await json("/zip/9021.json"));
    expect(spec.components.responses.PageBadRequest!.content["application/problem+json"]!.example).toEqual(await json("/zip/9021"));
  });
});

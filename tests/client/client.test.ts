/**
 * The typed client (packages/client, its built ESM) against the compiled
 * binary: every helper, the typed problems, and the raw openapi-fetch client.
 * Types are checked at compile time by `tsc -p tests` over usage.ts.
 */
import { createClient, type SchoolDistrictsClient } from "@school-districts/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let client: SchoolDistrictsClient;
beforeAll(async () => {
  server = await startServer();
  client = createClient({ baseUrl: `${server.url}/` });
});
afterAll(async () => {
  await server?.stop();
});
const api = async (path: string) => (await fetch(`${server.url}${path}`)).json();

describe("createClient against the binary", () => {
  it("zip, zipDistricts, state, stateDistricts, district, location and bulk give the API's bodies", async () => {
    const calls: [string, () => Promise<{ data?: unknown; problem?: unknown; response: Response }>][] = [
      ["/zip/90210.json", () => client.zip("90210")],
      ["/zip/90210/districts.json", () => client.zipDistricts("90210")],
      ["/state/RI.json", () => client.state("RI")],
      ["/state/RI/districts.json", () => client.stateDistricts("RI")],
      ["/district/0604830.json", () => client.district("0604830")],
      ["/location.json?lat=45.783300&lon=-108.500700", () => client.location(45.7833, -108.5007)],
      ["/location.json?lat=34.0736&lon=-118.4004", () => client.location("34.0736", "-118.4004")],
      ["/bulk/all-districts.json", () => client.bulk()],
    ];
    for (const [path, call] of calls) {
      const result = await call();
      expect(result.problem, path).toBeUndefined();
      expect(result.response.status).toBe(200);
      expect(result.data, path).toEqual(await api(path));
    }
  });

  it("gives typed problem objects for 400 and 404, not exceptions", async () => {
    const cases: [string, () => Promise<{ data?: unknown; problem?: { status: number; type: string } }>][] = [
      ["/zip/9021.json", () => client.zip("9021")],
      ["/zip/00000.json", () => client.zip("00000")],
      ["/state/ca/districts.json", () => client.stateDistricts("ca")],
      ["/district/0000000.json", () => client.district("0000000")],
      ["/district/abc.json", () => client.district("abc")],
      ["/location.json?lat=91.000000&lon=0.000000", () => client.location(91, 0)],
      ["/location.json?lat=NaN&lon=0.000000", () => client.location(Number.NaN, 0)],
      ["/location.json?lat=40.000000&lon=-40.000000", () => client.location(40, -40)],
    ];
    for (const [path, call] of cases) {
      const result = await call();
      expect(result.data, path).toBeUndefined();
      expect(result.problem, path).toEqual(await api(path));
    }
  });

  it("location sends numbers as plain decimals and names each level's district", async () => {
    // 1e-7 would be "1e-7" through String(), which the API refuses as malformed.
    const tiny = await client.location(45.7833, -108.5007 + 1e-7);
    expect(tiny.problem).toBeUndefined();
    expect(new URL(tiny.response.url).searchParams.get("lon")).toBe("-108.500700");
    const billings = await client.location(45.7833, -108.5007);
    expect(billings.data?.districts.map((d) => [d.level, d.district])).toEqual([
      ["elementary", expect.stringMatching(/^Billings Elementary/)],
      ["secondary", expect.stringMatching(/^Billings High School/)],
    ]);
    expect(billings.data?.boundaries?.vintage).toMatch(/2016/);
    // Puerto Rico has no boundary file: its one district, and `boundaries` null (the type says it may be).
    const sanJuan = await client.location(18.4655, -66.1057);
    expect([sanJuan.data?.districts.map((d) => d.leaid), sanJuan.data?.boundaries]).toEqual([["7200030"], null]);
    const ocean = await client.location(40, -40);
    expect(ocean.problem?.status).toBe(404);
    expect(ocean.problem?.type).toMatch(/\/problems\/location-not-found$/);
    const bad = await client.location(91, 0);
    expect(bad.problem?.status).toBe(400);
    expect(bad.problem?.type).toMatch(/\/problems\/invalid-location$/);
  });

  it("exposes the typed openapi-fetch client for the other operations", async () => {
    const { data, response } = await client.api.GET("/bulk/districts.csv", { parseAs: "text" });
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="districts.csv"');
    expect(data?.split("\r\n")[0]).toBe(
      "leaid,district,state,county,level,grade_span,students,schools,per_pupil,rating,rating_label,phone,website,page_url,overlapping_zips,chosen_zips,per_pupil_year,rating_source,notes,updated",
    );
  });
});

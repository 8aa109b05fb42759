/**
 * Compile-time checks of the client's types (`tsc -p tests`, part of `bun run
 * lint`): helpers take strings, resolve to the contract's types, and the
 * result narrows to `data` or `problem`. Never run; type errors fail the lint.
 */
import { createClient, type District, type LocationAnswer, type Problem, type Result, type ZipDistricts } from "@school-districts/client";

export async function usage(): Promise<void> {
  const client = createClient({ baseUrl: "http://localhost:8080" });
  const zip = await client.zip("90210");
  if (zip.data) {
    const district: string = zip.data.district;
    const rating: number | null = zip.data.rating;
    // @ts-expect-error a record has no `leaid`
    void zip.data.leaid;
    void [district, rating];
  } else {
    const problem: Problem = zip.problem;
    const status: number = problem.status;
    void status;
  }
  const split: Result<ZipDistricts> = await client.zipDistricts("90210");
  const chosen: boolean | undefined = split.data?.districts[0]?.chosen;
  const d: Result<District> = await client.district("0604830");
  const share: number | undefined = d.data?.zips[0]?.share;
  const level: "unified" | "elementary" | "secondary" | undefined = d.data?.level;
  const count: number | undefined = (await client.stateDistricts("CA")).data?.districts[0]?.chosen_zips;
  const total: number | undefined = (await client.bulk()).data?.total;
  const state: string | undefined = (await client.state("CA")).data?.records[0]?.state;
  const here: Result<LocationAnswer> = await client.location(45.7833, -108.5007);
  const located: "unified" | "elementary" | "secondary" | undefined = here.data?.districts[0]?.level;
  const nearest: string | undefined = here.data?.zip?.zip;
  await client.location("45.7833", "-108.5007");
  void [chosen, share, level, count, total, state, located, nearest];
  // @ts-expect-error coordinates are numbers or strings
  await client.location(true, false);
  // @ts-expect-error ZIP codes are strings
  await client.zip(90210);
  // @ts-expect-error no such path in the contract
  await client.api.GET("/zip/{zip}.xml", { params: { path: { zip: "90210" } } });
}

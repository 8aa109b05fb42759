#!/usr/bin/env bun
// bun src/cli.ts --base-url http://127.0.0.1:8080 [--seed N] [--runs N] [--only opId,...]
// bun src/cli.ts --binary ../../dist/school-districts [--seed N] [--runs N]
import { parseArgs } from "node:util";
import { run, UNKNOWN_PATHS } from "./runner.ts";
import { defaultBinary, startBinary, type Started } from "./server.ts";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    binary: { type: "string" },
    seed: { type: "string" },
    runs: { type: "string" },
    only: { type: "string" },
    concurrency: { type: "string" },
    json: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help || (!values["base-url"] && values.binary === undefined)) {
  console.log(`usage: bun src/cli.ts (--base-url URL | --binary PATH) [--seed N] [--runs N] [--only ids] [--concurrency N] [--json FILE]
  --base-url     a running server, e.g. http://127.0.0.1:8080
  --binary PATH  start this binary (e.g. ${defaultBinary()}) on a free loopback port
  --seed         fast-check seed (default 20261122); the same seed replays the same requests
  --runs         fast-check runs per property (default 50: >= 250 requests per operation)
  --only         comma-separated operationIds to test (and/or "${UNKNOWN_PATHS}")
  --json         also write the report as JSON to FILE`);
  process.exit(values.help ? 0 : 2);
}

let started: Started | undefined;
let baseUrl = values["base-url"];
if (!baseUrl) {
  started = await startBinary(values.binary || defaultBinary());
  baseUrl = started.baseUrl;
}
try {
  const report = await run({
    baseUrl,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    runs: values.runs === undefined ? undefined : Number(values.runs),
    only: values.only?.split(",").map((s) => s.trim()),
    concurrency: values.concurrency === undefined ? undefined : Number(values.concurrency),
  });
  if (values.json) await Bun.write(values.json, JSON.stringify(report, null, 2));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await started?.stop();
}

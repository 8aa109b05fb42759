/**
 * What the build's snapshot was rendered from, so that `bun src/cli.ts` after an
 * edit does not serve the pages of the code (or data) before it: a stale
 * `.bundle/site.json` served old pages whose inline style the new CSP no longer
 * allowed, unstyled (found while checking row headers, stop 38). The compiled
 * binary never asks: its snapshot was built with it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The files, from the repository's root, whose change changes a rendered body: the server's and its packages' source, its build script, its dependencies (bun.lock), the contract and the dataset's manifest (which holds every data file's sha256). */
const RENDER_INPUTS = ["apps/server/src/**/*.ts", "apps/server/scripts/**/*.ts", "apps/server/package.json", "packages/core/src/**/*.ts", "packages/api-types/src/**/*.ts", "openapi/openapi.json", "data/manifest.json", "bun.lock"];

/**
 * The sha256 of every file a rendered body depends on (tests excluded), in path order.
 *
 * @example
 * sourceFingerprint("/work/main") // "3f9c…" (64 hex digits)
 */
export function sourceFingerprint(repo: string): string {
  const hasher = new Bun.CryptoHasher("sha256");
  const files = RENDER_INPUTS.flatMap((pattern) => [...new Bun.Glob(pattern).scanSync({ cwd: repo, onlyFiles: true })])
    .filter((path) => !path.endsWith(".test.ts"))
    .sort();
  for (const path of files) hasher.update(`${path}\0`).update(readFileSync(join(repo, path))).update("\0");
  return hasher.digest("hex");
}

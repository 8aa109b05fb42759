/** Debian packages the black-box tests install on demand (the machine has only Node.js and npm). */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

/**
 * Installs a Debian package if its program is absent (ensure-package.sh, under the project's apt lock); returns the program's path.
 *
 * @example
 * ensurePackage("nginx-light", "/usr/sbin/nginx") // "/usr/sbin/nginx"
 */
export function ensurePackage(pkg: string, program: string): string {
  const script = resolve(import.meta.dirname, "ensure-package.sh");
  const res = spawnSync("sh", [script, pkg, program], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (res.status !== 0) throw new Error(`ensure-package.sh ${pkg} failed (${res.status})`);
  return res.stdout.trim().split("\n").pop()!;
}

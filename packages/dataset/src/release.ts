/**
 * The dataset's date is its version: the records' `updated`, every response's Last-Modified
 * and the date downloaders compare (If-Modified-Since, `curl -z`). A build whose served files
 * differ from the build already in its output folder must carry a later date, or a client
 * holding the old files would be told they are current (API audit 32 #1).
 */

/**
 * Files the server reads besides those manifest.json lists with their sha256: the PO-box list
 * and the about page's reports (apps/server/src/assets.ts, reportPaths).
 */
export const SERVED_BESIDES_MANIFEST = ["postal.csv", "RATING.md", "SOURCES.md"] as const;

/**
 * Why a build dated `date`, whose files are `next` (name -> text, manifest.json among them), may
 * not replace the build whose files `previous` reads (undefined where there is none: a fresh
 * folder is not checked), or undefined when it may: the same served files under the same date
 * (a rebuild), or any under a later date. Served: the files the manifest lists, those of
 * SERVED_BESIDES_MANIFEST, and the manifest itself but for its `updated`. `dateOnly`: whether the
 * date goes back, and nothing else (before the build, which `next` is not yet).
 *
 * @example
 * datedChangeProblem((f) => readOld(f), files, "2026-11-22") // "the served files differ from the build dated 2026-11-22 (districts.csv): give a later --date …"
 */
export function datedChangeProblem(previous: (name: string) => string | undefined, next: ReadonlyMap<string, string>, date: string, dateOnly = false): string | undefined {
  const oldText = previous("manifest.json");
  if (oldText === undefined) return undefined;
  let old: { updated?: unknown; files?: unknown } & Record<string, unknown>;
  try {
    old = JSON.parse(oldText) as typeof old;
  } catch {
    return undefined; // not a manifest this build can read: nothing to compare with
  }
  if (typeof old.updated !== "string" || typeof old.files !== "object" || old.files === null) return undefined;
  if (date < old.updated) return `${date} is before the date of the build it replaces (${old.updated}): the dataset's date only goes forward.`;
  if (date > old.updated || dateOnly) return undefined;
  const now = JSON.parse(next.get("manifest.json")!) as Record<string, unknown> & { files: Record<string, unknown> };
  const undated = (m: Record<string, unknown>) => JSON.stringify({ ...m, updated: undefined });
  const names = [...new Set([...Object.keys(old.files as object), ...Object.keys(now.files), ...SERVED_BESIDES_MANIFEST])].sort();
  const changed = [...names.filter((f) => previous(f) !== next.get(f)), ...(undated(old) !== undated(now) ? ["manifest.json"] : [])];
  if (changed.length === 0) return undefined;
  return `the served files differ from the build dated ${old.updated} (${changed.join(", ")}): give a later --date, as the date is the dataset's version (the records' updated, every response's Last-Modified).`;
}

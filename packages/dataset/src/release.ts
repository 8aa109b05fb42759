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

/** The manifest of the build in the output folder, as far as these checks read it; undefined where there is none or it is unreadable. */
function previousManifest(previous: (name: string) => string | undefined): ({ updated: string; files: object } & Record<string, unknown>) | undefined {
  const text = previous("manifest.json");
  if (text === undefined) return undefined;
  try {
    const old = JSON.parse(text) as { updated?: unknown; files?: unknown } & Record<string, unknown>;
    return typeof old.updated === "string" && typeof old.files === "object" && old.files !== null ? (old as { updated: string; files: object } & Record<string, unknown>) : undefined;
  } catch {
    return undefined; // not a manifest this build can read: nothing to compare with
  }
}

/**
 * Why `date` may not follow the build in the output folder (`previous` reads its files): it is
 * earlier (the dataset's date only goes forward); undefined otherwise. Checked before the build.
 *
 * @example
 * dateGoesBack((f) => readOld(f), "2026-11-21") // "2026-11-21 is before the date of the build it replaces (2026-11-22): …"
 */
export function dateGoesBack(previous: (name: string) => string | undefined, date: string): string | undefined {
  const old = previousManifest(previous);
  return old !== undefined && date < old.updated ? `${date} is before the date of the build it replaces (${old.updated}): the dataset's date only goes forward.` : undefined;
}

/**
 * Why a build dated `date`, whose files are `next` (name -> text, manifest.json among them), may
 * not replace the build whose files `previous` reads (undefined where there is none: a fresh
 * folder is not checked), or undefined when it may: the same served files under the same date
 * (a rebuild), or any under a later date. Served: the files the manifest lists, those of
 * SERVED_BESIDES_MANIFEST, and the manifest itself but for its `updated`.
 *
 * @example
 * datedChangeProblem((f) => readOld(f), files, "2026-11-22") // "the served files differ from the build dated 2026-11-22 (districts.csv): give a later --date …"
 */
export function datedChangeProblem(previous: (name: string) => string | undefined, next: ReadonlyMap<string, string>, date: string): string | undefined {
  const old = previousManifest(previous);
  if (old === undefined) return undefined;
  const back = dateGoesBack(previous, date);
  if (back !== undefined) return back;
  if (date > old.updated) return undefined;
  const now = JSON.parse(next.get("manifest.json")!) as Record<string, unknown> & { files: Record<string, unknown> };
  const undated = (m: Record<string, unknown>) => JSON.stringify({ ...m, updated: undefined });
  const names = [...new Set([...Object.keys(old.files), ...Object.keys(now.files), ...SERVED_BESIDES_MANIFEST])].sort();
  const changed = [...names.filter((f) => previous(f) !== next.get(f)), ...(undated(old) !== undated(now) ? ["manifest.json"] : [])];
  if (changed.length === 0) return undefined;
  return `the served files differ from the build dated ${old.updated} (${changed.join(", ")}): give a later --date, as the date is the dataset's version (the records' updated, every response's Last-Modified).`;
}

/**
 * Why `date` may not be a new build's date on the day `now` (UTC): it is after tomorrow. A
 * dataset is dated the day it is released (the next day for a second release in one day: a
 * served date ahead of the clock is sent as the time the server started, RFC 9110 §8.8.2.1), and
 * a typo such as 2027-06-01 could not be taken back, as the date only goes forward. Checked
 * before the build.
 *
 * @example
 * dateAhead("2027-06-01", new Date("2026-11-26T12:00:00Z")) // "2027-06-01 is after tomorrow (2026-11-27): …"
 */
export function dateAhead(date: string, now: Date): string | undefined {
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  return date > tomorrow ? `${date} is after tomorrow (${tomorrow}): a dataset is dated the day it is released (the next day for a second release in one day), and a date ahead could not be taken back, as the date only goes forward.` : undefined;
}

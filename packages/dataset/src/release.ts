/**
 * The dataset's date is its version: the records' `updated`, every response's Last-Modified
 * and the date downloaders compare (If-Modified-Since, `curl -z`). A build whose served files
 * differ from the build already in its output folder must carry a later date, or a client
 * holding the old files would be told they are current (API audit 32 #1).
 */

/** The part of manifest.json this check reads. */
interface ManifestDates {
  updated: string;
  files: Record<string, { sha256: string }>;
}

/**
 * Why a build dated `date`, whose manifest is `next`, may not replace the build whose manifest
 * is `previous` (undefined: no build there yet), or undefined when it may: the same files under
 * the same date (a rebuild), or other files under a later date.
 *
 * @example
 * datedChangeProblem(previous, next, "2026-11-22") // "the served files differ from the build dated 2026-11-22 (districts.csv): give a later --date …"
 */
export function datedChangeProblem(previous: string | undefined, next: string, date: string): string | undefined {
  if (previous === undefined) return undefined;
  let old: ManifestDates;
  try {
    old = JSON.parse(previous) as ManifestDates;
  } catch {
    return undefined; // not a manifest this build can read: nothing to compare with
  }
  if (typeof old.updated !== "string" || typeof old.files !== "object" || old.files === null) return undefined;
  const now = JSON.parse(next) as ManifestDates;
  const names = [...new Set([...Object.keys(old.files), ...Object.keys(now.files)])].sort();
  const changed = names.filter((f) => old.files[f]?.sha256 !== now.files[f]?.sha256);
  if (date < old.updated) return `${date} is before the date of the build it replaces (${old.updated}): the dataset's date only goes forward.`;
  if (changed.length > 0 && date === old.updated) {
    return `the served files differ from the build dated ${old.updated} (${changed.join(", ")}): give a later --date, as the date is the dataset's version (the records' updated, every response's Last-Modified).`;
  }
  return undefined;
}

/**
 * Lookup tables keyed by what a person types: without Object's prototype, so that "constructor"
 * or "__proto__" typed is no key of them (review 37 #2: `/zip?zip=constructor` was a 500, the
 * country table giving back Object as a country's code).
 */

/**
 * A copy of `entries` with no prototype, read-only; a key it lacks reads undefined.
 *
 * @example
 * const countries = ownTable({ palau: "PW" });
 * countries["constructor"] // undefined
 */
export function ownTable<T>(entries: Record<string, T>): Readonly<Record<string, T | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

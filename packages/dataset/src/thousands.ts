/**
 * A number as the reports (README.md, VALIDATION.md, COVERAGE.md) write it: comma thousands
 * separators, fractions as `toLocaleString` rounds them. One helper, so every report writes a
 * figure the same way.
 *
 * @example
 * thousands(12345) // "12,345"
 * thousands(0.5) // "0.5"
 */
export function thousands(n: number): string {
  return n.toLocaleString("en-US");
}

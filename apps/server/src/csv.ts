/**
 * A small RFC 4180 writer for the bulk CSV: fields quoted only where needed,
 * doubled quotes, CRLF line ends. The tests read what it writes with csv-parse,
 * a reader that shares none of its assumptions.
 */

/**
 * Quotes one CSV cell only where needed (comma, quote, CR or LF).
 *
 * @example
 * csvCell("3,074") // '"3,074"'
 * csvCell("Beverly Hills") // "Beverly Hills"
 */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Writes rows as RFC 4180 CSV with CRLF line ends (the last line ends too).
 *
 * @example
 * toCsv([["zip","city"],["90210","Beverly Hills"]]) // "zip,city\r\n90210,Beverly Hills\r\n"
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  let out = "";
  for (const row of rows) out += row.map(csvCell).join(",") + "\r\n";
  return out;
}

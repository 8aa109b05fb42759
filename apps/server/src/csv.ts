/**
 * A small RFC 4180 reader and writer: quoted fields, doubled quotes, CRLF or LF
 * line ends. Used for the compiled dataset (read) and the bulk CSV (write).
 */

/**
 * Parses CSV text into rows of strings. A trailing line end does not make an
 * empty row.
 *
 * @example
 * parseCsv('a,b\n1,"x, ""y"""\n') // [["a","b"],["1",'x, "y"']]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let value: string;
    if (text.charCodeAt(i) === 34 /* " */) {
      let out = "";
      let start = ++i;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new SyntaxError("unterminated quoted field");
        if (text.charCodeAt(q + 1) === 34) {
          out += text.slice(start, q + 1);
          i = start = q + 2;
        } else {
          out += text.slice(start, q);
          i = q + 1;
          break;
        }
      }
      value = out;
    } else {
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13) break;
        j++;
      }
      value = text.slice(i, j);
      i = j;
    }
    row.push(value);
    const c = text.charCodeAt(i);
    if (c === 44) {
      i++;
      if (i === n) row.push("");
    } else {
      if (c === 13) i++;
      if (text.charCodeAt(i) === 10) i++;
      rows.push(row);
      row = [];
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

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

import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { csvCell, toCsv } from "./csv.ts";

describe("csv", () => {
  it("quotes only where needed (RFC 4180)", () => {
    expect(csvCell("Beverly Hills")).toBe("Beverly Hills");
    expect(csvCell("3,074")).toBe('"3,074"');
    expect(csvCell('Test "Q"')).toBe('"Test ""Q"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("")).toBe("");
  });
  it("writes CRLF line ends and reads them back", () => {
    const rows = [["zip", "name"], ["90210", 'A, "B"'], ["00601", ""]];
    const text = toCsv(rows);
    expect(text).toBe('zip,name\r\n90210,"A, ""B"""\r\n00601,\r\n');
    expect(parse(text, { record_delimiter: "\r\n" })).toEqual(rows);
  });
});

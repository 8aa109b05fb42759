import { describe, expect, it } from "vitest";
import { addressZip, nearPath, typedLeaid, typedZip } from "./near-path.ts";

const answering = new Set(["/", "/zip/90210", "/zip/90210.json", "/zip/02108", "/state/CA", "/state/CA.json", "/district/0622710", "/about"]);
const exists = (path: string) => answering.has(path);

describe("nearPath", () => {
  it.each([
    ["/zip/90210/", "/zip/90210"],
    ["/zip/90210//", "/zip/90210"],
    ["/zip/90210/index.html", "/zip/90210"],
    ["/ZIP/90210", "/zip/90210"],
    ["/Zip/90210.JSON", "/zip/90210.json"],
    ["/zip/90210-1234", "/zip/90210"],
    ["/zip/902101234", "/zip/90210"],
    ["/zip/90210-1234.json", "/zip/90210.json"],
    ["/90210", "/zip/90210"],
    ["/02108-0001", "/zip/02108"],
    ["/state/ca/", "/state/CA"],
    ["/STATE/CA.JSON", "/state/CA.json"],
    ["/District/0622710/", "/district/0622710"],
    ["/About", "/about"],
    ["/index.html", "/"],
  ])("%s means %s", (path, meant) => {
    expect(nearPath(path, exists)).toBe(meant);
  });

  it.each(["/nope", "/zip/99999/", "/12345", "/zip/9021", "/state/cal", "/zip/90210"])("%s has no near address that answers (or is itself the address)", (path) => {
    expect(nearPath(path, exists)).toBeUndefined();
  });
});

describe("typedZip", () => {
  it.each([
    ["9OO11", "90011"],
    ["9o2l0", "90210"],
    ["902 10", "90210"],
    ["90210-1234", "90210"],
    ["0 2 1 0 8", "02108"],
    // Pasted from an address or a web page (audit 4: each got no suggestion).
    ["10025–1234", "10025"],
    ["10025/1234", "10025"],
    ["2108", "02108"],
    ["CA 90210", "90210"],
    ["Brooklyn, NY 11211", "11211"],
    ["ZIP 10025", "10025"],
    ["123 Main St, Springfield, IL 62704-1234", "62704"],
    ["10025 10025", "10025"],
    ["Brooklyn, NY 11211.", "11211"],
  ])("%j means %s", (typed, zip) => expect(typedZip(typed)).toBe(zip));
  it.each(["", "hello", "902", "902100", "12345 Main St, Springfield, IL 62704", "1234567", "45.78330", "-108.50070", "45.78330, -108.50070"])("%j means no ZIP", (typed) => expect(typedZip(typed)).toBeUndefined());
});

describe("addressZip", () => {
  it.each([
    ["Brooklyn, NY 11211", "11211"],
    ["Beverly Hills CA 90210", "90210"],
    ["12345 Main St, Springfield, IL 62704", "62704"],
    ["1600 Pennsylvania Ave NW, Washington, DC 20500-0003, USA", "20500"],
    ["ZIP: 90210", "90210"],
    ["90210.", "90210"],
    ["90210–1234", "90210"],
    ["９０２１０", "90210"],
    ["Boston, MA 02108, United States", "02108"],
  ])("%j ends with ZIP %s", (typed, zip) => expect(addressZip(typed)).toBe(zip));
  it.each(["12345 Main St", "90210 Beverly Hills", "45.78330", "-108.50070", "123456", "Boston", "", "PO Box 12345", "P.O. Box 12345", "Apt 10025", "POB 12345", "P.O.B. 12345", "Unit #10025", "Suite 10025", "9021 01234"])("%j ends with no ZIP", (typed) =>
    expect(addressZip(typed)).toBeUndefined(),
  );
});

describe("typedLeaid (pages audit 39 #6)", () => {
  it.each([
    ["622710", "0622710"],
    ["1714460.", "1714460"],
    ["1714460)", "1714460"],
    ["1714460”.", "1714460"],
    ["622710,", "0622710"],
  ])("%j means %s", (typed, leaid) => expect(typedLeaid(typed)).toBe(leaid));
  it.each(["1714460", "17144", "17144600", "(1714460", "17a4460", "", "1714460.json"])("%j means no other id", (typed) => expect(typedLeaid(typed)).toBeUndefined());
});

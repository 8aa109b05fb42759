import { describe, expect, it } from "vitest";
import { acceptQ, chooseCoding, codingFor, matchHits, noneMatchHits, notModifiedSince, prefersHtml, unmodifiedSince } from "./negotiate.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

describe("chooseCoding (Accept-Encoding, RFC 9110 §12.5.3)", () => {
  it.each([
    [null, "identity"],
    ["", "identity"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["deflate", "identity"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["gzip;q=0.8, br;q=0.9", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.5, gzip", "gzip"],
    ["*;q=0", "identity"],
    ["identity", "identity"],
    ["identity;q=1, gzip;q=0.5", "identity"],
    ["identity;q=0.5, gzip;q=0.5", "gzip"],
    ["identity;q=0", "identity"],
    ["GZIP;Q=1", "gzip"],
    [" br ; q=1.0 ", "br"],
    ["br;q=abc, gzip", "gzip"],
  ])("%j gives %s", (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe("noneMatchHits (If-None-Match, weak comparison)", () => {
  const etag = '"abc123"';
  it.each([
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['"x", "abc123"', true],
    ['"x",W/"abc123"', true],
    ["*", true],
    [" * ", true],
    ['"abc12"', false],
    ['"abc123-br9"', false],
    ["abc123", false],
    ["", false],
  ])("%j matches: %s", (header, hit) => {
    expect(noneMatchHits(header, etag)).toBe(hit);
  });
});

describe("notModifiedSince", () => {
  const lm = Date.UTC(2026, 10, 22);
  it("is true at or after Last-Modified", () => {
    expect(notModifiedSince("Sun, 22 Nov 2026 00:00:00 GMT", lm)).toBe(true);
    expect(notModifiedSince("Mon, 23 Nov 2026 00:00:00 GMT", lm)).toBe(true);
  });
  it("is false before it or for a bad date", () => {
    expect(notModifiedSince("Sat, 21 Nov 2026 23:59:59 GMT", lm)).toBe(false);
    expect(notModifiedSince("yesterday", lm)).toBe(false);
    // Only HTTP-dates count (RFC 9110 §13.1.3): other strings Date.parse reads are ignored.
    for (const other of ["2027", "2026-11-23", "Nov 23 2026", "Sun, 22 Nov 2026 00:00:00 +0000"]) expect(notModifiedSince(other, lm), other).toBe(false);
    expect(notModifiedSince("Sunday, 22-Nov-26 00:00:00 GMT", lm)).toBe(true);
    expect(notModifiedSince("Sun Nov 22 00:00:00 2026", lm)).toBe(true);
    expect(notModifiedSince("Sat Nov 21 23:59:59 2026", lm)).toBe(false);
  });
});

describe("codingFor (chooseCoding looked up per header value)", () => {
  it.each(["gzip, deflate, br", "br;q=0.5, gzip", "gzip;q=0", "identity", "*", "br;q=0, *;q=0.1", ""])("gives chooseCoding's answer for %j, also the second time", (header) => {
    expect(codingFor(header)).toBe(chooseCoding(header));
    expect(codingFor(header)).toBe(chooseCoding(header));
  });
  it("gives identity without the header", () => {
    expect(codingFor(null)).toBe("identity");
  });
  it("still parses values past the lookup's size", () => {
    for (let i = 0; i < 600; i++) codingFor(`gzip;q=0.${i % 10}, x-${i}`);
    expect(codingFor("br;q=0.2, gzip;q=0.9, x-new")).toBe("gzip");
  });
});

describe("matchHits (If-Match, strong comparison) and unmodifiedSince", () => {
  it.each([
    ['"abc"', '"abc"', true],
    ['"x", "abc"', '"abc"', true],
    ["*", '"abc"', true],
    ['W/"abc"', '"abc"', false],
    ['"abc"', 'W/"abc"', false],
    ['"abd"', '"abc"', false],
    ["", '"abc"', false],
    // Any coding of the same body (consumers audit 30 #6); never another body, nor a weak tag.
    ['"abc-gz9"', '"abc-br4"', true],
    ['"abc"', '"abc-br4"', true],
    ['"abc-br11"', '"abc"', true],
    ['"abd-gz9"', '"abc-gz9"', false],
    ['W/"abc-gz9"', '"abc-br4"', false],
  ])("If-Match %s against %s: %s", (header, etag, hit) => expect(matchHits(header, etag)).toBe(hit));
  it("If-Unmodified-Since passes at or after Last-Modified and when it is not an HTTP-date", () => {
    const day = Date.UTC(2026, 10, 22);
    expect(unmodifiedSince("Sun, 22 Nov 2026 00:00:00 GMT", day)).toBe(true);
    expect(unmodifiedSince("Sat, 21 Nov 2026 23:59:59 GMT", day)).toBe(false);
    expect(unmodifiedSince("2026-11-21", day)).toBe(true);
  });
});

describe("acceptQ and prefersHtml (Accept, RFC 9110 §12.5.1): an error as a page or as problem+json", () => {
  it("acceptQ takes the most specific range", () => {
    expect(acceptQ(BROWSER, "text/html")).toBe(1);
    expect(acceptQ(BROWSER, "application/json")).toBe(0.8);
    expect(acceptQ("application/*;q=0.5, application/json;q=0.2", "application/json")).toBe(0.2);
    expect(acceptQ(null, "text/html")).toBe(1);
    expect(acceptQ("text/plain", "text/html")).toBe(0);
  });

  it("acceptQ: a media range given twice counts at its higher q, in either order", () => {
    expect(acceptQ("text/html;q=0.9, text/html;q=0.5", "text/html")).toBe(0.9);
    expect(acceptQ("text/html;q=0.5, text/html;q=0.9", "text/html")).toBe(0.9);
    expect(acceptQ("*/*;q=0.3, */*;q=0.1", "application/json")).toBe(0.3);
  });

  it("page routes prefer HTML unless JSON ranks higher; other paths prefer JSON unless HTML ranks higher", () => {
    expect(prefersHtml(BROWSER, false)).toBe(true);
    expect(prefersHtml("*/*", false)).toBe(false);
    expect(prefersHtml(null, true)).toBe(true);
    expect(prefersHtml("application/json", true)).toBe(false);
    expect(prefersHtml("application/problem+json, text/html;q=0.5", true)).toBe(false);
  });

  it("a page route whose Accept takes neither HTML nor JSON (text/plain) gets no page: problem+json, the default", () => {
    expect(prefersHtml("text/plain", true)).toBe(false);
    expect(prefersHtml("text/html;q=0, application/json;q=0", true)).toBe(false);
    expect(prefersHtml("text/plain", false)).toBe(false);
  });
});

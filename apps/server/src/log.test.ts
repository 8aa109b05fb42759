import { describe, expect, it } from "vitest";
import { ATOMIC_WRITE, atomicChunks, logLine, type AccessEntry } from "./log.ts";

const entry: AccessEntry = { time: "2026-11-26T18:00:00.000Z", method: "GET", path: "/zip/90210", status: 200, bytes: 1234, encoding: "br", ms: 0.4, ip: "127.0.0.1", ua: "curl/8" };

describe("the access log's lines (ops audit 36 #3: lines over 4 KiB from two --workers processes were spliced)", () => {
  it("writes an entry as one JSON line, whole where it fits", () => {
    expect(logLine(entry)).toBe(`${JSON.stringify(entry)}\n`);
  });

  it("cuts a long User-Agent or path so that the line fits one atomic write, still JSON", () => {
    for (const long of [{ ua: "U".repeat(6000) }, { path: `/zip?zip=${"%41".repeat(5000)}` }, { ua: "\u0001".repeat(5000) }, { ua: "é".repeat(5000), path: "/" + "ü".repeat(5000) }]) {
      const line = logLine({ ...entry, ...long });
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(ATOMIC_WRITE);
      expect(line.endsWith("\n")).toBe(true);
      const parsed = JSON.parse(line) as AccessEntry;
      expect(parsed.status).toBe(200);
      expect((parsed.ua ?? "") + parsed.path).toContain("…");
    }
  });

  it("groups whole lines into writes of at most 4,096 bytes", () => {
    const lines = Array.from({ length: 500 }, (_, i) => logLine({ ...entry, path: `/zip/${String(i).padStart(5, "0")}` }));
    const chunks = atomicChunks(lines);
    expect(chunks.join("")).toBe(lines.join(""));
    for (const chunk of chunks) {
      expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(ATOMIC_WRITE);
      expect(chunk.endsWith("\n")).toBe(true);
    }
    expect(chunks.length).toBeGreaterThan(1);
    expect(atomicChunks([])).toEqual([]);
  });
});

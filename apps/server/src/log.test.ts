import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { accessLog, ATOMIC_WRITE, atomicChunks, loggedPath, logLine, type AccessEntry } from "./log.ts";

/** What a non-blocking reader finds in the pipe now, without waiting: "" when it is empty. */
function readAvailable(fd: number): string {
  const buffer = Buffer.alloc(1 << 16);
  let text = "";
  for (;;) {
    try {
      const n = readSync(fd, buffer);
      if (n === 0) return text;
      text += buffer.subarray(0, n).toString("utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") return text;
      throw error;
    }
  }
}

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

describe("the access log and a reader that stops reading (review stop 36 #2: a blocking write stopped the service)", () => {
  it("takes lines without blocking, and its flush gives up after the time it is given; what was written is whole lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sd-log-"));
    const fifo = join(dir, "log");
    execFileSync("mkfifo", [fifo]);
    // Opened for reading and writing, so that opening does not wait for a reader; nothing reads it yet.
    const fd = openSync(fifo, "r+");
    const log = accessLog(false, fd);
    try {
      // Far more than a pipe holds (64 KiB): the writes wait for a reader, the caller does not.
      for (let i = 0; i < 500; i++) log.write({ ...entry, path: `/zip/90210?i=${i}`, ua: "U".repeat(3000) });
      let answered = false;
      setTimeout(() => (answered = true), 0);
      // What the reader did not take is counted (review of the mends, L1): most of 500 lines of 3 KB.
      const unwritten = await log.flush(300);
      expect(answered).toBe(true);
      expect(unwritten).toBeGreaterThan(400);
      expect(unwritten).toBeLessThanOrEqual(500);
      // Read what reached the pipe: whole JSON lines, in order.
      const buffer = Buffer.alloc(1 << 16);
      const got = buffer.subarray(0, readSync(fd, buffer)).toString("utf8");
      const lines = got.split("\n").slice(0, -1);
      expect(lines.length).toBeGreaterThan(0);
      for (const [i, line] of lines.entries()) expect((JSON.parse(line) as AccessEntry).path).toBe(`/zip/90210?i=${i}`);
      // Closed (review of the tests 39: the writer went on writing into the descriptor the test closed):
      // the write under way ends, whole, and none starts after it, with the reader reading again.
      await log.close();
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        const rest = readAvailable(reader);
        expect(Buffer.byteLength(rest)).toBeLessThanOrEqual(ATOMIC_WRITE);
        expect(rest === "" || rest.endsWith("\n")).toBe(true);
        await Bun.sleep(100);
        log.write(entry);
        await Bun.sleep(200);
        expect(readAvailable(reader)).toBe("");
      } finally {
        closeSync(reader);
      }
    } finally {
      await log.close();
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});


describe("the access log when it cannot be written (ops audit 37 #3: a full disk lost every line unsaid)", () => {
  it("counts the lines lost, says the error once on stderr, and gives the count at flush", async () => {
    const fd = openSync("/dev/full", "w");
    const said: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      said.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    const log = accessLog(false, fd);
    try {
      for (let i = 0; i < 3; i++) log.write(entry);
      await Bun.sleep(300);
      for (let i = 0; i < 2; i++) log.write(entry);
      // The 5 lines, and not the line that said 3 were dropped, which was lost too.
      expect(await log.flush(500)).toBe(5);
      expect(said.filter((s) => s.startsWith("access log: cannot write (ENOSPC)")), said.join("|")).toHaveLength(1);
    } finally {
      process.stderr.write = write;
      await log.close();
      closeSync(fd);
    }
  });
});

describe("loggedPath: no home's address or position beside an IP (review 38 #2)", () => {
  it.each([
    ["/zip?zip=12+Elm+Street+Apt+3%2C+Springfield%2C+IL+62704", "/zip?zip=(42)"],
    ["/zip?zip=Springfield%2C+IL", "/zip?zip=(15)"],
    ["/location?lat=39.781721&lon=-89.650148&acc=8", "/location?lat=39.78&lon=-89.65&acc=8"],
    ["/location?lat=40&lon=-74.5", "/location?lat=40&lon=-74.5"],
    ["/location?lat=39%C2%B046%27N&lon=x", "/location?lat=(7)&lon=(1)"],
    // A ZIP code, a state code, a number of results: kept; a path alone is the page's.
    ["/zip?zip=90210", "/zip?zip=90210"],
    ["/zip?zip=90210-1234", "/zip?zip=90210-(4)"],
    ["/zip?12+Elm+Street", "/zip?(13)"],
    ["/district?state=RI", "/district?state=RI"],
    ["/zip/90210", "/zip/90210"],
    ["/zip/90210-1234", "/zip/90210-(4)"],
    ["/zip/902101234.json", "/zip/90210-(4).json"],
    ["/zip/12%20Elm%20Street%2C%20Springfield", "/zip/(26)"],
    ["/state/CA/districts.json", "/state/CA/districts.json"],
    ["/zip?zip=%E0%A4", "/zip?zip=(6)"],
  ])("%s is logged as %s", (path, logged) => {
    expect(loggedPath(path)).toBe(logged);
  });
});

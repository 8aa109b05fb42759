import { describe, expect, it } from "vitest";
import { workerArgv, workerNumber } from "./workers.ts";

describe("workers", () => {
  it("gives a worker the primary's arguments with the primary's port and one worker", () => {
    expect(workerArgv(["--port", "0", "--workers", "2", "--quiet"], 8123)).toEqual(["--quiet", "--port", "8123", "--workers", "1"]);
    expect(workerArgv(["--port=0", "--workers=3", "--base-url", "https://x.example"], 9)).toEqual(["--base-url", "https://x.example", "--port", "9", "--workers", "1"]);
  });
  it("reads the worker number from the environment", () => {
    expect(workerNumber({})).toBe(0);
    expect(workerNumber({ SCHOOL_DISTRICTS_WORKER: "2" })).toBe(2);
    expect(workerNumber({ SCHOOL_DISTRICTS_WORKER: "x" })).toBe(0);
  });
});

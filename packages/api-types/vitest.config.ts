import { defineConfig } from "vitest/config";

// The drift test spawns openapi-typescript over openapi.json: 1.6-5 s measured, busy machine.
// Timeouts guard against hangs only; tests assert no durations.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

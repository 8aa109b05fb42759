import { defineConfig } from "vitest/config";

// Unit tests run on small synthetic fixtures (under 0.1 s each); the real-data checks of
// test/reproducible.test.ts reload CCD and GRF21 (seconds), and its rebuild hook sets its own,
// larger timeout.
// Timeouts guard against hangs only; tests assert no durations.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from "vitest/config";

// Unit tests run on small synthetic fixtures (under 0.1 s each); the reproducibility test
// rebuilds the whole dataset from ../shared/data/raw and sets its own, larger timeout.
// Timeouts guard against hangs only; tests assert no durations.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

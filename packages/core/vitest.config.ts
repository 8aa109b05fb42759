import { defineConfig } from "vitest/config";

// The loader test parses and hashes a synthetic dataset: 0.9 s measured with both cores busy (load average 10).
// Timeouts guard against hangs only; tests assert no durations.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

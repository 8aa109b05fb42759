import { defineConfig } from "vitest/config";

// Render, export and compression tests work on whole synthetic datasets: 2.7 s the slowest, measured with both cores busy (load average 10); beforeAll hooks build sites and exports.
// Timeouts guard against hangs only; tests assert no durations.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

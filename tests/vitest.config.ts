import { defineConfig } from "vitest/config";

// Black-box suites start the compiled binary (and chromium): generous timeouts,
// and one file at a time so the servers do not compete for the CPU.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

import { defineConfig } from "vitest/config";

// Guards against hangs only: under `bun run test` turbo runs every package at once on a busy
// 2-core machine, where loading and checking the committed dataset takes tens of seconds.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

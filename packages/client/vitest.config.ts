import { defineConfig } from "vitest/config";

// Guards against hangs only: under `bun run test` turbo runs every package at once on a busy
// 2-core machine, where generating the types and compiling the package take tens of seconds.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from "vitest/config";

// Timeouts guard against hangs only: sized for a busy shared 2-core machine (the default 5 s
// is not, under a full `bun run test` with other work running).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});

import { defineConfig } from "vitest/config";

// Binds loopback ports: well under 0.1 s per test even with both cores busy.
// Timeouts guard against hangs only; tests assert no durations.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
    // Prism takes a few seconds to start on a 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

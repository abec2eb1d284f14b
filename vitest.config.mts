import { defineConfig } from "vitest/config";
import { packageAliases } from "./test/support/package-aliases";

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
    // Prism takes a few seconds to start on a 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

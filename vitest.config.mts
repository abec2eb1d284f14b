import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// vitest runs from the project root (npm scripts do).
const src = (file: string) => resolve(process.cwd(), "src", file);

export default defineConfig({
  resolve: {
    // Examples and samples import the package by name, as users do; in tests that is the source
    // (tsconfig.json `paths` says the same to tsc).
    alias: [
      { find: /^payment-apis-toolkit$/, replacement: src("index.ts") },
      { find: /^payment-apis-toolkit\/(gateway|merchant)$/, replacement: src("$1.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
    // Prism takes a few seconds to start on a 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

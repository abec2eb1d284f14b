import { defineConfig } from "vitest/config";
import { packageAliases } from "./test/support/package-aliases";
import SlowFirstSequencer from "./test/support/slow-first-sequencer";

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", "./test/support/plain-summary-reporter.ts"],
    // Most long files wait on child processes (npm, tsc, Prism, Chromium, generators): vitest's
    // default of one worker per core but one (a single worker on 2 cores) leaves the CPU idle.
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
    // Prism takes a few seconds to start on a 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

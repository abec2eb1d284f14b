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
    // Files share their worker's module cache: the specs are read and the validators compiled once
    // per worker, not once per file (a sixth of the run's CPU). Every file starts its own servers
    // and restores what it stubs, so nothing else carries over.
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
    // Backstops against a hang, not measures of speed: three times what a quiet 2-core machine
    // needs, so that they hold on a shared runner three times busier. Work on child processes is
    // bounded by their progress (test/support/processes.ts), never by these.
    hookTimeout: 180_000,
    testTimeout: 90_000,
  },
});

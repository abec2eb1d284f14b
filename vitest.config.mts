import { defineConfig } from "vitest/config";
import { packageAliases } from "./test/support/package-aliases";
import SlowFirstSequencer from "./test/support/slow-first-sequencer";

const HANG_GUARD_MS = 10 * 60_000;

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
    setupFiles: ["./test/support/stop-left-children.ts"],
    // One guard against a hang, for every test, hook and expect.poll, and no other wall-clock limit
    // in the suite: not a speed target. All of `npm test` takes some 3 min on a quiet 2-core machine
    // (docs/benchmarks.md), so no single test or hook comes near 10 min on a runner three times
    // busier; a hang is then reported by name with most of CI's 90-min job limit left. Waits on
    // child processes and servers end on progress instead (ready line, exit, stall:
    // test/support/processes.ts), browser waits have no limit of their own (test/support/browser.ts).
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    expect: { poll: { timeout: HANG_GUARD_MS } },
  },
});

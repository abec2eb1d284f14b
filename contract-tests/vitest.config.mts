import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The contract suite, runnable alone against any target: `payment-apis contract` (the testkit's
// command line; `npm run contract` in this checkout), with CONTRACT_TARGET=sandbox|mock|external
// (see docs/contract-tests.md). The same file runs from a checkout and from the installed
// testkit package, where the suite's files sit under node_modules.

/**
 * A fixed order, cheapest and most telling first: conformance, then behaviour, then fuzzing
 * (alphabetical within each). With `--bail` (the mutants runner) a fault is reported by the
 * most specific test that sees it, and runs do not depend on vitest's cache of past failures.
 */
const ORDER = ["/conformance/", "/behaviour/", "/fuzz/"];

class ContractSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = ORDER.findIndex((part) => file.moduleId.replace(/\\/g, "/").includes(part));
      return index < 0 ? ORDER.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

const reporters: Array<string | [string, Record<string, unknown>]> = [
  process.env.CONTRACT_REPORTER === "dot" ? "dot" : "default",
  "./contract-tests/support/reporter.ts",
];
if (process.env.CONTRACT_JUNIT) reporters.push(["junit", { outputFile: process.env.CONTRACT_JUNIT, suiteName: "contract" }]);

export default defineConfig({
  test: {
    include: ["contract-tests/**/*.test.ts"],
    // Relative to the root, so an installed suite (under node_modules) is not excluded.
    exclude: ["**/node_modules/**/node_modules/**"],
    globalSetup: ["contract-tests/targets/global-setup.ts"],
    // The waivers' claims observe every answer of the sandbox target (rules/claims-setup.ts).
    setupFiles: ["contract-tests/rules/claims-setup.ts"],
    reporters,
    // The suite is TypeScript: transform it (and the sandbox it starts) even when installed.
    server: { deps: { inline: [/payment-apis-testkit/] } },
    // One target, shared state (test clock, rate-limit windows): the files run one after another.
    fileParallelism: false,
    // The files already run one after another in one worker: sharing its module cache spares each
    // file loading the specs and compiling the same validators again (about 40% of the run's CPU).
    isolate: false,
    sequence: { shuffle: false, sequencer: ContractSequencer },
    // No wall-clock limit per test or hook: on a busy machine a test is slow, not wrong. A target
    // that stops answering fails the request that waits for it (support/connections.ts, ANSWER_STALL_MS).
    hookTimeout: 0,
    testTimeout: 0,
  },
});

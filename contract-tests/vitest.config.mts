import { defineConfig } from "vitest/config";
import { packageAliases } from "../test/support/package-aliases";
import ContractSequencer from "./support/sequencer";

// The contract suite, runnable alone against any target: `npm run contract`, with
// CONTRACT_TARGET=sandbox|mock|external (see docs/contract-tests.md).

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ["contract-tests/**/*.test.ts"],
    globalSetup: ["contract-tests/targets/global-setup.ts"],
    reporters: [process.env.CONTRACT_REPORTER === "dot" ? "dot" : "default", "./contract-tests/support/reporter.ts"],
    // One target, shared state (test clock, rate-limit windows): the files run one after another.
    fileParallelism: false,
    sequence: { shuffle: false, sequencer: ContractSequencer },
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

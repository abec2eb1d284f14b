import type { Reporter, TestModule } from "vitest/node";
import { countOutcomes, testOutcomes } from "../../contract-tests/support/test-outcomes";

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, which CI reads as the
 * run's test count (it does not parse vitest's own summary). A test that did not run because a
 * hook of its file or describe block failed, and a file that failed to load, count as failed.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = countOutcomes(testOutcomes(testModules));
    console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}

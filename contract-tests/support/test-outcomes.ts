import type { TestCase, TestModule, TestSuite } from "vitest/node";

/**
 * Each test's outcome as a run's closing line counts it. Vitest reports a test whose `beforeAll`
 * (of its describe block or of its file) threw as skipped, and a file that failed to load as no
 * test at all: both are failures here, so a closing line never reads "0 failed" for a run in
 * which a file failed.
 */
export interface TestOutcome {
  /** The test, or undefined for a file that failed before any test was collected. */
  test?: TestCase;
  name: string;
  state: "passed" | "failed" | "skipped";
  /** Why it failed, or why it was skipped (empty when it passed). */
  message: string;
}

const messages = (errors: ReadonlyArray<{ message?: string }>) => errors.map((error) => error.message ?? "").join("\n");

/** The errors of the nearest describe block or file around `test` that failed outside any test (a hook). */
function enclosingFailure(test: TestCase): string | undefined {
  let parent: TestSuite | TestModule = test.parent;
  for (;;) {
    const errors = parent.errors();
    if (errors.length > 0) return `not run: ${parent.type === "module" ? "its file" : `"${parent.fullName}"`} failed: ${messages(errors)}`;
    if (parent.type === "module") return undefined;
    parent = parent.parent;
  }
}

export function testOutcomes(testModules: ReadonlyArray<TestModule>): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  for (const module of testModules) {
    const failedTests = new Set<TestCase>();
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === "passed") outcomes.push({ test, name: test.fullName, state: "passed", message: "" });
      else if (result.state === "failed") {
        failedTests.add(test);
        outcomes.push({ test, name: test.fullName, state: "failed", message: messages(result.errors ?? []) });
      } else {
        const failure = test.options.mode === "run" || test.options.mode === "only" ? enclosingFailure(test) : undefined;
        if (failure) failedTests.add(test);
        const note = result.state === "skipped" ? (result.note ?? "skipped without a reason") : "not run";
        outcomes.push({ test, name: test.fullName, state: failure ? "failed" : "skipped", message: failure ?? note });
      }
    }
    // A hook that failed after its tests ran (afterAll), or a file that failed before it had any:
    // a failure of its own when no test under it counts as failed.
    for (const group of [module, ...module.children.allSuites()]) {
      const errors = group.errors();
      if (errors.length === 0 || [...group.children.allTests()].some((test) => failedTests.has(test))) continue;
      const name = group.type === "module" ? group.moduleId : group.fullName;
      outcomes.push({
        name,
        state: "failed",
        message: `${group.type === "module" ? "the file" : `"${name}"`} failed outside its tests: ${messages(errors)}`,
      });
    }
  }
  return outcomes;
}

/** `passed`, `failed` and `skipped` counts of `outcomes`. */
export function countOutcomes(outcomes: readonly TestOutcome[]): Record<TestOutcome["state"], number> {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const outcome of outcomes) counts[outcome.state] += 1;
  return counts;
}

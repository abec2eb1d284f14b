import type { Reporter, TestModule } from "vitest/node";

/**
 * The contract suite's closing report: every skipped test with its reason (a test is never
 * skipped silently), then one plain line `contract: N passed, N failed, N skipped`.
 */
export default class ContractReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const reasons = new Map<string, string[]>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") counts.passed += 1;
        else if (result.state === "failed") counts.failed += 1;
        else {
          counts.skipped += 1;
          const note = result.state === "skipped" ? (result.note ?? "skipped without a reason") : "not run";
          const names = reasons.get(note) ?? [];
          names.push(test.fullName);
          reasons.set(note, names);
        }
      }
    }
    if (reasons.size > 0) {
      console.log("\nSkipped, with the reason:");
      for (const [reason, names] of reasons) {
        console.log(`  ${reason} (${names.length}):`);
        for (const name of names) console.log(`    - ${name}`);
      }
    }
    console.log(`\ncontract: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}

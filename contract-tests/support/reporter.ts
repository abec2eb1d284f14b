import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * The contract suite's closing report: every skipped test with its reason (a test is never
 * skipped silently), then one plain line `contract: N passed, N failed, N skipped`. With
 * the slowest tests against the test timeout (the headroom a slow machine leaves), and with
 * CONTRACT_RESULTS_FILE set, every test's outcome, the rule ids it declares and the start of its
 * failure message are also written there as JSON (the mutation run reads them).
 */
export default class ContractReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const results: Array<{ project: string; name: string; title: string; file: string; state: string; rules: string[]; message: string }> = [];
    const reasons = new Map<string, string[]>();
    const durations: Array<{ name: string; ms: number }> = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        const errors = (result as { errors?: ReadonlyArray<{ message?: string }> }).errors ?? [];
        results.push({ project: test.project.name, name: test.fullName, title: test.name, file: module.moduleId, state: result.state, rules: [...((test.meta() as { rules?: string[] }).rules ?? [])], message: errors.map((e) => e.message ?? "").join("\n").slice(0, 4000) });
        durations.push({ name: test.fullName, ms: test.diagnostic()?.duration ?? 0 });
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
    const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 3);
    if (slowest.length > 0) console.log(`\nslowest tests: ${slowest.map((t) => `${(t.ms / 1000).toFixed(1)} s ${t.name}`).join("; ")}`);
    if (process.env.CONTRACT_RESULTS_FILE) writeFileSync(process.env.CONTRACT_RESULTS_FILE, JSON.stringify(results));
    console.log(`\ncontract: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}

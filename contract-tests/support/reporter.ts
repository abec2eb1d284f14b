import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";
import { maskPans } from "../../src/toolkit/clients/common/redact";
import { stripVTControlCharacters } from "node:util";
import { countOutcomes, testOutcomes, type TestOutcome } from "./test-outcomes";

/** At most this many failures are printed in full (name, reason, reproduction); the others are counted. */
const FAILURES_SHOWN = 10;

interface Failure {
  name: string;
  rules: string[];
  operation: string;
  reason: string;
  reproduction?: string;
}

/**
 * The contract suite's closing report: every skipped test with its reason (a test is never
 * skipped silently); the failures grouped by the rule ids their tests declare and by the
 * operation of the request each failure is about, one line per group with its count, then the
 * first FAILURES_SHOWN failures in full: test name, one-line reason, and the reproduction of
 * that request (a curl command, secrets as shell variables: ./reproduction.ts); the answers the
 * typed clients absorbed, under the test that made them (./client-answers.ts); then one plain
 * line `contract: N passed, N failed, N skipped`. With the three slowest tests, and with CONTRACT_RESULTS_FILE set, every
 * test's outcome, the rule ids it declares, the start of its failure message and its
 * reproduction are also written there as JSON (the mutation run reads them). Nothing here is
 * coloured.
 */
/** One test's outcome as the reporter writes it to the results file (the mutation run reads it). */
export interface TestResult {
  project: string;
  name: string;
  title: string;
  file: string;
  state: string;
  rules: string[];
  message: string;
  operationId?: string;
  reproduction?: string;
}

export default class ContractReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const results: TestResult[] = [];
    const reasons = new Map<string, string[]>();
    const durations: Array<{ name: string; ms: number }> = [];
    const failures: Failure[] = [];
    const absorbed: string[] = [];
    const outcomes = testOutcomes(testModules);
    for (const outcome of outcomes) {
      const { test, state, message } = outcome;
      const meta = test?.meta();
      results.push({
        project: test?.project.name ?? "",
        name: outcome.name,
        title: test?.name ?? outcome.name,
        file: test?.module.moduleId ?? outcome.name,
        state,
        rules: [...(meta?.rules ?? [])],
        message: message.slice(0, 4000),
        operationId: meta?.operationId,
        reproduction: meta?.reproduction,
      });
      if (test) durations.push({ name: test.fullName, ms: test.diagnostic()?.duration ?? 0 });
      if (meta?.absorbed) absorbed.push(`  ${outcome.name}:`, ...meta.absorbed.map((line) => `    - ${line}`));
      if (state === "failed") failures.push(failureOf(outcome));
      else if (state === "skipped") {
        const names = reasons.get(message) ?? [];
        names.push(outcome.name);
        reasons.set(message, names);
      }
    }
    const counts = countOutcomes(outcomes);
    if (reasons.size > 0) {
      console.log("\nSkipped, with the reason:");
      for (const [reason, names] of reasons) {
        console.log(`  ${reason} (${names.length}):`);
        for (const name of names) console.log(`    - ${name}`);
      }
    }
    if (absorbed.length > 0)
      console.log(`\nAnswers the typed clients absorbed (each checked like any other answer):\n${absorbed.join("\n")}`);
    const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 3);
    if (slowest.length > 0) console.log(`\nslowest tests: ${slowest.map((t) => `${(t.ms / 1000).toFixed(1)} s ${t.name}`).join("; ")}`);
    if (failures.length > 0) console.log(`\n${failureSummary(failures)}`);
    if (process.env.CONTRACT_RESULTS_FILE) writeFileSync(process.env.CONTRACT_RESULTS_FILE, JSON.stringify(results));
    console.log(`\ncontract: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}

function failureOf({ test, name, message }: TestOutcome): Failure {
  const meta = test?.meta();
  const operation = meta?.operationId ?? (meta?.reproduction ? "(a request to no operation of the specs)" : "(no request)");
  return { name, rules: [...(meta?.rules ?? [])], operation, reason: oneLine(message), reproduction: meta?.reproduction };
}

/** The reason in one line: the message's first line, and the next one when the first only announces it (`...:`). */
export function oneLine(message: string): string {
  // Without a diff's colours.
  const lines = stripVTControlCharacters(message)
    .split("\n")
    .map((line) => line.trim().replace(/^- /, ""))
    .filter((line) => line !== "");
  const reason = (lines[0]?.endsWith(":") && lines[1] ? `${lines[0]} ${lines[1]}` : (lines[0] ?? "(no message)")).replace(/\s+/g, " ");
  return maskPans(reason.length > 300 ? `${reason.slice(0, 300)}...` : reason);
}

/** Counts by key, the largest first (ties by name), as aligned lines. */
function groupLines(keys: string[]): string[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const sorted = [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  const width = Math.max(...sorted.map(([key]) => key.length));
  return sorted.map(([key, n]) => `  ${key.padEnd(width)}  ${n} failed`);
}

/** The failures by rule and by operation, then the first FAILURES_SHOWN in full. */
export function failureSummary(failures: Failure[]): string {
  const lines = [
    `Failures by rule (${failures.length} failed tests; a test counts under each rule it declares):`,
    ...groupLines(failures.flatMap((f) => (f.rules.length > 0 ? f.rules : ["(declares no rule)"]))),
    "Failures by operation (of the request each failure is about):",
    ...groupLines(failures.map((f) => f.operation)),
    "",
    `Failures${failures.length > FAILURES_SHOWN ? ` (the first ${FAILURES_SHOWN} of ${failures.length})` : ""}, each with the request to reproduce it (set the $VARIABLES first):`,
  ];
  failures.slice(0, FAILURES_SHOWN).forEach((failure, i) => {
    lines.push(
      `${i + 1}) ${failure.name}`,
      `   reason: ${failure.reason}`,
      `   rules: ${failure.rules.join(", ") || "(none declared)"}; operation: ${failure.operation}`,
    );
    if (failure.reproduction) lines.push("   reproduce:", ...failure.reproduction.split("\n").map((line) => `     ${line}`));
    else lines.push("   reproduce: (the test sent no request before it failed)");
  });
  if (failures.length > FAILURES_SHOWN)
    lines.push(
      `... and ${failures.length - FAILURES_SHOWN} more failed tests, counted above (vitest's report above has each one's message)`,
    );
  return lines.join("\n");
}

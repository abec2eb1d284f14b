/**
 * `npm run test:contract` (the last step of `npm test`): the rule inventory check (every rule of
 * the specs proven by a named scenario or waived), the contract suite against the sandbox and
 * against the Prism mock, Dredd against both, and the mutation run. The steps are independent
 * (each starts its own targets on free ports), so they run side by side, as many at a time as
 * the machine has cores, the mutation run first and the short ones at a lower priority; each
 * step's output is printed whole when it ends. Every step runs even if another failed; the
 * closing lines give each step's counts and duration, then one plain total line. SIGINT or
 * SIGTERM stops every running step (each stops what it started), starts no other, and exits 130
 * or 143 (src/testkit/serve/lifecycle.ts). The steps stay in this process's session and process
 * group: the machine schedules them, at their lower priority, as part of this run.
 */
import { availableParallelism, setPriority } from "node:os";
import { join, resolve } from "node:path";
import { colourEnvironment } from "../src/testkit/cli/commands/contract";
import { startChild } from "../src/testkit/serve/children";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { stripVTControlCharacters } from "node:util";

const root = resolve(__dirname, "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The step's closing line: `<word>: N passed, N failed[, N skipped]`. */
  summary: RegExp;
  /** Started first, at the usual priority (see yieldToOtherWork). */
  longest?: true;
}

const suite = ["run", "--config", "contract-tests/vitest.config.mts"];
const steps: Step[] = [
  // The spec's rules, each proven by a named scenario or waived with a reason (docs/contract-rules.md up to date).
  {
    name: "rule inventory",
    command: bin("ts-node"),
    args: ["scripts/contract-rules.ts", "--check"],
    summary: /^rules: (\d+) passed, (\d+) failed/m,
  },
  {
    name: "suite vs sandbox",
    command: bin("vitest"),
    args: suite,
    env: { CONTRACT_TARGET: "sandbox", CONTRACT_REPORTER: "dot" },
    summary: /^contract: (\d+) passed, (\d+) failed, (\d+) skipped/m,
  },
  {
    name: "suite vs mock",
    command: bin("vitest"),
    args: suite,
    env: { CONTRACT_TARGET: "mock", CONTRACT_REPORTER: "dot" },
    summary: /^contract: (\d+) passed, (\d+) failed, (\d+) skipped/m,
  },
  {
    name: "dredd (sandbox, mock)",
    command: bin("ts-node"),
    args: ["contract-tests/dredd/run.ts"],
    summary: /^dredd: (\d+) passed, (\d+) failed, (\d+) skipped/m,
  },
  {
    name: "mutants",
    command: bin("ts-node"),
    args: ["contract-tests/mutants/run.ts"],
    summary: /^mutants: (\d+) passed, (\d+) failed/m,
    longest: true,
  },
];

/** How many steps run at once: CONTRACT_STEPS_AT_ONCE (1 to 16), else the number of cores (all at once starved Prism's start). */
function lanes(): number {
  const raw = process.env.CONTRACT_STEPS_AT_ONCE;
  if (raw === undefined || raw === "") return Math.max(2, availableParallelism());
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`CONTRACT_STEPS_AT_ONCE must be an integer from 1 to 16, not '${raw}'`);
  return n;
}

/**
 * The short steps, and all they start, run at a lower priority: `npm test` runs them beside the
 * unit tests, and the long chains of processes (the mutation run here; the packages test there,
 * pack, install, compile, serve) go first while the short ones fill the cores around them.
 * Alone, a lower priority changes nothing.
 */
function yieldToOtherWork(pid: number): void {
  try {
    setPriority(pid, 10);
  } catch {
    /* not allowed here: run at the usual priority */
  }
}

async function run(step: Step): Promise<{ passed: number; failed: number; skipped: number; code: number; seconds: number }> {
  const started = Date.now();
  // The targets are chosen here, whatever the caller's environment says.
  // Each step's output is printed where ours goes: no colour codes unless that is a terminal.
  const env = colourEnvironment({ ...process.env, ...step.env }, process.stdout.isTTY === true);
  for (const name of ["GATEWAY_BASE_URL", "MERCHANT_BASE_URL"]) delete env[name];
  const child = startChild(step.command, step.args, { cwd: root, env });
  if (child.process.pid !== undefined && !step.longest) yieldToOtherWork(child.process.pid);
  const finished = await child.finished;
  const [code, output] = [finished.code ?? 1, finished.output];
  process.stdout.write(`\n=== ${step.name} ===\n${output}`);
  const match = step.summary.exec(stripVTControlCharacters(output));
  const [passed, failed, skipped] = match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : [0, 1, 0];
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed, skipped, code, seconds: (Date.now() - started) / 1000 };
}

async function main(lifecycle: Lifecycle): Promise<void> {
  const queue = [...steps].sort((a, b) => Number(b.longest ?? false) - Number(a.longest ?? false));
  const results: Array<{ step: Step } & Awaited<ReturnType<typeof run>>> = [];
  const lane = async () => {
    for (let step = queue.shift(); step && !lifecycle.signal; step = queue.shift()) results.push({ step, ...(await run(step)) });
  };
  await Promise.all(Array.from({ length: lanes() }, lane));
  results.sort((a, b) => steps.indexOf(a.step) - steps.indexOf(b.step));
  console.log("\n=== contract tests ===");
  for (const r of results) {
    console.log(
      `${r.step.name.padEnd(24)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(5)} skipped ${r.seconds.toFixed(1).padStart(7)} s${r.code !== 0 ? "  FAILED" : ""}`,
    );
  }
  const total = results.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  console.log(`\ncontract: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (results.some((r) => r.code !== 0)) process.exitCode ??= 1;
}

if (require.main === module) {
  const lifecycle = new Lifecycle();
  void lifecycle.run(() => main(lifecycle));
}

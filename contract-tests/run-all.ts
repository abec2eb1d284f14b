/**
 * `npm run test:contract` (the last step of `npm test`): the rule inventory check (every rule of
 * the specs proven by a named scenario or waived), the contract suite against the sandbox and
 * against the Prism mock, Dredd against both, and the mutation run. Every step runs even if
 * an earlier one failed; the closing lines give each step's counts and duration, then one plain
 * total line.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The step's closing line: `<word>: N passed, N failed[, N skipped]`. */
  summary: RegExp;
}

const suite = ["run", "--config", "contract-tests/vitest.config.mts"];
const steps: Step[] = [
  // The spec's rules, each proven by a named scenario or waived with a reason (docs/contract-rules.md up to date).
  { name: "rule inventory", command: bin("ts-node"), args: ["scripts/contract-rules.ts", "--check"], summary: /^rules: (\d+) passed, (\d+) failed/m },
  { name: "suite vs sandbox", command: bin("vitest"), args: suite, env: { CONTRACT_TARGET: "sandbox", CONTRACT_REPORTER: "dot" }, summary: /^contract: (\d+) passed, (\d+) failed, (\d+) skipped/m },
  { name: "suite vs mock", command: bin("vitest"), args: suite, env: { CONTRACT_TARGET: "mock", CONTRACT_REPORTER: "dot" }, summary: /^contract: (\d+) passed, (\d+) failed, (\d+) skipped/m },
  { name: "dredd (sandbox, mock)", command: bin("ts-node"), args: ["contract-tests/dredd/run.ts"], summary: /^dredd: (\d+) passed, (\d+) failed, (\d+) skipped/m },
  { name: "mutants", command: bin("ts-node"), args: ["contract-tests/mutants/run.ts"], summary: /^mutants: (\d+) passed, (\d+) failed/m },
];

async function run(step: Step): Promise<{ passed: number; failed: number; skipped: number; code: number; seconds: number }> {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  // The targets are chosen here, whatever the caller's environment says.
  const env = { ...process.env, ...step.env };
  for (const name of ["GATEWAY_BASE_URL", "MERCHANT_BASE_URL"]) delete env[name];
  const child = spawn(step.command, step.args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number>((done) => child.on("close", (c) => done(c ?? 1)));
  const match = step.summary.exec(output.replace(/\u001b\[[0-9;]*m/g, ""));
  const [passed, failed, skipped] = match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : [0, 1, 0];
  return { passed, failed: code !== 0 && failed === 0 ? 1 : failed, skipped, code, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const results = [];
  for (const step of steps) results.push({ step, ...(await run(step)) });
  console.log("\n=== contract tests ===");
  for (const r of results) {
    console.log(`${r.step.name.padEnd(24)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(5)} skipped ${r.seconds.toFixed(1).padStart(7)} s${r.code !== 0 ? "  FAILED" : ""}`);
  }
  const total = results.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
  console.log(`\ncontract: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (results.some((r) => r.code !== 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

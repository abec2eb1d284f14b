/**
 * How long `npm test` takes, step by step: this commit against a baseline commit, in one run.
 *
 * Both are fresh clones of the repository in a temporary folder, installed with `npm ci` (not
 * timed), then each step of their own `npm test` script (its `&&`-separated commands) is run
 * and timed as a whole process, the baseline first. Uncommitted changes are not measured.
 *
 *   npm run bench:test                      # baseline: the commit before the test-time work
 *   npm run bench:test -- --baseline <ref>  # any commit
 *   npm run bench:test -- --write           # also record the table in docs/benchmarks.md
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "./lib/apis";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { machineLine } from "./lib/machine";

/** The last commit before `npm test` was made faster (its run took about 342 s in CI). */
const DEFAULT_BASELINE = "8c6252f";

interface StepTiming {
  step: string;
  seconds: number;
  ok: boolean;
}

function git(args: string[], cwd = projectRoot): string {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** A fresh, installed clone of `commit`. */
function checkout(commit: string, parent: string): string {
  const dir = join(parent, commit.slice(0, 12));
  git(["clone", "--quiet", projectRoot, dir]);
  git(["checkout", "--quiet", "--detach", commit], dir);
  const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (install.status !== 0) throw new Error(`npm ci failed in the clone of ${commit}`);
  return dir;
}

/** The commands of a checkout's `npm test`, in order. */
function testSteps(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const script = manifest.scripts?.test;
  if (!script) throw new Error(`${dir}/package.json has no test script`);
  return script.split("&&").map((step) => step.trim()).filter(Boolean);
}

function runStep(step: string, dir: string): Promise<StepTiming> {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    // Output goes to this terminal's stderr so that a failing step can be read; figures to stdout.
    const child = spawn("bash", ["-c", step], { cwd: dir, stdio: ["ignore", process.stderr, process.stderr], env: { ...process.env, CI: "1" } });
    child.on("close", (code) => resolve({ step, seconds: Number(process.hrtime.bigint() - started) / 1e9, ok: code === 0 }));
  });
}

async function timeTestRun(dir: string): Promise<StepTiming[]> {
  const timings: StepTiming[] = [];
  for (const step of testSteps(dir)) {
    const timing = await runStep(step, dir);
    timings.push(timing);
    console.error(`\n[bench:test] ${dir}: ${step}: ${timing.seconds.toFixed(1)} s${timing.ok ? "" : " (FAILED)"}\n`);
    if (!timing.ok) break;
  }
  return timings;
}

function table(baseline: StepTiming[], current: StepTiming[]): string[] {
  const cell = (t: StepTiming | undefined) => (t ? `${t.seconds.toFixed(1)}${t.ok ? "" : " (failed)"}` : "—");
  const steps = [...new Set([...baseline.map((t) => t.step), ...current.map((t) => t.step)])];
  const total = (ts: StepTiming[]) => ts.reduce((sum, t) => sum + t.seconds, 0);
  const rows = steps.map((step) => `| \`${step}\` | ${cell(baseline.find((t) => t.step === step))} | ${cell(current.find((t) => t.step === step))} |`);
  const ratio = total(current) / total(baseline);
  return [
    "| step of `npm test` | baseline s | this commit s |",
    "|---|---:|---:|",
    ...rows,
    `| **total** | **${total(baseline).toFixed(1)}** | **${total(current).toFixed(1)}** |`,
    "",
    `This commit's \`npm test\` takes ${(ratio * 100).toFixed(0)}% of the baseline's wall time (goal: at most 50%).`,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { baseline: { type: "string", default: DEFAULT_BASELINE }, write: { type: "boolean", default: false } } });
  const baselineCommit = git(["rev-parse", "--verify", `${values.baseline}^{commit}`]);
  const currentCommit = git(["rev-parse", "HEAD"]);
  const parent = mkdtempSync(join(tmpdir(), "bench-test-"));
  const cleanUp = () => rmSync(parent, { recursive: true, force: true });
  process.once("SIGINT", () => (cleanUp(), process.exit(130)));
  process.once("SIGTERM", () => (cleanUp(), process.exit(143)));
  try {
    const started = new Date();
    const load = loadavg();
    const baseline = await timeTestRun(checkout(baselineCommit, parent));
    const current = await timeTestRun(checkout(currentCommit, parent));
    recordBenchmark("bench:test", [
      `Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine(load)}.`,
      "",
      `Baseline ${baselineCommit.slice(0, 12)}, this commit ${currentCommit.slice(0, 12)}; each a fresh clone after \`npm ci\` (not timed), each step of its own \`npm test\` timed as a whole process, one run each, baseline first.`,
      "",
      ...table(baseline, current),
    ]);
    if (![...baseline, ...current].every((t) => t.ok)) process.exitCode = 1;
  } finally {
    cleanUp();
  }
}

void main();

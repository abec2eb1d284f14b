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
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runChild, runChildSync } from "../src/testkit/serve/children";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { git, installedClone } from "./lib/fresh-clone";
import { machineLine } from "./lib/machine";

/** The last commit before `npm test` was made faster (its run took about 342 s in CI). */
const DEFAULT_BASELINE = "8c6252f";

interface StepTiming {
  step: string;
  seconds: number;
  /** CPU seconds (user + system) of the step's processes, where the system tells (Linux). */
  cpuSeconds: number | undefined;
  ok: boolean;
}

const clockTicks = Number(runChildSync("getconf", ["CLK_TCK"]).stdout.trim()) || 100;

/**
 * CPU seconds of this process's children that have ended and been waited for (cutime + cstime
 * of /proc/self/stat): a step's figure is the difference across it. Each process in a step waits
 * for its own children, so theirs is included. Undefined where there is no /proc.
 */
function endedChildrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name, which is in parentheses: the 3rd field of the line comes first.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / clockTicks;
  } catch {
    return undefined;
  }
}

/** The commands of a checkout's `npm test`, in order. */
function testSteps(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const script = manifest.scripts?.test;
  if (!script) throw new Error(`${dir}/package.json has no test script`);
  return script
    .split("&&")
    .map((step) => step.trim())
    .filter(Boolean);
}

async function runStep(step: string, dir: string): Promise<StepTiming> {
  const started = process.hrtime.bigint();
  const cpuBefore = endedChildrenCpuSeconds();
  // Output goes to this terminal's stderr so that a failing step can be read; figures to stdout.
  // A group of its own: a stop reaches every process of the step, not only its shell.
  const { code } = await runChild("bash", ["-c", step], {
    cwd: dir,
    stdio: ["ignore", process.stderr, process.stderr],
    env: { ...process.env, CI: "1" },
    ownGroup: true,
  });
  const cpuAfter = endedChildrenCpuSeconds();
  const cpuSeconds = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { step, seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuSeconds, ok: code === 0 };
}

async function timeTestRun(dir: string): Promise<StepTiming[]> {
  const timings: StepTiming[] = [];
  for (const step of testSteps(dir)) {
    const timing = await runStep(step, dir);
    timings.push(timing);
    console.error(
      `\n[bench:test] ${dir}: ${step}: ${timing.seconds.toFixed(1)} s, CPU ${timing.cpuSeconds?.toFixed(1) ?? "?"} s${timing.ok ? "" : " (FAILED)"}\n`,
    );
    if (!timing.ok) break;
  }
  return timings;
}

function table(baseline: StepTiming[], current: StepTiming[]): string[] {
  const seconds = (t: StepTiming | undefined, of: "seconds" | "cpuSeconds") =>
    t ? `${t[of]?.toFixed(1) ?? "?"}${t.ok ? "" : " (failed)"}` : "—";
  const steps = [...new Set([...baseline.map((t) => t.step), ...current.map((t) => t.step)])];
  const total = (ts: StepTiming[], of: "seconds" | "cpuSeconds") => ts.reduce((sum, t) => sum + (t[of] ?? Number.NaN), 0);
  const row = (label: string, b: StepTiming | undefined, c: StepTiming | undefined) =>
    `| ${label} | ${seconds(b, "seconds")} | ${seconds(c, "seconds")} | ${seconds(b, "cpuSeconds")} | ${seconds(c, "cpuSeconds")} |`;
  const rows = steps.map((step) =>
    row(
      `\`${step}\``,
      baseline.find((t) => t.step === step),
      current.find((t) => t.step === step),
    ),
  );
  const ratio = total(current, "seconds") / total(baseline, "seconds");
  const cpuRatio = total(current, "cpuSeconds") / total(baseline, "cpuSeconds");
  return [
    "| step of `npm test` | baseline s | this commit s | baseline CPU s | this commit CPU s |",
    "|---|---:|---:|---:|---:|",
    ...rows,
    `| **total** | **${total(baseline, "seconds").toFixed(1)}** | **${total(current, "seconds").toFixed(1)}** | **${total(baseline, "cpuSeconds").toFixed(1)}** | **${total(current, "cpuSeconds").toFixed(1)}** |`,
    "",
    `This commit's \`npm test\` takes ${(ratio * 100).toFixed(0)}% of the baseline's wall time (goal: at most 50%) and ${Number.isFinite(cpuRatio) ? `${(cpuRatio * 100).toFixed(0)}%` : "an unknown share"} of its CPU time. ` +
      "CPU is user + system time of each step's processes (the machine has 2 cores, so a step can spend up to twice its wall time).",
  ];
}

async function main(lifecycle: Lifecycle): Promise<void> {
  const { values } = parseArgs({
    options: { baseline: { type: "string", default: DEFAULT_BASELINE }, write: { type: "boolean", default: false } },
  });
  const baselineCommit = git(["rev-parse", "--verify", `${values.baseline}^{commit}`]);
  const currentCommit = git(["rev-parse", "HEAD"]);
  const parent = mkdtempSync(join(tmpdir(), "bench-test-"));
  // Removed after a signal too (then the step running is stopped, and the run exits 130 or 143).
  lifecycle.add(() => rmSync(parent, { recursive: true, force: true }));
  const started = new Date();
  const load = loadavg();
  const baseline = await timeTestRun(installedClone(baselineCommit, parent));
  if (lifecycle.signal) return;
  const current = await timeTestRun(installedClone(currentCommit, parent));
  if (lifecycle.signal) return;
  recordBenchmark("bench:test", [
    `Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine(load)}.`,
    "",
    `Baseline ${baselineCommit.slice(0, 12)}, this commit ${currentCommit.slice(0, 12)}; each a fresh clone after \`npm ci\` (not timed), each step of its own \`npm test\` timed as a whole process, one run each, baseline first.`,
    "",
    ...table(baseline, current),
  ]);
  if (![...baseline, ...current].every((t) => t.ok)) process.exitCode = 1;
}

if (require.main === module) {
  const lifecycle = new Lifecycle();
  void lifecycle.run(() => main(lifecycle));
}

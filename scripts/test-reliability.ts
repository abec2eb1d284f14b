/**
 * Whether `npm test` passes every time on a machine of CI's size, not just once: a fresh clone of
 * HEAD, installed with `npm ci` as `.ci/run` does, then its `npm test` three times in a row, then
 * twice more with two CPU-bound busy processes beside it (a shared CI runner). Each run's outcome,
 * wall time, closing line, failed tests and `git status` afterwards are printed, and recorded in
 * docs/benchmarks.md with `--write`. Exits non-zero unless every run passed. Uncommitted changes
 * are not measured.
 *
 *   npm run test:reliability                 # 3 quiet runs, 2 busy ones
 *   npm run test:reliability -- --write      # also record the table
 *   npm run test:reliability -- --quiet-runs 1 --busy-runs 1
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runChild, startChild } from "../src/testkit/serve/children";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { git, installedClone } from "./lib/fresh-clone";
import { machineLine } from "./lib/machine";
import { stripVTControlCharacters } from "node:util";

/** A busy process stops by itself after this long, or when this script goes away. */
const BUSY_LIMIT_MS = 60 * 60_000;
const BUSY_PROGRAM = `const end = Date.now() + ${BUSY_LIMIT_MS}, parent = process.ppid; while (Date.now() < end && process.ppid === parent) {}`;

interface RunOutcome {
  run: number;
  busy: number;
  passed: boolean;
  seconds: number;
  closing: string;
  /** The longest a contract test took in this run, in seconds: how much a busy machine stretched it (the suite has no test timeout). */
  slowestTestSeconds: number;
  failedTests: string[];
  gitStatus: string;
}

const stripColours = (text: string) => stripVTControlCharacters(text);

/** `npm test` in `dir`, its output into `log`, in a process group of its own so that a stop reaches all it started. */
async function npmTest(dir: string, log: string): Promise<{ code: number; seconds: number }> {
  const started = process.hrtime.bigint();
  const out = openSync(log, "w");
  try {
    const { code } = await runChild("npm", ["test"], {
      cwd: dir,
      ownGroup: true,
      stdio: ["ignore", out, out],
      env: { ...process.env, CI: "true" },
    });
    return { code: code ?? 1, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    closeSync(out);
  }
}

function outcome(run: number, busy: number, result: { code: number; seconds: number }, log: string, dir: string): RunOutcome {
  const text = stripColours(readFileSync(log, "utf8"));
  const closing =
    [...text.matchAll(/^\[contract\] contract: \d+ passed, \d+ failed, \d+ skipped$/gm)].pop()?.[0].replace("[contract] ", "") ??
    "(no closing line)";
  const failedTests = result.code === 0 ? [] : [...new Set([...text.matchAll(/^\[\w+\]\s+FAIL\s+(.+)$/gm)].map((m) => m[1]!.trim()))];
  const slowest = [...text.matchAll(/^\[contract\] slowest tests: (\d+\.\d) s /gm)].map((m) => Number(m[1]));
  return {
    run,
    busy,
    passed: result.code === 0,
    seconds: result.seconds,
    closing,
    slowestTestSeconds: Math.max(0, ...slowest),
    failedTests,
    gitStatus: git(["status", "--porcelain"], dir),
  };
}

function table(outcomes: RunOutcome[]): string[] {
  const rows = outcomes.map(
    (o) =>
      `| ${o.run} | ${o.busy === 0 ? "nothing" : `${o.busy} busy processes`} | ${o.passed ? "passed" : "**failed**"} | ${o.seconds.toFixed(0)} | ${o.closing} | ${o.slowestTestSeconds.toFixed(1)} | ${o.gitStatus === "" ? "clean" : "**changed**"} |`,
  );
  const failures = outcomes.flatMap((o) => o.failedTests.map((test) => `- run ${o.run}: ${test}`));
  return [
    "| run | beside it | `npm test` | wall s | contract closing line | slowest contract test s | `git status` after |",
    "|---:|---|---|---:|---|---:|---|",
    ...rows,
    "",
    `${outcomes.filter((o) => o.passed).length} of ${outcomes.length} runs passed.`,
    ...(failures.length > 0 ? ["", "Failed tests:", ...failures] : []),
  ];
}

async function main(lifecycle: Lifecycle): Promise<void> {
  const { values } = parseArgs({
    options: {
      "quiet-runs": { type: "string", default: "3" },
      "busy-runs": { type: "string", default: "2" },
      write: { type: "boolean", default: false },
    },
  });
  const count = (name: "quiet-runs" | "busy-runs") => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`--${name} must be an integer from 0 to 10, not '${values[name]}'`);
    return n;
  };
  const plan = [...Array<number>(count("quiet-runs")).fill(0), ...Array<number>(count("busy-runs")).fill(2)];
  const commit = git(["rev-parse", "HEAD"]);
  const parent = mkdtempSync(join(tmpdir(), "test-reliability-"));
  lifecycle.add(() => rmSync(parent, { recursive: true, force: true }));
  const started = new Date();
  const load = loadavg();
  const dir = installedClone(commit, parent);
  const outcomes: RunOutcome[] = [];
  for (const [index, busy] of plan.entries()) {
    const busyProcesses = Array.from({ length: busy }, () => startChild(process.execPath, ["-e", BUSY_PROGRAM], { stdio: "ignore" }));
    const log = join(parent, `npm-test-${index + 1}.log`);
    const result = await npmTest(dir, log);
    await Promise.all(busyProcesses.map((p) => p.stop()));
    if (lifecycle.signal) return;
    const o = outcome(index + 1, busy, result, log, dir);
    outcomes.push(o);
    console.error(
      `[test:reliability] run ${o.run} (${busy} busy beside it): ${o.passed ? "passed" : "FAILED"} in ${o.seconds.toFixed(0)} s; ${o.closing}`,
    );
    if (!o.passed) console.error(readFileSync(log, "utf8").split("\n").slice(-80).join("\n"));
  }
  recordBenchmark("test:reliability", [
    `Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine(load)}.`,
    "",
    `Commit ${commit.slice(0, 12)}: one fresh clone after \`npm ci\`, then its \`npm test\` ${plan.length} times in a row, the last ${plan.filter((b) => b > 0).length} with two CPU-bound busy processes beside it.`,
    "",
    ...table(outcomes),
  ]);
  if (!outcomes.every((o) => o.passed && o.gitStatus === "")) process.exitCode = 1;
}

if (require.main === module) {
  const lifecycle = new Lifecycle({ exitWithParent: false });
  void lifecycle.run(() => main(lifecycle));
}

/**
 * The wall time of a checkout's contract suite against the sandbox: the "suite vs sandbox" step of
 * contract-tests/run-all.ts alone (vitest with contract-tests/vitest.config.mts and
 * CONTRACT_TARGET=sandbox; the suite starts its own sandbox in-process), run in that checkout, so
 * that each revision runs its own suite against its own sandbox. Not the mock target, Dredd or the
 * mutants.
 */
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { runChild } from "../../src/testkit/serve/children";

export interface SuiteRun {
  seconds: number;
  /** The suite's closing line, `N passed, N failed, N skipped`, or why there was none. */
  outcome: string;
  /** Whether it passed: a failing run is still timed (a measurement, not a test), and said so. */
  passed: boolean;
}

const SUMMARY = /^contract: \d+ passed, (\d+) failed, \d+ skipped/m;

/** Runs the suite in `checkout` once, timed from spawn to exit; stopped with this process on a signal. */
export async function timeContractSuite(checkout: string): Promise<SuiteRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The suite reads its settings from CONTRACT_* and the target's URLs: the caller's must not reach it.
  for (const name of Object.keys(env)) if (name.startsWith("CONTRACT_") || name.endsWith("_BASE_URL")) delete env[name];
  delete env.FORCE_COLOR;
  Object.assign(env, { CONTRACT_TARGET: "sandbox", CONTRACT_REPORTER: "dot", NO_COLOR: "1" });
  const from = process.hrtime.bigint();
  const vitest = join(checkout, "node_modules", ".bin", "vitest");
  const finished = await runChild(vitest, ["run", "--config", "contract-tests/vitest.config.mts"], { cwd: checkout, env });
  const seconds = Number(process.hrtime.bigint() - from) / 1e9;
  const summary = SUMMARY.exec(stripVTControlCharacters(finished.output));
  if (summary === null) {
    // Why, in a few lines: a suite that did not run at all is timed too, and its time means nothing.
    const tail = stripVTControlCharacters(finished.output).trim().split("\n").slice(-3).join(" / ");
    return { seconds, outcome: `no summary line (exit ${finished.code ?? finished.signal}): ${tail}`, passed: false };
  }
  const passed = finished.code === 0 && summary[1] === "0";
  const outcome = summary[0].replace(/^contract: /, "") + (finished.code === 0 ? "" : `, exit ${finished.code ?? finished.signal}`);
  return { seconds, outcome, passed };
}

/**
 * vitest globalSetup of the contract suite: starts (or describes) the target once for the whole
 * run and hands it to the test files, which reach it over HTTP only, as any client would.
 */
import type { TestProject } from "vitest/node";
import { startMockTarget } from "./mock";
import { sandboxTarget, startSandboxTarget, type StartedTarget } from "./sandbox";
import { PREFLIGHT_EXIT_CODE, PreflightError } from "../support/preflight-error";
import { preflightProblems } from "./preflight";
import { watchTestClock } from "./clock-report";
import { externalTarget, targetKind, type ContractTarget } from "../support/target";

declare module "vitest" {
  export interface ProvidedContext {
    contractTarget: ContractTarget;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = targetKind();
  let started: StartedTarget;
  // The rule inventory only lists the tests and the rules they declare: nothing is started.
  if (process.env.CONTRACT_COLLECT_ONLY === "1") {
    project.provide(
      "contractTarget",
      sandboxTarget({ gatewayUrl: "http://127.0.0.1:9", merchantUrl: "http://127.0.0.1:9" }, "none (collecting tests only)"),
    );
    return async () => {};
  }
  try {
    if (kind === "sandbox") started = await startSandboxTarget();
    else if (kind === "mock") started = await startMockTarget();
    else started = { target: externalTarget(), stop: async () => {} };
  } catch (error) {
    if (error instanceof PreflightError) stopBeforeTesting(error.problems);
    throw error;
  }
  const { target } = started;
  const problems = await preflightProblems(target);
  if (problems.length > 0) {
    await started.stop();
    stopBeforeTesting(problems);
  }
  console.log(
    `contract target: ${target.description}; APIs: ${target.apis.join(", ")}; fuzz runs per property: ${target.fuzzRuns}; model sequences per API: ${target.model.runs}, seed ${target.model.seed}`,
  );
  const clockReport = await watchTestClock(target);
  project.provide("contractTarget", target);
  return async () => {
    // A shared sandbox's clock only moves forward: the run says what it did to it.
    const line = await clockReport();
    if (line !== undefined) console.log(line);
    await started.stop();
  };
}

/**
 * Ends a run that cannot work before any test: one line per problem and the preflight's own exit
 * code. vitest has no way for a global setup to end the run with a code of its own (a thrown
 * error gives 1 and a stack), so it exits here, before any worker has started.
 */
function stopBeforeTesting(problems: readonly string[]): never {
  for (const problem of problems) console.error(`contract preflight: ${problem}`);
  console.error(`contract preflight: nothing was tested; fix the above and run again (exit ${PREFLIGHT_EXIT_CODE})`);
  process.exit(PREFLIGHT_EXIT_CODE);
}

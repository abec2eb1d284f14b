/**
 * vitest globalSetup of the contract suite: starts (or describes) the target once for the whole
 * run and hands it to the test files, which reach it over HTTP only, as any client would.
 */
import type { TestProject } from "vitest/node";
import { startMockTarget } from "./mock";
import { sandboxTarget, startSandboxTarget, type StartedTarget } from "./sandbox";
import { externalTarget, targetKind, type ContractTarget } from "./target";

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
    project.provide("contractTarget", sandboxTarget({ gatewayUrl: "http://127.0.0.1:9", merchantUrl: "http://127.0.0.1:9" }, "none (collecting tests only)"));
    return async () => {};
  }
  if (kind === "sandbox") started = await startSandboxTarget();
  else if (kind === "mock") started = await startMockTarget();
  else started = { target: externalTarget(), stop: async () => {} };
  const { target } = started;
  console.log(`contract target: ${target.description}; APIs: ${target.apis.join(", ")}; fuzz runs per property: ${target.fuzzRuns}`);
  project.provide("contractTarget", target);
  return () => started.stop();
}

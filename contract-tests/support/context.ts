/**
 * What a test file needs: the target (from the global setup), a session per API, and named
 * scenarios that skip themselves, with the reason, when the target cannot take them.
 */
import { inject, it, type TestContext, type TestOptions } from "vitest";
import { objectOf, stringOf } from "../../src/testkit/common/json-values";
import type { ContractTarget } from "./target";
import { judgedByTheSuite } from "./client-answers";
import { suiteFetch } from "./connections";
import { mark } from "./exchange-log";
import { forgetWrites } from "./invariants";
import { ApiSession } from "./http";
import { attachReproduction } from "./reproduction";
import type { ApiName } from "./spec";

export const target: ContractTarget = inject("contractTarget");

/** Fresh sessions (a session caches its bearer token). */
export function session(api: ApiName): ApiSession {
  return new ApiSession(api, target);
}

export interface Requirements {
  /** The API the scenario exercises. */
  api: ApiName;
  /** Needs the rules and state of a real implementation (not the Prism mock). */
  behaviour?: boolean;
  /** Needs the sandbox's test clock. */
  testClock?: boolean;
  /** Needs the test environment's card rules (status-forcing PANs, CSC 987). */
  testCards?: boolean;
  /** Needs a second active key of the same merchant account. */
  secondApiKey?: boolean;
  /** Needs a key of another merchant account. */
  otherMerchantApiKey?: boolean;
  /** Needs a disabled API key of the merchant account (GATEWAY_DISABLED_API_KEY). */
  disabledApiKey?: boolean;
  /** Needs an expired API key of the merchant account (GATEWAY_EXPIRED_API_KEY). */
  expiredApiKey?: boolean;
  /**
   * The ids of the spec's rules (contract-tests/rules/inventory.ts) this scenario proves: it
   * provokes the rule and fails when the target breaks it. `npm run contract:rules` lists them.
   */
  rules?: string[];
}

declare module "@vitest/runner" {
  interface TaskMeta {
    /** The rule ids a test proves (see Requirements.rules). */
    rules?: string[];
    /** Answers the typed clients absorbed during the test, one line each (./client-answers.ts). */
    absorbed?: string[];
  }
}

/** Why the target cannot take a scenario, or undefined when it can. */
export function unmet(requirements: Requirements): string | undefined {
  const { capabilities } = target;
  if (!target.apis.includes(requirements.api))
    return `the ${requirements.api} API is not under test (CONTRACT_APIS=${target.apis.join(",")})`;
  if (requirements.behaviour && !capabilities.behaviour)
    return `${target.kind} target answers with the spec's static examples and remembers nothing, so it has no behaviour to check`;
  if (requirements.testClock && !capabilities.testClock)
    return `${target.kind} target has no test clock (set CONTRACT_TEST_CLOCK=1 if it offers the sandbox's POST /_sandbox/clock)`;
  if (requirements.testCards && !capabilities.testCards)
    return `${target.kind} target does not follow the test environment's card rules (CONTRACT_TEST_CARDS)`;
  if (requirements.secondApiKey && !target.gateway.secondApiKey)
    return "no second API key of the same merchant account (set GATEWAY_SECOND_API_KEY)";
  if (requirements.otherMerchantApiKey && !target.gateway.otherMerchantApiKey)
    return "no API key of a second merchant account (set GATEWAY_OTHER_MERCHANT_API_KEY)";
  if (requirements.disabledApiKey && !target.gateway.disabledApiKey)
    return `${target.kind} target offers no disabled API key (set GATEWAY_DISABLED_API_KEY)`;
  if (requirements.expiredApiKey && !target.gateway.expiredApiKey)
    return `${target.kind} target offers no expired API key (set GATEWAY_EXPIRED_API_KEY)`;
  return undefined;
}

/** Skips the running test with the reason (printed in the run's report) when the target cannot take it. */
export function requireTarget(ctx: TestContext, requirements: Requirements): void {
  const reason = unmet(requirements);
  if (reason) ctx.skip(reason);
}

/** The mutation run's selection: only tests whose own name matches run (the others are registered skipped). */
let onlyTests = process.env.CONTRACT_ONLY_TESTS ? new RegExp(process.env.CONTRACT_ONLY_TESTS) : undefined;

/**
 * For the mutation run (contract-tests/mutants/lane.ts), which points one worker at one mutant
 * after another: the target is changed in place, so that every module holding `target` sees the
 * current one, and the selection applies to the tests registered from then on.
 */
export function switchTarget(next: ContractTarget, only: RegExp | undefined): void {
  for (const key of Object.keys(target)) if (!Object.hasOwn(next, key)) Reflect.deleteProperty(target, key);
  Object.assign(target, next);
  onlyTests = only;
}

/**
 * `it`, or `it.skip` for a test outside the mutation run's selection (CONTRACT_ONLY_TESTS). A
 * failed test carries the reproduction of the request its failure is about (./reproduction.ts),
 * and the answers the typed clients absorbed during it, to report (./client-answers.ts).
 */
export function contractTest(name: string, options: TestOptions, body: (ctx: TestContext) => Promise<void> | void): void {
  (onlyTests && !onlyTests.test(name) ? it.skip : it)(name, options, (ctx) => {
    const since = mark();
    ctx.onTestFailed(() => attachReproduction(ctx, since, target));
    return judgedByTheSuite(
      () => body(ctx),
      (absorbed) => (ctx.task.meta.absorbed = absorbed),
    );
  });
}

/** A named rule of the seeds, run when the target can take it and skipped with the reason when not. */
export function scenario(name: string, requirements: Requirements, body: (ctx: TestContext) => Promise<void>): void {
  contractTest(name, { meta: { rules: requirements.rules ?? [] } }, async (ctx) => {
    requireTarget(ctx, requirements);
    await body(ctx);
  });
}

/** Moves the target's test clock forward (both APIs share it in the sandbox). */
export async function advanceClock(seconds: number, api: ApiName = "gateway"): Promise<void> {
  const response = await suiteFetch(`${target[api].baseUrl}/_sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  if (response.status !== 200) throw new Error(`the test clock refused to advance: ${response.status}`);
  forgetWrites();
}

/** The target's current time (the test clock's, where there is one). */
export async function targetNow(): Promise<Date> {
  if (!target.capabilities.testClock) return new Date();
  const response = await suiteFetch(`${target.gateway.baseUrl || target.merchant.baseUrl}/_sandbox/clock`);
  const now = stringOf(objectOf(await response.json()).now);
  if (now === undefined)
    throw new Error(`the target's test clock answered no time: GET /_sandbox/clock -> ${response.status}, without "now"`);
  return new Date(now);
}

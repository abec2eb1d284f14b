/**
 * The waivers' claims about the sandbox (`claim` of ./waivers.ts), checked against every answer
 * the suite receives from the sandbox target: the suite's HTTP layer (support/http.ts) hands each
 * answer to the observers ./claims-setup.ts registers (support knows nothing of the rules), and the claims test
 * (contract-tests/rules/waiver-claims.test.ts, the run's last file) fails on a claim an answer
 * contradicted, naming the waiver and that exchange. A waiver excuses a rule from being tested;
 * one that rests on a false fact would excuse it for nothing.
 */
import { isJsonObject } from "../../src/testkit/common/json-values";
import type { SandboxAnswer } from "../support/http";
import { waivers, type Waiver, type WaiverClaim } from "./waivers";

export interface ClaimRecord {
  waiver: Waiver;
  claim: WaiverClaim["sandboxNeverSends"];
  /** Answers of the claim's operations it was checked against. */
  checked: number;
  /** The first answer that contradicts it, in one line. */
  contradiction?: string;
}

/** Every claim of the waivers, with what the run's answers said of it so far. */
const records: ClaimRecord[] = waivers.flatMap((waiver) =>
  waiver.claim ? [{ waiver, claim: waiver.claim.sandboxNeverSends, checked: 0 }] : [],
);

/**
 * Whether a waiver's reason states a fact about the sandbox ("the sandbox never sends", "does
 * not send it", "sends no"): such a waiver must carry the fact as its claim (test/ checks).
 */
export function statesSandboxFact(reason: string): boolean {
  return /\bsandbox(?:\s+\w+){0,2}?\s+(?:never|not|no)\b/i.test(reason);
}

/** Whether a body carries something at a dotted path (`[]` steps into every item of an array). */
export function carries(json: unknown, path: string): boolean {
  const [step, ...rest] = path.split(".");
  const each = step!.endsWith("[]");
  const key = each ? step!.slice(0, -2) : step!;
  if (!isJsonObject(json) || !Object.hasOwn(json, key)) return false;
  const values = each ? (Array.isArray(json[key]) ? json[key] : []) : [json[key]];
  return rest.length === 0 ? values.length > 0 : values.some((value) => carries(value, rest.join(".")));
}

/** Checks an answer of the sandbox target against every claim about its operation. */
export function checkSandboxClaims(answer: SandboxAnswer): void {
  for (const record of records) {
    const { claim } = record;
    if (claim.api !== answer.api || answer.operationId === undefined || !claim.operationIds.includes(answer.operationId)) continue;
    record.checked++;
    const sent = claim.members.find((member) => carries(answer.json, member));
    if (sent !== undefined && record.contradiction === undefined)
      record.contradiction = `waiver ${record.waiver.rules} is false: it claims the sandbox never sends ${sent} in ${claim.operationIds.join(" or ")} answers, but ${answer.described} carries it (correct or remove it in contract-tests/rules/waivers.ts)`;
  }
}

/** The claims and what the run's answers said of each (a copy). */
export function claimRecords(): ClaimRecord[] {
  return records.map((record) => ({ ...record }));
}

/**
 * What a run did to a shared target's test clock. The sandbox's clock only moves forward (a reset
 * puts it back, with every store, which a run must not do to a sandbox others use), so a run
 * against an external target with a test clock says in one line, at its end, how far it moved
 * the clock and where it stands: the next user of that sandbox is not left to find a clock
 * hundreds of days ahead unexplained.
 */
import { objectOf } from "../../src/testkit/common/json-values";
import type { ContractTarget } from "../support/target";

/** The clock's offset from real time, in seconds, or undefined when it cannot be read. */
async function offsetSeconds(base: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${base}/_sandbox/clock`);
    const offset = objectOf(await response.json()).offset_seconds;
    return response.ok && typeof offset === "number" ? offset : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds as a person reads them: days past one day, else hours past one hour, else seconds. */
export function spanOf(seconds: number): string {
  if (seconds >= 86_400) return `${Number((seconds / 86_400).toFixed(1))} days`;
  if (seconds >= 3_600) return `${Number((seconds / 3_600).toFixed(1))} hours`;
  return `${seconds} seconds`;
}

/**
 * Reads the clock before a run; the function it answers reads it again after the run and gives
 * the line to print (undefined for a target the suite started itself, or one without a test clock).
 */
export async function watchTestClock(target: ContractTarget): Promise<() => Promise<string | undefined>> {
  const base = target.gateway.baseUrl || target.merchant.baseUrl;
  if (target.kind !== "external" || !target.capabilities.testClock || !base) return async () => undefined;
  const before = await offsetSeconds(base);
  return async () => {
    const after = await offsetSeconds(base);
    if (before === undefined || after === undefined) return `contract: the test clock of ${base} could not be read; it may have been moved`;
    if (after === before) return `contract: this run left the test clock of ${base} as it was (${spanOf(after)} ahead of real time)`;
    return `contract: this run moved the test clock of ${base} ${spanOf(after - before)} ahead (now ${spanOf(after)} ahead of real time); it never goes back: POST ${base}/_sandbox/reset returns it to now, with every store`;
  };
}

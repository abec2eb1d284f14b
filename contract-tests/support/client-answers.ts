/**
 * What the typed clients' transport (ApiSession.transport(), ./http.ts) judged that the test may
 * never see: every answer a client receives is checked like the suite's own calls, but a client
 * may absorb one (the merchant client answers a 401 by getting a new token and sending the
 * request again) or wrap the failure in an error of its own, which a test expecting an error
 * would catch. So the answers it absorbed are reported (the run's report lists them under the
 * test), and a violation the transport raised fails its test as itself, whatever the test did
 * with the client's error (contractTest() in ./context.ts settles both after each test).
 */
/** More absorbed answers than this in one test are counted, not listed. */
const ABSORBED_LISTED = 20;

const absorbed: string[] = [];
let absorbedUnlisted = 0;
/** The transport's ContractViolations (./http.ts imports this file, so they are plain errors here). */
const violations: Error[] = [];

/** One line: the answer a client absorbed and what the client did instead of returning it. */
export function noteAbsorbed(line: string): void {
  if (absorbed.length < ABSORBED_LISTED) absorbed.push(line);
  else absorbedUnlisted++;
}

export function noteClientViolation(violation: Error): void {
  // The first is the one the test fails with; the others fail it too, so one is enough to keep.
  if (violations.length === 0) violations.push(violation);
}

/**
 * Runs a test's body, then hands the answers the clients absorbed meanwhile (and before it, in
 * its file's hooks) to `report`, and throws a violation the transport raised that the body did
 * not throw itself: the client's own error around it, or a test that caught that error, does not
 * hide it.
 */
export async function judgedByTheSuite(body: () => Promise<void> | void, report: (absorbed: string[]) => void): Promise<void> {
  let failure: { error: unknown } | undefined;
  try {
    await body();
  } catch (error) {
    failure = { error };
  }
  const lines = absorbed.splice(0);
  if (absorbedUnlisted > 0) lines.push(`... and ${absorbedUnlisted} more`);
  absorbedUnlisted = 0;
  if (lines.length > 0) report(lines);
  const hidden = violations.splice(0).find((violation) => violation !== failure?.error);
  if (hidden) throw hidden;
  if (failure) throw failure.error;
}

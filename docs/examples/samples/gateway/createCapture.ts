// Capture part of an authorization; without a body the whole remaining amount is captured.
import type { SampleContext } from "../context";

export async function sample({ gateway, authorizationId }: SampleContext) {
  const outcome = await gateway.capture(authorizationId, { amount: 1000 });
  if (!outcome.approved) {
    // For example 40200 when the amount exceeds what remains to capture.
    console.log(`capture declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

// Refund part of the captured amount of an authorization; without a body all of it is refunded.
import type { SampleContext } from "../context";

export async function sample({ gateway, capturedAuthorizationId }: SampleContext) {
  const outcome = await gateway.refund(capturedAuthorizationId, { amount: 500, text_on_statement: "Refund order 1001" });
  if (!outcome.approved) {
    console.log(`refund declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

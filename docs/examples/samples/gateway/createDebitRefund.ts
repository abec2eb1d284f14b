// Refund a debit: always its full amount, and only once.
import type { SampleContext } from "../context";

export async function sample({ gateway, debitId }: SampleContext) {
  const outcome = await gateway.refundDebit(debitId);
  if (!outcome.approved) {
    // A second refund of the same debit is declined (40200).
    console.log(`debit refund declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

// Refute a dispute: PUT its `refuted` stamp, once the evidence files are uploaded (createDisputeFile).
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, disputeWithEvidence }: SampleContext) {
  try {
    await merchant.addStamp(disputeWithEvidence, "refuted");
  } catch (error) {
    // 409: no evidence uploaded yet (`errors.files`), or the dispute is no longer open.
    if (error instanceof MerchantProblemError && error.status === 409) console.error(error.detail, error.errors);
    throw error;
  }
  const refuted = await merchant.follow(disputeWithEvidence, "self");
  return refuted.status;
}

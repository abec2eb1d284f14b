// Refute a dispute: PUT its `refuted` stamp, once the evidence files are uploaded (createDisputeFile).
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `disputeWithEvidence`: an open dispute with an evidence file uploaded, ready to be refuted. */
export async function sample(disputeWithEvidence: MerchantSchemas["schemas"]["Dispute"]) {
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

// Submit an application: PUT its `submitted` stamp. A 409 names the data still missing.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `completeApplication`: an unsubmitted application with everything `submitted` needs (signer, gateway, a person with both identity documents). */
export async function sample(completeApplication: MerchantSchemas["schemas"]["Application"]) {
  try {
    await merchant.addStamp(completeApplication, "submitted");
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 409) {
      console.error("not yet:", Object.keys(error.errors).join(", ")); // e.g. signer.email, gateways, people
      return { submitted: false, missing: Object.keys(error.errors) };
    }
    throw error;
  }
  const submitted = await merchant.follow(completeApplication, "self");
  return { submitted: true, state: submitted.metadata?.state };
}

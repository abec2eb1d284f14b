// Comment on one field of an application (a field comment); leave out `tags` to comment on the whole.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  try {
    return await merchant.create(application, "ch:comments", {
      body: "The trading name differs from the one on the company register.",
      tags: ["ch-field:business_model.trading_name"],
    });
  } catch (error) {
    // 400 with errors.tags when the property does not exist or is not commentable.
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error;
  }
}

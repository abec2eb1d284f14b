// Un-archive an application: DELETE its removable `archived` stamp.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `archivedApplication`: an application carrying the removable `archived` stamp. */
export async function sample(archivedApplication: MerchantSchemas["schemas"]["Application"]) {
  try {
    await merchant.removeStamp(archivedApplication, "archived");
  } catch (error) {
    // 409 for a stamp that cannot be removed, such as `submitted`.
    if (error instanceof MerchantProblemError && error.status === 409) console.error(error.detail);
    throw error;
  }
  const application = await merchant.follow(archivedApplication, "self");
  return application._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
}

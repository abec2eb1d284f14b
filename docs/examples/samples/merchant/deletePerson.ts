// Remove a director or owner from an application: DELETE the person's self link.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `person`: a director of an application. */
export async function sample(person: MerchantSchemas["schemas"]["Person"]) {
  try {
    await merchant.remove(person);
  } catch (error) {
    // 404: already removed, or not visible to this client.
    if (error instanceof MerchantProblemError && error.status === 404) return;
    throw error;
  }
}

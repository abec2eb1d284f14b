// OPTIONS on a person's files collection: the methods its link permits, from the Allow header.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `person`: a director of an application. */
export async function sample(person: MerchantSchemas["schemas"]["Person"]): Promise<string[]> {
  return merchant.allowed(person, "ch:files");
}

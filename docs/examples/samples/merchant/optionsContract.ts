// OPTIONS on a contract: the methods its link permits, from the Allow header.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `contract`: the contract of a submitted application, waiting for a signature. */
export async function sample(contract: MerchantSchemas["schemas"]["Contract"]): Promise<string[]> {
  return merchant.allowed(contract, "self");
}

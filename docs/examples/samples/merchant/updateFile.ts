// PATCH a file's metadata (name, content_type, size); its label cannot change.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `file`: a file of an application whose content is not uploaded yet. */
export async function sample(file: MerchantSchemas["schemas"]["File"]) {
  const changes: MerchantSchemas["schemas"]["FileUpdate"] = { name: "statement-2024-05.pdf" };
  return merchant.update(file, changes);
}

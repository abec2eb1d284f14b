// Read a file's metadata; it also carries a fresh pre-signed `upload` link (they expire).
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `file`: a file of an application whose content is not uploaded yet. */
export async function sample(file: MerchantSchemas["schemas"]["File"]) {
  const current = await merchant.follow(file, "self");
  const names = current._links["ch:data"].map((link) => link.name);
  console.log(current.label, current.name, current.content_type, names.join(" and "));
  return current;
}

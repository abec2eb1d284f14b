// Read a comment through its self link (comments cannot be edited or deleted).
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `comment`: a comment on an application. */
export async function sample(comment: MerchantSchemas["schemas"]["Comment"]) {
  const current = await merchant.follow(comment, "self");
  const author = current._embedded?.author;
  console.log(`${author?.name ?? "someone"} wrote: ${current.body}`);
  return current;
}

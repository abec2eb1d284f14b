// GET the entry point, the only address the client is configured with; every other address is a link in it.
import { createMerchantClient } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

export async function sample() {
  const root = await merchant.root();
  // The ch: collection links appear only when the token grants access to them.
  const collections = Object.keys(root._links).filter((rel) => rel.startsWith("ch:"));
  console.log("this client may follow:", collections.join(", "));
  return root;
}

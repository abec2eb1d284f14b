// Read an application again through its self link, e.g. to see its state and which stamps apply now.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const current = await merchant.follow(application, "self");
  const stamps = current._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
  console.log(`${current.metadata?.state ?? "state not given"}; stamps that apply: ${stamps.join(", ")}`);
  return current;
}

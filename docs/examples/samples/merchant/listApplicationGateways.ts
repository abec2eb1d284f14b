// The gateways of an application: the selected ones, and those that can still be selected.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const gateways = await merchant.follow(application, "ch:gateways");
  // Either list may be absent when it holds no gateway.
  const selected = (gateways._embedded?.["ch:gateways"] ?? []).map((gateway) => gateway.name);
  const selectable = (gateways._embedded?.selectable ?? []).map((gateway) => gateway.name);
  console.log(`selected: ${selected.join(", ") || "none"}; selectable: ${selectable.join(", ")}`);
  return gateways;
}

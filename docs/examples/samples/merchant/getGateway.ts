// Read a gateway of an application through its self link.
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
  const [first] = [...(gateways._embedded?.["ch:gateways"] ?? []), ...(gateways._embedded?.selectable ?? [])];
  if (!first) throw new Error("the application offers no gateway");
  const gateway = await merchant.follow(first, "self");
  // Selectable gateways carry ch:selection; selected ones carry ch:comments.
  console.log(gateway.id, gateway.name, gateway._links["ch:selection"] ? "selectable" : "selected");
  return gateway;
}

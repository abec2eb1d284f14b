// OPTIONS on a selectable gateway's ch:selection link: the methods its link permits, from the Allow header.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]): Promise<string[]> {
  const gateways = await merchant.follow(application, "ch:gateways");
  const choice = gateways._embedded?.selectable?.find((gateway) => gateway._links["ch:selection"]);
  if (!choice) throw new Error("no gateway can be selected");
  return merchant.allowed(choice, "ch:selection");
}

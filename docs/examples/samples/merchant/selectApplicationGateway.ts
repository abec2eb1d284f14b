// Select a gateway for an application: PUT the selectable gateway's ch:selection link.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const gateways = await merchant.follow(application, "ch:gateways");
  const choice = gateways._embedded?.selectable?.find((gateway) => gateway._links["ch:selection"]);
  if (!choice) throw new Error("no gateway can be selected (after submission the selection is fixed)");
  try {
    await merchant.request("PUT", choice, "ch:selection"); // no body; 204
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 409) console.error(error.detail); // submitted meanwhile
    throw error;
  }
  console.log(`selected ${choice.name}`);
  const after = await merchant.follow(application, "ch:gateways");
  return (after._embedded?.["ch:gateways"] ?? []).map((gateway) => gateway.id);
}

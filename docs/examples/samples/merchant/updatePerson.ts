// PATCH a person with the properties to change.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `person`: a director of an application. */
export async function sample(person: MerchantSchemas["schemas"]["Person"]) {
  const changes: MerchantSchemas["schemas"]["PersonUpdate"] = { address_line_1: "Vestergade 3", zipcode: "8000", city: "Aarhus" };
  const updated = await merchant.update(person, changes);
  console.log(`${updated.name} now lives in ${updated.city}`);
  return updated;
}

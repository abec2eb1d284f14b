// A person's identity documents: check that both required labels are there.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `person`: a director of an application. */
export async function sample(person: MerchantSchemas["schemas"]["Person"]) {
  const labels = new Set<string>();
  for await (const file of merchant.items(person, "ch:files")) labels.add(file.label);
  const missing = ["picture_legitimation", "address_legitimation"].filter((label) => !labels.has(label));
  if (missing.length) console.log(`${person.name} still needs: ${missing.join(", ")}`);
  return { labels: [...labels], missing };
}

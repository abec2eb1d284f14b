// The contracts of a submitted application that wait for a signature.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `submittedApplication`: a submitted application, so it has a contract. */
export async function sample(submittedApplication: MerchantSchemas["schemas"]["Application"]) {
  const contracts = [];
  for await (const contract of merchant.items(submittedApplication, "ch:contracts", { query: "state:needs_signature" })) {
    const stamps = contract._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
    console.log(contract.merchant_id, contract.state, `can be: ${stamps.join(" or ")}`);
    contracts.push(contract);
  }
  return contracts;
}

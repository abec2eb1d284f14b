// Read a dispute through its self link; its ch:stamps say whether it can be refuted or accepted now.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `dispute`: an open dispute. */
export async function sample(dispute: MerchantSchemas["schemas"]["Dispute"]) {
  const current = await merchant.follow(dispute, "self");
  const actions = current._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
  console.log(current.status, current.reason_code, actions.join(", ") || "no action possible");
  return current;
}

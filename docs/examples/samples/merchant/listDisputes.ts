// Every open dispute, with what is disputed and by when to respond.
import { createMerchantClient, merchantConstants } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

export async function sample() {
  const root = await merchant.root();
  const disputes = [];
  const variables = { query: "status:open", per_page: merchantConstants.pagination.perPageMaximum };
  for await (const dispute of merchant.items(root, "ch:disputes", variables)) {
    console.log(dispute.reason, `${dispute.amount} ${dispute.currency}`, `due ${dispute.due_at ?? "?"}`);
    disputes.push(dispute);
  }
  return disputes;
}

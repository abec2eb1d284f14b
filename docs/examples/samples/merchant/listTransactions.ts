// Every DKK transaction, page after page: the client follows the opaque `next` cursor until it is absent.
import { createMerchantClient, merchantConstants } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

export async function sample() {
  const root = await merchant.root();
  const transactions = [];
  const variables = { query: "currency:DKK", per_page: merchantConstants.pagination.perPageMaximum };
  for await (const transaction of merchant.items(root, "ch:transactions", variables)) {
    transactions.push(transaction);
  }
  const total = transactions.reduce((sum, transaction) => sum + (transaction.amount ?? 0), 0);
  console.log(`${transactions.length} transactions, ${total / 100} DKK`);
  return transactions;
}

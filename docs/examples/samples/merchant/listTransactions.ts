// Every DKK transaction, page after page: the client follows the opaque `next` cursor until it is absent.
import { merchantConstants } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant }: SampleContext) {
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

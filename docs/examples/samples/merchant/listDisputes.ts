// Every open dispute, with what is disputed and by when to respond.
import { merchantConstants } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant }: SampleContext) {
  const root = await merchant.root();
  const disputes = [];
  const variables = { query: "status:open", per_page: merchantConstants.pagination.perPageMaximum };
  for await (const dispute of merchant.items(root, "ch:disputes", variables)) {
    console.log(dispute.reason, `${dispute.amount} ${dispute.currency}`, `due ${dispute.due_at ?? "?"}`);
    disputes.push(dispute);
  }
  return disputes;
}

// Every unsubmitted application, page after page (the client follows `next`).
import { merchantConstants } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant }: SampleContext) {
  const root = await merchant.root();
  const applications = [];
  const variables = { query: "state:unsubmitted", per_page: merchantConstants.pagination.perPageMaximum };
  for await (const application of merchant.items(root, "ch:applications", variables)) {
    console.log(application.business_model.trading_name, application.metadata.created_at);
    applications.push(application);
  }
  return applications;
}

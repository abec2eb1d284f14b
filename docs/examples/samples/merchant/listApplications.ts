// Every unsubmitted application, page after page (the client follows `next`).
import { createMerchantClient, merchantConstants } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

export async function sample() {
  const root = await merchant.root();
  const applications = [];
  const variables = { query: "state:unsubmitted", per_page: merchantConstants.pagination.perPageMaximum };
  for await (const application of merchant.items(root, "ch:applications", variables)) {
    console.log(application.business_model?.trading_name, application.metadata?.created_at);
    applications.push(application);
  }
  return applications;
}

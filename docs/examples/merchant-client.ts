// Usage of the merchant client (type-checked in CI; the README shows this file).
import { readFileSync } from "node:fs";
import { createMerchantClient, MerchantProblemError, merchantConstants, type MerchantClient } from "payment-apis-toolkit/merchant";

export function merchantFromEnvironment(): MerchantClient {
  return createMerchantClient({
    baseUrl: "https://merchant.test.clearhaus.com", // the entrypoint; every other address comes from links
    clientId: process.env.MERCHANT_CLIENT_ID ?? "",
    clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
  });
}

/** Follow relations from the root; iterate a whole collection; upload a file; submit. */
export async function onboard(merchant: MerchantClient): Promise<void> {
  const root = await merchant.root();

  const { perPageMaximum } = merchantConstants.pagination;
  for await (const application of merchant.items(root, "ch:applications", { query: "state:submitted", per_page: perPageMaximum })) {
    console.log(application.metadata?.state, application._links.self.href);
  }

  const application = await merchant.create(root, "ch:applications", {
    business_model: {
      trading_name: "Acme Coffee",
      description: "Specialty coffee beans sold online.",
      recurring: false,
      physical_delivery: true,
      delivery_delay: "5to10days",
      estimate_currency: "DKK",
      estimated_monthly_turnover: 300000,
      estimated_average_transaction_amount: 450.5,
    },
  });

  // Metadata at the application's ch:files, then the bytes to the pre-signed upload link.
  await merchant.uploadFile(
    application,
    { label: "bank_statement", name: "statement.pdf", content_type: "application/pdf" },
    readFileSync("statement.pdf"),
  );

  try {
    await merchant.addStamp(application, "submitted"); // the named link in ch:stamps
  } catch (error) {
    if (!(error instanceof MerchantProblemError)) throw error;
    console.error(error.status, error.title, error.errors, error.requestId);
  }
  console.log("quota left:", merchant.rateLimit?.remaining);
}

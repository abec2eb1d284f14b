// Create an application at the root's ch:applications link; it starts unsubmitted.
import { createMerchantClient, MerchantProblemError } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

export async function sample() {
  const root = await merchant.root();
  try {
    const application = await merchant.create(root, "ch:applications", {
      signer: { name: "Anna Jensen", email: "anna@example.com" },
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
    console.log(application.metadata?.state, application._links.self.href);
    return application;
  } catch (error) {
    // 400 Validation Error: `errors` names each invalid field, e.g. "business_model.estimate_currency".
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error;
  }
}

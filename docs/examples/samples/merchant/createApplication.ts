// Create an application at the root's ch:applications link; it starts unsubmitted.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant }: SampleContext) {
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
    console.log(application.metadata.state, application._links.self.href);
    return application;
  } catch (error) {
    // 400 Validation Error: `errors` names each invalid field, e.g. "business_model.estimate_currency".
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error;
  }
}

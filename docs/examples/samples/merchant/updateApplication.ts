// PATCH an application with the properties to change; nested objects are merged.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const changes: MerchantSchemas["schemas"]["ApplicationUpdate"] = {
    business_model: { trading_name: "Acme Coffee & Mugs" },
    additional_information: "We also sell mugs.",
  };
  try {
    return await merchant.update(application, changes);
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error;
  }
}

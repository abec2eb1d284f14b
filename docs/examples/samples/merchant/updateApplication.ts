// PATCH an application with the properties to change; nested objects are merged.
import { MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
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

// Comment on one field of an application (a field comment); leave out `tags` to comment on the whole.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  try {
    return await merchant.create(application, "ch:comments", {
      body: "The trading name differs from the one on the company register.",
      tags: ["ch-field:business_model.trading_name"],
    });
  } catch (error) {
    // 400 with errors.tags when the property does not exist or is not commentable.
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error;
  }
}

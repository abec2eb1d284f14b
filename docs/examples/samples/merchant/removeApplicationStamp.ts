// Un-archive an application: DELETE its removable `archived` stamp.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, archivedApplication }: SampleContext) {
  try {
    await merchant.removeStamp(archivedApplication, "archived");
  } catch (error) {
    // 409 for a stamp that cannot be removed, such as `submitted`.
    if (error instanceof MerchantProblemError && error.status === 409) console.error(error.detail);
    throw error;
  }
  const application = await merchant.follow(archivedApplication, "self");
  return application._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
}

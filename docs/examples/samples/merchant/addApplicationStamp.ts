// Submit an application: PUT its `submitted` stamp. A 409 names the data still missing.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, completeApplication }: SampleContext) {
  try {
    await merchant.addStamp(completeApplication, "submitted");
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 409) {
      console.error("not yet:", Object.keys(error.errors).join(", ")); // e.g. signer.email, gateways, people
      return { submitted: false, missing: Object.keys(error.errors) };
    }
    throw error;
  }
  const submitted = await merchant.follow(completeApplication, "self");
  return { submitted: true, state: submitted.metadata.state };
}

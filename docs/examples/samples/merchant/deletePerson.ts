// Remove a director or owner from an application: DELETE the person's self link.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, person }: SampleContext) {
  try {
    await merchant.remove(person);
  } catch (error) {
    // 404: already removed, or not visible to this client.
    if (error instanceof MerchantProblemError && error.status === 404) return;
    throw error;
  }
}

// Sign a contract: PUT its `signed` stamp, here with the optional note.
import { MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, contract }: SampleContext) {
  const note: MerchantSchemas["schemas"]["ContractStampRequest"] = { note: "Signed by the CEO" };
  try {
    await merchant.addStamp(contract, "signed", note);
  } catch (error) {
    // 409 when the contract's state no longer allows it (already signed or declined).
    if (error instanceof MerchantProblemError && error.status === 409) console.error(error.detail);
    throw error;
  }
  const signed = await merchant.follow(contract, "self");
  return signed.state;
}

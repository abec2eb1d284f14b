// Sign a contract: PUT its `signed` stamp, here with the optional note.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `contract`: the contract of a submitted application, waiting for a signature. */
export async function sample(contract: MerchantSchemas["schemas"]["Contract"]) {
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

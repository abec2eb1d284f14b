// Attach evidence to a dispute (at most 10 MB per file): the metadata (this call), then the bytes.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `dispute`: an open dispute. */
export async function sample(dispute: MerchantSchemas["schemas"]["Dispute"]) {
  const invoice = new TextEncoder().encode("%PDF-1.7 (signed delivery receipt)"); // in practice: await readFile("receipt.pdf")
  try {
    return await merchant.uploadFile(
      dispute,
      { label: "proof_of_delivery", name: "receipt.pdf", content_type: "application/pdf" },
      invoice,
    );
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors); // e.g. { size: [...] }
    throw error;
  }
}

// Attach evidence to a dispute (at most 10 MB per file): the metadata (this call), then the bytes.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, dispute }: SampleContext) {
  const invoice = new TextEncoder().encode("%PDF-1.7 (signed delivery receipt)"); // in practice: await readFile("receipt.pdf")
  try {
    return await merchant.uploadFile(dispute, { label: "proof_of_delivery", name: "receipt.pdf", content_type: "application/pdf" }, invoice);
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors); // e.g. { size: [...] }
    throw error;
  }
}

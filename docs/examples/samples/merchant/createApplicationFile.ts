// Attach a bank statement to an application: the metadata (this call), then the bytes to the upload link.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const statement = new TextEncoder().encode("%PDF-1.7 (bank statement)"); // in practice: await readFile("statement.pdf")
  try {
    // POST to the application's ch:files, then PUT to the file's pre-signed `upload` link.
    return await merchant.uploadFile(application, { label: "bank_statement", name: "statement.pdf", content_type: "application/pdf" }, statement);
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error; // a refused upload is a MerchantHttpError (the storage host's answer)
  }
}

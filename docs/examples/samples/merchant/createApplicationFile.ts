// Attach a bank statement to an application: the metadata (this call), then the bytes to the upload link.
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const statement = new TextEncoder().encode("%PDF-1.7 (bank statement)"); // in practice: await readFile("statement.pdf")
  try {
    // POST to the application's ch:files, then PUT to the file's pre-signed `upload` link.
    return await merchant.uploadFile(
      application,
      { label: "bank_statement", name: "statement.pdf", content_type: "application/pdf" },
      statement,
    );
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors);
    throw error; // a refused upload is a MerchantHttpError (the storage host's answer)
  }
}

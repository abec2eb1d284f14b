// Upload the bytes of a file created earlier to its pre-signed `upload` link on the storage host.
// For a new file, merchant.uploadFile(owner, metadata, bytes) does both steps in one call.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `file`: a file of an application whose content is not uploaded yet. */
export async function sample(file: MerchantSchemas["schemas"]["File"]) {
  // The upload link expires: read the file again for a fresh one.
  const current = await merchant.follow(file, "self");
  const content = new TextEncoder().encode("%PDF-1.7 (bank statement)"); // in practice: await readFile(...)
  // With the file's Content-Type (it is signed) and no Authorization header: not the API's host.
  await merchant.uploadContent(current, content); // a refusal throws MerchantHttpError
  return current;
}

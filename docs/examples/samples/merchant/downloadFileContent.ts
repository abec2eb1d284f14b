// Download a file's bytes from its `download` link (with the bearer token; the client adds it).
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `uploadedFile`: a file of an application with its content uploaded. */
export async function sample(uploadedFile: MerchantSchemas["schemas"]["File"]) {
  try {
    const { contentType, bytes } = await merchant.downloadFile(uploadedFile);
    console.log(`${uploadedFile.name}: ${bytes.byteLength} bytes of ${contentType}`);
    return { contentType, bytes };
  } catch (error) {
    // 404 before the content has been uploaded.
    if (error instanceof MerchantProblemError && error.status === 404) console.error("no content yet");
    throw error;
  }
}

// Download a file's bytes from its `download` link (with the bearer token; the client adds it).
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, uploadedFile }: SampleContext) {
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

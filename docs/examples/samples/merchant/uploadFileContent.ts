// Upload the bytes of a file created earlier to its pre-signed `upload` link on the storage host.
// For a new file, merchant.uploadFile(owner, metadata, bytes) does both steps in one call.
import type { SampleContext } from "../context";

export async function sample({ merchant, file }: SampleContext) {
  // The upload link expires: read the file again for a fresh one.
  const current = await merchant.follow(file, "self");
  const content = new TextEncoder().encode("%PDF-1.7 (bank statement)"); // in practice: await readFile(...)
  // With the file's Content-Type (it is signed) and no Authorization header: not the API's host.
  await merchant.uploadContent(current, content); // a refusal throws MerchantHttpError
  return current;
}

// Upload the bytes of a file created earlier to its pre-signed `upload` link on the storage host.
// For a new file, merchant.uploadFile(owner, metadata, bytes) does both steps in one call.
import type { SampleContext } from "../context";

export async function sample({ merchant, file }: SampleContext) {
  // The upload link expires: read the file again for a fresh one.
  const current = await merchant.follow(file, "self");
  const upload = current._links["ch:data"].find((link) => link.name === "upload");
  if (!upload) throw new Error("the file has no upload link");
  const content = new TextEncoder().encode("%PDF-1.7 (bank statement)"); // in practice: await readFile(...)
  // Exactly the file's Content-Type (it is signed), and no Authorization header: not the API's host.
  const response = await fetch(upload.href, { method: "PUT", headers: { "Content-Type": current.content_type }, body: content });
  if (!response.ok) throw new Error(`the storage host refused the upload: HTTP ${response.status}`); // an XML error body
  return response.status;
}

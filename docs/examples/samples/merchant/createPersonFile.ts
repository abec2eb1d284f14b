// Attach an identity document to a person: the metadata (this call), then the bytes to the upload link.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `person`: a director of an application. */
export async function sample(person: MerchantSchemas["schemas"]["Person"]) {
  const scan = new TextEncoder().encode("(passport scan)"); // in practice: await readFile("passport.jpg")
  // uploadFile POSTs the metadata to the person's ch:files, then PUTs the bytes to the file's
  // pre-signed `upload` link, with the file's Content-Type and without the bearer token.
  const file = await merchant.uploadFile(person, { label: "picture_legitimation", name: "passport.jpg", content_type: "image/jpeg" }, scan);
  console.log(`uploaded ${file.name} (${file.size} bytes)`);
  return file;
}

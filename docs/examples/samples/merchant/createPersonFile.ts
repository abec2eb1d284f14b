// Attach an identity document to a person: the metadata (this call), then the bytes to the upload link.
import type { SampleContext } from "../context";

export async function sample({ merchant, person }: SampleContext) {
  const scan = new TextEncoder().encode("(passport scan)"); // in practice: await readFile("passport.jpg")
  // uploadFile POSTs the metadata to the person's ch:files, then PUTs the bytes to the file's
  // pre-signed `upload` link, with the file's Content-Type and without the bearer token.
  const file = await merchant.uploadFile(person, { label: "picture_legitimation", name: "passport.jpg", content_type: "image/jpeg" }, scan);
  console.log(`uploaded ${file.name} (${file.size} bytes)`);
  return file;
}

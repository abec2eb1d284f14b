// Read a file's metadata; it also carries a fresh pre-signed `upload` link (they expire).
import type { SampleContext } from "../context";

export async function sample({ merchant, file }: SampleContext) {
  const current = await merchant.follow(file, "self");
  const names = current._links["ch:data"].map((link) => link.name);
  console.log(current.label, current.name, current.content_type, names.join(" and "));
  return current;
}

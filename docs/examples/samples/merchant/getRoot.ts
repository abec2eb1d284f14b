// GET the entry point, the only address the client is configured with; every other address is a link in it.
import type { SampleContext } from "../context";

export async function sample({ merchant }: SampleContext) {
  const root = await merchant.root();
  // The ch: collection links appear only when the token grants access to them.
  const collections = Object.keys(root._links).filter((rel) => rel.startsWith("ch:"));
  console.log("this client may follow:", collections.join(", "));
  return root;
}

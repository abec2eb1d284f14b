// OPTIONS on a person's files collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, person, accessToken }: SampleContext): Promise<string[]> {
  const files = await merchant.follow(person, "ch:files");
  // The merchant client has no OPTIONS method: send it to the link with a bearer token (see createToken).
  const response = await fetch(files._links.self.href, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}

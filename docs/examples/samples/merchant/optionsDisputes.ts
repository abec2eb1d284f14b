// OPTIONS on the disputes collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, accessToken }: SampleContext): Promise<string[]> {
  const disputes = await merchant.follow(await merchant.root(), "ch:disputes");
  // The merchant client has no OPTIONS method: send it to the link with a bearer token (see createToken).
  const response = await fetch(disputes._links.self.href, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}

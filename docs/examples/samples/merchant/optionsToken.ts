// OPTIONS on the token endpoint: the methods it permits, from the Allow header (sent with the client credentials).
import type { SampleContext } from "../context";

export async function sample({ merchant, clientId, clientSecret }: SampleContext): Promise<string[]> {
  const root = await merchant.root();
  // The merchant client has no OPTIONS method: send it to the link with the client credentials.
  const response = await fetch(root._links["oauth2-token"].href, { method: "OPTIONS", headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}

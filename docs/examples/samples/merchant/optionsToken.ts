// OPTIONS on the token endpoint: the methods it permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ tokenUrl, clientId, clientSecret }: SampleContext): Promise<string[]> {
  // The token endpoint takes the client credentials, not the bearer token merchant.allowed() would send.
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
  const response = await fetch(tokenUrl, { method: "OPTIONS", headers: { Authorization: `Basic ${basic}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}

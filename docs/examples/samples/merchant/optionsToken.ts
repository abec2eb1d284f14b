// OPTIONS on the token endpoint: the methods it permits, from the Allow header.

const clientId = process.env.MERCHANT_CLIENT_ID ?? "";
const clientSecret = process.env.MERCHANT_CLIENT_SECRET ?? "";

/** `tokenUrl`: the token endpoint, the root's `oauth2-token` link (createMerchantClient finds it itself). */
export async function sample(tokenUrl: string): Promise<string[]> {
  // The token endpoint takes the client credentials, not the bearer token merchant.allowed() would send.
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
  const response = await fetch(tokenUrl, { method: "OPTIONS", headers: { Authorization: `Basic ${basic}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}

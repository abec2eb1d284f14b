// POST /oauth/token: a bearer token for the client credentials. createMerchantClient does this
// itself (and caches the token until shortly before it expires); this is the exchange it makes.
import { MerchantTokenError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

const merchantBaseUrl = process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com";
const clientId = process.env.MERCHANT_CLIENT_ID ?? "";
const clientSecret = process.env.MERCHANT_CLIENT_SECRET ?? "";

type Token = MerchantSchemas["schemas"]["Token"];
type OAuthError = MerchantSchemas["schemas"]["OAuthError"];

/** `tokenUrl`: the token endpoint, the root's `oauth2-token` link (createMerchantClient finds it itself). */
export async function sample(tokenUrl: string): Promise<Token> {
  const response = await fetch(tokenUrl, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", audience: merchantBaseUrl }),
  });
  const body = (await response.json()) as Token | OAuthError;
  if (!response.ok || !("access_token" in body)) {
    throw new MerchantTokenError(response.status, "error" in body ? body : undefined); // e.g. 401 invalid_client
  }
  // Send `Authorization: Bearer <access_token>`; reuse it until `expires_in` seconds have passed.
  return body;
}

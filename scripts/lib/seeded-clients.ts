/**
 * The benchmarks' set-up on a sandbox with its seeded credentials, through the toolkit: its
 * signer, its gateway client and its merchant client. The timed requests stay raw (a client
 * would change what they measure); their Signature and bearer token come from here.
 */
import { seeded } from "../../src/testkit/sandbox/configuration/config";
import { createGatewayClient, type GatewayClient } from "../../src/toolkit/gateway";
import { createMerchantClient, type MerchantClient, type MerchantSchemas } from "../../src/toolkit/merchant";
import { privateKeyPem } from "../../test/support/sandbox";

/** The toolkit's signer with the seeded signing key: the Signature header of a raw POST. */
export { signer as seededSigner } from "../../test/support/sandbox";

/** The Authorization header of HTTP Basic, for raw requests (a gateway API key has an empty password). */
export const basicAuthorization = (user: string, password = "") => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** The toolkit's gateway client with the seeded merchant key, signing every POST. */
export function seededGateway(baseUrl: string): GatewayClient {
  return createGatewayClient({
    baseUrl,
    apiKey: seeded.gateway.merchantKey,
    signing: { apiKey: seeded.gateway.signingKeyId, privateKey: privateKeyPem },
  });
}

export interface MerchantSetUp {
  client: MerchantClient;
  root: MerchantSchemas["schemas"]["Root"];
  /** `Bearer <token>`: the header the client sent, for raw requests. */
  authorization: string;
}

/** The toolkit's merchant client with an OAuth client's credentials (the seeded one by default), its entrypoint and token. */
export async function seededMerchant(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string } = {
    clientId: seeded.merchant.clientId,
    clientSecret: seeded.merchant.clientSecret,
  },
): Promise<MerchantSetUp> {
  let authorization = "";
  const client = createMerchantClient({
    baseUrl,
    ...credentials,
    tokenUrl: `${baseUrl}/oauth/token`,
    // The client keeps its token to itself: it is read off the requests it sends.
    fetch: (url, init) => {
      authorization = new Headers(init.headers).get("authorization") ?? authorization;
      return fetch(url, init);
    },
  });
  const root = await client.root();
  if (!authorization.startsWith("Bearer ")) throw new Error(`${baseUrl} answered its entrypoint without asking for a token`);
  return { client, root, authorization };
}

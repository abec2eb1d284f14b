/**
 * Before a single test runs against a target the suite did not start itself: each API's address
 * answers, and its credentials are accepted (the gateway's API key on GET /account, its signing
 * key on a signed POST that moves no money, the merchant API's client credentials at its token
 * endpoint). A run that cannot work then ends with one line
 * per problem, naming the setting to fix, and its own exit code, instead of hundreds of failed
 * tests whose cause is somewhere in the middle.
 */
import { randomUUID } from "node:crypto";
import { objectOf, stringOf } from "../../src/testkit/common/json-values";
import { errorCode } from "../../src/toolkit/clients/common/redact";
import { ApiSession, type Exchange } from "../support/http";
import type { ContractTarget } from "../support/target";

/** Where each setting comes from, as the user sets it. */
const SETTINGS = {
  gateway: { url: "GATEWAY_BASE_URL (--gateway-url)", credentials: "GATEWAY_API_KEY" },
  merchant: { url: "MERCHANT_BASE_URL (--merchant-url)", credentials: "MERCHANT_CLIENT_ID and MERCHANT_CLIENT_SECRET" },
} as const;

/** The problems that keep the target from being tested at all (empty when there are none). */
export async function preflightProblems(target: ContractTarget): Promise<string[]> {
  const checks = target.apis.map(async (api): Promise<string | undefined> => {
    const session = new ApiSession(api, target);
    let exchange: Exchange;
    try {
      exchange =
        api === "gateway"
          ? await session.call({ operationId: "getAccount", conformance: "record" })
          : await session.call({
              operationId: "createToken",
              body: { grant_type: "client_credentials", audience: target.merchant.audience },
              conformance: "record",
            });
    } catch (error) {
      return `${SETTINGS[api].url}: ${session.baseUrl} cannot be reached (${errorCode(error) ?? (error instanceof Error ? error.message : String(error))}); start the implementation or fix the address`;
    }
    if (exchange.status === 401) {
      // A mock checks only that credentials are there: a 401 from one means a wrong address, not a wrong key.
      return `${SETTINGS[api].credentials}: refused by ${session.baseUrl} (HTTP 401); use credentials of this ${target.kind === "sandbox" ? "sandbox" : "implementation"}`;
    }
    if (api === "merchant" && exchange.status === 400) {
      return `MERCHANT_AUDIENCE: the token endpoint of ${session.baseUrl} refused the audience ${target.merchant.audience} (HTTP 400); set the API's own base address`;
    }
    if (exchange.status === 404)
      return `${SETTINGS[api].url}: ${session.baseUrl} has no ${api === "gateway" ? "GET /account" : "POST /oauth/token"} (HTTP 404); is it the ${api} API?`;
    // A mock does not check signatures: a signed request proves nothing there.
    if (api === "gateway" && target.kind !== "mock") return signingProblem(session, target);
    return undefined;
  });
  return (await Promise.all(checks)).filter((problem): problem is string => problem !== undefined);
}

/** A gateway status message that names the signature or the signing key. */
const SIGNING_REFUSAL = /signature|signing/i;

/**
 * The signing key, proven on a signed POST that moves no money: a void of an id that names no
 * authorization, signed over its empty body. Its answer is an unknown id unless the signature is
 * refused first; a refusal names the key id (its first characters, as the exchange record keeps
 * it) and the gateway's reason, in one line.
 */
async function signingProblem(session: ApiSession, target: ContractTarget): Promise<string | undefined> {
  const { signingKeyId } = target.gateway;
  const keyId = signingKeyId.length > 8 ? `${signingKeyId.slice(0, 8)}…` : signingKeyId;
  const settings = `GATEWAY_SIGNING_API_KEY (${keyId}) with GATEWAY_SIGNING_KEY_FILE`;
  let exchange: Exchange;
  try {
    exchange = await session.call({ operationId: "createVoid", params: { authorization_id: randomUUID() }, conformance: "record" });
  } catch (error) {
    return `${settings}: cannot sign (${error instanceof Error ? error.message : String(error)}); give the PEM private key of this signing API key`;
  }
  const message = stringOf(objectOf(objectOf(exchange.json).status).message);
  if (message !== undefined && SIGNING_REFUSAL.test(message))
    return `${settings}: a signed POST to ${session.baseUrl} was refused: ${message} (HTTP ${exchange.status}); use the private key registered for this signing API key`;
  return undefined;
}

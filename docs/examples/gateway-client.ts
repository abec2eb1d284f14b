// Usage of the gateway client (type-checked in CI; the README shows this file).
import { readFileSync } from "node:fs";
import {
  ClientNetworkError,
  createGatewayClient,
  GatewayAuthenticationError,
  GatewayInvalidRequestError,
  type GatewayClient,
} from "payment-apis-toolkit/gateway";

export function gatewayFromEnvironment(): GatewayClient {
  return createGatewayClient({
    baseUrl: "test", // or "live", or a URL such as the Prism mock's
    apiKey: process.env.GATEWAY_API_KEY ?? "",
    // Signs every POST; required for applepay, googlepay, mobilepayonline, moto, clicktopay, token, vipps.
    signing: { apiKey: process.env.GATEWAY_SIGNING_API_KEY ?? "", privateKey: readFileSync("signing-key.pem") },
    timeoutMs: 20_000,
  });
}

/** Reserve, then capture: an outcome is approved or declined (with who has to act), never a raw 400 body. */
export async function charge(gateway: GatewayClient): Promise<string | undefined> {
  const authorization = await gateway.authorize({
    amount: 2050,
    currency: "EUR",
    card: { pan: "4111111111111111", expire_month: "06", expire_year: "2030", csc: "987" },
  });
  if (!authorization.approved) {
    console.log(`declined (${authorization.category}): ${authorization.code} ${authorization.meaning} ${authorization.message ?? ""}`);
    return undefined;
  }
  const capture = await gateway.capture(authorization.transaction.id, { amount: 2050 });
  if (!capture.approved) {
    await gateway.void(authorization.transaction.id); // release the reservation
    return undefined;
  }
  return capture.transaction.id;
}

/** Errors: a network failure of a POST may mean "processed"; the client never re-sends it. */
export async function chargeSafely(gateway: GatewayClient): Promise<void> {
  try {
    await charge(gateway);
  } catch (error) {
    if (error instanceof GatewayAuthenticationError) console.error("the API key was refused");
    else if (error instanceof GatewayInvalidRequestError) console.error(`not a decline, the request was wrong: ${error.message}`);
    else if (error instanceof ClientNetworkError && error.requestMayHaveBeenSent)
      console.error("outcome unknown: reconcile before retrying");
    else throw error;
  }
}

/** The typed core: every path of the spec; a body that breaks it does not compile. */
export async function rawCall(gateway: GatewayClient): Promise<void> {
  const { data, error, response } = await gateway.POST("/credits", {
    body: { amount: 50000, currency: "EUR", card: { pan: "4111111111111111", expire_month: "06", expire_year: "2028" } },
  });
  console.log(response.status, data?.status.code ?? error);
}

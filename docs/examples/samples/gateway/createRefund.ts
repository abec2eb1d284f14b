// Refund part of the captured amount of an authorization; without a body all of it is refunded.
import { readFileSync } from "node:fs";
import { createGatewayClient } from "payment-apis-toolkit/gateway";

// Once per process: GATEWAY_BASE_URL is "test", "live" or a URL (the local sandbox: http://127.0.0.1:4020).
const gateway = createGatewayClient({
  baseUrl: process.env.GATEWAY_BASE_URL ?? "test",
  apiKey: process.env.GATEWAY_API_KEY ?? "",
  signing: {
    apiKey: process.env.GATEWAY_SIGNING_API_KEY ?? "",
    privateKey: readFileSync(process.env.GATEWAY_SIGNING_KEY_FILE ?? "signing-key.pem"),
  },
});

/** `capturedAuthorizationId`: an approved authorization with a capture, so there is money to refund. */
export async function sample(capturedAuthorizationId: string) {
  const outcome = await gateway.refund(capturedAuthorizationId, { amount: 500, text_on_statement: "Refund order 1001" });
  if (!outcome.approved) {
    console.log(`refund declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

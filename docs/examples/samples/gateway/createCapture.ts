// Capture part of an authorization; without a body the whole remaining amount is captured.
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

/** `authorizationId`: an approved authorization, nothing captured yet. */
export async function sample(authorizationId: string) {
  const outcome = await gateway.capture(authorizationId, { amount: 1000 });
  if (!outcome.approved) {
    // For example 40200 when the amount exceeds what remains to capture.
    console.log(`capture declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

// Release what remains reserved by an authorization (within 30 days of it).
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
  const outcome = await gateway.void(authorizationId);
  if (!outcome.approved) {
    console.log(`void declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

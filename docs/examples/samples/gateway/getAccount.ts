// The merchant account the API key belongs to: merchant id, descriptor, currency, MCC.
import { readFileSync } from "node:fs";
import { createGatewayClient, GatewayAuthenticationError } from "payment-apis-toolkit/gateway";

// Once per process: GATEWAY_BASE_URL is "test", "live" or a URL (the local sandbox: http://127.0.0.1:4020).
const gateway = createGatewayClient({
  baseUrl: process.env.GATEWAY_BASE_URL ?? "test",
  apiKey: process.env.GATEWAY_API_KEY ?? "",
  signing: {
    apiKey: process.env.GATEWAY_SIGNING_API_KEY ?? "",
    privateKey: readFileSync(process.env.GATEWAY_SIGNING_KEY_FILE ?? "signing-key.pem"),
  },
});

export async function sample() {
  try {
    const account = await gateway.account();
    console.log(`${account.name} (${account.merchant_id}), settles in ${account.currency}`);
    return account;
  } catch (error) {
    // A disabled or expired API key, or a partner's key (partners cannot read /account).
    if (error instanceof GatewayAuthenticationError) console.error("the API key was refused");
    throw error;
  }
}

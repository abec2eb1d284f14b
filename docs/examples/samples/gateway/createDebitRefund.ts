// Refund a debit: always its full amount, and only once.
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

/** `debitId`: an approved debit, not refunded. */
export async function sample(debitId: string) {
  const outcome = await gateway.refundDebit(debitId);
  if (!outcome.approved) {
    // A second refund of the same debit is declined (40200).
    console.log(`debit refund declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}

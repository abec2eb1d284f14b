// Reserve 20.50 EUR on a test card: the outcome is approved or declined, never a raw 400 body.
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

export async function sample() {
  const outcome = await gateway.authorize({
    amount: 2050,
    currency: "EUR",
    reference: "order-1001",
    card: { pan: "4111111111111111", expire_month: "06", expire_year: "2030", csc: "987" },
  });
  if (outcome.approved) {
    console.log(`authorized ${outcome.transaction.id}`);
  } else {
    // Never log the card; the client masks PAN-like digits in `message`.
    console.log(`declined: ${outcome.code} ${outcome.meaning}`);
  }
  return outcome;
}

// Pay out 500.00 EUR to a card (a credit needs no earlier transaction).
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
  const outcome = await gateway.credit({
    amount: 50000,
    currency: "EUR",
    reference: "payout-2024-06",
    card: { pan: "4111111111111111", expire_month: "06", expire_year: "2030" },
  });
  if (!outcome.approved) {
    console.log(`credit declined: ${outcome.code} ${outcome.meaning}`);
  }
  return outcome;
}

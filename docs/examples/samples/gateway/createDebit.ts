// Debit: a one-step transfer from the cardholder's card to the recipient's account.
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
  const outcome = await gateway.debit({
    amount: 5000,
    currency: "EUR",
    card: { pan: "4111111111111111", expire_month: "06", expire_year: "2030", csc: "987" },
    sender: { name: "Jensen Anna M", address: "Torvegade 12", city: "Copenhagen", country: "DK" },
    recipient: { name: "Jensen Anna M", account_number: "DK5000400440116243", account_number_type: "iban" },
  });
  if (outcome.approved) {
    console.log(`debited ${outcome.transaction.amount} ${outcome.transaction.currency}: ${outcome.transaction.id}`);
  } else {
    console.log(`debit declined: ${outcome.code} ${outcome.meaning}`);
  }
  return outcome;
}

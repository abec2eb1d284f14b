// Pay out 500.00 EUR to a card (a credit needs no earlier transaction).
import type { SampleContext } from "../context";

export async function sample({ gateway }: SampleContext) {
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

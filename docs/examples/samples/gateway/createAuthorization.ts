// Reserve 20.50 EUR on a test card: the outcome is approved or declined, never a raw 400 body.
import type { SampleContext } from "../context";

export async function sample({ gateway }: SampleContext) {
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

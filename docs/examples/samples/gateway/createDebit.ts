// Debit: a one-step transfer from the cardholder's card to the recipient's account.
import type { SampleContext } from "../context";

export async function sample({ gateway }: SampleContext) {
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

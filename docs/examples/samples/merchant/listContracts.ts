// The contracts of a submitted application that wait for a signature.
import type { SampleContext } from "../context";

export async function sample({ merchant, submittedApplication }: SampleContext) {
  const contracts = [];
  for await (const contract of merchant.items(submittedApplication, "ch:contracts", { query: "state:needs_signature" })) {
    const stamps = contract._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
    console.log(contract.merchant_id, contract.state, `can be: ${stamps.join(" or ")}`);
    contracts.push(contract);
  }
  return contracts;
}

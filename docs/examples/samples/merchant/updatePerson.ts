// PATCH a person with the properties to change.
import type { MerchantSchemas } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, person }: SampleContext) {
  const changes: MerchantSchemas["schemas"]["PersonUpdate"] = { address_line_1: "Vestergade 3", zipcode: "8000", city: "Aarhus" };
  const updated = await merchant.update(person, changes);
  console.log(`${updated.name} now lives in ${updated.city}`);
  return updated;
}

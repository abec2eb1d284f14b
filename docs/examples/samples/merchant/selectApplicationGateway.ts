// Select a gateway for an application: PUT the selectable gateway's ch:selection link.
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const gateways = await merchant.follow(application, "ch:gateways");
  const choice = gateways._embedded.selectable.find((gateway) => gateway._links["ch:selection"]);
  if (!choice) throw new Error("no gateway can be selected (after submission the selection is fixed)");
  try {
    await merchant.request("PUT", choice, "ch:selection"); // no body; 204
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 409) console.error(error.detail); // submitted meanwhile
    throw error;
  }
  console.log(`selected ${choice.name}`);
  const after = await merchant.follow(application, "ch:gateways");
  return after._embedded["ch:gateways"].map((gateway) => gateway.id);
}

// Select a gateway for an application: PUT the selectable gateway's ch:selection link.
import { MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, application, accessToken }: SampleContext) {
  const gateways = await merchant.follow(application, "ch:gateways");
  const choice = gateways._embedded.selectable.find((gateway) => gateway._links["ch:selection"]);
  const selection = choice?._links["ch:selection"];
  if (!choice || !selection) throw new Error("no gateway can be selected (after submission the selection is fixed)");

  // The merchant client has no method for this PUT: send it with a bearer token (see createToken).
  const response = await fetch(selection.href, { method: "PUT", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) {
    const problem = (await response.json()) as MerchantSchemas["schemas"]["Problem"]; // 409 once submitted
    throw new MerchantProblemError(problem, { method: "PUT", target: "ch:selection" }, undefined);
  }
  console.log(`selected ${choice.name}`);
  const after = await merchant.follow(application, "ch:gateways");
  return after._embedded["ch:gateways"].map((gateway) => gateway.id);
}

// The gateways of an application: the selected ones, and those that can still be selected.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const gateways = await merchant.follow(application, "ch:gateways");
  const selected = gateways._embedded["ch:gateways"].map((gateway) => gateway.name);
  const selectable = gateways._embedded.selectable.map((gateway) => gateway.name);
  console.log(`selected: ${selected.join(", ") || "none"}; selectable: ${selectable.join(", ")}`);
  return gateways;
}

// Read a gateway of an application through its self link.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const gateways = await merchant.follow(application, "ch:gateways");
  const [first] = [...gateways._embedded["ch:gateways"], ...gateways._embedded.selectable];
  if (!first) throw new Error("the application offers no gateway");
  const gateway = await merchant.follow(first, "self");
  // Selectable gateways carry ch:selection; selected ones carry ch:comments.
  console.log(gateway.id, gateway.name, gateway._links["ch:selection"] ? "selectable" : "selected");
  return gateway;
}

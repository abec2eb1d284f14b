// OPTIONS on a gateway: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext): Promise<string[]> {
  const gateways = await merchant.follow(application, "ch:gateways");
  const [gateway] = [...gateways._embedded["ch:gateways"], ...gateways._embedded.selectable];
  if (!gateway) throw new Error("the application offers no gateway");
  return merchant.allowed(gateway, "self");
}

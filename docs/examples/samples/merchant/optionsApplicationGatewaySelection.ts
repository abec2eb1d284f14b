// OPTIONS on a selectable gateway's ch:selection link: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext): Promise<string[]> {
  const gateways = await merchant.follow(application, "ch:gateways");
  const choice = gateways._embedded.selectable.find((gateway) => gateway._links["ch:selection"]);
  if (!choice) throw new Error("no gateway can be selected");
  return merchant.allowed(choice, "ch:selection");
}

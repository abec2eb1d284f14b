// OPTIONS on a dispute's `accepted` stamp (dispute stamps cannot be removed): the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, dispute }: SampleContext): Promise<string[]> {
  return merchant.allowed(dispute, "ch:stamps", { name: "accepted" }); // offered while the dispute is open
}

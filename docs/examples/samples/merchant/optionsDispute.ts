// OPTIONS on a dispute: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, dispute }: SampleContext): Promise<string[]> {
  return merchant.allowed(dispute, "self");
}

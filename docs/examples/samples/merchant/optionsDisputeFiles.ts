// OPTIONS on a dispute's files collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, dispute }: SampleContext): Promise<string[]> {
  return merchant.allowed(dispute, "ch:files");
}

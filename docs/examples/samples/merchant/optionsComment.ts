// OPTIONS on a comment: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, comment }: SampleContext): Promise<string[]> {
  return merchant.allowed(comment, "self");
}

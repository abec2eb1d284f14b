// OPTIONS on the applications collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant }: SampleContext): Promise<string[]> {
  return merchant.allowed(await merchant.root(), "ch:applications");
}

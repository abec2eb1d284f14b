// OPTIONS on an application's contracts collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, submittedApplication }: SampleContext): Promise<string[]> {
  return merchant.allowed(submittedApplication, "ch:contracts");
}

// OPTIONS on an application's people collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext): Promise<string[]> {
  return merchant.allowed(application, "ch:people"); // a templated link, expanded without variables
}

// OPTIONS on an application's comments collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext): Promise<string[]> {
  return merchant.allowed(application, "ch:comments");
}

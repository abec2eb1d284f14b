// OPTIONS on an application's files collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext): Promise<string[]> {
  return merchant.allowed(application, "ch:files");
}

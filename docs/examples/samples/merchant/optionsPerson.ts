// OPTIONS on a person: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, person }: SampleContext): Promise<string[]> {
  return merchant.allowed(person, "self");
}

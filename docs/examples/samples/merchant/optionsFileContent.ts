// OPTIONS on a file's `download` link: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, file }: SampleContext): Promise<string[]> {
  return merchant.allowed(file, "ch:data", { name: "download" });
}

// OPTIONS on a contract: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, contract }: SampleContext): Promise<string[]> {
  return merchant.allowed(contract, "self");
}

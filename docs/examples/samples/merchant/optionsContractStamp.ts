// OPTIONS on a contract's `signed` stamp: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, contract }: SampleContext): Promise<string[]> {
  return merchant.allowed(contract, "ch:stamps", { name: "signed" }); // offered while the contract waits for a signature
}

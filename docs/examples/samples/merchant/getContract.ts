// Read a contract through its self link: its state decides which stamps apply.
import type { SampleContext } from "../context";

export async function sample({ merchant, contract }: SampleContext) {
  const current = await merchant.follow(contract, "self");
  console.log(current.state, current.effective_on);
  return current;
}

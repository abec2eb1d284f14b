// Read a dispute through its self link; its ch:stamps say whether it can be refuted or accepted now.
import type { SampleContext } from "../context";

export async function sample({ merchant, dispute }: SampleContext) {
  const current = await merchant.follow(dispute, "self");
  const actions = current._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
  console.log(current.status, current.reason_code, actions.join(", ") || "no action possible");
  return current;
}

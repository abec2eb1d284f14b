// Read an application again through its self link, e.g. to see its state and which stamps apply now.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const current = await merchant.follow(application, "self");
  const stamps = current._links["ch:stamps"]?.map((stamp) => stamp.name) ?? [];
  console.log(`${current.metadata.state}; stamps that apply: ${stamps.join(", ")}`);
  return current;
}

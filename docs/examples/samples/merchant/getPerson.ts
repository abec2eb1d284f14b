// Read a person through its self link.
import type { SampleContext } from "../context";

export async function sample({ merchant, person }: SampleContext) {
  const current = await merchant.follow(person, "self");
  console.log(current.name, current.city, current.country);
  return current;
}

// Read a comment through its self link (comments cannot be edited or deleted).
import type { SampleContext } from "../context";

export async function sample({ merchant, comment }: SampleContext) {
  const current = await merchant.follow(comment, "self");
  const author = current._embedded?.author;
  console.log(`${author?.name ?? "someone"} wrote: ${current.body}`);
  return current;
}

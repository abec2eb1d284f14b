// Delete a file, metadata and content: DELETE its self link.
import type { SampleContext } from "../context";

export async function sample({ merchant, file }: SampleContext) {
  await merchant.remove(file);
  console.log(`deleted ${file.name}`);
}

// The evidence files of a dispute.
import type { SampleContext } from "../context";

export async function sample({ merchant, dispute }: SampleContext) {
  const files = [];
  for await (const file of merchant.items(dispute, "ch:files")) {
    console.log(file.label, file.name, `${file.size ?? "?"} bytes`);
    files.push(file);
  }
  return files;
}

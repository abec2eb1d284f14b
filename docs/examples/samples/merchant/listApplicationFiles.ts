// The files attached to an application itself (bank statements and the like).
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const files = [];
  for await (const file of merchant.items(application, "ch:files")) {
    console.log(file.label, file.name, file.content_type);
    files.push(file);
  }
  return files;
}

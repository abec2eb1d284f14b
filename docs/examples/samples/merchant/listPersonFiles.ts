// A person's identity documents: check that both required labels are there.
import type { SampleContext } from "../context";

export async function sample({ merchant, person }: SampleContext) {
  const labels = new Set<string>();
  for await (const file of merchant.items(person, "ch:files")) labels.add(file.label);
  const missing = ["picture_legitimation", "address_legitimation"].filter((label) => !labels.has(label));
  if (missing.length) console.log(`${person.name} still needs: ${missing.join(", ")}`);
  return { labels: [...labels], missing };
}

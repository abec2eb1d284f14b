// PATCH a file's metadata (name, content_type, size); its label cannot change.
import type { MerchantSchemas } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, file }: SampleContext) {
  const changes: MerchantSchemas["schemas"]["FileUpdate"] = { name: "statement-2024-05.pdf" };
  return merchant.update(file, changes);
}

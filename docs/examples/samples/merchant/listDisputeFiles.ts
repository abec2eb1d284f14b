// The evidence files of a dispute.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `dispute`: an open dispute. */
export async function sample(dispute: MerchantSchemas["schemas"]["Dispute"]) {
  const files = [];
  for await (const file of merchant.items(dispute, "ch:files")) {
    console.log(file.label, file.name, `${file.size ?? "?"} bytes`);
    files.push(file);
  }
  return files;
}

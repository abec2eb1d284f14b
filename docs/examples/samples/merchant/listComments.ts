// The comments on an application, field comments included (tagged `ch-field:<property>`).
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const comments = [];
  for await (const comment of merchant.items(application, "ch:comments")) {
    const field = comment.tags?.find((tag) => tag.startsWith("ch-field:"))?.slice("ch-field:".length);
    console.log(comment.created_at, field ?? "(whole application)", comment.body);
    comments.push(comment);
  }
  return comments;
}

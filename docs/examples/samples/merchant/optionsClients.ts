// OPTIONS on the client registration endpoint: the methods it permits, from the Allow header.
import { createMerchantClient } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `registrationUrl`: `POST /oauth/clients` on the entrypoint's origin (no resource links to it). */
export async function sample(registrationUrl: string): Promise<string[]> {
  // No resource links to it: pass its configured address as a link.
  return merchant.allowed({ href: registrationUrl });
}

// Register another OAuth client for the merchant API (protected registration: sent with a bearer token).
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

type Schemas = MerchantSchemas["schemas"];

/** `registrationUrl`: `POST /oauth/clients` on the entrypoint's origin (no resource links to it). */
export async function sample(registrationUrl: string): Promise<Schemas["Client"]> {
  const registration: Schemas["ClientRegistration"] = {
    client_name: "Nightly reconciliation",
    grant_types: ["client_credentials"],
    contacts: ["ops@example.com"],
  };
  try {
    // No resource links to the registration endpoint: pass its configured address as a link.
    const { body: client } = await merchant.request<Schemas["Client"]>("POST", { href: registrationUrl }, { body: registration });
    // The secret is shown once: put it in your secret store, never in a log.
    console.log(`registered ${client.client_name ?? ""} as ${client.client_id}`);
    return client;
  } catch (error) {
    if (error instanceof MerchantProblemError) console.error(error.status, error.title, error.errors);
    throw error;
  }
}

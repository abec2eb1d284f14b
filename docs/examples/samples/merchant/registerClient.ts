// Register another OAuth client for the merchant API (protected registration: sent with a bearer token).
import { MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

type Schemas = MerchantSchemas["schemas"];

export async function sample({ merchant, registrationUrl }: SampleContext): Promise<Schemas["Client"]> {
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

// Add a director to an application; then attach the person's identity documents (createPersonFile).
import { createMerchantClient, MerchantProblemError, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  try {
    return await merchant.create(application, "ch:people", {
      name: "Anna Jensen",
      social_security_number: "010185-1234",
      date_of_birth: "1985-01-01",
      address_line_1: "Torvegade 12",
      zipcode: "1400",
      city: "Copenhagen",
      country: "DK",
      role_director: true,
    });
  } catch (error) {
    if (error instanceof MerchantProblemError && error.status === 400) console.error(error.errors); // e.g. { date_of_birth: [...] }
    throw error;
  }
}

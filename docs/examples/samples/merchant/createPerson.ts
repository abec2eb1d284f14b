// Add a director to an application; then attach the person's identity documents (createPersonFile).
import { MerchantProblemError } from "payment-apis-toolkit/merchant";
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
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

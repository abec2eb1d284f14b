// The directors and owners of an application, across all pages.
import { createMerchantClient, type MerchantSchemas } from "payment-apis-toolkit/merchant";

// Once per process: MERCHANT_BASE_URL is the entrypoint (the local sandbox: http://127.0.0.1:4021).
const merchant = createMerchantClient({
  baseUrl: process.env.MERCHANT_BASE_URL ?? "https://merchant.test.clearhaus.com",
  clientId: process.env.MERCHANT_CLIENT_ID ?? "",
  clientSecret: process.env.MERCHANT_CLIENT_SECRET ?? "",
});

/** `application`: an unsubmitted application. */
export async function sample(application: MerchantSchemas["schemas"]["Application"]) {
  const people = [];
  for await (const person of merchant.items(application, "ch:people")) {
    const roles = [person.role_director && "director", person.role_owner && "owner"].filter(Boolean);
    console.log(person.name, roles.join(" and "));
    people.push(person);
  }
  return people;
}

// The directors and owners of an application, across all pages.
import type { SampleContext } from "../context";

export async function sample({ merchant, application }: SampleContext) {
  const people = [];
  for await (const person of merchant.items(application, "ch:people")) {
    const roles = [person.role_director && "director", person.role_owner && "owner"].filter(Boolean);
    console.log(person.name, roles.join(" and "));
    people.push(person);
  }
  return people;
}

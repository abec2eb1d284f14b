/**
 * Reading the links and embedded items of a HAL answer whose shape nothing has proven (a fixture's
 * build, the contract suite's navigation): each link and item is checked as it is read, and what
 * is not one is left out, so a caller that finds nothing says so in its own words.
 */
import { isJsonObject, objectOf, type JsonObject } from "./json-values";

/** A link as far as a reader follows one: its address, and its name in a list of links. */
export interface HalLink {
  href: string;
  name?: string;
}

/** The links of a relation in `_links` (one, or a list); an entry without a string `href` is left out. */
export function linksOf(resource: unknown, relation: string): HalLink[] {
  const found = objectOf(objectOf(resource)._links)[relation];
  return (Array.isArray(found) ? found : [found]).flatMap((one) =>
    isJsonObject(one) && typeof one.href === "string"
      ? [{ href: one.href, ...(typeof one.name === "string" ? { name: one.name } : {}) }]
      : [],
  );
}

/** The link of a relation that holds one link object, not a list (a transaction's follow-ups, a root's collections). */
export function onlyLink(resource: unknown, relation: string): HalLink | undefined {
  return Array.isArray(objectOf(objectOf(resource)._links)[relation]) ? undefined : linksOf(resource, relation)[0];
}

/** Whether `_links` holds the relation at all (whatever its links look like). */
export function hasRelation(resource: unknown, relation: string): boolean {
  return objectOf(objectOf(resource)._links)[relation] !== undefined;
}

/**
 * The objects `_embedded` holds under a relation; without a relation, under the first one it
 * holds (a collection page embeds its items under one relation).
 */
export function embeddedItems(resource: unknown, relation?: string): JsonObject[] {
  const embedded = objectOf(objectOf(resource)._embedded);
  const found = relation === undefined ? Object.values(embedded)[0] : embedded[relation];
  return Array.isArray(found) ? found.filter(isJsonObject) : [];
}

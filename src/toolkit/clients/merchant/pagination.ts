/**
 * Pagination: every item of a collection, page after page, following `next` until it is
 * absent. The same loop serves page-based collections and the cursor-based transactions
 * collection, because it never computes a page number or a cursor.
 */
import type { components } from "../../../../generated/merchant/schema";
import { MerchantError } from "./errors";
import { curiesOf, linksOf, lookupRel, type HalResource } from "./hal";

type Curie = components["schemas"]["Curie"];

/** The relation of the next page, checked against the generated collection links. */
const nextRel: keyof components["schemas"]["CollectionLinks"] = "next";

/** Items of a collection page: `_embedded` under the relation that led to the collection. */
export function embeddedItems(page: HalResource, rel: string, curies: readonly Curie[]): unknown[] {
  const items = lookupRel(page._embedded, rel, curies);
  if (items === undefined) return [];
  if (!Array.isArray(items)) throw new MerchantError(`_embedded "${rel}" of the collection is not an array`);
  return items;
}

export async function* paginate<T>(
  firstPage: HalResource,
  rel: string,
  fetchPage: (href: string) => Promise<HalResource>,
  fallbackCuries: readonly Curie[],
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  for (let page = firstPage; ;) {
    const curies = curiesOf(page).length ? curiesOf(page) : fallbackCuries;
    for (const item of embeddedItems(page, rel, curies)) yield item as T;
    const next = linksOf(page, nextRel, curies)[0];
    if (!next) return;
    // A server that links a page to itself would keep this loop going forever.
    if (seen.has(next.href)) throw new MerchantError(`The "${nextRel}" links of "${rel}" form a loop`);
    seen.add(next.href);
    page = await fetchPage(next.href);
  }
}

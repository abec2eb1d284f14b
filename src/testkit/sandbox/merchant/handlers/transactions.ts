/** Transactions: a cursor-paged collection filtered by the transaction query language. */
import { immutableJson, jsonParts } from "../../http";
import { problems } from "../problems";
import type { Operations } from "../operation";
import { transactionQuery } from "../query-languages";

/** A page's links with the curies, made once per page links object (those are made once per distinct page). */
const withCuries = new WeakMap<object, Record<string, unknown>>();

function pageLinks(links: Readonly<Record<string, { href: string }>>, curies: unknown): Record<string, unknown> {
  let all = withCuries.get(links);
  if (!all) withCuries.set(links, (all = immutableJson({ ...links, curies })));
  return all;
}

export const transactionHandlers: Operations = {
  listTransactions: (ctx, { answers, cursors, links, reps, resources }) => {
    const items = answers.queried(ctx, transactionQuery, resources.transactionsOf(ctx.client.merchant));
    if (!Array.isArray(items)) return items;
    let offset = 0;
    if (ctx.query.next !== undefined) {
      const decoded = cursors.decode(ctx.query.next, ctx.query.query ?? "");
      if (decoded === undefined) return problems.validation(ctx.problem, { next: ["is not a cursor of this collection; follow the next link as given"] });
      offset = decoded;
    }
    const page = cursors.page(items, links.addressOf(ctx), { per_page: ctx.query.per_page, query: ctx.query.query, offset });
    // The items' JSON is made once (representations.ts): the page is serialized around it.
    const embedded = jsonParts(page.items.map((t) => reps.transaction(t)));
    return answers.success(
      ctx,
      jsonParts({
        per_page: page.per_page,
        _links: pageLinks(page.links, links.curies),
        _embedded: jsonParts({ [links.relationOf("listTransactions")]: embedded }),
      }),
    );
  },
};

/** Transactions: a cursor-paged collection filtered by the transaction query language. */
import type { Cursors } from "../http/pagination";
import { problems } from "../http/problems";
import { transactionQuery } from "../records/query-languages";
import type { AnsweringParts, Operations } from "./operation";

export interface TransactionParts extends AnsweringParts {
  cursors: Cursors;
}

export function transactionHandlers({ answers, cursors, links, reps, resources }: TransactionParts): Operations {
  return {
    listTransactions: (ctx) => {
      const items = answers.queried(ctx, transactionQuery, resources.transactionsOf(ctx.client.merchant));
      if (!Array.isArray(items)) return items;
      let offset = 0;
      if (ctx.query.next !== undefined) {
        const decoded = cursors.decode(ctx.query.next, ctx.query.query ?? "");
        if (decoded === undefined)
          return problems.validation(ctx.problem, { next: ["is not a cursor of this collection; follow the next link as given"] });
        offset = decoded;
      }
      const page = cursors.page(items, links.addressOf(ctx), { per_page: ctx.query.per_page, query: ctx.query.query, offset });
      return answers.success(ctx, {
        per_page: page.per_page,
        _links: { ...page.links, curies: links.curies },
        _embedded: { [links.relationOf("listTransactions")]: page.items.map((t) => reps.transaction(t)) },
      });
    },
  };
}

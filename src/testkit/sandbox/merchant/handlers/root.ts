/** The API root: the entry point's links. */
import { immutableJson } from "../../http";
import type { MerchantLinks } from "../links";
import type { Operations } from "../operation";

/** The root's body depends on the base URL alone: built once per base, frozen, its JSON made once. */
const built = new WeakMap<MerchantLinks, { base: string; body: Record<string, unknown> }>();

function rootBody(links: MerchantLinks): Record<string, unknown> {
  const cached = built.get(links);
  if (cached && cached.base === links.base) return cached.body;
  const body = immutableJson({
    _links: {
      self: links.link("getRoot"),
      ...links.related("createToken"),
      ...links.relatedTemplate("listApplications"),
      ...links.relatedTemplate("listTransactions"),
      ...links.relatedTemplate("listDisputes"),
      curies: links.curies,
    },
  });
  built.set(links, { base: links.base, body });
  return body;
}

export const rootHandlers: Operations = {
  getRoot: (ctx, { answers, links }) => answers.success(ctx, rootBody(links)),
};

/** The API root: the entry point's links. */
import type { MerchantLinks } from "../http/links";
import type { Operations } from "./operation";

function rootBody(links: MerchantLinks): Record<string, unknown> {
  return {
    _links: {
      self: links.link("getRoot"),
      ...links.related("createToken"),
      ...links.relatedTemplate("listApplications"),
      ...links.relatedTemplate("listTransactions"),
      ...links.relatedTemplate("listDisputes"),
      curies: links.curies,
    },
  };
}

export const rootHandlers: Operations = {
  getRoot: (ctx, { answers, links }) => answers.success(ctx, rootBody(links)),
};

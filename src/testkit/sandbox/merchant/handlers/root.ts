/** The API root: the entry point's links. */
import type { Operations } from "../operation";

export const rootHandlers: Operations = {
  getRoot: (ctx, { answers, links }) =>
    answers.success(ctx, {
      _links: {
        self: links.link("getRoot"),
        ...links.related("createToken"),
        ...links.relatedTemplate("listApplications"),
        ...links.relatedTemplate("listTransactions"),
        ...links.relatedTemplate("listDisputes"),
        curies: links.curies,
      },
    }),
};

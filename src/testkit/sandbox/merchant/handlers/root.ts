/** The API root: the entry point's links. */
import type { Operations } from "../operation";

export const rootHandlers: Operations = {
  getRoot: (ctx, { answers, links }) =>
    answers.hal(ctx, 200, {
      _links: {
        self: links.link("getRoot"),
        "oauth2-token": links.link("createToken"),
        "ch:applications": links.templated("listApplications"),
        "ch:transactions": links.templated("listTransactions"),
        "ch:disputes": links.templated("listDisputes"),
        curies: links.curies,
      },
    }),
};

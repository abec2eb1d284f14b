/** The API root: the entry point's links. */
import type { Answers } from "../http/answers";
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

export interface RootParts {
  answers: Answers;
  links: MerchantLinks;
}

export function rootHandlers({ answers, links }: RootParts): Operations {
  return {
    getRoot: (ctx) => answers.success(ctx, rootBody(links)),
  };
}

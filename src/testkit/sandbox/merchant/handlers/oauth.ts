/** OAuth: tokens by the client credentials grant, and client registration. */
import type { OpenApiDocument } from "../../../openapi-model/document";
import type { Answers } from "../http/answers";
import type { MerchantLinks } from "../http/links";
import type { OAuthServer } from "../records/oauth";
import type { Schemas } from "../records/spec-types";
import { declaredOnly } from "./declared";
import type { Operations } from "./operation";

export interface OAuthParts {
  doc: OpenApiDocument;
  oauth: OAuthServer;
  answers: Answers;
  links: MerchantLinks;
  /** The spec's server URLs: audiences a token may be issued for, besides the sandbox's own. */
  specServers: readonly string[];
}

export function oauthHandlers({ doc, oauth, answers, links, specServers }: OAuthParts): Operations {
  return {
    createToken: (ctx) => {
      const issued = oauth.issue(ctx.client, ctx.body.audience, [links.base, ...specServers]);
      if (!issued.ok) return answers.oauthError(ctx, issued.status, issued.error, issued.description);
      const token = { access_token: issued.accessToken, token_type: "Bearer", expires_in: issued.expiresIn } satisfies Omit<
        Schemas["Token"],
        "_links"
      >;
      return answers.success(ctx, { ...token, _links: links.related("getRoot") }, { "cache-control": "no-store" });
    },

    registerClient: (ctx) => {
      const { merchant, ...registration } = oauth.register(declaredOnly(doc, ctx), ctx.client);
      void merchant; // the sandbox's own bookkeeping, not part of the registration answer
      const self = `${links.href("registerClient")}/${encodeURIComponent(registration.client_id)}`;
      return answers.success(ctx, { ...registration, _links: { self: { href: self }, curies: links.curies } });
    },
  };
}

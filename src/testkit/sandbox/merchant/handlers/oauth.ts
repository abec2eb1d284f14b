/** OAuth: tokens by the client credentials grant, and client registration. */
import { declaredOnly } from "./declared";
import type { Operations, Schemas } from "./operation";

export const oauthHandlers: Operations = {
  createToken: (ctx, { oauth, answers, links, specServers }) => {
    const issued = oauth.issue(ctx.client, ctx.body.audience, [links.base, ...specServers]);
    if (!issued.ok) return answers.oauthError(ctx, issued.status, issued.error, issued.description);
    const token = { access_token: issued.accessToken, token_type: "Bearer", expires_in: issued.expiresIn } satisfies Omit<
      Schemas["Token"],
      "_links"
    >;
    return answers.success(ctx, { ...token, _links: links.related("getRoot") }, { "cache-control": "no-store" });
  },

  registerClient: (ctx, sandbox) => {
    const { oauth, answers, links } = sandbox;
    const { merchant, ...registration } = oauth.register(declaredOnly(sandbox, ctx), ctx.client);
    void merchant; // the sandbox's own bookkeeping, not part of the registration answer
    const self = `${links.href("registerClient")}/${encodeURIComponent(registration.client_id)}`;
    return answers.success(ctx, { ...registration, _links: { self: { href: self }, curies: links.curies } });
  },
};

/** OAuth: tokens by the client credentials grant, and client registration. */
import { pickDeclared } from "../../validation";
import type { Operations, Schemas } from "../operation";
import { requestSchema } from "../spec-facts";

export const oauthHandlers: Operations = {
  createToken: (ctx, { oauth, answers, links, specServers }) => {
    const body = ctx.body as Schemas["TokenRequest"];
    const issued = oauth.issue(ctx.client!, body.audience, [links.base, ...specServers]);
    if (!issued.ok) return answers.oauthError(ctx, issued.status, issued.error, issued.description);
    const token = { access_token: issued.accessToken, token_type: "Bearer", expires_in: issued.expiresIn, _links: { "ch:root": links.link("getRoot") } };
    return answers.documented(ctx, 200, token, { "cache-control": "no-store" });
  },

  registerClient: (ctx, { doc, oauth, answers, links }) => {
    const client = oauth.register(pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["ClientRegistration"]);
    const self = `${links.href("registerClient")}/${encodeURIComponent(client.client_id)}`;
    return answers.documented(ctx, 201, { ...client, _links: { self: { href: self }, curies: links.curies } }, { location: self });
  },
};

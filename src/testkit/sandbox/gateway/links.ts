/**
 * The links the gateway sandbox answers with, from the spec's path templates: the discovery
 * document's, the follow-up operations of an authorization or a debit, and the way back to the
 * transaction.
 */
import type { components, operations } from "../../../../generated/gateway/schema";
import type { SpecRouter } from "../../openapi-model/router";
import type { Links } from "./records";

/**
 * A template with one parameter, split around it once (`/authorizations/`, `/captures`): a link
 * is then two concatenations, not a regular expression per link.
 */
function substitution(template: string): (id: string) => string {
  const match = /\{[^{}]+\}/.exec(template);
  if (!match) return () => template;
  const head = template.slice(0, match.index);
  const tail = template.slice(match.index + match[0].length);
  return (id) => head + encodeURIComponent(id) + tail;
}

/** The path template one level up (`/authorizations/{id}/captures` → `/authorizations/{id}`). */
function parent(template: string): string {
  return template.split("/").slice(0, -1).join("/");
}

export function gatewayLinks(router: SpecRouter): Links {
  const template = (operationId: keyof operations) => router.operation(operationId).template;
  return {
    captures: substitution(template("createCapture")),
    refunds: substitution(template("createRefund")),
    voids: substitution(template("createVoid")),
    authorization: substitution(parent(template("createCapture"))),
    debitRefunds: substitution(template("createDebitRefund")),
    debit: substitution(parent(template("createDebitRefund"))),
  };
}

/** The discovery document (`GET /`): where authorizations are made and the account is read. */
export function rootDocument(router: SpecRouter): components["schemas"]["Root"] {
  const template = (operationId: keyof operations) => router.operation(operationId).template;
  return { _links: { authorizations: { href: template("createAuthorization") }, account: { href: template("getAccount") } } };
}

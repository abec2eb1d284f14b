/**
 * The links the gateway sandbox answers with, from the spec's path templates: the discovery
 * document's, the follow-up operations of an authorization or a debit, and the way back to the
 * transaction.
 */
import type { components, operations } from "../../../../generated/gateway/schema";
import type { SpecRouter } from "../../spec/router";
import type { Links } from "./records";

function substitute(template: string, id: string): string {
  return template.replace(/\{[^}]+\}/, encodeURIComponent(id));
}

/** The path template one level up (`/authorizations/{id}/captures` → `/authorizations/{id}`). */
function parent(template: string): string {
  return template.split("/").slice(0, -1).join("/");
}

export function gatewayLinks(router: SpecRouter): Links {
  const template = (operationId: keyof operations) => router.operation(operationId).template;
  return {
    captures: (id) => substitute(template("createCapture"), id),
    refunds: (id) => substitute(template("createRefund"), id),
    voids: (id) => substitute(template("createVoid"), id),
    authorization: (id) => substitute(parent(template("createCapture")), id),
    debitRefunds: (id) => substitute(template("createDebitRefund"), id),
    debit: (id) => substitute(parent(template("createDebitRefund")), id),
  };
}

/** The discovery document (`GET /`): where authorizations are made and the account is read. */
export function rootDocument(router: SpecRouter): components["schemas"]["Root"] {
  const template = (operationId: keyof operations) => router.operation(operationId).template;
  return { _links: { authorizations: { href: template("createAuthorization") }, account: { href: template("getAccount") } } };
}

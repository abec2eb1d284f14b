/**
 * Gateway flows for the behaviour scenarios, built from the spec: request bodies start from the
 * spec's own examples, cards come from its *Test environment* chapter (generated constants),
 * and captures, refunds and voids follow the authorization's `_links` rather than built paths.
 */
import { expect } from "vitest";
import { approvedStatusCode, testEnvironment } from "../../generated/gateway/constants";
import { onlyLink } from "../../src/testkit/common/hal-reading";
import { numberOf, stringOf } from "../../src/testkit/common/json-values";
import { apiSpec } from "./spec";
import { requestExample, type OperationIdOf, type RequestBodyOf } from "./documented-bodies";
import { bodyExcerpt, describeExchange, type ApiSession, type CallOptions, type Exchange } from "./http";

type Body = Record<string, unknown>;

export const approved = approvedStatusCode;
export const matchingCsc = testEnvironment["matching-csc"];
export const [testPan] = testEnvironment["accepted-test-pans"].filter((pan) => pan.startsWith("4"));

/** Every status-forcing family of the spec as a 16-digit PAN: prefix, zeros, suffix. */
export const statusForcingPans = testEnvironment["status-forcing-pans"].map(
  ({ prefix, suffix }) => prefix + "0".repeat(16 - prefix.length - suffix.length) + suffix,
);

/** An expiry year safely in the future even after the test clock has moved a few years. */
export const expireYear = String(new Date().getUTCFullYear() + 6);

/** The spec's test card: every field a string, as a form body writes it. */
export type TestCard = { pan: typeof testPan; expire_month: string; expire_year: string; csc: typeof matchingCsc };

export function card(): TestCard;
export function card(overrides: Body): Body;
export function card(overrides: Body = {}): Body {
  return { pan: testPan, expire_month: "06", expire_year: expireYear, csc: matchingCsc, ...overrides };
}

/** A request example of the spec, deep-copied, typed as the operation's request body. */
export function specExample<Op extends OperationIdOf<"gateway">>(operationId: Op, name?: string): RequestBodyOf<"gateway", Op> {
  return requestExample("gateway", operationId, name);
}

export function statusCode(exchange: Exchange): number | undefined {
  return numberOf(exchange.json?.status?.code);
}

export function expectApproved(exchange: Exchange, what = "the transaction"): void {
  const spec = apiSpec("gateway");
  const documented =
    exchange.operationId === undefined ? undefined : spec.documentedResponse(spec.operation(exchange.operationId), exchange.status);
  // The source's "200 or 201": any success status the operation documents.
  expect(documented?.key.startsWith("2") === true, `${what}: ${describeExchange(exchange)} ${bodyExcerpt(exchange)}`).toBe(true);
  expect(statusCode(exchange), `${what}: status.code`).toBe(approved);
}

/** Declined: HTTP 400 and a status code other than the approved one (optionally a given one). */
export function expectDeclined(exchange: Exchange, code?: number, what = "the transaction"): void {
  expect(exchange.status, `${what} must be declined: ${describeExchange(exchange)} ${bodyExcerpt(exchange)}`).toBe(400);
  expect(statusCode(exchange), `${what}: status.code`).not.toBe(approved);
  if (code !== undefined) expect(statusCode(exchange), `${what}: status.code`).toBe(code);
}

export class Gateway {
  constructor(readonly session: ApiSession) {}

  authorize(fields: Body = {}, cardOverrides: Body = {}, options: Partial<CallOptions> = {}): Promise<Exchange> {
    return this.session.call({
      operationId: "createAuthorization",
      body: { amount: 2050, currency: "EUR", ...fields, card: card(cardOverrides) },
      ...options,
    });
  }

  async approvedAuthorization(amount = 10000, fields: Body = {}, cardOverrides: Body = {}): Promise<Exchange> {
    const exchange = await this.authorize({ amount, ...fields }, cardOverrides);
    expectApproved(exchange, `authorization of ${amount}`);
    return exchange;
  }

  /** The address a transaction links to under `rel` (relative href resolved against the base URL). */
  link(transaction: Exchange, rel: string): string {
    const href = onlyLink(transaction.json, rel)?.href;
    expect(href, `${describeExchange(transaction)} links ${rel}`).toEqual(expect.any(String));
    return this.session.resolve(href!);
  }

  capture(authorization: Exchange, body?: Body, options: Partial<CallOptions> = {}): Promise<Exchange> {
    return this.session.call({ operationId: "createCapture", url: this.link(authorization, "captures"), body: body ?? {}, ...options });
  }

  refund(authorization: Exchange, body?: Body, options: Partial<CallOptions> = {}): Promise<Exchange> {
    return this.session.call({ operationId: "createRefund", url: this.link(authorization, "refunds"), body: body ?? {}, ...options });
  }

  /** A void has no body; its address is the spec's path for the authorization (the authorization links captures and refunds). */
  void(authorization: Exchange, options: Partial<CallOptions> = {}): Promise<Exchange> {
    const voids = onlyLink(authorization.json, "voids")?.href;
    return this.session.call({
      operationId: "createVoid",
      ...(voids ? { url: this.session.resolve(voids) } : { params: { authorization_id: stringOf(authorization.json?.id) } }),
      ...options,
    });
  }

  debitBody(amount = 5000, cardOverrides: Body = {}) {
    const body = specExample("createDebit", "intraEeaVisa");
    return { ...body, amount, card: card(cardOverrides) };
  }

  debit(amount = 5000, cardOverrides: Body = {}): Promise<Exchange> {
    return this.session.call({ operationId: "createDebit", body: this.debitBody(amount, cardOverrides) });
  }

  debitRefund(debit: Exchange, options: Partial<CallOptions> = {}): Promise<Exchange> {
    const refunds = onlyLink(debit.json, "refunds")?.href;
    return this.session.call({
      operationId: "createDebitRefund",
      ...(refunds ? { url: this.session.resolve(refunds) } : { params: { debit_id: stringOf(debit.json?.id) } }),
      ...options,
    });
  }

  credit(amount = 5000, cardOverrides: Body = {}): Promise<Exchange> {
    const body = specExample("createCredit", "payout");
    const { csc: _csc, ...withoutCsc } = card(cardOverrides);
    return this.session.call({ operationId: "createCredit", body: { ...body, amount, card: withoutCsc } });
  }
}

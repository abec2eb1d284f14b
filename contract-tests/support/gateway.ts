/**
 * Gateway flows for the behaviour scenarios, built from the spec: request bodies start from the
 * spec's own examples, cards come from its *Test environment* chapter (generated constants),
 * and captures, refunds and voids follow the authorization's `_links` rather than built paths.
 */
import { expect } from "vitest";
import { approvedStatusCode, testEnvironment } from "../../generated/gateway/constants";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { bodyExcerpt, describeExchange, type ApiSession, type CallOptions, type Exchange } from "./http";
import { apiSpec } from "./spec";

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

/** A request example of the spec, deep-copied. */
export function specExample(operationId: string, name?: string): Body {
  const examples = listOperationExamples(apiSpec("gateway").doc).filter((e) => e.kind === "request" && e.operationId === operationId);
  const found = name ? examples.find((e) => e.name === name) : examples[0];
  if (!found) throw new Error(`the gateway spec has no request example ${name ?? "(any)"} of ${operationId}`);
  return structuredClone(found.value) as Body;
}

export function statusCode(exchange: Exchange): number | undefined {
  return exchange.json?.status?.code as number | undefined;
}

export function expectApproved(exchange: Exchange, what = "the transaction"): void {
  expect(exchange.status, `${what}: ${describeExchange(exchange)} ${bodyExcerpt(exchange)}`).toBe(201);
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
    const href = transaction.json?._links?.[rel]?.href as string | undefined;
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
    const id = authorization.json?.id as string;
    const voids = authorization.json?._links?.voids?.href as string | undefined;
    return this.session.call({
      operationId: "createVoid",
      ...(voids ? { url: this.session.resolve(voids) } : { params: { authorization_id: id } }),
      ...options,
    });
  }

  debitBody(amount = 5000, cardOverrides: Body = {}): Body {
    const body = specExample("createDebit", "intraEeaVisa");
    return { ...body, amount, card: card(cardOverrides) };
  }

  debit(amount = 5000, cardOverrides: Body = {}): Promise<Exchange> {
    return this.session.call({ operationId: "createDebit", body: this.debitBody(amount, cardOverrides) });
  }

  debitRefund(debit: Exchange, options: Partial<CallOptions> = {}): Promise<Exchange> {
    const refunds = debit.json?._links?.refunds?.href as string | undefined;
    return this.session.call({
      operationId: "createDebitRefund",
      ...(refunds ? { url: this.session.resolve(refunds) } : { params: { debit_id: debit.json?.id as string } }),
      ...options,
    });
  }

  credit(amount = 5000, cardOverrides: Body = {}): Promise<Exchange> {
    const body = specExample("createCredit", "payout");
    const { csc: _csc, ...withoutCsc } = card(cardOverrides);
    return this.session.call({ operationId: "createCredit", body: { ...body, amount, card: withoutCsc } });
  }
}

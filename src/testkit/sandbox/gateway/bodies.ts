/**
 * The answers of the transaction operations, shaped by the spec's response schemas
 * (`Authorization`, `Debit`, `Capture`, `Refund`, `Void`, `DebitRefund`, `Credit`): what the
 * rules decided, turned into a response body. Nothing here decides anything.
 */
import { randomUUID } from "node:crypto";
import type { components } from "../../../../generated/gateway/schema";
import type { Outcome, PaymentEvaluation, TransactionBody } from "./records";
import { approved, codes, status as statusOf, type Status } from "./status-codes";
import type { SeriesResult } from "./store";
import { isStronglyAuthenticated } from "./three-d-secure";

type Schemas = components["schemas"];
type HalLinks = Record<string, Schemas["HalLink"]>;

/** The outcome of a body: approved exactly when its status is the approved code. */
export function outcomeOf(body: TransactionBody & { status?: Status }): Outcome {
  return { approved: body.status?.code === approved, body };
}

/** A general input error (40000) with its message; no transaction is made. */
export function inputErrorOutcome(message: string): Outcome {
  return { approved: false, body: { status: statusOf(codes["general-input-error"], message) } };
}

export interface PaymentAnswer {
  id: string;
  processedAt: string;
  evaluation: PaymentEvaluation;
  amount: number;
  currency: string;
  csc: Schemas["CscResult"];
  /** Whether the payment method itself counts as strong authentication (`x-strongly-authenticated`). */
  methodAuthenticates: boolean;
  text?: string;
  reference?: string;
  series?: SeriesResult;
  links: HalLinks;
}

/*
 * The bodies are built member by member, in the order their JSON lists them: an optional member
 * is assigned when present rather than spread from a temporary object (one per member per answer).
 */

/** The body of an authorization or a debit. */
export function paymentBody(answer: PaymentAnswer): Schemas["Authorization"] & Schemas["Debit"] {
  const { evaluation } = answer;
  const scaProvided = answer.methodAuthenticates || (evaluation.threeDS !== undefined && isStronglyAuthenticated(evaluation.threeDS));
  const liable: Schemas["LiableForFraudDisputes"] = scaProvided ? "issuer" : "merchant";
  const body: Partial<Schemas["Authorization"] & Schemas["Debit"]> = {
    id: answer.id,
    status: evaluation.status,
    processed_at: answer.processedAt,
    amount: answer.amount,
    currency: answer.currency,
  };
  if (answer.text) body.text_on_statement = answer.text;
  if (answer.reference !== undefined) body.reference = answer.reference;
  body.csc = answer.csc;
  if (evaluation.threeDS) body["3dsecure"] = evaluation.threeDS;
  body.sca = { provided: scaProvided, necessary: false };
  body.liable_for_fraud_disputes = liable;
  if (answer.series) body.series = answer.series;
  body._links = answer.links as (Schemas["Authorization"] & Schemas["Debit"])["_links"];
  return body;
}

/** The body of a capture or a capture refund: the amount booked (none when nothing was), the text, the links. */
export function amountBody(
  processedAt: string,
  status: Status,
  amount: number,
  text: string | undefined,
  links: HalLinks,
): Schemas["Capture"] & Schemas["Refund"] {
  const body: Partial<Schemas["Capture"] & Schemas["Refund"]> = { id: randomUUID(), status, processed_at: processedAt };
  if (amount > 0) body.amount = amount;
  if (text) body.text_on_statement = text;
  body._links = links as (Schemas["Capture"] & Schemas["Refund"])["_links"];
  return body;
}

/**
 * The body of a void: the released amount when approved and something was released. A void of a
 * fully captured authorization releases nothing and says no amount, like the one published void
 * body (id, status and processed_at only), rather than claiming a release of 0.
 */
export function voidBody(processedAt: string, status: Status, released: number): Schemas["Void"] {
  const body: Schemas["Void"] = { id: randomUUID(), status, processed_at: processedAt };
  if (status.code === approved && released > 0) body.amount = released;
  return body;
}

/** The body of a debit refund: always the debit's full amount. */
export function debitRefundBody(processedAt: string, status: Status, amount: number, links: HalLinks): Schemas["DebitRefund"] {
  return { id: randomUUID(), status, processed_at: processedAt, amount, _links: links };
}

/** The body of a credit. */
export function creditBody(
  processedAt: string,
  status: Status,
  request: Schemas["CreditRequest"],
  text: string | undefined,
): Schemas["Credit"] {
  const body: Schemas["Credit"] = {
    id: randomUUID(),
    status,
    processed_at: processedAt,
    amount: request.amount,
    currency: request.currency,
  };
  if (text) body.text_on_statement = text;
  if (request.reference !== undefined) body.reference = request.reference;
  return body;
}

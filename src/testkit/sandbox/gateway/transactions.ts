/**
 * The transaction operations of the gateway sandbox: authorizations, debits and credits (the
 * card-bearing requests), and captures, refunds, voids and debit refunds against them. Each
 * checks with the rules (`payment-rules.ts`, `follow-up-rules.ts`), books in the store
 * (`store.ts`) and answers with a body of the spec's shape (`bodies.ts`).
 *
 * Every check-and-update of an authorization runs synchronously (no await between reading the
 * remaining amount and booking the capture), so concurrent requests cannot over-capture.
 */
import { randomUUID } from "node:crypto";
import { paymentMethodsStronglyAuthenticated } from "../../../../generated/gateway/constants";
import { gatewayTimestamp, type SandboxClock } from "../cross-api/clock";
import { noFaults, type Faults } from "../cross-api/faults";
import type { GatewayAccount } from "./auth";
import { amountBody, creditBody, debitRefundBody, inputErrorOutcome, outcomeOf, paymentBody, voidBody } from "./bodies";
import type { FollowUpRules } from "./follow-up-rules";
import type { PaymentRules } from "./payment-rules";
import type { AuthorizationRecord, DebitRecord, Links, Outcome, PaymentEvaluation } from "./records";
import {
  paymentMethodOf,
  type AuthorizationRequest,
  type CaptureRequest,
  type CreditRequest,
  type DebitRequest,
  type PaymentRequest,
  type RefundRequest,
} from "./requests";
import { approved, codes, status, type Status, type StatusCode } from "./status-codes";
import type { TransactionStore } from "./store";
import { cardDataOf, type TestCards } from "./test-cards";

const INVALID_TRANSACTION_ID = "invalid transaction id";

/** The status of a decline a fault rule of the control API asks for (a transaction operation's parameter), if any. */
function declined(decline: StatusCode | undefined): Status | undefined {
  return decline === undefined ? undefined : status(decline);
}

/** A payment's evaluation answering with a requested decline instead, as the gateway would: made, declined, no credential stored. */
function declining(evaluation: PaymentEvaluation, decline: StatusCode | undefined): PaymentEvaluation {
  return decline === undefined ? evaluation : { ...evaluation, status: status(decline), storeCredential: false };
}
const authenticatingMethods: readonly string[] = paymentMethodsStronglyAuthenticated;

export interface TransactionParts {
  store: TransactionStore;
  payments: PaymentRules;
  followUps: FollowUpRules;
  cards: TestCards;
  clock: SandboxClock;
  links: Links;
  faults?: Faults;
}

export class GatewayTransactions {
  private readonly faults: Faults;
  constructor(private readonly parts: TransactionParts) {
    this.faults = parts.faults ?? noFaults;
  }

  private timestamp(): string {
    return gatewayTimestamp(this.parts.clock.now());
  }

  /** The text on statement of a request, defaulting to the account's descriptor. */
  private textOf(account: GatewayAccount, requested: string | undefined): string | undefined {
    return requested ?? (this.faults.has("text-on-statement-not-defaulted") ? undefined : account.resource?.descriptor);
  }

  authorize(account: GatewayAccount, body: AuthorizationRequest, signed: boolean, decline?: StatusCode): Outcome {
    const checked = this.parts.payments.evaluate(account, body, "authorization", signed);
    if (!checked.ok) return inputErrorOutcome(checked.inputError);
    const evaluation = declining(checked.evaluation, decline);
    const id = randomUUID();
    const text = this.textOf(account, body.text_on_statement);
    const { clock, links } = this.parts;
    const record: AuthorizationRecord = {
      kind: "authorization",
      id,
      accountId: account.id,
      status: evaluation.status.code,
      amount: body.amount,
      currency: body.currency,
      createdAt: clock.now(),
      textOnStatement: text,
      captured: 0,
      refunded: 0,
      voided: false,
    };
    return this.answerPayment(account, body, record, evaluation, {
      text,
      reference: body.reference,
      links: { captures: { href: links.captures(id) }, refunds: { href: links.refunds(id) }, voids: { href: links.voids(id) } },
    });
  }

  debit(account: GatewayAccount, body: DebitRequest, signed: boolean, decline?: StatusCode): Outcome {
    const checked = this.parts.payments.evaluate(account, body, "debit", signed);
    if (!checked.ok) return inputErrorOutcome(checked.inputError);
    const evaluation = declining(checked.evaluation, decline);
    const id = randomUUID();
    const { clock } = this.parts;
    const record: DebitRecord = {
      kind: "debit",
      id,
      accountId: account.id,
      status: evaluation.status.code,
      amount: body.amount,
      currency: body.currency,
      createdAt: clock.now(),
      refunded: false,
    };
    return this.answerPayment(account, body, record, evaluation, {
      text: this.textOf(account, body.text_on_statement),
      links: { refunds: { href: this.parts.links.debitRefunds(id) } },
    });
  }

  /** Books an evaluated authorization or debit and answers it. */
  private answerPayment(
    account: GatewayAccount,
    body: PaymentRequest,
    record: AuthorizationRecord | DebitRecord,
    evaluation: PaymentEvaluation,
    extra: { text?: string; reference?: string; links: Record<string, { href: string }> },
  ): Outcome {
    const series = this.parts.store.add(account, record, evaluation);
    const method = paymentMethodOf(body);
    return outcomeOf(
      paymentBody({
        id: record.id,
        processedAt: this.timestamp(),
        evaluation,
        amount: record.amount,
        currency: record.currency,
        csc: this.parts.cards.cscResult(cardDataOf(method?.object)),
        methodAuthenticates: method !== undefined && authenticatingMethods.includes(method.name),
        series,
        ...extra,
      }),
    );
  }

  credit(account: GatewayAccount, body: CreditRequest, decline?: StatusCode): Outcome {
    const { cards, store, clock } = this.parts;
    const card = cardDataOf(body.card);
    const cardKey = card.pan ? cards.cardKey(card.pan) : undefined;
    const forced = cards.cardStatus(card, body.amount, "credit");
    const expiry = cards.expiryStatus(card, clock.now());
    let decided: Status;
    if (decline !== undefined) decided = status(decline);
    else if (forced && forced.code !== approved) decided = forced.forced ? status(forced.code) : status(forced.code, "invalid card number");
    else if (expiry) decided = status(expiry);
    // A credit is implicitly merchant-initiated: a merchant block stops it too.
    else if (cardKey && store.isBlocked(account, cardKey)) {
      decided = status(
        codes["merchant-blocked-by-cardholder"],
        "merchant blocked by cardholder: merchant-initiated transactions on this card must stop",
      );
    } else decided = status(approved);
    store.noteBlock(account, cardKey, decided.code);
    return outcomeOf(creditBody(this.timestamp(), decided, body, this.textOf(account, body.text_on_statement)));
  }

  capture(account: GatewayAccount, authorizationId: string, body: CaptureRequest | undefined, decline?: StatusCode): Outcome {
    const auth = this.parts.store.find(account, authorizationId, "authorization");
    if (!auth) return inputErrorOutcome(INVALID_TRANSACTION_ID);
    const now = this.parts.clock.now();
    const requested = body?.amount ?? (auth.amount - auth.captured) / (this.faults.has("capture-default-amount-halved") ? 2 : 1);
    const decided = declined(decline) ?? this.parts.followUps.captureRefusal(auth, now, requested) ?? status(approved);
    if (decided.code === approved) {
      // Check and update in one synchronous step.
      auth.captured += requested;
      auth.lastCaptureAt = now;
      this.parts.store.approvedCaptures += 1;
    }
    const { links } = this.parts;
    const text = body?.text_on_statement ?? auth.textOnStatement;
    return outcomeOf(
      amountBody(this.timestamp(), decided, requested, text, {
        authorization: { href: links.authorization(auth.id) },
        refunds: { href: links.refunds(auth.id) },
      }),
    );
  }

  refund(account: GatewayAccount, authorizationId: string, body: RefundRequest | undefined, decline?: StatusCode): Outcome {
    const auth = this.parts.store.find(account, authorizationId, "authorization");
    if (!auth) return inputErrorOutcome(INVALID_TRANSACTION_ID);
    const requested = body?.amount ?? auth.captured - auth.refunded;
    const decided = declined(decline) ?? this.parts.followUps.refundRefusal(auth, this.parts.clock.now(), requested) ?? status(approved);
    if (decided.code === approved) auth.refunded += requested; // never frees captured amount
    if (decided.code === approved && this.faults.has("refund-frees-captured-amount")) auth.captured -= requested;
    const text = body?.text_on_statement ?? auth.textOnStatement;
    return outcomeOf(
      amountBody(this.timestamp(), decided, requested, text, { authorization: { href: this.parts.links.authorization(auth.id) } }),
    );
  }

  void(account: GatewayAccount, authorizationId: string, decline?: StatusCode): Outcome {
    const auth = this.parts.store.find(account, authorizationId, "authorization");
    if (!auth) return inputErrorOutcome(INVALID_TRANSACTION_ID);
    const decided = declined(decline) ?? this.parts.followUps.voidRefusal(auth, this.parts.clock.now()) ?? status(approved);
    const released = auth.status === approved ? auth.amount - auth.captured : 0;
    if (decided.code === approved) auth.voided = true;
    return outcomeOf(voidBody(this.timestamp(), decided, released));
  }

  debitRefund(account: GatewayAccount, debitId: string, decline?: StatusCode): Outcome {
    const debit = this.parts.store.find(account, debitId, "debit");
    if (!debit) return inputErrorOutcome(INVALID_TRANSACTION_ID);
    const decided = declined(decline) ?? this.parts.followUps.debitRefundRefusal(debit) ?? status(approved);
    if (decided.code === approved) debit.refunded = true;
    return outcomeOf(debitRefundBody(this.timestamp(), decided, debit.amount, { debit: { href: this.parts.links.debit(debit.id) } }));
  }
}

/**
 * Transaction state and the rules of the seed's *States and transitions* and *Limits*: remaining
 * amounts, partial captures, refunds that never free captured amount, voids, the capture,
 * refund and void windows on the sandbox clock, debits with exactly one full refund, credits,
 * series, stored credentials and merchant blocks (40420).
 *
 * Every check-and-update of an authorization runs synchronously (no await between reading the
 * remaining amount and booking the capture), so concurrent requests cannot over-capture.
 *
 * The store is bounded (`gateway.retention.maxTransactions`): an authorization or debit is one
 * record, its captures, refunds and voids are amounts booked on it, so evicting a record takes
 * everything that hangs off it and can never leave half a transaction behind.
 */
import { randomInt, randomUUID } from "node:crypto";
import { paymentMethodsRequiringSigning } from "../../../../generated/gateway/constants";
import { DAY_MS, gatewayTimestamp, type SandboxClock } from "../clock";
import { idsToEvict } from "../retention";
import { noFaults, type Faults } from "../faults";
import type { GatewayAccount } from "./auth";
import type { GatewayFacts } from "./spec-facts";
import {
  approved,
  cardDataOf,
  inputError,
  merchantBlocked,
  paymentMethodOf,
  ruleViolation,
  threeDSecureFailure,
  threeDSecureProblem,
  type TestCards,
  type TransactionType,
} from "./test-cards";

type Body = Record<string, unknown>;

export interface Status {
  code: number;
  message?: string;
}

/** What the HTTP layer turns into 201 (approved) or 400 (anything else). */
export type Outcome = { approved: boolean; body: Record<string, unknown> };

/** What the checks of an authorization or a debit decided, before it is booked. */
interface PaymentEvaluation {
  status: Status;
  cardKey?: string;
  series?: { first: boolean; state?: SeriesState; type: string };
  store: boolean;
  threeDS?: Record<string, string>;
}

interface SeriesState {
  id: string;
  type: string;
  tid: string;
  accountId: string;
  cardKey?: string;
  latestApprovedId: string;
}

interface AuthorizationRecord {
  kind: "authorization";
  id: string;
  accountId: string;
  status: number;
  amount: number;
  currency: string;
  createdAt: number;
  textOnStatement?: string;
  captured: number;
  refunded: number;
  lastCaptureAt?: number;
  voided: boolean;
  cardKey?: string;
  seriesId?: string;
}

interface DebitRecord {
  kind: "debit";
  id: string;
  accountId: string;
  status: number;
  amount: number;
  currency: string;
  createdAt: number;
  refunded: boolean;
  cardKey?: string;
  seriesId?: string;
}

type PrimaryRecord = AuthorizationRecord | DebitRecord;

export interface Links {
  captures(authorizationId: string): string;
  refunds(authorizationId: string): string;
  voids(authorizationId: string): string;
  authorization(authorizationId: string): string;
  debitRefunds(debitId: string): string;
  debit(debitId: string): string;
}

const INVALID_TRANSACTION_ID = "invalid transaction id";

export class TransactionStore {
  private readonly primary = new Map<string, PrimaryRecord>();
  private readonly series = new Map<string, SeriesState>();
  private readonly storedCredentials = new Set<string>();
  private readonly blocks = new Set<string>();
  /** Approved captures booked, for the concurrency test and the benchmark's sanity check. */
  approvedCaptures = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly cards: TestCards,
    private readonly facts: GatewayFacts,
    private readonly links: Links,
    private readonly signingMode: "all-posts" | "methods",
    private readonly maxTransactions: number,
    private readonly faults: Faults = noFaults,
  ) {}

  /** Authorizations and debits held (for the retention tests and the benchmark). */
  get size(): number {
    return this.primary.size;
  }

  /** Whether a merchant has blocked further merchant-initiated transactions on a card (40420). */
  private isBlocked(merchantCard: string): boolean {
    return this.blocks.has(merchantCard) && !this.faults.has("merchant-block-forgotten");
  }

  private timestamp(): string {
    return gatewayTimestamp(this.clock.now());
  }

  private find<K extends PrimaryRecord["kind"]>(account: GatewayAccount, id: string, kind: K): Extract<PrimaryRecord, { kind: K }> | undefined {
    const record = this.primary.get(id.toLowerCase());
    // Another merchant's transactions do not exist for this account.
    if (!record || record.kind !== kind) return undefined;
    if (record.accountId !== account.id && !this.faults.has("other-merchants-transactions-visible")) return undefined;
    return record as Extract<PrimaryRecord, { kind: K }>;
  }

  private declined(code: number, message?: string): Status {
    return message ? { code, message } : { code };
  }

  static inputErrorOutcome(message: string): Outcome {
    return { approved: false, body: { status: { code: inputError, message } } };
  }

  // -------------------------------------------------------------------------------------------
  // Authorizations, debits and credits: the card-bearing requests.

  /** The checks shared by authorizations and debits; returns the status and the series bookkeeping. */
  private evaluatePayment(
    account: GatewayAccount,
    body: Body,
    type: TransactionType,
    signed: boolean,
  ): PaymentEvaluation | Outcome {
    const method = paymentMethodOf(body);
    const methodObject = method ? body[method] : undefined;
    const card = cardDataOf(methodObject);
    const cardKey = card.pan ? this.cards.cardKey(card.pan) : undefined;
    const seriesParam = body.series as { type?: string; previous?: { id?: string; visa?: { type?: string }; mastercard?: { type?: string } } } | undefined;
    const subsequent = seriesParam?.previous !== undefined;
    const initiator = (body.initiator as string | undefined) ?? (subsequent ? "merchant" : "cardholder");
    const firstInSeries = seriesParam?.type !== undefined;
    const credentialOnFile = (body.credential_on_file as string | undefined) ?? (initiator === "merchant" ? "use" : firstInSeries ? "store" : undefined);

    if (this.signingMode === "methods" && !signed) {
      if (method && (paymentMethodsRequiringSigning as readonly string[]).includes(method)) {
        return TransactionStore.inputErrorOutcome(`signature required: payment method '${method}' must be signed`);
      }
      if (method === "card" && card.csc === undefined && !subsequent) {
        return TransactionStore.inputErrorOutcome("signature required: omitting 'card[csc]' needs a signed request");
      }
    }

    // Series bookkeeping (validated before anything is booked).
    let seriesInfo: { first: boolean; state?: SeriesState; type: string } | undefined;
    if (firstInSeries) seriesInfo = { first: true, type: seriesParam!.type! };
    if (seriesParam?.previous?.id !== undefined) {
      const previous = this.primary.get(seriesParam.previous.id.toLowerCase());
      const state = previous?.seriesId ? this.series.get(previous.seriesId) : undefined;
      if (!previous || previous.accountId !== account.id || previous.status !== approved || !state || state.latestApprovedId !== previous.id) {
        return TransactionStore.inputErrorOutcome("parameter 'series[previous][id]' must be the latest approved authorization of its series");
      }
      if (state.cardKey !== undefined && cardKey !== state.cardKey) {
        return TransactionStore.inputErrorOutcome("parameter 'series[previous][id]' belongs to a series on another card");
      }
      seriesInfo = { first: false, state, type: state.type };
    } else if (seriesParam?.previous) {
      // Raw scheme values of a series started elsewhere (operator-approved): the type is taken from them.
      const raw = seriesParam.previous.visa ?? seriesParam.previous.mastercard;
      seriesInfo = { first: false, type: raw?.type ?? "recurring" };
    }

    // 3-D Secure data, if any.
    const threeDS = threeDSecureOf(methodObject);
    if (threeDS === "unreadable") return { status: this.declined(threeDSecureProblem, "3-D Secure data cannot be read"), cardKey, store: false, series: seriesInfo };

    const amount = body.amount as number;
    const forced = this.cards.cardStatus(card, amount, type);
    let status: Status | undefined = forced ? this.declinedOrApproved(forced.code, forced.forced) : undefined;
    if (!status) {
      const expiry = this.cards.expiryStatus(card, this.clock.now());
      if (expiry) status = this.declined(expiry);
    }
    if (!status && threeDS && ["N", "R"].includes(threeDS.status ?? "")) status = this.declined(threeDSecureFailure, "3-D Secure authentication failed");
    if (!status && initiator === "merchant" && cardKey) {
      const key = `${account.id}|${cardKey}`;
      if (this.isBlocked(key)) {
        status = this.declined(merchantBlocked, "merchant blocked by cardholder: merchant-initiated transactions on this card must stop");
      } else if (seriesInfo && !seriesInfo.first && !seriesInfo.state) {
        // Scheme references of a series moved from elsewhere carry their own authority.
      } else if (!this.storedCredentials.has(key)) {
        status = this.declined(
          ruleViolation,
          "merchant-initiated transaction requires a previously approved transaction for this card with credential_on_file=store",
        );
      }
    }
    // A forced status other than approval stands; a forced approval still meets the block above.
    if (!status && forced) status = this.declinedOrApproved(forced.code, true);
    return {
      status: status ?? { code: approved },
      cardKey,
      series: seriesInfo,
      store: credentialOnFile === "store",
      threeDS: threeDS ?? undefined,
    };
  }

  private declinedOrApproved(code: number, forced: boolean): Status | undefined {
    if (code === approved) return undefined;
    return forced ? { code } : this.declined(code, "invalid card number");
  }

  /** Books the effects of an approved or declined payment (credentials, series, blocks). */
  private bookPayment(account: GatewayAccount, id: string, status: Status, evaluation: PaymentEvaluation): Record<string, unknown> | undefined {
    const key = evaluation.cardKey ? `${account.id}|${evaluation.cardKey}` : undefined;
    if (status.code === merchantBlocked && key) this.blocks.add(key);
    if (status.code !== approved) return evaluation.series ? { type: evaluation.series.type } : undefined;
    if (evaluation.store && key) this.storedCredentials.add(key);
    if (!evaluation.series) return undefined;
    if (evaluation.series.first) {
      const state: SeriesState = {
        id,
        type: evaluation.series.type,
        tid: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999)),
        accountId: account.id,
        cardKey: evaluation.cardKey,
        latestApprovedId: id,
      };
      this.series.set(id, state);
      return { type: state.type, tid: state.tid };
    }
    if (evaluation.series.state) evaluation.series.state.latestApprovedId = id;
    return { type: evaluation.series.type };
  }

  authorize(account: GatewayAccount, body: Body, signed: boolean): Outcome {
    const evaluation = this.evaluatePayment(account, body, "authorization", signed);
    if ("approved" in evaluation) return evaluation;
    const id = randomUUID();
    const record: AuthorizationRecord = {
      ...this.paymentRecordBase(account, body, id, evaluation),
      kind: "authorization",
      textOnStatement: (body.text_on_statement as string | undefined) ?? (account.resource?.descriptor as string | undefined),
      captured: 0,
      refunded: 0,
      voided: false,
    };
    const series = this.store(account, record, evaluation);
    const response = this.paymentBody(id, evaluation, record, body, series, {
      text: record.textOnStatement,
      reference: body.reference,
      links: { captures: { href: this.links.captures(id) }, refunds: { href: this.links.refunds(id) }, voids: { href: this.links.voids(id) } },
    });
    return { approved: evaluation.status.code === approved, body: response };
  }

  debit(account: GatewayAccount, body: Body, signed: boolean): Outcome {
    const evaluation = this.evaluatePayment(account, body, "debit", signed);
    if ("approved" in evaluation) return evaluation;
    const id = randomUUID();
    const record: DebitRecord = { ...this.paymentRecordBase(account, body, id, evaluation), kind: "debit", refunded: false };
    const series = this.store(account, record, evaluation);
    const response = this.paymentBody(id, evaluation, record, body, series, {
      text: (body.text_on_statement as string | undefined) ?? (account.resource?.descriptor as string | undefined),
      links: { refunds: { href: this.links.debitRefunds(id) } },
    });
    return { approved: evaluation.status.code === approved, body: response };
  }

  /** The fields every authorization and debit record has. */
  private paymentRecordBase(account: GatewayAccount, body: Body, id: string, evaluation: PaymentEvaluation) {
    return {
      id,
      accountId: account.id,
      status: evaluation.status.code,
      amount: body.amount as number,
      currency: body.currency as string,
      createdAt: this.clock.now(),
      cardKey: evaluation.cardKey,
    };
  }

  /** Books an evaluated authorization or debit: series bookkeeping, then the record is stored. */
  private store(account: GatewayAccount, record: PrimaryRecord, evaluation: PaymentEvaluation): Record<string, unknown> | undefined {
    const series = this.bookPayment(account, record.id, evaluation.status, evaluation);
    if (evaluation.series) record.seriesId = evaluation.series.first ? record.id : evaluation.series.state?.id;
    // After booking: a series continued by this record no longer depends on its previous one.
    this.makeRoom();
    this.primary.set(record.id, record);
    return series;
  }

  // -------------------------------------------------------------------------------------------
  // Retention: the oldest finished records go first (idsToEvict); an evicted id is unknown.

  private makeRoom(): void {
    for (const id of idsToEvict(this.primary, this.maxTransactions, () => this.finishedTest())) {
      const record = this.primary.get(id)!;
      this.primary.delete(id);
      const state = record.seriesId === undefined ? undefined : this.series.get(record.seriesId);
      // A series lives while its latest approved transaction does: nothing else can continue it.
      if (state?.latestApprovedId === id) this.series.delete(state.id);
    }
  }

  /** Finished: no operation on the record can succeed any more, now or later, and no series continues from it. */
  private finishedTest(): (record: PrimaryRecord) => boolean {
    const now = this.clock.now();
    return (record) => {
      if (record.seriesId !== undefined && this.series.get(record.seriesId)?.latestApprovedId === record.id) return false;
      if (record.kind === "debit") return this.debitRefundRefusal(record) !== undefined;
      return this.captureRefusal(record, now) !== undefined && this.refundRefusal(record, now) !== undefined && this.voidRefusal(record, now) !== undefined;
    };
  }

  /** The response body of an authorization or a debit (the spec's Authorization and Debit schemas). */
  private paymentBody(
    id: string,
    evaluation: PaymentEvaluation,
    record: { amount: number; currency: string },
    body: Body,
    series: Record<string, unknown> | undefined,
    extra: { text?: string; reference?: unknown; links: Record<string, { href: string }> },
  ): Record<string, unknown> {
    const method = paymentMethodOf(body);
    const card = cardDataOf(method ? body[method] : undefined);
    const scaProvided = method === "applepay" || (evaluation.threeDS !== undefined && ["Y", "A"].includes(evaluation.threeDS.status ?? "Y"));
    return {
      id,
      status: evaluation.status,
      processed_at: this.timestamp(),
      amount: record.amount,
      currency: record.currency,
      ...(extra.text ? { text_on_statement: extra.text } : {}),
      ...(extra.reference !== undefined ? { reference: extra.reference } : {}),
      csc: this.cards.cscResult(card),
      ...(evaluation.threeDS ? { "3dsecure": evaluation.threeDS } : {}),
      sca: { provided: scaProvided, necessary: false },
      liable_for_fraud_disputes: scaProvided ? "issuer" : "merchant",
      ...(series ? { series } : {}),
      _links: extra.links,
    };
  }

  credit(account: GatewayAccount, body: Body): Outcome {
    const card = cardDataOf(body.card);
    const amount = body.amount as number;
    const cardKey = card.pan ? this.cards.cardKey(card.pan) : undefined;
    let status: Status | undefined;
    const forced = this.cards.cardStatus(card, amount, "credit");
    if (forced && forced.code !== approved) status = forced.forced ? { code: forced.code } : this.declined(forced.code, "invalid card number");
    if (!status) {
      const expiry = this.cards.expiryStatus(card, this.clock.now());
      if (expiry) status = this.declined(expiry);
    }
    // A credit is implicitly merchant-initiated: a merchant block stops it too.
    if (!status && cardKey && this.isBlocked(`${account.id}|${cardKey}`)) {
      status = this.declined(merchantBlocked, "merchant blocked by cardholder: merchant-initiated transactions on this card must stop");
    }
    status ??= { code: approved };
    if (status.code === merchantBlocked && cardKey) this.blocks.add(`${account.id}|${cardKey}`);
    const text = (body.text_on_statement as string | undefined) ?? (account.resource?.descriptor as string | undefined);
    return {
      approved: status.code === approved,
      body: {
        id: randomUUID(),
        status,
        processed_at: this.timestamp(),
        amount,
        currency: body.currency,
        ...(text ? { text_on_statement: text } : {}),
        ...(body.reference !== undefined ? { reference: body.reference } : {}),
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Captures, refunds and voids: against an authorization.

  capture(account: GatewayAccount, authorizationId: string, body: Body | undefined): Outcome {
    const auth = this.find(account, authorizationId, "authorization");
    if (!auth) return TransactionStore.inputErrorOutcome(INVALID_TRANSACTION_ID);
    const now = this.clock.now();
    const requested = (body?.amount as number | undefined) ?? auth.amount - auth.captured;
    const status: Status = this.captureRefusal(auth, now, requested) ?? { code: approved };
    if (status.code === approved) {
      // Check and update in one synchronous step.
      auth.captured += requested;
      auth.lastCaptureAt = now;
      this.approvedCaptures += 1;
    }
    const text = (body?.text_on_statement as string | undefined) ?? auth.textOnStatement;
    return {
      approved: status.code === approved,
      body: {
        id: randomUUID(),
        status,
        processed_at: this.timestamp(),
        ...(requested > 0 ? { amount: requested } : {}),
        ...(text ? { text_on_statement: text } : {}),
        _links: { authorization: { href: this.links.authorization(auth.id) }, refunds: { href: this.links.refunds(auth.id) } },
      },
    };
  }

  refund(account: GatewayAccount, authorizationId: string, body: Body | undefined): Outcome {
    const auth = this.find(account, authorizationId, "authorization");
    if (!auth) return TransactionStore.inputErrorOutcome(INVALID_TRANSACTION_ID);
    const requested = (body?.amount as number | undefined) ?? auth.captured - auth.refunded;
    const status: Status = this.refundRefusal(auth, this.clock.now(), requested) ?? { code: approved };
    if (status.code === approved) auth.refunded += requested; // never frees captured amount
    if (status.code === approved && this.faults.has("refund-frees-captured-amount")) auth.captured -= requested;
    const text = (body?.text_on_statement as string | undefined) ?? auth.textOnStatement;
    return {
      approved: status.code === approved,
      body: {
        id: randomUUID(),
        status,
        processed_at: this.timestamp(),
        ...(requested > 0 ? { amount: requested } : {}),
        ...(text ? { text_on_statement: text } : {}),
        _links: { authorization: { href: this.links.authorization(auth.id) } },
      },
    };
  }

  void(account: GatewayAccount, authorizationId: string): Outcome {
    const auth = this.find(account, authorizationId, "authorization");
    if (!auth) return TransactionStore.inputErrorOutcome(INVALID_TRANSACTION_ID);
    const status: Status = this.voidRefusal(auth, this.clock.now()) ?? { code: approved };
    const released = auth.status === approved ? auth.amount - auth.captured : 0;
    if (status.code === approved) auth.voided = true;
    return {
      approved: status.code === approved,
      body: { id: randomUUID(), status, processed_at: this.timestamp(), ...(status.code === approved ? { amount: released } : {}) },
    };
  }

  debitRefund(account: GatewayAccount, debitId: string): Outcome {
    const debit = this.find(account, debitId, "debit");
    if (!debit) return TransactionStore.inputErrorOutcome(INVALID_TRANSACTION_ID);
    const status: Status = this.debitRefundRefusal(debit) ?? { code: approved };
    if (status.code === approved) debit.refunded = true;
    return {
      approved: status.code === approved,
      body: {
        id: randomUUID(),
        status,
        processed_at: this.timestamp(),
        amount: debit.amount,
        _links: { debit: { href: this.links.debit(debit.id) } },
      },
    };
  }

  // The rules of captures, refunds and voids, each as "why it is refused now" (undefined: it is
  // allowed). The operations and the retention's finished test share them.

  /** Why a capture of `requested` (default: all that remains) is refused. */
  private captureRefusal(auth: AuthorizationRecord, now: number, requested = auth.amount - auth.captured): Status | undefined {
    const remaining = auth.amount - auth.captured;
    if (auth.status !== approved) return this.declined(ruleViolation, "the authorization is not approved");
    if (auth.voided) return this.declined(ruleViolation, "the authorization is voided");
    if (now - auth.createdAt >= this.facts.captureWindowDays * DAY_MS)
      return this.declined(ruleViolation, `capture not allowed: the authorization is ${this.facts.captureWindowDays} days old or older`);
    if (this.faults.has("over-capture")) return undefined;
    if (remaining <= 0) return this.declined(ruleViolation, "nothing left to capture: the authorized amount is captured");
    if (requested > remaining) return this.declined(ruleViolation, `amount exceeds the remaining amount of the authorization (${remaining})`);
    return undefined;
  }

  /** Why a refund of `requested` (default: all captured and not yet refunded) is refused. */
  private refundRefusal(auth: AuthorizationRecord, now: number, requested = auth.captured - auth.refunded): Status | undefined {
    const refundable = auth.captured - auth.refunded;
    if (auth.captured === 0 || auth.lastCaptureAt === undefined) return this.declined(ruleViolation, "nothing to refund: the authorization has no captures");
    if (now - auth.lastCaptureAt > this.facts.refundWindowDays * DAY_MS)
      return this.declined(ruleViolation, `refund not allowed: the last capture is more than ${this.facts.refundWindowDays} days old`);
    if (refundable <= 0) return this.declined(ruleViolation, "nothing left to refund: the captured amount is refunded");
    if (requested > refundable) return this.declined(ruleViolation, `amount exceeds the captured amount not yet refunded (${refundable})`);
    return undefined;
  }

  private voidRefusal(auth: AuthorizationRecord, now: number): Status | undefined {
    if (auth.status !== approved && auth.status !== this.facts.voidableDeclineCode)
      return this.declined(ruleViolation, `only approved authorizations and those that ended with ${this.facts.voidableDeclineCode} can be voided`);
    if (auth.voided) return this.declined(ruleViolation, "the authorization is already voided");
    if (now - auth.createdAt >= this.facts.voidWindowDays * DAY_MS && !this.faults.has("void-window-ignored"))
      return this.declined(ruleViolation, `void not allowed: the authorization is ${this.facts.voidWindowDays} days old or older`);
    return undefined;
  }

  private debitRefundRefusal(debit: DebitRecord): Status | undefined {
    if (debit.status !== approved) return this.declined(ruleViolation, "the debit is not approved");
    if (debit.refunded && !this.faults.has("debit-refunded-twice")) return this.declined(ruleViolation, "only one refund per debit: this debit is already refunded");
    return undefined;
  }

  /** Remaining (uncaptured) amount of an authorization, for tests and the docs' examples. */
  remaining(authorizationId: string): number | undefined {
    const record = this.primary.get(authorizationId.toLowerCase());
    return record?.kind === "authorization" ? record.amount - record.captured : undefined;
  }
}

/**
 * The 3-D Secure result of a payment method's `[3dsecure][v2]`: version and status from the ARes
 * or RReq message (a JSON string) or the raw values; "unreadable" when a message is not JSON.
 */
function threeDSecureOf(method: unknown): Record<string, string> | "unreadable" | undefined {
  const v2 = ((method as Record<string, unknown> | undefined)?.["3dsecure"] as { v2?: Record<string, unknown> } | undefined)?.v2;
  if (!v2) return undefined;
  const raw = v2.raw as { message_version?: string; trans_status?: string } | undefined;
  if (raw) return { version: String(raw.message_version), ...(raw.trans_status ? { status: raw.trans_status } : {}) };
  const message = (v2.ares ?? v2.rreq) as string | undefined;
  if (typeof message !== "string") return undefined;
  try {
    const parsed = JSON.parse(message) as { messageVersion?: unknown; transStatus?: unknown };
    if (!parsed || typeof parsed !== "object" || typeof parsed.messageVersion !== "string") return "unreadable";
    return { version: parsed.messageVersion, ...(typeof parsed.transStatus === "string" ? { status: parsed.transStatus } : {}) };
  } catch {
    return "unreadable";
  }
}


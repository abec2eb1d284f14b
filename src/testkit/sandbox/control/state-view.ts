/**
 * What the console's state view shows of the gateway sandbox: each authorization and debit with
 * what remains to capture, refund or void, whether the gateway would allow it now on the sandbox
 * clock (the follow-up rules' own answer, so the view cannot disagree with the API) and when
 * each window closes. Read only.
 */
import type { components } from "../../../../generated/sandbox-control/schema";
import { DAY_MS, type SandboxClock } from "../clock";
import { noFaults } from "../faults";
import { FollowUpRules } from "../gateway/follow-up-rules";
import type { AuthorizationRecord, PaymentRecord } from "../gateway/records";
import { readGatewayFacts, type GatewayFacts } from "../gateway/spec-facts";
import type { TransactionStore } from "../gateway/store";
import { approved, type Status } from "../gateway/status-codes";
import type { OpenApiDocument } from "../../spec/document";

type Schemas = components["schemas"];

const iso = (ms: number) => new Date(ms).toISOString();

function followUp(refusal: Status | undefined, remaining: number | undefined, closesAt: number | undefined): Schemas["FollowUpState"] {
  return {
    ...(remaining !== undefined ? { remaining: Math.max(0, remaining) } : {}),
    allowed: refusal === undefined,
    ...(refusal?.message !== undefined ? { reason: refusal.message } : {}),
    ...(closesAt !== undefined ? { window_closes_at: iso(closesAt) } : {}),
  };
}

export class GatewayStateView {
  private readonly facts: GatewayFacts;
  private readonly rules: FollowUpRules;

  constructor(doc: OpenApiDocument) {
    this.facts = readGatewayFacts(doc);
    // The spec's rules (a mutation run's switched-off rules are not what an integrator reads about).
    this.rules = new FollowUpRules(this.facts, noFaults);
  }

  private authorization(auth: AuthorizationRecord, now: number): Pick<Schemas["TransactionState"], "captured" | "refunded" | "voided" | "capture" | "refund" | "void"> {
    const { captureWindowDays, refundWindowDays, voidWindowDays } = this.facts;
    return {
      captured: auth.captured,
      refunded: auth.refunded,
      voided: auth.voided,
      capture: followUp(this.rules.captureRefusal(auth, now), auth.status === approved && !auth.voided ? auth.amount - auth.captured : 0, auth.createdAt + captureWindowDays * DAY_MS),
      refund: followUp(this.rules.refundRefusal(auth, now), auth.captured - auth.refunded, auth.lastCaptureAt === undefined ? undefined : auth.lastCaptureAt + refundWindowDays * DAY_MS),
      void: followUp(this.rules.voidRefusal(auth, now), undefined, auth.createdAt + voidWindowDays * DAY_MS),
    };
  }

  private state(record: Readonly<PaymentRecord>, now: number): Schemas["TransactionState"] {
    const base = { id: record.id, kind: record.kind, account: record.accountId, status_code: record.status, amount: record.amount, currency: record.currency, created_at: iso(record.createdAt) };
    if (record.kind === "authorization") return { ...base, ...this.authorization(record, now) };
    return { ...base, refunded: record.refunded ? record.amount : 0, refund: followUp(this.rules.debitRefundRefusal(record), record.refunded ? 0 : record.amount, undefined) };
  }

  /** A page of the store's records, oldest first, after the record `after`. */
  list(store: TransactionStore, clock: SandboxClock, query: { account?: string; after?: string; limit?: number }): Schemas["TransactionStateList"] {
    const now = clock.now();
    const limit = query.limit ?? 100;
    const items: Schemas["TransactionState"][] = [];
    let skipping = query.after !== undefined;
    let next: string | undefined;
    for (const record of store.recordsOf(query.account)) {
      if (skipping) {
        skipping = record.id !== query.after!.toLowerCase();
        continue;
      }
      if (items.length === limit) {
        next = items[items.length - 1]!.id;
        break;
      }
      items.push(this.state(record, now));
    }
    return { clock: { now: iso(now), offset_seconds: clock.offsetSeconds() }, items, ...(next !== undefined ? { next } : {}) };
  }
}

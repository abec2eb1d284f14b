/**
 * The rules of captures, refunds, voids and debit refunds, each as "why it is refused now"
 * (undefined: it is allowed): remaining amounts, refunds that never free captured amount, the
 * capture, refund and void windows (`x-windows`) on the sandbox clock, one refund per debit.
 * The operations and the retention's finished test share them.
 */
import { DAY_MS } from "../cross-api/clock";
import type { Faults } from "../cross-api/faults";
import type { AuthorizationRecord, DebitRecord } from "./records";
import type { GatewayFacts } from "./spec-facts";
import { approved, codes, status, type Status } from "./status-codes";

const violation = (message: string): Status => status(codes["rule-violation"], message);

export class FollowUpRules {
  constructor(
    private readonly facts: GatewayFacts,
    private readonly faults: Faults,
  ) {}

  /** Why a capture of `requested` (default: all that remains) is refused. */
  captureRefusal(auth: AuthorizationRecord, now: number, requested = auth.amount - auth.captured): Status | undefined {
    const remaining = auth.amount - auth.captured;
    const days = this.facts.captureWindowDays;
    if (auth.status !== approved) return violation("the authorization is not approved");
    if (auth.voided) return violation("the authorization is voided");
    if (now - auth.createdAt >= days * DAY_MS) return violation(`capture not allowed: the authorization is ${days} days old or older`);
    if (this.faults.has("over-capture")) return undefined;
    if (remaining <= 0) return violation("nothing left to capture: the authorized amount is captured");
    if (requested > remaining) return violation(`amount exceeds the remaining amount of the authorization (${remaining})`);
    return undefined;
  }

  /** Why a refund of `requested` (default: all captured and not yet refunded) is refused. */
  refundRefusal(auth: AuthorizationRecord, now: number, requested = auth.captured - auth.refunded): Status | undefined {
    const refundable = auth.captured - auth.refunded;
    const days = this.facts.refundWindowDays;
    if (auth.captured === 0 || auth.lastCaptureAt === undefined) return violation("nothing to refund: the authorization has no captures");
    if (now - auth.lastCaptureAt > days * DAY_MS) return violation(`refund not allowed: the last capture is more than ${days} days old`);
    if (refundable <= 0) return violation("nothing left to refund: the captured amount is refunded");
    if (requested > refundable) return violation(`amount exceeds the captured amount not yet refunded (${refundable})`);
    return undefined;
  }

  voidRefusal(auth: AuthorizationRecord, now: number): Status | undefined {
    const days = this.facts.voidWindowDays;
    if (!this.facts.voidableCodes.includes(auth.status)) {
      return violation(`only authorizations that ended with ${this.facts.voidableCodes.join(" or ")} can be voided`);
    }
    if (auth.voided) return violation("the authorization is already voided");
    if (now - auth.createdAt >= days * DAY_MS && !this.faults.has("void-window-ignored")) {
      return violation(`void not allowed: the authorization is ${days} days old or older`);
    }
    return undefined;
  }

  debitRefundRefusal(debit: DebitRecord): Status | undefined {
    if (debit.status !== approved) return violation("the debit is not approved");
    if (debit.refunded && !this.faults.has("debit-refunded-twice"))
      return violation("only one refund per debit: this debit is already refunded");
    return undefined;
  }

  /** Finished: no capture, refund or void of the record can succeed any more, now or later. */
  isFinished(record: AuthorizationRecord | DebitRecord, now: number): boolean {
    if (record.kind === "debit") return this.debitRefundRefusal(record) !== undefined;
    return (
      this.captureRefusal(record, now) !== undefined &&
      this.refundRefusal(record, now) !== undefined &&
      this.voidRefusal(record, now) !== undefined
    );
  }
}

/**
 * What the console's state view shows of the gateway sandbox: each authorization and debit with
 * what remains to capture, refund or void, whether the gateway would allow it now on the sandbox
 * clock (the follow-up rules' own answer, so the view cannot disagree with the API) and when
 * each window closes; the merchant sandbox's applications and rate-limit windows. Read only.
 */
import type { components } from "../../../../../generated/sandbox-control/schema";
import { DAY_MS, type SandboxClock } from "../../cross-api/clock";
import { noFaults } from "../../cross-api/faults";
import { FollowUpRules } from "../../gateway/follow-up-rules";
import type { AuthorizationRecord, PaymentRecord } from "../../gateway/records";
import { readGatewayFacts, type GatewayFacts } from "../../gateway/spec-facts";
import { minorUnitExponent } from "../../cross-api/currencies";
import type { TransactionStore } from "../../gateway/store";
import { approved, meaningOf, type Status } from "../../gateway/status-codes";
import type { StoredFile } from "../../merchant/records/files";
import type { RateLimiter } from "../../merchant/records/rate-limit";
import type { MerchantResources } from "../../merchant/records/resources";
import type { OpenApiDocument } from "../../../openapi-model/document";
import { maskedText } from "../../cross-api/masking";

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

  private authorization(
    auth: AuthorizationRecord,
    now: number,
  ): Pick<Schemas["TransactionState"], "captured" | "refunded" | "voided" | "capture" | "refund" | "void"> {
    const { captureWindowDays, refundWindowDays, voidWindowDays } = this.facts;
    return {
      captured: auth.captured,
      refunded: auth.refunded,
      voided: auth.voided,
      capture: followUp(
        this.rules.captureRefusal(auth, now),
        auth.status === approved && !auth.voided ? auth.amount - auth.captured : 0,
        auth.createdAt + captureWindowDays * DAY_MS,
      ),
      refund: followUp(
        this.rules.refundRefusal(auth, now),
        auth.captured - auth.refunded,
        auth.lastCaptureAt === undefined ? undefined : auth.lastCaptureAt + refundWindowDays * DAY_MS,
      ),
      void: followUp(this.rules.voidRefusal(auth, now), undefined, auth.createdAt + voidWindowDays * DAY_MS),
    };
  }

  private state(record: Readonly<PaymentRecord>, now: number): Schemas["TransactionState"] {
    const base = {
      id: record.id,
      kind: record.kind,
      account: record.accountId,
      status_code: record.status,
      status_meaning: meaningOf(record.status),
      amount: record.amount,
      currency: record.currency,
      currency_exponent: minorUnitExponent(record.currency),
      created_at: iso(record.createdAt),
    };
    if (record.kind === "authorization") return { ...base, ...this.authorization(record, now) };
    return {
      ...base,
      refunded: record.refunded ? record.amount : 0,
      refund: followUp(this.rules.debitRefundRefusal(record), record.refunded ? 0 : record.amount, undefined),
    };
  }

  /** A page of the store's records, oldest first, after the record `after`. */
  list(
    store: TransactionStore,
    clock: SandboxClock,
    query: { account?: string; after?: string; limit?: number },
  ): Schemas["TransactionStateList"] {
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

/** Comments of an application shown, the newest, and characters of each body. */
const SHOWN_COMMENTS = 20;
const SHOWN_COMMENT_CHARS = 500;

/** A comment's body masked, then cut (masked first: a cut could leave part of a card number unrecognised); a long body is masked in its shown part and a margin only. */
function shownCommentBody(body: string): string {
  const masked = maskedText(body.length > SHOWN_COMMENT_CHARS + 256 ? body.slice(0, SHOWN_COMMENT_CHARS + 256) : body);
  return masked.length > SHOWN_COMMENT_CHARS ? `${masked.slice(0, SHOWN_COMMENT_CHARS)}…` : masked;
}

function fileOf(file: StoredFile): Schemas["StateFile"] {
  return { id: file.id, label: file.label, ...(file.name ? { name: maskedText(file.name) } : {}), uploaded: file.content !== undefined };
}

/** A page of the merchant sandbox's applications, oldest first, after the application `after`. */
export function applicationStates(
  resources: MerchantResources,
  clock: SandboxClock,
  query: { merchant?: string; after?: string; limit?: number },
): Schemas["ApplicationStateList"] {
  const limit = query.limit ?? 50;
  const items: Schemas["ApplicationState"][] = [];
  let skipping = query.after !== undefined;
  let next: string | undefined;
  for (const app of resources.applications.values()) {
    if (query.merchant !== undefined && app.merchant !== query.merchant) continue;
    if (skipping) {
      skipping = app.id !== query.after;
      continue;
    }
    if (items.length === limit) {
      next = items[items.length - 1]!.id;
      break;
    }
    const comments = resources.commentsOn(app.merchant, "getApplication", app.id);
    items.push({
      id: app.id,
      merchant: app.merchant,
      state: app.state,
      created_at: iso(app.createdAt),
      // What a client typed is shown through the masking step: a card number in a trading name or a comment is masked.
      ...(app.business_model?.trading_name !== undefined ? { trading_name: maskedText(app.business_model.trading_name) } : {}),
      stamps: [...app.stamps],
      // By name only: a person's other properties (a social security number) are not for a debugging page.
      people: resources.peopleOf(app.id).map((person) => ({
        id: person.id,
        ...(typeof person.properties.name === "string" ? { name: maskedText(person.properties.name) } : {}),
        files: resources.files.ownedBy({ reader: "getPerson", id: person.id }).slice(0, 100).map(fileOf),
      })),
      files: resources.files.ownedBy({ reader: "getApplication", id: app.id }).slice(0, 100).map(fileOf),
      comments: comments.slice(-SHOWN_COMMENTS).map((comment) => ({
        id: comment.id,
        body: shownCommentBody(comment.body),
        ...(comment.tags ? { tags: comment.tags.map(maskedText) } : {}),
        created_at: iso(comment.createdAt),
      })),
      comment_count: comments.length,
    });
  }
  return { clock: { now: iso(clock.now()), offset_seconds: clock.offsetSeconds() }, items, ...(next !== undefined ? { next } : {}) };
}

/** A page of the merchant API's open rate-limit windows. */
export function rateLimitWindows(
  limiter: RateLimiter,
  clock: SandboxClock,
  query: { offset?: number; limit?: number },
): Schemas["RateLimitWindowList"] {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 100;
  const items: Schemas["RateLimitWindowList"]["items"] = [];
  let index = 0;
  let more = false;
  for (const window of limiter.openWindows()) {
    if (index++ < offset) continue;
    if (items.length === limit) {
      more = true;
      break;
    }
    items.push({ operation: window.operation, ...window.caller, used: window.used, limit: window.limit, ends_at: iso(window.endsAt) });
  }
  return {
    clock: { now: iso(clock.now()), offset_seconds: clock.offsetSeconds() },
    window_seconds: limiter.windowSeconds,
    items,
    ...(more ? { next_offset: offset + limit } : {}),
  };
}

/**
 * The model of the Gateway API: the state the spec's rules act on (each account's transactions,
 * what is captured, refunded and voided, the debits' refunds, the days the test clock moved) and,
 * for each request, what the spec determines of its answer. Free of HTTP: it reads requests and
 * answers as data and learns the free values (ids, the accounts' descriptors) from the answers.
 * Its facts come from generated/gateway/constants.ts; its rule ids are those of the determination
 * inventory (../determinations.ts).
 */
import {
  approvedStatusCode,
  responseMediaType,
  statusCodes,
  testEnvironment,
  transactionTypeByOperation,
  windows,
} from "../../../generated/gateway/constants";
import { equals, holds, type Answer, type Expectation } from "../common/prediction";

export type Account = "main" | "other";
/** Which key of an account a request uses: the account's own, or (main only) its second key. */
export type Key = Account | "second";
export const accountOf = (key: Key): Account => (key === "other" ? "other" : "main");

export interface AuthorizationState {
  account: Account;
  amount: number;
  currency: string;
  textOnStatement: string;
  code: number;
  /** Learnt from the answer: the authorization's id (free). */
  id?: string;
  captured: number;
  refunded: number;
  voided: boolean;
  /** The model day it was made, and of its last capture. */
  day: number;
  lastCaptureDay?: number;
}

export interface DebitState {
  account: Account;
  amount: number;
  currency: string;
  approved: boolean;
  id?: string;
  refunds: number;
}

export interface AuthorizationRequest {
  key: Key;
  amount: number;
  currency: string;
  /** `accepted`: a test PAN that is approved; `forcing`: a status-forcing PAN, the amount then forcing its status. */
  pan: "accepted" | "forcing";
  csc: string;
  textOnStatement?: string;
  reference?: string;
}

const DAY_RULES = {
  capture: "gateway:rule:createCapture",
  refund: "gateway:rule:createRefund",
  void: "gateway:rule:createVoid",
} as const;

/** The status codes the spec lists for an operation's transaction type (x-returned-for). */
export function codesReturnedFor(operationId: keyof typeof transactionTypeByOperation): number[] {
  const type = transactionTypeByOperation[operationId];
  return Object.entries(statusCodes)
    .filter(([, fact]) => (fact.returnedFor as readonly string[]).includes(type))
    .map(([code]) => Number(code));
}

const isSuccess = (status: unknown) => typeof status === "number" && status >= 200 && status < 300;

/** The path a relative href names, without its query. */
const pathOf = (href: unknown) => (typeof href === "string" ? href.replace(/[?#].*$/, "") : undefined);

/** A link that, when sent, names `path` (an optional link of the spec). */
const linkTo = (place: `body ${string}`, rule: string, path: string, required = false): Expectation =>
  holds(place, rule, required ? path : `absent or ${path}`, (href) => (!required && href === undefined) || pathOf(href) === path);

/** A member that, when sent, is `value` (an optional member of the spec). */
const absentOr = (place: `body ${string}`, rule: string, value: unknown): Expectation =>
  holds(place, rule, `absent or ${JSON.stringify(value)}`, (v) => v === undefined || v === value);

export class GatewayModel {
  readonly authorizations: AuthorizationState[] = [];
  readonly debits: DebitState[] = [];
  /** Days the test clock moved during this sequence. */
  day = 0;
  /** Each account's descriptor (free: the operator's set-up), learnt from its account answer. */
  readonly descriptors = new Map<Account, string>();

  learnAccount(account: Account, answer: Answer): void {
    const descriptor = (answer.json as { descriptor?: unknown } | undefined)?.descriptor;
    if (typeof descriptor === "string") this.descriptors.set(account, descriptor);
  }

  /** The HTTP status and media type of a transaction answer, approved or declined. */
  private outcome(approved: boolean, approvedRule: string, declinedRule: string): Expectation[] {
    return [
      approved ? holds("status", approvedRule, "a documented success (200 or 201)", isSuccess) : equals("status", declinedRule, 400),
      equals("header content-type", "gateway:guide:media-type-version", responseMediaType),
    ];
  }

  private declined(rule: string): Expectation {
    return holds(
      "body status.code",
      rule,
      `a status code other than ${approvedStatusCode}`,
      (code) => typeof code === "number" && code !== approvedStatusCode,
    );
  }

  // --- authorizations -------------------------------------------------------------------------

  /** What the answer to an authorization must be, and the state it leaves (applied by `learnAuthorization`). */
  predictAuthorization(request: AuthorizationRequest): { expectations: Expectation[]; state: AuthorizationState } {
    const account = accountOf(request.key);
    const forcible = codesReturnedFor("createAuthorization");
    const code =
      request.pan === "accepted"
        ? approvedStatusCode
        : forcible.includes(request.amount)
          ? request.amount
          : testEnvironment["status-forcing-fallback-code"];
    const codeRule =
      request.pan === "accepted" ? "gateway:x-test-environment:accepted-test-pans" : "gateway:x-test-environment:status-forcing-pans";
    const approved = code === approvedStatusCode;
    const descriptor = this.descriptors.get(account);
    const textOnStatement = request.textOnStatement ?? descriptor ?? "";
    const expectations = [
      ...this.outcome(approved, "gateway:status:AuthorizationApproved", "gateway:status:AuthorizationDeclined"),
      equals("body status.code", codeRule, code),
      equals("body amount", "gateway:echo:createAuthorization", request.amount),
      equals("body currency", "gateway:echo:createAuthorization", request.currency),
      equals("body csc.present", "gateway:echo:createAuthorization", true),
      equals("body csc.matches", "gateway:x-test-environment:matching-csc", request.csc === testEnvironment["matching-csc"]),
    ];
    if (request.reference !== undefined) expectations.push(equals("body reference", "gateway:echo:createAuthorization", request.reference));
    if (request.textOnStatement !== undefined || descriptor !== undefined)
      expectations.push(
        equals(
          "body text_on_statement",
          request.textOnStatement !== undefined ? "gateway:echo:createAuthorization" : "gateway:default:TextOnStatement",
          textOnStatement,
        ),
      );
    const state: AuthorizationState = {
      account,
      amount: request.amount,
      currency: request.currency,
      textOnStatement,
      code,
      captured: 0,
      refunded: 0,
      voided: false,
      day: this.day,
    };
    return { expectations, state };
  }

  /** The links of an authorization, once its id is known (checked after the id was read): an approved one's captures link is required. */
  authorizationLinks(state: AuthorizationState): Expectation[] {
    if (state.id === undefined) return [];
    const base = `/authorizations/${state.id}`;
    return [
      linkTo("body _links.self.href", "gateway:link:AuthorizationLinks.self", base),
      linkTo(
        "body _links.captures.href",
        "gateway:link:AuthorizationLinks.captures",
        `${base}/captures`,
        state.code === approvedStatusCode,
      ),
      linkTo("body _links.refunds.href", "gateway:link:AuthorizationLinks.refunds", `${base}/refunds`),
      linkTo("body _links.voids.href", "gateway:link:AuthorizationLinks.voids", `${base}/voids`),
    ];
  }

  learnAuthorization(state: AuthorizationState, answer: Answer): void {
    const id = (answer.json as { id?: unknown } | undefined)?.id;
    if (typeof id === "string") state.id = id;
    this.authorizations.push(state);
  }

  // --- follow-ups -----------------------------------------------------------------------------

  /** Whether a key may act on an account's transactions: only that account's keys. */
  private owns(key: Key, account: Account): boolean {
    return accountOf(key) === account;
  }

  predictCapture(
    auth: AuthorizationState,
    key: Key,
    amount: number | undefined,
    textOnStatement?: string,
  ): { expectations: Expectation[]; apply: () => void } {
    const remaining = auth.amount - auth.captured;
    const captured = amount ?? remaining;
    const inWindow = this.day - auth.day < windows["capture-before-days"];
    const ok =
      this.owns(key, auth.account) &&
      auth.code === approvedStatusCode &&
      !auth.voided &&
      inWindow &&
      captured >= 1 &&
      captured <= remaining;
    const rule = !inWindow
      ? DAY_RULES.capture
      : amount === undefined
        ? "gateway:default:CaptureRequest.amount"
        : "gateway:rule:CaptureRequest.amount";
    const expectations = this.outcome(ok, "gateway:status:CaptureApproved", "gateway:status:CaptureDeclined");
    const base = `/authorizations/${auth.id}`;
    expectations.push(
      linkTo("body _links.authorization.href", "gateway:link:CaptureLinks.authorization", base, ok),
      linkTo("body _links.refunds.href", "gateway:link:CaptureLinks.refunds", `${base}/refunds`, ok),
    );
    // A declined one carries what was sent, if anything.
    if (textOnStatement !== undefined)
      expectations.push(
        ok
          ? equals("body text_on_statement", "gateway:echo:createCapture", textOnStatement)
          : absentOr("body text_on_statement", "gateway:echo:createCapture", textOnStatement),
      );
    if (ok) {
      expectations.push(
        equals("body status.code", rule, approvedStatusCode),
        equals("body amount", amount === undefined ? "gateway:default:CaptureRequest.amount" : "gateway:echo:createCapture", captured),
      );
      if (textOnStatement === undefined)
        expectations.push(equals("body text_on_statement", "gateway:default:TextOnStatement", auth.textOnStatement));
    } else {
      expectations.push(this.declined(this.owns(key, auth.account) ? rule : "gateway:status:CaptureDeclined"));
      if (amount !== undefined) expectations.push(absentOr("body amount", "gateway:echo:createCapture", amount));
    }
    return {
      expectations,
      apply: () => {
        if (!ok) return;
        auth.captured += captured;
        auth.lastCaptureDay = this.day;
      },
    };
  }

  predictRefund(auth: AuthorizationState, key: Key, amount: number | undefined): { expectations: Expectation[]; apply: () => void } {
    const refundable = auth.captured - auth.refunded;
    const refunded = amount ?? refundable;
    const inWindow =
      auth.lastCaptureDay !== undefined && this.day - auth.lastCaptureDay <= windows["capture-refund-within-days-of-last-capture"];
    const ok = this.owns(key, auth.account) && inWindow && refunded >= 1 && refunded <= refundable;
    const rule =
      auth.lastCaptureDay !== undefined && !inWindow
        ? DAY_RULES.refund
        : amount === undefined
          ? "gateway:default:RefundRequest.amount"
          : "gateway:rule:RefundRequest.amount";
    const expectations = this.outcome(ok, "gateway:status:RefundApproved", "gateway:status:RefundDeclined");
    const base = `/authorizations/${auth.id}`;
    expectations.push(linkTo("body _links.authorization.href", "gateway:link:RefundLinks.authorization", base, ok));
    if (ok) {
      expectations.push(
        equals("body status.code", rule, approvedStatusCode),
        equals("body amount", amount === undefined ? "gateway:default:RefundRequest.amount" : "gateway:echo:createRefund", refunded),
        equals("body text_on_statement", "gateway:default:TextOnStatement", auth.textOnStatement),
      );
    } else {
      expectations.push(this.declined(this.owns(key, auth.account) ? rule : "gateway:status:RefundDeclined"));
      if (amount !== undefined) expectations.push(absentOr("body amount", "gateway:echo:createRefund", amount));
    }
    return { expectations, apply: () => void (ok && (auth.refunded += refunded)) };
  }

  predictVoid(auth: AuthorizationState, key: Key): { expectations: Expectation[]; apply: () => void } {
    const voidable = (windows["voidable-status-codes"] as readonly number[]).includes(auth.code);
    const inWindow = this.day - auth.day < windows["void-before-days"];
    const ok = this.owns(key, auth.account) && voidable && inWindow && !auth.voided;
    // Approved or refused for its age: the void rule; refused for its authorization's status: the voidable codes.
    const rule = !inWindow || (voidable && ok) ? DAY_RULES.void : "gateway:x-windows:voidable-status-codes";
    const expectations = this.outcome(ok, "gateway:status:VoidApproved", "gateway:status:VoidDeclined");
    expectations.push(
      ok
        ? equals("body status.code", rule, approvedStatusCode)
        : this.declined(this.owns(key, auth.account) ? rule : "gateway:status:VoidDeclined"),
    );
    // What a void releases and its text are optional members (x-inferred): when sent, the authorization's.
    if (ok)
      expectations.push(
        absentOr("body amount", "gateway:rule:createVoid", auth.amount - auth.captured),
        absentOr("body text_on_statement", "gateway:default:TextOnStatement", auth.textOnStatement),
      );
    return { expectations, apply: () => void (ok && (auth.voided = true)) };
  }

  // --- debits and credits ---------------------------------------------------------------------

  /** A debit with a test PAN and the matching CSC, without a text on statement. */
  predictDebit(account: Account, amount: number, currency: string): { expectations: Expectation[]; state: DebitState } {
    const expectations = [
      ...this.outcome(true, "gateway:status:DebitApproved", "gateway:status:DebitDeclined"),
      equals("body status.code", "gateway:x-test-environment:accepted-test-pans", approvedStatusCode),
      equals("body amount", "gateway:echo:createDebit", amount),
      equals("body currency", "gateway:echo:createDebit", currency),
      equals("body csc.present", "gateway:echo:createDebit", true),
      equals("body csc.matches", "gateway:x-test-environment:matching-csc", true),
    ];
    const descriptor = this.descriptors.get(account);
    if (descriptor !== undefined) expectations.push(equals("body text_on_statement", "gateway:default:TextOnStatement", descriptor));
    return { expectations, state: { account, amount, currency, approved: true, refunds: 0 } };
  }

  /** A debit's refunds link, once its id is known. */
  debitLinks(state: DebitState): Expectation[] {
    return state.id === undefined ? [] : [linkTo("body _links.refunds.href", "gateway:link:Debit.refunds", `/debits/${state.id}/refunds`)];
  }

  learnDebit(state: DebitState, answer: Answer): void {
    const id = (answer.json as { id?: unknown } | undefined)?.id;
    if (typeof id === "string") state.id = id;
    this.debits.push(state);
  }

  predictDebitRefund(debit: DebitState, key: Key): { expectations: Expectation[]; apply: () => void } {
    const ok = this.owns(key, debit.account) && debit.approved && debit.refunds < windows["debit-refunds-per-debit"];
    const expectations = this.outcome(ok, "gateway:status:DebitRefundApproved", "gateway:status:DebitRefundDeclined");
    expectations.push(linkTo("body _links.debit.href", "gateway:link:DebitRefund.debit", `/debits/${debit.id}`));
    if (ok)
      expectations.push(
        equals("body status.code", "gateway:x-windows:debit-refunds-per-debit", approvedStatusCode),
        equals("body amount", "gateway:rule:createDebitRefund", debit.amount),
      );
    else
      expectations.push(
        this.declined(this.owns(key, debit.account) ? "gateway:x-windows:debit-refunds-per-debit" : "gateway:status:DebitRefundDeclined"),
      );
    return { expectations, apply: () => void (ok && debit.refunds++) };
  }

  predictCredit(
    account: Account,
    request: { amount: number; currency: string; textOnStatement?: string; reference?: string },
  ): Expectation[] {
    const { amount, currency, textOnStatement, reference } = request;
    const expectations = [
      ...this.outcome(true, "gateway:status:CreditApproved", "gateway:status:CreditDeclined"),
      equals("body status.code", "gateway:x-test-environment:accepted-test-pans", approvedStatusCode),
      equals("body amount", "gateway:echo:createCredit", amount),
      equals("body currency", "gateway:echo:createCredit", currency),
    ];
    if (reference !== undefined) expectations.push(equals("body reference", "gateway:echo:createCredit", reference));
    const descriptor = textOnStatement ?? this.descriptors.get(account);
    if (descriptor !== undefined)
      expectations.push(
        equals(
          "body text_on_statement",
          textOnStatement !== undefined ? "gateway:echo:createCredit" : "gateway:default:TextOnStatement",
          descriptor,
        ),
      );
    return expectations;
  }
}

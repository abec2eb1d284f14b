/**
 * Test-host card rules: which PANs are accepted, the status-forcing PANs, the matching CSC and
 * the expiry checks. PANs are never logged or stored; only a keyed hash identifies a card
 * (for series, stored credentials and merchant blocks).
 */
import { createHmac, randomBytes } from "node:crypto";
import { approvedStatusCode, paymentMethods, statusCodes } from "../../../../generated/gateway/constants";
import { noFaults, type Faults } from "../faults";
import type { GatewayFacts } from "./spec-facts";

export type TransactionType = (typeof statusCodes)[keyof typeof statusCodes]["returnedFor"][number];

/** Luhn (mod 10) check. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A valid status code of this transaction type, or undefined. */
export function statusCodeFor(code: number, type: TransactionType): number | undefined {
  const entry = (statusCodes as Record<string, { returnedFor: readonly string[] }>)[String(code)];
  return entry && entry.returnedFor.includes(type) ? code : undefined;
}

export interface CardData {
  pan?: string;
  expireMonth?: string;
  expireYear?: string;
  csc?: string;
}

/** The payment method present in a request body (exactly one, the schema has checked that). */
export function paymentMethodOf(body: Record<string, unknown>): (typeof paymentMethods)[number] | undefined {
  return paymentMethods.find((m) => body[m] !== undefined);
}

/**
 * The card data of a payment method object: the first `pan` or `tan` (token account number)
 * found in it or its nested objects (`applepay[raw]`, `token[vts]`), with its sibling expiry.
 * Encrypted wallet tokens carry no readable PAN: they count as wallet test cards.
 */
export function cardDataOf(method: unknown, depth = 0): CardData {
  if (!method || typeof method !== "object" || depth > 3) return {};
  const m = method as Record<string, unknown>;
  const pan = typeof m.pan === "string" ? m.pan : typeof m.tan === "string" ? m.tan : undefined;
  if (pan) {
    return {
      pan,
      expireMonth: typeof m.expire_month === "string" ? m.expire_month : undefined,
      expireYear: typeof m.expire_year === "string" ? m.expire_year : undefined,
      csc: typeof m.csc === "string" ? m.csc : undefined,
    };
  }
  for (const value of Object.values(m)) {
    const found = cardDataOf(value, depth + 1);
    if (found.pan) return found;
  }
  return {};
}

export class TestCards {
  private readonly secret = randomBytes(32);

  constructor(
    readonly facts: GatewayFacts,
    private readonly faults: Faults = noFaults,
  ) {}

  /** A stable, non-reversible handle of a card within this sandbox run. */
  cardKey(pan: string): string {
    return createHmac("sha256", this.secret).update(pan).digest("base64url");
  }

  isForcingPan(pan: string): boolean {
    return this.facts.forcingRules.some((r) => pan.startsWith(r.prefix) && pan.endsWith(r.suffix));
  }

  /**
   * The status the test host gives a card before any other rule: the forced status for a
   * forcing PAN (the amount, if it is a status code of this transaction type, else 40110),
   * 40110 for a Luhn-valid PAN that is not a test PAN, undefined when the card is accepted.
   */
  cardStatus(card: CardData, amount: number, type: TransactionType): { code: number; forced: boolean } | undefined {
    if (!card.pan) return undefined;
    if (this.isForcingPan(card.pan) && !this.faults.has("test-pans-ignored")) return { code: statusCodeFor(amount, type) ?? invalidCardNumber, forced: true };
    if (this.facts.testPans.includes(card.pan) || !isLuhnValid(card.pan)) return undefined;
    return { code: invalidCardNumber, forced: false };
  }

  /** 40130 for an impossible month, 40135 for an expiry before the sandbox clock's month. */
  expiryStatus(card: CardData, nowMs: number): number | undefined {
    if (!card.expireMonth || !card.expireYear) return undefined;
    const month = Number(card.expireMonth);
    if (month < 1 || month > 12) return invalidExpireDate;
    const now = new Date(nowMs);
    const year = Number(card.expireYear);
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return cardExpired;
    return undefined;
  }

  cscResult(card: CardData): { present: boolean; matches: boolean } {
    const matches = this.faults.has("csc-always-matches") ? card.csc !== undefined : card.csc === this.facts.matchingCsc;
    return { present: card.csc !== undefined, matches };
  }
}

/** Codes named by the status-code table's meanings (looked up, not restated). */
function codeMeaning(meaning: string): number {
  const entry = Object.entries(statusCodes).find(([, v]) => v.meaning === meaning);
  if (!entry) throw new Error(`gateway constants: no status code means "${meaning}"`);
  return Number(entry[0]);
}

export const approved = approvedStatusCode as number;
export const inputError = codeMeaning("General input error");
export const invalidCardNumber = codeMeaning("Invalid card number");
export const invalidExpireDate = codeMeaning("Invalid expire date");
export const cardExpired = codeMeaning("Card expired");
export const invalidCurrency = codeMeaning("Invalid currency");
export const invalidTextOnStatement = codeMeaning("Invalid text on statement");
export const ruleViolation = codeMeaning("Clearhaus rule violation");
export const threeDSecureProblem = codeMeaning("3-D Secure problem");
export const threeDSecureFailure = codeMeaning("3-D Secure authentication failure");
export const merchantBlocked = codeMeaning("Merchant blocked by cardholder");

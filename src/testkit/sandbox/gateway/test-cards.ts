/**
 * Test-host card rules: which PANs are accepted, the status-forcing PANs, the matching CSC and
 * the expiry checks, all from the spec's test environment (`x-test-environment`). PANs are
 * never logged or stored; only a keyed hash identifies a card (for series, stored credentials
 * and merchant blocks).
 */
import { createHmac, randomBytes } from "node:crypto";
import { noFaults, type Faults } from "../cross-api/faults";
import { isLuhnValid } from "../cross-api/masking";
import type { GatewayFacts } from "./spec-facts";
import { codes, statusCodeFor, type StatusCode, type TransactionType } from "./status-codes";

export interface CardData {
  pan?: string;
  expireMonth?: string;
  expireYear?: string;
  csc?: string;
}

/**
 * The card data of a payment method object: the first `pan` or `tan` (token account number)
 * found in it or its nested objects (`applepay[raw]`, `token[vts]`), with its sibling expiry.
 * Encrypted wallet tokens carry no readable PAN: they count as wallet test cards.
 */
export function cardDataOf(method: unknown, depth = 0): CardData {
  if (!method || typeof method !== "object" || depth > 3) return {};
  const m = method as Record<string, unknown>;
  const text = (name: string) => (typeof m[name] === "string" ? m[name] : undefined);
  const pan = text("pan") ?? text("tan");
  if (pan) return { pan, expireMonth: text("expire_month"), expireYear: text("expire_year"), csc: text("csc") };
  for (const value of Object.values(m)) {
    const found = cardDataOf(value, depth + 1);
    if (found.pan) return found;
  }
  return {};
}

/** The status the test host gives a card before any other rule; `forced` when a forcing PAN chose it. */
export interface CardStatus {
  code: StatusCode;
  forced: boolean;
}

/**
 * A card's keyed hash, made on first use: most payments (no series, no stored credential, not
 * merchant-initiated, not blocked) are decided and booked without one, and the HMAC was the
 * largest single cost of a plain authorization. Lives for one request only.
 */
export class LazyCardKey {
  private made = false;
  private key: string | undefined;

  constructor(
    private readonly cards: TestCards,
    private pan: string | undefined,
  ) {}

  value(): string | undefined {
    if (!this.made) {
      this.made = true;
      this.key = this.pan ? this.cards.cardKey(this.pan) : undefined;
      this.pan = undefined; // the PAN is not kept once its hash exists
    }
    return this.key;
  }
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
   * The forced status for a forcing PAN (the amount, if it is a status code of this transaction
   * type, else the spec's fallback), invalid card number for a Luhn-valid PAN that is not a test
   * PAN, undefined when the card is accepted.
   */
  cardStatus(card: CardData, amount: number, type: TransactionType): CardStatus | undefined {
    if (!card.pan) return undefined;
    if (this.isForcingPan(card.pan) && !this.faults.has("test-pans-ignored")) {
      return { code: statusCodeFor(amount, type) ?? this.facts.forcingFallbackCode, forced: true };
    }
    if (this.facts.testPans.includes(card.pan) || !isLuhnValid(card.pan)) return undefined;
    return { code: codes["invalid-card-number"], forced: false };
  }

  /** Invalid expire date for an impossible month, card expired for an expiry before the sandbox clock's month. */
  expiryStatus(card: CardData, nowMs: number): StatusCode | undefined {
    if (!card.expireMonth || !card.expireYear) return undefined;
    const month = Number(card.expireMonth);
    if (month < 1 || month > 12) return codes["invalid-expire-date"];
    const now = new Date(nowMs);
    const year = Number(card.expireYear);
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return codes["card-expired"];
    return undefined;
  }

  cscResult(card: CardData): { present: boolean; matches: boolean } {
    const matches = this.faults.has("csc-always-matches") ? card.csc !== undefined : card.csc === this.facts.matchingCsc;
    return { present: card.csc !== undefined, matches };
  }
}

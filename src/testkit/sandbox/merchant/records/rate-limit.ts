/**
 * Per-endpoint quotas: a fixed window per (operation, caller) on the sandbox clock. Every
 * response reports the quota in the RateLimit headers; an exhausted quota gives 429.
 * Quotas are configurable (`merchant.rateLimits`) so tests can exhaust one quickly.
 *
 * The caller is a canonical identity chosen by the pipeline after authentication (see
 * `RateKey`), never raw request bytes, so neither spelling variants of a credential nor junk
 * credentials create windows of their own.
 */
import { rateLimitHeaders } from "../../../../../generated/merchant/constants";
import type { SandboxClock } from "../../cross-api/clock";
import type { RateLimitConfig } from "../../configuration/config";
import { noFaults, type Faults } from "../../cross-api/faults";

const [LIMIT, REMAINING, RESET] = rateLimitHeaders;

/**
 * Memory bound of the limiter: at most this many windows are kept. Expired windows are dropped
 * as new ones are opened; past the cap the oldest window is evicted first (its caller starts a
 * fresh window, which only matters under a flood of distinct identities).
 */
export const MAX_RATE_WINDOWS = 10_000;

/** Who a request counts against: the authenticated OAuth client, or the address of a caller that failed authentication. */
export type RateKey = { client: string } | { address: string };

interface Window {
  startedAt: number;
  used: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  resetSeconds: number;
}

export class RateLimiter {
  /**
   * Open windows in the order they were opened (a renewed window is re-inserted), so that with
   * one window length for all keys the expired ones are always at the front.
   */
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: SandboxClock,
    private readonly maxWindows = MAX_RATE_WINDOWS,
    private readonly faults: Faults = noFaults,
  ) {}

  /** The number of windows held (for tests of the memory bound). */
  get size(): number {
    return this.windows.size;
  }

  quotaOf(operationId: string): number {
    return Object.hasOwn(this.config.operations, operationId) ? this.config.operations[operationId]! : this.config.default;
  }

  /** Counts one request of a caller against an endpoint's quota. */
  take(operationId: string, caller: RateKey): RateDecision {
    const now = this.clock.now();
    const windowMs = this.config.windowSeconds * 1000;
    // The kind is part of the key: a client id can never name an address's window, or the reverse.
    const key =
      "client" in caller ? `${operationId}\u0000client\u0000${caller.client}` : `${operationId}\u0000address\u0000${caller.address}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      this.windows.delete(key);
      this.dropExpired(now, windowMs);
      window = { startedAt: now, used: 0 };
      this.windows.set(key, window);
    }
    const limit = this.quotaOf(operationId);
    const allowed = window.used < limit || this.faults.has("rate-limit-not-enforced");
    if (allowed) window.used += 1;
    const resetSeconds = Math.max(0, Math.ceil((window.startedAt + windowMs - now) / 1000));
    // Assigned one by one: an object literal of computed names is built in V8's slow runtime path.
    const headers: Record<string, string> = {};
    headers[LIMIT] = String(limit);
    headers[REMAINING] = String(Math.max(0, limit - window.used));
    headers[RESET] = String(resetSeconds);
    return { allowed, resetSeconds, headers };
  }

  get windowSeconds(): number {
    return this.config.windowSeconds;
  }

  /** The windows still open, oldest first, with their quota: the control API's state view reads them, never changes them. */
  *openWindows(): IterableIterator<{ operation: string; caller: RateKey; used: number; limit: number; endsAt: number }> {
    const now = this.clock.now();
    const windowMs = this.config.windowSeconds * 1000;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= windowMs) continue;
      const [operation = "", kind, id = ""] = key.split("\u0000");
      yield {
        operation,
        caller: kind === "client" ? { client: id } : { address: id },
        used: window.used,
        limit: this.quotaOf(operation),
        endsAt: window.startedAt + windowMs,
      };
    }
  }

  /** Drops expired windows from the front, then the oldest live ones while the map is full. */
  private dropExpired(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt < windowMs && this.windows.size < this.maxWindows) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Per-endpoint quotas: a fixed window per (operation, client) on the sandbox clock. Every
 * response reports the quota in the RateLimit headers; an exhausted quota gives 429.
 * Quotas are configurable (`merchant.rateLimits`) so tests can exhaust one quickly.
 */
import { rateLimitHeaders } from "../../../generated/merchant/constants";
import type { SandboxClock } from "../clock";
import type { RateLimitConfig } from "../config";

const [LIMIT, REMAINING, RESET] = rateLimitHeaders;

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
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: SandboxClock,
  ) {}

  quotaOf(operationId: string): number {
    return this.config.operations[operationId] ?? this.config.default;
  }

  /** Counts one request of a client against an endpoint's quota. */
  take(operationId: string, client: string): RateDecision {
    const now = this.clock.now();
    const windowMs = this.config.windowSeconds * 1000;
    const key = `${operationId}\u0000${client}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, used: 0 };
      this.windows.set(key, window);
    }
    const limit = this.quotaOf(operationId);
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    const resetSeconds = Math.max(0, Math.ceil((window.startedAt + windowMs - now) / 1000));
    return {
      allowed,
      resetSeconds,
      headers: { [LIMIT]: String(limit), [REMAINING]: String(Math.max(0, limit - window.used)), [RESET]: String(resetSeconds) },
    };
  }
}

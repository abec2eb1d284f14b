/**
 * Rate limits. Every answer reports the quota in the RateLimit headers (names generated from
 * the spec); a 429 is retried after RateLimit-Reset seconds (or Retry-After, the standard header
 * of a 429, when the reset is absent), a bounded number of times. A 429 means the request was
 * refused, not processed, so re-sending is safe whatever the method.
 */
import { rateLimitHeaders } from "../../../../generated/merchant/constants";
import { endAttempt } from "../common/retry";

/** The spec lists the headers as limit, remaining, reset; the tuple's literal types keep that order checked. */
const [limitHeader, remainingHeader, resetHeader] = rateLimitHeaders;

export interface RateLimitValues {
  /** RateLimit-Limit: the quota of the endpoint. */
  limit: number | undefined;
  /** RateLimit-Remaining: requests left in the window. */
  remaining: number | undefined;
  /** RateLimit-Reset: seconds until the quota is restored. */
  resetSeconds: number | undefined;
  /** When the answer carrying them arrived (ms since the epoch). */
  observedAt: number;
}

export interface RateLimitOptions {
  /** How many times a 429 is retried. Default 3. */
  maxRetries?: number;
  /** A 429 asking for a longer wait is returned (as an error) instead of waited for. Default 60 000. */
  maxWaitMs?: number;
}

function headerNumber(response: Response, name: string): number | undefined {
  const raw = response.headers.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The RateLimit values of an answer, or undefined when it carries none (the storage host's). */
export function readRateLimit(response: Response, now: number): RateLimitValues | undefined {
  const limit = headerNumber(response, limitHeader);
  const remaining = headerNumber(response, remainingHeader);
  const resetSeconds = headerNumber(response, resetHeader);
  if (limit === undefined && remaining === undefined && resetSeconds === undefined) return undefined;
  return { limit, remaining, resetSeconds, observedAt: now };
}

/** How long a 429 asks to wait, in ms: RateLimit-Reset, else Retry-After (seconds or an HTTP date). */
export function waitAfter429(response: Response, now: number): number | undefined {
  const reset = headerNumber(response, resetHeader);
  if (reset !== undefined) return reset * 1000;
  const retryAfter = response.headers.get("Retry-After");
  if (retryAfter === null) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How a session treats 429s and records RateLimit values; one object for all its requests. */
export interface RateLimitPolicy {
  observe(values: RateLimitValues): void;
  options: Required<RateLimitOptions>;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Wait when a 429 gives no header: the caller's backoff for this retry number. */
  fallbackDelay(retry: number): number;
}

/** Sends, records the RateLimit values of every answer, and waits out 429s (bounded). */
export async function sendRespectingRateLimits(send: () => Promise<Response>, s: RateLimitPolicy): Promise<Response> {
  for (let retry = 1; ; retry++) {
    const response = await send();
    const values = readRateLimit(response, s.now());
    if (values) s.observe(values);
    if (response.status !== 429 || retry > s.options.maxRetries) return response;
    const wait = waitAfter429(response, s.now()) ?? s.fallbackDelay(retry);
    if (wait > s.options.maxWaitMs) return response;
    await response.body?.cancel();
    endAttempt(response);
    await s.sleep(wait);
  }
}

/**
 * One HTTP exchange with a per-attempt timeout and bounded retries (exponential backoff with
 * full jitter). Whether a request may be sent again is the caller's decision (`idempotent`);
 * this module only knows which failures provably happened before the request left.
 */
import { ClientNetworkError, ClientOptionsError, ClientTimeoutError } from "./errors";
import { isHttpUrl } from "./urls";
import { describeTarget, errorCode, summarizeCause } from "./redact";

/** What the clients need from fetch; `globalThis.fetch` fits. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface RetryOptions {
  /** Total attempts, the first included; 1 disables retries. Default 3. */
  attempts?: number;
  /** Backoff base: the n-th retry waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))). Default 100. */
  baseDelayMs?: number;
  /** Upper bound of one wait. Default 2000. */
  maxDelayMs?: number;
  /** Source of jitter in [0, 1); injectable for tests. Default Math.random. */
  random?: () => number;
  /** How to wait; injectable for tests. Default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

export type ResolvedRetry = Required<RetryOptions>;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function resolveRetry(options: RetryOptions | undefined): ResolvedRetry {
  return { attempts: 3, baseDelayMs: 100, maxDelayMs: 2_000, random: Math.random, sleep, ...options };
}

/** Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): spreads retries of many clients apart. */
export function backoffDelay(retry: number, options: ResolvedRetry): number {
  const cap = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(options.random() * cap);
}

/**
 * Failures that happen while opening the connection, before any byte of the request is
 * written: nothing can have reached the server, so even a POST may be sent again. Anything
 * else (a reset, "other side closed", a timeout while waiting for the answer) may come after
 * the server has read the request, and proves nothing.
 */
const BEFORE_SENDING = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

export function failedBeforeSending(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && BEFORE_SENDING.has(code);
}

export interface SendPolicy {
  /**
   * True when sending the request twice does no harm (GET, a token request): it is then
   * retried on network errors, timeouts and 5xx. False (a payment POST): it is retried only on
   * a failure that provably happened before sending, never on a status code.
   */
  idempotent: boolean;
  retry: ResolvedRetry;
  /** Per attempt; covers the whole exchange, body included. Undefined: no timeout. */
  timeoutMs: number | undefined;
  /** Receives one line per retry; never the body. */
  log?: ((line: string) => void) | undefined;
}

/** Sends with the policy; returns the last response, or throws ClientNetworkError / ClientTimeoutError. */
export async function sendWithPolicy(transport: Transport, url: string, init: RequestInit, policy: SendPolicy): Promise<Response> {
  const method = init.method ?? "GET";
  // Not a network failure: nothing can be sent, so nothing is retried or may have arrived.
  if (!isHttpUrl(url)) throw new ClientOptionsError(`${method}: the request's URL is not an absolute http(s) URL; nothing was sent`);
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await attemptOnce(transport, url, init, policy.timeoutMs, () => timeoutError(method, url, attempt, policy.timeoutMs ?? 0));
    } catch (error) {
      if (init.signal?.aborted) throw error; // the caller gave up: not ours to retry or rename
      const timedOut = error instanceof ClientTimeoutError;
      const unsent = !timedOut && failedBeforeSending(error);
      if ((policy.idempotent || unsent) && attempt < policy.retry.attempts) {
        await pause(
          policy,
          attempt,
          `${method} ${describeTarget(url)} attempt ${attempt} failed (${timedOut ? "timeout" : (errorCode(error) ?? "network error")})`,
        );
        continue;
      }
      if (timedOut) throw error;
      const code = errorCode(error);
      const target = describeTarget(url);
      throw new ClientNetworkError(
        `${method} ${target} failed after ${attempt} attempt(s)${code ? ` (${code})` : ""}${outcomeNote(method, !unsent)}`,
        { method, target, attempts: attempt, requestMayHaveBeenSent: !unsent, ...(code ? { code } : {}) },
        { cause: summarizeCause(error) },
      );
    }
    if (policy.idempotent && response.status >= 500 && attempt < policy.retry.attempts) {
      await response.body?.cancel(); // free the connection for the next attempt
      endAttempt(response);
      await pause(policy, attempt, `${method} ${describeTarget(url)} attempt ${attempt} answered ${response.status}`);
      continue;
    }
    return response;
  }
}

function outcomeNote(method: string, mayHaveBeenSent: boolean): string {
  return mayHaveBeenSent && method !== "GET" && method !== "HEAD" ? "; the request may have been processed, its outcome is unknown" : "";
}

function timeoutError(method: string, url: string, attempt: number, timeoutMs: number): ClientTimeoutError {
  const target = describeTarget(url);
  return new ClientTimeoutError(`${method} ${target}: no complete response within ${timeoutMs} ms${outcomeNote(method, true)}`, {
    method,
    target,
    attempts: attempt,
    requestMayHaveBeenSent: true,
    timeoutMs,
  });
}

async function pause(policy: SendPolicy, attempt: number, why: string): Promise<void> {
  const delay = backoffDelay(attempt, policy.retry);
  policy.log?.(`${why}; retrying in ${delay} ms`);
  await policy.retry.sleep(delay);
}

/** What ends an attempt early: its timer, and the link from the caller's signal. */
interface PendingAttempt {
  timer: NodeJS.Timeout;
  callerSignal: AbortSignal | null | undefined;
  onCallerAbort: (() => void) | undefined;
}

/** The attempts whose answer arrived but whose body may still be read, by that answer. */
const pending = new WeakMap<Response, PendingAttempt>();

/**
 * Ends the attempt that produced `response`: its timer stops and the caller's signal is let go.
 * For whoever reads the body in full right away (every helper of the clients does): a timer left
 * running for the full `timeoutMs` after each exchange keeps its objects alive and then does the
 * work of an abort nobody waits for. Not calling it is harmless; the timer then runs out.
 */
export function endAttempt(response: Response): void {
  const attempt = pending.get(response);
  if (!attempt) return;
  pending.delete(response);
  release(attempt);
}

function release({ timer, callerSignal, onCallerAbort }: PendingAttempt): void {
  clearTimeout(timer);
  if (onCallerAbort) callerSignal?.removeEventListener("abort", onCallerAbort);
}

/**
 * One attempt, aborted after `timeoutMs` with a ClientTimeoutError as the abort reason (fetch
 * rejects with it, and so does reading the body if the timer fires then). A controller and a
 * plain timer rather than AbortSignal.timeout + AbortSignal.any: the same effect at a fraction
 * of the cost. The timer keeps running when the headers arrive, so it also bounds reading the
 * body, until endAttempt(); it is unref'd, so it never holds the process open.
 */
async function attemptOnce(
  transport: Transport,
  url: string,
  init: RequestInit,
  timeoutMs: number | undefined,
  onTimeout: () => ClientTimeoutError,
): Promise<Response> {
  if (!timeoutMs) return transport(url, init);
  const controller = new AbortController();
  const attempt: PendingAttempt = {
    timer: setTimeout(abortWith, timeoutMs, controller, onTimeout),
    callerSignal: init.signal,
    onCallerAbort: undefined,
  };
  attempt.timer.unref();
  const callerSignal = init.signal;
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else if (callerSignal) {
    attempt.onCallerAbort = () => controller.abort(callerSignal.reason);
    callerSignal.addEventListener("abort", attempt.onCallerAbort, { once: true });
  }
  try {
    const response = await transport(url, { ...init, signal: controller.signal });
    pending.set(response, attempt);
    return response;
  } catch (error) {
    release(attempt);
    throw error;
  }
}

function abortWith(controller: AbortController, reason: () => ClientTimeoutError): void {
  controller.abort(reason());
}

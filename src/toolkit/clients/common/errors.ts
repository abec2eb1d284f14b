/**
 * Errors shared by both clients. Every error the clients throw extends ClientError, and none
 * carries a request body, a PAN, a CSC or a credential: messages name the method and the target
 * (origin and path, never the query), and causes are summarised (see redact.ts).
 */

/** Base class of every error thrown by the gateway and merchant clients. */
export class ClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // The subclass name, so `error.name` and stack traces say what happened.
    this.name = new.target.name;
  }
}

/** What every transport failure reports: which request, how often it was tried, and whether it may have arrived. */
export interface NetworkFailure {
  method: string;
  /** Origin and path of the request (no query string). */
  target: string;
  /** How many times the request was sent (or tried). */
  attempts: number;
  /**
   * False only when the failure provably happened before any byte of the request left this
   * process (connection refused, DNS failure, connect timeout). For a POST that is true here,
   * treat the outcome as unknown: the server may have processed it.
   */
  requestMayHaveBeenSent: boolean;
  /** The system or undici error code, when there is one (ECONNRESET, UND_ERR_SOCKET, ...). */
  code?: string;
}

/** The request failed below HTTP (connection reset, refused, DNS, ...): no response was received. */
export class ClientNetworkError extends ClientError implements NetworkFailure {
  readonly method: string;
  readonly target: string;
  readonly attempts: number;
  readonly requestMayHaveBeenSent: boolean;
  readonly code?: string;

  constructor(message: string, failure: NetworkFailure, options?: { cause?: unknown }) {
    super(message, options);
    this.method = failure.method;
    this.target = failure.target;
    this.attempts = failure.attempts;
    this.requestMayHaveBeenSent = failure.requestMayHaveBeenSent;
    if (failure.code !== undefined) this.code = failure.code;
  }
}

/** No response within `timeoutMs` (per attempt). For a POST the outcome is unknown. */
export class ClientTimeoutError extends ClientNetworkError {
  readonly timeoutMs: number;

  constructor(message: string, failure: NetworkFailure & { timeoutMs: number }) {
    super(message, failure);
    this.timeoutMs = failure.timeoutMs;
  }
}

/**
 * A client's options cannot work (a missing or relative `baseUrl`, an empty key, a private key
 * that is not one), or a request's URL is not an absolute http(s) URL. Thrown before anything is
 * sent, naming the option; the value itself is not quoted (it may be a credential put in the
 * wrong place).
 */
export class ClientOptionsError extends ClientError {}

/**
 * How the gateway client sends: the body bytes are signed as they are and sent as they are,
 * with a timeout per attempt and the retry rules below. Every call (the flow helpers and the raw
 * `client.POST(...)`) goes through openapi-fetch, which hands over the request it prepared;
 * `createGatewayFetch` takes it apart. openapi-fetch has no retries of its own and its middleware
 * cannot re-send, so this is the one place for both.
 */
import { resolveRetry, sendWithPolicy, type RetryOptions, type SendPolicy, type Transport } from "../common/retry";
import { signatureHeaderName, type Signer } from "./signing";

export interface GatewayFetchOptions {
  transport: Transport;
  signer: Signer | undefined;
  timeoutMs: number | undefined;
  retry: RetryOptions | undefined;
  log: ((line: string) => void) | undefined;
}

/** One request's parts. `headers` is the request's own object: the Signature is added to it. */
export type GatewaySend = (
  url: string,
  method: string,
  headers: Record<string, string> | Headers,
  body: Uint8Array<ArrayBuffer> | undefined,
  signal: AbortSignal | null | undefined,
) => Promise<Response>;

export function createGatewaySend(options: GatewayFetchOptions): GatewaySend {
  const { transport, signer } = options;
  const retry = resolveRetry(options.retry);
  const common = { retry, timeoutMs: options.timeoutMs, log: options.log };
  // Money safety: the gateway has no idempotency key, so a POST that may have reached the
  // server is never sent again (a second authorization would reserve the money twice).
  // sendWithPolicy still re-sends a POST whose connection could not even be opened
  // (refused, DNS failure, connect timeout): no byte of it can have arrived.
  const safe: SendPolicy = { idempotent: true, ...common };
  const unsafe: SendPolicy = { idempotent: false, ...common };
  return (url, method, headers, body, signal) => {
    const idempotent = method === "GET" || method === "HEAD";
    // Every POST is signed when a signer is configured, an empty body (void, debit refund) too.
    if (!idempotent && signer) {
      const signature = signer.headerFor(body ?? new Uint8Array(0));
      if (headers instanceof Headers) headers.set(signatureHeaderName, signature);
      else headers[signatureHeaderName] = signature;
    }
    return sendWithPolicy(transport, url, { method, headers, body, signal }, idempotent ? safe : unsafe);
  };
}

/** The `fetch` given to openapi-fetch: takes its prepared request apart and sends it. */
export function createGatewayFetch(send: GatewaySend): (request: Request) => Promise<Response> {
  return async (request) => {
    const { method, headers } = request;
    // openapi-fetch builds a fresh Headers for every request: this fetch may change it in place.
    if (method === "GET" || method === "HEAD") {
      headers.delete("content-type"); // the client-wide form Content-Type is meant for bodies only
      return send(request.url, method, headers, undefined, request.signal);
    }
    return send(request.url, method, headers, new Uint8Array(await request.arrayBuffer()), request.signal);
  };
}

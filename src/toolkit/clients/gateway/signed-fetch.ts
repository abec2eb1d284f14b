/**
 * The `fetch` given to openapi-fetch. openapi-fetch prepares the request (URL, headers,
 * serialized body) and hands it over; this function encodes the body once, signs those very
 * bytes, and sends them, with a timeout per attempt and the retry rules below. openapi-fetch has
 * no retries of its own and its middleware cannot re-send, so this is the one place for both.
 */
import { resolveRetry, sendWithPolicy, type RetryOptions, type Transport } from "../common/retry";
import { PreparedRequest } from "./prepared-request";
import { signatureHeaderName, type Signer } from "./signing";

export interface GatewayFetchOptions {
  transport: Transport;
  signer: Signer | undefined;
  timeoutMs: number | undefined;
  retry: RetryOptions | undefined;
  log: ((line: string) => void) | undefined;
}

export function createGatewayFetch(options: GatewayFetchOptions): (request: Request | PreparedRequest) => Promise<Response> {
  const retry = resolveRetry(options.retry);
  return async (request) => {
    const method = request.method;
    const safe = method === "GET" || method === "HEAD";
    // openapi-fetch builds a fresh Headers for every request: this fetch may change it in place.
    const headers = request.headers;
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (safe) {
      headers.delete("content-type"); // the client-wide form Content-Type is meant for bodies only
    } else {
      // Every POST is signed when a signer is configured, an empty body (void, debit refund) too.
      // A real Request gets here only when a middleware returned one.
      body = request instanceof PreparedRequest ? await request.bytes() : new Uint8Array(await request.arrayBuffer());
      if (options.signer) headers.set(signatureHeaderName, options.signer.headerFor(body));
    }
    return sendWithPolicy(
      options.transport,
      request.url,
      { method, headers, body, signal: request.signal },
      {
        // Money safety: the gateway has no idempotency key, so a POST that may have reached the
        // server is never sent again (a second authorization would reserve the money twice).
        // sendWithPolicy still re-sends a POST whose connection could not even be opened
        // (refused, DNS failure, connect timeout): no byte of it can have arrived.
        idempotent: safe,
        retry,
        timeoutMs: options.timeoutMs,
        log: options.log,
      },
    );
  };
}

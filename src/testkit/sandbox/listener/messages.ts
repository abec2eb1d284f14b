/**
 * What a sandbox handler receives and answers, apart from the listener that carries them: the
 * gateway, the merchant API, the control API and the storage host all speak these, and the
 * listener imports none of them (it is handed its handler, the routes mounted beside it, and
 * hooks: network faults, the exchange record).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { components } from "../../../../generated/sandbox-control/schema";
import type { RouteResult } from "../../openapi-model/router";

/** The gateway's verdict on a request's signature, as the exchange record shows it. */
export type SignatureVerdict = components["schemas"]["SignatureVerdict"];

/** What an answer carries for the exchange record and is never sent. */
export interface AnswerNotes {
  /** The fault rule that shaped the answer. */
  fault?: string;
  /** The gateway's signature verdict, worked out when read (a mismatch's causes cost RSA verifications). */
  signature?: () => SignatureVerdict;
  /** The media type a body sent without `Content-Type` was read as (the gateway: a form). */
  assumedContentType?: string;
}

export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; Buffers and strings as they are; undefined sends no body. */
  body?: unknown;
  /**
   * Why the sandbox refused, in its own words, for the exchange record only (never sent): for an
   * answer whose body does not say it (a 401 or 404 without a body, a refusal before routing).
   */
  reason?: string;
  /** Not sent: what the exchange record keeps beside the answer. */
  notes?: AnswerNotes;
}

export interface SandboxRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  route: RouteResult;
  /** The raw body bytes (empty when there is none or it was too large). */
  rawBody: Buffer;
  /** True when the body exceeded the listener's cap (its bytes were discarded). */
  tooLarge: boolean;
  remoteAddress: string;
}

/** The statuses of a refusal before routing (ListenerOptions.refuse). */
export type RefusalStatus = 400 | 404 | 408 | 413 | 415 | 431;

export type Handler = (request: SandboxRequest) => SandboxResponse;

/** What the network does to a request before any API sees it (a fault rule of the control API). */
export type NetworkFault = { id: string } & ({ latencyMs: number } | { close: "before-processing" | "after-processing" });

/** What a network fault is matched on: the routed operation and the request as it arrived. */
export interface ArrivedRequest {
  route: RouteResult;
  headers: IncomingMessage["headers"];
  rawBody: Buffer;
}

/** An exchange as the listener hands it to its record: the parts, unmasked. */
export interface HandedExchange {
  at: string;
  /** The API whose listener it came to; "control" for a refused request to the mounted control API. */
  api: "gateway" | "merchant" | "storage" | "control";
  method: string;
  /** The request target as sent (path and query). */
  target: string;
  operation?: string;
  status: number;
  duration_ms: number;
  fault?: string;
  /** Why the sandbox refused, in its own words, where the answer does not say it. */
  reason?: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: Buffer | string | undefined;
  responseHeaders: Record<string, string | string[] | undefined>;
  responseBody: Buffer | string | undefined;
  signature?: () => SignatureVerdict | undefined;
  /** The media type a body sent without `Content-Type` was read as. */
  assumedContentType?: string;
}

/** A streamed answer (Server-Sent Events) that writes to the response itself. */
export interface StreamedAnswer {
  stream(req: IncomingMessage, res: ServerResponse): void;
}

/** Routes mounted beside an API (the control API): which paths they claim, and their answers; neither checked nor recorded. */
export interface MountedRoutes {
  claims(pathname: string): boolean;
  handle(
    method: string,
    pathname: string,
    query: URLSearchParams,
    headers: IncomingMessage["headers"],
    rawBody: Buffer,
  ): Promise<SandboxResponse | StreamedAnswer>;
}

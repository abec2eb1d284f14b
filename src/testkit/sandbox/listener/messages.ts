/**
 * What a sandbox handler receives and answers, apart from the listener that carries them: the
 * gateway, the merchant API, the control API and the storage host all speak these, and the
 * listener imports none of them (it is handed its handler and its control routes).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouteResult } from "../../openapi-model/router";
import type { SignatureVerdict } from "../control/exchanges";

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
  /** How the gateway judged the request's signature, for the exchange record (set by the gateway's pipeline). */
  signature?: SignatureVerdict;
  /** A gateway status code a fault rule makes this transaction decline with. */
  declineWith?: number;
}

/** The statuses of a refusal before routing (ListenerOptions.refuse). */
export type RefusalStatus = 400 | 404 | 408 | 413 | 415 | 431;

export type Handler = (request: SandboxRequest) => SandboxResponse;

/** A streamed answer (Server-Sent Events) that writes to the response itself. */
export interface StreamedAnswer {
  stream(req: IncomingMessage, res: ServerResponse): void;
}

/** The control API as the listener sees it: which paths it claims, and their answers. */
export interface ControlRoutes {
  claims(pathname: string): boolean;
  handle(
    method: string,
    pathname: string,
    query: URLSearchParams,
    headers: IncomingMessage["headers"],
    rawBody: Buffer,
  ): Promise<SandboxResponse | StreamedAnswer>;
}

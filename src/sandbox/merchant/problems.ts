/**
 * Problem details (`application/problem+json`, RFC 7807) with the service's extension members:
 * `errors` (parameter name to messages), `oauth2-token` (where to authenticate) and
 * `request-id`, which every problem carries (and every response repeats in `Request-Id`).
 */
import { randomBytes } from "node:crypto";
import { problemMediaType } from "../../../generated/merchant/constants";
import type { SandboxResponse } from "../http";

/** A random prefix per sandbox process and a counter: unique, cheap, and not guessable across runs. */
const requestIdPrefix = randomBytes(6).toString("base64url");
let requestCounter = 0;

export function newRequestId(): string {
  requestCounter += 1;
  return `req_${requestIdPrefix}${requestCounter.toString(36).padStart(6, "0")}`;
}

export type Errors = Record<string, string[]>;

export interface ProblemContext {
  requestId: string;
  /** Headers every response of the request carries (rate limits, request id). */
  headers: Record<string, string>;
}

function problem(ctx: ProblemContext, status: number, members: Record<string, unknown>, extraHeaders: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { ...ctx.headers, ...extraHeaders, "content-type": problemMediaType },
    body: { ...members, status, "request-id": ctx.requestId },
  };
}

export const problems = {
  validation(ctx: ProblemContext, errors: Errors, detail = "The request has invalid parameters."): SandboxResponse {
    return problem(ctx, 400, { title: "Validation Error", detail, errors });
  },
  unauthorized(ctx: ProblemContext, tokenUrl: string, detail = "The access token is invalid."): SandboxResponse {
    return problem(ctx, 401, { title: "Unauthorized", detail, "oauth2-token": tokenUrl }, { "www-authenticate": 'Bearer error="invalid_token"' });
  },
  notFound(ctx: ProblemContext, detail = "There is no resource at this address."): SandboxResponse {
    return problem(ctx, 404, { title: "Not Found", detail });
  },
  methodNotAllowed(ctx: ProblemContext, allow: string[]): SandboxResponse {
    return problem(ctx, 405, { title: "Method Not Allowed", detail: `This link permits ${allow.join(", ")}.` }, { allow: allow.join(", ") });
  },
  conflict(ctx: ProblemContext, detail: string, errors?: Errors): SandboxResponse {
    return problem(ctx, 409, { title: "Conflict", detail, ...(errors && Object.keys(errors).length ? { errors } : {}) });
  },
  tooManyRequests(ctx: ProblemContext, retryAfterSeconds: number): SandboxResponse {
    return problem(
      ctx,
      429,
      { title: "Too Many Requests", detail: `The quota of this endpoint is exhausted; retry in ${retryAfterSeconds} s.` },
      { "retry-after": String(retryAfterSeconds) },
    );
  },
};

/**
 * Problem details (`application/problem+json`, RFC 7807) with the service's extension members:
 * `errors` (parameter name to messages), `oauth2-token` (where to authenticate) and
 * `request-id`, which every problem carries (and every response repeats in `Request-Id`).
 * Whatever a problem says is bounded in size and has card numbers masked, since messages may
 * quote the request.
 */
import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { problemKinds, problemMediaType } from "../../../../../generated/merchant/constants";
import type { SandboxResponse } from "../../listener/messages";
import { MAX_MESSAGE_LENGTH, sendableMessage } from "../../cross-api/masking";

/** A random prefix per sandbox process and a counter: unique, cheap, and not guessable across runs. */
const requestIdPrefix = randomBytes(6).toString("base64url");
let requestCounter = 0;

export function newRequestId(): string {
  requestCounter += 1;
  return `req_${requestIdPrefix}${requestCounter.toString(36).padStart(6, "0")}`;
}

export type Errors = Record<string, string[]>;

/**
 * `{ ...base, ...extra }` for header maps, as one clone and plain assignments: V8 copies the
 * members of a second spread one by one in its runtime, microseconds on every answer.
 */
export function withHeaders(base: Readonly<Record<string, string>>, extra?: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...base };
  if (extra) for (const name in extra) out[name] = extra[name]!;
  return out;
}

export interface ProblemContext {
  requestId: string;
  /** Headers every response of the request carries (rate limits, request id). */
  headers: Record<string, string>;
}

/**
 * Size bound of a problem's `errors`: a body with 60,000 bad array items must not become a
 * megabytes-long answer. The fields and messages beyond it are counted in `detail`.
 */
export const MAX_ERROR_FIELDS = 20;
export const MAX_MESSAGES_PER_FIELD = 5;
export { MAX_MESSAGE_LENGTH };

/**
 * The first fields and messages of an error map, and how many messages were left out. Messages
 * are masked and cut here; field names are masked where they are taken from the request (`errorsOf` in
 * answers.ts), since the others hold the sandbox's own ids, which a digit mask could garble.
 */
function boundedErrors(errors: Errors): { errors: Errors; omitted: number } {
  const kept: Array<[string, string[]]> = [];
  let omitted = 0;
  for (const [name, messages] of Object.entries(errors)) {
    if (kept.length >= MAX_ERROR_FIELDS) {
      omitted += messages.length;
      continue;
    }
    kept.push([name, messages.slice(0, MAX_MESSAGES_PER_FIELD).map(sendableMessage)]);
    omitted += Math.max(0, messages.length - MAX_MESSAGES_PER_FIELD);
  }
  // fromEntries defines own properties: a field named `__proto__` stays a field.
  return { errors: Object.fromEntries(kept), omitted };
}

type ProblemKind = keyof typeof problemKinds;

/** A problem's status and title: the spec's problem schema, or the HTTP reason phrase for a status the spec does not document. */
function kindOf(kind: ProblemKind | number): { status: number; title: string } {
  if (typeof kind !== "number") return problemKinds[kind];
  const documented = Object.values(problemKinds).find((known) => known.status === kind);
  return documented ?? { status: kind, title: STATUS_CODES[kind] ?? "Error" };
}

/** The one renderer of a merchant problem: every refusal of the merchant sandbox is built here. */
function problem(
  ctx: ProblemContext,
  kind: ProblemKind | number,
  members: { detail: string; errors?: Errors; "oauth2-token"?: string },
  extraHeaders: Record<string, string> = {},
): SandboxResponse {
  const { status, title } = kindOf(kind);
  const { errors, detail, ...rest } = members;
  const bounded = errors ? boundedErrors(errors) : undefined;
  const more = bounded?.omitted
    ? ` ${bounded.omitted} more error(s) were found and not listed (at most ${MAX_ERROR_FIELDS} fields, ${MAX_MESSAGES_PER_FIELD} messages each).`
    : "";
  return {
    status,
    headers: withHeaders(withHeaders(ctx.headers, extraHeaders), { "content-type": problemMediaType }),
    body: {
      title,
      ...rest,
      detail: sendableMessage(detail) + more,
      ...(bounded ? { errors: bounded.errors } : {}),
      status,
      "request-id": ctx.requestId,
    },
  };
}

export const problems = {
  validation(ctx: ProblemContext, errors: Errors, detail = "The request has invalid parameters."): SandboxResponse {
    return problem(ctx, "ValidationProblem", { detail, errors });
  },
  unauthorized(ctx: ProblemContext, tokenUrl: string, detail = "The access token is invalid."): SandboxResponse {
    return problem(
      ctx,
      "UnauthorizedProblem",
      { detail, "oauth2-token": tokenUrl },
      { "www-authenticate": 'Bearer error="invalid_token"' },
    );
  },
  notFound(ctx: ProblemContext, detail = "There is no resource at this address."): SandboxResponse {
    return problem(ctx, "NotFoundProblem", { detail });
  },
  /** Not an answer the spec documents: the HTTP status and reason phrase, in the problem form. */
  methodNotAllowed(ctx: ProblemContext, allow: string[]): SandboxResponse {
    return problem(ctx, 405, { detail: `This link permits ${allow.join(", ")}.` }, { allow: allow.join(", ") });
  },
  conflict(ctx: ProblemContext, detail: string, errors?: Errors): SandboxResponse {
    return problem(ctx, "ConflictProblem", { detail, ...(errors && Object.keys(errors).length ? { errors } : {}) });
  },
  tooManyRequests(ctx: ProblemContext, retryAfterSeconds: number): SandboxResponse {
    return problem(
      ctx,
      "RateLimitProblem",
      { detail: `The quota of this endpoint is exhausted; retry in ${retryAfterSeconds} s.` },
      { "retry-after": String(retryAfterSeconds) },
    );
  },
  /** A request the listener refused before routing (a bad target, a foreign body, a timeout), with a fresh request id. */
  beforeRouting(status: number, reason: string): SandboxResponse {
    const requestId = newRequestId();
    return problem({ requestId, headers: { "request-id": requestId } }, status, { detail: reason });
  },
};

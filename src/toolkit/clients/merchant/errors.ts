/**
 * Errors of the merchant client. None carries a credential, a token or a request body; targets
 * are origin and path only (a pre-signed upload URL's query is a credential).
 */
import type { components } from "../../../../generated/merchant/schema";
import { ClientError } from "../common/errors";
import type { RateLimitValues } from "./rate-limit";

type Problem = components["schemas"]["Problem"];
type OAuthError = components["schemas"]["OAuthError"];

/** Base class of the merchant client's own errors. */
export class MerchantError extends ClientError {}

/** A mistake on the calling side, found before sending: a missing link, a bad `per_page`, variables for an untemplated link. */
export class MerchantUsageError extends MerchantError {}

/** An `application/problem+json` answer (RFC 7807), parsed. */
export class MerchantProblemError extends MerchantError {
  readonly title: string;
  readonly status: number;
  readonly detail: string | undefined;
  /** Messages by invalid parameter (`{ currency: ["does not follow ISO 4217"] }`); empty when none. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** `request-id`: quote it to support. */
  readonly requestId: string | undefined;
  /** `oauth2-token`: where to authenticate before retrying (on 401). */
  readonly oauth2Token: string | undefined;
  /** The rate-limit headers of this answer, when it had them. */
  readonly rateLimit: RateLimitValues | undefined;

  constructor(problem: Problem, request: { method: string; target: string }, rateLimit: RateLimitValues | undefined) {
    const fields = Object.entries(problem.errors ?? {}).map(([name, messages]) => `${name}: ${messages.join(", ")}`);
    super(
      `${request.method} ${request.target}: ${problem.status} ${problem.title}` +
        (problem.detail ? ` - ${problem.detail}` : "") +
        (fields.length ? ` (${fields.join("; ")})` : "") +
        (problem["request-id"] ? ` [request-id ${problem["request-id"]}]` : ""),
    );
    this.title = problem.title;
    this.status = problem.status;
    this.detail = problem.detail;
    this.errors = problem.errors ?? {};
    this.requestId = problem["request-id"];
    this.oauth2Token = problem["oauth2-token"];
    this.rateLimit = rateLimit;
  }
}

/** An error answer that is not problem+json (the storage host's XML, a proxy's page). */
export class MerchantHttpError extends MerchantError {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly target: string,
  ) {
    super(`${method} ${target} answered HTTP ${status}`);
  }
}

/**
 * HTTP 401 and no way to authenticate: no `tokenUrl` was given and the answer named no token
 * endpoint on the API's origin (its problem's `oauth2-token`). Thrown at once: there is nothing to
 * retry with.
 */
export class MerchantAuthenticationError extends MerchantError {
  readonly status = 401;
  /** The 401's problem details, when it was problem+json. */
  readonly problem: Problem | undefined;

  constructor(request: { method: string; target: string }, problem: Problem | undefined) {
    super(
      `${request.method} ${request.target} answered HTTP 401${problem ? ` ${problem.title}${problem.detail ? ` - ${problem.detail}` : ""}` : ""}, ` +
        "and there is no token endpoint to authenticate at: pass tokenUrl to createMerchantClient, or point baseUrl at the Merchant Management API",
    );
    this.problem = problem;
  }
}

/**
 * The token endpoint refused, or answered something unusable. Its errors are documented in two
 * forms: RFC 6749 §5.2 (`error`, `error_description`) and problem details (`title`, `detail`).
 */
export class MerchantTokenError extends MerchantError {
  /** The OAuth error code (RFC 6749 form only). */
  readonly error: OAuthError["error"] | undefined;
  /** `error_description`, or the problem's `detail`. */
  readonly errorDescription: string | undefined;

  constructor(
    readonly status: number,
    body: (Partial<OAuthError> & { title?: unknown; detail?: unknown }) | undefined,
  ) {
    const description = body?.error_description ?? (typeof body?.detail === "string" ? body.detail : undefined);
    const code = body?.error ?? (typeof body?.title === "string" ? body.title : undefined);
    super(`The token endpoint answered HTTP ${status}${code ? ` ${code}` : ""}${description ? `: ${description}` : ""}`);
    this.error = body?.error;
    this.errorDescription = description;
  }
}

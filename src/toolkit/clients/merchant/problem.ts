/**
 * Error answers: `application/problem+json` becomes a MerchantProblemError with the members
 * typed (title, status, detail, errors by parameter, request-id, oauth2-token); anything else
 * a MerchantHttpError with the status only (the body of a foreign error page is not quoted).
 */
import { problemMediaType } from "../../../../generated/merchant/constants";
import type { components } from "../../../../generated/merchant/schema";
import { describeTarget } from "../common/redact";
import { MerchantHttpError, MerchantProblemError, type MerchantError } from "./errors";
import type { RateLimitValues } from "./rate-limit";

type Problem = components["schemas"]["Problem"];

/** The media type without parameters, lower case. */
export function essence(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The parsed problem of an answer, or undefined when it is not a well-formed problem. */
export async function readProblem(response: Response): Promise<Problem | undefined> {
  if (essence(response.headers.get("content-type")) !== problemMediaType) return undefined;
  try {
    const body = (await response.json()) as Partial<Problem> | null;
    if (!body || typeof body.title !== "string" || typeof body.status !== "number") return undefined;
    const errors = body.errors && typeof body.errors === "object" ? body.errors : undefined;
    return { ...body, title: body.title, status: body.status, ...(errors ? { errors } : {}) };
  } catch {
    return undefined;
  }
}

/** The error for a non-2xx answer (consumes its body). */
export async function errorFromResponse(
  response: Response,
  method: string,
  url: string,
  rateLimit: RateLimitValues | undefined,
): Promise<MerchantError> {
  const target = describeTarget(url);
  const problem = await readProblem(response);
  if (problem) return new MerchantProblemError(problem, { method, target }, rateLimit);
  await response.body?.cancel().catch(() => undefined);
  return new MerchantHttpError(response.status, method, target);
}

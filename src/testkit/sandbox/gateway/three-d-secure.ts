/**
 * 3-D Secure results of a payment method's `[3dsecure][v2]`, and what their `transStatus`
 * letters mean, from the spec's `x-trans-status-outcomes` on `ThreeDSecureResult.status`.
 */
import { threeDSecureTransStatusOutcomes } from "../../../../generated/gateway/constants";
import type { components } from "../../../../generated/gateway/schema";

export type ThreeDSecureResult = components["schemas"]["ThreeDSecureResult"];
type ThreeDSecureV2 = components["schemas"]["ThreeDSecureV2"];

const stronglyAuthenticated: readonly string[] = threeDSecureTransStatusOutcomes["strongly-authenticated"];
const authenticationFailed: readonly string[] = threeDSecureTransStatusOutcomes["authentication-failed"];

/** Whether a result counts as strong customer authentication; a result without a status is taken as one. */
export function isStronglyAuthenticated(result: ThreeDSecureResult): boolean {
  return result.status === undefined || stronglyAuthenticated.includes(result.status);
}

/** Whether a result declines the transaction as a failed authentication. */
export function isAuthenticationFailure(result: ThreeDSecureResult): boolean {
  return result.status !== undefined && authenticationFailed.includes(result.status);
}

/** The version and status of an ARes or RReq message (a JSON string); "unreadable" when it is not JSON of that shape. */
function resultOfMessage(message: string): ThreeDSecureResult | "unreadable" {
  try {
    const parsed = JSON.parse(message) as { messageVersion?: unknown; transStatus?: unknown } | null;
    if (!parsed || typeof parsed !== "object" || typeof parsed.messageVersion !== "string") return "unreadable";
    return { version: parsed.messageVersion, ...(typeof parsed.transStatus === "string" ? { status: parsed.transStatus } : {}) };
  } catch {
    return "unreadable";
  }
}

/**
 * The 3-D Secure result of a payment method object: version and status from the raw values
 * or from the ARes or RReq message; undefined when the method carries no 3-D Secure data.
 */
export function threeDSecureOf(method: unknown): ThreeDSecureResult | "unreadable" | undefined {
  const v2 = (method as { "3dsecure"?: { v2?: ThreeDSecureV2 } } | undefined)?.["3dsecure"]?.v2;
  if (!v2) return undefined;
  if (v2.raw) return { version: v2.raw.message_version, ...(v2.raw.trans_status ? { status: v2.raw.trans_status } : {}) };
  const message = v2.ares ?? v2.rreq;
  return typeof message === "string" ? resultOfMessage(message) : undefined;
}

/**
 * Type-level tests of the answers' generated types, checked by `npm run typecheck` (tsc
 * --strict): every member the spec requires in an answer is required in its type, so client code
 * reads it without a check, and each `@ts-expect-error` line must be a compile error (tsc fails
 * with "Unused '@ts-expect-error' directive" otherwise). A requirement the generator cannot see
 * (a bare `required` in an `allOf` member, without `properties`) renders as `unknown`, and these
 * lines stop compiling.
 */
import type { ApprovedTransaction } from "payment-apis-toolkit/gateway";
import type { components } from "../../generated/gateway/schema";

type Authorization = ApprovedTransaction<"createAuthorization">;
type Capture = ApprovedTransaction<"createCapture">;
type Refund = ApprovedTransaction<"createRefund">;
type Credit = ApprovedTransaction<"createCredit">;
type Account = components["schemas"]["Account"];
type TokenMethod = components["schemas"]["TokenMethod"];

// Required members read without a check: each is a string or a number, not `T | undefined`.
export const capturesHref = (a: Authorization): string => a._links.captures.href;
export const authorizationOfCapture = (c: Capture): string => c._links.authorization.href;
export const refundsOfCapture = (c: Capture): string => c._links.refunds.href;
export const capturedAmount = (c: Capture): number => c.amount;
export const authorizationOfRefund = (r: Refund): string => r._links.authorization.href;
export const refundedAmount = (r: Refund): number => r.amount;
export const creditedAmount = (c: Credit): number => c.amount;
export const creditedCurrency = (c: Credit): string => c.currency;
export const processedAt = (a: Authorization): string => a.processed_at;
export const merchantId = (account: Account): string => account.merchant_id;

const links = { captures: { href: "/authorizations/4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b/captures" } };
const approved = { id: "4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b", status: { code: 20000 }, processed_at: "2026-11-20T10:15:30Z" } as const;
export const authorization: Authorization = { ...approved, _links: links };

// @ts-expect-error an approved authorization carries _links
export const authorizationWithoutLinks: Authorization = { ...approved };

// @ts-expect-error an approved capture carries amount
export const captureWithoutAmount: Capture = { ...approved, _links: { authorization: links.captures, refunds: links.captures } };

// @ts-expect-error an approved refund carries _links
export const refundWithoutLinks: Refund = { ...approved, amount: 500 };

// @ts-expect-error an approved credit carries currency
export const creditWithoutCurrency: Credit = { ...approved, amount: 50000 };

// @ts-expect-error the account answer is not an empty object
export const emptyAccount: Account = {};

// @ts-expect-error a token payment names its token values
export const emptyToken: TokenMethod = {};

export const schemeNeutralToken: TokenMethod = { tan: "4895370012003478", expire_month: "10", expire_year: "2028" };

// @ts-expect-error the scheme-neutral token needs its expiry
export const tokenWithoutExpiry: TokenMethod = { tan: "4895370012003478" };

type MastercardSeriesReference = components["schemas"]["MastercardSeriesReference"];

// @ts-expect-error a Mastercard series reference needs tid or economically_related_tlid
export const referenceWithoutId: MastercardSeriesReference = { exemption: "fixed_amount_series" };

export const referenceByTlid: MastercardSeriesReference = {
  exemption: "fixed_amount_series",
  economically_related_tlid: "8aWIaxDXJ3PF822ho-q722",
};

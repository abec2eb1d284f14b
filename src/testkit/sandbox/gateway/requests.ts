/**
 * The request bodies of the gateway's transaction operations, typed by the generated spec types
 * (the pipeline has validated each against its operation's schema), and the readers the rules
 * share: which payment method a body carries and who initiates it.
 */
import { paymentMethods } from "../../../../generated/gateway/constants";
import type { components, operations } from "../../../../generated/gateway/schema";

type Schemas = components["schemas"];

export type AuthorizationRequest = Schemas["AuthorizationRequest"];
export type DebitRequest = Schemas["DebitRequest"];
export type CreditRequest = Schemas["CreditRequest"];
export type CaptureRequest = Schemas["CaptureRequest"];
export type RefundRequest = Schemas["RefundRequest"];
/** The card-bearing requests that book an authorization or a debit. */
export type PaymentRequest = AuthorizationRequest | DebitRequest;

export type PaymentMethodName = (typeof paymentMethods)[number];
export type PaymentMethodObject = NonNullable<Schemas["PaymentMethod"][PaymentMethodName]>;

/** The form body of an operation, as its spec declares it (undefined for an operation without one). */
export type RequestBodyOf<Op extends keyof operations> = Op extends keyof operations
  ? operations[Op] extends { requestBody?: { content: { "application/x-www-form-urlencoded": infer Body } } }
    ? Body
    : undefined
  : never;

/** The payment method present in a request body (exactly one: the schema has checked that). */
export function paymentMethodOf(body: PaymentRequest): { name: PaymentMethodName; object: PaymentMethodObject } | undefined {
  const methods: Partial<Record<PaymentMethodName, PaymentMethodObject>> = body;
  const name = paymentMethods.find((method) => methods[method] !== undefined);
  return name === undefined ? undefined : { name, object: methods[name]! };
}

/** Who initiates a payment, with the defaults of the spec's `initiator` rule. */
export function initiatorOf(body: PaymentRequest): NonNullable<AuthorizationRequest["initiator"]> {
  return body.initiator ?? (body.series?.previous !== undefined ? "merchant" : "cardholder");
}

/** The credential-on-file mode, with the defaults of the spec's `credential_on_file` rule. */
export function credentialOnFileOf(body: PaymentRequest): AuthorizationRequest["credential_on_file"] {
  if (body.credential_on_file !== undefined) return body.credential_on_file;
  if (initiatorOf(body) === "merchant") return "use";
  return body.series?.type !== undefined ? "store" : undefined;
}

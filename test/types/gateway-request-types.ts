/**
 * Type-level tests, checked by `npm run typecheck` (tsc): each `@ts-expect-error` line must be a
 * compile error, or tsc fails with "Unused '@ts-expect-error' directive". They prove that the
 * generated types reject what the spec rejects, so downstream codegen inherits the rules.
 */
import createClient from "openapi-fetch";
import type { paths } from "../../generated/gateway/schema";

type FormBody<P extends keyof paths> = paths[P] extends { post: { requestBody?: infer B } }
  ? NonNullable<B> extends { content: { "application/x-www-form-urlencoded": infer T } }
    ? T
    : never
  : never;

type AuthorizationRequest = FormBody<"/authorizations">;
type DebitRequest = FormBody<"/debits">;

const card = { pan: "4111111111111111", expire_month: "06", expire_year: "2030", csc: "987" };
const mobilepayonline = { pan: "4111111111111111", expire_month: "06", expire_year: "2030" };

export const withCard: AuthorizationRequest = { amount: 2050, currency: "EUR", card };
export const withMobilePay: AuthorizationRequest = { amount: 2050, currency: "EUR", mobilepayonline };

// @ts-expect-error no payment method
export const withoutMethod: AuthorizationRequest = { amount: 2050, currency: "EUR" };

// @ts-expect-error two payment methods
export const withTwoMethods: AuthorizationRequest = { amount: 2050, currency: "EUR", card, mobilepayonline };

// @ts-expect-error a debit also takes exactly one payment method
export const debitWithTwoMethods: DebitRequest = {
  amount: 2050,
  currency: "EUR",
  card,
  mobilepayonline,
  recipient: { name: "Doe John", account_number: "DK5000400440116243" },
};

// @ts-expect-error card[pan] is required in the card method
export const cardWithoutPan: AuthorizationRequest = { amount: 2050, currency: "EUR", card: { expire_month: "06", expire_year: "2030" } };

// The typed client checks bodies against the same types.
const client = createClient<paths>({ baseUrl: "https://gateway.test.clearhaus.com" });
export async function typedClientCalls(): Promise<void> {
  await client.POST("/authorizations", { body: { amount: 2050, currency: "EUR", card } });
  // @ts-expect-error the client refuses a body with two payment methods
  await client.POST("/authorizations", { body: { amount: 2050, currency: "EUR", card, mobilepayonline } });
}

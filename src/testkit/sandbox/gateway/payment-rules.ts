/**
 * The rules of authorizations and debits, checked before anything is booked: signing where the
 * payment method needs it (`x-requires-signing`, `x-requires-signing-when-omitted`), series
 * (first, subsequent, moved from elsewhere), 3-D Secure results, the test cards, and
 * merchant-initiated transactions (a stored credential, no merchant block).
 */
import { paymentMethodFieldsRequiringSigningWhenOmitted, paymentMethodsRequiringSigning } from "../../../../generated/gateway/constants";
import type { SandboxClock } from "../cross-api/clock";
import type { SandboxConfig } from "../configuration/config";
import type { GatewayAccount } from "./auth";
import type { PaymentEvaluation, SeriesLink } from "./records";
import { credentialOnFileOf, initiatorOf, paymentMethodOf, type PaymentMethodName, type PaymentRequest } from "./requests";
import type { GatewayFacts } from "./spec-facts";
import { approved, codes, status, type Status, type TransactionType } from "./status-codes";
import type { TransactionStore } from "./store";
import { cardDataOf, LazyCardKey, type CardData, type TestCards } from "./test-cards";
import { isAuthenticationFailure, threeDSecureOf, type ThreeDSecureResult } from "./three-d-secure";

/** An evaluated payment, or the input error that stops it before it becomes a transaction. */
export type PaymentCheck = { ok: true; evaluation: PaymentEvaluation } | { ok: false; inputError: string };

const requiringSigning: readonly string[] = paymentMethodsRequiringSigning;
const fieldsRequiringSigning: Readonly<Partial<Record<string, readonly string[]>>> = paymentMethodFieldsRequiringSigningWhenOmitted;

/** Why an unsigned payment needs a signature (in `signing: methods` mode), or undefined. */
function unsignedRefusal(method: { name: PaymentMethodName; object: object } | undefined, subsequent: boolean): string | undefined {
  if (!method) return undefined;
  if (requiringSigning.includes(method.name)) return `signature required: payment method '${method.name}' must be signed`;
  const omitted = subsequent ? undefined : fieldsRequiringSigning[method.name]?.find((field) => !(field in method.object));
  return omitted === undefined ? undefined : `signature required: omitting '${method.name}[${omitted}]' needs a signed request`;
}

type SeriesCheck = { ok: true; series: SeriesLink | undefined } | { ok: false; inputError: string };

export class PaymentRules {
  constructor(
    private readonly store: TransactionStore,
    private readonly cards: TestCards,
    private readonly clock: SandboxClock,
    private readonly facts: GatewayFacts,
    private readonly signingMode: SandboxConfig["gateway"]["signing"],
  ) {}

  evaluate(account: GatewayAccount, body: PaymentRequest, type: TransactionType, signed: boolean): PaymentCheck {
    const method = paymentMethodOf(body);
    const card = cardDataOf(method?.object);
    const cardKey = new LazyCardKey(this.cards, card.pan);
    const subsequent = body.series?.previous !== undefined;
    const unsigned = this.signingMode === "methods" && !signed ? unsignedRefusal(method, subsequent) : undefined;
    if (unsigned) return { ok: false, inputError: unsigned };
    const series = this.seriesOf(account, body, cardKey);
    if (!series.ok) return series;
    const threeDS = threeDSecureOf(method?.object);
    if (threeDS === "unreadable") {
      return {
        ok: true,
        evaluation: {
          cardKey,
          series: series.series,
          storeCredential: false,
          status: status(codes["three-d-secure-problem"], "3-D Secure data cannot be read"),
        },
      };
    }
    const decided = this.status(account, body, type, { card, cardKey, series: series.series, threeDS });
    return {
      ok: true,
      evaluation: { cardKey, series: series.series, storeCredential: credentialOnFileOf(body) === "store", status: decided, threeDS },
    };
  }

  /** The series a payment starts or continues, validated before anything is booked. */
  private seriesOf(account: GatewayAccount, body: PaymentRequest, cardKey: LazyCardKey): SeriesCheck {
    const requested = body.series;
    if (requested?.type !== undefined) return { ok: true, series: { first: true, type: requested.type } };
    const previous = requested?.previous;
    if (!previous) return { ok: true, series: undefined };
    if (previous.id === undefined) {
      // Raw scheme values of a series started elsewhere (operator-approved): the type is taken from them.
      const raw = previous.visa ?? previous.mastercard;
      return { ok: true, series: { first: false, type: raw?.type ?? this.facts.defaultSeriesType } };
    }
    const state = this.store.continuableSeries(account, previous.id);
    if (!state)
      return { ok: false, inputError: "parameter 'series[previous][id]' must be the latest approved authorization of its series" };
    if (state.cardKey !== undefined && cardKey.value() !== state.cardKey)
      return { ok: false, inputError: "parameter 'series[previous][id]' belongs to a series on another card" };
    return { ok: true, series: { first: false, state, type: state.type } };
  }

  /** The status: the test cards, the expiry, 3-D Secure, then the rules of merchant-initiated transactions. */
  private status(
    account: GatewayAccount,
    body: PaymentRequest,
    type: TransactionType,
    { card, cardKey, series, threeDS }: { card: CardData; cardKey: LazyCardKey; series?: SeriesLink; threeDS?: ThreeDSecureResult },
  ): Status {
    const forced = this.cards.cardStatus(card, body.amount, type);
    if (forced && forced.code !== approved) return forced.forced ? status(forced.code) : status(forced.code, "invalid card number");
    const expiry = this.cards.expiryStatus(card, this.clock.now());
    if (expiry) return status(expiry);
    if (threeDS && isAuthenticationFailure(threeDS))
      return status(codes["three-d-secure-authentication-failure"], "3-D Secure authentication failed");
    // A forced approval still meets the merchant-initiated rules.
    if (initiatorOf(body) === "merchant") {
      const key = cardKey.value();
      if (key) return this.merchantInitiatedRefusal(account, key, series) ?? status(approved);
    }
    return status(approved);
  }

  private merchantInitiatedRefusal(account: GatewayAccount, cardKey: string, series: SeriesLink | undefined): Status | undefined {
    if (this.store.isBlocked(account, cardKey)) {
      return status(
        codes["merchant-blocked-by-cardholder"],
        "merchant blocked by cardholder: merchant-initiated transactions on this card must stop",
      );
    }
    // Scheme references of a series moved from elsewhere carry their own authority.
    if (series && !series.first && !series.state) return undefined;
    if (!this.store.hasStoredCredential(account, cardKey)) {
      return status(
        codes["rule-violation"],
        "merchant-initiated transaction requires a previously approved transaction for this card with credential_on_file=store",
      );
    }
    return undefined;
  }
}

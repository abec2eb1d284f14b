/**
 * The one reviewed list of the spec's rules that no scenario proves, each with the reason. A
 * waiver names a rule id of the inventory (contract-tests/rules/inventory.ts) or a pattern (`*`
 * for any run of characters); `npm run contract:rules` fails on a waiver that matches no
 * unproven rule (stale: delete it) and on an unproven rule that no waiver names.
 */
export interface Waiver {
  rules: string;
  reason: string;
}

const CARD_SCHEME = "needs a card scheme's decision (issuer, network or scheme rules of a real card), which no test card of the spec provokes";
const MERCHANT_SETUP = "needs a merchant account configured by the operator (MCC, business application identifier, marketplace, trusted partner), which no target variable offers";

export const waivers: Waiver[] = [
  // Failures a healthy provider cannot be made to answer on request.
  { rules: "gateway:status:ServerError", reason: "a server error cannot be provoked on a healthy provider; the conformance check holds any 5xx the suite sees to its documented form" },
  { rules: "gateway:x-tooling-workaround:response.ServerError", reason: "a 5xx outside the listed codes cannot be provoked on a healthy provider; test/spec-source-precision.test.ts proves the conformance check reads one as the 5XX range" },
  { rules: "merchant:status:InternalServerError", reason: "a server error cannot be provoked on a healthy provider; the conformance check holds any 500 the suite sees to its documented form" },
  { rules: "merchant:status:ServiceUnavailable", reason: "unavailability cannot be provoked on a healthy provider" },
  { rules: "merchant:status:uploadFileContent:503", reason: "storage throttling cannot be provoked on a healthy storage host" },

  // Card-scheme rules: decided by schemes and issuers, not by the test cards.
  { rules: "gateway:rule:ApplePayRaw.eci", reason: CARD_SCHEME },
  { rules: "gateway:rule:ClickToPayMethod.eci", reason: CARD_SCHEME },
  { rules: "gateway:rule:CreditCard.name", reason: CARD_SCHEME },
  { rules: "gateway:rule:MastercardSeriesReference", reason: "needs the operator's explicit approval of a series moved from another acquirer" },
  { rules: "gateway:rule:MastercardSeriesReference.exemption", reason: CARD_SCHEME },
  { rules: "gateway:rule:VisaSeriesReference", reason: "needs the operator's explicit approval of a series moved from another acquirer" },
  { rules: "gateway:rule:MobilePayOnlineMethod.pan", reason: "needs a token PAN issued by the wallet, which the test environment does not list" },
  { rules: "gateway:rule:Recipient.account_number_type", reason: CARD_SCHEME },
  { rules: "gateway:rule:Recipient.reference", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:Sender*", reason: "the intra-EEA and international debit rules need the card's issuing country, which no test card of the spec states" },
  { rules: "gateway:rule:ThreeDSecureRaw.*", reason: CARD_SCHEME },
  { rules: "gateway:rule:TokenMethod.eci", reason: CARD_SCHEME },
  { rules: "gateway:rule:TokenMethod.tav", reason: CARD_SCHEME },
  { rules: "gateway:rule:PersonName", reason: "whether a name is fictitious is checked by people, not by the API" },
  { rules: "gateway:rule:AuthorizationParameters.sca_exemption", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:CardMethod.csc", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:createDebit", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:DebitRequest", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:Marketplace.interregional_retailer", reason: MERCHANT_SETUP },

  // Facts about where the services run, and recommendations.
  { rules: "*:x-environment", reason: "names the servers (the service's live and test hosts, the local sandbox and mock); the suite is pointed at one by its base URL" },
  { rules: "merchant:x-recommended-maximum:*", reason: "a recommendation to clients, not a rule the service enforces" },
  { rules: "merchant:x-label-by-owner:*", reason: "website files have no create operation in the spec; the label rule has no request to provoke it" },
  { rules: "merchant:rule:FileCreate", reason: "website files have no create operation in the spec; the label rule has no request to provoke it" },
];

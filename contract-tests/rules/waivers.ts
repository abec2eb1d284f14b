/**
 * The one reviewed list of the spec's rules that no scenario proves, each with the reason. A
 * waiver names a rule id of the inventory (contract-tests/rules/inventory.ts) or a pattern (`*`
 * for any run of characters); `npm run contract:rules` fails on a waiver that matches no
 * unproven rule (stale: delete it) and on an unproven rule that no waiver names. A waiver whose
 * reason states a fact about the sandbox carries that fact as a claim, which the suite checks
 * against the sandbox's answers of its run (contract-tests/rules/waiver-claims.ts).
 */
export interface Waiver {
  rules: string;
  reason: string;
  claim?: WaiverClaim;
}

export interface WaiverClaim {
  /** No answer of these operations carries any of these members (on the sandbox target). */
  sandboxNeverSends: {
    api: "gateway" | "merchant";
    operationIds: string[];
    /** Dotted paths of the answer's body (`_links.self`; `[]` steps into every item of an array). */
    members: string[];
  };
}

const CARD_SCHEME =
  "needs a card scheme's decision (issuer, network or scheme rules of a real card), which no test card of the spec provokes";
const NO_OPERATION =
  "the spec has no operation at this relation's address (company, contact, bank account, websites, collaborators, records, accounts): no other answer of the run names what it links to";
const MERCHANT_SETUP =
  "needs a merchant account configured by the operator (MCC, business application identifier, marketplace, trusted partner), which no target variable offers";

export const waivers: Waiver[] = [
  // Failures a healthy provider cannot be made to answer on request.
  {
    rules: "gateway:status:ServerError",
    reason:
      "a server error cannot be provoked on a healthy provider; the conformance check holds any 5xx the suite sees to its documented form",
  },
  {
    rules: "gateway:x-tooling-workaround:response.ServerError",
    reason:
      "a 5xx outside the listed codes cannot be provoked on a healthy provider; the testkit's own tests (spec-source-precision) prove the conformance check reads one as the 5XX range",
  },
  {
    rules: "merchant:status:InternalServerError",
    reason:
      "a server error cannot be provoked on a healthy provider; the conformance check holds any 500 the suite sees to its documented form",
  },
  { rules: "merchant:status:ServiceUnavailable", reason: "unavailability cannot be provoked on a healthy provider" },
  { rules: "merchant:status:uploadFileContent:503", reason: "storage throttling cannot be provoked on a healthy storage host" },

  // Card-scheme rules: decided by schemes and issuers, not by the test cards.
  { rules: "gateway:rule:ApplePayRaw.eci", reason: CARD_SCHEME },
  { rules: "gateway:rule:ClickToPayMethod.eci", reason: CARD_SCHEME },
  { rules: "gateway:rule:CreditCard.name", reason: CARD_SCHEME },
  {
    rules: "gateway:rule:MastercardSeriesReference",
    reason: "needs the operator's explicit approval of a series moved from another acquirer",
  },
  { rules: "gateway:rule:MastercardSeriesReference.exemption", reason: CARD_SCHEME },
  { rules: "gateway:rule:VisaSeriesReference", reason: "needs the operator's explicit approval of a series moved from another acquirer" },
  {
    rules: "gateway:rule:MobilePayOnlineMethod.pan",
    reason: "needs a token PAN issued by the wallet, which the test environment does not list",
  },
  { rules: "gateway:rule:Recipient.account_number_type", reason: CARD_SCHEME },
  { rules: "gateway:rule:Recipient.reference", reason: MERCHANT_SETUP },
  {
    rules: "gateway:rule:Sender*",
    reason: "the intra-EEA and international debit rules need the card's issuing country, which no test card of the spec states",
  },
  { rules: "gateway:rule:ThreeDSecureRaw.*", reason: CARD_SCHEME },
  { rules: "gateway:rule:TokenMethod.eci", reason: CARD_SCHEME },
  { rules: "gateway:rule:PersonName", reason: "whether a name is fictitious is checked by people, not by the API" },
  { rules: "gateway:rule:AuthorizationParameters.sca_exemption", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:CardMethod.csc", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:createDebit", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:DebitRequest", reason: MERCHANT_SETUP },
  { rules: "gateway:rule:Marketplace.interregional_retailer", reason: MERCHANT_SETUP },

  // Kinds of issue 23 (facts across answers, defaults, read-back, time, listings) that no answer can show.
  {
    rules: "gateway:readback:*",
    reason:
      "the gateway has no operation that reads a transaction back; what a write answered is held to the request (support/echo.ts, a sent member missing fails) and to the follow-ups' answers (the amount rules)",
  },
  { rules: "merchant:readback:createToken", reason: "a token has no representation to read back; its use is the read (OAuth scenarios)" },
  {
    rules: "merchant:readback:registerClient",
    reason:
      "a registered client has no read operation; its use is the read (a client registered at the clients endpoint gets a token at once)",
  },
  {
    rules: "merchant:readback:*Stamp",
    reason:
      "a stamp has no representation of its own to read back; what adding or removing it changes is proven by the stamp scenarios (409 naming what is missing, archived removable, re-adding a no-op)",
  },
  {
    rules: "gateway:link:Root.authorizations",
    reason:
      "the address is only posted to (createAuthorization): the conformance test's routing of every call proves it leads to that operation",
  },
  { rules: "merchant:link:*.ch:accounts", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:account", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:bank-account", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:bank_account", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:collaborators", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:company", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:contact", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:records", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:record", reason: NO_OPERATION },
  { rules: "merchant:link:*.ch:website*", reason: NO_OPERATION },
  {
    rules: "merchant:link:Dispute.ch:transaction",
    reason:
      "the spec has no operation that reads one transaction (only the listing, whose items have no address of their own to compare it with)",
  },
  {
    rules: "gateway:link:AuthorizationLinks.self",
    reason:
      "optional, and the sandbox sends no self link on a transaction: the link invariant holds an id to its self on any target that does",
    claim: { sandboxNeverSends: { api: "gateway", operationIds: ["createAuthorization"], members: ["_links.self"] } },
  },
  {
    rules: "merchant:link:Root.ch:settlements",
    reason: "the spec has no operation at this relation's address: no other answer of the run names what it links to",
  },
  { rules: "*:default:*.eci", reason: CARD_SCHEME },
  {
    rules: "gateway:default:*SeriesReference.type",
    reason: "needs the operator's explicit approval of a series moved from another acquirer",
  },
  {
    rules: "gateway:default:AuthorizationParameters.credential_on_file",
    reason:
      "a stored credential shows only as the approval of a later merchant-initiated transaction on the same card, and the test environment's few accepted cards are stored by other scenarios before: no card is fresh enough to show the default; the effect of the initiator default is proven ('Defaults that carry a rule')",
  },
  {
    rules: "merchant:default:uploadFileContent.servers.*",
    reason: "a server variable: the suite never builds the storage host's address, it follows the pre-signed link",
  },
  {
    rules: "gateway:time:TravelDate",
    reason:
      "sent by the client and never answered: its form is the request schema's, which the fuzzing's one-rule breaks hold the target to",
  },
  {
    rules: "gateway:time:Sender.date_of_birth",
    reason:
      "sent by the client and never answered: its form is the request schema's, which the fuzzing's one-rule breaks hold the target to",
  },
  {
    rules: "merchant:time:ClientInformation.*",
    reason: "optional, and the sandbox does not send it: the time scenario holds client_id_issued_at to the clock on a target that does",
    claim: {
      sandboxNeverSends: {
        api: "merchant",
        operationIds: ["registerClient"],
        members: ["client_id_issued_at", "client_secret_expires_at"],
      },
    },
  },
  {
    rules: "merchant:time:Contract.effective_on",
    reason:
      "the spec states no relation of the date to the clock or to another answer (the day a contract takes effect is the acquirer's to set); its form is the schema's, which every contract answer is held to",
  },

  {
    rules: "gateway:x-minor-unit-exponents:Currency",
    reason:
      "no answer shows an exponent: the gateway takes and answers amounts as integers in minor units whatever the currency; the table is what tools read to show and convert amounts (the console, the merchant TQL's major-unit amounts, proven by the testkit's own sandbox tests)",
  },

  // Facts about where the services run, and recommendations.
  {
    rules: "*:x-environment",
    reason:
      "names the servers (the service's live and test hosts, the local sandbox and mock); the suite is pointed at one by its base URL",
  },
  { rules: "merchant:x-recommended-maximum:*", reason: "a recommendation to clients, not a rule the service enforces" },
  {
    rules: "merchant:x-label-by-owner:*",
    reason: "website files have no create operation in the spec; the label rule has no request to provoke it",
  },
  {
    rules: "merchant:rule:FileCreate",
    reason: "website files have no create operation in the spec; the label rule has no request to provoke it",
  },
];

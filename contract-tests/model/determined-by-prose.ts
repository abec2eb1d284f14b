/**
 * The determination inventory's hand-written part (./determinations.ts): the places of the answers
 * that only the spec's prose (a description, a `**Rule:**` sentence, an extension's meaning)
 * determines or leaves free, and the containers whose members are inventoried one by one. A place
 * is named by its home: the innermost named schema that declares it and the path inside it
 * (`Status.code`, `Person.name`, `header.ETag`), `*` for any run of characters; `status` narrows
 * an entry to documented statuses (`2XX`, `400`), `operations` to operations. The first entry that
 * names a place decides it, after what the bundle's structure decides (consts, echoes, links,
 * identifiers, times). A rule is an id of the rule inventory (contract-tests/rules/inventory.ts),
 * or `{status}` (the id of the place's documented status), `{echo}` (the operation's echo rule),
 * `{readback}` (the operation's read-back rule).
 */

export type ProseEntry = { home: string; status?: string[]; operations?: string[] } & ({ rule: string } | { free: string });

const ACCOUNT =
  "the operator's set-up of the merchant account (name, country, MCC, BINs, rules): the provider's facts, not derived from any request";
const WORDING = "the provider's wording (the spec gives an example, not the text)";
const REQUEST_ID = "an identifier of the request for the provider's support: its value is the provider's choice";
const SCHEME = "decided by card schemes and issuers (whether the cardholder is in scope for SCA), which no test card of the spec states";
const SEEDED =
  "made by the provider outside the API (the card schemes open disputes, the acquirer processes transactions and sets up gateways and contracts): the provider's facts";

export const byProse: Record<"gateway" | "merchant", ProseEntry[]> = {
  gateway: [
    { home: "Account.*", free: ACCOUNT },
    // The status code of a transaction: the test environment's cards and the follow-ups' rules.
    { home: "Status.code", operations: ["createAuthorization", "createCredit"], rule: "gateway:x-test-environment:status-forcing-pans" },
    { home: "Status.code", operations: ["createDebit"], rule: "gateway:rule:DebitRequest" },
    { home: "Status.code", operations: ["createCapture"], rule: "gateway:rule:CaptureRequest.amount" },
    { home: "Status.code", operations: ["createRefund"], rule: "gateway:rule:RefundRequest.amount" },
    { home: "Status.code", operations: ["createVoid"], rule: "gateway:rule:createVoid" },
    { home: "Status.code", operations: ["createDebitRefund"], rule: "gateway:rule:createDebitRefund" },
    { home: "Status.message", free: WORDING },
    { home: "CscResult.present", rule: "{echo}" },
    { home: "CscResult.matches", rule: "gateway:x-test-environment:matching-csc" },
    { home: "ScaResult.necessary", free: SCHEME },
    { home: "ScaResult.provided", rule: "gateway:x-strongly-authenticated:ApplePayMethod" },
    { home: "*.liable_for_fraud_disputes", rule: "gateway:x-trans-status-outcomes:ThreeDSecureResult.status" },
    { home: "ThreeDSecureResult.*", rule: "gateway:x-trans-status-outcomes:ThreeDSecureResult.status" },
    { home: "*.3dsecure", rule: "gateway:x-trans-status-outcomes:ThreeDSecureResult.status" },
    // What a declined transaction carries of its request.
    {
      home: "*.amount",
      status: ["400"],
      operations: ["createAuthorization", "createCapture", "createRefund", "createCredit", "createDebit"],
      rule: "{echo}",
    },
    { home: "*.currency", status: ["400"], rule: "{echo}" },
    { home: "*.reference", status: ["400"], rule: "{echo}" },
    {
      home: "*.text_on_statement",
      status: ["400"],
      operations: ["createAuthorization", "createCapture", "createRefund", "createCredit", "createDebit"],
      rule: "{echo}",
    },
    { home: "*.series", status: ["400"], rule: "{echo}" },
    { home: "SeriesResult.type", rule: "gateway:rule:Series" },
    {
      home: "SeriesResult.*",
      free: "the scheme's identifiers of a series (tid, tlid): their values are the provider's and the networks' (the series rules hold a subsequent one to its first)",
    },
    // A void and a debit refund carry what their transaction says.
    { home: "Void.amount", rule: "gateway:rule:createVoid" },
    { home: "Void.text_on_statement", rule: "gateway:default:TextOnStatement" },
    { home: "DebitRefund.amount", rule: "gateway:rule:createDebitRefund" },
  ],
  merchant: [
    // Problems (RFC 7807): the status is the HTTP status; the rest is the case's.
    { home: "*Problem.status", rule: "{status}" },
    { home: "*Problem.title", free: WORDING },
    { home: "*Problem.detail", free: WORDING },
    { home: "*Problem.request-id", free: REQUEST_ID },
    { home: "ValidationProblem.errors*", rule: "merchant:status:BadRequest" },
    { home: "ConflictProblem.errors*", rule: "merchant:status:Conflict" },
    {
      home: "*Problem.errors*",
      free: "the spec names the parameters a problem's `errors` maps only for a validation or a conflict; elsewhere the case's",
    },
    { home: "UnauthorizedProblem.oauth2-token", rule: "merchant:status:Unauthorized" },
    { home: "InvalidClientProblem.oauth2-token", rule: "merchant:status:OAuthInvalidClient" },
    {
      home: "*Problem.oauth2-token",
      free: "the spec asks for the token endpoint's address on a 401 only; elsewhere the provider may add it",
    },
    { home: "OAuthError.error", rule: "{status}" },
    { home: "OAuthError.error_description", free: WORDING },
    { home: "OAuthError.error_uri", free: "a page of the provider's documentation, if it has one" },
    // Tokens and clients: secrets and lifetimes are the provider's.
    { home: "Token.access_token", free: "a secret the provider issues: its value is the provider's choice" },
    { home: "Token.expires_in", free: "the token's lifetime is the provider's choice (the time rule holds the token to it)" },
    { home: "Client.client_id", free: "an identifier the provider issues" },
    { home: "Client.client_secret", free: "a secret the provider issues" },
    // Links: the curie, and link names that tell links of one relation apart.
    { home: "Curie*", rule: "merchant:x-curie-href:Curie" },
    { home: "Curies*", rule: "merchant:x-curie-href:Curie" },
    { home: "*.curies", rule: "merchant:x-curie-href:Curie" },
    { home: "FileDataLink.name", rule: "merchant:link:File.ch:data" },
    {
      home: "*Link.name",
      free: "a label telling apart the links of one relation; the spec fixes it only for a file's data links and a stamp's name (their own link rules)",
    },
    // Resources read back: what the last write (or the creation) left.
    { home: "Application.*", rule: "merchant:readback:updateApplication" },
    { home: "ApplicationBusinessModel.*", rule: "merchant:readback:updateApplication" },
    { home: "ApplicationSigner.*", rule: "merchant:readback:updateApplication" },
    { home: "ApplicationMetadata.state", rule: "merchant:readback:addApplicationStamp" },
    { home: "ApplicationMetadata.declined_reason", free: "set by the acquirer's review of an application, outside the API" },
    { home: "Person.*", rule: "merchant:readback:updatePerson" },
    { home: "File.*", rule: "merchant:readback:updateFile" },
    {
      home: "Comment._embedded*",
      free: "the author is the account behind the client credentials, whose name and email the provider holds",
    },
    { home: "Comment.*", rule: "merchant:readback:createComment" },
    { home: "Contract.state", rule: "merchant:readback:addContractStamp" },
    { home: "Contract.*", free: SEEDED },
    { home: "Dispute.*", free: SEEDED },
    { home: "Gateway.*", free: SEEDED },
    { home: "Transaction.*", free: SEEDED },
    // Listings: the page asked (or its defaults), of the items the state holds.
    { home: "*Collection.per_page", rule: "merchant:query:PerPage" },
    { home: "TransactionCollection.*", rule: "merchant:query:TransactionCursor" },
    { home: "*Collection.page", rule: "merchant:query:Page" },
    { home: "*Collection.count", rule: "merchant:query:Page" },
    { home: "*Collection._embedded*", rule: "merchant:query:Page" },
    // Headers described in place.
    { home: "header.Content-Type", rule: "merchant:readback:uploadFileContent" },
    { home: "header.ETag", free: "the storage host's entity tag: its value is the storage host's choice" },
    {
      home: "header.Retry-After",
      free: "optional on a 429 (RateLimit-Reset says when the quota is restored); its value, when sent, is the provider's",
    },
  ],
};

/**
 * What the TypeScript samples of the API reference receive. Each operation's sample,
 * docs/examples/samples/<api>/<operationId>.ts, exports `sample(context: SampleContext)`; the
 * docs show that file alone, so this is where its inputs are described.
 *
 * Configured clients, the few addresses and credentials that no link gives, and resources that
 * earlier calls created. test/docs-samples.test.ts builds it against the sandbox and runs every
 * sample (docs/sandbox.md has the seeded credentials).
 */
import type { GatewayClient } from "payment-apis-toolkit/gateway";
import type { MerchantClient, MerchantSchemas } from "payment-apis-toolkit/merchant";

type Merchant = MerchantSchemas["schemas"];

export interface SampleContext {
  /**
   * `createGatewayClient({ baseUrl: "test", apiKey, signing: { apiKey: signingApiKey, privateKey } })`
   * (see docs/examples/gateway-client.ts): every POST is signed.
   */
  gateway: GatewayClient;
  /** `createMerchantClient({ baseUrl: "https://merchant.test.clearhaus.com", clientId, clientSecret })`. */
  merchant: MerchantClient;

  /** The merchant API's entrypoint: the client's `baseUrl`, and the `audience` of tokens. */
  merchantBaseUrl: string;
  /** The token endpoint (the root's `oauth2-token` link; the merchant client discovers it itself). */
  tokenUrl: string;
  /** `POST /oauth/clients` on the entrypoint's origin: no resource links to it. */
  registrationUrl: string;
  /** OAuth client credentials of the merchant API (the merchant client sends them to the token endpoint itself). */
  clientId: string;
  clientSecret: string;

  /** Gateway: an approved authorization, nothing captured yet. */
  authorizationId: string;
  /** Gateway: an approved authorization with a capture, so there is money to refund. */
  capturedAuthorizationId: string;
  /** Gateway: an approved debit, not refunded. */
  debitId: string;

  /** Merchant: an unsubmitted application. */
  application: Merchant["Application"];
  /** Merchant: an unsubmitted application with everything `submitted` needs (signer, gateway, a person with both identity documents). */
  completeApplication: Merchant["Application"];
  /** Merchant: an application carrying the removable `archived` stamp. */
  archivedApplication: Merchant["Application"];
  /** Merchant: a submitted application, so it has a contract. */
  submittedApplication: Merchant["Application"];
  /** Merchant: a director of `application`. */
  person: Merchant["Person"];
  /** Merchant: a file of `application` whose content is not uploaded yet. */
  file: Merchant["File"];
  /** Merchant: a file of `application` with its content uploaded. */
  uploadedFile: Merchant["File"];
  /** Merchant: a comment on `application`. */
  comment: Merchant["Comment"];
  /** Merchant: an open dispute. */
  dispute: Merchant["Dispute"];
  /** Merchant: an open dispute with an evidence file uploaded, ready to be refuted. */
  disputeWithEvidence: Merchant["Dispute"];
  /** Merchant: the contract of a submitted application, waiting for a signature. */
  contract: Merchant["Contract"];
}

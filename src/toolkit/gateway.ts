/** Entry point `payment-apis-toolkit/gateway`: the card transaction Gateway API client. */
export { createGatewayClient, gatewayBaseUrls } from "./clients/gateway/client";
export type { CallOptions, GatewayClient, GatewayClientOptions, GatewayFlows } from "./clients/gateway/client";
export {
  GatewayAuthenticationError,
  GatewayError,
  GatewayHttpError,
  GatewayInvalidRequestError,
  GatewaySigningRequiredError,
} from "./clients/gateway/errors";
export { encodeForm, serializeForm } from "./clients/gateway/form-body";
export { meaningOf } from "./clients/gateway/outcomes";
export type {
  Approved,
  ApprovedTransaction,
  DeclineCategory,
  Declined,
  DeclinedTransaction,
  Outcome,
  StatusCategory,
  TransactionOperation,
} from "./clients/gateway/outcomes";
export { createSigner } from "./clients/gateway/signing";
export type { Signer, SigningOptions } from "./clients/gateway/signing";
export { ClientError, ClientNetworkError, ClientOptionsError, ClientTimeoutError } from "./clients/common/errors";
export type { RetryOptions, Transport } from "./clients/common/retry";
export type { components as GatewaySchemas, paths as GatewayPaths } from "../../generated/gateway/schema";
/** Facts generated from the spec: media type, status codes and their meanings, payment methods. */
export * as gatewayConstants from "../../generated/gateway/constants";

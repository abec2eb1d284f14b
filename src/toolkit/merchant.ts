/** Entry point `payment-apis-toolkit/merchant`: the Merchant Management API client. */
export { createMerchantClient } from "./clients/merchant/client";
export type {
  FollowOptions,
  HttpMethod,
  MerchantClient,
  MerchantClientOptions,
  MerchantResponse,
  RequestOptions,
} from "./clients/merchant/client";
export {
  MerchantAuthenticationError,
  MerchantError,
  MerchantHttpError,
  MerchantProblemError,
  MerchantTokenError,
  MerchantUsageError,
} from "./clients/merchant/errors";
export type { FileContent } from "./clients/merchant/files";
export type { HalResource, Link, TemplateVariables } from "./clients/merchant/hal";
export type { RateLimitOptions, RateLimitValues } from "./clients/merchant/rate-limit";
export type { CreateTargets, RelationTargets } from "./clients/merchant/relations";
export { ClientError, ClientNetworkError, ClientOptionsError, ClientTimeoutError } from "./clients/common/errors";
export type { RetryOptions, Transport } from "./clients/common/retry";
export type { components as MerchantSchemas } from "../../generated/merchant/schema";
/** Facts generated from the spec: media types, curie name, pagination bounds, RateLimit header names. */
export * as merchantConstants from "../../generated/merchant/constants";

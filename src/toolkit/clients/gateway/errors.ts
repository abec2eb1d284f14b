/**
 * Errors of the gateway client. A decline is not an error (it is an outcome); these are the
 * cases where no transaction outcome could be read. None carries the request body.
 */
import { ClientError } from "../common/errors";

/** Base class of the gateway's own errors. */
export class GatewayError extends ClientError {}

/** HTTP 401: the API key is missing, invalid, disabled or expired. */
export class GatewayAuthenticationError extends GatewayError {
  readonly status = 401;
}

/**
 * The body uses a payment method that the service accepts only in signed requests, and the
 * client has no `signing` option. Thrown before any byte is sent.
 */
export class GatewaySigningRequiredError extends GatewayError {
  constructor(readonly paymentMethod: string) {
    super(
      `The payment method "${paymentMethod}" requires a signed request, and this client has no \`signing\` option. ` +
        "Pass `signing: { apiKey, privateKey }` to createGatewayClient. Nothing was sent.",
    );
  }
}

/**
 * An HTTP status the operation does not answer with a transaction (404, 5xx, an unexpected
 * 2xx or 4xx). For a POST answered with 5xx the outcome is unknown; the client does not retry it.
 */
export class GatewayHttpError extends GatewayError {
  constructor(
    message: string,
    readonly status: number,
    readonly method: string,
    readonly target: string,
  ) {
    super(message);
  }
}

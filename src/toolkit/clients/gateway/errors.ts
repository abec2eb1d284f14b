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

/**
 * The service refused the request as invalid: a status code of the `invalid-request` category
 * (a parameter missing or invalid, a missing or wrong signature, an unknown signing key, an
 * invalid currency or text on statement). Not a decline: the integration or its configuration
 * must change, and telling a customer "card declined" would be wrong. Nothing was booked; the
 * client does not send it again.
 */
export class GatewayInvalidRequestError extends GatewayError {
  readonly status = 400;

  constructor(
    /** `status.code`, e.g. 40000. */
    readonly code: number,
    /** The code's meaning from the spec's status code table. */
    readonly meaning: string,
    /** `status.message`, PAN-like digit runs masked: it names the parameter or the signature problem. */
    readonly detail: string | undefined,
    readonly method: string,
    readonly target: string,
  ) {
    super(
      `${method} ${target} was refused as an invalid request: ${code} ${meaning}${detail ? ` (${detail})` : ""}. Fix the request or the client's configuration; this is not a decline.`,
    );
  }
}

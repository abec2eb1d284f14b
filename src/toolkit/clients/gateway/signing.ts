/**
 * Request signing (the spec's Signing chapter): RSASSA-PKCS1-v1_5 with SHA-256 over the exact
 * bytes of the body, lowercase hex, in `Signature: <signing api key> RS256-hex <hex>`.
 */
import { createPrivateKey, createSign, KeyObject } from "node:crypto";
import { paymentMethodsRequiringSigning } from "../../../../generated/gateway/constants";
import { ClientOptionsError } from "../common/errors";
import { nonEmptyOption } from "../common/options";
import { GatewaySigningRequiredError } from "./errors";
import { signatureHeader } from "../../../../generated/gateway/constants";

export interface SigningOptions {
  /** The partner's signing API key (a UUID, distinct from the merchant API key used for Basic auth). */
  apiKey: string;
  /** The RSA private key whose public half is registered with the signing API key: PEM (PKCS#1 or PKCS#8), DER or a KeyObject. */
  privateKey: string | Buffer | KeyObject;
}

/** Header name and scheme token of the spec's `signature` security scheme. */
export const signatureHeaderName = signatureHeader.name;
const SCHEME = signatureHeader.schemeToken;

export interface Signer {
  /** The value of the Signature header for these exact bytes. */
  headerFor(body: Uint8Array): string;
}

export function createSigner(options: SigningOptions): Signer {
  nonEmptyOption(options.apiKey, "signing.apiKey", "the partner's signing API key");
  // Parsed once: a bad key fails at client creation, not at the first payment.
  const key = options.privateKey instanceof KeyObject ? options.privateKey : parsePrivateKey(options.privateKey);
  if (key.type !== "private" || key.asymmetricKeyType !== "rsa") {
    throw new ClientOptionsError("signing.privateKey must be an RSA private key (this key is of another kind)");
  }
  return {
    headerFor(body) {
      const signature = createSign("RSA-SHA256").update(body).sign(key, "hex"); // Node's hex is lowercase
      return `${options.apiKey} ${SCHEME} ${signature}`;
    },
  };
}

/** The key, or a ClientOptionsError naming the option (Node's reason is kept, never the key's bytes). */
function parsePrivateKey(value: string | Buffer): KeyObject {
  try {
    return createPrivateKey(value);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ClientOptionsError(
      `signing.privateKey must be an RSA private key in PEM (PKCS#1 or PKCS#8) or DER, or a KeyObject; it could not be read${typeof code === "string" ? ` (${code})` : ""}`,
    );
  }
}

/**
 * Refuses, before anything is serialized or sent, a body that uses a payment method the service
 * accepts only when signed (the list is generated from the spec).
 */
export function assertSignedIfRequired(body: unknown, signed: boolean): void {
  if (signed || body === null || typeof body !== "object") return;
  const method = paymentMethodsRequiringSigning.find((name) => (body as Record<string, unknown>)[name] !== undefined);
  if (method) throw new GatewaySigningRequiredError(method);
}

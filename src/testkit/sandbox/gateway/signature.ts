/**
 * Request signatures: `Signature: <signing api key> RS256-hex <signature>`, an RSASSA-PKCS1-v1_5
 * SHA-256 signature over the exact raw body bytes, verified with the public key registered for
 * the signing key. Signing keys belong to partner accounts; a merchant account accepts the
 * signing keys of its partner.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type { SigningKeyConfig } from "../config";
import type { GatewayAccount } from "./auth";
import { signatureHeader as signatureFormat } from "../../../../generated/gateway/constants";

/** `<signing api key> RS256-hex <hex>`, with the scheme token taken from the spec (the slow form of `parseHeader`). */
const HEADER_VALUE = new RegExp(`^(\\S+) ${signatureFormat.schemeToken} ([0-9a-f]+)$`);
/** The spec (and the source) give the signature in lowercase hex; the service is not promised to take upper case. */
const UPPER_CASE_HEX = /[A-F]/;
const KEY_ID = /^\S+$/;
const SCHEME = ` ${signatureFormat.schemeToken} `;

/**
 * The key id and the signature's hex text of a header value, as HEADER_VALUE reads it; "odd" for
 * hex of odd length (a signature that cannot match), "upper-case" for hex with upper-case digits. The hex is checked by decoding it: Node
 * stops at the first character that is not hex, so a decoded length short of half the text means
 * one was there (a regular expression over 512 characters cost more than the decoding).
 */
function parseHeader(header: string): { keyId: string; hex: string | "odd" } | "upper-case" | undefined {
  const value = header.trim();
  const space = value.indexOf(" ");
  if (space <= 0 || !value.startsWith(SCHEME, space)) return undefined;
  const keyId = value.slice(0, space);
  const hex = value.slice(space + SCHEME.length);
  if (!KEY_ID.test(keyId) || hex.length === 0) return undefined;
  if (UPPER_CASE_HEX.test(hex) && Buffer.from(hex, "hex").length === hex.length >> 1) return "upper-case";
  if (hex.length % 2 === 1) return HEADER_VALUE.test(value) ? { keyId, hex: "odd" } : undefined;
  return Buffer.from(hex, "hex").length * 2 === hex.length ? { keyId, hex } : undefined;
}

interface SigningKey {
  id: string;
  partner: string;
  publicKey: KeyObject;
}

export type SignatureCheck =
  | { ok: true; keyId: string }
  | { ok: false; reason: "missing" | "malformed" | "unknown-key" | "wrong-partner" | "mismatch"; message: string };

/** Signs a body the way partners do (tests, benchmark and docs examples use it). */
export function signatureHeader(signingKeyId: string, privateKeyPem: string, body: string | Buffer): string {
  const signature = sign("sha256", typeof body === "string" ? Buffer.from(body, "utf8") : body, createPrivateKey(privateKeyPem));
  return `${signingKeyId} ${signatureFormat.schemeToken} ${signature.toString("hex")}`;
}

export class SignatureVerifier {
  private readonly keys = new Map<string, SigningKey>();

  constructor(configs: SigningKeyConfig[], accounts: Map<string, GatewayAccount>) {
    for (const config of configs) {
      const pem = config.public_key_pem ?? (config.public_key_file ? readFileSync(config.public_key_file, "utf8") : undefined);
      if (!pem) throw new Error(`sandbox config: signing key ${config.id} has neither public_key_pem nor public_key_file`);
      const owner = accounts.get(config.partner);
      if (!owner || owner.type !== "partner") throw new Error(`sandbox config: signing key ${config.id} must belong to a partner account`);
      this.keys.set(config.id.toLowerCase(), { id: config.id, partner: config.partner, publicKey: createPublicKey(pem) });
    }
  }

  /**
   * The header's form, its key, the key's partner, then the RSA verification over the raw body, on
   * the event loop (about 22 µs): a verification thread once did it off the loop, and made a single
   * client slower for no gain a user would feel (docs/benchmarks.md).
   */
  check(header: string | undefined, rawBody: Buffer, merchant: GatewayAccount): SignatureCheck {
    if (header === undefined) return { ok: false, reason: "missing", message: "signature required: POST requests must carry a Signature header" };
    const parsed = parseHeader(header);
    if (!parsed) {
      return { ok: false, reason: "malformed", message: `invalid signature: expected '<signing api key> ${signatureFormat.schemeToken} <lowercase hex>'` };
    }
    if (parsed === "upper-case") return { ok: false, reason: "malformed", message: "invalid signature: the hex must be lowercase" };
    const key = this.keys.get(parsed.keyId.toLowerCase());
    if (!key) return { ok: false, reason: "unknown-key", message: "invalid signing api-key" };
    if (merchant.partner !== undefined && merchant.partner !== key.partner) {
      return { ok: false, reason: "wrong-partner", message: "invalid signing api-key" };
    }
    if (parsed.hex === "odd") return MISMATCH;
    return verify("sha256", rawBody, key.publicKey, Buffer.from(parsed.hex, "hex")) ? { ok: true, keyId: key.id } : MISMATCH;
  }
}

const MISMATCH: SignatureCheck = { ok: false, reason: "mismatch", message: "invalid signature" };

/**
 * Request signatures: `Signature: <signing api key> RS256-hex <signature>`, an RSASSA-PKCS1-v1_5
 * SHA-256 signature over the exact raw body bytes, verified with the public key registered for
 * the signing key. Signing keys belong to partner accounts; a merchant account accepts the
 * signing keys of its partner.
 */
import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type { SigningKeyConfig } from "../configuration/config";
import type { GatewayAccount } from "./auth";
import { signatureHeader as signatureFormat } from "../../../../generated/gateway/constants";
import type { SignatureVerdict } from "../listener/messages";

/** `<signing api key> RS256-hex <hex>`, with the scheme token taken from the spec (the slow form of `parseHeader`). */
const HEADER_VALUE = new RegExp(`^(\\S+) ${signatureFormat.schemeToken} ([0-9a-f]+)$`);
/** The spec (and the source) give the signature in lowercase hex; the service is not promised to take upper case. */
const UPPER_CASE_HEX = /[A-F]/;
const KEY_ID = /^\S+$/;
const SCHEME = ` ${signatureFormat.schemeToken} `;

/**
 * The key id and the signature's hex text of a header value, as HEADER_VALUE reads it (`odd`:
 * hex of odd length, a signature that cannot match); "upper-case" for hex with upper-case digits. The hex is checked by decoding it: Node
 * stops at the first character that is not hex, so a decoded length short of half the text means
 * one was there (a regular expression over 512 characters cost more than the decoding).
 */
function parseHeader(header: string): { keyId: string; hex: string; odd: boolean } | "upper-case" | undefined {
  const value = header.trim();
  const space = value.indexOf(" ");
  if (space <= 0 || !value.startsWith(SCHEME, space)) return undefined;
  const keyId = value.slice(0, space);
  const hex = value.slice(space + SCHEME.length);
  if (!KEY_ID.test(keyId) || hex.length === 0) return undefined;
  if (UPPER_CASE_HEX.test(hex) && Buffer.from(hex, "hex").length === hex.length >> 1) return "upper-case";
  if (hex.length % 2 === 1) return HEADER_VALUE.test(value) ? { keyId, hex, odd: true } : undefined;
  return Buffer.from(hex, "hex").length * 2 === hex.length ? { keyId, hex, odd: false } : undefined;
}

interface SigningKey {
  id: string;
  partner: string;
  publicKey: KeyObject;
}

export type SignatureCheck =
  | { ok: true; keyId: string }
  | { ok: false; reason: "missing" | "malformed" | "unknown-key" | "wrong-partner"; message: string }
  | {
      ok: false;
      reason: "mismatch";
      message: string;
      /** The common causes that explain it, worked out only when asked (more RSA verifications). */ causes: () => string[];
    };

/** Only base64 characters, with a length base64 can have: a signature sent in base64 instead of hex. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Why a signature does not match the body, as far as the common mistakes explain it: each is
 * tried by verifying the signature over the body as that mistake would have changed it.
 */
function mismatchCauses(publicKey: KeyObject, rawBody: Buffer, hex: string): string[] {
  const signature = Buffer.from(hex, "hex");
  const matches = (text: string) => verify("sha256", Buffer.from(text, "utf8"), publicKey, signature);
  const body = rawBody.toString("utf8");
  const causes: string[] = [];
  const encodedBrackets = body.replace(/%5B/gi, "[").replace(/%5D/gi, "]");
  const literalBrackets = body.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
  if ((encodedBrackets !== body && matches(encodedBrackets)) || (literalBrackets !== body && matches(literalBrackets))) {
    causes.push(
      "the brackets of the parameter names are percent-encoded on one side and literal on the other: sign the exact bytes you send",
    );
  }
  if (matches(`${body}\n`) || (body.endsWith("\n") && matches(body.replace(/\r?\n$/, ""))))
    causes.push("a trailing newline differs between the signed bytes and the body sent");
  if (body.includes("+") && matches(body.replace(/\+/g, "%20")))
    causes.push("spaces are + in the body and %20 in the signed bytes (or the other way round)");
  if (body.includes("%20") && matches(body.replace(/%20/g, "+")))
    causes.push("spaces are %20 in the body and + in the signed bytes (or the other way round)");
  if (body.trimStart().startsWith("{"))
    causes.push("the body is JSON: the gateway takes a form (application/x-www-form-urlencoded) and the signature over the form's bytes");
  return causes;
}

/** The verdict of a check, for the exchange record (with the causes of a mismatch worked out). */
export function signatureVerdict(check: SignatureCheck, rawBody: Buffer, header: string | undefined): SignatureVerdict {
  if (check.ok) return { verdict: "valid" };
  const verdict: SignatureVerdict = { verdict: check.reason, detail: check.message };
  if (check.reason === "mismatch") {
    return {
      ...verdict,
      detail: "the signature is over other bytes than the body received",
      received_bytes: rawBody.length,
      sha256: createHash("sha256").update(rawBody).digest("hex"),
      likely_causes: check.causes(),
    };
  }
  if (check.reason === "malformed" && header !== undefined) {
    const value = header.trim().split(/\s+/).at(-1) ?? "";
    if (BASE64.test(value) && !/^[0-9a-fA-F]+$/.test(value))
      return { ...verdict, likely_causes: ["the signature looks like base64: send it as lowercase hex"] };
    if (/^[0-9A-F]+$/.test(value) && /[A-F]/.test(value))
      return { ...verdict, likely_causes: ["the hex is in upper case: send it in lower case"] };
  }
  return verdict;
}

export class SignatureVerifier {
  private readonly keys = new Map<string, SigningKey>();

  constructor(
    configs: SigningKeyConfig[],
    private readonly accounts: Map<string, GatewayAccount>,
  ) {
    for (const config of configs) this.addKey(config);
  }

  /** Registers a signing key (configured at start, or an isolated account's). */
  addKey(config: SigningKeyConfig): void {
    const pem = config.public_key_pem ?? (config.public_key_file ? readFileSync(config.public_key_file, "utf8") : undefined);
    if (!pem) throw new Error(`sandbox config: signing key ${config.id} has neither public_key_pem nor public_key_file`);
    const owner = this.accounts.get(config.partner);
    if (!owner || owner.type !== "partner") throw new Error(`sandbox config: signing key ${config.id} must belong to a partner account`);
    this.keys.set(config.id.toLowerCase(), { id: config.id, partner: config.partner, publicKey: createPublicKey(pem) });
  }

  removeKey(id: string): void {
    this.keys.delete(id.toLowerCase());
  }

  /**
   * The header's form, its key, the key's partner, then the RSA verification over the raw body, on
   * the event loop (about 22 µs): a verification thread once did it off the loop, and made a single
   * client slower for no gain a user would feel (docs/benchmarks.md).
   */
  check(header: string | undefined, rawBody: Buffer, merchant: GatewayAccount): SignatureCheck {
    if (header === undefined)
      return { ok: false, reason: "missing", message: "signature required: POST requests must carry a Signature header" };
    const parsed = parseHeader(header);
    if (!parsed) {
      return {
        ok: false,
        reason: "malformed",
        message: `invalid signature: expected '<signing api key> ${signatureFormat.schemeToken} <lowercase hex>'`,
      };
    }
    if (parsed === "upper-case") return { ok: false, reason: "malformed", message: "invalid signature: the hex must be lowercase" };
    const key = this.keys.get(parsed.keyId.toLowerCase());
    if (!key) return { ok: false, reason: "unknown-key", message: "invalid signing api-key" };
    if (merchant.partner !== undefined && merchant.partner !== key.partner) {
      return { ok: false, reason: "wrong-partner", message: "invalid signing api-key" };
    }
    const { hex, odd } = parsed;
    if (!odd && verify("sha256", rawBody, key.publicKey, Buffer.from(hex, "hex"))) return { ok: true, keyId: key.id };
    return {
      ok: false,
      reason: "mismatch",
      message: "invalid signature",
      causes: () => (odd ? ["the hex has an odd number of digits"] : mismatchCauses(key.publicKey, rawBody, hex)),
    };
  }
}

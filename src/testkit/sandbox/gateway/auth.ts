/**
 * HTTP Basic with API keys: the key (a UUID) is the user name, the password is empty. Several
 * keys per account, each enabled or disabled and optionally expiring on the sandbox clock.
 * Merchant accounts transact; partner accounts own signing keys and cannot transact.
 */
import type { components } from "../../../../generated/gateway/schema";
import type { SandboxClock } from "../cross-api/clock";
import type { GatewayAccountConfig } from "../configuration/config";
import { readAuthorization } from "../cross-api/authorization-header";

export interface GatewayAccount {
  id: string;
  type: "merchant" | "partner";
  partner?: string;
  /** The account resource of `GET /account`. */
  resource?: components["schemas"]["Account"];
}

type AccountResource = components["schemas"]["Account"];

/**
 * The account resource of a merchant account configured without one: the fields the spec
 * requires in an answer, with neutral values, so `GET /account` never answers an empty object.
 */
const UNCONFIGURED_ACCOUNT: Readonly<AccountResource> = Object.freeze({
  merchant_id: "000000000000000",
  name: "",
  descriptor: "",
  country: "DK",
  mcc: "0000",
  acquirer: {},
  transaction_rules: "",
});

/** Bounds of the decoded-header cache of `ApiKeys` (at most 256 KB of header text). */
const MAX_KNOWN_HEADERS = 1_000;
const MAX_KNOWN_HEADER_LENGTH = 256;

interface KeyEntry {
  account: GatewayAccount;
  enabled: boolean;
  expiresAt?: number;
}

/** A refused key: which of the spec's causes (`x-causes` of its 401), and why in words for the exchange record. */
export type AuthResult =
  | { ok: true; account: GatewayAccount }
  | { ok: false; reason: "missing" | "malformed" | "unknown" | "disabled" | "expired"; detail: string };

/** What the gateway's Basic credentials are (`curl -u <API key>:`). */
const WANTED = '<base64 of "API key:">';

export class ApiKeys {
  private readonly keys = new Map<string, KeyEntry>();
  readonly accounts = new Map<string, GatewayAccount>();

  constructor(
    configs: GatewayAccountConfig[],
    private readonly clock: SandboxClock,
  ) {
    for (const config of configs) this.addAccount(config);
  }

  /** Adds an account with its keys (configured at start, or an isolated account made through the control API). */
  addAccount(config: GatewayAccountConfig): void {
    if (this.accounts.has(config.id)) throw new Error(`sandbox config: gateway account ${config.id} is declared twice`);
    // The config loader has checked the resource against the spec's Account schema. The
    // answer of GET /account: a copy, so that nothing changes the configuration.
    const resource = config.type !== "merchant" ? undefined : (structuredClone(config.account ?? UNCONFIGURED_ACCOUNT) as AccountResource);
    const account: GatewayAccount = { id: config.id, type: config.type, partner: config.partner, resource };
    this.accounts.set(config.id, account);
    for (const key of config.keys) {
      const normalized = key.key.toLowerCase();
      if (this.keys.has(normalized)) throw new Error(`sandbox config: API key ${key.key} is declared twice`);
      const expiresAt = key.expires_at === undefined ? undefined : Date.parse(key.expires_at);
      if (expiresAt !== undefined && Number.isNaN(expiresAt)) throw new Error(`sandbox config: expires_at of key ${key.key} is not a date`);
      this.keys.set(normalized, { account, enabled: key.enabled !== false, expiresAt });
    }
  }

  /** Forgets an account and its keys (an isolated account let go). */
  removeAccount(id: string): void {
    const account = this.accounts.get(id);
    if (!account) return;
    this.accounts.delete(id);
    for (const [key, entry] of this.keys) if (entry.account === account) this.keys.delete(key);
    this.known.clear();
  }

  /**
   * Headers that named a known key, so that a client's repeated header is not decoded again.
   * Bounded: spelling variants of a header are the client's to choose.
   */
  private readonly known = new Map<string, KeyEntry>();

  /** Checks an `Authorization` header. */
  authenticate(header: string | undefined): AuthResult {
    if (!header)
      return { ok: false, reason: "missing", detail: `The request has no Authorization header: send "Authorization: Basic ${WANTED}".` };
    let entry = this.known.get(header);
    if (!entry) {
      const read = readAuthorization(
        header,
        "Basic",
        WANTED,
        "The gateway takes its API key as the Basic user name, with an empty password.",
      );
      if (!read.ok) return { ok: false, reason: "malformed", detail: read.reason };
      const decoded = Buffer.from(read.credentials, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      entry = this.keys.get((colon === -1 ? decoded : decoded.slice(0, colon)).toLowerCase());
      if (!entry)
        return { ok: false, reason: "unknown", detail: "The API key (the Basic user name) is not a key of this sandbox's accounts." };
      if (header.length <= MAX_KNOWN_HEADER_LENGTH) {
        if (this.known.size >= MAX_KNOWN_HEADERS) this.known.clear();
        this.known.set(header, entry);
      }
    }
    // Enabled and expiry are read on every request: the sandbox clock moves.
    if (!entry.enabled)
      return { ok: false, reason: "disabled", detail: "The API key is disabled (enabled: false in the sandbox's configuration)." };
    if (entry.expiresAt !== undefined && this.clock.now() >= entry.expiresAt)
      return {
        ok: false,
        reason: "expired",
        detail: `The API key expired at ${new Date(entry.expiresAt).toISOString()} on the sandbox clock.`,
      };
    return { ok: true, account: entry.account };
  }
}

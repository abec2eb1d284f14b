/**
 * HTTP Basic with API keys: the key (a UUID) is the user name, the password is empty. Several
 * keys per account, each enabled or disabled and optionally expiring on the sandbox clock.
 * Merchant accounts transact; partner accounts own signing keys and cannot transact.
 */
import type { components } from "../../../../generated/gateway/schema";
import type { SandboxClock } from "../clock";
import type { GatewayAccountConfig } from "../config";

export interface GatewayAccount {
  id: string;
  type: "merchant" | "partner";
  partner?: string;
  /** The account resource of `GET /account`. */
  resource?: components["schemas"]["Account"];
}

interface KeyEntry {
  account: GatewayAccount;
  enabled: boolean;
  expiresAt?: number;
}

export type AuthResult = { ok: true; account: GatewayAccount } | { ok: false; reason: "missing" | "malformed" | "unknown" | "disabled" | "expired" };

export class ApiKeys {
  private readonly keys = new Map<string, KeyEntry>();
  readonly accounts = new Map<string, GatewayAccount>();

  constructor(
    configs: GatewayAccountConfig[],
    private readonly clock: SandboxClock,
  ) {
    for (const config of configs) {
      if (this.accounts.has(config.id)) throw new Error(`sandbox config: gateway account ${config.id} is declared twice`);
      // The config loader has checked the resource against the spec's Account schema.
      const resource = config.account as GatewayAccount["resource"];
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
  }

  /** Checks an `Authorization` header. */
  authenticate(header: string | undefined): AuthResult {
    if (!header) return { ok: false, reason: "missing" };
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!match) return { ok: false, reason: "malformed" };
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const user = (colon === -1 ? decoded : decoded.slice(0, colon)).toLowerCase();
    const entry = this.keys.get(user);
    if (!entry) return { ok: false, reason: "unknown" };
    if (!entry.enabled) return { ok: false, reason: "disabled" };
    if (entry.expiresAt !== undefined && this.clock.now() >= entry.expiresAt) return { ok: false, reason: "expired" };
    return { ok: true, account: entry.account };
  }
}

/**
 * Sandbox configuration: seeded credentials (so the sandbox works with zero configuration),
 * how an optional JSON config file (`SANDBOX_CONFIG`, read and checked by config-file.ts) adds
 * accounts, keys and clients or changes quotas and retention bounds, and the ports from the
 * environment. Every seeded secret here is TEST-ONLY.
 */
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { portSetting } from "../../serve/ports";
import type { components } from "../../../../generated/sandbox-control/config-file.schema";

export const seedDir = resolve(__dirname, "..", "seed");
export const seededPrivateKeyPath = resolve(seedDir, "signing-key.TEST-ONLY.private.pem");

let seededPem: string | undefined;
/** The seeded signing key's private half (TEST-ONLY), read once. */
export function seededPrivateKeyPem(): string {
  return (seededPem ??= readFileSync(seededPrivateKeyPath, "utf8"));
}
export const seededPublicKeyPath = resolve(seedDir, "signing-key.TEST-ONLY.public.pem");

/** The config file's shapes, generated from its schema (openapi/sandbox-control/formats/config-file.schema.yaml). */
type FileFormat = components["schemas"];
/** A partial config as read from a file: lists are appended to the seeds, scalars replace them. */
export type SandboxConfigFile = FileFormat["SandboxConfigFile"];
export type GatewayAccountConfig = FileFormat["GatewayAccount"];
export type SigningKeyConfig = FileFormat["SigningKey"];
export type OAuthClientConfig = FileFormat["OAuthClient"];

/** Every setting present, in every section (lists stay as they are). */
type Settled<T> = { [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[] ? NonNullable<T[K]> : Settled<NonNullable<T[K]>> };
/** The config the sandbox runs with: each setting the file's, or else the seeds'. */
export type SandboxConfig = Settled<SandboxConfigFile>;
export type RateLimitConfig = SandboxConfig["merchant"]["rateLimits"];
export type MerchantRetention = SandboxConfig["merchant"]["retention"];

/** The seeded credentials, named so docs, tests and scripts refer to them instead of copying literals. */
export const seeded = {
  gateway: {
    merchantAccountId: "sandbox-merchant",
    otherMerchantAccountId: "sandbox-merchant-2",
    partnerAccountId: "sandbox-partner",
    merchantKey: "8c6a3a4e-2b7f-4d1c-9e55-0f3b6a1c7d21",
    secondMerchantKey: "5f1d9b27-6c3e-4a88-b0d4-9e2c7a614f30",
    disabledKey: "0b7e4c19-3d5a-4f62-8a1e-7c9d2b5e6f43",
    expiredKey: "e2a94f6d-7b18-4c3e-9f05-1d6a8b3c2e54",
    otherMerchantKey: "a3c5e7f9-1b2d-4e6f-8a0c-2e4f6a8b0c1d",
    partnerKey: "7d4b2e91-5a6c-4f3d-8b17-3e9a0c5d2f68",
    signingKeyId: "9e3b7c51-0d2a-4f86-b4e1-6a5c8d2f0b73",
  },
  merchant: {
    merchantId: "sandbox-merchant",
    clientId: "sandbox-client",
    clientSecret: "sandbox-secret-TEST-ONLY",
    /** A client of a second merchant: it cannot see the first one's resources. */
    otherMerchantId: "sandbox-merchant-2",
    otherClientId: "sandbox-client-2",
    otherClientSecret: "sandbox-secret-2-TEST-ONLY",
  },
} as const;

export function defaultConfig(): SandboxConfig {
  const g = seeded.gateway;
  return {
    gateway: {
      accounts: [
        {
          id: g.merchantAccountId,
          type: "merchant",
          partner: g.partnerAccountId,
          keys: [
            { key: g.merchantKey },
            { key: g.secondMerchantKey },
            { key: g.disabledKey, enabled: false },
            { key: g.expiredKey, expires_at: "2020-01-01T00:00:00Z" },
          ],
          account: {
            merchant_id: "000000003000001",
            name: "Sandbox Merchant",
            descriptor: "sandbox.example",
            country: "DK",
            currency: "DKK",
            mcc: "5734",
            acquirer: { visa_bin: 438309, mastercard_bin: 526571 },
            transaction_rules: "",
          },
        },
        {
          id: g.otherMerchantAccountId,
          type: "merchant",
          partner: g.partnerAccountId,
          keys: [{ key: g.otherMerchantKey }],
          account: {
            merchant_id: "000000003000002",
            name: "Other Sandbox Shop",
            descriptor: "other.example",
            country: "SE",
            currency: "SEK",
            mcc: "5411",
            acquirer: { visa_bin: 438309, mastercard_bin: 526571 },
            transaction_rules: "",
          },
        },
        { id: g.partnerAccountId, type: "partner", keys: [{ key: g.partnerKey }] },
      ],
      signingKeys: [{ id: g.signingKeyId, partner: g.partnerAccountId, public_key_file: seededPublicKeyPath }],
      signing: "all-posts",
      maxBodyBytes: 256 * 1024,
      // About 240 bytes each (scripts/bench-retention.ts, 25 Nov 2026): some 23 MiB of heap at the bound.
      retention: { maxTransactions: 100_000 },
    },
    merchant: {
      clients: [
        {
          client_id: seeded.merchant.clientId,
          client_secret: seeded.merchant.clientSecret,
          client_name: "Sandbox client",
          contacts: ["sandbox@example.com"],
          merchant: seeded.merchant.merchantId,
        },
        {
          client_id: seeded.merchant.otherClientId,
          client_secret: seeded.merchant.otherClientSecret,
          client_name: "Other sandbox shop",
          contacts: ["other-shop@example.com"],
          merchant: seeded.merchant.otherMerchantId,
        },
      ],
      tokenTtlSeconds: 3600,
      uploadUrlTtlSeconds: 900,
      rateLimits: { windowSeconds: 60, default: 6000, operations: { createToken: 600 } },
      transactionCount: 57,
      maxBodyBytes: 256 * 1024,
      maxUploadBytes: 16 * 1024 * 1024,
      retention: { maxApplications: 10_000, maxFiles: 10_000, maxFileBytes: 256 * 1024 * 1024, maxCommentBytes: 64 * 1024 * 1024 },
    },
  };
}

export function mergeConfig(base: SandboxConfig, extra: SandboxConfigFile | undefined, relativeTo = process.cwd()): SandboxConfig {
  if (!extra) return base;
  const { accounts, signingKeys, retention: gatewayRetention, ...gatewayScalars } = extra.gateway ?? {};
  const { clients, rateLimits, retention: merchantRetention, ...merchantScalars } = extra.merchant ?? {};
  return {
    gateway: {
      ...base.gateway,
      ...gatewayScalars,
      accounts: [...base.gateway.accounts, ...(accounts ?? [])],
      signingKeys: [
        ...base.gateway.signingKeys,
        ...(signingKeys ?? []).map((k) =>
          k.public_key_file && !isAbsolute(k.public_key_file) ? { ...k, public_key_file: resolve(relativeTo, k.public_key_file) } : k,
        ),
      ],
      retention: { ...base.gateway.retention, ...gatewayRetention },
    },
    merchant: {
      ...base.merchant,
      ...merchantScalars,
      clients: [...base.merchant.clients, ...(clients ?? [])],
      rateLimits: {
        ...base.merchant.rateLimits,
        ...rateLimits,
        operations: { ...base.merchant.rateLimits.operations, ...(rateLimits?.operations ?? {}) },
      },
      retention: { ...base.merchant.retention, ...merchantRetention },
    },
  };
}

export const defaultPorts = { gateway: 4020, merchant: 4021, storage: 4022 } as const;

/** Ports of the sandbox's three listeners: GATEWAY_SANDBOX_PORT, MERCHANT_SANDBOX_PORT, SANDBOX_STORAGE_PORT. */
export function portsFromEnvironment(env: NodeJS.ProcessEnv = process.env): { gateway: number; merchant: number; storage: number } {
  return {
    gateway: portSetting(env.GATEWAY_SANDBOX_PORT, "GATEWAY_SANDBOX_PORT", defaultPorts.gateway, { allowZero: true }),
    merchant: portSetting(env.MERCHANT_SANDBOX_PORT, "MERCHANT_SANDBOX_PORT", defaultPorts.merchant, { allowZero: true }),
    storage: portSetting(env.SANDBOX_STORAGE_PORT, "SANDBOX_STORAGE_PORT", defaultPorts.storage, { allowZero: true }),
  };
}

export type ResponseValidationMode = "strict" | "log" | "off";

/**
 * What the suite runs against. A target is addresses, credentials and what it can do; tests
 * that need a capability the target lacks are skipped with the reason printed.
 *
 *   CONTRACT_TARGET=sandbox   (default) this repository's sandbox, started by the suite; or, with
 *                             GATEWAY_BASE_URL and MERCHANT_BASE_URL, a sandbox already running there
 *   CONTRACT_TARGET=mock      the Prism mocks of both bundled specs, started by the suite; or,
 *                             with the two base URLs, mocks already running there (`npm run mock`)
 *   CONTRACT_TARGET=external  any implementation, e.g. the real test environment or your own:
 *                             every address and credential from the environment (below)
 */
import { readFileSync } from "node:fs";
import type { ApiName } from "./spec";
import { isHttpUrl, withoutTrailingSlashes } from "../../src/toolkit/clients/common/urls";
import { PreflightError } from "./preflight-error";
import { guidePath } from "../../src/testkit/common/guides";

export type TargetKind = "sandbox" | "mock" | "external";

export interface Capabilities {
  /** Implements the APIs' rules and remembers state (false for the Prism mock, which answers with examples). */
  behaviour: boolean;
  /** Offers the sandbox's test clock (`POST <base>/_sandbox/clock {"advance_seconds": N}`) on both base URLs. */
  testClock: boolean;
  /** Follows the spec's *Test environment* card rules (status-forcing PANs, CSC 987, test PANs). */
  testCards: boolean;
}

export interface ContractTarget {
  kind: TargetKind;
  /** One line for the report, e.g. `sandbox (in-process)`. */
  description: string;
  /** The APIs under test; the other one's tests are skipped with a reason. */
  apis: ApiName[];
  gateway: {
    baseUrl: string;
    apiKey: string;
    signingKeyId: string;
    signingKeyPem: string;
    /** Another active key of the same merchant account (optional). */
    secondApiKey?: string;
    /** A key of a different merchant account (optional). */
    otherMerchantApiKey?: string;
    /** A disabled key of the merchant account (optional): every call with it must get 401. */
    disabledApiKey?: string;
    /** An expired key of the merchant account (optional): every call with it must get 401. */
    expiredApiKey?: string;
  };
  merchant: {
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    /** `audience` of token requests: the API's base address. */
    audience: string;
    /** A client of a different merchant (optional): it must see none of the first merchant's resources. */
    otherClient?: { id: string; secret: string };
  };
  capabilities: Capabilities;
  /** Operation whose quota the 429 scenario exhausts, and the largest quota it will exhaust. */
  rateLimit: { operationId: string; maxRequests: number };
  /** Property-based runs per property. */
  fuzzRuns: number;
  /** The model's command sequences: how many per API, and the seed they are drawn from (a default run is the same every time). */
  model: { runs: number; seed: number };
}

const FALSE = /^(0|false|no|off)$/i;

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  return !FALSE.test(raw);
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** CONTRACT_MODEL_SEED: a whole number below a billion (the seed a failure printed). */
function seedOf(env: NodeJS.ProcessEnv): number {
  const raw = env.CONTRACT_MODEL_SEED;
  if (raw === undefined || raw === "") return DEFAULT_MODEL_SEED;
  const value = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || !Number.isInteger(value))
    throw new Error(`CONTRACT_MODEL_SEED must be an integer from 0 to 999999999 (the seed a failure printed), got "${raw}"`);
  return value;
}

export function targetKind(env: NodeJS.ProcessEnv = process.env): TargetKind {
  const kind = (env.CONTRACT_TARGET ?? "sandbox").toLowerCase();
  if (kind !== "sandbox" && kind !== "mock" && kind !== "external")
    throw new Error(`CONTRACT_TARGET must be sandbox, mock or external, got "${env.CONTRACT_TARGET}"`);
  return kind;
}

export function apisFromEnv(env: NodeJS.ProcessEnv = process.env): ApiName[] {
  const raw = env.CONTRACT_APIS ?? "gateway,merchant";
  const names: ApiName[] = [];
  for (const name of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (name !== "gateway" && name !== "merchant") throw new Error(`CONTRACT_APIS lists gateway and/or merchant, got "${name}"`);
    names.push(name);
  }
  return names;
}

/** MERCHANT_OTHER_CLIENT_ID and MERCHANT_OTHER_CLIENT_SECRET: another merchant's client, when both are set. */
export function otherClientOf(env: NodeJS.ProcessEnv): { id: string; secret: string } | undefined {
  const id = env.MERCHANT_OTHER_CLIENT_ID;
  const secret = env.MERCHANT_OTHER_CLIENT_SECRET;
  return id && secret ? { id, secret } : undefined;
}

/** Settings every kind of target shares. */
/** The seed of a default run: fixed, so that two default runs send the same sequences. */
export const DEFAULT_MODEL_SEED = 41;

export function commonSettings(env: NodeJS.ProcessEnv = process.env): Pick<ContractTarget, "apis" | "rateLimit" | "fuzzRuns" | "model"> {
  return {
    apis: apisFromEnv(env),
    rateLimit: {
      operationId: env.CONTRACT_RATE_LIMIT_OPERATION || "optionsRoot",
      maxRequests: positiveInteger(env, "CONTRACT_RATE_LIMIT_MAX_REQUESTS", 100),
    },
    fuzzRuns: positiveInteger(env, "CONTRACT_FUZZ_RUNS", 25),
    model: { runs: positiveInteger(env, "CONTRACT_MODEL_RUNS", 20), seed: seedOf(env) },
  };
}

/**
 * A real implementation, entirely from the environment. Every missing or malformed setting is
 * reported at once (a PreflightError, one line each), not the first of them per run.
 */
export function externalTarget(env: NodeJS.ProcessEnv = process.env): ContractTarget {
  const common = commonSettings(env);
  const wants = (api: ApiName) => common.apis.includes(api);
  const problems: string[] = [];
  const required = (api: ApiName, name: string, why: string): string => {
    if (!wants(api)) return "";
    const value = env[name];
    if (!value) problems.push(`${name} is not set: ${why} (CONTRACT_TARGET=external; see ${guidePath("contract-tests.md")})`);
    return value ?? "";
  };
  const address = (api: ApiName, name: string, flag: string, why: string): string => {
    const value = withoutTrailingSlashes(required(api, name, `${why}, or ${flag}`));
    if (value && !isHttpUrl(value)) problems.push(`${name} must be an http(s) URL such as https://..., and this value is not one`);
    return value;
  };
  const keyFile = env.GATEWAY_SIGNING_KEY_FILE;
  let signingKeyPem = env.GATEWAY_SIGNING_KEY ?? "";
  if (wants("gateway") && !signingKeyPem) {
    if (!keyFile)
      problems.push(
        "GATEWAY_SIGNING_KEY_FILE is not set: the PEM private key of the signing API key (or the PEM itself in GATEWAY_SIGNING_KEY)",
      );
    else {
      try {
        signingKeyPem = readFileSync(keyFile, "utf8");
      } catch (error) {
        problems.push(
          `GATEWAY_SIGNING_KEY_FILE ${keyFile} cannot be read (${error instanceof Error && "code" in error ? String(error.code) : "error"})`,
        );
      }
    }
  }
  const gatewayBase = address("gateway", "GATEWAY_BASE_URL", "--gateway-url", "the gateway's base URL");
  const merchantBase = address("merchant", "MERCHANT_BASE_URL", "--merchant-url", "the merchant API's entrypoint");
  const gateway = {
    baseUrl: gatewayBase,
    apiKey: required("gateway", "GATEWAY_API_KEY", "a merchant account's API key"),
    signingKeyId: required("gateway", "GATEWAY_SIGNING_API_KEY", "the partner's signing API key"),
    signingKeyPem,
    secondApiKey: env.GATEWAY_SECOND_API_KEY || undefined,
    otherMerchantApiKey: env.GATEWAY_OTHER_MERCHANT_API_KEY || undefined,
    disabledApiKey: env.GATEWAY_DISABLED_API_KEY || undefined,
    expiredApiKey: env.GATEWAY_EXPIRED_API_KEY || undefined,
  };
  const merchant = {
    baseUrl: merchantBase,
    clientId: required("merchant", "MERCHANT_CLIENT_ID", "an OAuth client id"),
    clientSecret: required("merchant", "MERCHANT_CLIENT_SECRET", "its secret"),
    audience: env.MERCHANT_AUDIENCE || merchantBase,
    otherClient: otherClientOf(env),
  };
  if (problems.length > 0) throw new PreflightError(problems);
  return {
    kind: "external",
    description: `external (${[gatewayBase, merchantBase].filter(Boolean).join(", ")})`,
    ...common,
    gateway,
    merchant,
    capabilities: {
      behaviour: true,
      testClock: flag(env, "CONTRACT_TEST_CLOCK", false),
      testCards: flag(env, "CONTRACT_TEST_CARDS", true),
    },
  };
}

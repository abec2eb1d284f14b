/**
 * Helpers for the sandbox tests: start a sandbox on free loopback ports with response
 * validation strict, and talk to it the way a downstream client does (signed form bodies for
 * the gateway, OAuth bearer tokens and HAL links for the merchant API).
 */
import { readFileSync } from "node:fs";
import { stringify } from "qs";
import {
  defaultConfig,
  mergeConfig,
  seeded,
  seededPrivateKeyPath,
  type SandboxConfigFile,
} from "../../src/testkit/sandbox/configuration/config";
import { createSigner } from "../../src/toolkit/gateway";
import { startSandbox, type RunningSandbox } from "../../src/testkit/sandbox/server";

export const privateKeyPem = readFileSync(seededPrivateKeyPath, "utf8");
export const keys = seeded.gateway;

/** Every sandbox line the tests provoke is kept here instead of cluttering the output. */
export const sandboxLog: string[] = [];

export async function startTestSandbox(extra?: SandboxConfigFile): Promise<RunningSandbox> {
  return startSandbox({
    config: mergeConfig(defaultConfig(), extra),
    responseValidation: "strict",
    log: (line) => sandboxLog.push(line),
  });
}

export function basic(key: string): string {
  return "Basic " + Buffer.from(`${key}:`).toString("base64");
}

export function form(value: Record<string, unknown>): string {
  return stringify(value, { encodeValuesOnly: true });
}

export interface GatewayCall {
  status: number;
  contentType: string | null;
  body: Record<string, unknown> & { id?: string; status?: { code: number; message?: string }; amount?: number };
  headers: Headers;
}

export class GatewayClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string = keys.merchantKey,
  ) {}

  withKey(apiKey: string): GatewayClient {
    return new GatewayClient(this.baseUrl, apiKey);
  }

  async get(path: string): Promise<GatewayCall> {
    return this.send("GET", path);
  }

  /** POST a form body, signed with the seeded signing key unless `sign: false` or a header is given. */
  async post(
    path: string,
    body: Record<string, unknown> | string = "",
    options: { sign?: boolean; signature?: string; contentType?: string } = {},
  ): Promise<GatewayCall> {
    const raw = typeof body === "string" ? body : form(body);
    const headers: Record<string, string> = { "content-type": options.contentType ?? "application/x-www-form-urlencoded" };
    if (options.signature !== undefined) headers.signature = options.signature;
    else if (options.sign !== false)
      headers.signature = createSigner({ apiKey: keys.signingKeyId, privateKey: privateKeyPem }).headerFor(Buffer.from(raw));
    return this.send("POST", path, raw, headers);
  }

  async send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<GatewayCall> {
    const response = await fetch(this.baseUrl + path, { method, headers: { authorization: basic(this.apiKey), ...headers }, body });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get("content-type"),
      body: text ? JSON.parse(text) : {},
      headers: response.headers,
    };
  }

  authorize(fields: Record<string, unknown> = {}, card: Record<string, unknown> = {}): Promise<GatewayCall> {
    return this.post("/authorizations", {
      amount: 10000,
      currency: "EUR",
      ...fields,
      card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987", ...card },
    });
  }
}

export interface MerchantCall {
  status: number;
  headers: Headers;

  body: any;
  text: string;
}

export class MerchantClient {
  token = "";

  constructor(readonly baseUrl: string) {}

  async login(clientId: string = seeded.merchant.clientId, secret: string = seeded.merchant.clientSecret): Promise<MerchantCall> {
    const response = await this.raw("POST", this.baseUrl + "/oauth/token", {
      headers: {
        authorization: "Basic " + Buffer.from(`${clientId}:${secret}`).toString("base64"),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `grant_type=client_credentials&audience=${encodeURIComponent(this.baseUrl)}`,
    });
    if (response.status === 200) this.token = response.body.access_token;
    return response;
  }

  async raw(method: string, url: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<MerchantCall> {
    const response = await fetch(url, {
      method,
      headers: init.headers,
      body: Buffer.isBuffer(init.body) ? new Uint8Array(init.body) : init.body,
    });
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    return { status: response.status, headers: response.headers, text, body: /json/.test(type) && text ? JSON.parse(text) : text };
  }

  /** A call with the bearer token; `url` is absolute (from a link) or a path. */
  call(method: string, url: string, json?: unknown, headers: Record<string, string> = {}): Promise<MerchantCall> {
    const target = url.startsWith("http") ? url : this.baseUrl + url;
    return this.raw(method, target, {
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    });
  }
}

/** Expands a templated HAL link the simple way tests need (drops the template part, adds query). */
export function expand(link: { href: string; templated?: boolean }, query: Record<string, string | number> = {}): string {
  const base = link.href.replace(/\{[^}]*\}$/, "");
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const q = search.toString();
  return q ? `${base}?${q}` : base;
}

export const validApplication = {
  signer: { name: "Anna Jensen", email: "anna@example.com" },
  business_model: {
    trading_name: "Acme Coffee",
    description: "Coffee subscriptions",
    recurring: true,
    physical_delivery: true,
    delivery_delay: "less5days",
    estimate_currency: "DKK",
    estimated_monthly_turnover: 50000,
    estimated_average_transaction_amount: 250,
  },
};

export const validPerson = {
  name: "Anna Jensen",
  social_security_number: "010185-1234",
  date_of_birth: "1985-01-01",
  address_line_1: "Torvegade 12",
  zipcode: "1400",
  city: "Copenhagen",
  country: "DK",
  role_director: true,
};

/** The account resource of the "CI Shop" that config-file tests add: every field the gateway's Account schema requires. */
export const ciShopAccountResource = {
  merchant_id: "000000009999999",
  name: "CI Shop",
  descriptor: "ci.example",
  country: "DK",
  mcc: "5734",
  acquirer: { visa_bin: 438309, mastercard_bin: 526571 },
  transaction_rules: "",
};

/** The port of each of a running sandbox's listeners, for raw-socket tests. */
export function listenerPorts(sandbox: RunningSandbox): { gateway: number; merchant: number; storage: number } {
  return {
    gateway: Number(new URL(sandbox.gatewayUrl).port),
    merchant: Number(new URL(sandbox.merchantUrl).port),
    storage: Number(new URL(sandbox.storageUrl).port),
  };
}

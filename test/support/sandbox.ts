/**
 * Helpers for the sandbox tests: start a sandbox on free loopback ports with response
 * validation strict, and talk to it the way a downstream client does (signed form bodies for
 * the gateway, OAuth bearer tokens and HAL links for the merchant API).
 */
import { readFileSync } from "node:fs";
import {
  defaultConfig,
  mergeConfig,
  seeded,
  seededPrivateKeyPath,
  type SandboxConfigFile,
} from "../../src/testkit/sandbox/configuration/config";
import { createGatewayClient, createSigner, encodeForm } from "../../src/toolkit/gateway";
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

/** The toolkit's signer with the seeded signing key. */
export const signer = createSigner({ apiKey: keys.signingKeyId, privateKey: privateKeyPem });

export function basic(key: string): string {
  return "Basic " + Buffer.from(`${key}:`).toString("base64");
}

type Body = Record<string, unknown> & { id?: string; status?: { code: number; message?: string }; amount?: number };

export interface GatewayCall {
  status: number;
  contentType: string | null;
  body: Body;
  headers: Headers;
}

/**
 * The toolkit's gateway client, any request and any answer: bodies go as the bytes given (form-encoded
 * by the toolkit when an object), so that tests can send what no well-behaved client would.
 * No retries and no timeout: a test sees every answer and waits for it.
 */
export class GatewayClient {
  private readonly request: (method: string, path: string, init: object) => Promise<{ data?: Body; error?: Body; response: Response }>;

  constructor(
    readonly baseUrl: string,
    readonly apiKey: string = keys.merchantKey,
  ) {
    const client = createGatewayClient({ baseUrl, apiKey, retry: { attempts: 1 }, timeoutMs: 0 });
    // Typed per route by openapi-fetch; here the route is a variable.
    this.request = client.request.bind(client) as unknown as GatewayClient["request"];
  }

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
    const raw = typeof body === "string" ? body : encodeForm(body);
    const headers: Record<string, string> = options.contentType ? { "content-type": options.contentType } : {};
    const signature = options.signature ?? (options.sign === false ? undefined : signer.headerFor(Buffer.from(raw)));
    return this.send("POST", path, raw, signature === undefined ? headers : { ...headers, signature });
  }

  async send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<GatewayCall> {
    const { data, error, response } = await this.request(method, path, { body, bodySerializer: (raw: string) => raw, headers });
    return {
      status: response.status,
      contentType: response.headers.get("content-type"),
      body: data ?? error ?? {},
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

/**
 * The suite's HTTP layer. Every call names the operation it means (or follows a link and lets
 * the spec's routes say which operation that is), adds the credentials the operation's security
 * requirement asks for (HTTP Basic API key and a `Signature` over the exact body bytes for the
 * gateway; a bearer token, or client credentials at the token endpoint, for the merchant API),
 * and checks the response for conformance. A response that breaks the spec fails the test that
 * received it, whatever that test was about.
 *
 * Nothing printed here carries a request body, and PAN-like digit runs are masked in what is.
 */
import { parseTemplate } from "url-template";
import { maskPans } from "../../src/toolkit/clients/common/redact";
import { createSigner, type Signer } from "../../src/toolkit/clients/gateway/signing";
import { objectOf, stringOf } from "../../src/testkit/common/json-values";
import { encodeBody } from "../../src/testkit/openapi-model/http-from-spec";
import type { ContractTarget } from "./target";
import { cardDataEchoes, cardDataOf } from "./card-data-echo";
import { isJsonMediaType, parseMediaType } from "../../src/testkit/openapi-model/media-types";
import { noteAbsorbed, noteClientViolation } from "./client-answers";
import { conformanceProblems } from "./conformance";
import { suiteFetch } from "./connections";
import { echoProblems } from "./echo";
import { noteIssuedToken, noteOperation } from "./exchange-log";
import { invariantProblems } from "./invariants";
import { apiSpec, type ApiName, type ApiSpec, type ContractOperation } from "./spec";

/** An answer of the sandbox target, as the observers of the run's answers see it. */
export interface SandboxAnswer {
  api: ApiName;
  operationId?: string;
  json: unknown;
  /** The exchange in one line. */
  described: string;
}

/** Who sees each answer of the sandbox target as it arrives: the waivers' claims (rules/claims-setup.ts). */
const sandboxAnswerObservers = new Set<(answer: SandboxAnswer) => void>();

/** Registers an observer of the sandbox target's answers (registering the same one again changes nothing). */
export function onSandboxAnswer(observer: (answer: SandboxAnswer) => void): void {
  sandboxAnswerObservers.add(observer);
}

export interface CallOptions {
  /** The operation the call means; checked against where the URL leads. */
  operationId?: string;
  /** Default: the operation's method, else GET. */
  method?: string;
  /** Path parameters, when the URL is built from the operation's template; one without a value stops the call. */
  params?: Record<string, string | undefined>;
  /** An absolute URL taken from a link or a header: used as given. */
  url?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** An object is encoded for `mediaType` (form brackets or JSON); a string or Buffer is sent as is. */
  body?: unknown;
  /** Default: the operation's first request media type (when there is a body). */
  mediaType?: string;
  /** Sends the body (encoded for `mediaType`) without a `Content-Type` header. */
  withoutContentType?: boolean;
  headers?: Record<string, string>;
  /** `none` sends no credentials at all. */
  auth?: "default" | "none";
  /** Gateway: the API key used as Basic user name (default: the target's). */
  apiKey?: string;
  /** Gateway: `sign` (default where the operation requires it), `none`, or the literal header value to send. */
  signature?: "sign" | "none" | (string & {});
  /** Merchant: the bearer token to send instead of the session's. */
  token?: string;
  /** Merchant token endpoint: HTTP Basic client credentials instead of the target's. */
  client?: { id: string; secret: string };
  /** `assert` (default): a non-conforming response fails the test. `record`: only recorded. */
  conformance?: "assert" | "record";
}

export interface Exchange {
  api: ApiName;
  /** The operation the URL and method lead to (undefined when the spec has none there). */
  operationId?: string;
  method: string;
  url: string;
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  /** Parsed JSON when the response is a JSON media type, else undefined. */
  json: any;
  /** Ways the response breaks the spec (empty when it conforms). */
  problems: string[];
}

/** Every exchange of this test file, for the conformance report. */
export const exchanges: Exchange[] = [];

export class ContractViolation extends Error {}

/** A printable one-line summary of an exchange: method, path (no query), status. */
export function describeExchange(exchange: Pick<Exchange, "method" | "url" | "status" | "operationId">): string {
  let path = exchange.url;
  try {
    path = new URL(exchange.url).pathname;
  } catch {
    /* keep as is */
  }
  return maskPans(`${exchange.method} ${path} -> ${exchange.status}${exchange.operationId ? ` (${exchange.operationId})` : ""}`);
}

/** The response body for a failure message: masked and cut short. */
export function bodyExcerpt(exchange: Pick<Exchange, "text">, max = 600): string {
  const text = maskPans(exchange.text);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Expands a (possibly templated) link href with RFC 6570, as a client must. */
export function expandHref(href: string, variables: Record<string, string | number | undefined> = {}): string {
  const defined = Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
  return parseTemplate(href).expand(defined);
}

export class ApiSession {
  readonly spec: ApiSpec;
  readonly baseUrl: string;
  private readonly origin: string;
  private signer?: Signer;
  private token?: string;

  constructor(
    readonly api: ApiName,
    readonly target: ContractTarget,
  ) {
    this.spec = apiSpec(api);
    this.baseUrl = target[api].baseUrl;
    this.origin = new URL(this.baseUrl).origin;
  }

  private signerFor(): Signer {
    this.signer ??= createSigner({ apiKey: this.target.gateway.signingKeyId, privateKey: this.target.gateway.signingKeyPem });
    return this.signer;
  }

  /**
   * Whether the suite may send to this address: any host for an external target; loopback only
   * for the sandbox and the mock, whose answers may carry example links to real hosts.
   */
  mayContact(url: string): boolean {
    if (this.target.kind === "external") return true;
    const host = new URL(url).hostname;
    return host === "localhost" || host === "[::1]" || /^127\./.test(host);
  }

  /**
   * Absolute URL of an href: relative ones (the gateway's links) resolve against the base URL.
   * The mock answers with the spec's examples, whose absolute links name the real hosts: those
   * that lead to an operation of the API are re-based onto the mock.
   */
  resolve(href: string): string {
    const url = new URL(href, this.baseUrl + "/");
    if (this.target.kind === "mock" && url.origin !== this.origin && this.spec.router.match("GET", url.pathname).kind !== "not-found") {
      return this.baseUrl + url.pathname + url.search;
    }
    return url.toString();
  }

  urlFor(operation: ContractOperation, params: Record<string, string | undefined> = {}): string {
    const path = operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${operation.operationId}: no value for path parameter ${name}`);
      return encodeURIComponent(value);
    });
    return this.baseUrl + path;
  }

  /** Sends the token endpoint's answer a caller received itself (already checked) on from now on. */
  useToken(token: string): void {
    this.token = token;
  }

  /** A bearer token for the merchant API from the token endpoint (cached; `refresh` gets a new one). */
  async bearer(refresh = false): Promise<string> {
    if (this.token && !refresh) return this.token;
    const exchange = await this.call({
      operationId: "createToken",
      body: { grant_type: "client_credentials", audience: this.target.merchant.audience },
    });
    const token = stringOf(exchange.json?.access_token);
    if (exchange.status !== 200 || token === undefined) {
      throw new Error(`the token endpoint refused the target's client credentials: ${describeExchange(exchange)} ${bodyExcerpt(exchange)}`);
    }
    this.token = token;
    return token;
  }

  private async credentials(
    operation: ContractOperation | undefined,
    options: CallOptions,
    body: Buffer | undefined,
  ): Promise<Record<string, string>> {
    if (options.auth === "none" || !operation) return {};
    const headers: Record<string, string> = {};
    for (const { scheme } of this.spec.requiredSchemes(operation)) {
      const type = scheme.type.toLowerCase();
      if (type === "http" && scheme.scheme?.toLowerCase() === "basic") {
        const user =
          this.api === "gateway"
            ? `${options.apiKey ?? this.target.gateway.apiKey}:`
            : `${encodeURIComponent(options.client?.id ?? this.target.merchant.clientId)}:${encodeURIComponent(options.client?.secret ?? this.target.merchant.clientSecret)}`;
        headers.authorization = "Basic " + Buffer.from(user).toString("base64");
      } else if ((type === "http" && scheme.scheme?.toLowerCase() === "bearer") || type === "oauth2" || type === "openidconnect") {
        headers.authorization = `Bearer ${options.token ?? (await this.bearer())}`;
      } else if (type === "apikey" && scheme.in === "header" && scheme.name) {
        const mode = options.signature ?? "sign";
        if (mode === "none") continue;
        headers[scheme.name.toLowerCase()] = mode === "sign" ? this.signerFor().headerFor(new Uint8Array(body ?? Buffer.alloc(0))) : mode;
      }
    }
    return headers;
  }

  /** Sends one request and checks the response against the spec. */
  async call(options: CallOptions): Promise<Exchange> {
    const meant = options.operationId ? this.spec.operation(options.operationId) : undefined;
    let url = options.url !== undefined ? this.resolve(options.url) : meant ? this.urlFor(meant, options.params) : undefined;
    if (!url) throw new Error("call() needs an operationId or a url");
    if (options.query) {
      const parsed = new URL(url);
      for (const [k, v] of Object.entries(options.query)) if (v !== undefined) parsed.searchParams.set(k, String(v));
      url = parsed.toString();
    }
    const method = (options.method ?? meant?.method ?? "GET").toUpperCase();
    if (!this.mayContact(url)) throw new Error(`refusing to send to ${new URL(url).origin}: a ${this.target.kind} target runs on loopback`);
    const routed = this.spec.route(method, new URL(url), this.origin);
    const operation = routed ?? meant;

    let payload: Buffer | undefined;
    /** The media type the body is in, sent as Content-Type unless `withoutContentType`. */
    let bodyType: string | undefined;
    const headers: Record<string, string> = {};
    if (options.body !== undefined) {
      const mediaType = options.mediaType ?? operation?.requestBody?.media[0]?.mediaType ?? "application/json";
      payload = Buffer.isBuffer(options.body)
        ? options.body
        : Buffer.from(typeof options.body === "string" ? options.body : encodeBody(mediaType, options.body), "utf8");
      bodyType = mediaType;
      if (!options.withoutContentType && !Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = mediaType;
    }
    Object.assign(headers, await this.credentials(operation, options, payload), options.headers ?? {});

    const response = await suiteFetch(url, { method, headers, body: payload ? new Uint8Array(payload) : undefined, redirect: "manual" });
    const exchange = this.received(
      method,
      url,
      response,
      Buffer.from(await response.arrayBuffer()),
      operation,
      payload?.toString("utf8"),
      headers["content-type"] ?? bodyType,
    );
    exchange.problems.push(...cardDataEchoes(cardDataOf(payload?.toString("utf8"), headers["content-type"] ?? bodyType), exchange));
    exchange.problems.push(...this.echoes(operation, payload?.toString("utf8"), headers["content-type"] ?? bodyType, exchange));
    if (meant && routed && routed.operationId !== meant.operationId) {
      exchange.problems.push(`the URL leads to ${routed.operationId}, not to ${meant.operationId}`);
    } else if (meant && !routed && options.url) {
      exchange.problems.push(
        `the URL ${maskPans(new URL(url).pathname)} leads to no operation of the spec (expected ${meant.operationId})`,
      );
    }
    if (exchange.problems.length > 0 && options.conformance !== "record") throw violation(exchange);
    return exchange;
  }

  /** Where an answer of a target with behaviour contradicts the request (support/echo.ts). */
  private echoes(
    operation: ContractOperation | undefined,
    body: string | undefined,
    mediaType: string | undefined,
    exchange: Exchange,
  ): string[] {
    if (!this.target.capabilities.behaviour) return [];
    return echoProblems(
      this.spec,
      operation,
      { body, mediaType },
      { status: exchange.status, json: exchange.json, location: exchange.headers.get("location"), resolve: (href) => this.resolve(href) },
    );
  }

  /** Records a response and its conformance problems (the operation is found by routing when not given). */
  private received(
    method: string,
    url: string,
    response: Response,
    bytes: Buffer,
    operation?: ContractOperation,
    sentBody?: string,
    sentType?: string,
  ): Exchange {
    const op = operation ?? this.spec.route(method, new URL(url), this.origin);
    const text = bytes.toString("utf8");
    const media = parseMediaType(response.headers.get("content-type"));
    let json: unknown;
    if (media?.wellFormed && isJsonMediaType(media.essence) && bytes.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const exchange: Exchange = {
      api: this.api,
      operationId: op?.operationId,
      method,
      url,
      status: response.status,
      headers: response.headers,
      bytes,
      text,
      json,
      problems: [],
    };
    // For a failing test's reproduction: the operation, and the tokens to print as a variable.
    noteOperation(response, this.api, op?.operationId);
    if (this.target.kind === "sandbox" && sandboxAnswerObservers.size > 0) {
      const answer = { api: this.api, operationId: op?.operationId, json, described: describeExchange(exchange) };
      for (const observe of sandboxAnswerObservers) observe(answer);
    }
    const issued = stringOf(objectOf(json).access_token);
    if (issued !== undefined) noteIssuedToken(issued);
    if (op)
      exchange.problems.push(
        ...conformanceProblems(this.spec, op, { status: response.status, headers: response.headers, body: bytes }, method),
      );
    // What the answer says against what the run's other answers said (a target with behaviour only).
    if (this.target.capabilities.behaviour) {
      exchange.problems.push(
        ...invariantProblems(this.spec, op, {
          operation: op,
          method,
          url,
          status: response.status,
          json,
          location: response.headers.get("location"),
          resolve: (href) => this.resolve(href),
          sent: jsonOf(sentBody, sentType),
        }),
      );
    }
    exchanges.push(exchange);
    return exchange;
  }

  /**
   * A fetch for the typed clients (`createMerchantClient({ fetch })`): every answer they get, each
   * attempt of a call, is checked like the suite's own calls, and a non-conforming one fails the
   * test (./client-answers.ts: also when the client wraps it in an error of its own). An answer
   * the client absorbs is reported: a 401 whose request it sends again with another token.
   */
  transport(): (url: string, init: RequestInit) => Promise<Response> {
    /** This client's 401s, by method and URL, with the credentials they refused. */
    const refused = new Map<string, { authorization: string | null; exchange: Exchange }>();
    let lastToken: Exchange | undefined;
    return async (url, init) => {
      if (!this.mayContact(url))
        throw new Error(`refusing to send to ${new URL(url).origin}: a ${this.target.kind} target runs on loopback`);
      const method = (init.method ?? "GET").toUpperCase();
      const sentHeaders = new Headers(init.headers);
      const again = refused.get(`${method} ${url}`);
      refused.delete(`${method} ${url}`);
      if (again && again.authorization !== sentHeaders.get("authorization"))
        noteAbsorbed(
          `${describeExchange(again.exchange)}: the client got a new token${lastToken ? ` (${describeExchange(lastToken)})` : ""} and sent the request again`,
        );
      // Never followed: a redirect is an answer of the target like any other, checked here (the specs document none).
      const response = await suiteFetch(url, { ...init, redirect: "manual" });
      const bytes = Buffer.from(await response.arrayBuffer());
      const sentType = sentHeaders.get("content-type") ?? undefined;
      const sentBody =
        typeof init.body === "string" ? init.body : init.body instanceof Uint8Array ? Buffer.from(init.body).toString("utf8") : undefined;
      const exchange = this.received(method, url, response, bytes, undefined, sentBody, sentType);
      exchange.problems.push(...cardDataEchoes(cardDataOf(sentBody, sentType), exchange));
      const op = exchange.operationId ? this.spec.operation(exchange.operationId) : undefined;
      exchange.problems.push(...this.echoes(op, sentBody, sentType, exchange));
      if (exchange.problems.length > 0) {
        const broken = violation(exchange);
        noteClientViolation(broken);
        throw broken;
      }
      if (exchange.operationId === "createToken") lastToken = exchange;
      else if (exchange.status === 401) refused.set(`${method} ${url}`, { authorization: sentHeaders.get("authorization"), exchange });
      return new Response(bytes.length > 0 && ![204, 304].includes(response.status) ? new Uint8Array(bytes) : null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }
}

/** A JSON request body, parsed (undefined for any other). */
function jsonOf(body: string | undefined, mediaType: string | undefined): unknown {
  if (body === undefined || !/json/i.test(mediaType ?? "")) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function violation(exchange: Exchange): ContractViolation {
  return new ContractViolation(
    `${describeExchange(exchange)} breaks the ${exchange.api} spec:\n  - ${exchange.problems.join("\n  - ")}\n  response body: ${bodyExcerpt(exchange)}`,
  );
}

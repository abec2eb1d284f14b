/**
 * The merchant client's authenticated exchanges: every request goes through one policy
 * (timeout, retries of idempotent requests, 429 waits, RateLimit values recorded), and every
 * request to the API carries a client-credentials token, refreshed once on a 401 (which may
 * also name the token endpoint). The token and the client secret go to the API's origin only.
 */
import { halMediaType, problemMediaType, tokenMediaTypes } from "../../../../generated/merchant/constants";
import type { components, operations } from "../../../../generated/merchant/schema";
import { describeTarget } from "../common/redact";
import { backoffDelay, endAttempt, sendWithPolicy, type ResolvedRetry, type SendPolicy, type Transport } from "../common/retry";
import { MerchantAuthenticationError, MerchantTokenError, MerchantUsageError } from "./errors";
import { readProblem } from "./problem";
import { sendRespectingRateLimits, type RateLimitOptions, type RateLimitPolicy, type RateLimitValues } from "./rate-limit";
import { TokenCache, type IssuedToken } from "./token-cache";

type S = components["schemas"];

/** What every API request accepts: HAL, or a problem. */
const apiAccept = `${halMediaType}, ${problemMediaType}`;
/** The token endpoint is documented in two forms (HAL and RFC 6749 JSON; errors as problems or RFC 6749): accept each. */
const tokenAccept = tokenMediaTypes.join(", ");
const formMediaType: keyof operations["createToken"]["requestBody"]["content"] = "application/x-www-form-urlencoded";

export interface SessionSettings {
  transport: Transport;
  now: () => number;
  retry: ResolvedRetry;
  rateLimit: Required<RateLimitOptions>;
  timeoutMs: number;
  log?: (line: string) => void;
  /** The only origin that gets the access token. */
  apiOrigin: string;
  audience: string;
  clientId: string;
  clientSecret: string;
  /** Undefined until configured or named by a 401 problem. */
  tokenUrl?: string;
}

/** A request body and its media type. */
export interface Payload {
  contentType: string;
  data: string;
}

export class MerchantSession {
  /** The RateLimit values of the latest answer that carried them. */
  rateLimit: RateLimitValues | undefined;
  private tokenUrl: string | undefined;
  private readonly tokens: TokenCache;
  /** `https://host/`: an address that starts with it is on the API's origin, no parsing needed. */
  private readonly originSlash: string;
  // Built once: every request shares them.
  private readonly idempotentPolicy: SendPolicy;
  private readonly unsafePolicy: SendPolicy;
  private readonly rateLimits: RateLimitPolicy;

  constructor(private readonly settings: SessionSettings) {
    this.tokenUrl = settings.tokenUrl;
    this.tokens = new TokenCache(() => this.issueToken(), settings.now);
    this.originSlash = `${settings.apiOrigin}/`;
    const { retry, timeoutMs, log } = settings;
    this.idempotentPolicy = { idempotent: true, retry, timeoutMs, log };
    this.unsafePolicy = { idempotent: false, retry, timeoutMs, log };
    this.rateLimits = {
      observe: (values) => (this.rateLimit = values),
      options: settings.rateLimit,
      sleep: retry.sleep,
      now: settings.now,
      fallbackDelay: (n) => backoffDelay(n, retry),
    };
  }

  /** Sends with the bearer token; on 401, one refresh (or discovery of the token endpoint) and one retry. */
  async authorized(method: string, url: string, body?: Payload, headers?: Record<string, string>): Promise<Response> {
    const { apiOrigin } = this.settings;
    if (!url.startsWith(this.originSlash) && new URL(url).origin !== apiOrigin) {
      throw new MerchantUsageError(`Refusing to send the access token to ${describeTarget(url)}: not the API's origin ${apiOrigin}`);
    }
    const idempotent = method === "GET" || method === "HEAD" || method === "OPTIONS";
    // A 401 means the request was not processed: re-sending it once with a fresh token is safe for every method.
    const stale = this.tokenUrl ? await this.tokens.get() : undefined;
    const response = await this.exchange(method, url, apiHeaders(body, headers, stale), body?.data, idempotent);
    if (response.status !== 401) return response;
    // The 401's body is read here, once (a clone's unread half would keep the other from ever being cancelled).
    const problem = await readProblem(response);
    await response.body?.cancel().catch(() => undefined);
    endAttempt(response);
    this.learnTokenUrl(problem?.["oauth2-token"], url);
    if (!this.tokenUrl) throw new MerchantAuthenticationError({ method, target: describeTarget(url) }, problem);
    if (stale) this.tokens.invalidate(stale);
    return this.exchange(method, url, apiHeaders(body, headers, await this.tokens.get()), body?.data, idempotent);
  }

  /** Straight to the transport: no token, no Accept; a PUT of the same bytes is safe to repeat. */
  putUnauthorized(url: string, init: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }): Promise<Response> {
    const { transport, retry, timeoutMs, log } = this.settings;
    return sendWithPolicy(transport, url, { method: "PUT", ...init }, { idempotent: true, retry, timeoutMs, log });
  }

  /** Without a configured token endpoint, the one a 401 problem names, if it is on the API's origin. */
  private learnTokenUrl(named: string | undefined, url: string): void {
    if (!this.tokenUrl && named && new URL(named, url).origin === this.settings.apiOrigin) this.tokenUrl = new URL(named, url).href;
  }

  /** One exchange: timeout, retries (idempotent requests only) and 429 waits; records RateLimit values. */
  private exchange(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    idempotent: boolean,
  ): Promise<Response> {
    const { transport } = this.settings;
    const policy = idempotent ? this.idempotentPolicy : this.unsafePolicy;
    return sendRespectingRateLimits(() => sendWithPolicy(transport, url, { method, headers, body }, policy), this.rateLimits);
  }

  private async issueToken(): Promise<IssuedToken> {
    const { tokenUrl } = this;
    if (!tokenUrl) throw new MerchantUsageError("No token endpoint: pass tokenUrl, or let a 401 problem name it");
    const { audience, clientId, clientSecret } = this.settings;
    const form: S["TokenRequest"] = { grant_type: "client_credentials", audience };
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString("base64");
    // A token request changes nothing on the server: it is safe to repeat, so it is retried like a GET.
    const response = await this.exchange(
      "POST",
      tokenUrl,
      { Authorization: `Basic ${basic}`, "Content-Type": formMediaType, Accept: tokenAccept },
      new URLSearchParams(form).toString(),
      true,
    );
    const body = (await response.json().catch(() => undefined)) as Partial<S["Token"] & S["OAuthError"]> | undefined;
    endAttempt(response);
    if (!response.ok || typeof body?.access_token !== "string" || typeof body.expires_in !== "number") {
      throw new MerchantTokenError(response.status, body);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in };
  }
}

/** The headers of an API request: the defaults, the caller's over them, and the bearer token. */
function apiHeaders(
  body: Payload | undefined,
  extra: Record<string, string> | undefined,
  token: string | undefined,
): Record<string, string> {
  const defaults: Record<string, string> = body ? { Accept: apiAccept, "Content-Type": body.contentType } : { Accept: apiAccept };
  const headers = extra ? withHeaders(defaults, extra) : defaults;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The caller's headers over the defaults, names compared case-insensitively; never the caller's Authorization. */
function withHeaders(defaults: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  const own = Object.entries(extra).filter(([name]) => name.toLowerCase() !== "authorization");
  const replaced = new Set(own.map(([name]) => name.toLowerCase()));
  return {
    ...Object.fromEntries(Object.entries(defaults).filter(([name]) => !replaced.has(name.toLowerCase()))),
    ...Object.fromEntries(own),
  };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

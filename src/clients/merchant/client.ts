/**
 * The merchant client: HAL navigation from the entrypoint, with client-credentials tokens,
 * rate limits, problem details and the Files flow handled once. It takes two addresses from
 * configuration, the entrypoint and (optionally) the token endpoint; every other address is
 * the href of a link in an earlier answer.
 */
import { halMediaType, problemMediaType, tokenMediaTypes } from "../../../generated/merchant/constants";
import type { components, operations } from "../../../generated/merchant/schema";
import { describeTarget } from "../common/redact";
import { backoffDelay, resolveRetry, sendWithPolicy, type RetryOptions, type Transport } from "../common/retry";
import { MerchantTokenError, MerchantUsageError } from "./errors";
import { downloadName, dataRel, toBytes, uploadContent, uploadFile, type FileContent } from "./files";
import { curiesOf, expandLink, linksOf, selectLink, type HalResource, type Link, type TemplateVariables } from "./hal";
import { paginate } from "./pagination";
import { errorFromResponse, essence, readProblem } from "./problem";
import { readRateLimit, sendRespectingRateLimits, type RateLimitOptions, type RateLimitValues } from "./rate-limit";
import type { CreateBody, Created, ItemOf, RelOf, Target } from "./relations";
import { TokenCache, type IssuedToken } from "./token-cache";

type S = components["schemas"];

/** Media types of request bodies, checked against the generated operations. */
const jsonMediaType: keyof operations["createApplication"]["requestBody"]["content"] = "application/json";
/** The token endpoint is documented in two forms (HAL and RFC 6749 JSON; errors as problems or RFC 6749): accept each. */
const tokenAccept = tokenMediaTypes.join(", ");
const formMediaType: keyof operations["createToken"]["requestBody"]["content"] = "application/x-www-form-urlencoded";
const stampsRel: keyof NonNullable<S["Application"]["_links"]> = "ch:stamps";

export interface MerchantClientOptions {
  /** The entrypoint, for example `https://merchant.test.clearhaus.com`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The `audience` of the token request. Default: `baseUrl` without a trailing slash. */
  audience?: string;
  /**
   * The token endpoint. Default: discovered from the `oauth2-token` member of the first 401
   * problem, accepted only on the entrypoint's origin (the client secret goes there).
   */
  tokenUrl?: string;
  /** Transport, `globalThis.fetch` by default. */
  fetch?: Transport;
  /** Per attempt, the whole exchange. Default 30 000. */
  timeoutMs?: number;
  /** Retries of GETs (network errors, timeouts, 5xx). */
  retry?: RetryOptions;
  /** 429 handling. */
  rateLimit?: RateLimitOptions;
  /** Clock for token expiry and Retry-After dates; injectable for tests. */
  now?: () => number;
  log?: (line: string) => void;
}

export interface FollowOptions {
  /** Variables of a templated link; `per_page` is checked against the spec's bounds. */
  variables?: TemplateVariables;
  /** The link's `name` in a relation that holds several (`ch:data`, `ch:stamps`). */
  name?: string;
}

export interface RequestOptions extends FollowOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the request (`Accept`, `Content-Type` can be replaced; `Authorization` is the client's). */
  headers?: Record<string, string>;
}

export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface MerchantResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON (HAL) body, typed as the caller says; undefined when there is none (204) or it is not JSON. */
  body: T;
}

export interface MerchantClient {
  /** GET the entrypoint. */
  root(): Promise<S["Root"]>;
  /** GET the target of a relation of `resource`. */
  follow<R extends HalResource, K extends RelOf<R>>(resource: R, rel: K, options?: FollowOptions): Promise<Target<R, K>>;
  /** Every item of the collection `rel` leads to, across all pages. */
  items<R extends HalResource, K extends RelOf<R>>(resource: R, rel: K, variables?: TemplateVariables): AsyncIterable<ItemOf<K>>;
  /** POST `body` to the collection `rel` (a templated link expanded without variables). */
  create<R extends HalResource, K extends RelOf<R>>(resource: R, rel: K, body: CreateBody<K>): Promise<Created<K>>;
  /** PATCH the resource's `self` with the changed properties. */
  update<R extends HalResource>(resource: R, changes: object): Promise<R>;
  /** DELETE the resource's `self`. */
  remove(resource: HalResource): Promise<void>;
  /** PUT the stamp offered in `ch:stamps` under this name (204 expected). */
  addStamp(resource: HalResource, stamp: string, body?: object): Promise<void>;
  /** DELETE a removable stamp offered in `ch:stamps`. */
  removeStamp(resource: HalResource, stamp: string): Promise<void>;
  /** Create the file's metadata at `owner`'s `ch:files` and upload the bytes; returns the file. */
  uploadFile(owner: HalResource, metadata: S["FileCreate"], content: FileContent): Promise<S["File"]>;
  /** PUT the bytes of a file created earlier to its `ch:data` link named `upload` (a fresh one: they expire). */
  uploadContent(file: S["File"], content: FileContent): Promise<void>;
  /** GET the bytes of the file's `ch:data` link named `download`. */
  downloadFile(file: S["File"]): Promise<{ contentType: string; bytes: Uint8Array }>;
  /**
   * Any method on the target of a relation (found as `follow` finds it) or on a link, with the
   * token, rate-limit and problem handling of the other calls; a non-2xx answer throws.
   */
  request<T = unknown, R extends HalResource = HalResource>(method: HttpMethod, resource: R, rel: RelOf<R>, options?: RequestOptions): Promise<MerchantResponse<T>>;
  request<T = unknown>(method: HttpMethod, link: Link, options?: Omit<RequestOptions, "name">): Promise<MerchantResponse<T>>;
  /** The methods the target permits: the Allow header of an OPTIONS request. */
  allowed<R extends HalResource>(resource: R, rel: RelOf<R>, options?: FollowOptions): Promise<string[]>;
  allowed(link: Link): Promise<string[]>;
  /** The RateLimit values of the latest answer that carried them. */
  readonly rateLimit: RateLimitValues | undefined;
}

export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  const transport: Transport = options.fetch ?? ((url, init) => fetch(url, init));
  const now = options.now ?? Date.now;
  const retry = resolveRetry(options.retry);
  const rateLimitOptions = { maxRetries: 3, maxWaitMs: 60_000, ...options.rateLimit };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const apiOrigin = new URL(options.baseUrl).origin;
  const audience = options.audience ?? options.baseUrl.replace(/\/+$/, "");
  let tokenUrl = options.tokenUrl;
  let lastRateLimit: RateLimitValues | undefined;
  // Curies of the latest top-level answer: embedded items may omit theirs.
  let knownCuries: S["Curie"][] = [];

  /** One exchange: timeout, retries (idempotent requests only) and 429 waits; records RateLimit values. */
  function exchange(method: string, url: string, headers: Record<string, string>, body: string | undefined, idempotent: boolean) {
    return sendRespectingRateLimits({
      send: () => sendWithPolicy(transport, url, { method, headers, body }, { idempotent, retry, timeoutMs, log: options.log }),
      observe: (values) => (lastRateLimit = values),
      options: rateLimitOptions,
      sleep: retry.sleep,
      now,
      fallbackDelay: (n) => backoffDelay(n, retry),
    });
  }

  async function issueToken(): Promise<IssuedToken> {
    if (!tokenUrl) throw new MerchantUsageError("No token endpoint: pass tokenUrl, or let a 401 problem name it");
    const form: S["TokenRequest"] = { grant_type: "client_credentials", audience };
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    const basic = Buffer.from(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`).toString("base64");
    // A token request changes nothing on the server: it is safe to repeat, so it is retried like a GET.
    const response = await exchange(
      "POST",
      tokenUrl,
      { Authorization: `Basic ${basic}`, "Content-Type": formMediaType, Accept: tokenAccept },
      new URLSearchParams(form).toString(),
      true,
    );
    const body = (await response.json().catch(() => undefined)) as Partial<S["Token"] & S["OAuthError"]> | undefined;
    if (!response.ok || typeof body?.access_token !== "string" || typeof body.expires_in !== "number") {
      throw new MerchantTokenError(response.status, body);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in };
  }
  const tokens = new TokenCache(issueToken, now);

  /** Sends with the bearer token; on 401, one refresh (or discovery of the token endpoint) and one retry. */
  async function authorized(method: string, url: string, body?: { contentType: string; data: string }, headers?: Record<string, string>): Promise<Response> {
    if (new URL(url).origin !== apiOrigin) {
      throw new MerchantUsageError(`Refusing to send the access token to ${describeTarget(url)}: not the API's origin ${apiOrigin}`);
    }
    const idempotent = method === "GET" || method === "HEAD" || method === "OPTIONS";
    const defaults = { Accept: `${halMediaType}, ${problemMediaType}`, ...(body ? { "Content-Type": body.contentType } : {}) };
    const send = (token: string | undefined) =>
      exchange(method, url, { ...withHeaders(defaults, headers), ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body?.data, idempotent);
    // A 401 means the request was not processed: re-sending it once with a fresh token is safe for every method.
    const stale = tokenUrl ? await tokens.get() : undefined;
    const response = await send(stale);
    if (response.status !== 401) return response;
    const problem = await readProblem(response.clone());
    const named = problem?.["oauth2-token"];
    if (!tokenUrl && named && new URL(named, url).origin === apiOrigin) tokenUrl = new URL(named, url).href;
    if (!tokenUrl) return response;
    await response.body?.cancel();
    if (stale) tokens.invalidate(stale);
    return send(await tokens.get());
  }

  /** Sends and reads the JSON answer; a non-2xx answer throws. */
  async function call<T>(method: string, url: string, payload?: object): Promise<T | undefined> {
    const response = await authorized(method, url, payload && { contentType: jsonMediaType, data: JSON.stringify(payload) });
    if (!response.ok) throw await errorFromResponse(response, method, url, readRateLimit(response, now()));
    return parse<T>(await response.text());
  }

  /** The JSON of an answer; remembers its curies. */
  function parse<T>(text: string): T | undefined {
    if (!text) return undefined;
    const json = JSON.parse(text) as T;
    const curies = curiesOf(json as HalResource);
    if (curies.length) knownCuries = curies;
    return json;
  }

  async function get<T>(url: string): Promise<T> {
    const resource = await call<T>("GET", url);
    if (resource === undefined) throw new MerchantUsageError(`GET ${describeTarget(url)} answered without a body`);
    return resource;
  }

  const curiesFor = (resource: HalResource) => (curiesOf(resource).length ? curiesOf(resource) : knownCuries);
  const addressOf = (resource: HalResource, rel: string, o: FollowOptions = {}) =>
    expandLink(selectLink(linksOf(resource, rel, curiesFor(resource), knownCuries), rel, o.name), rel, o.variables);
  const stampAddress = (resource: HalResource, stamp: string) => addressOf(resource, stampsRel, { name: stamp });
  // Straight to the transport: no token, no Accept; a PUT of the same bytes is safe to repeat.
  const putUnauthorized = (url: string, init: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }) =>
    sendWithPolicy(transport, url, { method: "PUT", ...init }, { idempotent: true, retry, timeoutMs, log: options.log });

  /** `request(method, resource, rel, options?)` or `request(method, link, options?)`. */
  async function request(method: string, target: HalResource | Link, rel?: string | RequestOptions, options?: RequestOptions) {
    const o = (typeof rel === "string" ? options : rel) ?? {};
    const url = typeof rel === "string" ? addressOf(target as HalResource, rel, o) : expandLink(target as Link, describeTarget((target as Link).href), o.variables);
    const verb = method.toUpperCase();
    const payload = o.body === undefined ? undefined : { contentType: jsonMediaType, data: JSON.stringify(o.body) };
    const response = await authorized(verb, url, payload, o.headers);
    if (!response.ok) throw await errorFromResponse(response, verb, url, readRateLimit(response, now()));
    const type = essence(response.headers.get("content-type"));
    const body = type === jsonMediaType || type.endsWith("+json") ? parse(await response.text()) : void (await response.body?.cancel());
    return { status: response.status, headers: response.headers, body };
  }

  return {
    root: () => get<S["Root"]>(options.baseUrl),
    follow: async (resource, rel, o) => get(addressOf(resource, rel, o)),
    items(resource, rel, variables) {
      // Computed now, so a missing link or a bad per_page throws here, before anything is sent.
      const address = addressOf(resource, rel, variables ? { variables } : {});
      return {
        [Symbol.asyncIterator]: async function* () {
          const first = await get<HalResource>(address);
          yield* paginate<ItemOf<typeof rel>>(first, rel, (href) => get<HalResource>(href), knownCuries);
        },
      };
    },
    create: async (resource, rel, body) => (await call("POST", addressOf(resource, rel), body)) as Created<typeof rel>,
    update: async (resource, changes) => (await call("PATCH", addressOf(resource, "self"), changes)) as typeof resource,
    remove: async (resource) => void (await call("DELETE", addressOf(resource, "self"))),
    addStamp: async (resource, stamp, body) => void (await call("PUT", stampAddress(resource, stamp), body)),
    removeStamp: async (resource, stamp) => void (await call("DELETE", stampAddress(resource, stamp))),
    uploadFile: async (owner, metadata, content) =>
      uploadFile({ create: async (o, rel, body) => (await call<S["File"]>("POST", addressOf(o, rel), body))!, put: putUnauthorized }, owner, metadata, content),
    uploadContent: async (file, content) => uploadContent(putUnauthorized, file, await toBytes(content)),
    async downloadFile(file) {
      const url = addressOf(file, dataRel, { name: downloadName });
      const response = await authorized("GET", url);
      if (!response.ok) throw await errorFromResponse(response, "GET", url, readRateLimit(response, now()));
      return { contentType: essence(response.headers.get("content-type")), bytes: new Uint8Array(await response.arrayBuffer()) };
    },
    request: request as MerchantClient["request"],
    async allowed(target: HalResource | Link, rel?: string, o?: FollowOptions) {
      const { headers } = await request("OPTIONS", target, rel, o);
      return (headers.get("Allow") ?? "").split(",").map((method) => method.trim()).filter(Boolean);
    },
    get rateLimit() {
      return lastRateLimit;
    },
  };
}

/** The caller's headers over the defaults, names compared case-insensitively; never the caller's Authorization. */
function withHeaders(defaults: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  const own = Object.entries(extra).filter(([name]) => name.toLowerCase() !== "authorization");
  const replaced = new Set(own.map(([name]) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(defaults).filter(([name]) => !replaced.has(name.toLowerCase()))), ...Object.fromEntries(own) };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * The merchant client: HAL navigation from the entrypoint, with client-credentials tokens,
 * rate limits, problem details and the Files flow handled once. It takes two addresses from
 * configuration, the entrypoint and (optionally) the token endpoint; every other address is
 * the href of a link in an earlier answer.
 */
import { halMediaType, problemMediaType } from "../../../generated/merchant/constants";
import type { components, operations } from "../../../generated/merchant/schema";
import { describeTarget } from "../shared/redact";
import { backoffDelay, resolveRetry, sendWithPolicy, type RetryOptions, type Transport } from "../shared/retry";
import { MerchantTokenError, MerchantUsageError } from "./errors";
import { downloadName, dataRel, uploadFile, type FileContent } from "./files";
import { curiesOf, expandLink, linksOf, selectLink, type HalResource, type TemplateVariables } from "./hal";
import { paginate } from "./pagination";
import { errorFromResponse, essence, readProblem } from "./problem";
import { readRateLimit, sendRespectingRateLimits, type RateLimitOptions, type RateLimitValues } from "./rate-limit";
import type { CreateBody, Created, ItemOf, RelOf, Target } from "./relations";
import { TokenCache, type IssuedToken } from "./token-cache";

type S = components["schemas"];

/** Media types of request bodies, checked against the generated operations. */
const jsonMediaType: keyof operations["createApplication"]["requestBody"]["content"] = "application/json";
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
  /** GET the bytes of the file's `ch:data` link named `download`. */
  downloadFile(file: S["File"]): Promise<{ contentType: string; bytes: Uint8Array }>;
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
      { Authorization: `Basic ${basic}`, "Content-Type": formMediaType, Accept: jsonMediaType },
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
  async function authorized(method: string, url: string, body?: { contentType: string; data: string }): Promise<Response> {
    if (new URL(url).origin !== apiOrigin) {
      throw new MerchantUsageError(`Refusing to send the access token to ${describeTarget(url)}: not the API's origin ${apiOrigin}`);
    }
    const idempotent = method === "GET" || method === "HEAD" || method === "OPTIONS";
    const send = (token: string | undefined) =>
      exchange(
        method,
        url,
        {
          Accept: `${halMediaType}, ${problemMediaType}`,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { "Content-Type": body.contentType } : {}),
        },
        body?.data,
        idempotent,
      );
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
    const text = await response.text();
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
      uploadFile(
        {
          create: async (o, rel, body) => (await call<S["File"]>("POST", addressOf(o, rel), body))!,
          // Straight to the transport: no token, no Accept; a PUT of the same bytes is safe to repeat.
          put: (url, init) => sendWithPolicy(transport, url, { method: "PUT", ...init }, { idempotent: true, retry, timeoutMs, log: options.log }),
        },
        owner,
        metadata,
        content,
      ),
    async downloadFile(file) {
      const url = addressOf(file, dataRel, { name: downloadName });
      const response = await authorized("GET", url);
      if (!response.ok) throw await errorFromResponse(response, "GET", url, readRateLimit(response, now()));
      return { contentType: essence(response.headers.get("content-type")), bytes: new Uint8Array(await response.arrayBuffer()) };
    },
    get rateLimit() {
      return lastRateLimit;
    },
  };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

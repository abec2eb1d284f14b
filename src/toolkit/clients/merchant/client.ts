/**
 * The merchant client: HAL navigation from the entrypoint, with client-credentials tokens,
 * rate limits, problem details and the Files flow handled once. It takes two addresses from
 * configuration, the entrypoint and (optionally) the token endpoint; every other address is
 * the href of a link in an earlier answer.
 */
import type { components } from "../../../../generated/merchant/schema";
import { httpUrlOption, nonEmptyOption, timeoutOption } from "../common/options";
import { withoutTrailingSlashes } from "../common/urls";
import { resolveRetry, type RetryOptions, type Transport } from "../common/retry";
import { MerchantCalls } from "./calls";
import { downloadName, dataRel, toBytes, uploadContent, uploadFile, type FileContent } from "./files";
import type { HalResource, Link, TemplateVariables } from "./hal";
import { HalNavigator } from "./navigation";
import { paginate } from "./pagination";
import type { RateLimitOptions, RateLimitValues } from "./rate-limit";
import type { CreateBody, Created, ItemOf, RelOf, Target } from "./relations";
import { MerchantSession, type SessionSettings } from "./session";

type S = components["schemas"];

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
  request<T = unknown, R extends HalResource = HalResource>(
    method: HttpMethod,
    resource: R,
    rel: RelOf<R>,
    options?: RequestOptions,
  ): Promise<MerchantResponse<T>>;
  request<T = unknown>(method: HttpMethod, link: Link, options?: Omit<RequestOptions, "name">): Promise<MerchantResponse<T>>;
  /** The methods the target permits: the Allow header of an OPTIONS request. */
  allowed<R extends HalResource>(resource: R, rel: RelOf<R>, options?: FollowOptions): Promise<string[]>;
  allowed(link: Link): Promise<string[]>;
  /** The RateLimit values of the latest answer that carried them. */
  readonly rateLimit: RateLimitValues | undefined;
}

export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  const session = new MerchantSession(sessionSettings(options));
  const nav = new HalNavigator();
  const calls = new MerchantCalls(session, nav, options.now ?? Date.now);
  const get = <T>(url: string) => calls.get<T>(url);
  const addressOf = (resource: HalResource, rel: string, o?: FollowOptions) => nav.addressOf(resource, rel, o);
  const stampAddress = (resource: HalResource, stamp: string) => addressOf(resource, stampsRel, { name: stamp });
  const put = session.putUnauthorized.bind(session);
  const request = calls.request.bind(calls);

  return {
    root: () => get<S["Root"]>(options.baseUrl),
    follow: async (resource, rel, o) => get(addressOf(resource, rel, o)),
    items(resource, rel, variables) {
      // Computed now, so a missing link or a bad per_page throws here, before anything is sent.
      const address = addressOf(resource, rel, variables ? { variables } : {});
      return {
        [Symbol.asyncIterator]: async function* () {
          const first = await get<HalResource>(address);
          yield* paginate<ItemOf<typeof rel>>(first, rel, (href) => get<HalResource>(href), nav.curies);
        },
      };
    },
    create: async (resource, rel, body) => (await calls.call("POST", addressOf(resource, rel), body)) as Created<typeof rel>,
    update: async (resource, changes) => (await calls.call("PATCH", addressOf(resource, "self"), changes)) as typeof resource,
    remove: async (resource) => void (await calls.call("DELETE", addressOf(resource, "self"))),
    addStamp: async (resource, stamp, body) => void (await calls.call("PUT", stampAddress(resource, stamp), body)),
    removeStamp: async (resource, stamp) => void (await calls.call("DELETE", stampAddress(resource, stamp))),
    uploadFile: async (owner, metadata, content) =>
      uploadFile(
        { create: async (o, rel, body) => (await calls.call<S["File"]>("POST", addressOf(o, rel), body))!, put },
        owner,
        metadata,
        content,
      ),
    uploadContent: async (file, content) => uploadContent(put, file, await toBytes(content)),
    downloadFile: async (file) => calls.download(addressOf(file, dataRel, { name: downloadName })),
    request: request,
    async allowed(target: HalResource | Link, rel?: string, o?: FollowOptions) {
      const { headers } = await request("OPTIONS", target, rel, o);
      return (headers.get("Allow") ?? "")
        .split(",")
        .map((method) => method.trim())
        .filter(Boolean);
    },
    get rateLimit() {
      return session.rateLimit;
    },
  };
}

/** The session's settings from the client's options, with their defaults. */
function sessionSettings(options: MerchantClientOptions): SessionSettings {
  const baseUrl = httpUrlOption(options.baseUrl, "baseUrl", "https://merchant.test.clearhaus.com");
  return {
    transport: options.fetch ?? ((url, init) => fetch(url, init)),
    now: options.now ?? Date.now,
    retry: resolveRetry(options.retry),
    rateLimit: { maxRetries: 3, maxWaitMs: 60_000, ...options.rateLimit },
    timeoutMs: timeoutOption(options.timeoutMs, "timeoutMs") ?? 30_000,
    log: options.log,
    apiOrigin: new URL(baseUrl).origin,
    audience:
      options.audience === undefined
        ? withoutTrailingSlashes(baseUrl)
        : nonEmptyOption(options.audience, "audience", "the token audience (default: baseUrl)"),
    clientId: nonEmptyOption(options.clientId, "clientId", "the OAuth client id"),
    clientSecret: nonEmptyOption(options.clientSecret, "clientSecret", "the OAuth client secret"),
    tokenUrl:
      options.tokenUrl === undefined
        ? undefined
        : httpUrlOption(options.tokenUrl, "tokenUrl", "https://merchant.test.clearhaus.com/oauth/token"),
  };
}

/**
 * The merchant client's calls over its session: JSON answers parsed (a non-2xx answer throws
 * its problem), GETs that must have a body, any method on a relation or a link, and file bytes.
 */
import type { operations } from "../../../../generated/merchant/schema";
import { describeTarget } from "../common/redact";
import { endAttempt } from "../common/retry";
import { MerchantUsageError } from "./errors";
import { expandLink, type HalResource, type Link } from "./hal";
import type { HalNavigator, LinkChoice } from "./navigation";
import { errorFromResponse, essence } from "./problem";
import { readRateLimit } from "./rate-limit";
import type { MerchantSession, Payload } from "./session";

/** Media types of request bodies, checked against the generated operations. */
const jsonMediaType: keyof operations["createApplication"]["requestBody"]["content"] = "application/json";

/** A relation's link, a body sent as JSON, and headers added to the request. */
export interface RequestChoice extends LinkChoice {
  body?: unknown;
  headers?: Record<string, string>;
}

export class MerchantCalls {
  constructor(
    private readonly session: MerchantSession,
    private readonly nav: HalNavigator,
    private readonly now: () => number,
  ) {}

  /** Sends and reads the JSON answer; a non-2xx answer throws. */
  async call<T>(method: string, url: string, payload?: object): Promise<T | undefined> {
    const response = await this.session.authorized(method, url, payload && jsonPayload(payload));
    try {
      if (!response.ok) throw await this.failure(response, method, url);
      return this.nav.parse<T>(await response.text());
    } finally {
      endAttempt(response);
    }
  }

  async get<T>(url: string): Promise<T> {
    const resource = await this.call<T>("GET", url);
    if (resource === undefined) throw new MerchantUsageError(`GET ${describeTarget(url)} answered without a body`);
    return resource;
  }

  /** `request(method, resource, rel, options?)` or `request(method, link, options?)`. */
  async request(method: string, target: HalResource | Link, rel?: string | RequestChoice, options?: RequestChoice) {
    const o = (typeof rel === "string" ? options : rel) ?? {};
    const url =
      typeof rel === "string"
        ? this.nav.addressOf(target as HalResource, rel, o)
        : expandLink(target as Link, describeTarget((target as Link).href), o.variables);
    const verb = method.toUpperCase();
    const payload = o.body === undefined ? undefined : jsonPayload(o.body);
    const response = await this.session.authorized(verb, url, payload, o.headers);
    try {
      if (!response.ok) throw await this.failure(response, verb, url);
      const type = essence(response.headers.get("content-type"));
      const body =
        type === jsonMediaType || type.endsWith("+json") ? this.nav.parse(await response.text()) : void (await response.body?.cancel());
      return { status: response.status, headers: response.headers, body };
    } finally {
      endAttempt(response);
    }
  }

  /** GETs bytes (a file's content) with the token. */
  async download(url: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    const response = await this.session.authorized("GET", url);
    try {
      if (!response.ok) throw await this.failure(response, "GET", url);
      return { contentType: essence(response.headers.get("content-type")), bytes: new Uint8Array(await response.arrayBuffer()) };
    } finally {
      endAttempt(response);
    }
  }

  private failure(response: Response, method: string, url: string) {
    return errorFromResponse(response, method, url, readRateLimit(response, this.now()));
  }
}

function jsonPayload(body: unknown): Payload {
  return { contentType: jsonMediaType, data: JSON.stringify(body) };
}

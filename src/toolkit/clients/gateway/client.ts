/**
 * The gateway client: the openapi-fetch client typed by the generated spec types, configured for
 * this API (Basic auth, the vendor media type, bracket form bodies, signing, timeouts, retries),
 * plus one plain function per flow that returns an outcome instead of a raw response.
 */
import createClient, { removeTrailingSlash, type Client, type Middleware } from "openapi-fetch";
import { mediaType, servers } from "../../../../generated/gateway/constants";
import type { components, operations, paths } from "../../../../generated/gateway/schema";
import { httpUrlOption, nonEmptyOption, timeoutOption } from "../common/options";
import { endAttempt, type RetryOptions, type Transport } from "../common/retry";
import { serializeForm } from "./form-body";
import { toOutcome, toResource, type Outcome, type TextResult, type TransactionOperation } from "./outcomes";
import { PreparedRequest } from "./prepared-request";
import { expandPath, pathParams, routeOf, type OperationId } from "./routes";
import { createGatewayFetch, createGatewaySend } from "./signed-fetch";
import { assertSignedIfRequired, createSigner, type SigningOptions } from "./signing";

/** The spec's servers by environment (`live`, `test`), from generated/gateway/constants.ts. */
export const gatewayBaseUrls = servers;

/** The request media type of every body, checked against the generated types. */
const formMediaType: keyof operations["createAuthorization"]["requestBody"]["content"] = "application/x-www-form-urlencoded";

export interface GatewayClientOptions {
  /** `"live"`, `"test"`, or a URL (a mock, a sandbox, a proxy). */
  baseUrl: keyof typeof gatewayBaseUrls | (string & {});
  /** Merchant API key (a UUID): the Basic auth user name, with an empty password. */
  apiKey: string;
  /** Signs every POST. Required for the payment methods the spec lists as signing-only. */
  signing?: SigningOptions;
  /** Transport, `globalThis.fetch` by default; for tests, proxies or instrumentation. */
  fetch?: Transport;
  /** Per attempt, the whole exchange. Default 30 000. A POST that times out has an unknown outcome. */
  timeoutMs?: number;
  /** Retries of GETs (network errors, timeouts, 5xx) and of POSTs whose connection never opened. */
  retry?: RetryOptions;
  /** One line per retry; never a body. */
  log?: (line: string) => void;
}

type S = components["schemas"];
type FormBody<Op extends keyof operations> =
  NonNullable<operations[Op]["requestBody"]> extends { content: { "application/x-www-form-urlencoded": infer B } } ? B : never;

/** Per-call options of the flow helpers. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface GatewayFlows {
  /** POST /authorizations: reserve money with exactly one payment method. */
  authorize(body: FormBody<"createAuthorization">, options?: CallOptions): Promise<Outcome<"createAuthorization">>;
  /** Capture reserved money; no body captures the full remaining amount. */
  capture(authorizationId: string, body?: FormBody<"createCapture">, options?: CallOptions): Promise<Outcome<"createCapture">>;
  /** Refund captured money; no body refunds the full remaining amount. */
  refund(authorizationId: string, body?: FormBody<"createRefund">, options?: CallOptions): Promise<Outcome<"createRefund">>;
  /** Release the reservation of an authorization. */
  void(authorizationId: string, options?: CallOptions): Promise<Outcome<"createVoid">>;
  /** One-step transfer from the cardholder's account. */
  debit(body: FormBody<"createDebit">, options?: CallOptions): Promise<Outcome<"createDebit">>;
  /** Refund a debit in full (once). */
  refundDebit(debitId: string, options?: CallOptions): Promise<Outcome<"createDebitRefund">>;
  /** Pay out to a card. */
  credit(body: FormBody<"createCredit">, options?: CallOptions): Promise<Outcome<"createCredit">>;
  /** GET /account: the merchant account of the API key. */
  account(options?: CallOptions): Promise<S["Account"]>;
}

/** `client.POST("/authorizations", { body })` (checked against the spec) plus the flow helpers. */
export type GatewayClient = Client<paths> & GatewayFlows;

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const named = typeof options.baseUrl === "string" && Object.hasOwn(gatewayBaseUrls, options.baseUrl) ? gatewayBaseUrls[options.baseUrl as keyof typeof gatewayBaseUrls] : undefined;
  const baseUrl = removeTrailingSlash(named ?? httpUrlOption(options.baseUrl, "baseUrl", `"test", "live" or ${gatewayBaseUrls.test}`));
  const apiKey = nonEmptyOption(options.apiKey, "apiKey", "the merchant API key (the Basic auth user name)");
  const signer = options.signing ? createSigner(options.signing) : undefined;
  const authorization = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
  const send = createGatewaySend({
    transport: options.fetch ?? ((url, init) => fetch(url, init)),
    signer,
    timeoutMs: timeoutOption(options.timeoutMs, "timeoutMs") ?? 30_000,
    retry: options.retry,
    log: options.log,
  });
  // Decided here, before serializing: a signing-only payment method never leaves unsigned.
  const serialize = (body: unknown) => {
    assertSignedIfRequired(body, signer !== undefined);
    return serializeForm(body);
  };
  const client = createClient<paths>({
    baseUrl,
    headers: { Authorization: authorization, Accept: mediaType, "Content-Type": formMediaType },
    bodySerializer: serialize,
    // A lighter stand-in for the WHATWG Request, which the custom fetch would take apart at once.
    Request: PreparedRequest as unknown as typeof Request,
    fetch: createGatewayFetch(send),
  });
  const middleware = trackMiddleware(client);
  // Typed per route by openapi-fetch; here the route is a variable, and the flows' own signatures carry the types.
  const viaOpenapiFetch = client.request.bind(client) as unknown as (method: string, path: string, init: object) => Promise<TextResult>;
  const encoder = new TextEncoder();

  /**
   * One flow request. Without middleware it goes straight to the sender: the same URL, headers
   * and bytes openapi-fetch would prepare, without preparing a request object to take apart
   * again (that preparation cost more than the rest of the client's work). With middleware it
   * goes through openapi-fetch, so that the middleware sees it.
   */
  const exchange = async (id: OperationId, ids: readonly string[], body: unknown, o: CallOptions | undefined): Promise<TextResult> => {
    const route = routeOf(id);
    if (middleware.length > 0) {
      return viaOpenapiFetch(route.specMethod, route.path, { params: { path: pathParams(route, ids) }, body, parseAs: "text", ...o });
    }
    const url = baseUrl + expandPath(route, ids);
    if (route.method === "GET") return readText(await send(url, route.method, { Authorization: authorization, Accept: mediaType }, undefined, o?.signal));
    const bytes = encoder.encode(body === undefined ? "" : serialize(body));
    return readText(await send(url, route.method, { Authorization: authorization, Accept: mediaType, "Content-Type": formMediaType }, bytes, o?.signal));
  };
  return Object.assign(client, flows(exchange));
}

type Exchange = (id: OperationId, ids: readonly string[], body: unknown, o: CallOptions | undefined) => Promise<TextResult>;

function flows(exchange: Exchange): GatewayFlows {
  const transaction = async <Op extends TransactionOperation & OperationId>(id: Op, ids: readonly string[], body: unknown, o: CallOptions | undefined) =>
    toOutcome<Op>(await exchange(id, ids, body, o), routeOf(id).label);
  return {
    authorize: (body, o) => transaction("createAuthorization", [], body, o),
    capture: (id, body, o) => transaction("createCapture", [id], body, o),
    refund: (id, body, o) => transaction("createRefund", [id], body, o),
    void: (id, o) => transaction("createVoid", [id], undefined, o),
    debit: (body, o) => transaction("createDebit", [], body, o),
    refundDebit: (id, o) => transaction("createDebitRefund", [id], undefined, o),
    credit: (body, o) => transaction("createCredit", [], body, o),
    account: async (o) => toResource<S["Account"]>(await exchange("getAccount", [], undefined, o), routeOf("getAccount").label),
  };
}

/**
 * The middleware registered with `use()` (and not ejected), kept alongside openapi-fetch's own
 * list, which it does not expose: flows go through openapi-fetch only while there is some.
 */
function trackMiddleware(client: Client<paths>): readonly Middleware[] {
  const registered: Middleware[] = [];
  const { use, eject } = client;
  client.use = (...list) => {
    for (const m of list) {
      use(m); // throws on something that is not middleware, before it is counted
      if (m) registered.push(m);
    }
  };
  client.eject = (...list) => {
    eject(...list);
    for (const m of list) {
      const at = registered.indexOf(m);
      if (at !== -1) registered.splice(at, 1);
    }
  };
  return registered;
}

/**
 * The answer as openapi-fetch gives it with `parseAs: "text"` (what outcomes.ts reads): the text
 * on 2xx, the parsed JSON (else the text) otherwise, nothing for 204 or an empty body. The
 * attempt ends once the body is read.
 */
async function readText(response: Response): Promise<TextResult> {
  try {
    const length = response.headers.get("Content-Length");
    if (response.status === 204 || (length === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked"))) {
      return response.ok ? { data: undefined, response } : { error: undefined, response };
    }
    const text = await response.text();
    if (response.ok) return { data: text, response };
    try {
      return { error: JSON.parse(text) as unknown, response };
    } catch {
      return { error: text, response };
    }
  } finally {
    endAttempt(response);
  }
}

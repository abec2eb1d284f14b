/**
 * The gateway client: the openapi-fetch client typed by the generated spec types, configured for
 * this API (Basic auth, the vendor media type, bracket form bodies, signing, timeouts, retries),
 * plus one plain function per flow that returns an outcome instead of a raw response.
 */
import createClient, { removeTrailingSlash, type Client } from "openapi-fetch";
import { mediaType, servers } from "../../../../generated/gateway/constants";
import type { components, operations, paths } from "../../../../generated/gateway/schema";
import { httpUrlOption, nonEmptyOption, timeoutOption } from "../common/options";
import { endAttempt, type RetryOptions, type Transport } from "../common/retry";
import { serializeForm } from "./form-body";
import { toOutcome, toResource, type Outcome, type TextResult, type TransactionOperation } from "./outcomes";
import { pathParams, routeOf, type OperationId } from "./routes";
import { createGatewayFetch, createGatewaySend } from "./signed-fetch";
import { assertSignedIfRequired, createSigner, type SigningOptions } from "./signing";

/** The spec's servers by environment (`live`, `test`, `local-sandbox`, `local-mock`), from generated/gateway/constants.ts. */
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
  const named =
    typeof options.baseUrl === "string" && Object.hasOwn(gatewayBaseUrls, options.baseUrl)
      ? gatewayBaseUrls[options.baseUrl as keyof typeof gatewayBaseUrls]
      : undefined;
  const baseUrl = removeTrailingSlash(
    named ??
      httpUrlOption(
        options.baseUrl,
        "baseUrl",
        `${Object.keys(gatewayBaseUrls)
          .map((name) => `"${name}"`)
          .join(", ")} or an http(s) URL such as ${gatewayBaseUrls.test}`,
      ),
  );
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
    fetch: createGatewayFetch(send),
  });
  // Typed per route by openapi-fetch; here the route is a variable, and the flows' own signatures carry the types.
  const request = client.request.bind(client) as unknown as (method: string, path: string, init: object) => Promise<TextResult>;
  /**
   * One flow request, through openapi-fetch like any other call, so that middleware sees it. Its
   * answer has been read whole once openapi-fetch resolves, so the attempt's timer stops then.
   */
  const exchange: Exchange = async (id, ids, body, o) => {
    const route = routeOf(id);
    const result = await request(route.specMethod, route.path, { params: { path: pathParams(route, ids) }, body, parseAs: "text", ...o });
    endAttempt(result.response);
    return result;
  };
  return Object.assign(client, flows(exchange));
}

type Exchange = (id: OperationId, ids: readonly string[], body: unknown, o: CallOptions | undefined) => Promise<TextResult>;

function flows(exchange: Exchange): GatewayFlows {
  const transaction = async <Op extends TransactionOperation & OperationId>(
    id: Op,
    ids: readonly string[],
    body: unknown,
    o: CallOptions | undefined,
  ) => toOutcome<Op>(await exchange(id, ids, body, o), routeOf(id).label);
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

/**
 * The gateway client: the openapi-fetch client typed by the generated spec types, configured for
 * this API (Basic auth, the vendor media type, bracket form bodies, signing, timeouts, retries),
 * plus one plain function per flow that returns an outcome instead of a raw response.
 */
import createClient, { type Client } from "openapi-fetch";
import { mediaType } from "../../../../generated/gateway/constants";
import type { components, operations, paths } from "../../../../generated/gateway/schema";
import type { RetryOptions, Transport } from "../common/retry";
import { servers } from "../../../../generated/gateway/constants";
import { serializeForm } from "./form-body";
import { toOutcome, toResource, type Outcome, type TransactionOperation } from "./outcomes";
import { PreparedRequest } from "./prepared-request";
import { createGatewayFetch } from "./signed-fetch";
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
  const signer = options.signing ? createSigner(options.signing) : undefined;
  const baseUrl = options.baseUrl in gatewayBaseUrls ? gatewayBaseUrls[options.baseUrl as keyof typeof gatewayBaseUrls] : options.baseUrl;
  const client = createClient<paths>({
    baseUrl,
    headers: {
      Authorization: `Basic ${Buffer.from(`${options.apiKey}:`).toString("base64")}`,
      Accept: mediaType,
      "Content-Type": formMediaType,
    },
    // Decided here, before serializing: a signing-only payment method never leaves unsigned.
    bodySerializer: (body: unknown) => {
      assertSignedIfRequired(body, signer !== undefined);
      return serializeForm(body);
    },
    // A lighter stand-in for the WHATWG Request, which the custom fetch would take apart at once.
    Request: PreparedRequest as unknown as typeof Request,
    fetch: createGatewayFetch({
      transport: options.fetch ?? ((url, init) => fetch(url, init)),
      signer,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: options.retry,
      log: options.log,
    }),
  });
  return Object.assign(client, flows(client));
}

function flows(client: Client<paths>): GatewayFlows {
  const text = "text" as const; // the helpers parse the body themselves (outcomes.ts)
  type Op = TransactionOperation;
  const outcome = <O extends Op>(operation: string) => (result: Parameters<typeof toOutcome>[0]) => toOutcome<O>(result, operation);
  const authorization = (id: string) => ({ path: { authorization_id: id } });
  return {
    authorize: (body, o) => client.POST("/authorizations", { body, parseAs: text, ...o }).then(outcome<"createAuthorization">("POST /authorizations")),
    capture: (id, body, o) =>
      client
        .POST("/authorizations/{authorization_id}/captures", { params: authorization(id), body, parseAs: text, ...o })
        .then(outcome<"createCapture">("POST /authorizations/{authorization_id}/captures")),
    refund: (id, body, o) =>
      client
        .POST("/authorizations/{authorization_id}/refunds", { params: authorization(id), body, parseAs: text, ...o })
        .then(outcome<"createRefund">("POST /authorizations/{authorization_id}/refunds")),
    void: (id, o) =>
      client
        .POST("/authorizations/{authorization_id}/voids", { params: authorization(id), parseAs: text, ...o })
        .then(outcome<"createVoid">("POST /authorizations/{authorization_id}/voids")),
    debit: (body, o) => client.POST("/debits", { body, parseAs: text, ...o }).then(outcome<"createDebit">("POST /debits")),
    refundDebit: (id, o) =>
      client
        .POST("/debits/{debit_id}/refunds", { params: { path: { debit_id: id } }, parseAs: text, ...o })
        .then(outcome<"createDebitRefund">("POST /debits/{debit_id}/refunds")),
    credit: (body, o) => client.POST("/credits", { body, parseAs: text, ...o }).then(outcome<"createCredit">("POST /credits")),
    account: (o) => client.GET("/account", { parseAs: text, ...o }).then((result) => toResource<S["Account"]>(result, "GET /account")),
  };
}

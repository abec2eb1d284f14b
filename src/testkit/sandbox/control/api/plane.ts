/**
 * The sandbox's control API (openapi/sandbox-control/), mounted under `/_sandbox/` on the gateway
 * and merchant listeners: routed, its parameters and bodies validated and its answers checked
 * against its own bundled spec, like the payment APIs. It runs before the APIs' pipelines, so a
 * control call never counts against a quota, never shows in an API's answer and is recorded only
 * when refused (the listener records it as the control API's). It steers the sandbox only through
 * what the assembly hands it (`Controlled`).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { components, operations } from "../../../../../generated/sandbox-control/schema";
import { checkRequest } from "../../../openapi-model/check-request";
import { checkResponse, findingLines } from "../../../openapi-model/check-response";
import type { OperationRecord } from "../../../openapi-model/model-records";
import { apiModel, type ApiModel } from "../../../openapi-model/operation-model";
import { dottedName } from "../../../openapi-model/validation-errors";
import type { SandboxClock } from "../../cross-api/clock";
import { sendableMessage } from "../../cross-api/masking";
import { consoleAsset, consolePage, exchangeStream, type ConsoleAsset, type OpenStream } from "../console/serve";
import type { GatewaySandbox } from "../../gateway/app";
import { checkedResponseOf } from "../../listener/checked-response";
import type { MountedRoutes, SandboxResponse } from "../../listener/messages";
import type { MerchantSandbox } from "../../merchant/app";
import { curlOf, refusalOf } from "./explain";
import type { ExchangeRecord } from "../exchanges";
import type { FaultRules } from "../faults";
import type { FixturesLoaded } from "./fixtures-loaded";
import { checkFixture } from "../fixtures/load";
import type { Fixture, FixtureResult } from "../fixtures";
import { applicationStates, GatewayStateView, rateLimitWindows } from "./state-view";
import { guidePath } from "../../../common/guides";

type Schemas = components["schemas"];
type OperationId = keyof operations;

/** Where the control API is served on each API listener. */
export const CONTROL_PREFIX = "/_sandbox";

/** What the control API steers: the parts of a running sandbox, handed in where it is assembled. */
export interface Controlled {
  faults: FaultRules;
  exchanges: ExchangeRecord;
  /** A new state swapped in: the seeds and the start fixtures, the clock at now, faults and isolated accounts gone. */
  reset(): Promise<void>;
  createAccount(): Promise<Schemas["Account"]>;
  /** The state in force (a new one after each reset): its clock, stores and the fixtures built in it. */
  state(): { clock: SandboxClock; gateway: GatewaySandbox; merchant: MerchantSandbox; fixtures: FixturesLoaded };
  /** The base URLs of the API listeners (for curl lines). */
  urls(): { gateway: string; merchant: string; storage: string };
  /** Builds a checked fixture; a FixtureError names the path and rule. */
  loadFixture(named: { source: string; fixture: Fixture }): Promise<FixtureResult>;
}

interface ControlCall {
  route: OperationRecord;
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What a control handler answers: a response, or a stream it writes itself (streamExchanges). */
export type ControlAnswer = SandboxResponse | OpenStream;

const json = (status: number, body?: unknown): SandboxResponse =>
  body === undefined ? { status } : { status, headers: { "content-type": "application/json" }, body };
/** A control refusal; it may echo input (a path, a header, a fixture's value), so it goes through the masking step. */
const refusal = (status: number, error: string): SandboxResponse =>
  json(status, { error: sendableMessage(error) } satisfies Schemas["ControlError"]);

function clockOf(clock: SandboxClock): Schemas["Clock"] {
  return { now: new Date(clock.now()).toISOString(), offset_seconds: clock.offsetSeconds() };
}

type ControlHandlers = {
  [K in OperationId]: (call: ControlCall, sandbox: Controlled, views: Views) => ControlAnswer | Promise<ControlAnswer>;
};

/** What the plane builds once from the specs for its read-only views. */
interface Views {
  gatewayState: GatewayStateView;
}

const LAST_EVENT_ID = /^[0-9]{1,16}$/;

const handlers: ControlHandlers = {
  getClock: (_call, sandbox) => json(200, clockOf(sandbox.state().clock)),
  advanceClock: ({ body }, sandbox) => {
    const { clock } = sandbox.state();
    const { advance_seconds } = body as Schemas["ClockAdvance"];
    // The schema bounds one step; the clock also bounds how far ahead it may run in all.
    const refused = clock.refusalOf(advance_seconds);
    if (refused !== undefined) return refusal(400, refused);
    clock.advance(advance_seconds);
    return json(200, clockOf(clock));
  },
  // Answers once the reset is done (fixtures loaded at start are loaded again): the next request sees the new state.
  resetSandbox: async (_call, sandbox) => {
    await sandbox.reset();
    return json(200, clockOf(sandbox.state().clock));
  },
  createAccount: async (_call, sandbox) => json(201, await sandbox.createAccount()),
  listFaults: (_call, { faults }) => json(200, { items: faults.list() } satisfies Schemas["FaultList"]),
  addFault: ({ body }, { faults }) => {
    const added = faults.add(body as Schemas["FaultCreate"]);
    return added.ok ? json(201, added.fault) : refusal(400, added.error);
  },
  clearFaults: (_call, { faults }) => {
    faults.clear();
    return json(204);
  },
  removeFault: ({ params }, { faults }) =>
    faults.remove(params.fault_id!) ? json(204) : refusal(404, `no fault rule ${params.fault_id} is in force`),
  listExchanges: ({ query }, { exchanges }) => json(200, exchanges.list(query) satisfies Schemas["ExchangeList"]),
  getExchange: ({ params }, sandbox) => {
    const exchange = sandbox.exchanges.get(Number(params.exchange_id));
    if (!exchange) return refusal(404, `the record holds no exchange ${params.exchange_id}`);
    const { gateway, merchant } = sandbox.state();
    const refused = refusalOf(exchange, { gateway: gateway.router, merchant: merchant.router });
    const detail: Schemas["ExchangeDetail"] = {
      exchange,
      // The control API is served on both API listeners: the gateway's is as good as the merchant's.
      curl: curlOf(exchange, sandbox.urls()[exchange.api === "control" ? "gateway" : exchange.api]),
      ...(refused ? { refusal: refused } : {}),
    };
    return json(200, detail);
  },
  streamExchanges: ({ headers }, { exchanges }) => {
    const last = headers["last-event-id"];
    if (last !== undefined && (typeof last !== "string" || !LAST_EVENT_ID.test(last)))
      return refusal(400, "Last-Event-ID: must be the id of an exchange");
    // A page of another site may not hold the stream's places: a browser names such a request in Sec-Fetch-Site
    // (an <img> or a no-cors fetch sends no Origin); the listener has refused foreign Hosts and Origins already.
    const site = headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none")
      return refusal(403, `Sec-Fetch-Site: ${site}: the exchange stream is for the console's own page and for clients outside a browser`);
    const origin = headers.origin ?? (site === undefined ? "not a browser" : "a browser's same-origin page");
    const stream = exchangeStream(exchanges, last === undefined ? undefined : Number(last), origin);
    return stream ?? refusal(503, "16 exchange streams are open already, or 8 of this origin: close one");
  },
  listGatewayTransactions: ({ query }, sandbox, views) =>
    json(200, views.gatewayState.list(sandbox.state().gateway.store, sandbox.state().clock, query)),
  listMerchantApplications: ({ query }, sandbox) =>
    json(200, applicationStates(sandbox.state().merchant.resources, sandbox.state().clock, query)),
  listRateLimitWindows: ({ query }, sandbox) => json(200, rateLimitWindows(sandbox.state().merchant.limiter, sandbox.state().clock, query)),
  loadFixture: async ({ body }, sandbox) => {
    const source = "control API";
    let result: FixtureResult;
    try {
      result = await sandbox.loadFixture({ source, fixture: checkFixture(body, source) });
    } catch (error) {
      // A fixture refused names its path and rule (the first; a fixture file lists them all).
      if (error instanceof Error && error.name === "FixtureError")
        return refusal(400, error.message.split("\n")[0]!.replace(/^control API /, ""));
      throw error;
    }
    const loaded = sandbox.state().fixtures.list().at(-1)!;
    return json(201, { source, loaded_at: loaded.loaded_at, ids: { ...result.ids } } satisfies Schemas["FixtureLoaded"]);
  },
  listFixtures: (_call, sandbox) => json(200, { items: sandbox.state().fixtures.list() } satisfies Schemas["FixtureList"]),
  getConsole: () => consolePage(),
  getConsoleAsset: ({ params }) => consoleAsset(params.asset as ConsoleAsset),
};

export class ControlPlane implements MountedRoutes {
  private readonly model: ApiModel;
  private readonly views: Views;

  constructor(
    private readonly sandbox: Controlled,
    private readonly log: (line: string) => void,
  ) {
    this.model = apiModel("sandbox-control");
    this.views = { gatewayState: new GatewayStateView(sandbox.state().gateway.doc) };
  }

  /** Whether a request path is the control API's. */
  claims(pathname: string): boolean {
    return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
  }

  async handle(
    method: string,
    pathname: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
    rawBody: Buffer,
  ): Promise<ControlAnswer> {
    const contentType = headers["content-type"];
    const routed = this.model.router.match(method, pathname.slice(CONTROL_PREFIX.length) || "/");
    if (routed.kind === "not-found")
      return refusal(404, `no control endpoint ${pathname}; see ${guidePath("sandbox.md")} (the control API)`);
    if (routed.kind === "method-not-allowed")
      return {
        ...refusal(405, `use ${routed.allow.join(" or ")}`),
        headers: { "content-type": "application/json", allow: routed.allow.join(", ") },
      };
    const { route, params } = routed;
    const checked = checkRequest(this.model, route, { params, query, contentType, body: rawBody });
    const wrong = checked.parameters.errors[0];
    if (wrong) return refusal(wrong.in === "path" ? 404 : 400, `${wrong.name}: ${wrong.errors[0]?.message ?? "is not valid"}`);
    const decoded = checked.body;
    if (decoded.kind === "unsupported-media-type") return refusal(415, `Content-Type must be ${decoded.accepted.join(" or ")}`);
    if (decoded.kind === "malformed") return refusal(400, `the body is not JSON: ${decoded.reason}`);
    if (decoded.kind === "invalid") {
      const first = decoded.errors[0]!;
      return refusal(400, `${dottedName(first.path) || "body"}: ${first.message}`);
    }
    const parameters = checked.parameters;
    const body = decoded.value;
    let answer: ControlAnswer;
    try {
      answer = await handlers[route.operationId as OperationId](
        { route, params, query: parameters.values, headers, body },
        this.sandbox,
        this.views,
      );
    } catch (error) {
      this.log(`[sandbox:control] ${route.operationId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return refusal(500, `${route.operationId} failed in the sandbox: see its log`);
    }
    // A stream's events are written as they come: its spec fixes the media type, which it sets itself.
    if ("stream" in answer) return answer;
    // The control API is held to its spec like the payment APIs: a violation is a bug, and says so.
    const findings = checkResponse(this.model, route, checkedResponseOf(answer), { method });
    if (findings.length === 0) return answer;
    const problems = findingLines(findings);
    this.log(`[sandbox:control] RESPONSE VIOLATES SPEC: ${route.operationId} ${answer.status}: ${problems.join("; ")}`);
    return refusal(500, `the answer of ${route.operationId} violates the control spec: ${problems.join("; ")}`);
  }
}

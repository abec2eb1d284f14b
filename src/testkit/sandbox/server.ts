/**
 * Starts the sandbox: the gateway API, the merchant API and the merchant API's storage host,
 * each on its own loopback port, over one state (state.ts), with the control plane (control/)
 * mounted beside the two APIs. The one place the layers are joined: the listener knows neither API
 * nor the control plane, the APIs know nothing of the control plane, and the control plane steers
 * the state through what this file hands it. In-memory state; nothing persists.
 */
import type { Server } from "node:http";
import type { SandboxClock } from "./cross-api/clock";
import { defaultConfig, type ResponseValidationMode, type SandboxConfig } from "./configuration/config";
import type { GatewaySandbox } from "./gateway/app";
import { Faults, type SandboxFault } from "./cross-api/faults";
import { close, createListener, listen, ViolationLog, type ListenerOptions, type ListenerTimeouts } from "./listener/http";
import type { MerchantSandbox } from "./merchant/app";
import { screenUpload, storeUpload } from "./merchant/storage";
import type { IsolatedAccount } from "./control/accounts";
import { documentedAnswers } from "./control/documented-answers";
import { appendableLogFile, ExchangeRecord } from "./control/exchanges";
import { FaultRules } from "./control/faults";
import type { FixtureResult } from "./control/fixtures";
import { ControlPlane } from "./control/api/plane";
import { gatewayRefusal, merchantRefusal, storageRefusal } from "./refusals";
import { prepareRequestChecks } from "../openapi-model/check-request";
import { prepareResponseChecks } from "../openapi-model/check-response";
import type { SpecRouter } from "../openapi-model/router";
import { declineRefusal } from "./gateway/operations";
import { portProblem } from "../serve/ports";
import { freshState, loadInto, startState, type NamedFixture, type SandboxState, type StateUrls } from "./state";

export interface SandboxOptions {
  config?: SandboxConfig;
  /** 0 picks a free port. */
  ports?: { gateway?: number; merchant?: number; storage?: number };
  /** `strict` (default): a response that breaks the spec becomes a 500; `log`: logged only; `off`. */
  responseValidation?: ResponseValidationMode;
  /** Where violation and error lines go (stderr by default). */
  log?: (line: string) => void;
  /** How long a request may take to arrive (tests shorten them). */
  timeouts?: ListenerTimeouts;
  /** Rules switched off, for the contract suite's mutation run only (see faults.ts). */
  faults?: Iterable<SandboxFault>;
  /**
   * Compile every operation's validators before listening (serving processes), rather than on
   * each operation's first request (tests, which start many sandboxes and use few operations).
   */
  precompile?: boolean;
  /** Exchanges the record keeps (default 1,000). */
  exchanges?: number;
  /** A file every exchange is appended to, as NDJSON. */
  logFile?: string;
  /** Fixtures, read and checked already, built at start and again in every reset's state. */
  fixtures?: readonly NamedFixture[];
}

export interface RunningSandbox {
  gatewayUrl: string;
  merchantUrl: string;
  storageUrl: string;
  /** The test clock of the state in force. */
  readonly clock: SandboxClock;
  /** Every response that broke the spec (stays empty when the sandbox conforms). */
  violations: ViolationLog;
  /** The gateway sandbox's state (a new one after each reset). */
  readonly gateway: GatewaySandbox;
  /** The merchant sandbox's state (a new one after each reset). */
  readonly merchant: MerchantSandbox;
  /** What each start fixture built in the state in force. */
  readonly fixtures: readonly FixtureResult[];
  /** The fault rules of the control API. */
  faults: FaultRules;
  /** The record of every exchange of both APIs. */
  exchanges: ExchangeRecord;
  /** A new state swapped in: the seeds and the start fixtures, the clock at now, no faults, no isolated accounts. */
  reset(): Promise<void>;
  /** A fresh merchant account on both APIs that no other client sees (the control API's createAccount). */
  createAccount(): Promise<IsolatedAccount>;
  /** Builds a checked fixture in the state in force (the control API's loadFixture); refused whole. */
  loadFixture(named: NamedFixture): Promise<FixtureResult>;
  stop(): Promise<void>;
}

/** Compiles the request and response validators of every operation a router serves. */
function precompile(router: SpecRouter): void {
  for (const operation of router.operations.values()) {
    prepareRequestChecks(operation);
    prepareResponseChecks(operation);
  }
}

/**
 * Resets and loads, one at a time: a reset builds a state aside and swaps it in one step, a load
 * builds into the state in force in one step (state.ts), so none sees another half done (three
 * resets at once make three whole states, the last one in force).
 */
class StateChanges {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(change: () => Promise<T>): Promise<T> {
    const next = this.last.then(change, change);
    this.last = next.catch(() => undefined);
    return next;
  }
}

/** The listeners' ports, each checked (0 picks a free one): a bad one is refused naming it. */
function checkedPorts(ports: SandboxOptions["ports"] = {}): Record<keyof StateUrls, number> {
  const checked = { gateway: ports.gateway ?? 0, merchant: ports.merchant ?? 0, storage: ports.storage ?? 0 };
  for (const [api, port] of Object.entries(checked)) {
    const problem = portProblem(String(port), { allowZero: true });
    if (problem !== undefined) throw new Error(`ports.${api} ${problem}, got ${port}`);
  }
  return checked;
}

/**
 * Starts the listeners on the state of `options` (its config and fixtures read and checked by the
 * caller; its ports, log file and exchange count checked here), each input refused before a port
 * is bound. If anything fails once a port is bound, everything opened is closed again before the
 * error is thrown.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const ports = checkedPorts(options.ports);
  const logFile = options.logFile === undefined ? undefined : appendableLogFile(options.logFile, "logFile");
  const config = options.config ?? defaultConfig();
  const injected = new Faults(options.faults);
  const fixtures = options.fixtures ?? [];
  const urls: StateUrls = { gateway: "", merchant: "", storage: "" };
  // The state the listeners are made with; replaced, once they listen, by the start state.
  let state: SandboxState = freshState(config, injected, urls);
  if (options.precompile) [state.gateway.router, state.merchant.router, state.merchant.storageRouter].forEach(precompile);
  const faults = new FaultRules(
    new Set([...state.gateway.router.operations.keys(), ...state.merchant.router.operations.keys()]),
    documentedAnswers([state.gateway, state.merchant]),
    declineRefusal,
  );
  const changes = new StateChanges();
  const sandbox = {
    reset: () =>
      changes.run(async () => {
        const next = await startState(config, injected, urls, fixtures);
        state = next;
        faults.clear();
      }),
    // Made in the state in force when asked: a reset meanwhile makes it in the state it replaced.
    createAccount: () => state.accounts.create(),
    // Built in the state in force, whole or not at all (state.ts).
    loadFixture: (named: NamedFixture) => changes.run(() => loadInto(state, urls, named)),
  };
  const exchanges = new ExchangeRecord(options.exchanges, logFile);
  const servers = listeners(options, config, urls, () => state, faults, exchanges, sandbox);
  try {
    for (const [api, server] of servers) urls[api] = await listen(server, ports[api]);
    state = await startState(config, injected, urls, fixtures);
  } catch (error) {
    await Promise.all([...servers.values()].filter((server) => server.listening).map(close));
    await exchanges.close();
    throw error;
  }
  return {
    gatewayUrl: urls.gateway,
    merchantUrl: urls.merchant,
    storageUrl: urls.storage,
    violations: servers.violations,
    get clock() {
      return state.clock;
    },
    get gateway() {
      return state.gateway;
    },
    get merchant() {
      return state.merchant;
    },
    get fixtures() {
      return state.started;
    },
    faults,
    exchanges,
    ...sandbox,
    async stop() {
      await Promise.all([...servers.values()].map(close));
      await exchanges.close();
    },
  };
}

/** The three listeners, each handed the handler of the state in force, the control plane mounted on the two APIs'. */
function listeners(
  options: SandboxOptions,
  config: SandboxConfig,
  urls: StateUrls,
  current: () => SandboxState,
  faults: FaultRules,
  exchanges: ExchangeRecord,
  sandbox: Pick<RunningSandbox, "reset" | "createAccount" | "loadFixture">,
): Map<keyof StateUrls, Server> & { violations: ViolationLog } {
  const violations = new ViolationLog();
  const authenticated = faults.authenticated.bind(faults);
  const control = new ControlPlane(
    {
      faults,
      exchanges,
      ...sandbox,
      state: current,
      urls: () => ({ ...urls }),
    },
    options.log ?? ((line: string) => console.error(line)),
  );
  const shared = {
    validation: options.responseValidation ?? "strict",
    violations,
    log: options.log,
    timeouts: options.timeouts,
    onExchange: (exchange: Parameters<ExchangeRecord["add"]>[0]) => void exchanges.add(exchange),
  };
  const apis = { ...shared, mounted: control, network: faults.network.bind(faults) };
  // An API's listener: its spec from the first state (every state reads the same), its handler from the state in force.
  const api = (name: "gateway" | "merchant", refuse: ListenerOptions["refuse"]) =>
    createListener({
      ...apis,
      api: name,
      router: current()[name].router,
      model: current()[name].model,
      maxBodyBytes: config[name].maxBodyBytes,
      handler: () => {
        const { handler } = current()[name];
        return (request) => handler(request, authenticated);
      },
      refuse,
    });
  const { merchant } = current();
  const { maxUploadBytes } = config.merchant;
  const servers = new Map<keyof StateUrls, Server>([
    ["gateway", api("gateway", gatewayRefusal(current().gateway.contentType))],
    ["merchant", api("merchant", merchantRefusal)],
    [
      "storage",
      createListener({
        ...shared,
        api: "storage",
        router: merchant.storageRouter,
        model: merchant.model,
        maxBodyBytes: maxUploadBytes,
        handler: () => {
          const { files } = current();
          return (request) => storeUpload(files, maxUploadBytes, request);
        },
        screen: (request) => screenUpload(current().files, maxUploadBytes, request),
        refuse: storageRefusal,
      }),
    ],
  ]);
  return Object.assign(servers, { violations });
}

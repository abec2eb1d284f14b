/**
 * Starts the sandbox: the gateway API, the merchant API and the merchant API's storage host,
 * each on its own loopback port, sharing one test clock. In-memory state; nothing persists.
 */
import type { Server } from "node:http";
import { SandboxClock } from "./cross-api/clock";
import { defaultConfig, type ResponseValidationMode, type SandboxConfig } from "./configuration/config";
import { createGatewaySandbox, type GatewaySandbox } from "./gateway/app";
import { Faults, type SandboxFault } from "./cross-api/faults";
import { close, createListener, listen, ViolationLog, type ListenerTimeouts } from "./listener/http";
import { createMerchantSandbox, type MerchantSandbox } from "./merchant/app";
import { FileStore } from "./merchant/records/files";
import { storeUpload, screenUpload } from "./merchant/storage";
import { IsolatedAccounts, type IsolatedAccount } from "./control/accounts";
import { documentedAnswers } from "./control/documented-answers";
import { ExchangeRecord } from "./control/exchanges";
import { FaultRules } from "./control/faults";
import { FixturesLoaded } from "./control/api/fixtures-loaded";
import type { FixtureResult } from "./control/fixtures/types";
import { applyFixture } from "./control/fixtures/apply";
import { ControlPlane } from "./control/api/plane";
import { gatewayRefusal, merchantRefusal, storageRefusal } from "./refusals";
import { prepareRequestChecks } from "../openapi-model/check-request";
import { prepareResponseChecks } from "../openapi-model/check-response";
import type { SpecRouter } from "../openapi-model/router";
import { declineRefusal } from "./gateway/operations";

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
}

/** Compiles the request and response validators of every operation a router serves. */
function precompile(router: SpecRouter): void {
  for (const operation of router.operations.values()) {
    prepareRequestChecks(operation);
    prepareResponseChecks(operation);
  }
}

export interface RunningSandbox {
  gatewayUrl: string;
  merchantUrl: string;
  storageUrl: string;
  clock: SandboxClock;
  /** Every response that broke the spec (stays empty when the sandbox conforms). */
  violations: ViolationLog;
  /** The gateway sandbox's state (a new one after each reset). */
  readonly gateway: GatewaySandbox;
  /** The merchant sandbox's state (a new one after each reset). */
  readonly merchant: MerchantSandbox;
  /** The fault rules of the control API. */
  faults: FaultRules;
  /** The record of every exchange of both APIs. */
  exchanges: ExchangeRecord;
  /** Every store back to the seeds, the clock to now, faults and isolated accounts gone; then the `afterReset` hooks. */
  reset(): Promise<void>;
  /** Runs after every reset, before the reset answers (fixtures loaded at start are loaded again). */
  afterReset(hook: () => Promise<void> | void): void;
  /** A fresh merchant account on both APIs that no other client sees (the control API's createAccount). */
  createAccount(): IsolatedAccount;
  /** A private sandbox of `config` on free ports, silent: where a fixture is rehearsed before it is built here. */
  startScratch(config: SandboxConfig): Promise<RunningSandbox>;
  /** Notes a fixture built outside the control API (at start, or again after a reset), for its listFixtures. */
  noteFixture(source: string, result: FixtureResult): void;
  stop(): Promise<void>;
}

/** A private sandbox of `config` on free ports, silent (a fixture's rehearsal). */
function startScratch(config: SandboxConfig): Promise<RunningSandbox> {
  return startSandbox({ config, ports: { gateway: 0, merchant: 0, storage: 0 }, log: () => {} });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = options.config ?? defaultConfig();
  const validation = options.responseValidation ?? "strict";
  const log = options.log ?? ((line: string) => console.error(line));
  const clock = new SandboxClock();
  const violations = new ViolationLog();
  const injected = new Faults(options.faults);
  // The stores, rebuilt from the configuration by a reset; the listeners reach them through `state`.
  const build = () => {
    const files = new FileStore(clock, config.merchant.uploadUrlTtlSeconds);
    return {
      files,
      gateway: createGatewaySandbox(config.gateway, clock, injected),
      merchant: createMerchantSandbox(config.merchant, clock, files, injected),
    };
  };
  let state = build();
  const { gateway, merchant } = state;
  if (options.precompile) {
    precompile(gateway.router);
    precompile(merchant.router);
    precompile(merchant.storageRouter);
  }
  const faults = new FaultRules(
    new Set([...gateway.router.operations.keys(), ...merchant.router.operations.keys()]),
    documentedAnswers([gateway, merchant]),
    declineRefusal,
  );
  const exchanges = new ExchangeRecord(options.exchanges, options.logFile);
  const accounts = new IsolatedAccounts();
  const afterReset: Array<() => Promise<void> | void> = [];
  let urls = { merchant: "", storage: "" };
  let gatewayUrl = "";
  const fixtures = new FixturesLoaded();

  const reset = async (): Promise<void> => {
    state = build();
    state.merchant.setBaseUrl(urls.merchant);
    state.files.storageBaseUrl = urls.storage;
    clock.reset();
    faults.clear();
    accounts.clear();
    fixtures.clear();
    for (const hook of afterReset) await hook();
  };
  const control = new ControlPlane(
    {
      clock,
      faults,
      exchanges,
      reset,
      createAccount: () => accounts.create(state.gateway, state.merchant, config.gateway),
      state: () => state,
      urls: () => ({ gateway: gatewayUrl, ...urls }),
      loadFixture: (fixture) =>
        applyFixture({ gatewayUrl, merchantUrl: urls.merchant, startScratch }, fixture, { rehearse: { config }, source: "control API" }),
      fixtures,
    },
    log,
  );

  // What every listener shares.
  const shared = { validation, violations, log: options.log, timeouts: options.timeouts, faults, record: exchanges };
  const gatewayServer = createListener({
    ...shared,
    api: "gateway",
    router: gateway.router,
    handler: (request) => state.gateway.handler(request),
    maxBodyBytes: config.gateway.maxBodyBytes,
    model: gateway.model,
    control,
    refuse: gatewayRefusal(gateway.contentType),
  });
  const merchantServer = createListener({
    ...shared,
    api: "merchant",
    router: merchant.router,
    handler: (request) => state.merchant.handler(request),
    maxBodyBytes: config.merchant.maxBodyBytes,
    model: merchant.model,
    control,
    refuse: merchantRefusal,
  });
  const storageServer = createListener({
    ...shared,
    api: "storage",
    router: merchant.storageRouter,
    handler: (request) => storeUpload(state.files, config.merchant.maxUploadBytes, request),
    screen: (request) => screenUpload(state.files, config.merchant.maxUploadBytes, request),
    maxBodyBytes: config.merchant.maxUploadBytes,
    model: merchant.model,
    refuse: storageRefusal,
  });

  const servers: Server[] = [];
  try {
    servers.push(gatewayServer);
    gatewayUrl = await listen(gatewayServer, options.ports?.gateway ?? 0);
    servers.push(merchantServer);
    const merchantUrl = await listen(merchantServer, options.ports?.merchant ?? 0);
    servers.push(storageServer);
    const storageUrl = await listen(storageServer, options.ports?.storage ?? 0);
    urls = { merchant: merchantUrl, storage: storageUrl };
    state.merchant.setBaseUrl(merchantUrl);
    state.files.storageBaseUrl = storageUrl;
    return {
      gatewayUrl,
      merchantUrl,
      storageUrl,
      clock,
      violations,
      get gateway() {
        return state.gateway;
      },
      get merchant() {
        return state.merchant;
      },
      faults,
      exchanges,
      reset,
      afterReset: (hook) => void afterReset.push(hook),
      createAccount: () => accounts.create(state.gateway, state.merchant, config.gateway),
      startScratch,
      noteFixture: (source, result) => void fixtures.note(source, result),
      async stop() {
        await Promise.all(servers.map(close));
        await exchanges.close();
      },
    };
  } catch (error) {
    await Promise.all(servers.filter((s) => s.listening).map(close));
    await exchanges.close();
    throw error;
  }
}

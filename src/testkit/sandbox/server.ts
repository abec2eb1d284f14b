/**
 * Starts the sandbox: the gateway API, the merchant API and the merchant API's storage host,
 * each on its own loopback port, sharing one test clock. In-memory state; nothing persists.
 */
import type { Server } from "node:http";
import { SandboxClock } from "./clock";
import { defaultConfig, type ResponseValidationMode, type SandboxConfig } from "./config";
import { createGatewaySandbox, type GatewaySandbox } from "./gateway/app";
import { Faults, type SandboxFault } from "./faults";
import { close, createListener, listen, ViolationLog, type ListenerTimeouts } from "./http";
import { createMerchantSandbox, type MerchantSandbox } from "./merchant/app";
import { FileStore } from "./merchant/files";
import { storageHandler, storageScreen } from "./merchant/storage";
import { gatewayRefusal, merchantRefusal, storageRefusal } from "./refusals";
import { RequestValidator } from "../spec/request-validation";
import type { ResponseValidator } from "../spec/response-validation";
import type { SpecRouter } from "../spec/router";

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
}

/** Resolves and compiles the request and response validators of every operation a router serves. */
function precompile(router: SpecRouter, responses: ResponseValidator): void {
  const requests = new RequestValidator(responses.doc, responses.validator);
  for (const route of router.operations.values()) {
    requests.prepare(route);
    responses.prepare(route);
  }
}

export interface RunningSandbox {
  gatewayUrl: string;
  merchantUrl: string;
  storageUrl: string;
  clock: SandboxClock;
  /** Every response that broke the spec (stays empty when the sandbox conforms). */
  violations: ViolationLog;
  gateway: GatewaySandbox;
  merchant: MerchantSandbox;
  stop(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = options.config ?? defaultConfig();
  const validation = options.responseValidation ?? "strict";
  const clock = new SandboxClock();
  const violations = new ViolationLog();
  const files = new FileStore(clock, config.merchant.uploadUrlTtlSeconds);
  const faults = new Faults(options.faults);
  const gateway = createGatewaySandbox(config.gateway, clock, faults);
  const merchant = createMerchantSandbox(config.merchant, clock, files, faults);
  if (options.precompile) {
    precompile(gateway.router, gateway.responses);
    precompile(merchant.router, merchant.responses);
    precompile(merchant.storageRouter, merchant.responses);
  }

  // What every listener shares.
  const shared = { validation, violations, log: options.log, timeouts: options.timeouts };
  const gatewayServer = createListener({
    ...shared,
    api: "gateway",
    router: gateway.router,
    handler: gateway.handler,
    maxBodyBytes: config.gateway.maxBodyBytes,
    responses: gateway.responses,
    clock,
    refuse: gatewayRefusal(gateway.contentType),
  });
  const merchantServer = createListener({
    ...shared,
    api: "merchant",
    router: merchant.router,
    handler: merchant.handler,
    maxBodyBytes: config.merchant.maxBodyBytes,
    responses: merchant.responses,
    clock,
    refuse: merchantRefusal,
  });
  const storageServer = createListener({
    ...shared,
    api: "storage",
    router: merchant.storageRouter,
    handler: storageHandler(files, config.merchant.maxUploadBytes),
    screen: storageScreen(files, config.merchant.maxUploadBytes),
    maxBodyBytes: config.merchant.maxUploadBytes,
    responses: merchant.responses,
    refuse: storageRefusal,
  });

  const servers: Server[] = [];
  try {
    servers.push(gatewayServer);
    const gatewayUrl = await listen(gatewayServer, options.ports?.gateway ?? 0);
    servers.push(merchantServer);
    const merchantUrl = await listen(merchantServer, options.ports?.merchant ?? 0);
    servers.push(storageServer);
    const storageUrl = await listen(storageServer, options.ports?.storage ?? 0);
    merchant.setBaseUrl(merchantUrl);
    files.storageBaseUrl = storageUrl;
    return {
      gatewayUrl,
      merchantUrl,
      storageUrl,
      clock,
      violations,
      gateway,
      merchant,
      async stop() {
        await Promise.all(servers.map(close));
      },
    };
  } catch (error) {
    await Promise.all(servers.filter((s) => s.listening).map(close));
    throw error;
  }
}

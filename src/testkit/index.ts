/**
 * `payment-apis-testkit` from test code: start the sandbox in a test's global setup, steer it
 * through its control API with a client typed by the control spec, and stop it.
 *
 * ```ts
 * import { startSandbox } from "payment-apis-testkit";
 * const sandbox = await startSandbox();              // free ports on 127.0.0.1
 * const account = await sandbox.createAccount();      // one merchant account per test
 * await sandbox.control.POST("/faults", { body: { operation: "createCapture", action: { close: "after-processing" }, count: 1 } });
 * await sandbox.stop();
 * ```
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "../../generated/sandbox-control/schema";
import { defaultConfig, mergeConfig, seeded, seededPrivateKeyPath, type SandboxConfigFile } from "./sandbox/configuration/config";
import { configFromFile } from "./sandbox/configuration/config-file";
import { CONTROL_PREFIX } from "./sandbox/control/api/plane";
import { checkFixture, loadFixtureFile, type FixtureResult } from "./sandbox/control/fixtures";
import { startSandbox as startListeners, type RunningSandbox } from "./sandbox/server";

export type { SandboxConfigFile } from "./sandbox/configuration/config";
export type ControlPaths = paths;
export type ControlSchemas = components["schemas"];
export type IsolatedAccount = components["schemas"]["Account"];
export type { Fixture, FixtureResult } from "./sandbox/control/fixtures";
export { FixtureError } from "./sandbox/control/fixtures";

export interface StartSandboxOptions {
  /** Ports of the listeners; 0 (the default) picks a free one each. */
  ports?: { gateway?: number; merchant?: number; storage?: number };
  /** A config file (as `--config`), or the same settings as an object. */
  config?: string | SandboxConfigFile;
  /** A fixture file (as `--fixtures`: YAML or JSON), built before `startSandbox` resolves and again after every reset. */
  fixtures?: string;
  /** Exchanges the record keeps (default 1,000, at most 100,000). */
  exchanges?: number;
  /** Append every exchange to this file as NDJSON (as `--log`). */
  logFile?: string;
  /** `strict` (default): an answer that breaks the spec becomes a 500 naming the rule. */
  responseValidation?: "strict" | "log" | "off";
  /** Where the sandbox's log lines go (stderr by default). */
  log?: (line: string) => void;
}

export interface Sandbox {
  gatewayUrl: string;
  merchantUrl: string;
  storageUrl: string;
  /** The seeded TEST-ONLY credentials, and where the seeded signing key's private half is. */
  seeded: typeof seeded & { signingPrivateKeyPath: string };
  /** The control API (openapi/sandbox-control/), typed by its spec: `control.GET("/exchanges", { params: { query: { operation: "createCapture" } } })`. */
  control: Client<paths>;
  /** Every store back to the seeds, the clock to now, faults and isolated accounts gone. */
  reset(): Promise<void>;
  /** A fresh merchant account on both APIs that no other client sees. */
  createAccount(): Promise<IsolatedAccount>;
  /** What the fixture built, by the names the fixture gives (the latest build: after a reset, the new ids). */
  fixture: FixtureResult | undefined;
  /** Builds a fixture (a parsed fixture object, or a YAML/JSON file's path) through the APIs' own rules; refused whole, naming the path and rule, when it cannot be. */
  loadFixture(fixture: string | object): Promise<FixtureResult>;
  /** The exchanges recorded so far, oldest first (the control API's listExchanges). */
  exchanges(query?: NonNullable<paths["/exchanges"]["get"]["parameters"]["query"]>): Promise<components["schemas"]["ExchangeList"]>;
  stop(): Promise<void>;
}

/** A control call's data, or an error naming the call and the sandbox's reason. */
function dataOf<T>(call: string, result: { data?: T; error?: components["schemas"]["ControlError"]; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const reason = result.error?.error ?? `HTTP ${result.response.status}`;
  throw new Error(`sandbox control ${call}: ${reason}`);
}

/** Starts the sandbox: every input (config, fixture, ports, log file, exchange count) is read and checked before a port is bound. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const config = typeof options.config === "string" ? configFromFile(options.config) : mergeConfig(defaultConfig(), options.config);
  const fixtures = options.fixtures === undefined ? [] : [{ source: options.fixtures, fixture: loadFixtureFile(options.fixtures) }];
  const running: RunningSandbox = await startListeners({
    config,
    fixtures,
    ports: { gateway: 0, merchant: 0, storage: 0, ...options.ports },
    responseValidation: options.responseValidation ?? "strict",
    ...(options.log ? { log: options.log } : {}),
    ...(options.exchanges !== undefined ? { exchanges: options.exchanges } : {}),
    ...(options.logFile !== undefined ? { logFile: options.logFile } : {}),
  });
  const control = createClient<paths>({ baseUrl: `${running.gatewayUrl}${CONTROL_PREFIX}` });
  const load = (fixture: string | object) => {
    const source = typeof fixture === "string" ? fixture : "fixture object";
    return running.loadFixture({ source, fixture: typeof fixture === "string" ? loadFixtureFile(fixture) : checkFixture(fixture, source) });
  };
  return {
    get fixture() {
      return running.fixtures[0];
    },
    loadFixture: load,
    gatewayUrl: running.gatewayUrl,
    merchantUrl: running.merchantUrl,
    storageUrl: running.storageUrl,
    seeded: { ...seeded, signingPrivateKeyPath: seededPrivateKeyPath },
    control,
    reset: async () => void dataOf("resetSandbox", await control.POST("/reset")),
    createAccount: async () => dataOf("createAccount", await control.POST("/accounts")),
    exchanges: async (query = {}) => dataOf("listExchanges", await control.GET("/exchanges", { params: { query } })),
    stop: () => running.stop(),
  };
}

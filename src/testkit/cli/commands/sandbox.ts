/** `payment-apis sandbox`: the stateful sandbox of both APIs on loopback, until stopped. */
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { defaultPorts, seeded, seededPrivateKeyPath, type ResponseValidationMode } from "../../sandbox/configuration/config";
import { configFromFile } from "../../sandbox/configuration/config-file";
import { loadFixtureFile } from "../../sandbox/control/fixtures";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { describeListenError } from "../../serve/ports";
import { readyLine } from "../../serve/ready";
import type { Lifecycle } from "../../serve/lifecycle";
import { integerArgument, portOption, runWithLifecycle } from "./command";
import { appendableLogFile, DEFAULT_EXCHANGES, MAX_EXCHANGES } from "../../sandbox/control/exchanges";
import { guidePath, shownPath } from "../../common/guides";

export interface SandboxSettings {
  gatewayPort: number;
  merchantPort: number;
  storagePort: number;
  /** The config file, if any (SANDBOX_CONFIG). */
  config?: string;
  /** A fixture file built before `ready` (SANDBOX_FIXTURES). */
  fixtures?: string;
  responseValidation: ResponseValidationMode;
  /** Exchanges the record keeps (SANDBOX_EXCHANGES). */
  exchanges?: number;
  /** A file every exchange is appended to as NDJSON (SANDBOX_LOG). */
  log?: string;
}

/** Where each port came from, for a message about a port in use. */
const PORT_SETTINGS = {
  gateway: "--gateway-port (GATEWAY_SANDBOX_PORT)",
  merchant: "--merchant-port (MERCHANT_SANDBOX_PORT)",
  storage: "--storage-port (SANDBOX_STORAGE_PORT)",
} as const;

/** The `--log` file: empty is refused here (the variable is set to nothing), the rest by the sandbox's own check. */
function appendableLog(setting: string): string {
  if (setting.trim() === "") throw new Error("--log (SANDBOX_LOG) is empty: name a file to append the exchanges to, or unset SANDBOX_LOG");
  return appendableLogFile(setting, "--log (SANDBOX_LOG)");
}

/** Starts the sandbox as `payment-apis sandbox` does; it is stopped by `lifecycle`. */
export async function startSandboxFromSettings(settings: SandboxSettings, lifecycle: Lifecycle): Promise<RunningSandbox> {
  const ports = { gateway: settings.gatewayPort, merchant: settings.merchantPort, storage: settings.storagePort };
  const config = configFromFile(settings.config);
  // A bad fixture file stops the start before any port is taken; one the APIs refuse, before ready.
  const fixtures =
    settings.fixtures === undefined ? [] : [{ source: resolve(settings.fixtures), fixture: loadFixtureFile(settings.fixtures) }];
  const logFile = settings.log === undefined ? undefined : appendableLog(settings.log);
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      config,
      fixtures,
      ports,
      responseValidation: settings.responseValidation,
      precompile: true,
      ...(settings.exchanges !== undefined ? { exchanges: settings.exchanges } : {}),
      ...(logFile !== undefined ? { logFile } : {}),
    });
  } catch (error) {
    const port = (error as { port?: unknown }).port;
    const listener = (Object.keys(ports) as Array<keyof typeof ports>).find((name) => ports[name] === port);
    if (listener === undefined) throw error;
    throw describeListenError(error, ports[listener], PORT_SETTINGS[listener]);
  }
  lifecycle.add(() => sandbox.stop());
  return sandbox;
}

export function describeSandbox(sandbox: RunningSandbox): string[] {
  return [
    `gateway sandbox: ${sandbox.gatewayUrl}   (merchant API key ${seeded.gateway.merchantKey}, signing key ${seeded.gateway.signingKeyId})`,
    `merchant sandbox: ${sandbox.merchantUrl}   (OAuth client ${seeded.merchant.clientId} / ${seeded.merchant.clientSecret})`,
    `sandbox storage host: ${sandbox.storageUrl}`,
    `sandbox signing private key (TEST-ONLY): ${shownPath(seededPrivateKeyPath)}`,
    // Its own line: tools parse the ready line, whose format stays as it is.
    `sandbox console: ${sandbox.gatewayUrl}/_sandbox/console   (exchanges, state, clock, faults; ${guidePath("sandbox.md")})`,
  ];
}

export function sandboxEndpoints(sandbox: RunningSandbox) {
  return [
    { name: "gateway-sandbox", url: sandbox.gatewayUrl },
    { name: "merchant-sandbox", url: sandbox.merchantUrl },
    { name: "storage", url: sandbox.storageUrl },
  ];
}

export const sandboxCommand = new Command("sandbox")
  .summary("serve the stateful sandbox of both APIs on 127.0.0.1 until stopped")
  .description(
    "Serves the stateful sandbox of the Gateway API, the Merchant Management API and the merchant API's storage host on 127.0.0.1, " +
      'with seeded TEST-ONLY credentials, until SIGTERM or SIGINT. Prints one line starting with "ready" once every listener answers. ' +
      "Each option stands for an environment variable; the flag wins.",
  )
  .addOption(
    portOption("--gateway-port <N>", "GATEWAY_SANDBOX_PORT", "the gateway sandbox's port (0 picks a free one)", defaultPorts.gateway, {
      allowZero: true,
    }),
  )
  .addOption(
    portOption("--merchant-port <N>", "MERCHANT_SANDBOX_PORT", "the merchant sandbox's port", defaultPorts.merchant, { allowZero: true }),
  )
  .addOption(
    portOption("--storage-port <N>", "SANDBOX_STORAGE_PORT", "the storage host's port (pre-signed uploads)", defaultPorts.storage, {
      allowZero: true,
    }),
  )
  .addOption(new Option("--config <FILE>", `more accounts, keys, clients, quotas (JSON; ${guidePath("sandbox.md")})`).env("SANDBOX_CONFIG"))
  .addOption(
    new Option(
      "--fixtures <FILE>",
      `build a known state before ready: transactions, applications, disputes (YAML or JSON; ${guidePath("sandbox.md")})`,
    ).env("SANDBOX_FIXTURES"),
  )
  .addOption(
    new Option("--response-validation <MODE>", "check every answer against the spec")
      .env("SANDBOX_RESPONSE_VALIDATION")
      .choices(["strict", "log", "off"])
      .default("strict"),
  )
  .addOption(
    new Option("--exchanges <N>", `exchanges the record keeps (1 to ${MAX_EXCHANGES}; the control API's listExchanges)`)
      .env("SANDBOX_EXCHANGES")
      .argParser(integerArgument(1, MAX_EXCHANGES))
      .default(DEFAULT_EXCHANGES),
  )
  .addOption(new Option("--log <FILE>", "also append every exchange to FILE as NDJSON (secrets masked)").env("SANDBOX_LOG"))
  .action((settings: SandboxSettings) =>
    runWithLifecycle(async (lifecycle) => {
      const sandbox = await startSandboxFromSettings(settings, lifecycle);
      for (const line of describeSandbox(sandbox)) console.log(line);
      console.log(await readyLine(sandboxEndpoints(sandbox)));
      return "serving";
    }),
  );

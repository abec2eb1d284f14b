/** `payment-apis sandbox`: the stateful sandbox of both APIs on loopback, until stopped. */
import { relative } from "node:path";
import { defaultPorts, portsFromEnvironment, responseValidationFromEnv, seeded, seededPrivateKeyPath } from "../../sandbox/config";
import { configFromEnvironment } from "../../sandbox/config-file";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { describeListenError } from "../../serve/ports";
import { readyLine } from "../../serve/ready";
import type { Lifecycle } from "../../serve/lifecycle";
import { stringOption, type Command, type OptionValues } from "../command";

/** Flags and the environment variables they stand for (a flag wins). */
const FLAG_VARIABLES = {
  "gateway-port": "GATEWAY_SANDBOX_PORT",
  "merchant-port": "MERCHANT_SANDBOX_PORT",
  "storage-port": "SANDBOX_STORAGE_PORT",
  config: "SANDBOX_CONFIG",
  "response-validation": "SANDBOX_RESPONSE_VALIDATION",
} as const;

/** The environment with each given flag written over the variable it stands for. */
function settingsEnvironment(values: OptionValues, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const merged = { ...env };
  for (const [flag, variable] of Object.entries(FLAG_VARIABLES)) {
    const value = stringOption(values, flag);
    if (value !== undefined) merged[variable] = value;
  }
  return merged;
}

/** Starts the sandbox as `payment-apis sandbox` and `npm start` do, from flags and the environment. */
export async function startSandboxFromSettings(values: OptionValues, lifecycle: Lifecycle, env: NodeJS.ProcessEnv = process.env): Promise<RunningSandbox> {
  const settings = settingsEnvironment(values, env);
  const ports = portsFromEnvironment(settings);
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ config: configFromEnvironment(settings), ports, responseValidation: responseValidationFromEnv(settings), precompile: true });
  } catch (error) {
    const port = (error as { port?: unknown }).port;
    const listener = (Object.keys(ports) as Array<keyof typeof ports>).find((name) => ports[name] === port);
    if (listener === undefined) throw error;
    throw describeListenError(error, ports[listener], `${FLAG_VARIABLES[`${listener}-port`]} or --${listener}-port`);
  }
  lifecycle.add(() => sandbox.stop());
  return sandbox;
}

export function describeSandbox(sandbox: RunningSandbox): string[] {
  const keyPath = relative(process.cwd(), seededPrivateKeyPath);
  return [
    `gateway sandbox: ${sandbox.gatewayUrl}   (merchant API key ${seeded.gateway.merchantKey}, signing key ${seeded.gateway.signingKeyId})`,
    `merchant sandbox: ${sandbox.merchantUrl}   (OAuth client ${seeded.merchant.clientId} / ${seeded.merchant.clientSecret})`,
    `sandbox storage host: ${sandbox.storageUrl}`,
    `sandbox signing private key (TEST-ONLY): ${keyPath.length > 0 && !keyPath.startsWith("../..") ? keyPath : seededPrivateKeyPath}`,
  ];
}

export function sandboxEndpoints(sandbox: RunningSandbox) {
  return [
    { name: "gateway-sandbox", url: sandbox.gatewayUrl },
    { name: "merchant-sandbox", url: sandbox.merchantUrl },
    { name: "storage", url: sandbox.storageUrl },
  ];
}

export const sandboxCommand: Command = {
  name: "sandbox",
  summary: "serve the stateful sandbox of both APIs on 127.0.0.1 until stopped",
  usage: `payment-apis sandbox [options]

Serves the stateful sandbox of the Gateway API, the Merchant Management API and the merchant
API's storage host on 127.0.0.1, with seeded TEST-ONLY credentials, until SIGTERM or SIGINT.
Prints one line starting with "ready" once every listener answers.

Options (each stands for an environment variable; the flag wins):
  --gateway-port N          GATEWAY_SANDBOX_PORT    (${defaultPorts.gateway}; 0 picks a free port)
  --merchant-port N         MERCHANT_SANDBOX_PORT   (${defaultPorts.merchant})
  --storage-port N          SANDBOX_STORAGE_PORT    (${defaultPorts.storage})
  --config FILE             SANDBOX_CONFIG          more accounts, keys, clients, quotas (JSON)
  --response-validation M   SANDBOX_RESPONSE_VALIDATION  strict (default), log or off`,
  options: {
    "gateway-port": { type: "string" },
    "merchant-port": { type: "string" },
    "storage-port": { type: "string" },
    config: { type: "string" },
    "response-validation": { type: "string" },
  },
  async run(values, _positionals, lifecycle) {
    const sandbox = await startSandboxFromSettings(values, lifecycle);
    for (const line of describeSandbox(sandbox)) console.log(line);
    console.log(await readyLine(sandboxEndpoints(sandbox)));
    return "serving";
  },
};

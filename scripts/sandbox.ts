/**
 * `npm run sandbox`: serves the stateful sandbox of both APIs on loopback until interrupted.
 * Ports (defaults in parentheses): GATEWAY_SANDBOX_PORT (4020), MERCHANT_SANDBOX_PORT (4021),
 * SANDBOX_STORAGE_PORT (4022). SANDBOX_CONFIG names an optional JSON config file;
 * SANDBOX_RESPONSE_VALIDATION is strict (default), log or off. See docs/sandbox.md.
 */
import { relative } from "node:path";
import { configFromEnvironment, portsFromEnvironment, responseValidationFromEnv, seeded, seededPrivateKeyPath } from "../src/sandbox/config";
import { startSandbox, type RunningSandbox } from "../src/sandbox/server";

/** Starts the sandbox from the environment (shared with scripts/start.ts). */
export async function startSandboxFromEnvironment(): Promise<RunningSandbox> {
  return startSandbox({
    config: configFromEnvironment(),
    ports: portsFromEnvironment(),
    responseValidation: responseValidationFromEnv(),
  });
}

export function describeSandbox(sandbox: RunningSandbox): string[] {
  return [
    `gateway sandbox: ${sandbox.gatewayUrl}   (merchant API key ${seeded.gateway.merchantKey}, signing key ${seeded.gateway.signingKeyId})`,
    `merchant sandbox: ${sandbox.merchantUrl}   (OAuth client ${seeded.merchant.clientId} / ${seeded.merchant.clientSecret})`,
    `sandbox storage host: ${sandbox.storageUrl}`,
    `sandbox signing private key (TEST-ONLY): ${relative(process.cwd(), seededPrivateKeyPath) || seededPrivateKeyPath}`,
  ];
}

async function main(): Promise<void> {
  const sandbox = await startSandboxFromEnvironment();
  for (const line of describeSandbox(sandbox)) console.log(line);
  console.log("Ctrl+C stops the sandbox.");
  const shutdown = async () => {
    await sandbox.stop();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

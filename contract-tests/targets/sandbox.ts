/**
 * The sandbox as a target: started in-process on free loopback ports (strict response
 * validation, so a sandbox bug fails loudly), or one already running at GATEWAY_BASE_URL and
 * MERCHANT_BASE_URL (the mutants runner puts its broken proxies there). Credentials are the
 * seeded ones unless the environment names others.
 */
import { readFileSync } from "node:fs";
import {
  defaultConfig,
  mergeConfig,
  seeded,
  seededPrivateKeyPath,
  type SandboxConfig,
} from "../../src/testkit/sandbox/configuration/config";
import { startSandbox, type RunningSandbox } from "../../src/testkit/sandbox/server";
import { withoutTrailingSlashes } from "../../src/toolkit/clients/common/urls";
import { commonSettings, otherClientOf, type ContractTarget } from "../support/target";

/**
 * The sandbox config the suite runs against: the seeds, plus a small quota on the operation
 * the rate-limit scenario exhausts (a quota of 6000 would take too long to use up).
 */
export function contractSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const { rateLimit } = commonSettings(env);
  return mergeConfig(defaultConfig(), { merchant: { rateLimits: { operations: { [rateLimit.operationId]: 5 } } } });
}

export function sandboxTarget(
  urls: { gatewayUrl: string; merchantUrl: string },
  description: string,
  env: NodeJS.ProcessEnv = process.env,
): ContractTarget {
  const g = seeded.gateway;
  const merchantBase = withoutTrailingSlashes(urls.merchantUrl);
  return {
    kind: "sandbox",
    description,
    ...commonSettings(env),
    gateway: {
      baseUrl: withoutTrailingSlashes(urls.gatewayUrl),
      apiKey: env.GATEWAY_API_KEY || g.merchantKey,
      signingKeyId: env.GATEWAY_SIGNING_API_KEY || g.signingKeyId,
      signingKeyPem: env.GATEWAY_SIGNING_KEY ?? readFileSync(env.GATEWAY_SIGNING_KEY_FILE || seededPrivateKeyPath, "utf8"),
      secondApiKey: env.GATEWAY_SECOND_API_KEY || g.secondMerchantKey,
      otherMerchantApiKey: env.GATEWAY_OTHER_MERCHANT_API_KEY || g.otherMerchantKey,
      disabledApiKey: env.GATEWAY_DISABLED_API_KEY || g.disabledKey,
      expiredApiKey: env.GATEWAY_EXPIRED_API_KEY || g.expiredKey,
    },
    merchant: {
      baseUrl: merchantBase,
      clientId: env.MERCHANT_CLIENT_ID || seeded.merchant.clientId,
      clientSecret: env.MERCHANT_CLIENT_SECRET || seeded.merchant.clientSecret,
      audience: env.MERCHANT_AUDIENCE || merchantBase,
      otherClient: otherClientOf(env) ?? { id: seeded.merchant.otherClientId, secret: seeded.merchant.otherClientSecret },
    },
    capabilities: { behaviour: true, testClock: true, testCards: true },
  };
}

export interface StartedTarget {
  target: ContractTarget;
  stop(): Promise<void>;
}

/** Lines the sandbox logs (its own violations would show here); printed only if the run fails to start. */
export const sandboxLog: string[] = [];

export async function startSandboxTarget(env: NodeJS.ProcessEnv = process.env): Promise<StartedTarget & { sandbox?: RunningSandbox }> {
  if (env.GATEWAY_BASE_URL && env.MERCHANT_BASE_URL) {
    return {
      target: sandboxTarget(
        { gatewayUrl: env.GATEWAY_BASE_URL, merchantUrl: env.MERCHANT_BASE_URL },
        `sandbox at ${env.GATEWAY_BASE_URL} and ${env.MERCHANT_BASE_URL}`,
        env,
      ),
      stop: async () => {},
    };
  }
  const sandbox = await startSandbox({
    config: contractSandboxConfig(env),
    responseValidation: "strict",
    log: (line) => sandboxLog.push(line),
  });
  return {
    sandbox,
    target: sandboxTarget(sandbox, `sandbox (in-process, gateway ${sandbox.gatewayUrl}, merchant ${sandbox.merchantUrl})`, env),
    async stop() {
      await sandbox.stop();
      if (sandbox.violations.count > 0) {
        // The sandbox broke its own spec: the suite has already failed on those responses; say where.
        for (const v of sandbox.violations.entries)
          console.error(`sandbox violation: ${v.operationId} ${v.status}: ${v.problems.join("; ")}`);
      }
    },
  };
}

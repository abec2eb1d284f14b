/**
 * The Prism mocks as a target: both bundled specs served by Prism (through the derived variant
 * that works around Prism's form-body bugs) on free loopback ports, or mocks already running at
 * GATEWAY_BASE_URL and MERCHANT_BASE_URL (`npm run mock`). A mock answers with the spec's
 * examples and remembers nothing, so only conformance, request validation and credential checks
 * apply; behaviour scenarios are skipped with that reason.
 */
import getPort from "get-port";
import { withoutTrailingSlashes } from "../../src/toolkit/clients/common/urls";
import { seeded } from "../../src/testkit/sandbox/configuration/config";
import { startPrismMock, type RunningMock } from "../../src/testkit/prism/prism";
import { generateKeyPairSync } from "node:crypto";
import { commonSettings, type ContractTarget } from "../support/target";
import type { StartedTarget } from "./sandbox";

function mockTarget(gatewayUrl: string, merchantUrl: string, description: string, env: NodeJS.ProcessEnv): ContractTarget {
  // Prism checks that credentials are present, not what they are: any key pair signs.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    kind: "mock",
    description,
    ...commonSettings(env),
    gateway: {
      baseUrl: withoutTrailingSlashes(gatewayUrl),
      apiKey: seeded.gateway.merchantKey,
      signingKeyId: seeded.gateway.signingKeyId,
      signingKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    },
    merchant: {
      baseUrl: withoutTrailingSlashes(merchantUrl),
      clientId: seeded.merchant.clientId,
      clientSecret: seeded.merchant.clientSecret,
      audience: withoutTrailingSlashes(merchantUrl),
    },
    capabilities: { behaviour: false, testClock: false, testCards: false },
  };
}

export async function startMockTarget(env: NodeJS.ProcessEnv = process.env): Promise<StartedTarget> {
  if (env.GATEWAY_BASE_URL && env.MERCHANT_BASE_URL) {
    return {
      target: mockTarget(
        env.GATEWAY_BASE_URL,
        env.MERCHANT_BASE_URL,
        `Prism mocks at ${env.GATEWAY_BASE_URL} and ${env.MERCHANT_BASE_URL}`,
        env,
      ),
      stop: async () => {},
    };
  }
  const mocks: RunningMock[] = [];
  const start = async (api: string) => {
    const mock = await startPrismMock({ api, port: await getPort({ host: "127.0.0.1" }) });
    mocks.push(mock);
    return mock;
  };
  let gateway: RunningMock, merchant: RunningMock;
  try {
    gateway = await start("gateway");
    merchant = await start("merchant");
  } catch (error) {
    await Promise.all(mocks.map((m) => m.stop()));
    throw error;
  }
  return {
    target: mockTarget(gateway.url, merchant.url, `Prism mocks (gateway ${gateway.url}, merchant ${merchant.url})`, env),
    stop: async () => {
      await Promise.all(mocks.map((m) => m.stop()));
    },
  };
}

/** `payment-apis mock`: Prism mocks of both bundled specs on loopback, until stopped. */
import { Command } from "commander";
import { startPrismMock, type RunningMock } from "../../prism/prism";
import { apiModel } from "../../openapi-model/operation-model";
import { listOperationExamples } from "../../openapi-model/examples";
import { portSetting } from "../../serve/ports";
import { readyLine } from "../../serve/ready";
import type { Lifecycle } from "../../serve/lifecycle";
import { portOption, runWithLifecycle } from "./command";

/** The mocks' default ports and their settings (the specs list these defaults as the `local-mock` servers). */
export const MOCK_PORTS = {
  gateway: { flag: "--gateway-port", variable: "GATEWAY_MOCK_PORT", fallback: 4010 },
  merchant: { flag: "--merchant-port", variable: "MERCHANT_MOCK_PORT", fallback: 4011 },
} as const;

export interface MockPorts {
  gatewayPort: number;
  merchantPort: number;
}

/** The mocks' ports from the environment alone (`npm start`, which takes no flags). */
export function mockPortsFromEnvironment(env: NodeJS.ProcessEnv): MockPorts {
  const port = (api: keyof typeof MOCK_PORTS) =>
    portSetting(env[MOCK_PORTS[api].variable], MOCK_PORTS[api].variable, MOCK_PORTS[api].fallback);
  return { gatewayPort: port("gateway"), merchantPort: port("merchant") };
}

/**
 * The names `Prefer: example=<name>` picks from, from the bundles: one line an operation, its
 * response examples by status (`gateway createAuthorization (POST /authorizations): 201 approved; 400 declined, ...`).
 */
export function exampleNameLines(): string[] {
  return (["gateway", "merchant"] as const).flatMap((api) => {
    const model = apiModel(api);
    const byOperation = new Map<string, Map<string, Set<string>>>();
    for (const example of listOperationExamples(model.document)) {
      if (example.kind !== "response" || example.status === undefined) continue;
      const statuses = byOperation.get(example.operationId) ?? new Map<string, Set<string>>();
      statuses.set(example.status, (statuses.get(example.status) ?? new Set()).add(example.name));
      byOperation.set(example.operationId, statuses);
    }
    return [...byOperation].map(([operationId, statuses]) => {
      const { method, template } = model.operation(operationId);
      const names = [...statuses].map(([status, set]) => `${status} ${[...set].join(", ")}`).join("; ");
      return `${api} ${operationId} (${method} ${template}): ${names}`;
    });
  });
}

/** Starts one Prism mock per API (as `payment-apis mock` and `npm start` do); each is stopped by `lifecycle`. */
export async function startMocks(ports: MockPorts, lifecycle: Lifecycle): Promise<RunningMock[]> {
  const mocks: RunningMock[] = [];
  for (const [api, port] of [
    ["gateway", ports.gatewayPort],
    ["merchant", ports.merchantPort],
  ] as const) {
    const mock = await startPrismMock({ api, port, portSetting: `${MOCK_PORTS[api].flag} (${MOCK_PORTS[api].variable})` });
    lifecycle.add(() => mock.stop());
    mocks.push(mock);
  }
  return mocks;
}

export const mockCommand = new Command("mock")
  .summary("serve both APIs with Prism from the bundled specs (examples, no state) until stopped")
  .description(
    "Serves both APIs with the Prism mock from the bundled specs on 127.0.0.1. Requests are validated: credentials must be present " +
      "(any Basic API key for the gateway, any 'Authorization: Bearer <token>' for the merchant API), and a gateway POST needs some " +
      "Signature header, any value ('Signature: any RS256-hex 00'): the mock checks that it is there, not the signature. Answers are the " +
      "specs' named examples: pick one with 'Prefer: example=<name>' (--list-examples prints each operation's names), a status with " +
      "'Prefer: code=<status>'. Prints one line starting with \"ready\" once both answer; stops on SIGTERM or SIGINT.",
  )
  .option("--list-examples", "print the example names of every operation, by status, and exit without serving")
  .addOption(
    portOption(`${MOCK_PORTS.gateway.flag} <N>`, MOCK_PORTS.gateway.variable, "the gateway mock's port", MOCK_PORTS.gateway.fallback),
  )
  .addOption(
    portOption(`${MOCK_PORTS.merchant.flag} <N>`, MOCK_PORTS.merchant.variable, "the merchant mock's port", MOCK_PORTS.merchant.fallback),
  )
  .action((options: MockPorts & { listExamples?: boolean }) => {
    if (options.listExamples) {
      console.log(exampleNameLines().join("\n"));
      return;
    }
    return runWithLifecycle(async (lifecycle) => {
      const mocks = await startMocks(options, lifecycle);
      for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
      console.log(await readyLine(mocks.map((mock) => ({ name: `${mock.api}-mock`, url: mock.url }))));
      return "serving";
    });
  });

/** `payment-apis mock`: Prism mocks of both bundled specs on loopback, until stopped. */
import { Command } from "commander";
import { startPrismMock, type RunningMock } from "../../mock/prism";
import { portSetting } from "../../serve/ports";
import { readyLine } from "../../serve/ready";
import type { Lifecycle } from "../../serve/lifecycle";
import { portOption, runWithLifecycle } from "../command";

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
  const port = (api: keyof typeof MOCK_PORTS) => portSetting(env[MOCK_PORTS[api].variable], MOCK_PORTS[api].variable, MOCK_PORTS[api].fallback);
  return { gatewayPort: port("gateway"), merchantPort: port("merchant") };
}

/** Starts one Prism mock per API (as `payment-apis mock` and `npm start` do); each is stopped by `lifecycle`. */
export async function startMocks(ports: MockPorts, lifecycle: Lifecycle): Promise<RunningMock[]> {
  const mocks: RunningMock[] = [];
  for (const [api, port] of [["gateway", ports.gatewayPort], ["merchant", ports.merchantPort]] as const) {
    const mock = await startPrismMock({ api, port, portSetting: `${MOCK_PORTS[api].flag} (${MOCK_PORTS[api].variable})` });
    lifecycle.add(() => mock.stop());
    mocks.push(mock);
  }
  return mocks;
}

export const mockCommand = new Command("mock")
  .summary("serve both APIs with Prism from the bundled specs (examples, no state) until stopped")
  .description(
    "Serves both APIs with the Prism mock from the bundled specs on 127.0.0.1. Requests are validated (a gateway POST needs some Signature header, " +
      "any value); answers are the specs' named examples: pick one with the header 'Prefer: example=<name>' (the names are listed with each " +
      "operation in the API reference), a status with 'Prefer: code=<status>'. Prints one line starting with \"ready\" once both answer; stops on SIGTERM or SIGINT.",
  )
  .addOption(portOption(`${MOCK_PORTS.gateway.flag} <N>`, MOCK_PORTS.gateway.variable, "the gateway mock's port", MOCK_PORTS.gateway.fallback))
  .addOption(portOption(`${MOCK_PORTS.merchant.flag} <N>`, MOCK_PORTS.merchant.variable, "the merchant mock's port", MOCK_PORTS.merchant.fallback))
  .action((ports: MockPorts) =>
    runWithLifecycle(async (lifecycle) => {
      const mocks = await startMocks(ports, lifecycle);
      for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
      console.log(await readyLine(mocks.map((mock) => ({ name: `${mock.api}-mock`, url: mock.url }))));
      return "serving";
    }),
  );

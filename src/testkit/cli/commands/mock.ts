/** `payment-apis mock`: Prism mocks of both bundled specs on loopback, until stopped. */
import { startPrismMock, type RunningMock } from "../../mock/prism";
import { portSetting } from "../../serve/ports";
import { readyLine } from "../../serve/ready";
import type { Lifecycle } from "../../serve/lifecycle";
import { stringOption, type Command, type OptionValues } from "../command";

export const mockPorts = {
  gateway: { flag: "gateway-port", variable: "GATEWAY_MOCK_PORT", fallback: 4010 },
  merchant: { flag: "merchant-port", variable: "MERCHANT_MOCK_PORT", fallback: 4011 },
} as const;

/** Starts one Prism mock per API (as `payment-apis mock` and `npm start` do); each is stopped by `lifecycle`. */
export async function startMocksFromSettings(values: OptionValues, lifecycle: Lifecycle, env: NodeJS.ProcessEnv = process.env): Promise<RunningMock[]> {
  const mocks: RunningMock[] = [];
  for (const [api, port] of Object.entries(mockPorts)) {
    const setting = `${port.variable} or --${port.flag}`;
    const number = portSetting(stringOption(values, port.flag) ?? env[port.variable], setting, port.fallback);
    const mock = await startPrismMock({ api, port: number, portSetting: setting });
    lifecycle.add(() => mock.stop());
    mocks.push(mock);
  }
  return mocks;
}

export const mockCommand: Command = {
  name: "mock",
  summary: "serve both APIs with Prism from the bundled specs (examples, no state) until stopped",
  usage: `payment-apis mock [options]

Serves both APIs with the Prism mock from the bundled specs on 127.0.0.1. Requests are
validated; answers are the specs' named examples (Prefer: example=<name>, Prefer: code=<status>).
Prints one line starting with "ready" once both answer; stops on SIGTERM or SIGINT.

Options:
  --gateway-port N    GATEWAY_MOCK_PORT    (${mockPorts.gateway.fallback})
  --merchant-port N   MERCHANT_MOCK_PORT   (${mockPorts.merchant.fallback})`,
  options: {
    "gateway-port": { type: "string" },
    "merchant-port": { type: "string" },
  },
  async run(values, _positionals, lifecycle) {
    const mocks = await startMocksFromSettings(values, lifecycle);
    for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
    console.log(await readyLine(mocks.map((mock) => ({ name: `${mock.api}-mock`, url: mock.url }))));
    return "serving";
  },
};

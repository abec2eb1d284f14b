/**
 * `payment-apis proxy`: Prism as a validating proxy in front of any implementation, checking live
 * traffic (requests and responses) against the bundled specs through the same Prism-compatible
 * variant the mock uses. With errors on (the default) a request or response that breaks the
 * spec is answered with Prism's error instead of being passed on.
 */
import { startPrismProxy, type RunningMock } from "../../mock/prism";
import { portSetting } from "../../serve/ports";
import { readyLine } from "../../serve/ready";
import { stringOption, type Command } from "../command";

const PROXIES = {
  gateway: { upstream: "GATEWAY_UPSTREAM", port: "GATEWAY_PROXY_PORT", fallback: 4030 },
  merchant: { upstream: "MERCHANT_UPSTREAM", port: "MERCHANT_PROXY_PORT", fallback: 4031 },
} as const;

export const proxyCommand: Command = {
  name: "proxy",
  summary: "Prism as a validating proxy in front of any implementation of either API",
  usage: `payment-apis proxy --gateway URL [--merchant URL] [options]

Listens on 127.0.0.1 and passes every request on to the upstream, validating requests and
responses against the bundled specs; every violation is printed. Point your client at the proxy.

Options:
  --gateway URL          GATEWAY_UPSTREAM      the gateway implementation to check
  --merchant URL         MERCHANT_UPSTREAM     the merchant API implementation to check
  --gateway-port N       GATEWAY_PROXY_PORT    (${PROXIES.gateway.fallback})
  --merchant-port N      MERCHANT_PROXY_PORT   (${PROXIES.merchant.fallback})
  --no-errors            pass violating traffic on, only print the violations`,
  options: {
    gateway: { type: "string" },
    merchant: { type: "string" },
    "gateway-port": { type: "string" },
    "merchant-port": { type: "string" },
    "no-errors": { type: "boolean" },
  },
  async run(values, _positionals, lifecycle) {
    const errors = values["no-errors"] !== true;
    const proxies: RunningMock[] = [];
    for (const [api, settings] of Object.entries(PROXIES)) {
      const upstream = stringOption(values, api) ?? process.env[settings.upstream];
      if (!upstream) continue;
      const setting = `${settings.port} or --${api}-port`;
      const port = portSetting(stringOption(values, `${api}-port`) ?? process.env[settings.port], setting, settings.fallback);
      const proxy = await startPrismProxy({ api, port, portSetting: setting, upstream: upstream.replace(/\/+$/, ""), errors, onOutput: (text) => process.stdout.write(`[${api} proxy] ${text}`) });
      lifecycle.add(() => proxy.stop());
      proxies.push(proxy);
      console.log(`${api}: ${proxy.url} -> ${upstream} (${errors ? "violations answered with errors" : "violations printed only"})`);
    }
    if (proxies.length === 0) throw new Error("name at least one upstream: --gateway URL and/or --merchant URL (or GATEWAY_UPSTREAM, MERCHANT_UPSTREAM)");
    console.log(await readyLine(proxies.map((proxy) => ({ name: `${proxy.api}-proxy`, url: proxy.url }))));
    return "serving";
  },
};

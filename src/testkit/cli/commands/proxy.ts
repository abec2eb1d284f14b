/**
 * `payment-apis proxy`: Prism as a validating proxy in front of any implementation, checking live
 * traffic (requests and responses) against the bundled specs through the proxy's variant of the
 * mock's Prism-compatible spec. With errors on (the default) a request or response that breaks
 * the spec is answered with Prism's error instead of being passed on. A front before Prism keeps
 * clients on the proxy's address (links, token hint, token audience): startPrismProxy.
 */
import { Command, Option } from "commander";
import { startPrismProxy, type RunningMock } from "../../prism/prism";
import { withoutTrailingSlashes } from "../../../toolkit/clients/common/urls";
import { readyLine } from "../../serve/ready";
import { httpUrlArgument, portOption, runWithLifecycle } from "./command";

interface ProxySettings {
  gateway?: string;
  merchant?: string;
  gatewayPort: number;
  merchantPort: number;
  errors: boolean;
}

export const proxyCommand = new Command("proxy")
  .summary("Prism as a validating proxy in front of any implementation of either API")
  .description(
    "Listens on 127.0.0.1 and passes every request on to the upstream, validating requests and responses against the bundled specs; " +
      "every violation is printed. Point your client at the proxy as at any server: the upstream's address in HAL links, Location and the " +
      "401 token hint is rewritten to the proxy's, and a merchant token request's audience naming the proxy to the upstream's. " +
      "Each option stands for an environment variable; the flag wins.",
  )
  .addOption(new Option("--gateway <URL>", "the gateway implementation to check").env("GATEWAY_UPSTREAM").argParser(httpUrlArgument))
  .addOption(new Option("--merchant <URL>", "the merchant API implementation to check").env("MERCHANT_UPSTREAM").argParser(httpUrlArgument))
  .addOption(portOption("--gateway-port <N>", "GATEWAY_PROXY_PORT", "the gateway proxy's port", 4030))
  .addOption(portOption("--merchant-port <N>", "MERCHANT_PROXY_PORT", "the merchant proxy's port", 4031))
  .option("--no-errors", "pass violating traffic on, only print the violations")
  .action((settings: ProxySettings) =>
    runWithLifecycle(async (lifecycle) => {
      const proxies: RunningMock[] = [];
      const wanted = [
        ["gateway", settings.gateway, settings.gatewayPort, "--gateway-port (GATEWAY_PROXY_PORT)"],
        ["merchant", settings.merchant, settings.merchantPort, "--merchant-port (MERCHANT_PROXY_PORT)"],
      ] as const;
      for (const [api, upstream, port, portSetting] of wanted) {
        if (upstream === undefined) continue;
        const proxy = await startPrismProxy({
          api,
          port,
          portSetting,
          upstream: withoutTrailingSlashes(upstream),
          errors: settings.errors,
          onOutput: (text) => process.stdout.write(`[${api} proxy] ${text}`),
        });
        lifecycle.add(() => proxy.stop());
        proxies.push(proxy);
        console.log(
          `${api}: ${proxy.url} -> ${upstream} (${settings.errors ? "violations answered with errors" : "violations printed only"})`,
        );
      }
      if (proxies.length === 0)
        throw new Error("name at least one upstream: --gateway URL and/or --merchant URL (or GATEWAY_UPSTREAM, MERCHANT_UPSTREAM)");
      console.log(await readyLine(proxies.map((proxy) => ({ name: `${proxy.api}-proxy`, url: proxy.url }))));
      return "serving";
    }),
  );

/**
 * `npm run contract:proxy`: Prism as a validating proxy in front of any implementation, to check
 * live traffic against the bundled specs (requests and responses, through the same
 * Prism-compatible variant the mock uses). Point your client at the proxy instead of the
 * upstream; every violation is logged, and with `--errors` (the default) a request or response
 * that breaks the spec is answered with Prism's error instead of being passed on.
 *
 *   npm run contract:proxy -- --gateway http://127.0.0.1:4020 --merchant http://127.0.0.1:4021
 *   GATEWAY_UPSTREAM=https://gateway.test.clearhaus.com npm run contract:proxy
 *
 * Options (or environment): --gateway URL (GATEWAY_UPSTREAM), --merchant URL (MERCHANT_UPSTREAM),
 * --gateway-port N (GATEWAY_PROXY_PORT, 4030), --merchant-port N (MERCHANT_PROXY_PORT, 4031),
 * --no-errors (pass violating traffic on, only log it). Listens on 127.0.0.1 until interrupted.
 */
import { startPrismProxy, type RunningMock } from "../src/mock/prism";

function option(args: string[], name: string): string | undefined {
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

function port(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const upstreams = {
    gateway: option(args, "gateway") ?? process.env.GATEWAY_UPSTREAM,
    merchant: option(args, "merchant") ?? process.env.MERCHANT_UPSTREAM,
  };
  const ports = {
    gateway: port(option(args, "gateway-port") ?? process.env.GATEWAY_PROXY_PORT, 4030, "the gateway proxy port"),
    merchant: port(option(args, "merchant-port") ?? process.env.MERCHANT_PROXY_PORT, 4031, "the merchant proxy port"),
  };
  if (!upstreams.gateway && !upstreams.merchant) {
    throw new Error("name at least one upstream: --gateway URL and/or --merchant URL (or GATEWAY_UPSTREAM, MERCHANT_UPSTREAM)");
  }
  const errors = !args.includes("--no-errors");
  const proxies: RunningMock[] = [];
  for (const api of ["gateway", "merchant"] as const) {
    const upstream = upstreams[api];
    if (!upstream) continue;
    const proxy = await startPrismProxy({ api, port: ports[api], upstream: upstream.replace(/\/+$/, ""), errors, onOutput: (text) => process.stdout.write(`[${api} proxy] ${text}`) });
    proxies.push(proxy);
    console.log(`${api}: ${proxy.url} -> ${upstream} (validating requests and responses against generated/${api}/openapi.json${errors ? ", violations answered with errors" : ", violations logged only"})`);
  }
  console.log("Ctrl+C stops the proxies.");
  const shutdown = async () => {
    await Promise.all(proxies.map((p) => p.stop()));
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

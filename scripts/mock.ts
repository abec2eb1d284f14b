/**
 * `npm run mock`: serves both APIs with Prism from the bundled specs (generated/<api>/openapi.json,
 * through the derived variant that works around Prism's form-body bugs), on loopback, until
 * interrupted. Ports: GATEWAY_MOCK_PORT (4010), MERCHANT_MOCK_PORT (4011). `npm start` serves
 * the mocks together with the sandbox and the docs.
 */
import { listApis } from "./lib/apis";
import { startPrismMock, type RunningMock } from "../src/mock/prism";

const DEFAULT_PORTS: Record<string, number> = { gateway: 4010, merchant: 4011 };

/** A listening port from the environment (1 to 65535), or the fallback when unset. */
export function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number from 1 to 65535, got "${raw}"`);
  return port;
}

/** Starts a Prism mock per API, on the ports from the environment (defaults above). */
export async function startMocksFromEnvironment(): Promise<RunningMock[]> {
  const mocks: RunningMock[] = [];
  try {
    for (const [index, api] of listApis().entries()) {
      const port = portFromEnv(`${api.name.toUpperCase()}_MOCK_PORT`, DEFAULT_PORTS[api.name] ?? 4010 + index);
      mocks.push(await startPrismMock({ api: api.name, port }));
    }
  } catch (error) {
    await Promise.all(mocks.map((mock) => mock.stop()));
    throw error;
  }
  return mocks;
}

async function main(): Promise<void> {
  const mocks = await startMocksFromEnvironment();
  const shutdown = async () => {
    await Promise.all(mocks.map((mock) => mock.stop()));
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
  console.log("Ctrl+C stops the mocks.");
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

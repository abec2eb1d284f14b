/**
 * The main job: serves every API's mock, the stateful sandbox of both APIs and the docs on
 * loopback until interrupted. Ports come from the environment (defaults in parentheses):
 *   GATEWAY_MOCK_PORT (4010), MERCHANT_MOCK_PORT (4011), DOCS_PORT (8080),
 *   GATEWAY_SANDBOX_PORT (4020), MERCHANT_SANDBOX_PORT (4021), SANDBOX_STORAGE_PORT (4022).
 * Run `npm run build` first (`npm start` does). The sandbox is described in docs/sandbox.md.
 */
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import sirv from "sirv";
import { projectRoot } from "./lib/apis";
import { portFromEnv, startMocksFromEnvironment } from "./mock";
import { docsOutDir } from "./build-docs";
import { describeSandbox, startSandboxFromEnvironment } from "./sandbox";

const HOST = "127.0.0.1";

async function main(): Promise<void> {
  const mocks = await startMocksFromEnvironment();

  const serveDocs = sirv(docsOutDir, { dev: true });
  const serveGuides = sirv(join(projectRoot, "docs"), { dev: true });
  const docsServer: Server = createServer((req, res) => {
    if (req.url?.startsWith("/guides/")) {
      req.url = req.url.slice("/guides".length);
      return serveGuides(req, res);
    }
    return serveDocs(req, res);
  });
  const docsPort = portFromEnv("DOCS_PORT", 8080);
  await new Promise<void>((done, fail) => docsServer.once("error", fail).listen(docsPort, HOST, done));
  const sandbox = await startSandboxFromEnvironment();

  for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
  for (const line of describeSandbox(sandbox)) console.log(line);
  console.log(`docs: http://${HOST}:${docsPort}/   (sandbox guide: http://${HOST}:${docsPort}/guides/sandbox.md)`);
  console.log("Ctrl+C stops everything.");

  const shutdown = async () => {
    docsServer.close();
    await Promise.all([...mocks.map((mock) => mock.stop()), sandbox.stop()]);
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

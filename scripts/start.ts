/**
 * The main job (`npm start`, after `npm run build`): the Prism mocks, the stateful sandbox and
 * the docs, all on loopback, until SIGTERM or SIGINT stops every one of them. Ports come from the
 * environment (defaults in parentheses): GATEWAY_MOCK_PORT (4010), MERCHANT_MOCK_PORT (4011),
 * GATEWAY_SANDBOX_PORT (4020), MERCHANT_SANDBOX_PORT (4021), SANDBOX_STORAGE_PORT (4022),
 * DOCS_PORT (8080). Prints one `ready` line once every listener answers. The sandbox runs in a
 * process of its own from the compiled testkit (dist/testkit-serve, compiled here when stale),
 * as the published package runs it: no ts-node in the serving process.
 */
import { createServer } from "node:http";
import { relative, sep } from "node:path";
import sirv from "sirv";
import { docsOutDir } from "./build-docs";
import { mockPortsFromEnvironment, startMocks } from "../src/testkit/cli/commands/mock";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { describeListenError, LOOPBACK, portSetting } from "../src/testkit/serve/ports";
import { readyLine } from "../src/testkit/serve/ready";
import { compiledTestkitDir, ensureCompiledTestkit, spawnSandbox } from "./lib/sandbox-process";

/**
 * Serves dist/docs only: the built Redoc pages and the guides, rendered at build time to
 * /guides/<name>.html. An old /guides/<name>.md address redirects to its page.
 */
async function startDocs(lifecycle: Lifecycle): Promise<string> {
  const serveDocs = sirv(docsOutDir, { dev: true });
  const server = createServer((req, res) => {
    const markdown = /^\/guides\/([\w.-]+)\.md(?=$|[?#])/.exec(req.url ?? "");
    if (markdown) {
      res.writeHead(301, { Location: `/guides/${markdown[1]}.html` });
      return res.end();
    }
    return serveDocs(req, res);
  });
  const port = portSetting(process.env.DOCS_PORT, "DOCS_PORT", 8080);
  await new Promise<void>((done, fail) => {
    server.once("error", (error) => fail(describeListenError(error, port, "DOCS_PORT")));
    server.listen(port, LOOPBACK, done);
  });
  lifecycle.add(() => new Promise<void>((done) => server.close(() => done())).then(() => undefined));
  lifecycle.add(() => server.closeAllConnections());
  return `http://${LOOPBACK}:${port}`;
}

function sandboxEndpoints(sandbox: { gateway: string; merchant: string; storage: string }) {
  return [
    { name: "gateway-sandbox", url: sandbox.gateway },
    { name: "merchant-sandbox", url: sandbox.merchant },
    { name: "storage", url: sandbox.storage },
  ];
}

async function main(lifecycle: Lifecycle): Promise<"serving"> {
  // Before anything is started: the compile blocks this process for a few seconds.
  ensureCompiledTestkit();
  const docsUrl = await startDocs(lifecycle);
  const mocks = await startMocks(mockPortsFromEnvironment(process.env), lifecycle);
  // Its own description lines are passed through; its ports come from the same environment.
  const sandboxLines: string[] = [];
  // Paths it prints are the compiled copy's; the checkout's files are the same under src/.
  const compiledPrefix = relative(process.cwd(), compiledTestkitDir) + sep;
  const sandbox = await spawnSandbox([], process.env, (line, stream) =>
    stream === "stdout" ? sandboxLines.push(line.replace(compiledPrefix, "")) : console.error(line),
  );
  lifecycle.add(() => sandbox.stop());

  for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
  for (const line of sandboxLines) console.log(line);
  console.log(`docs: ${docsUrl}/   (sandbox guide: ${docsUrl}/guides/sandbox.html)`);
  console.log(
    await readyLine([
      ...mocks.map((mock) => ({ name: `${mock.api}-mock`, url: mock.url })),
      ...sandboxEndpoints(sandbox),
      { name: "docs", url: `${docsUrl}/` },
    ]),
  );
  console.log("Ctrl+C (or SIGTERM) stops everything.");
  return "serving";
}

if (require.main === module) {
  const lifecycle = new Lifecycle();
  void lifecycle.run(() => main(lifecycle));
}

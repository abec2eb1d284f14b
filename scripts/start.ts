/**
 * The main job (`npm start`, after `npm run build`): the Prism mocks, the stateful sandbox and
 * the docs, all on loopback, until SIGTERM or SIGINT stops every one of them. Ports come from the
 * environment (defaults in parentheses): GATEWAY_MOCK_PORT (4010), MERCHANT_MOCK_PORT (4011),
 * GATEWAY_SANDBOX_PORT (4020), MERCHANT_SANDBOX_PORT (4021), SANDBOX_STORAGE_PORT (4022),
 * DOCS_PORT (8080). Prints one `ready` line once every listener answers.
 */
import { createServer } from "node:http";
import sirv from "sirv";
import { docsOutDir } from "./build-docs";
import { startMocksFromSettings } from "../src/testkit/cli/commands/mock";
import { describeSandbox, sandboxEndpoints, startSandboxFromSettings } from "../src/testkit/cli/commands/sandbox";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { describeListenError, LOOPBACK, portSetting } from "../src/testkit/serve/ports";
import { readyLine } from "../src/testkit/serve/ready";

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

const lifecycle = new Lifecycle();
void lifecycle.run(async () => {
  const docsUrl = await startDocs(lifecycle);
  const mocks = await startMocksFromSettings({}, lifecycle);
  const sandbox = await startSandboxFromSettings({}, lifecycle);

  for (const mock of mocks) console.log(`${mock.api} mock (Prism): ${mock.url}`);
  for (const line of describeSandbox(sandbox)) console.log(line);
  console.log(`docs: ${docsUrl}/   (sandbox guide: ${docsUrl}/guides/sandbox.html)`);
  console.log(
    await readyLine([...mocks.map((mock) => ({ name: `${mock.api}-mock`, url: mock.url })), ...sandboxEndpoints(sandbox), { name: "docs", url: `${docsUrl}/` }]),
  );
  console.log("Ctrl+C (or SIGTERM) stops everything.");
});

/**
 * Serving processes stop completely: `npm run mock` (npm, a shell, ts-node and two Prism
 * children) killed with SIGTERM at the npm process, and the CLI stopped with SIGINT (Ctrl+C),
 * leave no process and no listening port. `payment-apis wait` gives up within its bound, and its
 * probes send no request (nothing in a server's log or in the sandbox's exchange record).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import getPort from "get-port";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { startTestSandbox } from "./support/sandbox";
import { descendantsOf, ended, portIsFree, processesMentioning, readyUrls, runWatched, startServing } from "./support/processes";

const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
const cli = join("src", "testkit", "cli", "main.ts");

describe("serving processes", () => {
  it("npm run mock: SIGTERM to npm stops both Prism servers and frees their ports", async () => {
    const ports = { gateway: await getPort({ host: "127.0.0.1" }), merchant: await getPort({ host: "127.0.0.1" }) };
    const serving = await startServing("npm", ["run", "mock"], projectRoot, {
      ...process.env,
      GATEWAY_MOCK_PORT: String(ports.gateway),
      MERCHANT_MOCK_PORT: String(ports.merchant),
    });
    expect(readyUrls(serving.ready)).toEqual({
      "gateway-mock": `http://127.0.0.1:${ports.gateway}`,
      "merchant-mock": `http://127.0.0.1:${ports.merchant}`,
    });
    const prism = () =>
      processesMentioning("prism-cli").filter(
        (line) => line.includes(`--port ${ports.gateway} `) || line.includes(`--port ${ports.merchant} `),
      );
    expect(prism()).toHaveLength(2);

    // npm, its script and both Prisms end (however long a busy machine takes), and then the ports are free.
    const tree = [serving.child.pid!, ...descendantsOf(serving.child.pid!)];
    serving.child.kill("SIGTERM");
    await ended(tree);
    expect(prism()).toEqual([]);
    for (const port of Object.values(ports)) expect(await portIsFree(port), serving.output()).toBe(true);
  });

  it("the CLI stops the sandbox on SIGINT and exits 0", async () => {
    const serving = await startServing(
      tsNode,
      [cli, "sandbox", "--gateway-port", "0", "--merchant-port", "0", "--storage-port", "0"],
      projectRoot,
      process.env,
    );
    const ports = Object.values(readyUrls(serving.ready)).map((url) => Number(new URL(url).port));
    expect(ports).toHaveLength(3);
    for (const port of ports) expect(await portIsFree(port)).toBe(false);
    const exited = new Promise<number | null>((done) => serving.child.once("exit", (code) => done(code)));
    serving.child.kill("SIGINT");
    expect(await exited).toBe(0);
    for (const port of ports) expect(await portIsFree(port)).toBe(true);
  });

  it("payment-apis wait fails within its bound, naming the URL that did not answer", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    // A wait without a bound would make no progress and be stopped: a failure, not exit 1.
    const result = await run(["wait", "--timeout", "1", `http://127.0.0.1:${port}`]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`http://127.0.0.1:${port} did not accept connections within 1000 ms`);
  });

  it("payment-apis wait returns once the sandbox listens, leaving nothing in its exchange record", async () => {
    const sandbox = await startTestSandbox();
    try {
      // Asynchronously: the sandbox runs in this process.
      const result = await promisify(execFile)(tsNode, [cli, "wait", "--timeout", "60", sandbox.gatewayUrl, sandbox.merchantUrl], {
        cwd: projectRoot,
        encoding: "utf8",
      });
      expect(result.stdout).toBe(`ready ${sandbox.gatewayUrl} ${sandbox.merchantUrl}\n`);
      expect(sandbox.exchanges.list().items).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });

  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    runWatched(tsNode, [cli, ...args], projectRoot, env).then(({ code, stdout, stderr }) => ({ status: code, stdout, stderr }));

  it("refuses a mistyped option or command with exit 2 and a suggestion", async () => {
    const option = await run(["sandbox", "--gateway-prot", "1"]);
    expect(option.status).toBe(2);
    expect(option.stderr).toContain("error: unknown option '--gateway-prot'\n(Did you mean --gateway-port?)");
    const command = await run(["sandbx"]);
    expect(command.status).toBe(2);
    expect(command.stderr).toContain("error: unknown command 'sandbx'\n(Did you mean sandbox?)");
  });

  it("names the flag, or the environment variable, that a bad value came from", async () => {
    const flag = await run(["sandbox", "--gateway-port", "abc"]);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain("option '--gateway-port <N>' argument 'abc' is invalid. It must be a port number from 0 to 65535.");
    const variable = await run(["sandbox"], { ...process.env, GATEWAY_SANDBOX_PORT: "abc" });
    expect(variable.status).toBe(2);
    expect(variable.stderr).toContain("option '--gateway-port <N>' value 'abc' from env 'GATEWAY_SANDBOX_PORT' is invalid.");
    const choice = await run(["contract", "--target", "extrnal"]);
    expect(choice.stderr).toContain("Allowed choices are sandbox, mock, external.");
  });

  it("prints its version and each command's options with the variables they stand for", async () => {
    const version = await run(["--version"]);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^payment-apis-dev \d+\.\d+\.\d+$/);
    const help = await run(["mock", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--gateway-port <N>\s+the gateway mock's port \(default: 4010, env:\s+GATEWAY_MOCK_PORT\)/);
    expect(help.stdout).toContain("Prefer: code=<status>");
  });
});

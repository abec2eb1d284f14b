/**
 * The packages as their users get them: both tarballs packed (`npm run pack`), installed into
 * empty projects outside the repository, and used there as a downstream repo and a CI job would:
 * the clients type-checked under node10, node16 and bundler resolution and run against
 * `npx payment-apis sandbox` from the installed testkit, the specs resolved by module name, the
 * contract suite run with `npx payment-apis contract`, and the sandbox stopped with SIGTERM.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import { consumerResolutions, type ConsumerResolution } from "./support/consumer-type-checks";
import { ended, portIsFree, processesMentioning, runWatched, startServing } from "./support/processes";
import { shellBlockUnder } from "./support/readme";
import { namesMissingFrom } from "./support/package-messages";
import { shippedGuides } from "../src/testkit/common/guides";

const bin = (name: string) => join(projectRoot, "node_modules", ".bin", name);
/** Test tooling that must never reach a project that installs only the clients. */
const DEV_ONLY = ["vitest", "@stoplight/prism-cli", "dredd", "@redocly/cli", "typescript", "ts-node", "fast-check", "ajv"];

interface Run {
  status: number | null;
  stdout: string;
  /** stdout and stderr */
  output: string;
}

/**
 * A command in the background, bounded by its progress (test/support/processes.ts), never by wall
 * time: independent checks overlap (each mostly waits on its own process).
 */
async function runAsync(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const finished = await runWatched(command, args, cwd, env);
  return { status: finished.code, stdout: finished.stdout, output: `${finished.stdout}${finished.stderr}` };
}

/** The ```ts blocks of a Markdown text. */
function typeScriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)\n```/g)].map((block) => block[1]!);
}

function emptyProject(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `payment-apis-${name}-`));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true }));
  return dir;
}

/** stdout of a background command that must succeed. */
async function mustRunAsync(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const result = await runAsync(command, args, cwd, env);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}:\n${result.output.slice(-4000)}`);
  return result.stdout;
}

/** npm from its cache where it can (the repository's own install filled it). */
async function npmInstall(dir: string, specs: string[]): Promise<void> {
  await mustRunAsync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...specs], dir);
}

/**
 * The README's `npm install` line for a package (a tarball by path, of this version), with its
 * placeholder path replaced by the tarball just packed: the README's install path is the one tested.
 */
function readmeInstall(name: string, tarball: string): string[] {
  const version = (JSON.parse(readFileSync(join(projectRoot, "packages", name, "package.json"), "utf8")) as { version: string }).version;
  const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
  const line = readme.split("\n").find((l) => l.startsWith("npm install ") && l.includes(`/${name}-`));
  if (!line) throw new Error(`README.md has no npm install line for ${name}`);
  const args = line.replace(/#.*$/, "").trim().split(/\s+/).slice(2);
  const path = args.find((arg) => arg.endsWith(".tgz"));
  if (path === undefined || !path.endsWith(`/${name}-${version}.tgz`))
    throw new Error(`README.md installs ${path ?? "no tarball"}, not ${name}-${version}.tgz`);
  return args.map((arg) => (arg === path ? tarball : arg));
}

describe("the packed packages, installed into empty projects", () => {
  let tarballs: { toolkit: string; testkit: string };
  let clientsProject: string;
  let ciProject: string;

  beforeAll(async () => {
    const packed = (await mustRunAsync(bin("ts-node"), [join("scripts", "pack.ts")], projectRoot))
      .split("\n")
      .filter((line) => line.endsWith(".tgz"));
    const find = (name: string) =>
      join(
        projectRoot,
        packed.find((line) => line.includes(`${name}-`))!,
      );
    tarballs = { toolkit: find("payment-apis-toolkit"), testkit: find("payment-apis-testkit") };
    clientsProject = emptyProject("clients-consumer");
    ciProject = emptyProject("ci-job");
    // Two projects, two installs, side by side, each with the README's own command.
    await Promise.all([
      npmInstall(clientsProject, readmeInstall("payment-apis-toolkit", tarballs.toolkit)),
      npmInstall(ciProject, readmeInstall("payment-apis-testkit", tarballs.testkit)),
    ]);
    writeFileSync(join(clientsProject, "consumer.ts"), readFileSync(join(projectRoot, "test", "packages", "consumer", "consumer.ts")));
  });

  afterAll(() => {
    for (const dir of [clientsProject, ciProject]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Checks of the installed and packed files and the consumer's run against the installed
  // sandbox, each in processes of its own: side by side.
  describe.concurrent("as installed and as packed", () => {
    it("installs the clients without any test tooling", async () => {
      const ls = await runAsync("npm", ["ls", "--all", "--json"], clientsProject);
      expect(ls.status, ls.output.slice(-4000)).toBe(0);
      const tree = JSON.stringify(JSON.parse(ls.stdout));
      expect(tree).toContain('"payment-apis-toolkit"');
      for (const name of DEV_ONLY) expect(tree, name).not.toContain(`"${name}"`);
    });

    it("resolves the four bundled specs by module name", async () => {
      const script = `for (const f of ["gateway.json","gateway.yaml","merchant.json","merchant.yaml"]) console.log(require.resolve("payment-apis-toolkit/specs/" + f))`;
      const resolved = await runAsync(process.execPath, ["-e", script], clientsProject);
      expect(resolved.status, resolved.output).toBe(0);
      const paths = resolved.stdout.trim().split("\n");
      expect(paths).toHaveLength(4);
      for (const path of paths) expect(path.startsWith(join(clientsProject, "node_modules", "payment-apis-toolkit", "specs"))).toBe(true);
      const gateway = JSON.parse(readFileSync(paths[0]!, "utf8")) as { openapi: string };
      expect(gateway.openapi).toMatch(/^3\.1\./);
      expect(readFileSync(paths[1]!, "utf8")).toMatch(/^openapi: ["']?3\.1\./m);
    });

    it("runs README's codegen lines as written, with no terminal to answer a prompt", async () => {
      const block = shellBlockUnder("README.md", "## Point codegen at the bundled specs");
      const codegen = await runAsync("bash", ["-euo", "pipefail", "-c", block], clientsProject, { ...process.env, CI: "true" });
      try {
        expect(codegen.status, codegen.output.slice(-4000)).toBe(0);
        expect(codegen.stdout).toContain(join(clientsProject, "node_modules", "payment-apis-toolkit", "specs", "gateway.json"));
        expect(readFileSync(join(clientsProject, "src", "merchant-api.d.ts"), "utf8")).toContain("export interface paths");
      } finally {
        rmSync(join(clientsProject, "src"), { recursive: true, force: true });
      }
    });

    it("names in the testkit's messages only files an installed user has, and no npm script of the repository", () => {
      const installed = join(ciProject, "node_modules", "payment-apis-testkit");
      expect(namesMissingFrom(installed)).toEqual([]);
      for (const guide of shippedGuides) expect(existsSync(join(installed, "docs", guide)), guide).toBe(true);
    });

    it("names in the sandbox's help and start lines the guide where the user has it", async () => {
      const help = await runAsync("npx", ["payment-apis", "sandbox", "--help"], ciProject);
      expect(help.status, help.output).toBe(0);
      expect(help.stdout).toContain("node_modules/payment-apis-testkit/docs/sandbox.md");
      expect(help.stdout).not.toMatch(/(?<!payment-apis-testkit\/)docs\/sandbox\.md/);
    });

    it("has a README that shows startSandbox, the console, faults and fixtures", () => {
      const readme = readFileSync(join(ciProject, "node_modules", "payment-apis-testkit", "README.md"), "utf8");
      for (const topic of ["startSandbox", "/_sandbox/console", "/faults", "loadFixture", "docs/sandbox.md"])
        expect(readme, topic).toContain(topic);
      for (const [, path] of readme.matchAll(/`node_modules\/payment-apis-testkit\/([^`]+)`/g))
        expect(existsSync(join(ciProject, "node_modules", "payment-apis-testkit", path!)), path).toBe(true);
    });

    it("gives ESM and CommonJS importers the same classes", async () => {
      const script = [
        `import { GatewayError, createGatewayClient } from "payment-apis-toolkit/gateway";`,
        `import { MerchantProblemError } from "payment-apis-toolkit/merchant";`,
        `import * as all from "payment-apis-toolkit";`,
        `import { createRequire } from "node:module";`,
        `const require = createRequire(import.meta.url);`,
        `const cjs = require("payment-apis-toolkit/gateway");`,
        `console.log(JSON.stringify([typeof createGatewayClient, cjs.GatewayError === GatewayError, require("payment-apis-toolkit/merchant").MerchantProblemError === MerchantProblemError, all.GatewayError === GatewayError]));`,
      ].join("\n");
      const imported = await runAsync(process.execPath, ["--input-type=module", "-e", script], clientsProject);
      expect(imported.status, imported.output).toBe(0);
      expect(JSON.parse(imported.stdout)).toEqual(["function", true, true, true]);
    });

    // @types/node from this repository: the consumer project holds only the clients.
    let consumerChecks: Promise<Record<ConsumerResolution, string>> | undefined;
    const checkConsumer = async (name: ConsumerResolution): Promise<string> => {
      consumerChecks ??= mustRunAsync(
        bin("ts-node"),
        [join(projectRoot, "test", "support", "consumer-type-checks.ts"), clientsProject, join(projectRoot, "node_modules", "@types")],
        projectRoot,
      ).then((stdout) => JSON.parse(stdout) as Record<ConsumerResolution, string>);
      return (await consumerChecks)[name];
    };

    it.each(Object.keys(consumerResolutions) as ConsumerResolution[])("type-checks a consumer under %s resolution", async (name) => {
      expect(await checkConsumer(name)).toBe("");
    });

    it("has correct types for every export and a clean manifest (attw, publint)", async () => {
      // The YAML specs are data, not modules: attw cannot type them; require.resolve is tested above.
      const attw = await runAsync(
        bin("attw"),
        [tarballs.toolkit, "--exclude-entrypoints", "./specs/gateway.yaml", "./specs/merchant.yaml", "--format", "table-flipped"],
        projectRoot,
      );
      expect(attw.output).not.toMatch(/💀|❌|🐛|⚠️/u);
      expect(attw.status, attw.output).toBe(0);
      for (const name of ["payment-apis-toolkit", "payment-apis-testkit"]) {
        const publint = await runAsync(bin("publint"), ["--strict", join(projectRoot, "dist", "packages", name)], projectRoot);
        expect(publint.status, publint.output).toBe(0);
        expect(publint.output).not.toMatch(/Suggestions:|Warnings:|Errors:/);
      }
    });

    it.each(["payment-apis-toolkit", "payment-apis-testkit"])("%s passes npm publish --dry-run without a warning", async (name) => {
      const result = await runAsync("npm", ["publish", "--dry-run"], join(projectRoot, "dist", "packages", name));
      expect(result.status, result.output).toBe(0);
      // Not logged in to a registry, and this machine's own npm configuration, are not the package's business.
      const warnings = result.output
        .split("\n")
        .filter((line) => /npm (warn|error)/i.test(line) && !/requires you to be logged in|Unknown (user|env) config/.test(line));
      expect(warnings).toEqual([]);
      expect(result.output).toContain(`+ ${name}@`);
    });

    it("runs the consumer against `npx payment-apis sandbox`, passes `npx payment-apis contract`, and stops on SIGTERM", async () => {
      const ports = {
        gateway: await getPort({ host: "127.0.0.1" }),
        merchant: await getPort({ host: "127.0.0.1" }),
        storage: await getPort({ host: "127.0.0.1" }),
      };
      const sandbox = await startServing("npx", ["payment-apis", "sandbox"], ciProject, {
        ...process.env,
        GATEWAY_SANDBOX_PORT: String(ports.gateway),
        MERCHANT_SANDBOX_PORT: String(ports.merchant),
        SANDBOX_STORAGE_PORT: String(ports.storage),
      });
      try {
        const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
        const merchantUrl = `http://127.0.0.1:${ports.merchant}`;
        expect(sandbox.ready).toBe(
          `ready gateway-sandbox=${gatewayUrl} merchant-sandbox=${merchantUrl} storage=http://127.0.0.1:${ports.storage}`,
        );

        // The seeded TEST-ONLY signing key, at the path the README gives inside the installed testkit.
        const signingKeyFile = join(
          ciProject,
          "node_modules",
          "payment-apis-testkit",
          "src",
          "testkit",
          "sandbox",
          "seed",
          "signing-key.TEST-ONLY.private.pem",
        );
        expect(existsSync(signingKeyFile)).toBe(true);
        expect(await checkConsumer("node16"), "consumer.ts under node16 resolution").toBe("");
        const consumerOutput = await mustRunAsync(process.execPath, [join("build", "consumer.js")], clientsProject, {
          ...process.env,
          GATEWAY_BASE_URL: gatewayUrl,
          GATEWAY_API_KEY: seeded.gateway.merchantKey,
          GATEWAY_SIGNING_API_KEY: seeded.gateway.signingKeyId,
          GATEWAY_SIGNING_KEY_FILE: signingKeyFile,
          MERCHANT_BASE_URL: merchantUrl,
          MERCHANT_CLIENT_ID: seeded.merchant.clientId,
          MERCHANT_CLIENT_SECRET: seeded.merchant.clientSecret,
        });
        const result = JSON.parse(consumerOutput.trim().split("\n").pop()!) as {
          specs: string[];
          authorization: { id: string; code: number };
          capture: { id: string; code: number };
          rootLinks: string[];
          application: string;
          transactions: number;
          perPage: number;
        };
        expect(result.specs).toHaveLength(4);
        expect(result.authorization.code).toBe(20000);
        expect(result.capture.code).toBe(20000);
        expect(result.capture.id).not.toBe(result.authorization.id);
        expect(result.rootLinks).toContain("ch:applications");
        expect(result.application.startsWith(`${merchantUrl}/`)).toBe(true);
        // More transactions than one page holds: the iterator followed `next` to the end.
        expect(result.transactions).toBeGreaterThan(result.perPage);

        // README's signed POST as written, from the project that installed the testkit: it finds the seeded key there.
        const { SIGNING_KEY_FILE: _, ...environment } = process.env;
        const signed = await runAsync("bash", [join(projectRoot, "docs", "examples", "sandbox-signed-post.sh")], ciProject, {
          ...environment,
          GATEWAY_BASE_URL: gatewayUrl,
        });
        expect(signed.status, signed.output).toBe(0);
        expect((JSON.parse(signed.stdout) as { status: { code: number } }).status.code).toBe(20000);

        const junit = join(ciProject, "contract-report.xml");
        const contract = await runAsync(
          "npx",
          ["payment-apis", "contract", "--gateway-url", gatewayUrl, "--merchant-url", merchantUrl, "--junit", junit, "--reporter", "dot"],
          ciProject,
        );
        expect(contract.status, contract.output.slice(-4000)).toBe(0);
        expect(contract.output).toMatch(/^contract: \d+ passed, 0 failed/m);
        const report = readFileSync(junit, "utf8");
        expect(report).toMatch(/<testsuites [^>]*failures="0"/);
        expect(Number(/<testsuites [^>]*tests="(\d+)"/.exec(report)?.[1])).toBeGreaterThan(100);
      } finally {
        sandbox.child.kill("SIGTERM");
      }
      // npx does not pass SIGTERM on; the sandbox notices its parent is gone and stops everything:
      // npx and whatever runs from the CI project end (however long a busy machine takes), and then
      // the ports are free.
      const left = processesMentioning(join(ciProject, "node_modules")).map((line) => Number(line.split(":")[0]));
      await ended([sandbox.child.pid!, ...left]);
      for (const port of Object.values(ports))
        expect(await portIsFree(port), `port ${port} still listening:\n${sandbox.output()}`).toBe(true);
    });
  });

  describe("started from test code", () => {
    it("runs the downstream example suite (docs/examples/downstream) with startSandbox from the installed packages", async () => {
      const project = emptyProject("downstream-tests");
      try {
        await npmInstall(project, [tarballs.testkit, tarballs.toolkit]);
        const suite = readFileSync(join(projectRoot, "docs", "examples", "downstream", "sandbox.test.ts"), "utf8");
        writeFileSync(join(project, "sandbox.test.ts"), suite);
        // The installed testkit README's examples, as installed.
        const readmeExamples = typeScriptBlocks(readFileSync(join(project, "node_modules", "payment-apis-testkit", "README.md"), "utf8"));
        expect(readmeExamples.length).toBeGreaterThan(0);
        readmeExamples.forEach((example, i) => writeFileSync(join(project, `readme-${i}.test.ts`), example));
        const expected = [suite, ...readmeExamples].reduce((sum, code) => sum + (code.match(/^it\(/gm)?.length ?? 0), 0);
        // vitest comes with the testkit (its contract suite runs on it).
        const run = await runAsync(process.execPath, [join("node_modules", "vitest", "vitest.mjs"), "run", "--reporter", "dot"], project, {
          ...process.env,
          NO_COLOR: "1",
        });
        expect(run.status, run.output.slice(-4000)).toBe(0);
        // Every test of the suite ran and passed.
        expect(run.output).toMatch(new RegExp(`Tests\\s+${expected} passed`));
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    });
  });

  // After the run above: it looks for processes left in the CI project, and this one starts some.
  describe("served from the installed testkit, again", () => {
    it("prints the installed package's version", async () => {
      const version = await runAsync("npx", ["payment-apis", "--version"], ciProject);
      expect(version.status, version.output).toBe(0);
      const manifest = JSON.parse(readFileSync(join(projectRoot, "packages", "payment-apis-testkit", "package.json"), "utf8")) as {
        version: string;
      };
      expect(version.stdout.trim()).toBe(`payment-apis-testkit ${manifest.version}`);
    });

    it("refuses a taken port with the reason and a non-zero exit", async () => {
      const taken = await startServing(
        "npx",
        ["payment-apis", "sandbox", "--gateway-port", "0", "--merchant-port", "0", "--storage-port", "0"],
        ciProject,
        process.env,
      );
      try {
        const gatewayPort = /gateway-sandbox=http:\/\/127\.0\.0\.1:(\d+)/.exec(taken.ready)![1]!;
        const second = await runAsync(
          "npx",
          ["payment-apis", "sandbox", "--gateway-port", gatewayPort, "--merchant-port", "0", "--storage-port", "0"],
          ciProject,
        );
        expect(second.status).toBe(1);
        expect(second.output).toContain(`127.0.0.1:${gatewayPort} is already in use`);
        expect(second.output).toContain("--gateway-port (GATEWAY_SANDBOX_PORT)");
      } finally {
        taken.child.kill("SIGTERM");
      }
    });
  });
});

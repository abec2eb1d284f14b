/**
 * A contract run that cannot work says so before any test, one line per problem naming what to
 * fix, with its own exit code (3): a closed port, credentials the target refuses, and every
 * missing variable of an external target at once, a signing key the target refuses (named by its
 * key id). No bundler warning precedes it. A run against a shared sandbox says at its end what it
 * did to the sandbox's test clock.
 */
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanOf, watchTestClock } from "../contract-tests/targets/clock-report";
import type { ContractTarget } from "../contract-tests/support/target";
import { projectRoot } from "../scripts/lib/apis";
import { seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { keys, startTestSandbox } from "./support/sandbox";

const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
const cli = join("src", "testkit", "cli", "main.ts");

/** The environment without any of the suite's settings, so that only the test's own apply. */
function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GATEWAY_|MERCHANT_|CONTRACT_)/.test(name)));
  return { ...env, ...extra };
}

/** `payment-apis contract ...`, asynchronously (an in-process sandbox must keep answering). */
function contract(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; lines: string[] }> {
  return new Promise((done, fail) => {
    const child = spawn(tsNode, [cli, "contract", ...args], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (status) => done({ status, lines: output.split("\n").filter((line) => line.trim() !== "") }));
  });
}

const preflightLines = (lines: string[]) => lines.filter((line) => line.startsWith("contract preflight: "));

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe("contract preflight", () => {
  it("a closed port: one line per API naming the setting, exit 3, nothing else tested", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    const url = `http://127.0.0.1:${port}`;
    const run = await contract(["--gateway-url", url, "--merchant-url", url], cleanEnvironment({}));
    expect(run.status).toBe(3);
    expect(preflightLines(run.lines)).toEqual([
      `contract preflight: GATEWAY_BASE_URL (--gateway-url): ${url} cannot be reached (ECONNREFUSED); start the implementation or fix the address`,
      `contract preflight: MERCHANT_BASE_URL (--merchant-url): ${url} cannot be reached (ECONNREFUSED); start the implementation or fix the address`,
      "contract preflight: nothing was tested; fix the above and run again (exit 3)",
    ]);
    expect(run.lines.length, run.lines.join("\n")).toBeLessThan(8);
    expect(run.lines.join("\n")).not.toMatch(/Vite config|\(!\)/);
  });

  it("credentials the target refuses: one line each, exit 3", async () => {
    const run = await contract(
      ["--target", "external", "--gateway-url", sandbox.gatewayUrl, "--merchant-url", sandbox.merchantUrl],
      cleanEnvironment({
        GATEWAY_API_KEY: "not-a-key",
        GATEWAY_SIGNING_API_KEY: "not-a-signing-key",
        GATEWAY_SIGNING_KEY_FILE: seededPrivateKeyPath,
        MERCHANT_CLIENT_ID: "sandbox-client",
        MERCHANT_CLIENT_SECRET: "not-the-secret",
      }),
    );
    expect(run.status).toBe(3);
    expect(preflightLines(run.lines)).toEqual([
      `contract preflight: GATEWAY_API_KEY: refused by ${sandbox.gatewayUrl} (HTTP 401); use credentials of this implementation`,
      `contract preflight: MERCHANT_CLIENT_ID and MERCHANT_CLIENT_SECRET: refused by ${sandbox.merchantUrl} (HTTP 401); use credentials of this implementation`,
      "contract preflight: nothing was tested; fix the above and run again (exit 3)",
    ]);
  });

  it("a signing key that is not the one registered: one line naming the key id and the gateway's reason, exit 3", async () => {
    const otherKey = join(mkdtempSync(join(tmpdir(), "preflight-")), "other.pem");
    writeFileSync(otherKey, generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }));
    const run = await contract(
      ["--target", "external", "--gateway-url", sandbox.gatewayUrl, "--merchant-url", sandbox.merchantUrl],
      cleanEnvironment({
        GATEWAY_API_KEY: keys.merchantKey,
        GATEWAY_SIGNING_API_KEY: keys.signingKeyId,
        GATEWAY_SIGNING_KEY_FILE: otherKey,
        MERCHANT_CLIENT_ID: seeded.merchant.clientId,
        MERCHANT_CLIENT_SECRET: seeded.merchant.clientSecret,
      }),
    );
    rmSync(dirname(otherKey), { recursive: true, force: true });
    expect(run.status).toBe(3);
    expect(preflightLines(run.lines)).toEqual([
      `contract preflight: GATEWAY_SIGNING_API_KEY (${keys.signingKeyId.slice(0, 8)}…) with GATEWAY_SIGNING_KEY_FILE: a signed POST to ${sandbox.gatewayUrl} was refused: invalid signature (HTTP 400); use the private key registered for this signing API key`,
      "contract preflight: nothing was tested; fix the above and run again (exit 3)",
    ]);
  });

  it("an external target without its variables: every missing one at once, exit 3", async () => {
    const run = await contract(["--target", "external"], cleanEnvironment({}));
    expect(run.status).toBe(3);
    const missing = preflightLines(run.lines)
      .map((line) => /^contract preflight: (\w+) is not set/.exec(line)?.[1])
      .filter(Boolean);
    expect(missing.sort()).toEqual([
      "GATEWAY_API_KEY",
      "GATEWAY_BASE_URL",
      "GATEWAY_SIGNING_API_KEY",
      "GATEWAY_SIGNING_KEY_FILE",
      "MERCHANT_BASE_URL",
      "MERCHANT_CLIENT_ID",
      "MERCHANT_CLIENT_SECRET",
    ]);
    expect(run.lines.length, run.lines.join("\n")).toBeLessThan(12);
  });
});

describe("a run against a shared sandbox", () => {
  it("says in one line what it did to the sandbox's test clock", async () => {
    const target = {
      kind: "external",
      gateway: { baseUrl: sandbox.gatewayUrl },
      merchant: { baseUrl: sandbox.merchantUrl },
      capabilities: { behaviour: true, testClock: true, testCards: true },
    } as ContractTarget;
    const offset = sandbox.clock.offsetSeconds();
    const untouched = await watchTestClock(target);
    expect(await untouched()).toBe(
      `contract: this run left the test clock of ${sandbox.gatewayUrl} as it was (${spanOf(offset)} ahead of real time)`,
    );

    const report = await watchTestClock(target);
    const advanced = await fetch(`${sandbox.gatewayUrl}/_sandbox/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance_seconds: 576 * 86_400 }),
    });
    expect(advanced.status).toBe(200);
    expect(await report()).toBe(
      `contract: this run moved the test clock of ${sandbox.gatewayUrl} 576 days ahead (now ${spanOf(offset + 576 * 86_400)} ahead of real time); it never goes back: POST ${sandbox.gatewayUrl}/_sandbox/reset returns it to now, with every store`,
    );
  });
});

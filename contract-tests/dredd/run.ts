/**
 * `npm run contract:dredd`: Dredd 14 against the sandbox and against the Prism mock, for both
 * APIs, with the hooks in contract-tests/dredd/hooks.ts. Dredd reads a down-levelled copy of
 * each bundle made here at run time (see downlevel.ts). Exits non-zero when any Dredd run fails.
 *
 *   npm run contract:dredd                  sandbox and mock
 *   npm run contract:dredd -- sandbox       one target
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import getPort from "get-port";
import { generateKeyPairSync } from "node:crypto";
import { startPrismMock, type RunningMock } from "../../src/testkit/prism/prism";
import { seeded, seededPrivateKeyPath } from "../../src/testkit/sandbox/configuration/config";
import { startSandbox } from "../../src/testkit/sandbox/server";
import { loadBundledSpec } from "../../src/testkit/openapi-model/document";
import { contractSandboxConfig } from "../targets/sandbox";
import { startChild } from "../../src/testkit/serve/children";
import { Lifecycle } from "../../src/testkit/serve/lifecycle";
import { downlevelForDredd } from "./downlevel";
import type { DreddContract } from "./hooks";
import { stripVTControlCharacters } from "node:util";

const root = resolve(__dirname, "..", "..");
const APIS = ["gateway", "merchant"] as const;

interface Outcome {
  label: string;
  passing: number;
  failing: number;
  errors: number;
  skipped: number;
  code: number;
}

async function dredd(label: string, specFile: string, contract: DreddContract): Promise<Outcome> {
  const args = [
    specFile,
    contract.baseUrl,
    "--hookfiles",
    join(root, "contract-tests", "dredd", "hooks.ts"),
    "--require",
    "ts-node/register/transpile-only",
    "--loglevel",
    "error",
    "--reporter",
    "dot",
    "--color",
    "false",
  ];
  const finished = await startChild(join(root, "node_modules", ".bin", "dredd"), args, {
    cwd: root,
    env: { ...process.env, DREDD_CONTRACT: JSON.stringify(contract), NODE_NO_WARNINGS: "1" },
  }).finished;
  const [code, output] = [finished.code ?? 1, finished.output];
  const complete = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped/.exec(output);
  const [passing, failing, errors, skipped] = complete ? complete.slice(1).map(Number) : [0, 0, 1, 0];
  const outcome = { label, passing: passing!, failing: failing!, errors: errors!, skipped: skipped!, code };
  const failed = code !== 0 || failing! > 0 || errors! > 0 || passing === 0;
  console.log(`dredd ${label}: ${passing} passing, ${failing} failing, ${errors} errors, ${skipped} skipped${failed ? "  <- FAILED" : ""}`);
  if (failed) {
    // Dredd prints each failure as `fail: METHOD (status) path` then `fail: <what>`; the request and answer follow.
    const lines = stripVTControlCharacters(output).split("\n");
    const failures = lines
      .filter((l) => l.startsWith("fail:") || l.startsWith("error:"))
      .map((l) => `  ${l.replace(/ duration: \d+ms/, "")}`);
    console.log(failures.length ? failures.join("\n") : lines.slice(-60).join("\n"));
    if (process.env.DREDD_VERBOSE) console.log(output);
  }
  return outcome;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const targets = wanted.length ? wanted : ["sandbox", "mock"];
  for (const t of targets) if (t !== "sandbox" && t !== "mock") throw new Error(`unknown Dredd target ${t}: sandbox or mock`);
  const dir = mkdtempSync(join(tmpdir(), "contract-dredd-"));
  const specs = Object.fromEntries(
    APIS.map((api) => {
      const file = join(dir, `${api}.json`);
      writeFileSync(file, JSON.stringify(downlevelForDredd(loadBundledSpec(api)), null, 1));
      return [api, file];
    }),
  ) as Record<(typeof APIS)[number], string>;
  const outcomes: Outcome[] = [];
  const started = Date.now();
  try {
    if (targets.includes("sandbox")) {
      const sandbox = await startSandbox({ config: contractSandboxConfig(), responseValidation: "strict", log: () => undefined });
      try {
        const credentials = {
          gateway: {
            apiKey: seeded.gateway.merchantKey,
            signingKeyId: seeded.gateway.signingKeyId,
            signingKeyPem: readFileSync(seededPrivateKeyPath, "utf8"),
          },
          merchant: { clientId: seeded.merchant.clientId, clientSecret: seeded.merchant.clientSecret, audience: sandbox.merchantUrl },
        };
        outcomes.push(
          await dredd("gateway vs sandbox", specs.gateway, {
            kind: "sandbox",
            api: "gateway",
            baseUrl: sandbox.gatewayUrl,
            ...credentials,
          }),
        );
        outcomes.push(
          await dredd("merchant vs sandbox", specs.merchant, {
            kind: "sandbox",
            api: "merchant",
            baseUrl: sandbox.merchantUrl,
            ...credentials,
          }),
        );
        if (sandbox.violations.count > 0) {
          console.log(`the sandbox broke its spec ${sandbox.violations.count} times during the Dredd runs:`);
          for (const v of sandbox.violations.entries) console.log(`  ${v.operationId} ${v.status}: ${v.problems.join("; ")}`);
          outcomes.push({ label: "sandbox self-check", passing: 0, failing: sandbox.violations.count, errors: 0, skipped: 0, code: 1 });
        }
      } finally {
        await sandbox.stop();
      }
    }
    if (targets.includes("mock")) {
      const mocks: RunningMock[] = [];
      try {
        for (const api of APIS) mocks.push(await startPrismMock({ api, port: await getPort({ host: "127.0.0.1" }) }));
        const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
        const credentials = {
          gateway: {
            apiKey: seeded.gateway.merchantKey,
            signingKeyId: seeded.gateway.signingKeyId,
            signingKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
          },
          merchant: { clientId: seeded.merchant.clientId, clientSecret: seeded.merchant.clientSecret, audience: mocks[1]!.url },
        };
        outcomes.push(
          await dredd("gateway vs mock", specs.gateway, { kind: "mock", api: "gateway", baseUrl: mocks[0]!.url, ...credentials }),
        );
        outcomes.push(
          await dredd("merchant vs mock", specs.merchant, { kind: "mock", api: "merchant", baseUrl: mocks[1]!.url, ...credentials }),
        );
      } finally {
        await Promise.all(mocks.map((m) => m.stop()));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const total = outcomes.reduce(
    (t, o) => ({ passing: t.passing + o.passing, failing: t.failing + o.failing + o.errors, skipped: t.skipped + o.skipped }),
    { passing: 0, failing: 0, skipped: 0 },
  );
  console.log(`dredd took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`dredd: ${total.passing} passed, ${total.failing} failed, ${total.skipped} skipped`);
  if (outcomes.some((o) => o.code !== 0 || o.failing > 0 || o.errors > 0 || o.passing === 0)) process.exitCode = 1;
}

// A signal stops Dredd; the `finally` blocks then stop the sandbox and the mocks (src/testkit/serve/lifecycle.ts).
if (require.main === module) void new Lifecycle().run(main);

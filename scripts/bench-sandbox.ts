/**
 * `npm run bench:sandbox`: throughput and latency of the sandbox and of the Prism mock for the
 * same request mix, in one run on loopback, written into docs/benchmarks.md between the
 * `bench:sandbox` markers. A measurement, not a test: nothing fails on a slow run.
 *
 * The sandbox runs in its own process with every validation on (requests, signatures, and
 * strict response validation); Prism runs as `npm start` runs it. autocannon drives both with
 * the same requests, one API at a time.
 *
 * Options (environment): BENCH_DURATION seconds per measurement (default 10),
 * BENCH_CONNECTIONS (default 10).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { startPrismMock, type RunningMock } from "../src/mock/prism";
import { seeded, seededPrivateKeyPath } from "../src/sandbox/config";
import { signatureHeader } from "../src/sandbox/gateway/signature";

const root = resolve(__dirname, "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startSandboxProcess(): Promise<{ gateway: string; merchant: string; child: ChildProcess; cleanup: () => void }> {
  const ports = { gateway: await freePort(), merchant: await freePort(), storage: await freePort() };
  // The per-endpoint quotas would answer most of a benchmark with 429: lift them for the run.
  const dir = mkdtempSync(join(tmpdir(), "bench-sandbox-"));
  const configFile = join(dir, "sandbox.json");
  writeFileSync(configFile, JSON.stringify({ merchant: { rateLimits: { default: 1e9, operations: { createToken: 1e9 } } } }));
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", join(root, "scripts", "sandbox.ts")], {
    cwd: root,
    env: {
      ...process.env,
      GATEWAY_SANDBOX_PORT: String(ports.gateway),
      MERCHANT_SANDBOX_PORT: String(ports.merchant),
      SANDBOX_STORAGE_PORT: String(ports.storage),
      SANDBOX_RESPONSE_VALIDATION: "strict",
      SANDBOX_CONFIG: configFile,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const gateway = `http://127.0.0.1:${ports.gateway}`;
  const merchant = `http://127.0.0.1:${ports.merchant}`;
  await waitFor(gateway);
  await waitFor(merchant);
  return { gateway, merchant, child, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

type Request = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

/** The gateway mix: discovery, account, a signed card authorization, a signed partial capture. */
function gatewayMix(authorizationId: string): Request[] {
  const basic = "Basic " + Buffer.from(`${seeded.gateway.merchantKey}:`).toString("base64");
  const key = readFileSync(seededPrivateKeyPath, "utf8");
  const form = "application/x-www-form-urlencoded";
  const authBody = "amount=2050&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
  const captureBody = "amount=1";
  return [
    { method: "GET", path: "/", headers: { authorization: basic } },
    { method: "GET", path: "/account", headers: { authorization: basic } },
    { method: "POST", path: "/authorizations", headers: { authorization: basic, "content-type": form, signature: signatureHeader(seeded.gateway.signingKeyId, key, authBody) }, body: authBody },
    {
      method: "POST",
      path: `/authorizations/${authorizationId}/captures`,
      headers: { authorization: basic, "content-type": form, signature: signatureHeader(seeded.gateway.signingKeyId, key, captureBody) },
      body: captureBody,
    },
  ];
}

/** The merchant mix: the root and a page of transactions, with a bearer token. */
function merchantMix(token: string): Request[] {
  return [
    { method: "GET", path: "/", headers: { authorization: `Bearer ${token}` } },
    { method: "GET", path: "/transactions?per_page=20", headers: { authorization: `Bearer ${token}` } },
  ];
}

interface Measurement {
  target: string;
  api: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function measure(target: string, api: string, url: string, requests: Request[]): Promise<Measurement> {
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, requests: requests.map((r) => ({ ...r })) }) as unknown as Promise<autocannon.Result>;
  await run(2); // warm-up
  const result = await run(duration);
  return {
    target,
    api,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess();
  const mocks: RunningMock[] = [];
  try {
    mocks.push(await startPrismMock({ api: "gateway", port: await freePort() }));
    mocks.push(await startPrismMock({ api: "merchant", port: await freePort() }));
    const [gatewayMock, merchantMock] = mocks as [RunningMock, RunningMock];

    // Sandbox state the mix needs: one large authorization to capture from, one token.
    const key = readFileSync(seededPrivateKeyPath, "utf8");
    const authBody = "amount=999999999&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
    const auth = (await (
      await fetch(`${sandbox.gateway}/authorizations`, {
        method: "POST",
        headers: {
          authorization: "Basic " + Buffer.from(`${seeded.gateway.merchantKey}:`).toString("base64"),
          "content-type": "application/x-www-form-urlencoded",
          signature: signatureHeader(seeded.gateway.signingKeyId, key, authBody),
        },
        body: authBody,
      })
    ).json()) as { id: string };
    const token = (await (
      await fetch(`${sandbox.merchant}/oauth/token`, {
        method: "POST",
        headers: {
          authorization: "Basic " + Buffer.from(`${seeded.merchant.clientId}:${seeded.merchant.clientSecret}`).toString("base64"),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: `grant_type=client_credentials&audience=${encodeURIComponent(sandbox.merchant)}`,
      })
    ).json()) as { access_token: string };

    const results: Measurement[] = [];
    for (const [api, sandboxUrl, mockUrl, mix] of [
      ["gateway", sandbox.gateway, gatewayMock.url, gatewayMix(auth.id)],
      ["merchant", sandbox.merchant, merchantMock.url, merchantMix(token.access_token)],
    ] as const) {
      for (const [target, url] of [["sandbox", sandboxUrl], ["Prism mock", mockUrl]] as const) {
        console.log(`measuring ${target}, ${api} mix (${duration} s, ${connections} connections) ...`);
        const m = await measure(target, api, url, mix);
        console.log(`  ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}, errors ${m.errors}`);
        results.push(m);
      }
    }
    writeResults(results);
  } finally {
    await Promise.all(mocks.map((m) => m.stop()));
    sandbox.child.kill("SIGTERM");
    sandbox.cleanup();
  }
}

function writeResults(results: Measurement[]): void {
  const cpu = cpus();
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; loopback; autocannon, ${connections} connections, ${duration} s per measurement after a 2 s warm-up; load generator on the same machine.`,
    "",
    "Request mixes (each connection cycles through them in order):",
    "- gateway: `GET /`, `GET /account`, signed `POST /authorizations` (card), signed `POST /authorizations/{id}/captures` (`amount=1`);",
    "- merchant: `GET /` and `GET /transactions?per_page=20` with a bearer token.",
    "",
    "The sandbox runs with every validation on (spec routing, API keys, RSA signature verification, Ajv request validation, strict Ajv response validation), with the merchant quotas lifted for the run. Prism runs as `npm start` runs it (`-v error`). The load generator shares the machine with the servers and figures vary between runs: compare the two targets within one run.",
    "",
    "| API | target | requests/s | p50 ms | p90 ms | p99 ms | requests | non-2xx | errors |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...results.map((r) => `| ${r.api} | ${r.target} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.errors} |`),
    "",
  ];
  for (const api of ["gateway", "merchant"]) {
    const s = results.find((r) => r.api === api && r.target === "sandbox")!;
    const p = results.find((r) => r.api === api && r.target === "Prism mock")!;
    const ratio = s.rps / p.rps;
    lines.push(`- ${api}: sandbox ${ratio.toFixed(1)}× Prism's throughput (goal ≥ 10×: ${ratio >= 10 ? "met" : "not met"}).`);
  }
  const file = join(root, "docs", "benchmarks.md");
  const text = readFileSync(file, "utf8");
  const start = "<!-- bench:sandbox:start -->";
  const end = "<!-- bench:sandbox:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) throw new Error(`docs/benchmarks.md lacks the ${start} ... ${end} markers`);
  writeFileSync(file, text.slice(0, from + start.length) + "\n" + lines.join("\n") + "\n" + text.slice(to));
  console.log(`written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

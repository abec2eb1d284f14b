/**
 * `npm run bench:sandbox`: throughput and latency of the sandbox and of the Prism mock for the
 * same request mix, in one run on loopback, printed, and written into docs/benchmarks.md between
 * the `bench:sandbox` markers with `-- --write`. A measurement, not a test: nothing fails on a slow run.
 *
 * The sandbox runs in its own process with every validation on (requests, signatures, and
 * strict response validation); Prism runs as `npm start` runs it. autocannon drives both with
 * the same requests, one API at a time.
 *
 * Options (environment): BENCH_DURATION seconds per measurement (default 10),
 * BENCH_CONNECTIONS (default 10).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, totalmem } from "node:os";
import autocannon from "autocannon";
import { startPrismMock, type RunningMock } from "../src/testkit/mock/prism";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { startSandboxProcess } from "./lib/sandbox-process";
import { seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/config";
import { signatureHeader } from "../src/testkit/sandbox/gateway/signature";
import { FORM_MEDIA_TYPE } from "../src/testkit/spec/media-types";

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



type Request = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

/** The gateway mix: discovery, account, a signed card authorization, a signed partial capture. */
function gatewayMix(authorizationId: string): Request[] {
  const basic = "Basic " + Buffer.from(`${seeded.gateway.merchantKey}:`).toString("base64");
  const key = readFileSync(seededPrivateKeyPath, "utf8");
  const authBody = "amount=2050&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
  const captureBody = "amount=1";
  return [
    { method: "GET", path: "/", headers: { authorization: basic } },
    { method: "GET", path: "/account", headers: { authorization: basic } },
    { method: "POST", path: "/authorizations", headers: { authorization: basic, "content-type": FORM_MEDIA_TYPE, signature: signatureHeader(seeded.gateway.signingKeyId, key, authBody) }, body: authBody },
    {
      method: "POST",
      path: `/authorizations/${authorizationId}/captures`,
      headers: { authorization: basic, "content-type": FORM_MEDIA_TYPE, signature: signatureHeader(seeded.gateway.signingKeyId, key, captureBody) },
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
  // The per-endpoint quotas would answer most of a benchmark with 429: lift them for the run.
  const sandbox = await startSandboxProcess({ merchant: { rateLimits: { default: 1_000_000_000, operations: { createToken: 1_000_000_000 } } } });
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
          "content-type": FORM_MEDIA_TYPE,
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
          "content-type": FORM_MEDIA_TYPE,
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
    await sandbox.stop();
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
  recordBenchmark("bench:sandbox", lines);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

/**
 * Memory per retained authorization: starts the sandbox in-process, creates N signed
 * authorizations through the gateway client, and prints the growth of the heap after full
 * garbage collections, divided by N. A measurement for docs/sandbox.md (Retention), not a test.
 *
 *   node -r ts-node/register --expose-gc scripts/bench-retention.ts
 *
 * Options (environment): BENCH_RECORDS (default 20000), BENCH_CONCURRENCY (default 16).
 */
import { readFileSync } from "node:fs";
import { createGatewayClient, type GatewayClient } from "../src/toolkit/clients/gateway/client";
import { defaultConfig, seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import { startSandbox } from "../src/testkit/sandbox/server";

const records = Number(process.env.BENCH_RECORDS ?? 20_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const warmUp = 1_000;
/**
 * The client's per-request timeout: its timer (and abort signal, about 1 KB) lives until it
 * fires even after the response, so each measurement waits that long first, or it would count
 * the client's timers as sandbox state.
 */
const clientTimeoutMs = 2_000;

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error("run with --expose-gc: node -r ts-node/register --expose-gc scripts/bench-retention.ts");
  process.exit(2);
}

/** heapUsed once the client's timers have fired and the collector has nothing more to free. */
async function settledHeap(): Promise<number> {
  await new Promise((done) => setTimeout(done, clientTimeoutMs + 500));
  for (let i = 0; i < 4; i++) {
    collect!();
    await new Promise((done) => setImmediate(done));
  }
  return process.memoryUsage().heapUsed;
}

async function authorizeMany(gateway: GatewayClient, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const outcome = await gateway.authorize({
        amount: 2050,
        currency: "EUR",
        card: { pan: "4111111111111111", expire_month: "06", expire_year: "2035", csc: "987" },
      });
      if (!outcome.approved) throw new Error(`authorization declined: ${outcome.code}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function main(): Promise<void> {
  const config = defaultConfig();
  // One account sends them all, and an account holds an equal share of the bound.
  const share = Math.floor(
    config.gateway.retention.maxTransactions / config.gateway.accounts.filter((account) => account.type === "merchant").length,
  );
  if (records + warmUp > share)
    throw new Error("BENCH_RECORDS exceeds one account's share of the retention bound: nothing would be measured");
  const sandbox = await startSandbox({ config, log: () => undefined });
  try {
    const gateway = createGatewayClient({
      baseUrl: sandbox.gatewayUrl,
      apiKey: seeded.gateway.merchantKey,
      signing: { apiKey: seeded.gateway.signingKeyId, privateKey: readFileSync(seededPrivateKeyPath) },
      timeoutMs: clientTimeoutMs,
    });
    // Warm up first, so that compiled code, validator caches and sockets are in the baseline.
    await authorizeMany(gateway, warmUp);
    const before = await settledHeap();
    const heldBefore = sandbox.gateway.store.size;
    const started = Date.now();
    await authorizeMany(gateway, records);
    const seconds = (Date.now() - started) / 1000;
    const after = await settledHeap();
    const added = sandbox.gateway.store.size - heldBefore;
    const perRecord = (after - before) / added;
    const bound = config.gateway.retention.maxTransactions;
    console.log(`authorizations retained: ${added} (in ${seconds.toFixed(1)} s, ${concurrency} at a time)`);
    console.log(`heapUsed: ${(before / 2 ** 20).toFixed(1)} MiB before, ${(after / 2 ** 20).toFixed(1)} MiB after`);
    console.log(`per retained authorization: ${Math.round(perRecord)} bytes`);
    console.log(`at the default bound (${bound}): about ${Math.round((perRecord * bound) / 2 ** 20)} MiB`);
    if (sandbox.violations.entries.length > 0) throw new Error(`${sandbox.violations.entries.length} responses broke the spec`);
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

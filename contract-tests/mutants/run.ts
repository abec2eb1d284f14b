/**
 * `npm run contract:mutants`: proves the suite has teeth. For each deliberately broken provider
 * (the sandbox behind a rewriting proxy, or with one rule switched off) it runs the whole
 * contract suite, stopping at the first failure, and reports which test caught the fault. A
 * baseline run through the same proxies with no fault must pass first, so a catch means the
 * fault, not the plumbing. Every mutant must be caught, and for its reason: the first failing
 * test's name and message must match the mutant's `catcher` (a catch by an unrelated test or by
 * a crash fails the run). The summary table is printed, and written to docs/contract-tests.md
 * between `<!-- mutants:start -->` and `<!-- mutants:end -->` only with --write-docs.
 *
 *   npm run contract:mutants                            all mutants, two at a time
 *   npm run contract:mutants -- --only a,b              some of them
 *   npm run contract:mutants -- --write-docs            also record the table in docs/contract-tests.md
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startSandbox } from "../../src/testkit/sandbox/server";
import { contractSandboxConfig } from "../targets/sandbox";
import { mutants, type Mutant } from "./mutants";
import { startProxy, type RunningProxy } from "./proxy";

const root = resolve(__dirname, "..", "..");
const docsFile = join(root, "docs", "contract-tests.md");
const START = "<!-- mutants:start -->";
const END = "<!-- mutants:end -->";

interface Result {
  name: string;
  fault: string;
  caught: boolean;
  /** Caught, and by a failure that matches the mutant's catcher. */
  forItsReason: boolean;
  caughtBy: string[];
  /** The first failure's message (the start of it), to tell a right catch from a wrong one. */
  reason: string;
  seconds: number;
  output: string;
}

const BASELINE: Mutant = { name: "baseline (no fault)", fault: "the sandbox behind the same proxies, unchanged", catcher: /(?!)/ };

interface Failure {
  name: string;
  message: string;
}

async function runSuite(gatewayUrl: string, merchantUrl: string, bail: boolean): Promise<{ failed: Failure[]; code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), "contract-mutant-"));
  const outputFile = join(dir, "report.json");
  const args = ["run", "--config", "contract-tests/vitest.config.mts", "--reporter", "json", "--outputFile", outputFile, ...(bail ? ["--bail", "1"] : [])];
  const child = spawn(join(root, "node_modules", ".bin", "vitest"), args, {
    cwd: root,
    env: { ...process.env, CONTRACT_TARGET: "sandbox", GATEWAY_BASE_URL: gatewayUrl, MERCHANT_BASE_URL: merchantUrl, FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number>((done) => child.on("close", (c) => done(c ?? 1)));
  const failed: Failure[] = [];
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8")) as {
      testResults?: Array<{ assertionResults?: Array<{ fullName?: string; title?: string; status?: string; failureMessages?: string[] }> }>;
    };
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed") failed.push({ name: test.fullName ?? test.title ?? "(unnamed)", message: (test.failureMessages ?? []).join("\n").slice(0, 4000) });
      }
    }
  } catch {
    /* no report: the run broke before any test; the exit code says so */
  }
  rmSync(dir, { recursive: true, force: true });
  return { failed, code, output };
}

async function runMutant(mutant: Mutant, bail = true): Promise<Result> {
  const started = Date.now();
  const sandbox = await startSandbox({ config: contractSandboxConfig(), responseValidation: "off", log: () => undefined, faults: mutant.sandboxFault ? [mutant.sandboxFault] : [] });
  const proxies: RunningProxy[] = [];
  try {
    const rewrites: Array<[string, string]> = [];
    const start = (listener: "gateway" | "merchant" | "storage", upstream: string) =>
      startProxy({ listener, upstream, mutation: mutant.mutation ?? {}, rewrites: () => rewrites });
    const gateway = await start("gateway", sandbox.gatewayUrl);
    const merchant = await start("merchant", sandbox.merchantUrl);
    const storage = await start("storage", sandbox.storageUrl);
    proxies.push(gateway, merchant, storage);
    rewrites.push([sandbox.storageUrl, storage.url], [sandbox.gatewayUrl, gateway.url]);
    // The merchant sandbox builds absolute links (and checks the token audience) from its base URL.
    sandbox.merchant.setBaseUrl(merchant.url);
    const run = await runSuite(gateway.url, merchant.url, bail);
    const caught = run.code !== 0;
    const first = run.failed[0];
    const forItsReason = caught && first !== undefined && mutant.catcher.test(`${first.name}\n${first.message}`);
    return {
      name: mutant.name,
      fault: mutant.fault,
      caught,
      forItsReason,
      caughtBy: run.failed.map((f) => f.name),
      reason: (first?.message ?? "").slice(0, 1500),
      seconds: (Date.now() - started) / 1000,
      output: run.output,
    };
  } finally {
    await Promise.all(proxies.map((p) => p.close()));
    await sandbox.stop();
  }
}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

function table(results: Result[], totalSeconds: number): string {
  const escape = (s: string) => s.replace(/\|/g, "\\|");
  const lines = [
    `${results.filter((r) => r.caught).length} of ${results.length} mutants caught (run of ${new Date().toISOString().slice(0, 10)}, ${Math.round(totalSeconds)} s on this machine). Regenerate with \`npm run contract:mutants\`.`,
    "",
    "| mutant | fault | caught | caught by (the first failing test) |",
    "|---|---|---|---|",
    ...results.map(
      (r) =>
        `| \`${r.name}\` | ${escape(r.fault)} | ${r.forItsReason ? "yes" : r.caught ? "**by the wrong test**" : "**NO**"} | ${escape(r.caughtBy[0] ?? (r.caught ? "(the run failed before a test)" : "-"))} |`,
    ),
  ];
  return lines.join("\n");
}

function writeDocs(summary: string): void {
  let text: string;
  try {
    text = readFileSync(docsFile, "utf8");
  } catch {
    console.warn(`${docsFile} not found; the summary is not written`);
    return;
  }
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) {
    console.warn(`${docsFile} has no ${START} ... ${END} markers; the summary is not written`);
    return;
  }
  writeFileSync(docsFile, `${text.slice(0, start + START.length)}\n${summary}\n${text.slice(end)}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyArg = args.find((a) => a.startsWith("--only="))?.slice("--only=".length) ?? (args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined);
  const only = onlyArg ? new Set(onlyArg.split(",")) : undefined;
  const selected = only ? mutants.filter((m) => only.has(m.name)) : mutants;
  if (only && selected.length !== only.size) throw new Error(`unknown mutant in --only: ${[...only].filter((n) => !mutants.some((m) => m.name === n)).join(", ")}`);
  const concurrency = Number(process.env.CONTRACT_MUTANT_CONCURRENCY ?? 2);
  const started = Date.now();

  console.log("baseline: the suite against the sandbox behind the mutant proxies, no fault ...");
  const baseline = await runMutant(BASELINE, false);
  if (baseline.caught) {
    console.error(baseline.output.slice(-4000));
    throw new Error(`the baseline run failed (${baseline.caughtBy.join("; ") || "before any test"}): fix the suite or the proxy before judging mutants`);
  }
  console.log(`baseline passed in ${baseline.seconds.toFixed(1)} s; ${selected.length} mutants, ${concurrency} at a time`);

  const results = await pool(selected, concurrency, async (mutant) => {
    const result = await runMutant(mutant);
    const verdict = result.forItsReason ? "caught" : result.caught ? "WRONG CATCH" : "MISSED";
    console.log(`${verdict}  ${result.name} (${result.seconds.toFixed(1)} s)${result.caughtBy[0] ? ` by: ${result.caughtBy[0]}` : ""}`);
    return result;
  });
  const totalSeconds = (Date.now() - started) / 1000;
  const summary = table(results, totalSeconds);
  console.log(`\n${summary}\n`);
  if (args.includes("--write-docs") && !only) writeDocs(summary);
  const failed = results.filter((r) => !r.forItsReason);
  console.log(`mutants: ${results.length - failed.length} passed, ${failed.length} failed`);
  for (const r of failed) {
    console.error(`${r.caught ? "caught by the wrong test" : "missed"}: ${r.name} (expected a failure matching ${String(mutants.find((m) => m.name === r.name)?.catcher)})`);
    if (r.caught) console.error(`  the first failure: ${r.caughtBy[0]}\n  ${r.reason || "(no message)"}`);
  }
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * `npm run bench:paired -- [<base ref>] [<new ref>] [--as <name>] [--write]` (rounds: `--help`):
 * a new revision (default: this work tree) against a base revision (default HEAD) on the measures
 * a user feels, the two alternating in one run so that both see the same machine:
 * - one client sending one request at a time (the contract suite's shape): median and p99 latency
 *   of a signed authorization and of a merchant page with a token, each request timed on one
 *   keep-alive connection;
 * - ten connections: throughput of the gateway mix and of a merchant mix (autocannon);
 * - start-up: the revision's compiled `payment-apis sandbox` from spawn to its ready line;
 * - the revision's own contract suite against its own sandbox: wall time.
 * Prism and a trivial node:http server run in the same run as references for the one-client GET
 * and the ten-connection figures: the usual alternative and the floor. A revision is checked out
 * into a temporary worktree and compiled there, with this checkout's node_modules. Every figure
 * comes with its noise, the spread between rounds of one side. A measurement, not a test: nothing
 * fails on a slow run. Recorded in docs/benchmarks.md with `--write`, between the
 * `bench:paired:<name>` markers (`--as <name>`, one section per change measured).
 */
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { Command, Option } from "commander";
import getPort from "get-port";
import { integerArgument } from "../src/testkit/cli/commands/command";
import { startPrismMock } from "../src/testkit/prism/prism";
import { FORM_MEDIA_TYPE } from "../src/testkit/openapi-model/media-types";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { timeContractSuite, type SuiteRun } from "./lib/contract-suite-timing";
import { machineLine } from "./lib/machine";
import { figuresTable, median, note, row, type Row } from "./lib/paired-figures";
import { checkOutRevision, workTreeRevision, type Revision } from "./lib/revision-worktree";
import { spawnSandbox, startSandboxProcess, type CompiledCli } from "./lib/sandbox-process";
import { percentile, sendSequentially, type HttpRequest } from "./lib/sequential-client";
import { startTrivialServer } from "./lib/trivial-server";
import { basicAuthorization, seededMerchant, seededSigner } from "./lib/seeded-clients";

interface Options {
  rounds: number;
  seconds: number;
  starts: number;
  suiteRounds: number;
  as?: string;
  write?: true;
}

const WARMUP_SECONDS = 1;

const startedAt = Date.now();
/** A line on stderr with the time since the start: how long each part takes, for choosing rounds. */
function progress(line: string): void {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.error(`[${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}] ${line}`);
}

/** The merchant quotas would answer most of the run with 429: lifted for both. */
const CONFIG = { merchant: { rateLimits: { default: 1_000_000_000, operations: { createToken: 1_000_000_000 } } } };

// The timed requests are raw (a client would change the measure); set-up and signatures are the toolkit's.
const basic = basicAuthorization(seeded.gateway.merchantKey);
const AUTH_BODY = "amount=2050&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
const authorize: HttpRequest = {
  method: "POST",
  path: "/authorizations",
  headers: { authorization: basic, "content-type": FORM_MEDIA_TYPE, signature: seededSigner.headerFor(Buffer.from(AUTH_BODY)) },
  body: AUTH_BODY,
};
const gatewayMix: HttpRequest[] = [
  { method: "GET", path: "/", headers: { authorization: basic } },
  { method: "GET", path: "/account", headers: { authorization: basic } },
  authorize,
];
const PAGE = "/transactions?per_page=20";

/** What a measure is sent to: a revision's sandbox, or a reference (Prism, the trivial server). */
interface Target {
  label: string;
  gateway: string;
  merchant: string;
  /** The merchant mix and page, with a token valid there. */
  merchantPage: HttpRequest;
  merchantMix: HttpRequest[];
}

/** The merchant mix on a sandbox: three collections and one resource (the first dispute the sandbox lists), with a token. */
async function merchantRequests(merchant: string): Promise<Pick<Target, "merchantPage" | "merchantMix">> {
  const { client, root, authorization } = await seededMerchant(merchant);
  const disputes = await client.follow(root, "ch:disputes");
  const [first] = disputes._embedded?.["ch:disputes"] ?? [];
  if (!first) throw new Error(`${merchant} lists no dispute: the merchant mix reads one`);
  const dispute = new URL(first._links.self.href).pathname;
  const get = (path: string): HttpRequest => ({ method: "GET", path, headers: { authorization } });
  return { merchantPage: get(PAGE), merchantMix: [PAGE, "/disputes", dispute, "/applications"].map(get) };
}

/**
 * Every target once per round, the first one rotating, so that a burst of other work on the machine
 * falls on all of them. No round starts once a signal has stopped the children (the lifecycle).
 */
async function alternate<T>(run: Run, targets: readonly T[], rounds: number, once: (target: T) => Promise<void>): Promise<void> {
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < targets.length; k++) {
      if (run.lifecycle.signal) throw new Error(`stopped by ${run.lifecycle.signal}`);
      await once(targets[(k + round) % targets.length]!);
    }
}

/** One run's settings, its lifecycle and what it has measured so far. */
interface Run {
  options: Options;
  lifecycle: Lifecycle;
  rows: Row[];
  /** Answers other than 2xx and failed requests, by label. */
  bad: Map<string, number>;
  suite: Map<string, SuiteRun[]>;
}

function countBad(run: Run, label: string, n: number): void {
  run.bad.set(label, (run.bad.get(label) ?? 0) + n);
}

/** One client, one request at a time: the median and p99 of each round. */
async function measureOneClient(
  run: Run,
  name: string,
  targets: Target[],
  pick: (t: Target) => { url: string; request: HttpRequest },
): Promise<void> {
  const [p50, p99] = [row(`one client, ${name}: median latency, µs`, "lower"), row(`one client, ${name}: p99 latency, µs`, "lower")];
  for (const target of targets) await sendSequentially(pick(target).url, pick(target).request, WARMUP_SECONDS);
  await alternate(run, targets, run.options.rounds, async (target) => {
    const { latenciesUs, bad } = await sendSequentially(pick(target).url, pick(target).request, run.options.seconds);
    note(p50, target.label, median(latenciesUs));
    note(p99, target.label, percentile(latenciesUs, 0.99));
    countBad(run, target.label, bad);
  });
  run.rows.push(p50, p99);
  progress(`measured: one client, ${name}`);
}

/** Ten connections, each cycling through the mix: throughput. */
async function measureTenConnections(
  run: Run,
  name: string,
  targets: Target[],
  pick: (t: Target) => { url: string; requests: HttpRequest[] },
): Promise<void> {
  const throughput = row(`ten connections, ${name}: requests/s`, "higher");
  const once = (target: Target, duration: number) =>
    autocannon({ url: pick(target).url, connections: 10, duration, requests: pick(target).requests.map((r) => ({ ...r })) });
  for (const target of targets) await once(target, WARMUP_SECONDS);
  await alternate(run, targets, run.options.rounds, async (target) => {
    const result = await once(target, run.options.seconds);
    note(throughput, target.label, result.requests.total / result.duration);
    countBad(run, target.label, result.non2xx + result.errors + result.timeouts);
  });
  run.rows.push(throughput);
  progress(`measured: ten connections, ${name}`);
}

/** The HTTP figures: both revisions' sandboxes and the references, all serving at once, measured in turn. */
async function measureHttp(run: Run, revisions: Revision[]): Promise<string[]> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  };
  run.lifecycle.add(stopAll);
  const sides: Target[] = [];
  for (const revision of revisions) {
    const sandbox = await startSandboxProcess(CONFIG, {}, revision.compiled);
    stops.push(() => sandbox.stop());
    sides.push({
      label: revision.label,
      gateway: sandbox.gateway,
      merchant: sandbox.merchant,
      ...(await merchantRequests(sandbox.merchant)),
    });
  }
  const newest = sides[sides.length - 1]!;
  // The trivial server answers the merchant GETs with the bytes the new sandbox sends for them.
  const bodies: Record<string, unknown> = {};
  for (const request of newest.merchantMix)
    bodies[request.path] = await (await fetch(`${newest.merchant}${request.path}`, { headers: request.headers })).json();
  const trivial = await startTrivialServer(bodies);
  stops.push(() => trivial.stop());
  const gatewayMock = await startPrismMock({ api: "gateway", port: await getPort({ host: "127.0.0.1" }) });
  stops.push(() => gatewayMock.stop());
  const merchantMock = await startPrismMock({ api: "merchant", port: await getPort({ host: "127.0.0.1" }) });
  stops.push(() => merchantMock.stop());
  const references: Target[] = [
    { ...newest, label: "Prism", gateway: gatewayMock.url, merchant: merchantMock.url },
    { ...newest, label: "trivial node:http", gateway: trivial.url, merchant: trivial.url },
  ];
  const all = [...sides, ...references];
  await measureOneClient(run, "signed POST /authorizations", sides, (t) => ({ url: t.gateway, request: authorize }));
  await measureOneClient(run, `merchant GET ${PAGE} with a token`, all, (t) => ({ url: t.merchant, request: t.merchantPage }));
  await measureTenConnections(run, "gateway mix (GET /, GET /account, signed POST /authorizations)", all, (t) => ({
    url: t.gateway,
    requests: gatewayMix,
  }));
  await measureTenConnections(run, `merchant mix (GET ${newest.merchantMix.map((r) => r.path).join(", GET ")})`, all, (t) => ({
    url: t.merchant,
    requests: t.merchantMix,
  }));
  await stopAll();
  return references.map((t) => t.label);
}

/**
 * Milliseconds from spawning a revision's compiled `payment-apis sandbox` (free ports, its default
 * settings) to its ready line, read by spawnSandbox with the one ready-line parser.
 */
async function timeToReady(compiled: CompiledCli): Promise<number> {
  const env = { ...process.env };
  // The command line alone decides: the caller's sandbox settings would start other sandboxes.
  for (const name of Object.keys(env)) if (name.startsWith("SANDBOX_") || name.endsWith("_SANDBOX_PORT")) delete env[name];
  const from = process.hrtime.bigint();
  const sandbox = await spawnSandbox(["--gateway-port", "0", "--merchant-port", "0", "--storage-port", "0"], env, undefined, compiled);
  const ms = Number(process.hrtime.bigint() - from) / 1e6;
  await sandbox.stop();
  return ms;
}

async function measureStartUp(run: Run, revisions: Revision[]): Promise<void> {
  if (run.options.starts === 0) return;
  const startUp = row("start-up: compiled `payment-apis sandbox` from spawn to its ready line, ms", "lower");
  // One start each first: the files it reads come from disk once, then from the page cache.
  for (const revision of revisions) await timeToReady(revision.compiled);
  await alternate(run, revisions, run.options.starts, async (revision) =>
    note(startUp, revision.label, await timeToReady(revision.compiled)),
  );
  run.rows.push(startUp);
  progress("measured: start-up");
}

async function measureSuite(run: Run, revisions: Revision[]): Promise<void> {
  if (run.options.suiteRounds === 0) return;
  const wallTime = row("contract suite against the sandbox: wall time, s", "lower", 1);
  await alternate(run, revisions, run.options.suiteRounds, async (revision) => {
    const result = await timeContractSuite(revision.dir);
    note(wallTime, revision.label, result.seconds);
    run.suite.set(revision.label, [...(run.suite.get(revision.label) ?? []), result]);
    progress(`contract suite, ${revision.label}: ${result.seconds.toFixed(1)} s, ${result.outcome}`);
  });
  run.rows.push(wallTime);
}

function report(run: Run, sides: string[], references: string[], load: number[], started: Date): string[] {
  const [base, now] = sides as [string, string];
  const minutes = (Date.now() - started.getTime()) / 60_000;
  const suiteLines = sides.map((side) => {
    const outcomes = (run.suite.get(side) ?? []).map((r) => r.outcome);
    const counted = [...new Set(outcomes)].map((o) => `${o} (${outcomes.filter((x) => x === o).length}×)`);
    return `${side}: ${counted.join("; ") || "not run"}`;
  });
  const failedSuites = [...run.suite.values()].flat().filter((r) => !r.passed).length;
  const how = [
    `Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine(load)};`,
    `the whole run took ${minutes.toFixed(1)} min.`,
    `Baseline: ${base}; against it: ${now}. Each revision is compiled from its own tree (a worktree, with this checkout's node_modules)`,
    "and run as its `payment-apis sandbox` command (strict response validation); for the HTTP figures the merchant quotas are lifted.",
  ];
  const method = [
    "One client: one keep-alive connection, one request at a time, each timed with process.hrtime.bigint() from sending it to the",
    `last byte of the answer; ${run.options.rounds} rounds of ${run.options.seconds} s per target after ${WARMUP_SECONDS} s of warm-up,`,
    "each round's median and p99. Ten connections: autocannon, the same rounds.",
    `Start-up: ${run.options.starts} starts per revision of its compiled CLI on free ports (after one unmeasured start each), from spawn`,
    "to the `ready` line; the compiled CLI is the JavaScript the testkit package ships, so this stands for `payment-apis sandbox`",
    "from the installed package.",
    `Contract suite: ${run.options.suiteRounds} runs per revision of its own suite against its own sandbox, in its own tree (vitest,`,
    "`CONTRACT_TARGET=sandbox`: the `suite vs sandbox` step of `npm run test:contract` alone).",
    "The sides alternate in every round, the first one rotating; the table gives the median over the rounds.",
    "Noise: the spread between one side's rounds, (max − min) / median; a change no larger than the larger of the two sides' noise",
    "is reported as within the noise. References in the same run, the usual alternative and the floor: Prism (the `payment-apis mock`",
    "set-up on this tree's specs) and a trivial node:http server (small JSON per GET, the new sandbox's bytes for the merchant GETs,",
    "an echo per POST).",
  ];
  const notGreen = failedSuites > 0 ? ` (${failedSuites} run(s) not green: their time is that of a suite that did not pass)` : "";
  return [
    how.join(" "),
    "",
    method.join(" "),
    "",
    ...figuresTable(run.rows, base, now, references),
    "",
    `Non-2xx answers or failed requests: ${[...sides, ...references].map((t) => `${t} ${run.bad.get(t) ?? 0}`).join(", ")}.`,
    `Contract suite runs: ${suiteLines.join("; ")}${notGreen}.`,
  ];
}

async function main(refs: { base: string; new?: string }, options: Options, lifecycle: Lifecycle): Promise<void> {
  const started = new Date(startedAt);
  const load = loadavg();
  progress(`compiling ${refs.base} and ${refs.new ?? "the work tree"} ...`);
  const revisions: Revision[] = [];
  for (const ref of [refs.base, refs.new]) {
    const revision = ref === undefined ? workTreeRevision() : await checkOutRevision(ref);
    lifecycle.add(() => revision.remove());
    // The figures are kept by label: the same revision twice (a check of the noise) needs two.
    if (revisions.some((other) => other.label === revision.label)) revision.label += ", again";
    revisions.push(revision);
  }
  const run: Run = { options, lifecycle, rows: [], bad: new Map(), suite: new Map() };
  const references = await measureHttp(run, revisions);
  await measureStartUp(run, revisions);
  await measureSuite(run, revisions);
  const lines = report(
    run,
    revisions.map((revision) => revision.label),
    references,
    load,
    started,
  );
  recordBenchmark(options.as === undefined ? "bench:paired" : `bench:paired:${options.as}`, lines, options.write ? ["--write"] : []);
}

/** A count option that stands for an environment variable (an empty one is an unset one). */
const count = (flags: string, description: string, variable: string, fallback: number, min: number) =>
  new Option(flags, description)
    .env(variable)
    .default(fallback)
    .argParser((raw: string) => integerArgument(min, 1000)(raw) ?? fallback);

const program = new Command("bench:paired")
  .description("A new revision against a base revision on the measures users feel, alternating in one run (scripts/bench-paired.ts).")
  .argument("[base]", "the base revision", "HEAD")
  .argument("[new]", "the new revision (default: this work tree, uncommitted changes included)")
  .addOption(count("--rounds <N>", "rounds of the HTTP figures per target", "PAIRED_ROUNDS", 5, 1))
  .addOption(count("--seconds <N>", "seconds per HTTP round", "PAIRED_SECONDS", 3, 1))
  .addOption(count("--starts <N>", "measured starts per revision (0: none)", "PAIRED_STARTS", 10, 0))
  .addOption(count("--suite-rounds <N>", "contract suite runs per revision (0: none)", "PAIRED_SUITE_ROUNDS", 3, 0))
  .option("--as <name>", "the docs section: between the bench:paired:<name> markers of docs/benchmarks.md")
  .option("--write", "record the figures in docs/benchmarks.md")
  .action(async (base: string, newRef: string | undefined, options: Options) => {
    const lifecycle = new Lifecycle();
    // It exits when main ends: its stop steps remove the worktrees.
    await lifecycle.run(() => main({ base, new: newRef }, options, lifecycle));
  });

void program.parseAsync(process.argv);

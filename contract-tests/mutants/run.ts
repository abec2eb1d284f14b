/**
 * `npm run contract:mutants`: proves the suite has teeth. Each deliberately broken provider (the
 * sandbox behind a rewriting proxy, or with one rule switched off) names the spec rule it breaks
 * and the scenario that must catch it (./mutants.ts): a test whose name matches the mutant's
 * `scenario` and that declares that rule (checked against the collected tests before anything
 * runs). Every mutant gets its own sandbox and proxies, and only its pinned scenario runs against
 * it: it must fail, with a message matching the mutant's `catcher`. A mutant that is missed, or
 * whose scenario fails for another reason (a crash answered 500, plumbing), fails the run.
 *
 * The mutants run in one vitest process per batch, dealt into lanes (./lane.ts: one worker per
 * lane, as many as the cores), each lane running its mutants one after another against their own
 * providers, beside a baseline: every pinned scenario against the sandbox behind the same
 * proxies with no fault, which must all run and pass, so that a catch means the fault, not the
 * plumbing.
 *
 * With `--without-model` (and always with `--write-docs`), the model's own mutants (class `model`)
 * also run against the rest of the suite: every test of the mutant's API (one that declares a rule
 * of it; a mutant's faults are on its API's listener) but the model's scenarios, each of which must
 * then not fail against the provider with no fault either. The report says which of them only the
 * model catches, and which other tests catch the rest. It costs about a suite run per model mutant.
 *
 *   npm run contract:mutants                            all mutants
 *   npm run contract:mutants -- --only a,b              some of them
 *   npm run contract:mutants -- --without-model         also the model's mutants against the rest of the suite
 *   npm run contract:mutants -- --write-docs            both, and record the table in docs/contract-tests.md
 *
 * CONTRACT_MUTANT_CONCURRENCY sets the workers (default: the number of cores, at least 2).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { startSandbox } from "../../src/testkit/sandbox/server";
import { ruleInventory } from "../rules/inventory";
import { collectTests, type CollectedTest } from "../rules/collect";
import { contractSandboxConfig, sandboxTarget } from "../targets/sandbox";
import type { LaneJob } from "./lane";
import { MUTANT_CLASSES, modelMutants, mutants, type Mutant, type MutantClass } from "./mutants";
import { startProxy, type Mutation, type RunningProxy } from "./proxy";
import { startChild } from "../../src/testkit/serve/children";
import { Lifecycle } from "../../src/testkit/serve/lifecycle";
import type { TestResult } from "../support/reporter";

const root = resolve(__dirname, "..", "..");
const docsFile = join(root, "docs", "contract-tests.md");
const START = "<!-- mutants:start -->";
const END = "<!-- mutants:end -->";

interface Result {
  mutant: Mutant;
  caught: boolean;
  /** Caught by its pinned scenario, with a message that matches the mutant's catcher. */
  forItsReason: boolean;
  caughtBy?: TestResult;
  /** Model mutants only: the other tests of the suite that fail against it (none: only the model catches it). */
  elsewhere?: TestResult[];
  seconds: number;
  output: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const BASELINE = "baseline (no fault)";
/** The job of a model mutant run against the rest of the suite. */
const withoutModel = (mutant: Mutant) => `${mutant.name} without the model`;

interface Provider {
  gatewayUrl: string;
  merchantUrl: string;
  stop(): Promise<void>;
}

/** A sandbox with the mutant's fault (or none), behind the mutant's proxies. */
async function startProvider(mutant: Pick<Mutant, "sandboxFault" | "mutation">): Promise<Provider> {
  const sandbox = await startSandbox({
    config: contractSandboxConfig(),
    responseValidation: "off",
    log: () => undefined,
    faults: mutant.sandboxFault ? [mutant.sandboxFault] : [],
  });
  const rewrites: Array<[string, string]> = [];
  const mutation: Mutation = mutant.mutation ?? {};
  const start = (listener: "gateway" | "merchant" | "storage", upstream: string) =>
    startProxy({ listener, upstream, mutation, rewrites: () => rewrites });
  const proxies: RunningProxy[] = [
    await start("gateway", sandbox.gatewayUrl),
    await start("merchant", sandbox.merchantUrl),
    await start("storage", sandbox.storageUrl),
  ];
  const [gateway, merchant, storage] = proxies as [RunningProxy, RunningProxy, RunningProxy];
  rewrites.push([sandbox.storageUrl, storage.url], [sandbox.gatewayUrl, gateway.url], [sandbox.merchantUrl, merchant.url]);
  // The merchant sandbox builds absolute links (and checks the token audience) from its base URL.
  sandbox.merchant.setBaseUrl(merchant.url);
  return {
    gatewayUrl: gateway.url,
    merchantUrl: merchant.url,
    async stop() {
      await Promise.all(proxies.map((p) => p.close()));
      await sandbox.stop();
    },
  };
}

interface Job {
  /** The vitest project's name (the mutant's, or the baseline's). */
  name: string;
  mutant: Pick<Mutant, "sandboxFault" | "mutation">;
  pinned: CollectedTest[];
}

/**
 * The jobs dealt into `lanes` lanes, the most pinned tests first, each to the lane with the
 * fewest so far: a lane runs its jobs one after another in one worker (./lane.ts).
 */
function dealIntoLanes(jobs: LaneJob[], lanes: number): LaneJob[][] {
  const out: LaneJob[][] = Array.from({ length: Math.min(lanes, jobs.length) }, () => []);
  const load = out.map(() => 0);
  const weight = (job: LaneJob) => job.only.split("|").length;
  for (const job of [...jobs].sort((a, b) => weight(b) - weight(a))) {
    const lightest = load.indexOf(Math.min(...load));
    out[lightest]!.push(job);
    load[lightest]! += weight(job);
  }
  return out;
}

/** Runs a batch of jobs in lanes of one vitest process; every test's outcome, by job. */
async function runBatch(jobs: Job[], workers: number): Promise<{ tests: TestResult[]; code: number; output: string }> {
  const providers = await Promise.all(jobs.map((job) => startProvider(job.mutant)));
  const dir = mkdtempSync(join(tmpdir(), "contract-mutants-"));
  try {
    const resultsFile = join(dir, "results.json");
    // As the suite's own config: no wall-clock limit; a request that gets no answer fails by its stall bound.
    const timeouts = { hookTimeout: 0, testTimeout: 0 };
    const laneJobs: LaneJob[] = jobs.map((job, i) => ({
      name: job.name,
      target: sandboxTarget(providers[i]!, `mutant ${job.name}`),
      only: `^(?:${[...new Set(job.pinned.map((t) => t.title))].map(escapeRegExp).join("|")})$`,
      files: [...new Set(job.pinned.map((t) => t.file))].map((file) => ({ file, path: join(root, file) })),
    }));
    const projects = dealIntoLanes(laneJobs, workers).map((lane, i) => ({
      test: {
        name: `lane ${i + 1}`,
        root,
        include: [relative(root, join(__dirname, "lane.ts"))],
        provide: { mutantLane: lane, contractTarget: lane[0]!.target },
        // One worker per lane, its mutants one after another (each on its own sandbox and test clock).
        fileParallelism: false,
        isolate: false,
        ...timeouts,
      },
    }));
    const config = {
      test: {
        root,
        reporters: ["dot", join(root, "contract-tests", "support", "reporter.ts")],
        fileParallelism: true,
        maxWorkers: workers,
        ...timeouts,
        projects,
      },
    };
    const configFile = join(dir, "vitest.mutants.config.mjs");
    writeFileSync(configFile, `export default ${JSON.stringify(config)};\n`);
    const finished = await startChild(join(root, "node_modules", ".bin", "vitest"), ["run", "--config", configFile], {
      cwd: root,
      // No colours in the captured output: vitest reads any FORCE_COLOR, 0 included, as a yes.
      env: { ...withoutForceColor(process.env), CONTRACT_RESULTS_FILE: resultsFile, NO_COLOR: "1" },
    }).finished;
    const [code, output] = [finished.code ?? 1, finished.output];
    let tests: TestResult[] = [];
    try {
      tests = (JSON.parse(readFileSync(resultsFile, "utf8")) as TestResult[]).map(byJob);
    } catch {
      /* no results: the run broke before any test */
    }
    return { tests, code, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all(providers.map((p) => p.stop()));
  }
}

/** A lane's result read back as its job's: the first two suites of its name are the job and the test file (./lane.ts). */
function byJob(result: TestResult): TestResult {
  const [job, file, ...rest] = result.name.split(" > ");
  return { ...result, project: job ?? "", file: file ?? "", name: rest.join(" > ") };
}

function table(results: Result[], totalSeconds: number, concurrency: number): string {
  const escape = (s: string) => s.replace(/\|/g, "\\|");
  const good = results.filter((r) => r.forItsReason).length;
  const classes = Object.keys(MUTANT_CLASSES) as MutantClass[];
  const lines = [
    `${good} of ${results.length} mutants caught, each by the scenario pinned to the rule it breaks (run of ${new Date().toISOString().slice(0, 10)}, ${Math.round(totalSeconds)} s on this machine, ${concurrency} at a time). Regenerate with \`npm run contract:mutants -- --write-docs\`.`,
    "",
    "| class | mutants | caught by their scenario |",
    "|---|---|---|",
    ...classes.map((c) => {
      const of = results.filter((r) => r.mutant.class === c);
      return `| ${MUTANT_CLASSES[c]} | ${of.length} | ${of.filter((r) => r.forItsReason).length} of ${of.length} |`;
    }),
    "",
    "| mutant | class | fault | rule broken | caught | by (the pinned scenario) |",
    "|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| \`${r.mutant.name}\` | ${r.mutant.class} | ${escape(r.mutant.fault)} | \`${r.mutant.rule}\` | ${r.forItsReason ? "yes" : r.caught ? "**for another reason**" : "**NO**"} | ${escape(r.caughtBy?.name ?? (r.caught ? "(the run failed before a test)" : "-"))} |`,
    ),
  ];
  const model = results.filter((r) => r.elsewhere !== undefined);
  if (model.length > 0)
    lines.push(
      "",
      `Without the model: each model mutant also ran against the rest of the suite (every test of its API but the model's scenarios); ${model.filter((r) => r.elsewhere!.length === 0).length} of ${model.length} are caught only by the model.`,
      "",
      "| mutant | caught only by the model | the other tests that fail against it |",
      "|---|---|---|",
      ...model.map(
        (r) => `| \`${r.mutant.name}\` | ${r.elsewhere!.length === 0 ? "yes" : "no"} | ${escape(elsewhereLine(r.elsewhere!))} |`,
      ),
    );
  return lines.join("\n");
}

/** The other tests that caught a model mutant, in a line: the first few by name, then how many more. */
function elsewhereLine(tests: TestResult[]): string {
  if (tests.length === 0) return "none";
  const shown = tests.slice(0, 3).map((t) => t.name);
  return shown.join("; ") + (tests.length > shown.length ? `; and ${tests.length - shown.length} more` : "");
}

function writeDocs(summary: string): void {
  const text = readFileSync(docsFile, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${docsFile} has no ${START} ... ${END} markers`);
  writeFileSync(docsFile, `${text.slice(0, start + START.length)}\n${summary}\n${text.slice(end)}`);
}

/** The mutants' declarations, checked against the inventory before anything runs. */
function checkDeclarations(selected: Mutant[]): void {
  const known = new Set(ruleInventory().map((r) => r.id));
  const names = new Set<string>();
  for (const m of selected) {
    if (names.has(m.name)) throw new Error(`two mutants are named ${m.name}`);
    names.add(m.name);
    if (!known.has(m.rule)) throw new Error(`mutant ${m.name} breaks ${m.rule}, which the rule inventory does not have`);
  }
}

async function main(lifecycle: Lifecycle): Promise<void> {
  const args = process.argv.slice(2);
  const onlyArg =
    args.find((a) => a.startsWith("--only="))?.slice("--only=".length) ??
    (args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined);
  const only = onlyArg ? new Set(onlyArg.split(",")) : undefined;
  const selected = only ? mutants.filter((m) => only.has(m.name)) : mutants;
  if (only && selected.length !== only.size)
    throw new Error(`unknown mutant in --only: ${[...only].filter((n) => !mutants.some((m) => m.name === n)).join(", ")}`);
  checkDeclarations(selected);
  const workers = Number(process.env.CONTRACT_MUTANT_CONCURRENCY ?? Math.max(2, cpus().length));
  const batchSize = Number(process.env.CONTRACT_MUTANT_BATCH ?? 100);
  const started = Date.now();

  // The pins: which tests each mutant's scenario selects, each declaring the rule the mutant breaks.
  const collected = await collectTests();
  const pins = new Map<Mutant, CollectedTest[]>();
  for (const m of selected) {
    const pinned = collected.filter((t) => m.scenario.test(t.title));
    if (pinned.length === 0) throw new Error(`mutant ${m.name}: no test of the suite matches its scenario ${String(m.scenario)}`);
    const undeclared = pinned.filter((t) => !t.rules.includes(m.rule));
    if (undeclared.length > 0)
      throw new Error(`mutant ${m.name} breaks ${m.rule}, but its scenario "${undeclared[0]!.name}" does not declare that rule`);
    pins.set(m, pinned);
  }
  const everyPin = [...new Map([...pins.values()].flat().map((t) => [`${t.file} ${t.title}`, t])).values()];
  // The rest of the suite, for the model's mutants: every test that no model mutant's scenario selects, by API.
  const modelScenarios = mutants.filter((m) => m.class === "model").map((m) => m.scenario);
  const withoutModelToo = args.includes("--without-model") || args.includes("--write-docs");
  const rest = withoutModelToo ? collected.filter((t) => !modelScenarios.some((s) => s.test(t.title))) : [];
  const apiOf = (rule: string) => rule.split(":")[0];
  const restOf = (m: Mutant) => rest.filter((t) => t.rules.some((r) => apiOf(r) === apiOf(m.rule)));
  const isPin = (t: { file: string; title: string }) => everyPin.some((p) => p.title === t.title && p.file === t.file);
  const baselineTests = [
    ...everyPin,
    ...rest.filter((t) => !isPin(t) && selected.some((m) => m.class === "model" && restOf(m).includes(t))),
  ];
  // Their faults keep state: the run against the rest of the suite gets them afresh, not sharing the pinned run's.
  const afresh = new Map(modelMutants().map((m) => [m.name, m]));
  console.log(
    `${selected.length} mutants pinned to ${everyPin.length} tests${rest.length > 0 ? `; the model's also against the other tests of their API (${baselineTests.length - everyPin.length} in all)` : ""}; batches of ${batchSize}, ${workers} workers`,
  );

  const results: Result[] = [];
  let baselineFailure: string | undefined;
  let baseline: TestResult[] = [];
  /** Model mutants whose run against the rest of the suite ran no test (so it says nothing). */
  const restUnrun: string[] = [];
  for (let from = 0; from < selected.length && !lifecycle.signal; from += batchSize) {
    const batch = selected.slice(from, from + batchSize);
    const jobs: Job[] = batch.flatMap((m) => [
      { name: m.name, mutant: m, pinned: pins.get(m)! },
      ...(m.class === "model" && withoutModelToo ? [{ name: withoutModel(m), mutant: afresh.get(m.name)!, pinned: restOf(m) }] : []),
    ]);
    // The baseline (no fault, every pin, and the rest of the suite for the model's mutants) runs beside the first batch.
    if (from === 0) jobs.unshift({ name: BASELINE, mutant: {}, pinned: baselineTests });
    const t0 = Date.now();
    const run = await runBatch(jobs, workers);
    const seconds = (Date.now() - t0) / 1000;
    if (from === 0) {
      // Every pin must have run and passed against the provider with no fault, and no other test failed there.
      baseline = run.tests.filter((t) => t.project === BASELINE);
      const base = baseline.filter(isPin);
      const bad = [...base.filter((t) => t.state !== "passed"), ...baseline.filter((t) => !isPin(t) && t.state === "failed")];
      const unrun = everyPin.filter((p) => !base.some((t) => t.title === p.title && t.file === p.file));
      if (bad.length > 0 || unrun.length > 0) {
        baselineFailure =
          [
            ...bad.map((t) => `${t.name}: ${t.state} ${t.message.slice(0, 600)}`),
            ...unrun.map((p) => `${p.name} (${p.file}): did not run`),
          ].join("\n") + (base.length === 0 ? `\nno baseline results (exit ${run.code})\n${run.output.slice(-3000)}` : "");
      }
    }
    for (const mutant of batch) {
      const pinned = pins.get(mutant)!;
      const own = run.tests.filter((t) => t.project === mutant.name);
      const failed = own.filter((t) => t.state === "failed");
      const right = failed.find((t) => pinned.some((p) => p.title === t.title && p.file === t.file) && mutant.catcher.test(t.message));
      const ranPinned = own.some((t) => t.state === "passed" || t.state === "failed");
      const againstRest = run.tests.filter((t) => t.project === withoutModel(mutant));
      const ranRest = againstRest.some((t) => t.state === "passed" || t.state === "failed");
      if (mutant.class === "model" && withoutModelToo && !ranRest) restUnrun.push(mutant.name);
      const result: Result = {
        mutant,
        caught: failed.length > 0 || !ranPinned,
        forItsReason: right !== undefined,
        caughtBy: right ?? failed[0],
        // A test of the rest of the suite catches it when it fails here and passed with no fault.
        elsewhere: ranRest
          ? againstRest.filter(
              (t) => t.state === "failed" && baseline.some((b) => b.title === t.title && b.file === t.file && b.state === "passed"),
            )
          : undefined,
        seconds,
        output: ranPinned ? "" : run.output.slice(-3000),
      };
      const verdict = result.forItsReason ? "caught" : result.caught ? "WRONG CATCH" : "MISSED";
      console.log(
        `${verdict}  ${mutant.name}${result.caughtBy ? ` by: ${result.caughtBy.name}` : ranPinned ? "" : " (its scenario did not run)"}`,
      );
      if (result.elsewhere)
        console.log(
          `        without the model: ${result.elsewhere.length === 0 ? "no other test catches it" : `also caught by ${elsewhereLine(result.elsewhere)}`}`,
        );
      results.push(result);
    }
    console.log(`batch of ${batch.length} in ${seconds.toFixed(1)} s`);
  }
  const totalSeconds = (Date.now() - started) / 1000;
  const summary = table(results, totalSeconds, workers);
  console.log(`\n${summary}\n`);
  const failed = results.filter((r) => !r.forItsReason);
  if (baselineFailure) console.error(`the baseline failed: fix the suite or the proxy before judging mutants\n${baselineFailure}`);
  if (restUnrun.length > 0) console.error(`the rest of the suite did not run against these model mutants: ${restUnrun.join(", ")}`);
  if (args.includes("--write-docs") && !only && !baselineFailure && restUnrun.length === 0) writeDocs(summary);
  console.log(
    `mutants: ${results.length - failed.length} passed, ${failed.length + (baselineFailure ? 1 : 0)} failed (${totalSeconds.toFixed(1)} s)`,
  );
  for (const r of failed) {
    console.error(
      `${r.caught ? "caught for another reason" : "missed"}: ${r.mutant.name} (expected ${String(r.mutant.scenario)} to fail with ${String(r.mutant.catcher)})`,
    );
    if (r.caughtBy) console.error(`  the failure: ${r.caughtBy.name}\n  ${r.caughtBy.message.slice(0, 1500) || "(no message)"}`);
    else if (r.output) console.error(r.output);
  }
  if (failed.length > 0 || baselineFailure || restUnrun.length > 0) process.exitCode = 1;
}

// A signal stops the vitest run; the batch's `finally` then stops its sandboxes and proxies (src/testkit/serve/lifecycle.ts).
if (require.main === module) {
  const lifecycle = new Lifecycle();
  void lifecycle.run(() => main(lifecycle));
}

function withoutForceColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.FORCE_COLOR;
  return rest;
}

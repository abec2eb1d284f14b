/**
 * `npm run bench:paired -- [<base ref>] [<new ref>] [--as <name>] [--write]`: the sandbox of a new
 * revision (default: this work tree) against the sandbox of a base revision (default HEAD), on
 * the measures a user feels, old and new
 * alternating in one run so that both see the same machine: one client sending one request at a
 * time (the contract suite's shape: mean and p99 latency of a signed authorization and of a
 * merchant page with a token) and ten clients at once (throughput of the gateway mix). A
 * revision is checked out into a temporary worktree and compiled there, with this checkout's
 * node_modules. A measurement, not a test; recorded in docs/benchmarks.md with `--write`, between
 * the `bench:paired:<name>` markers (`--as <name>`, one section per change measured).
 *
 * Options (environment): PAIRED_ROUNDS (default 5), PAIRED_SECONDS per run (default 3).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import { signatureHeader } from "../src/testkit/sandbox/gateway/signature";
import { FORM_MEDIA_TYPE } from "../src/testkit/openapi-model/media-types";
import { projectRoot } from "./lib/apis";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { bin } from "./lib/exec";
import { machineLine } from "./lib/machine";
import { ensureCompiledTestkit, startSandboxProcess, type CompiledCli, type SandboxProcess } from "./lib/sandbox-process";

const rounds = Number(process.env.PAIRED_ROUNDS ?? 5);
const seconds = Number(process.env.PAIRED_SECONDS ?? 3);
const args = process.argv.slice(2);
const asAt = args.indexOf("--as");
const section = asAt === -1 ? undefined : args[asAt + 1];
const refs = args.filter((arg, i) => !arg.startsWith("--") && (asAt === -1 || i !== asAt + 1));
const baseRef = refs[0] ?? "HEAD";
const newRef = refs[1];

/** The merchant quotas would answer most of the run with 429: lifted for both. */
const CONFIG = { merchant: { rateLimits: { default: 1_000_000_000, operations: { createToken: 1_000_000_000 } } } };

type Request = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

const basic = "Basic " + Buffer.from(`${seeded.gateway.merchantKey}:`).toString("base64");
const AUTH_BODY = "amount=2050&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
const authorize: Request = {
  method: "POST",
  path: "/authorizations",
  headers: {
    authorization: basic,
    "content-type": FORM_MEDIA_TYPE,
    signature: signatureHeader(seeded.gateway.signingKeyId, readFileSync(seededPrivateKeyPath, "utf8"), AUTH_BODY),
  },
  body: AUTH_BODY,
};
const gatewayMix: Request[] = [
  { method: "GET", path: "/", headers: { authorization: basic } },
  { method: "GET", path: "/account", headers: { authorization: basic } },
  authorize,
];

/** The other revision, compiled in a worktree of its own. */
function compileRevision(ref: string): { compiled: CompiledCli; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "bench-paired-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"] });
  git("worktree", "add", "--detach", dir, ref);
  const remove = () => {
    git("worktree", "remove", "--force", dir);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
    const out = join(dir, "dist", "testkit-serve");
    execFileSync(bin("tsc"), ["-p", "tsconfig.testkit.json", "--noCheck", "--outDir", out], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    cpSync(join(dir, "src", "testkit", "sandbox", "seed"), join(out, "src", "testkit", "sandbox", "seed"), { recursive: true });
    return { compiled: { cli: join(out, "src", "testkit", "cli", "main.js"), cwd: dir }, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

async function tokenOf(sandbox: SandboxProcess): Promise<string> {
  const response = await fetch(`${sandbox.merchant}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: "Basic " + Buffer.from(`${seeded.merchant.clientId}:${seeded.merchant.clientSecret}`).toString("base64"),
      "content-type": FORM_MEDIA_TYPE,
    },
    body: `grant_type=client_credentials&audience=${encodeURIComponent(sandbox.merchant)}`,
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Scenario {
  name: string;
  connections: number;
  target(s: SandboxProcess, token: string): { url: string; requests: Request[] };
}

const scenarios: Scenario[] = [
  { name: "one client: signed POST /authorizations", connections: 1, target: (s) => ({ url: s.gateway, requests: [authorize] }) },
  {
    name: "one client: merchant GET /transactions?per_page=20",
    connections: 1,
    target: (s, token) => ({
      url: s.merchant,
      requests: [{ method: "GET", path: "/transactions?per_page=20", headers: { authorization: `Bearer ${token}` } }],
    }),
  },
  {
    name: "ten clients: gateway mix (GET /, GET /account, signed POST /authorizations)",
    connections: 10,
    target: (s) => ({ url: s.gateway, requests: gatewayMix }),
  },
];

interface Run {
  /** Mean time a request takes in µs, from the throughput (connections / requests per second): autocannon's own latency figures are whole milliseconds, too coarse for loopback. */
  meanUs: number;
  /** p99 latency in ms. */
  p99: number;
  rps: number;
  bad: number;
}

async function measure(url: string, requests: Request[], connections: number, duration: number): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: requests.map((r) => ({ ...r })),
  });
  const rps = result.requests.average;
  return { meanUs: rps > 0 ? (connections * 1e6) / rps : 0, p99: result.latency.p99, rps, bad: result.non2xx + result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const short = (ref: string) => execFileSync("git", ["rev-parse", "--short", ref], { cwd: projectRoot, encoding: "utf8" }).trim();
  const revision = short(baseRef);
  console.error(`compiling the sandbox of ${baseRef} (${revision}) and of ${newRef ?? "the work tree"} ...`);
  const base = compileRevision(baseRef);
  const other = newRef === undefined ? undefined : compileRevision(newRef);
  const current: CompiledCli = other?.compiled ?? { cli: ensureCompiledTestkit(), cwd: projectRoot };
  const currentLabel = newRef === undefined ? "work tree" : `${newRef} (${short(newRef)})`;
  const sandboxes: Array<{ label: string; process: SandboxProcess; token: string }> = [];
  try {
    for (const [label, compiled] of [
      [`${baseRef} (${revision})`, base.compiled],
      [currentLabel, current],
    ] as const) {
      const process = await startSandboxProcess(CONFIG, {}, compiled);
      sandboxes.push({ label, process, token: await tokenOf(process) });
    }
    const runs = new Map<string, Run[]>();
    for (const scenario of scenarios) {
      for (const s of sandboxes)
        await measure(scenario.target(s.process, s.token).url, scenario.target(s.process, s.token).requests, scenario.connections, 1); // warm-up
      for (let round = 0; round < rounds; round++) {
        // Old and new alternate, and which goes first alternates too.
        const order = round % 2 === 0 ? sandboxes : [...sandboxes].reverse();
        for (const s of order) {
          const { url, requests } = scenario.target(s.process, s.token);
          const key = `${scenario.name}\u0000${s.label}`;
          runs.set(key, [...(runs.get(key) ?? []), await measure(url, requests, scenario.connections, seconds)]);
        }
      }
      console.error(`measured: ${scenario.name}`);
    }
    const [old, now] = sandboxes as [(typeof sandboxes)[0], (typeof sandboxes)[0]];
    const cell = (scenario: Scenario, label: string, pick: (r: Run) => number) =>
      median(runs.get(`${scenario.name}\u0000${label}`)!.map(pick));
    const change = (before: number, after: number, better: "lower" | "higher") => {
      if (before === after) return "same";
      if (before === 0) return "–";
      const percent = ((after - before) / before) * 100;
      const improved = better === "lower" ? percent < 0 : percent > 0;
      return `${percent > 0 ? "+" : ""}${percent.toFixed(0)}% (${improved ? "better" : "worse"})`;
    };
    const lines = [
      `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine()}; loopback; autocannon; ${rounds} rounds of ${seconds} s per scenario, the two sandboxes alternating (and which goes first alternating); medians over the rounds. Baseline: ${old.label}; against it: ${now.label}. Both compiled, strict response validation, merchant quotas lifted.`,
      "",
      `| scenario | ${old.label}: mean µs / p99 ms, req/s | ${now.label}: mean µs / p99 ms, req/s | mean latency | p99 | req/s |`,
      "|---|---|---|---:|---:|---:|",
      ...scenarios.map((sc) => {
        const [meanA, p99a, rpsa] = [
          cell(sc, old.label, (r) => r.meanUs),
          cell(sc, old.label, (r) => r.p99),
          cell(sc, old.label, (r) => r.rps),
        ];
        const [meanB, p99b, rpsb] = [
          cell(sc, now.label, (r) => r.meanUs),
          cell(sc, now.label, (r) => r.p99),
          cell(sc, now.label, (r) => r.rps),
        ];
        return `| ${sc.name} | ${meanA.toFixed(0)} / ${p99a}, ${rpsa.toFixed(0)} | ${meanB.toFixed(0)} / ${p99b}, ${rpsb.toFixed(0)} | ${change(meanA, meanB, "lower")} | ${change(p99a, p99b, "lower")} | ${change(rpsa, rpsb, "higher")} |`;
      }),
      "",
      `Non-2xx answers or errors: ${[...runs.values()].flat().reduce((n, r) => n + r.bad, 0)}. The spread between rounds of one sandbox (its noise): ${scenarios
        .map((sc) => {
          const values = runs.get(`${sc.name}\u0000${now.label}`)!.map((r) => r.rps);
          return `${(((Math.max(...values) - Math.min(...values)) / median(values)) * 100).toFixed(0)}%`;
        })
        .join(", ")} of the median requests/s, scenario by scenario.`,
    ];
    recordBenchmark(section === undefined ? "bench:paired" : `bench:paired:${section}`, lines);
  } finally {
    for (const s of sandboxes) await s.process.stop();
    base.remove();
    other?.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

/**
 * `npm run bench:soak`: a long mixed run against the sandbox in its own process, recording its
 * resident memory as the run goes. The mix is what a shared CI sandbox sees: signed
 * authorizations and captures, account reads, merchant reads and creates, and unauthenticated
 * junk (multi-kilobyte random bearers, unknown keys, foreign Host headers, `//`, dot-segment and
 * encoded-backslash targets, clock abuse, prototype names in queries, upper-case hex signatures,
 * a token audience of thousands of slashes, bodies cut short by a vanished client, another
 * merchant's client reading and writing the first one's application) and clients filling the
 * collections they may fill (people of one application past its bound, comments on a dispute).
 * Retention is set low, so memory must level
 * off at what the retained records cost. Printed always; recorded in docs/benchmarks.md (between
 * the `bench:soak` markers) with `-- --write`. A measurement, not a test.
 *
 * Options (environment): SOAK_REQUESTS (default 200000), SOAK_MAX_SECONDS (default 300, the run
 * stops there even if short of the count), SOAK_CONNECTIONS (default 32).
 */
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { seeded } from "../src/testkit/sandbox/configuration/config";
import { FORM_MEDIA_TYPE } from "../src/testkit/openapi-model/media-types";
import { machineLine } from "./lib/machine";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { rssOf, startSandboxProcess } from "./lib/sandbox-process";
import { basicAuthorization as basic, seededMerchant, seededSigner } from "./lib/seeded-clients";
import { Lifecycle } from "../src/testkit/serve/lifecycle";
import { validPerson } from "../test/support/sandbox";

const totalRequests = Number(process.env.SOAK_REQUESTS ?? 200_000);
const maxSeconds = Number(process.env.SOAK_MAX_SECONDS ?? 300);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 32);
const retention = { maxTransactions: 2_000, maxApplications: 500, maxFiles: 500 };

interface Call {
  kind: string;
  port: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: connections });

function send(call: Call): Promise<{ status: number; body: string }> {
  return new Promise((done) => {
    const req = request(
      { host: "127.0.0.1", port: call.port, method: call.method, path: call.path, headers: call.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => done({ status: 0, body: "" }));
      },
    );
    req.on("error", () => done({ status: 0, body: "" }));
    req.end(call.body);
  });
}

/**
 * A request whose client goes away before its declared body has arrived: the sandbox must book
 * nothing. There is no answer to wait for, so it counts as status 0 of its own kind.
 */
function sendCutShort(call: Call): Promise<{ status: number; body: string }> {
  return new Promise((done) => {
    const socket = connect(call.port, "127.0.0.1", () => {
      const head = [
        `${call.method} ${call.path} HTTP/1.1`,
        `host: 127.0.0.1:${call.port}`,
        ...Object.entries(call.headers).map(([k, v]) => `${k}: ${v}`),
        `content-length: ${(call.body ?? "").length + 100}`,
      ];
      socket.end(`${head.join("\r\n")}\r\n\r\n${call.body ?? ""}`);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => done({ status: 0, body: "" }));
    socket.resume();
  });
}

const FILL_PEOPLE = "fill: people on one application (past its bound: 400; evicted: 404)";

/** Kinds answered by no one on purpose (the client left): their status 0 is not a failure. */
const CUT_SHORT = "junk: body cut short (capture of 100, client gone)";

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({
    gateway: { retention: { maxTransactions: retention.maxTransactions } },
    merchant: {
      retention: { maxApplications: retention.maxApplications, maxFiles: retention.maxFiles },
      // Quotas would answer most of the run with 429: lift them (the junk still counts against its own bucket).
      rateLimits: { default: 1_000_000_000, operations: { createToken: 1_000_000_000 } },
    },
  });
  const pid = sandbox.child.pid!;
  const gatewayPort = Number(new URL(sandbox.gateway).port);
  const merchantPort = Number(new URL(sandbox.merchant).port);
  const gatewayAuth = basic(seeded.gateway.merchantKey);
  // The run's requests are raw (junk included: no client sends it); set-up and signatures are the toolkit's.
  const merchant = await seededMerchant(sandbox.merchant);
  const bearer = merchant.authorization;
  const other = { clientId: seeded.merchant.otherClientId, clientSecret: seeded.merchant.otherClientSecret };
  const otherBearer = (await seededMerchant(sandbox.merchant, other)).authorization;

  const authorizationBody =
    "amount=1000&currency=EUR&card[pan]=4111111111111111&card[expire_month]=06&card[expire_year]=2035&card[csc]=987";
  const authorizationSignature = seededSigner.headerFor(Buffer.from(authorizationBody));
  const captureSignature = seededSigner.headerFor(Buffer.from(""));
  const applicationCreate = {
    business_model: {
      trading_name: "Soak",
      description: "Soak run.",
      recurring: false,
      physical_delivery: false,
      estimate_currency: "DKK",
      estimated_monthly_turnover: 1000,
      estimated_average_transaction_amount: 10,
    },
  };
  const applicationBody = JSON.stringify(applicationCreate);
  const recentAuthorizations: string[] = [];
  const application = await merchant.client.create(merchant.root, "ch:applications", applicationCreate);
  const applicationPath = new URL(application._links.self.href).pathname;
  // People are added to one application past its bound; once retention has evicted it, to the newest.
  let newestApplicationPath = applicationPath;
  let peopleTarget = applicationPath;
  const personBody = JSON.stringify(validPerson);
  const cutShortBody = "amount=100";
  const cutShortSignature = seededSigner.headerFor(Buffer.from(cutShortBody));
  const upperCaseSignature = authorizationSignature.replace(/[0-9a-f]+$/, (hex) => hex.toUpperCase());

  const junk: Array<() => Call> = [
    () => ({
      kind: "junk: random 8-15 KB bearer",
      port: merchantPort,
      method: "GET",
      path: "/",
      headers: { authorization: `Bearer ${randomBytes(3000 + Math.floor(Math.random() * 2600)).toString("base64")}` },
    }),
    () => ({
      kind: "junk: unknown API key",
      port: gatewayPort,
      method: "GET",
      path: "/account",
      headers: { authorization: basic(randomBytes(16).toString("hex")) },
    }),
    () => ({
      kind: "junk: foreign Host",
      port: gatewayPort,
      method: "GET",
      path: "/account",
      headers: { authorization: gatewayAuth, host: `rebind-${randomBytes(4).toString("hex")}.example` },
    }),
    () => ({
      kind: "junk: //target",
      port: gatewayPort,
      method: "POST",
      path: "//x/authorizations",
      headers: { authorization: gatewayAuth, "content-type": FORM_MEDIA_TYPE, signature: authorizationSignature },
      body: authorizationBody,
    }),
    () => ({ kind: "junk: dot segment", port: merchantPort, method: "GET", path: "/files/%2e%2e", headers: { authorization: bearer } }),
    () => ({
      kind: "junk: clock 1e300",
      port: gatewayPort,
      method: "POST",
      path: "/_sandbox/clock",
      headers: { "content-type": "application/json" },
      body: '{"advance_seconds": 1e300}',
    }),
    () => ({
      kind: "junk: __proto__ query",
      port: merchantPort,
      method: "GET",
      path: "/transactions?query=__proto__:x",
      headers: { authorization: bearer },
    }),
    () => ({
      kind: "junk: unsigned malformed form",
      port: gatewayPort,
      method: "POST",
      path: "/authorizations",
      headers: { authorization: gatewayAuth, "content-type": FORM_MEDIA_TYPE },
      body: "amount=%%%&card[pan]=4111111111111111",
    }),
    () => ({
      kind: "junk: encoded backslash dot segment",
      port: gatewayPort,
      method: "GET",
      path: "/authorizations/..%5c..%5caccount",
      headers: { authorization: gatewayAuth },
    }),
    () => ({
      kind: "junk: upper-case hex signature",
      port: gatewayPort,
      method: "POST",
      path: "/authorizations",
      headers: { authorization: gatewayAuth, "content-type": FORM_MEDIA_TYPE, signature: upperCaseSignature },
      body: authorizationBody,
    }),
    () => ({
      kind: "junk: audience of 8,000 slashes",
      port: merchantPort,
      method: "POST",
      path: "/oauth/token",
      headers: { authorization: basic(seeded.merchant.clientId, seeded.merchant.clientSecret), "content-type": FORM_MEDIA_TYPE },
      body: `grant_type=client_credentials&audience=${"/".repeat(8000)}x`,
    }),
    () => {
      const id = recentAuthorizations.length
        ? recentAuthorizations[Math.floor(Math.random() * recentAuthorizations.length)]!
        : "00000000-0000-0000-0000-000000000000";
      return {
        kind: CUT_SHORT,
        port: gatewayPort,
        method: "POST",
        path: `/authorizations/${id}/captures`,
        headers: { authorization: gatewayAuth, "content-type": FORM_MEDIA_TYPE, signature: cutShortSignature },
        body: cutShortBody,
      };
    },
    () => ({
      kind: "junk: another merchant reads the application",
      port: merchantPort,
      method: "GET",
      path: applicationPath,
      headers: { authorization: otherBearer },
    }),
    () => ({
      kind: "junk: another merchant adds a person to it",
      port: merchantPort,
      method: "POST",
      path: `${applicationPath}/people`,
      headers: { authorization: otherBearer, "content-type": "application/json" },
      body: personBody,
    }),
  ];
  let junkIndex = 0;
  const legit: Array<() => Call> = [
    () => ({
      kind: "POST /authorizations",
      port: gatewayPort,
      method: "POST",
      path: "/authorizations",
      headers: { authorization: gatewayAuth, "content-type": FORM_MEDIA_TYPE, signature: authorizationSignature },
      body: authorizationBody,
    }),
    () => {
      const id = recentAuthorizations.length
        ? recentAuthorizations[Math.floor(Math.random() * recentAuthorizations.length)]!
        : "00000000-0000-0000-0000-000000000000";
      return {
        kind: "POST /authorizations/{id}/captures",
        port: gatewayPort,
        method: "POST",
        path: `/authorizations/${id}/captures`,
        headers: { authorization: gatewayAuth, "content-type": FORM_MEDIA_TYPE, signature: captureSignature },
        body: "",
      };
    },
    () => ({ kind: "GET /account", port: gatewayPort, method: "GET", path: "/account", headers: { authorization: gatewayAuth } }),
    () => ({ kind: "merchant GET /", port: merchantPort, method: "GET", path: "/", headers: { authorization: bearer } }),
    () => ({
      kind: "merchant POST /applications",
      port: merchantPort,
      method: "POST",
      path: "/applications",
      headers: { authorization: bearer, "content-type": "application/json" },
      body: applicationBody,
    }),
    () => ({
      kind: "merchant GET /transactions",
      port: merchantPort,
      method: "GET",
      path: "/transactions?per_page=50",
      headers: { authorization: bearer },
    }),
    () => ({
      kind: FILL_PEOPLE,
      port: merchantPort,
      method: "POST",
      path: `${peopleTarget}/people`,
      headers: { authorization: bearer, "content-type": "application/json" },
      body: personBody,
    }),
    () => ({
      kind: "fill: a comment on a dispute",
      port: merchantPort,
      method: "POST",
      path: "/disputes/dp-0001/comments",
      headers: { authorization: bearer, "content-type": "application/json" },
      body: '{"body":"soak"}',
    }),
  ];
  const nextJunk = () => junk[junkIndex++ % junk.length]!();
  const [authorize, capture, account, merchantRoot, createApplication, listTransactions, addPerson, addComment] = legit as Array<
    () => Call
  > as [() => Call, () => Call, () => Call, () => Call, () => Call, () => Call, () => Call, () => Call];
  // 20 slots: 12 legitimate (authorizations weigh most: they are what a CI run creates), 8 junk.
  const cycle: Array<() => Call> = [
    authorize,
    authorize,
    capture,
    nextJunk,
    nextJunk,
    authorize,
    addPerson,
    account,
    nextJunk,
    nextJunk,
    capture,
    addComment,
    merchantRoot,
    nextJunk,
    nextJunk,
    merchantRoot,
    createApplication,
    listTransactions,
    nextJunk,
    nextJunk,
  ];

  const counts = new Map<string, Map<number, number>>();
  const serverErrors: string[] = [];
  const samples: Array<{ seconds: number; requests: number; rss: number }> = [];
  const started = Date.now();
  const deadline = started + maxSeconds * 1000;
  let issued = 0;
  let completed = 0;
  samples.push({ seconds: 0, requests: 0, rss: rssOf(pid) });
  const sampler = setInterval(() => samples.push({ seconds: (Date.now() - started) / 1000, requests: completed, rss: rssOf(pid) }), 2_000);

  async function worker(): Promise<void> {
    while (issued < totalRequests && Date.now() < deadline) {
      const call = cycle[issued++ % cycle.length]!();
      const answer = call.kind === CUT_SHORT ? await sendCutShort(call) : await send(call);
      completed += 1;
      const byStatus = counts.get(call.kind) ?? new Map<number, number>();
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      counts.set(call.kind, byStatus);
      if (answer.status >= 500 || (answer.status === 0 && call.kind !== CUT_SHORT))
        serverErrors.push(`${call.kind}: ${answer.status} ${answer.body.slice(0, 200)}`);
      if (call.kind === FILL_PEOPLE && answer.status === 404) peopleTarget = newestApplicationPath;
      if (call.kind === "merchant POST /applications" && answer.status === 201) {
        newestApplicationPath = new URL((JSON.parse(answer.body) as typeof application)._links.self.href).pathname;
      }
      if (call.kind === "POST /authorizations" && answer.status === 201) {
        recentAuthorizations.push((JSON.parse(answer.body) as { id: string }).id);
        if (recentAuthorizations.length > 500) recentAuthorizations.shift();
      }
      if (completed % 20_000 === 0) console.log(`${completed} requests, sandbox RSS ${mb(rssOf(pid))} MiB`);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  samples.push({ seconds, requests: completed, rss: rssOf(pid) });
  const alive = sandbox.child.exitCode === null;
  agent.destroy();
  await sandbox.stop();
  const violations = sandbox.stderr.filter((line) => line.includes("RESPONSE VIOLATES SPEC"));

  const at = (fraction: number) =>
    samples.reduce((best, s) => (Math.abs(s.requests - fraction * completed) < Math.abs(best.requests - fraction * completed) ? s : best));
  const peak = samples.reduce((max, s) => Math.max(max, s.rss), 0);
  const secondHalf = samples.filter((s) => s.requests >= completed / 2);
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine()}; loopback; ${connections} connections; load generator on the same machine.`,
    "",
    `${completed} requests in ${seconds.toFixed(0)} s (${(completed / seconds).toFixed(0)} req/s), 12 of every 20 legitimate and 8 junk; retention ${retention.maxTransactions} transactions, ${retention.maxApplications} applications, ${retention.maxFiles} files; strict response validation.`,
    "",
    "| point of the run | requests | sandbox RSS MiB |",
    "|---|---:|---:|",
    `| idle, after start (baseline) | 0 | ${mb(samples[0]!.rss)} |`,
    ...[0.1, 0.25, 0.5, 0.75].map((f) => `| ${f * 100}% | ${at(f).requests} | ${mb(at(f).rss)} |`),
    `| end | ${completed} | ${mb(samples[samples.length - 1]!.rss)} |`,
    `| peak | | ${mb(peak)} |`,
    "",
    `Second half of the run: RSS between ${mb(Math.min(...secondHalf.map((s) => s.rss)))} and ${mb(Math.max(...secondHalf.map((s) => s.rss)))} MiB. ` +
      `5xx answers or failed connections: ${serverErrors.length}. Spec violations logged: ${violations.length}. Sandbox alive at the end: ${alive ? "yes" : "no"}.`,
    "",
    "| request | answers by status |",
    "|---|---|",
    ...[...counts.entries()].map(
      ([kind, byStatus]) =>
        `| ${kind} | ${[...byStatus.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([status, n]) => `${status}: ${n}`)
          .join(", ")} |`,
    ),
  ];
  for (const line of serverErrors.slice(0, 10)) console.error(`5xx: ${line}`);
  for (const line of violations.slice(0, 10)) console.error(line);
  recordBenchmark("bench:soak", lines);
  if (serverErrors.length > 0 || violations.length > 0 || !alive) process.exitCode = 1;
}

// What it measures runs in child processes: a signal stops them, and it exits 130 or 143 (src/testkit/serve/lifecycle.ts).
if (require.main === module) void new Lifecycle().run(main);

/**
 * `npm run bench:client`: the per-request cost of each client against raw fetch doing the same
 * work (the same bytes, the same RSA signature, the same parsing), side by side in one run
 * against a local server in a child process. Writes the figures, with the machine and the
 * date, printed, and with `-- --write` recorded between the bench:client markers of docs/benchmarks.md.
 * A measurement, not a test.
 *
 * Both wall-clock time and this process's CPU time are reported: on a shared machine the CPU
 * time of the client process is the steadier measure of what each side costs.
 *
 * Options: BENCH_ROUNDS (default 40), BENCH_PER_ROUND (default 200).
 */
import { exitProblem, startChild, type Child } from "../src/testkit/serve/children";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { loadavg } from "node:os";
import { parseTemplate } from "url-template";
import { approvedStatusCode, mediaType } from "../generated/gateway/constants";
import { halMediaType, problemMediaType } from "../generated/merchant/constants";
import { createGatewayClient, createSigner, encodeForm } from "../src/toolkit/gateway";
import { createMerchantClient } from "../src/toolkit/merchant";
import { machineLine } from "./lib/machine";
import { recordBenchmark } from "./lib/benchmarks-doc";
import { sandboxOrigin } from "../test/support/fake-merchant-api";
import { requestExample, responseExample } from "../test/support/spec-examples";
import { Lifecycle } from "../src/testkit/serve/lifecycle";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 200);
const loadAtStart = loadavg();
/** The raw side's per-attempt timeout; never reached here, it only has to be armed as the clients' is. */
const RAW_TIMEOUT_MS = 30_000;

/** The local server: canned answers from the spec's examples, in its own process (its own core). */
const SERVER = `
const http = require("node:http");
const answers = JSON.parse(process.env.ANSWERS);
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const a = answers[req.method + " " + req.url.split("?")[0]] || { status: 404, type: "text/plain", body: "" };
    res.writeHead(a.status, { "Content-Type": a.type, "Content-Length": Buffer.byteLength(a.body) });
    res.end(a.body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => {
  // Links in the answers name this server.
  const origin = "http://127.0.0.1:" + server.address().port;
  for (const a of Object.values(answers)) a.body = a.body.split("__ORIGIN__").join(origin);
  process.send(origin);
});
`;

interface Case {
  name: string;
  raw: () => Promise<void>;
  client: () => Promise<void>;
  /** The row of the same request with no timeout on either side: the difference is what the timeout costs each side. */
  untimed?: string;
  /** Not a client: raw fetch without against raw fetch with the abortable timeout, reported in the notes only. */
  reference?: boolean;
}

async function startServer(): Promise<{ child: Child; url: string }> {
  const json = (value: unknown) => JSON.stringify(value).split(sandboxOrigin).join("__ORIGIN__");
  const answers: Record<string, { status: number; type: string; body: string }> = {
    "POST /authorizations": {
      status: 201,
      type: mediaType,
      body: json(responseExample("gateway", "createAuthorization", "201", "approved")),
    },
    "GET /account": { status: 200, type: mediaType, body: json(responseExample("gateway", "getAccount", "200", "account")) },
    "POST /oauth/token": { status: 200, type: "application/json", body: json(responseExample("merchant", "createToken", "200", "issued")) },
    "GET /": { status: 200, type: halMediaType, body: json(responseExample("merchant", "getRoot", "200", "fullAccess")) },
    "GET /applications": {
      status: 200,
      type: halMediaType,
      body: json(responseExample("merchant", "listApplications", "200", "secondOfThreePages")),
    },
  };
  const child = startChild(process.execPath, ["-e", SERVER], {
    env: { ...process.env, ANSWERS: JSON.stringify(answers) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.process.once("message", (origin) => resolve(typeof origin === "string" ? origin : JSON.stringify(origin)));
    child.finished.then((finished) => reject(new Error(exitProblem("the bench server", finished))), reject);
  });
  return { child, url };
}

interface Sample {
  /** Wall-clock µs per request. */
  wall: number;
  /** CPU µs (user + system) of this process per request. */
  cpu: number;
}

interface Result {
  name: string;
  raw: Sample;
  client: Sample;
  /** Median over the rounds of client / raw - 1, each round's two sides measured back to back. */
  overhead: Sample;
  untimed?: string;
  reference?: boolean;
  /** Every round's figures, for differences taken round by round. */
  rounds: { raw: Sample[]; client: Sample[] };
}

async function main(): Promise<void> {
  const { child, url } = await startServer();
  try {
    const cases = await buildCases(url);
    for (const c of cases) {
      for (let i = 0; i < PER_ROUND; i++) {
        await c.raw(); // warm-up: JIT, connections, token
        await c.client();
      }
    }
    const samples = cases.map(() => ({ raw: [] as Sample[], client: [] as Sample[] }));
    // Rounds interleave the cases, and alternate which side runs first, so drift (GC, CPU
    // frequency, other load on the machine) is spread over every case and both sides.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, c] of cases.entries()) {
        const s = samples[i]!;
        if (round % 2 === 0) {
          s.raw.push(await perRequest(c.raw));
          s.client.push(await perRequest(c.client));
        } else {
          s.client.push(await perRequest(c.client));
          s.raw.push(await perRequest(c.raw));
        }
      }
    }
    const results: Result[] = cases.map((c, i) => {
      const { raw, client } = samples[i]!;
      const ratio = (side: keyof Sample) => median(raw.map((r, round) => client[round]![side] / r[side] - 1));
      return {
        name: c.name,
        raw: medians(raw),
        client: medians(client),
        overhead: { wall: ratio("wall"), cpu: ratio("cpu") },
        untimed: c.untimed,
        reference: c.reference,
        rounds: samples[i]!,
      };
    });
    for (const r of results) {
      console.log(
        `${r.name}: wall ${r.raw.wall.toFixed(0)} → ${r.client.wall.toFixed(0)} µs (${percent(r.overhead.wall)}), ` +
          `CPU ${r.raw.cpu.toFixed(0)} → ${r.client.cpu.toFixed(0)} µs (${percent(r.overhead.cpu)})`,
      );
    }
    writeSection(results);
  } finally {
    await child.stop();
  }
}

async function perRequest(run: () => Promise<void>): Promise<Sample> {
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i++) await run();
  const cpu = process.cpuUsage(cpuStart);
  return { wall: Number(process.hrtime.bigint() - start) / 1000 / PER_ROUND, cpu: (cpu.user + cpu.system) / PER_ROUND };
}

function medians(samples: Sample[]): Sample {
  return { wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percent(fraction: number): string {
  return `${fraction >= 0 ? "+" : ""}${(fraction * 100).toFixed(1)}%`;
}

async function buildCases(url: string): Promise<Case[]> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const apiKey = "3bbc8f1e-3d2a-4c52-9d2e-2f1b8c1a0e11";
  const signingApiKey = "4390aec7-f76a-4c2f-8597-c87c2d06cb4f";
  const body = requestExample<never>("gateway", "createAuthorization", "cardWith3dSecure");
  const basic = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
  const gateway = createGatewayClient({ baseUrl: url, apiKey, signing: { apiKey: signingApiKey, privateKey } });
  const untimed = createGatewayClient({ baseUrl: url, apiKey, timeoutMs: 0 });
  const untimedSigning = createGatewayClient({ baseUrl: url, apiKey, signing: { apiKey: signingApiKey, privateKey }, timeoutMs: 0 });

  // The raw side does the client's work with the toolkit's own encoder and signer: what differs is the client around them.
  const signer = createSigner({ apiKey: signingApiKey, privateKey });
  const rawAuthorize = async (signal?: AbortSignal) => {
    const bytes = encodeForm(body);
    const response = await fetch(`${url}/authorizations`, {
      method: "POST",
      headers: {
        Authorization: basic,
        Accept: mediaType,
        "Content-Type": "application/x-www-form-urlencoded",
        Signature: signer.headerFor(Buffer.from(bytes)),
      },
      body: bytes,
      signal,
    });
    const parsed = JSON.parse(await response.text()) as { status: { code: number } };
    if (parsed.status.code !== approvedStatusCode) throw new Error("not approved");
  };
  const rawAccount = async (signal?: AbortSignal) => {
    const response = await fetch(`${url}/account`, { headers: { Authorization: basic, Accept: mediaType }, signal });
    if (!response.ok) throw new Error(String(response.status));
    JSON.parse(await response.text());
  };

  const merchant = createMerchantClient({ baseUrl: url, clientId: "client", clientSecret: "secret", tokenUrl: `${url}/oauth/token` });
  const untimedMerchant = createMerchantClient({
    baseUrl: url,
    clientId: "client",
    clientSecret: "secret",
    tokenUrl: `${url}/oauth/token`,
    timeoutMs: 0,
  });
  const root = await merchant.root();
  await untimedMerchant.root();
  const variables = { query: "state:submitted", per_page: 20 };
  const token = "bench-token";
  const rawFollow = async (signal?: AbortSignal) => {
    const href = parseTemplate(String(root._links["ch:applications"]!.href)).expand({ query: "state:submitted", per_page: 20 });
    const response = await fetch(href, {
      headers: { Authorization: `Bearer ${token}`, Accept: `${halMediaType}, ${problemMediaType}` },
      signal,
    });
    if (!response.ok) throw new Error(String(response.status));
    JSON.parse(await response.text());
  };

  await assertSameWire(url, body, privateKey, signingApiKey, apiKey);
  const untimedRow = (name: string) => `${name.split(" (")[0]}, both without a timeout (client with \`timeoutMs: 0\`)`;
  const cases: Array<{
    name: string;
    raw: (signal?: AbortSignal) => Promise<void>;
    client: () => Promise<void>;
    untimedClient: () => Promise<void>;
  }> = [
    {
      name: "Gateway authorize (POST, form body, RSA-2048 signature)",
      raw: rawAuthorize,
      client: async () => void (await gateway.authorize(body)),
      untimedClient: async () => void (await untimedSigning.authorize(body)),
    },
    {
      name: "Gateway account (GET)",
      raw: rawAccount,
      client: async () => void (await gateway.account()),
      untimedClient: async () => void (await untimed.account()),
    },
    {
      name: "Merchant follow ch:applications (GET, templated link, cached token)",
      raw: rawFollow,
      client: async () => void (await merchant.follow(root, "ch:applications", { variables })),
      untimedClient: async () => void (await untimedMerchant.follow(root, "ch:applications", { variables })),
    },
  ];
  return [
    // Each request twice: with the per-attempt timeout on both sides (the client's default), and with none on either.
    ...cases.flatMap((c) => [
      { name: c.name, raw: withTimeout(c.raw), client: c.client, untimed: untimedRow(c.name) },
      { name: untimedRow(c.name), raw: () => c.raw(), client: c.untimedClient },
    ]),
    {
      name: "raw fetch of GET /account with against without the abortable timeout",
      raw: () => rawAccount(),
      client: withTimeout(rawAccount),
      reference: true,
    },
  ];
}

/**
 * Raw fetch with the work of a per-attempt timeout, as the clients do it: an AbortController whose
 * signal goes to fetch, a timer that would abort it, cleared once the body is read.
 */
function withTimeout(send: (signal: AbortSignal) => Promise<void>): () => Promise<void> {
  return async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), RAW_TIMEOUT_MS);
    try {
      await send(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The raw side sends the very bytes and Signature the client sends: checked once, before timing. */
async function assertSameWire(url: string, body: never, privateKey: KeyObject, signingApiKey: string, apiKey: string): Promise<void> {
  let captured: { body: string; signature: string | null } | undefined;
  const capture = createGatewayClient({
    baseUrl: url,
    apiKey,
    signing: { apiKey: signingApiKey, privateKey },
    fetch: async (target, init) => {
      captured = { body: new TextDecoder().decode(init.body as Uint8Array), signature: new Headers(init.headers).get("Signature") };
      return fetch(target, init);
    },
  });
  await capture.authorize(body);
  const bytes = encodeForm(body);
  if (
    captured?.body !== bytes ||
    captured.signature !== createSigner({ apiKey: signingApiKey, privateKey }).headerFor(Buffer.from(bytes))
  ) {
    throw new Error("The raw request and the client's differ; the comparison would be unfair");
  }
}

function writeSection(results: Result[]): void {
  const lines = [
    `Run ${new Date().toISOString()} on ${machineLine(loadAtStart)}.`,
    "",
    `Sequential requests over a keep-alive connection to a local server in a child process; ${ROUNDS} rounds, each running ` +
      `${PER_ROUND} requests per side for every case (cases interleaved, sides alternating first), after ${PER_ROUND} warm-up ` +
      `requests each; the µs columns are medians of the rounds, the overheads medians of each round's client/raw ratio (the two ` +
      `sides of a round run back to back, so a burst of load on the shared machine shifts both). "Raw fetch" does the same ` +
      "work: the same bracket body and RSA-SHA256 signature (checked byte for byte before timing), the same headers, JSON " +
      "parsing, for the merchant the same template expansion and a bearer token, and on the rows with a timeout the same " +
      'abortable per-attempt timeout (an AbortController whose signal goes to fetch, and a timer; the rows "both without a ' +
      'timeout" run raw fetch with no signal against clients with `timeoutMs: 0`). The clients add their request ' +
      "preparation (route and headers from the generated constants, the signing-only check, the link lookup), " +
      "retry and rate-limit bookkeeping, and outcome or problem handling. CPU is this process's user + system time per request " +
      "(the server runs in another process). Goal: at most 10% overhead. On a shared 2-core machine repeated runs differ by " +
      "several percentage points; compare the absolute differences (tens of µs) too.",
    "",
    "| Request | raw fetch, wall µs | client, wall µs | wall overhead | raw fetch, CPU µs | client, CPU µs | CPU overhead |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...results
      .filter((r) => !r.reference)
      .map(
        (r) =>
          `| ${r.name} | ${r.raw.wall.toFixed(0)} | ${r.client.wall.toFixed(0)} | ${percent(r.overhead.wall)} | ` +
          `${r.raw.cpu.toFixed(0)} | ${r.client.cpu.toFixed(0)} | ${percent(r.overhead.cpu)} |`,
      ),
    "",
    ...timeoutNotes(results),
  ];
  recordBenchmark("bench:client", lines);
}

/**
 * What the per-attempt timeout costs, from the rows with and without it: an AbortController (a
 * transferable AbortSignal in Node 20) and a timer per attempt, and undici following that signal
 * (a listener, a WeakRef, a FinalizationRegistry entry per request). Raw fetch pays it too.
 */
function timeoutNotes(results: Result[]): string[] {
  const notes: string[] = [];
  // Medians of round-by-round differences: the figures of one round were measured seconds apart.
  const difference = (a: Sample[], b: Sample[], side: keyof Sample) =>
    String(Math.round(median(a.map((sample, round) => sample[side] - b[round]![side]))) + 0); // + 0: no "-0"
  const reference = results.find((r) => r.reference);
  if (reference) {
    const { raw, client } = reference.rounds;
    notes.push(
      `- An abortable timeout costs raw fetch itself ${difference(client, raw, "wall")} µs wall ` +
        `and ${difference(client, raw, "cpu")} µs CPU per GET /account (${percent(reference.overhead.cpu)} CPU; ` +
        "measured in the same rounds): creating the signal (transferable in Node 20) and undici following it (a listener, " +
        "a WeakRef and a FinalizationRegistry entry per request). A fetch cannot be aborted without a signal.",
    );
  }
  for (const timed of results) {
    const untimed = results.find((r) => r.name === timed.untimed);
    if (!untimed) continue;
    notes.push(
      `- ${timed.name.split(" (")[0]}: the timeout costs the client ${difference(timed.rounds.client, untimed.rounds.client, "cpu")} µs CPU ` +
        `and raw fetch ${difference(timed.rounds.raw, untimed.rounds.raw, "cpu")} µs CPU (each side's row with it minus its row without).`,
    );
  }
  return notes;
}

// What it measures runs in child processes: a signal stops them, and it exits 130 or 143 (src/testkit/serve/lifecycle.ts).
if (require.main === module) void new Lifecycle().run(main);
